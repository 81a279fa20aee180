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
/*
 * A test a signal or a stopped setting cut short: its reason starts with
 * these words ("interrupted: 3 of 5 samples"); with valid samples it shows
 * their figure (result_partial), which the text reader reads as NOT RUN.
 */
#define REASON_INTERRUPTED "interrupted"
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

/*
 * A result's note (NOTE| from its program: "tmpfs", "buffered, tmpfs",
 * "engine=io_uring") says how the test was done.  Two sides of a paired
 * row whose notes differ did not do the same work (a tmpfs ignores the
 * O_DIRECT and fdatasync a disk test asks for), so the row gets no verdict
 * (NOTE_UNLIKE_VERDICT) and says in words what differed.
 */
int note_same_work(const char *a, const char *b);
/* The verdict cell of such a row (a "not compared: " cell the readers know). */
#define NOTE_UNLIKE_VERDICT "not compared: different work"
/*
 * What differed, in words: "the two sides did not do the same work: tmp is
 * tmpfs, which keeps the file in memory and ignores O_DIRECT and fdatasync".
 * la, lb: the sides' labels; na, nb: their notes.
 */
void note_difference(char *out, size_t len, const char *la, const char *na, const char *lb,
		     const char *nb);

#endif
