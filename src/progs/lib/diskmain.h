/*
 * diskmain.h: the one main of the disk test programs (seqwrite-dsync,
 * seqwrite-fdatasync, seqread-direct, fsync-4k, randrw-4k-qd64,
 * randread-4k-qd1).  A program is a table entry: its name, usage line and
 * options, and callbacks over its own state (its struct run).  The state is
 * allocated zeroed by diskio_main(), which runs:
 *
 *   parse the options (diskio_parse), setup, harness_arm(-t), loop, finish,
 *   report, cleanup
 *
 * The measured loop is the program's own code; diskio_main() only arms the
 * alarm that sets harness_stop, which is the loop's one stop condition.
 */
#ifndef SYSINDEX_DISKMAIN_H
#define SYSINDEX_DISKMAIN_H

#include <stddef.h>

#include "diskio.h"

struct diskio_prog {
	const char *name;
	const char *usage;
	unsigned allowed;       /* DISKIO_OPT_* beyond -t -f -s -l */
	unsigned default_depth; /* -q's default (1 where -q is refused) */
	size_t state_size;      /* bytes of the program's state */
	/* Prepare the state for the file o->file: buffers, open, NOTE line. */
	void (*setup)(void *st, const struct diskio_opts *o);
	/* The measured loop: runs until harness_stop, keeps its own time. */
	void (*loop)(void *st);
	/* After the loop: drain what is in flight, close the file. */
	void (*finish)(void *st);
	/* stdout chatter and the COUNT, TIME and METRIC lines. */
	void (*report)(const void *st);
	/* Free what setup allocated (NULL: nothing). */
	void (*cleanup)(void *st);
};

/* Run the program p with its command line; returns main's exit code. */
int diskio_main(const struct diskio_prog *p, int argc, char **argv);

/* Close the test file f, named path: ERROR and exit 1 on failure. */
void diskio_close(const struct diskio_file *f, const char *path);

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
 * finish, report and cleanup, and its main().
 */
#define DISKIO_PROGRAM(name_, usage_, allowed_, depth_) \
	static const struct diskio_prog prog = { \
		.name = name_, .usage = usage_, .allowed = allowed_, \
		.default_depth = depth_, .state_size = sizeof(struct run), \
		.setup = setup, .loop = loop, .finish = finish, \
		.report = report, .cleanup = cleanup, \
	}; \
	int main(int argc, char **argv) { return diskio_main(&prog, argc, argv); }

#endif
