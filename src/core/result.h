/*
 * result.h: the one result structure.  The runner fills it, the statistics
 * and index code complete it, and every writer (text, JSON, CSV, HTML,
 * Markdown, charts) only reads it.  Writers never take the time, the host
 * name or anything else from the machine: it is all in here, so golden-file
 * tests are deterministic.
 */
#ifndef SYSINDEX_RESULT_H
#define SYSINDEX_RESULT_H

#include <stddef.h>
#include <time.h>

#include "core/import.h"
#include "core/protocol.h"
#include "core/settings.h"
#include "core/status.h"
#include "core/testdirs.h"
#include "core/testtab.h"
#include "stats/hostfactor.h"
#include "stats/paired.h"
#include "stats/randeff.h"
#include "stats/stats.h"
#include "sysinfo/interference.h"
#include "sysinfo/mountinfo.h"
#include "sysinfo/sysinfo.h"

#define MAX_REPEAT 50           /* --repeat: the most passes */

#define MAX_METRICS 24

/*
 * The run's record (its JSON, report_json.c) and its reader
 * (reader/record_read.c): the schema version written, and the oldest one
 * read.  Version 2 added what the model needs to be read back whole.
 */
#define RECORD_SCHEMA 2
/* A run's --label, with its NUL. */
#define RUN_LABEL_MAX 64
#define RECORD_SCHEMA_OLDEST 1

/* An extra figure a program reported (METRIC|name|value|unit[|combine]). */
struct metric {
	char name[32];
	char unit[16];
	double value;
	enum metric_combine combine; /* how a pass's copies combine it */
};

/* What one copy of a test program did in one pass. */
struct copy_result {
	int ok;                 /* a usable COUNT and exit status 0 */
	double count;           /* the (last) COUNT value */
	int timebase;           /* COUNT's timebase: 0 = count is a rate */
	double time;            /* TIME if reported, else -1 */
	double elapsed;         /* wall time measured by the driver, s */
	int wait_status;        /* raw waitpid status, -1 if never reaped */
	int cpu;                /* CPU it last ran on, -1 unknown */
	double started;         /* START: monotonic s its work began, -1 unknown */
	struct metric metrics[MAX_METRICS];
	size_t nmetrics;
	char note[64];          /* NOTE| text, e.g. "buffered" */
	/* A program measuring several directories at once (COUNT|...|i). */
	unsigned dir_seen;      /* bit i: a COUNT for directory i */
	double dir_count[PROTOCOL_MAX_DIRS];
	double dir_time[PROTOCOL_MAX_DIRS];   /* TIME|s|i, else -1 */
	char dir_note[PROTOCOL_MAX_DIRS][64]; /* NOTE|text|i, else "" */
};
_Static_assert(PROTOCOL_MAX_DIRS == MAX_TESTDIRS, "a COUNT line can name every test dir");

/* One interval of a --sustained sample: the program's INTERVAL line. */
struct series_pt {
	double t;               /* s since the work began, at the interval's end */
	double rate;            /* in the test's unit */
	double io_us;           /* mean time per I/O, us */
};

/* One pass (sample) of a test with C copies. */
struct pass_result {
	int ok;                 /* every copy ok */
	int skipped;            /* a copy said SKIP (exit 3) */
	double count;           /* sum of the copies' counts */
	double time;            /* mean over copies of TIME or elapsed */
	double rate;            /* count / (time / timebase), or count */
	int dropped;            /* dropped by UnixBench's lowest-third rule */
	int excluded;           /* --exclude-disturbed: flagged, left out of everything */
	char reason[REASON_MAX];/* why it failed or was skipped */
	double start_spread;    /* s between the first and last copy's START; -1 unknown */
	unsigned round;         /* paired mode: the round (from 1); 0 otherwise */
	unsigned slot;          /* paired mode: its place in the round's order (from 1) */
	unsigned repeat_pass;   /* --repeat: the run's pass it belongs to (from 1); 0 otherwise */
	double at;              /* s from the run's start to this sample's start; -1 unknown */
	struct intf_sample intf;/* what the kernel counted around it (have 0: nothing) */
	struct copy_result *copies;
	size_t ncopies;
	struct series_pt *series; /* --sustained: the first copy's intervals (malloc'd) */
	size_t nseries;
};

