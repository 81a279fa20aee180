/*
 * testtab.h: THE test table.  Help output, group expansion, the plan, the
 * runner, the index and every report are derived from it; no other file
 * lists tests or decides a test's behaviour by its name.
 *
 * Adding a test (one program, one row; a new unit or group one more row of
 * its table): the checklist is docs/adding-a-test.md, and
 * tests/unit/test_addtest.c proves it.
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
	G_MEM = 1u << 10,       /* STREAM kernels and memory latency: not indexed, not default */
	G_NET = 1u << 11,       /* iperf3/netperf-style network tests: not indexed, not default */
	G_ALL = 1u << 30,       /* group mask only: every test but those of sysindex's own
				 * groups (group_def.own: disk, memory, net) */
};

enum test_flags {
	TF_TESTDIR = 1u << 0,   /* writes files: run in the scratch dir, settle after */
	TF_SHELL = 1u << 1,     /* shell workload: --quick uses 5 s samples */
	TF_PLACEMENT = 1u << 2, /* result depends on CPU placement (context1) */
	TF_LOWER = 1u << 3,     /* the figure is a time (ns): lower is better, so the
	                         * UnixBench rule drops the highest third, not the lowest,
	                         * copies are averaged, and there is no scaling line */
	TF_CURVE = 1u << 4,     /* lat_<size> metrics form a curve: reports print it as
	                         * a table with the cache levels named, and chart it */
	TF_PEER = 1u << 5,      /* talks to --peer when one is given (else loopback) */
	TF_PAGE_CACHE = 1u << 6, /* its files stay in the page cache: it measures memory,
	                         * not the disk (the reports' File Copy note) */
	TF_TOGETHER = 1u << 7,  /* --order spread keeps its samples back to back
	                         * (run/schedule.h): for a test whose samples lean on
	                         * what the one before left (a cache, a file); no row
	                         * needs it today, as every sample is a fresh process
	                         * and the disk tests read with O_DIRECT */
	TF_SUSTAIN = 1u << 8,   /* --sustained runs it past a ramp until steady: one
	                         * sample of --sustained-max seconds, its @SUSTAIN@
	                         * the program's -R and -I (diskio.h) */
};

/*
 * Set-up a test needs before its first sample (src/run/testprep.c runs it;
 * a failure fails only that test).
 */
enum test_prep {
	PREP_NONE = 0,
	PREP_GREP_DATA,         /* large.txt in the scratch dir (src/run/grepdata.c) */
	PREP_DISK_FILE,         /* the shared disk test file (--disk-size), laid out
				 * once per run by pgms/disk-layout; one copy only */
};

/*
 * UnixBench's categories: each gets its own index table in a report.  One
 * row each: the enum, the key (the JSON's "category") and the title (the
 * reports' headings); category_key[] and category_title[] are its columns.
 */
#define CATEGORY_ROWS(X) \
	X(CAT_SYSTEM, "system", "System Benchmarks") \
	X(CAT_MISC, "misc", "Non-Index Benchmarks") \
	X(CAT_DISK, "disk", "Disk Benchmarks") \
	X(CAT_MEMORY, "memory", "Memory Benchmarks") \
	X(CAT_NET, "network", "Network Benchmarks")
#define CATEGORY_ENUM(e, key, title) e,
enum test_category { CATEGORY_ROWS(CATEGORY_ENUM) CAT_COUNT };
#undef CATEGORY_ENUM
extern const char *const category_key[CAT_COUNT];
extern const char *const category_title[CAT_COUNT];

#define TEST_MAX_ARGS 16

/*
 * The LANG every test program runs with: UnixBench's $language, set whether
 * or not the locale is installed.  Where it is not, sort, grep and the shell
 * fall back to the C locale, as they do under UnixBench; the report's
 * Language line shows which it was.
 */
#define TEST_LANG "en_US.utf8"

/*
 * Workloads (--compat): whose work the tests do.  The default is UnixBench
 * 6.0's; 5.1.3 differs in the syscall test, in the multi-copy file tests'
 * file names and in the shell loop (docs/unixbench-fidelity.md).
 */
enum workload { WL_UB60, WL_UB513, WL_COUNT };

