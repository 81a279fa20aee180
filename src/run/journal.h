/*
 * journal.h: the run's sample journal written as it goes (<base>.journal;
 * the format, and its reader: reader/journal_read.h), and --resume's
 * replay of the samples an interrupted run left in it.
 *
 * Each finished sample is one line, written with one write() and flushed
 * to the disk (fdatasync) before the next sample starts, so a run killed
 * at any moment loses at most the sample in flight.  The file is locked
 * (flock) while a run writes it: a second --resume of a live run is
 * refused.
 */
#ifndef SYSINDEX_JOURNAL_H
#define SYSINDEX_JOURNAL_H

#include <stddef.h>

#include "core/result.h"
#include "reader/journal_read.h"

#define JOURNAL_ALL_DIRS (-1)   /* a sliced pass: every directory at once */

struct journal_out {
	int fd;                 /* -1: no journal (writes are no-ops) */
	int failed;             /* a write failed: said once, the run goes on */
	struct journal *replay; /* --resume: the samples to give back, in order; NULL */
	size_t next;            /* the next of them */
	size_t redo;            /* samples measured again after the replay left the plan */
};

/* The build's identity: the version and a hash of the running driver's file. */
void journal_build_id(char *out, size_t len);

/*
 * A new journal at path holding h's header (its args, host, build, test
 * dir, base, seed, start): 0, or -1 with err (one line).
 */
int journal_create(struct journal_out *jo, const char *path, const struct journal *h,
		   char *err, size_t errlen);

/*
 * --resume: the journal at path, already read into j, locked and opened
 * to append after its last whole sample (a torn last line or an end line
 * cut off); refused if it changed since j was read.  Replays j's samples
 * (jo->replay = j; j stays the caller's).  0, or -1 with err.
 */
int journal_reopen(struct journal_out *jo, const char *path, struct journal *j,
		   char *err, size_t errlen);

/*
 * --resume: the next sample of test t at this copy count, if the journal
 * holds it: pr filled (its copies allocated), *wall its duration, 1.  0:
 * measure it (no sample left; or the plan went another way, when the
 * journal is cut back to the samples replayed so far and the rest are
 * measured again).
 */
int journal_replay(struct journal_out *jo, const struct test_def *t, unsigned copies,
		   struct pass_result *pr, double *wall);

/* Whether samples are still waiting to be replayed (no settle before them). */
int journal_replaying(const struct journal_out *jo);

/* One finished sample (dir: paired mode's directory, JOURNAL_ALL_DIRS, else 0). */
void journal_sample(struct journal_out *jo, unsigned copies, int dir, const struct test_def *t,
		    const char *label, double wall, const struct pass_result *pr);

/* The run's end line: sig 0 "complete", else "interrupted" with the signal. */
void journal_end(struct journal_out *jo, int sig);

void journal_close(struct journal_out *jo);

#endif
