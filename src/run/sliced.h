/*
 * sliced.h: paired mode's sliced samples (pure).  A test row with a
 * paired_sliced entry (testtab.h) runs ONE process per round for every
 * directory: its command names the directories in the round's order
 * (@DIRS@), it alternates short slices of its timed work across them, and it
 * reports one COUNT (and TIME) per directory index (COUNT|...|i, see
 * src/progs/lib/harness.h).  The driver splits that one pass into one pass
 * per directory, which then go where a per-directory sample would have gone
 * (round, slot), so the statistics and every writer read them unchanged.
 */
#ifndef SYSINDEX_SLICED_H
#define SYSINDEX_SLICED_H

#include <stddef.h>

#include "core/result.h"

/*
 * Directory i's pass (i: its place on the command line, from 0) out of the
 * round's one pass 'all': every copy's COUNT and TIME for i (its elapsed
 * time where it gave no TIME for i) and NOTE for i (where it gave one); not
 * ok when 'all' is not, or when a copy gave no result for i (the reason
 * says so).  A process given one
 * directory (the others skipped) reports as usual: its plain COUNT and
 * TIME are directory 0's.  out->copies is
 * allocated (free it as any pass's).  0, or -1 when out of memory.
 */
int sliced_split(const struct pass_result *all, size_t i, struct pass_result *out);

/*
 * A failed round (all->ok 0) of n sides: which side caused it.  A side is
 * told apart when every copy printed its result and another side's did not
 * (say, the process was killed, or failed, after one side's work was done
 * and printed): the first side that lacks a result, from 0.  -1 when it
 * cannot be told (every side lacks one, or none does: one process measured
 * them all and failed as a whole, a timeout while slicing them).  With
 * one side (the others no longer measured): 0.  The other sides' reasons
 * then start with REASON_ROUND (core/status.h).
 */
int sliced_culprit(const struct pass_result *all, size_t n);

/*
 * Wall seconds the program of one round takes for ndirs directories with
 * secs seconds each (quick: --quick's overheads): the row's overheads plus
 * ndirs x (secs + its per-directory overhead).  The driver's settle and
 * the start of the process are not in it.
 */
double sliced_round_seconds(const struct test_sliced *sl, int quick, unsigned secs,
			    size_t ndirs);

#endif
