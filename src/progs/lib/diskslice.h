/*
 * diskslice.h: a disk program's sliced sample (pure): which directory's
 * slice comes next, how long it is, and each directory's tally.
 *
 * Paired mode gives a disk program several directories (-d A -d B, the test
 * file in each).  It runs its measured loop on one directory at a time, in
 * slices: cycle c visits the directories still short of their time in
 * Williams row c (A B, B A, A B, ...: williams.h), so that neither always
 * follows the other.  A directory is done once its measured seconds reach
 * the target (-t); its slices are the slice length, the last one cut to the
 * time it still needs.  Each directory adds up its own work (in the COUNT's
 * unit: MB or I/Os) and its own measured seconds.
 */
#ifndef SYSINDEX_DISKSLICE_H
#define SYSINDEX_DISKSLICE_H

#include <stddef.h>

#include "core/protocol.h"      /* PROTOCOL_MAX_DIRS */

/* As many directories as a COUNT line may name (= the driver's MAX_TESTDIRS). */
#define DISKSLICE_MAX_DIRS PROTOCOL_MAX_DIRS

struct diskslice_dir {
	double amount;          /* work done, in the COUNT's unit (MB, I/Os) */
	double seconds;         /* the loop's own measured time */
	unsigned slices;
	double longest;         /* the longest slice's seconds */
};

struct diskslice {
	size_t n;               /* directories */
	double target;          /* seconds each directory needs */
	unsigned slice_ms;
	size_t cycle, pos;      /* the current cycle and place in its row */
	size_t row[DISKSLICE_MAX_DIRS];
	struct diskslice_dir dir[DISKSLICE_MAX_DIRS];
};

/* n directories (1..DISKSLICE_MAX_DIRS), target seconds each, slices of
 * slice_ms (at least 1). */
void diskslice_init(struct diskslice *s, size_t n, double target, unsigned slice_ms);

/*
 * The next slice: its directory (n when every directory has its time) and
 * its length in milliseconds (*ms, 1..slice_ms).
 */
size_t diskslice_next(struct diskslice *s, unsigned *ms);

/* Directory d's slice just run: amount of work in seconds. */
void diskslice_add(struct diskslice *s, size_t d, double amount, double seconds);

/* Directory d's rate: amount per second (0 before any time). */
double diskslice_rate(const struct diskslice *s, size_t d);

#endif
