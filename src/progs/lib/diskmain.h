/*
 * diskmain.h: the one main of the disk test programs (seqwrite-dsync,
 * seqwrite-fdatasync, seqread-direct, fsync-4k, randrw-4k-qd64,
 * randread-4k-qd1).  A program is a table entry: its name, usage line and
 * options, and callbacks over its own state (its struct run).  The state is
 * allocated zeroed by diskio_main(), which runs:
 *
 *   parse the options (diskio_parse), setup, harness_arm(-t), loop, drain,
 *   finish, report, cleanup
 *
 * Several -d (paired mode's sliced sample, diskslice.h): one state per
 * directory, set up for the file <dir>/<-f name>; then slices in turn across
 * the directories until each has its -t seconds: slice_begin, harness_arm_ms
 * (the slice), loop, harness_disarm, drain, tally; then finish and cleanup
 * of each, and per directory i the stdout line and COUNT|<rate>|0|<unit>|i
 * and TIME|<seconds>|i (no METRIC lines: the driver would give each one to
 * every directory).
 *
 * The measured loop is the program's own code; diskio_main() only arms the
 * alarm that sets harness_stop, which is the loop's one stop condition,
 * whether it ends the sample or a slice.
 */
#ifndef SYSINDEX_DISKMAIN_H
#define SYSINDEX_DISKMAIN_H

#include <stddef.h>

#include "diskio.h"

struct diskio_prog {
	const char *name;
	const char *usage;
	unsigned allowed;       /* DISKIO_OPT_* beyond -t -f -s -l -d -S */
	unsigned default_depth; /* -q's default (1 where -q is refused) */
	const char *unit;       /* the COUNT's unit: "MB/s", "IOPS" */
	size_t state_size;      /* bytes of the program's state */
	/* Prepare the state for the file o->file: buffers, open, NOTE line. */
	void (*setup)(void *st, const struct diskio_opts *o);
	/* The measured loop: runs until harness_stop, keeps its own time. */
	void (*loop)(void *st);
	/* After each loop: let what is still in flight finish, uncounted
	 * (NULL: nothing is). */
	void (*drain)(void *st);
	/* Close the file (and what setup opened) after the last loop. */
	void (*finish)(void *st);
	/* stdout chatter and the COUNT, TIME and METRIC lines. */
	void (*report)(const void *st);
	/* Free what setup allocated (NULL: nothing). */
	void (*cleanup)(void *st);
	/* A sliced sample: before each slice (outside its time), and after it
	 * the slice's work in the COUNT's unit (MB, I/Os) and the loop's
	 * measured seconds. */
	void (*slice_begin)(void *st);
	void (*tally)(const void *st, double *amount, double *seconds);
};

/* Run the program p with its command line; returns main's exit code. */
int diskio_main(const struct diskio_prog *p, int argc, char **argv);

/* Close the test file f, named path: ERROR and exit 1 on failure. */
void diskio_close(const struct diskio_file *f, const char *path);

/* ftruncate the test file f, named path, to 0: ERROR and exit 1 on failure. */
void diskio_truncate(const struct diskio_file *f, const char *path);

/*
 * What most programs write alike, over their struct run with the members f
 * (the open test file), path (its name) and buf (the I/O buffer):
 * loop() calling the measured loop fn(struct run *), finish() closing f,
 * cleanup() freeing buf.
 */
#define DISKIO_PLAIN_CALLBACKS(fn) \
	static void loop(void *st) { fn(st); } \
	static void finish(void *st) \
	{ \
		struct run *r_ = st; \
		diskio_close(&r_->f, r_->path); \
	} \
	static void cleanup(void *st) { free(((struct run *)st)->buf); }

/*
 * The table entry of a program whose callbacks are named setup, loop,
 * finish, report, cleanup, slice_begin and tally (drain_: its drain or
 * NULL), and its main().
 */
#define DISKIO_PROGRAM(name_, usage_, allowed_, depth_, unit_, drain_) \
	static const struct diskio_prog prog = { \
		.name = (name_), .usage = (usage_), .allowed = (allowed_), \
		.default_depth = (depth_), .unit = (unit_), \
		.state_size = sizeof(struct run), .setup = setup, .loop = loop, \
		.drain = (drain_), .finish = finish, .report = report, \
		.cleanup = cleanup, .slice_begin = slice_begin, .tally = tally, \
	}; \
	int main(int argc, char **argv) { return diskio_main(&prog, argc, argv); }

#endif
