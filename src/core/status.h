/*
 * status.h: a test's state at one copy count, and the words every writer and
 * reader spells it with, written once (status.c's table): the text, HTML and
 * Markdown reports print the word ("FAILED"), the run's JSON the key
 * ("failed"), compare's CSV and JSON the key "ok" or else the word, and
 * compare's report reader maps the word back.
 */
#ifndef SYSINDEX_CORE_STATUS_H
#define SYSINDEX_CORE_STATUS_H

#include <stddef.h>

/* Room for the words of why a test failed, was skipped or was not compared. */
#define REASON_MAX 256
/*
 * A sliced round (one process for every side, run/sliced.h) that failed:
 * the reason of each side that did not cause it starts with REASON_ROUND,
 * then the side that did ("sync failed (...)") or, when none can be told,
 * the round's own reason.  The reports name the side whose reason does not
 * start with it, or "the round" when every side's does.
 */
#define REASON_ROUND "the round: "
#define REASON_ROUND_WHO "the round"

enum test_status {
	TS_NOT_RUN = 0,         /* never started (interrupted before it) */
	TS_OK,
	TS_FAILED,
	TS_SKIPPED,
	TS_UNAVAILABLE,         /* its program is not built/installed */
	TS_COUNT
};

/* The reports' word: "OK", "FAILED", "SKIPPED", "N/A", "NOT RUN". */
const char *status_word(enum test_status s);
/* JSON's key: "ok", "failed", "skipped", "unavailable", "not_run". */
const char *status_key(enum test_status s);
/* The status whose report word is the len bytes at w; -1 if none. */
int status_parse_word(const char *w, size_t len, enum test_status *out);

#endif
