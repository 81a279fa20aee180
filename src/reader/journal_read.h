/*
 * journal_read.h: a run's sample journal (<base>.journal, docs/results.md)
 * read back.  The run appends one line per finished sample (run/journal.c)
 * and flushes it to the disk, so a run killed at any moment leaves every
 * sample but the one in flight; `./Run --resume` replays them, `compare`
 * reads them as a partial run (journal_to_run).
 *
 * The file is JSON Lines: a header line first (the run's options as
 * typed, host and build identity, test dir, the --repeat seed), then one
 * line per sample (its copy count, directory, test, wall time and the
 * sample itself exactly as the record writes it: reader/record_read.c
 * reads it with the record's own table), and at most one end line the run
 * writes when it stops by itself ("complete") or after a signal whose
 * report it wrote ("interrupted").  A last line without its newline (the
 * sample in flight when the run was killed) is dropped; any other line
 * that does not read is refused in one line naming it.
 */
#ifndef SYSINDEX_JOURNAL_READ_H
#define SYSINDEX_JOURNAL_READ_H

#include <stddef.h>
#include <time.h>

#include "core/result.h"

#define JOURNAL_VERSION 1
#define JOURNAL_EXT ".journal"
#define JOURNAL_MAX_ARGS 256
#define JOURNAL_MAX_BYTES (256u << 20)
#define JOURNAL_BUILD_MAX 64

/* The line prefixes the writer puts first (run/journal.c) and the reader tells lines apart by. */
#define JOURNAL_HEAD_KEY "{\"journal\":"
#define JOURNAL_SAMPLE_KEY "{\"copies\":"
#define JOURNAL_END_KEY "{\"end\":"

enum journal_end { JOURNAL_OPEN, JOURNAL_COMPLETE, JOURNAL_INTERRUPTED };

struct journal_sample {
	unsigned copies;
	size_t dir;             /* paired mode: the directory; 0 otherwise */
	int all_dirs;           /* paired mode: one pass measured every directory (sliced) */
	char test[32];
	const struct test_def *def;
	double wall;            /* seconds the sample took, its settle included */
	size_t end;             /* byte offset just after its line */
	struct pass_result pass;
};

/*
 * A paired or settings run's header member "paired": what the model of
 * its samples needs beyond them (the directories' or settings' labels,
 * the baseline first, and how the run judged its rows).
 */
struct journal_paired {
	size_t ndirs;           /* 0: not a paired run (a journal without the member) */
	char label[MAX_TESTDIRS][TESTDIR_LABEL_MAX];
	int settings;           /* settings mode: the labels are settings of one test dir */
	int control;            /* --control */
	int instance_set;       /* --instance-sd given (run_result.instance_set) */
	double instance_sd;     /* run_result.instance_sd */
	double margin;          /* the verdicts' margin (a fraction) */
	double precision;       /* --precision's target (a fraction), 0 none */
};

struct journal {
	unsigned version;
	char generator[32];     /* "sysindex 0.1.0" */
	char build[JOURNAL_BUILD_MAX];   /* the build's identity (run/journal.c) */
	char hostname[128];
	char host_id[32], virt[32], cpu_model[128], kernel[128];
	char cc_version[160], bench_cflags[160];   /* how the test programs were built */
	char mode[160];         /* the report's mode line ("custom (-i 8, ...)") */
	char testdir[4096];     /* the test dir, resolved */
	char base[256];         /* the run's base name in its results folder */
	unsigned long long seed;/* --repeat's orders */
	time_t start;
	struct journal_paired paired;   /* paired or settings mode, else ndirs 0 */
	char *args[JOURNAL_MAX_ARGS];   /* the options and tests as typed */
	size_t nargs;
	struct journal_sample *samples;
	size_t nsamples, cap;
	enum journal_end end;
	int signal;             /* JOURNAL_INTERRUPTED: which */
	size_t head_end;        /* byte offset after the header line */
	size_t valid;           /* bytes up to the last sample line (resume truncates there) */
	int torn;               /* the last line had no newline: dropped */
};

/*
 * Read a journal (j zeroed first; journal_free gives it back): 0, or -1
 * with err = "name: line N: message" (one line) and j empty.
 */
int journal_read_buffer(const char *name, const char *buf, size_t len, struct journal *j,
			char *err, size_t errlen);
int journal_read_file(const char *path, struct journal *j, char *err, size_t errlen);
void journal_free(struct journal *j);

/*
 * The run so far as the model (for compare): a copy run per copy count in
 * the order met, each test's samples in order, scored as a run's; a test
 * whose samples the journal holds is complete only if the run went past
 * it.  The run is marked interrupted.  0, or -1 with err (one line).
 */
int journal_to_run(const struct journal *j, struct run_result *r, char *err, size_t errlen);

#endif
