/*
 * fuzz_peer.c: libFuzzer entry point for what the client believes of a peer
 * (src/shared/netcli.c; see tests/fuzz/README.md): every line of the
 * input goes through net_parse_result() from its own heap block, and a
 * parsed result through net_result_implausible() against a few things the
 * client knows.  It checks the parser's promises: a parsed result has a
 * finite time that is not negative, and one the plausibility check passes
 * fits the test's cap and what was sent.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "shared/netcli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(int ok)
{
	if (!ok)
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data, *end = p + size;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char *line = malloc(len + 1);
		struct net_result r;

		require(line != NULL);
		memcpy(line, p, len);
		line[len] = '\0';
		if (net_parse_result(line, &r) == 0) {
			require(isfinite(r.seconds) && r.seconds >= 0);
			if (net_result_implausible(&r, 10, 1000000, 10.0) == NULL)
				require(r.seconds <= 10 + NET_GRACE_S && r.bytes <= 1000000 &&
					(r.bytes == 0 || r.seconds >= 5.0));
		}
		free(line);
		p += len + 1;
	}
	return 0;
}