/* One test at one copy count. */
struct bench_result {
	const struct test_def *def;
	enum test_status status;
	char reason[REASON_MAX];
	char note[64];          /* label shown next to the unit, e.g. "buffered" */
	char command[512];      /* the expanded command line, for the log/JSON */
	unsigned seconds;       /* seconds per sample actually used */
	struct pass_result *passes;
	size_t npasses;
	/* UnixBench's figures (kept passes). */
	double score;           /* geometric mean of the kept rates */
	double time;            /* mean time of the kept passes */
	size_t kept;
	size_t excluded;        /* --exclude-disturbed: passes left out */
	size_t flagged_kept;    /* --exclude-disturbed: every pass flagged, so none left out */
	double score_all;       /* --exclude-disturbed: the result with the flagged passes too */
	/* sysindex's statistics over the valid passes' rates. */
	struct summary stats;
	/* Metrics averaged over valid passes (copies combined as each declares). */
	struct metric metrics[MAX_METRICS];
	size_t nmetrics;
	double index;           /* 10 * score / baseline; 0 if not indexed */
	int shared_cpu;         /* context1: 1 shared, 0 not, -1 unknown/mixed */
	int capped;             /* --precision: stopped at a cap, precision not reached */
	double scaling;         /* N-copy score / (N x 1-copy score); 0 unknown */
};

/* One category's index table at one copy count (UnixBench's indexResults). */
struct cat_index {
	int any_results;        /* some test of the category has a result */
	size_t nindexed;        /* tests with a baseline that produced a result */
	size_t nbaseline;       /* tests of the category that have a baseline */
	int partial;            /* nindexed < nbaseline: "Partial Index" */
	double score;           /* 10 * geometric mean of result/baseline; 0 if none */
};

/* Every test at one copy count. */
/* An index score's 95% interval (score/score_ci.h computes it). */
struct score_ci {
	int ok;                 /* 1: lo/hi hold the interval */
	double score;           /* the index score it belongs to */
	double log_se, df;      /* SE of log(score), Welch-Satterthwaite df */
	double lo, hi;          /* 95% interval of the score */
	size_t ntests, nsingle; /* indexed tests; of them with no variance */
	char why[96];           /* when !ok: why there is no interval */
};

struct copy_run {
	unsigned copies;
	size_t dir;             /* paired mode: index into run_result.dirs; 0 otherwise */
	time_t start, end;
	struct bench_result *tests;
	size_t ntests;
	/* cats[CAT_SYSTEM].score is the System Benchmarks Index Score. */
	struct cat_index cats[CAT_COUNT];
	/* That score's 95% interval: score_run() fills it, the writers read it. */
	struct score_ci score_ci;
	/* The host's speed over this run's samples (score_host; ok 0: none). */
	struct host_speed host;
};

/* Paired mode: one compared test directory (dirs[0] is the baseline). */
struct test_dir {
	char label[TESTDIR_LABEL_MAX];
	char path[4096];
	int have_mount;
	struct mount_entry mount;
	struct device_info device;
};

/* Paired mode: one test at one copy count, one directory against the baseline. */
struct paired_cmp {
	unsigned copies;
	const struct test_def *def;
	size_t dir;             /* >= 1 */
	int control;            /* does not use the test dir (--control's A/A check) */
	enum test_status base_status, status; /* each side's test status */
	char reason[REASON_MAX];/* why it could not be compared, "" if it was */
	size_t rounds;          /* rounds run (some may not pair) */
	struct paired_stats st;
};

/* run_result.charts: <base>.svg and <base>-paired.svg were written. */
#define RUN_CHART_INDEX 1u
#define RUN_CHART_PAIRED 2u
#define RUN_CHART_SUSTAINED 4u   /* <base>-sustained.svg: --sustained's series */

