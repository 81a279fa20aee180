/* status.c: the status words, both directions. */
#include "core/status.h"

#include <string.h>

static const struct {
	const char *word;       /* reports */
	const char *key;        /* JSON, CSV */
} words[TS_COUNT] = {
	[TS_NOT_RUN] = { "NOT RUN", "not_run" },
	[TS_OK] = { "OK", "ok" },
	[TS_FAILED] = { "FAILED", "failed" },
	[TS_SKIPPED] = { "SKIPPED", "skipped" },
	[TS_UNAVAILABLE] = { "N/A", "unavailable" },
};

/* Anything outside the enum reads as never run, as the writers always did. */
static enum test_status known(enum test_status s)
{
	return (unsigned)s < TS_COUNT ? s : TS_NOT_RUN;
}

const char *status_word(enum test_status s)
{
	return words[known(s)].word;
}

const char *status_key(enum test_status s)
{
	return words[known(s)].key;
}

int status_parse_word(const char *w, size_t len, enum test_status *out)
{
	for (int s = 0; s < TS_COUNT; s++)
		if (strlen(words[s].word) == len && memcmp(words[s].word, w, len) == 0) {
			*out = (enum test_status)s;
			return 0;
		}
	return -1;
}
