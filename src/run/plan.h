/*
 * plan.h: how many samples of what length each test takes, and when to stop
 * (pure functions; the runner asks them).
 *
 * Three modes:
 *  - UnixBench's (default): 10 or 3 samples (-i N), the table's seconds, a
 *    settle pause before every sample.  Scores compare with published ones.
 *  - --precision P: sample until the 95% confidence interval of the mean rate
 *    is within P of the mean; at least 3 samples, at most twice UnixBench's
 *    count, and at most a time cap per test.
 *  - --time-budget M: sample counts and lengths planned so that the whole run
 *    fits in M minutes; the report says what precision that bought.
 * In the last two modes the settle pause is taken only around tests that
 * touch the file system (a CPU test does not need `sync; sleep 3`).
 */
#ifndef SYSINDEX_PLAN_H
#define SYSINDEX_PLAN_H

#include <stddef.h>

#include "cli/cli.h"

#define PLAN_MIN_PRECISION_SAMPLES 3
#define PLAN_START_S 0.05          /* starting and reaping a sample's process */
#define PLAN_TEST_CAP_S 300.0      /* --precision: at most this long per test */

struct test_plan {
	unsigned min_samples;   /* never stop before */
	unsigned max_samples;   /* always stop at */
	unsigned seconds;       /* per sample */
	double precision;       /* target CI half-width / mean; 0 = fixed count */
	double time_cap;        /* seconds per test and copy count; 0 = none */
	double pass_estimate;   /* planned wall seconds per sample */
	unsigned dirs;          /* directories per round: paired mode's, else 1 */
};

/*
 * Paired mode: whether t runs interleaved in every directory (it uses the
 * test dir, or --control), and its rounds: the UnixBench sample count but
 * at least PLAN_MIN_PAIRED_ROUNDS (3 with --quick); with --precision from 3
 * to twice that count but at least PLAN_MAX_PAIRED_ROUNDS_FLOOR, with the
 * time cap per directory.  A sample is one directory's pass; for a sliced
 * row (test_sliced(), one process per round) its pass_estimate is its share
 * of the round: (start + settle + sliced_round_seconds()) / directories.
 */
#define PLAN_MIN_PAIRED_ROUNDS 3
#define PLAN_MAX_PAIRED_ROUNDS_FLOOR 10
int plan_paired(const struct config *cfg, const struct test_def *t);

/* The settle pause: --settle (its defaults: UnixBench's 3 s, 0 with --quick). */
double plan_settle_seconds(const struct config *cfg);

/*
 * Whether the test programs' own settle sleeps are off (fstime's @SETTLE@
 * is 0, a sliced round costs its --quick overheads): --quick or --settle 0.
 */
int plan_program_sleeps_off(const struct config *cfg);

/* Wall seconds a sliced round of t takes for ndirs directories of secs
 * seconds each (sliced_round_seconds() with the overheads that apply);
 * t must have a sliced row under cfg's workload (test_sliced()). */
double plan_sliced_round_seconds(const struct config *cfg, const struct test_def *t,
				 unsigned secs, size_t ndirs);

/* Wall seconds one sample of t takes beyond its duration (set-up, settle). */
double plan_overhead(const struct config *cfg, const struct test_def *t);

/* Whether a settle pause goes before a sample of t (prev: the test before). */
int plan_settle_before(const struct config *cfg, const struct test_def *t,
		       const struct test_def *prev, unsigned pass);

/*
 * Seconds from a copy's start until it is killed, for samples of secs
 * seconds: the duration, --grace (cli_grace: its default is a rule, 20 + the
 * duration, and then the row's flush_grace_s is added) and, outside --quick,
 * the row's extra_grace_s.
 */
double plan_pass_timeout(const struct config *cfg, const struct test_def *t, unsigned secs);

#define PLAN_DISK_MIN ((unsigned long long)opt_table[O_DISK_SIZE].min)   /* smallest file */
#define PLAN_DISK_SPARE (64ull << 20)   /* left free beside the test files */

/*
 * The size of the disk tests' shared file: 'requested' (--disk-size's value,
 * its default when not given), or with 'shrink' (not given) less, in whole
 * MiB, when the file system cannot hold it and a write test's file of the
 * same size, plus PLAN_DISK_SPARE.  'avail' is the free space, 'known' 0
 * when the file system reports no size at all (ramfs: nothing to check).
 * Returns 0 with *size, or -1 with *need set to the free space the disk
 * tests would take.
 */
int plan_disk_size(unsigned long long requested, int shrink, int known,
		   unsigned long long avail, unsigned long long *size, unsigned long long *need);

/*
 * Fill plans[i] for cfg->tests[i], for ncopies copy counts.  Returns the
 * planned wall seconds of the whole run (the most it can take).
 */
double plan_run(const struct config *cfg, size_t ncopies, struct test_plan *plans);

/*
 * Plan again what is left of a run before test 'test' of copy count
 * 'count' (both from 0), 'spent' seconds into it: the tests still to run
 * get fresh plans, and with --time-budget they share what is left of it, so
 * the time a test did not need (its precision reached early) goes to the
 * tests after it.  Plans of tests that will not run again are left alone.
 * Returns the planned wall seconds of what is left.
 */
double plan_rest(const struct config *cfg, size_t ncopies, size_t count, size_t test,
		 double spent, struct test_plan *plans);

/*
 * The stopping rule: 1 when no more samples are needed after n samples with
 * these rates, taking 'elapsed' seconds so far; *capped is set when it
 * stopped at a cap before reaching the precision.
 */
int plan_done(const struct test_plan *p, const double *rates, size_t n,
	      double elapsed, int *capped);

#endif
