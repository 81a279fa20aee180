/*
 * testtab.h: THE test table.  Help output, group expansion, the runner, the
 * index and every report are derived from it; no other file lists tests.
 *
 * Adding a test program:
 *  1. write src/progs/<prog>.c over src/progs/lib/harness.h (COUNT/TIME/...
 *     lines on stderr, exit 0/1/2/3);
 *  2. add one row to test_table[] in testtab.c (name, title, program and
 *     arguments, seconds, sample class, unit, baseline, groups, flags);
 *  3. describe it in docs/methodology.md;
 *  4. run `make check`: the invariant tests fail until 1-3 agree.
 */
#ifndef SYSINDEX_TESTTAB_H
#define SYSINDEX_TESTTAB_H

#include <stddef.h>

/* UnixBench's iteration classes: long = 10 samples, short = 3. */
enum sample_class { SAMPLES_LONG, SAMPLES_SHORT };

enum test_group {
	G_INDEX = 1u << 0,      /* the 12 tests of the System Benchmarks Index */
	G_SYSTEM = 1u << 1,
	G_OLDSYSTEM = 1u << 2,
	G_ARITH = 1u << 3,
	G_FS = 1u << 4,
	G_SHELL = 1u << 5,
	G_MISC = 1u << 6,
	G_DHRY = 1u << 7,
	G_WHETS = 1u << 8,
	G_DISK = 1u << 9,       /* sysindex's disk tests: not indexed, not default */
	G_ALL = 1u << 30,       /* group mask only: every test but the disk group */
};

enum test_flags {
	TF_TESTDIR = 1u << 0,   /* writes files: run in the scratch dir, settle after */
	TF_SHELL = 1u << 1,     /* shell workload: --quick uses 5 s samples */
	TF_NEEDS_DC = 1u << 2,  /* skipped (not failed) when dc is missing */
	TF_NEEDS_CC = 1u << 3,  /* skipped when no C compiler is found */
	TF_DISK = 1u << 4,      /* needs the shared disk test file (--disk-size) */
	TF_PLACEMENT = 1u << 5, /* result depends on CPU placement (context1) */
	TF_GREPDATA = 1u << 6,  /* needs the generated large.txt in the scratch dir */
};

/* UnixBench's categories: each gets its own index table in a report. */
enum test_category { CAT_SYSTEM, CAT_MISC, CAT_DISK, CAT_COUNT };
extern const char *const category_title[CAT_COUNT];

#define TEST_MAX_ARGS 16

/*
 * Argument placeholders expanded by the runner:
 *   @SECS@   seconds per sample        @DIR@    the run's scratch directory
 *   @PGMS@   the test program folder    @FILE@   the shared disk test file
 *   @SIZE@   disk test file size in bytes
 *   @SETTLE@ fstime's settle seconds (0 in --quick mode)
 */
struct test_def {
	const char *name;        /* stable key, also the baseline key: "dhry2reg" */
	const char *title;       /* display name: "Dhrystone 2 using register variables" */
	const char *prog;        /* program in the pgms folder (or a system tool) */
	const char *args[TEST_MAX_ARGS]; /* NULL-terminated, placeholders above */
	const char *stdin_file;  /* file in pgms fed on stdin, or NULL */
	unsigned seconds;        /* seconds per sample (UnixBench's value) */
	enum sample_class samples;
	const char *unit;        /* "lps", "lpm", "KBps", "MWIPS", "MB/s", "IOPS" */
	double baseline;         /* index.base score (George); 0 = not indexed */
	unsigned groups;         /* enum test_group bits */
	unsigned flags;          /* enum test_flags bits */
};

extern const struct test_def test_table[];
extern const size_t test_table_len;

const struct test_def *test_find(const char *name);

/*
 * A group or alias name selects every test whose groups intersect its mask,
 * in table order (the table lists the index tests in UnixBench's run order).
 */
struct group_def {
	const char *name;
	unsigned mask;
	const char *help;
};
extern const struct group_def group_table[];
extern const size_t group_table_len;
const struct group_def *group_find(const char *name);
enum test_category test_category(const struct test_def *t);

/* Whether group g selects test t. */
int group_selects(const struct group_def *g, const struct test_def *t);

/*
 * Check the table's invariants (unique names, indexed tests have a baseline
 * every group selects at least one test).  Returns 0 or -1 with a
 * message naming the broken row.
 */
int testtab_validate(char *err, size_t errlen);

#endif