/* --compat's values in enum order, NULL-terminated (the option's choices). */
extern const char *const workload_names[WL_COUNT + 1];
/* The report header's "Workload:" text of each. */
extern const char *const workload_tags[WL_COUNT];

/* What a test runs instead under an older workload. */
struct test_alt {
	const char *prog;        /* NULL: the row's program */
	const char *args[TEST_MAX_ARGS]; /* NULL-terminated, as the row's */
};

/*
 * Argument placeholders expanded by the runner:
 *   @SECS@   seconds per sample        @DIR@    the run's scratch directory
 *   @PGMS@   the test program folder    @FILE@   the shared disk test file
 *   @SIZE@   disk test file size in bytes
 *   @SETTLE@ fstime's settle seconds (0 in --quick mode)
 *   @MEMSIZE@ --mem-size in bytes (0: the program's 4 x LLC default)
 *   @COPIES@ copies running at once      @PEER@   --peer HOST[:PORT], or "-"
 *   @DIRS@   (a sliced row only) "-d DIR" for every directory of the round,
 *            in the round's order: two arguments each
 *   @SUSTAIN@ (a TF_SUSTAIN row) under --sustained "-R RAMP -I MS", four
 *            arguments; otherwise none
 */
/* @FILE@'s name in the run's scratch directory, the same in each test
 * directory of paired mode (a sliced disk row names it with -f). */
#define TEST_DISK_FILE "disktest.dat"

enum test_placeholder {
	PH_UNKNOWN = -2, /* "@...": no placeholder of the table (testtab_validate refuses it) */
	PH_LITERAL = -1, /* no '@': the argument as it is */
	PH_SECS, PH_DIR, PH_PGMS, PH_FILE, PH_SIZE, PH_SETTLE, PH_MEMSIZE, PH_COPIES,
	PH_PEER, PH_DIRS, PH_SUSTAIN,
	PH_COUNT
};
/* The placeholder's text ("@SECS@"); @PGMS@ is a prefix ("@PGMS@/file"). */
extern const char *const test_placeholders[PH_COUNT];
/* Which placeholder the whole argument arg is. */
enum test_placeholder test_placeholder(const char *arg);

/*
 * Paired mode's sliced sample (src/run/sliced.h): ONE process per round
 * measures every directory, alternating short slices of the timed work
 * across them (fstime -d A -d B), so the host's speed changes cancel inside
 * the sample; each directory gets its own result from it.  The plan needs
 * what such a round costs beyond the directories' own seconds.
 */
struct test_sliced {
	const char *args[TEST_MAX_ARGS]; /* NULL-terminated, placeholders above */
	double overhead_s;       /* wall seconds per round (start, shared settle) */
	double overhead_quick_s; /* the same under --quick */
	double dir_overhead_s;   /* wall seconds per directory (priming, settles) */
	double dir_overhead_quick_s;
};

struct test_def {
	const char *name;        /* stable key, also the baseline key: "dhry2reg" */
	const char *title;       /* display name: "Dhrystone 2 using register variables" */
	const char *prog;        /* program in the pgms folder */
	const char *args[TEST_MAX_ARGS]; /* NULL-terminated, placeholders above */
	unsigned seconds;        /* seconds per sample (UnixBench's value) */
	enum sample_class samples;
	const char *unit;        /* "lps", "lpm", "KBps", "MWIPS", "MB/s", "IOPS" */
	double baseline;         /* index.base score (George); 0 = not indexed */
	unsigned groups;         /* enum test_group bits */
	unsigned flags;          /* enum test_flags bits */

