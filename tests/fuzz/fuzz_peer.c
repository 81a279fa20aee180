/*
 * fuzz_peer.c: libFuzzer entry point for what the client reads from a peer
 * and believes of it (src/shared/netcli.c; see tests/fuzz/README.md).  Two
 * passes over each input:
 *   1. every line through net_parse_result() from its own heap block, and a
 *      parsed result through net_result_implausible() against a few things
 *      the client knows;
 *   2. the client's whole reader (issue 41): a fake server thread on
 *      127.0.0.1 answers each line the client sends with the input's next
 *      line ("@" after a leading "OK " becomes the port of a data socket it
 *      listens on, so the fuzzer reaches past the handshake), then closes.
 *      The client runs what a stream test runs: net_client_open() (the
 *      greeting's answer), net_client_test() (the data port and cookie),
 *      net_client_data(), net_client_done() (the RESULT), net_client_close().
 * Besides the sanitizers it checks the reader's promises: a parsed result
 * has a finite time that is not negative, and one the plausibility check
 * passes fits the test's cap and what was sent; every reason is one
 * terminated line in which no peer byte is a control character; a result
 * the client accepted fits the test's cap.  Only 127.0.0.1 is used.
 */
#include <math.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "shared/netcli.h"

#define TEST_SECONDS 2

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct fake {
	int lfd, dfd;                /* control and data listeners */
	unsigned dport;
	const uint8_t *data;
	size_t size;
};

static void require(int ok)
{
	if (!ok)
		abort();
}

/* A listener on 127.0.0.1, its port in *port. */
static int listener(unsigned *port)
{
	struct sockaddr_in sa = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t sl = sizeof(sa);
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

	require(fd >= 0 && bind(fd, (struct sockaddr *)&sa, sizeof(sa)) == 0 &&
		listen(fd, 4) == 0 && getsockname(fd, (struct sockaddr *)&sa, &sl) == 0);
	*port = ntohs(sa.sin_port);
	return fd;
}

/* The fake server: one input line for each line the client sends, then EOF. */
static void *serve(void *arg)
{
	const struct fake *f = arg;
	const char *p = (const char *)f->data, *end = p + f->size;
	char heard[NET_LINE_MAX], out[NET_LINE_MAX + 16];
	int fd;

	if (net_wait(f->lfd, POLLIN, 2000) != 1 || (fd = accept(f->lfd, NULL, NULL)) < 0)
		return NULL;
	while (p < end && net_readline(fd, heard, sizeof(heard), 100) > 0) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		int n;

		if (len >= 4 && memcmp(p, "OK @", 4) == 0)
			n = snprintf(out, sizeof(out), "OK %u%.*s\n", f->dport,
				     (int)(len > 200 ? 196 : len - 4), p + 4);
		else
			n = snprintf(out, sizeof(out), "%.*s\n", (int)(len > 300 ? 300 : len), p);
		if (n > 0 && net_writeall(fd, out, (size_t)n) != 0)
			break;
		p += len + 1;
	}
	close(fd);
	return NULL;
}

/* A reason: one terminated line, no control byte (peer text is made safe). */
static void check_reason(const char *err, size_t len)
{
	const char *nul = memchr(err, '\0', len);

	require(nul != NULL);
	for (const char *c = err; c < nul; c++)
		require((unsigned char)*c >= 0x20 && *c != 0x7f);
}

static void client(unsigned port)
{
	struct net_client c;
	struct net_result r;
	char peer[32], err[512];
	int fd;

	snprintf(peer, sizeof(peer), "127.0.0.1:%u", port);
	memset(err, 'x', sizeof(err));
	if (net_client_open(&c, peer, err, sizeof(err)) != 0 ||
	    net_client_test(&c, NK_STREAM, TEST_SECONDS, 1, err, sizeof(err)) != 0) {
		check_reason(err, sizeof(err));
		net_client_close(&c);
		return;
	}
	require(c.data_port >= 1 && c.data_port <= 65535);   /* never a wrapped number */
	fd = net_client_data(&c, SOCK_STREAM, 1, err, sizeof(err));
	if (fd >= 0)
		close(fd);
	else
		check_reason(err, sizeof(err));
	memset(err, 'x', sizeof(err));
	if (net_client_done(&c, &r, err, sizeof(err)) == 0)
		require(isfinite(r.seconds) && r.seconds >= 0 &&
			r.seconds <= TEST_SECONDS + NET_GRACE_S);
	else
		check_reason(err, sizeof(err));
	net_client_close(&c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data, *end = p + size;
	struct fake f = { -1, -1, 0, data, size };
	unsigned port;
	pthread_t t;

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
	if (size > 4096)
		return 0;   /* four rounds of lines of at most NET_LINE_MAX: more says nothing new */
	setenv(NET_PEER_ENV, "t0ken", 1);
	f.lfd = listener(&port);
	f.dfd = listener(&f.dport);
	require(pthread_create(&t, NULL, serve, &f) == 0);
	client(port);
	pthread_join(t, NULL);
	close(f.lfd);
	close(f.dfd);
	return 0;
}