struct run_result {
	char version[32];
	char base_name[256];    /* results/<base_name>.{txt,log,json,...} */
	int interrupted;        /* a signal ended the run early */
	int signal;             /* which one; 0 when the run stopped for 'stopped' */
	char stopped[REASON_MAX]; /* settings mode: why the run stopped early without a
				   * signal (a setting's command failed), "" if it did not;
				   * interrupted is set too: the results are partial */
	int quick;              /* --quick */
	int pinned;             /* --pin: copies pinned to CPUs */
	int exclude_disturbed;  /* --exclude-disturbed */
	unsigned charts;        /* RUN_CHART_*: the gnuplot charts written beside the reports */
	char intf_missing[512]; /* interference counters left out, and why ("" none) */
	double precision;       /* --precision target (fraction), 0 if none */
	char mode[160];          /* "default", "quick", "precision 2%", ... */
	char label[RUN_LABEL_MAX]; /* --label (./Run spread gives each of its runs
				  * the spread's): compare's column and its
				  * --group-by label key; "" none */
	enum workload workload; /* --compat: whose work the tests did */
	unsigned long long disk_size; /* bytes, when disk tests ran */
	struct sys_info sys;
	struct copy_run *runs;  /* paired mode: copy count i, dir d at [i * ndirs + d] */
	size_t nruns;
	time_t start, end;
	/* Paired mode (ndirs >= 2; 0 otherwise). */
	struct test_dir dirs[MAX_TESTDIRS];
	size_t ndirs;
	int control;            /* --control (settings mode: 1, every test interleaved) */
	/* Settings mode (--setting): dirs[d] is setting d, all in one test dir. */
	struct setting_rec settings[MAX_SETTINGS];
	size_t nsettings;       /* 0 unless settings mode (then == ndirs) */
	char restore[SETTING_CMD_MAX]; /* --restore's command, "" for the baseline's */
	double instance_sd;     /* paired mode's instance term (stats/paired.h; --instance-sd) */
	int instance_set;       /* 1: set by --instance-sd, 0: PAIRED_INSTANCE_SD, measured */
	/*
	 * --repeat N (run/repeat.h): runs[i] holds every pass's samples of its
	 * copy count; reps[i] each pass's own score and the two-level pool of
	 * them (stats/randeff.h), one per copy count, nreps of them.
	 */
	unsigned repeat;        /* passes (0 or 1: a run without --repeat) */
	struct repeat_score {
		unsigned copies;
		size_t n;                       /* passes with a score */
		double pass_score[MAX_REPEAT];  /* each pass's index score, in pass order */
		int within;     /* 1: each pass's own score variance was weighed in */
		int ok;         /* pool holds the interval (n >= 2) */
		struct re_pool pool;            /* on ln(score) */
	} *reps;
	size_t nreps;
	struct paired_cmp *cmps;
	size_t ncmps;
	struct verdict_family family;   /* the comparisons' verdicts: margin, alpha, size */
	/* Each directory's partial score ratio per copy count (paired_run.c). */
	struct paired_score {
		unsigned copies;
		size_t dir;             /* >= 1 */
		size_t ntests;          /* the tests in it (compared, not control) */
		struct paired_stats st;
	} *pscores;
	size_t npscores;
	/* A report read from text (core/import.h): what it printed beyond the model; NULL for a run. */
	struct run_import *import;
};

/*
 * A copy run's tests and their passes freed (the copy_run itself is the
 * caller's); a whole model freed and zeroed: every array above, the CPU
 * list, the import (result.c).
 */
void copy_run_free(struct copy_run *run);
void result_free(struct run_result *r);

/*
 * A test the run did not finish (a signal or a stopped setting cut it
 * short: TS_NOT_RUN) that has valid samples: how many (ok, not excluded);
 * 0 for any other test.  Such a test shows its figures over those samples,
 * marked partial by its reason ("interrupted: 3 of 5 samples"), and is in
 * no index, score interval or paired verdict (score_test).
 */
size_t result_partial(const struct bench_result *t);

/* The test def's result in directory dir at copy count copies, or NULL. */
const struct bench_result *result_side(const struct run_result *r, size_t dir, unsigned copies,
				       const struct test_def *def);
/*
 * Whether a paired comparison's two sides did the same work (their notes
 * agree: note_same_work); where not, the row has no verdict and is out of
 * the family (run/paired_run.c), and why (note_difference) is its reason.
 * Sides not found count as alike.
 */
int result_cmp_same_work(const struct run_result *r, const struct paired_cmp *c);

/* The instance term of a paired run's rows that use the directory: --instance-sd's, else the measured one. */
static inline double run_instance_term(const struct run_result *r)
{
	return r->instance_set ? r->instance_sd : PAIRED_INSTANCE_SD;
}

#endif