	/* Behaviour beyond the command line; zero/NULL = none. */
	double overhead_s;       /* wall seconds a sample takes beyond its duration
				  * (set-up inside the program), for the plan */
	double overhead_quick_s; /* the same under --quick */
	unsigned extra_grace_s;  /* pass timeout: seconds it runs past its duration
				  * outside --quick (fstime's own settle sleeps) */
	unsigned flush_grace_s;  /* pass timeout: added to the default --grace only
				  * (a final flush takes what the device needs) */
	const char *needs;       /* a tool looked up on PATH: missing = skipped */
	const char *needs_hint;  /* how to get it, shown in the skip reason */
	enum test_prep prep;     /* set-up before the first sample */
	unsigned procs;          /* processes a copy keeps busy at once (context1's two
				  * pipe partners); 0 means 1 */
	const char *placement_metric; /* METRIC with the share (0..1) of a copy's
				       * placement readings that found its
				       * processes on one CPU: the result's
				       * shared_cpu and the report's placement line
				       * (a name from core/metrics.h) */
	const struct test_alt *ub513; /* --compat 5.1.3: its program and arguments
				       * where its work differs; NULL: the same */
	const struct test_sliced *paired_sliced; /* paired mode: one process per
				       * round for every directory (test_sliced());
				       * NULL: one process per directory and round */
};

/* The program and the arguments of test t under workload w. */
const char *test_prog(const struct test_def *t, enum workload w);
const char *const *test_args(const struct test_def *t, enum workload w);
/*
 * The row's sliced paired sample under workload w, or NULL: none, or
 * --compat 5.1.3 (whose work stays 5.1.3's, one process per sample).
 */
const struct test_sliced *test_sliced(const struct test_def *t, enum workload w);
/*
 * Whether paired mode (ndirs >= 2) runs t interleaved in every directory:
 * it uses the test directory (TF_TESTDIR), or --control asks for the A/A
 * check.  Otherwise t runs once, in the baseline directory.  The runner
 * (plan_paired) and the reports ask the same question here.
 */
int test_interleaved(const struct test_def *t, size_t ndirs, int control);

extern const struct test_def test_table[];
extern const size_t test_table_len;

const struct test_def *test_find(const char *name);
/* By display name, as reports print it (compare reads reports back). */
const struct test_def *test_find_title(const char *title);

/*
 * A group or alias name selects every test whose groups intersect its mask,
 * in table order (the table lists the index tests in UnixBench's run order).
 */
struct group_def {
	const char *name;
	unsigned mask;
	int own;                /* sysindex's own, not UnixBench's: outside "all", and
				 * the text report lists its tests' metrics */
	const char *help;
};
extern const struct group_def group_table[];
extern const size_t group_table_len;
const struct group_def *group_find(const char *name);
enum test_category test_category(const struct test_def *t);

/* Whether group g selects test t. */
int group_selects(const struct group_def *g, const struct test_def *t);
/* Whether t is in a group of sysindex's own (group_def.own). */
int test_is_own(const struct test_def *t);
/*
 * UnixBench 6.0's rule for a kept sample that counted zero: it weighs as a
 * rate of 1 in the score's geometric mean.  It belongs to the tests an index
 * is computed from (a baseline in the table), whose index it keeps defined;
 * any other test's score is then 0, never a figure no sample measured.
 */
int test_zero_as_one(const struct test_def *t);

/*
 * How many copies of t the online CPUs hold before the copies' own
 * processes queue for a CPU (online / procs, at least 1): above it they wait
 * for each other, which is the test, not interference (intf_flags).
 */
unsigned test_copy_slots(const struct test_def *t, unsigned online);

/* The tables checked together: the real ones (testtab_real()) or a fixture. */
struct unit_def;
struct testtab {
	const struct test_def *tests;
	size_t ntests;
	const struct group_def *groups;
	size_t ngroups;
	const struct unit_def *units;   /* core/units.h */
	size_t nunits;
};
struct testtab testtab_real(void);
/* group_selects over tab's groups ("all" leaves out tab's own groups). */
int testtab_group_selects(const struct testtab *tab, const struct group_def *g,
			  const struct test_def *t);

/*
 * Check the tables' invariants: unique names, indexed tests have a
 * baseline, each row's unit is in the units table with TF_LOWER as its
 * direction, each row's group bits are rows of the group table, every
 * group selects at least one test.  Returns 0 or -1 with a message naming
 * the broken row.
 */
int testtab_check(const struct testtab *tab, char *err, size_t errlen);
/* testtab_check over the real tables. */
int testtab_validate(char *err, size_t errlen);
/* Check 1 of testtab_validate: every argument of t is text or a placeholder. */
int test_args_validate(const struct test_def *t, char *err, size_t errlen);

#endif
