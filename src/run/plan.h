/*
 * plan.h: how many samples of what length each test takes, and when to stop
 * (pure functions; the runner and paired mode ask them).
 *
 * Planning alone answers how many samples (or rounds) of how many seconds
 * a test takes; cli/ only parses and stores the options they come from.
 *
 * Three modes:
 *  - UnixBench's (default): 10 or 3 samples (-i N), the table's seconds, a
 *    settle pause before every sample.  Scores compare with published ones.
 *  - --precision P: sample until the 95% interval of the result the report
 *    shows (UnixBench's trimmed geometric mean, its winsorized variance and
 *    Yuen's df: stats_trimmed_log) is within P of it; at least 5 samples
 *    (PLAN_MIN_PRECISION_RESULT), at most twice UnixBench's count, and at
 *    most a time cap per test.  Stopping on the data lowers the interval's
 *    coverage a little (measured: bench/verdicts.md, methodology); paired
 *    rows with no instance term (settings, --control) stop by Stein's
 *    two-stage rule instead, which holds it (plan_two_stage).
 *  - --time-budget M: sample counts and lengths planned so that the whole run
 *    fits in M minutes; the report says what precision that bought.  The
 *    plan is made again before every test from the time really spent, with
 *    each test's overhead per sample as measured so far (plan_measured; a
 *    test not yet measured: the table's, scaled by how far off it was for
 *    the measured ones), and
 *    a test stops early rather than pass the budget (plan_over_budget).
 *    Under --repeat N each test runs N times per copy count, and every run
 *    of a test still ahead gets the same plan: each pass gets 1/N of what
 *    is left of the budget; once a pass of a copy count has run a test, the
 *    other passes run it with the same plan (plan_again's done), so the
 *    passes are alike and what a test did not use goes to the tests after.  The
 *    programs' own settle sleeps are off (fstime -s 0), as under --quick.
 *    Paired mode without --time-budget, --precision, -i, --duration or
 *    --quick plans to PLAN_PAIRED_BUDGET_MIN minutes (plan_defaults); when
 *    that cannot hold the minimum (plan_minimum), to the minimum
 *    (plan_check_budget).
 * In the last two modes the settle pause is taken only around tests that
 * touch the file system (a CPU test does not need `sync; sleep 3`).
 */
#ifndef SYSINDEX_PLAN_H
#define SYSINDEX_PLAN_H

#include <stddef.h>

#include "cli/cli.h"
#include "stats/verdict.h"

#define PLAN_MIN_PRECISION_SAMPLES 3
/*
 * --precision on one directory stops no earlier than 5 samples, so that the
 * interval it stops on stands on something: UnixBench's rule then keeps 4
 * (Yuen's df 3, t 3.18), where 3 samples keep 2 (df 1, t 12.7: an interval
 * that narrow by then is a lucky draw, the case where stopping on the data
 * costs coverage most).  From 5 to 20 samples the stopped intervals'
 * coverage is measured (bench/verdicts.md section 2: 88.9-94.0 % of a
 * nominal 95 %); below 5 it is not.  No verdict between runs rests on this
 * count: compare judges no pair of single runs (bench/between-runs.md), and
 * pooled runs (--group-by) are judged on the runs' figures, not on each
 * run's samples.
 */
#define PLAN_MIN_PRECISION_RESULT 5
#define PLAN_START_S 0.05          /* starting and reaping a sample's process */
#define PLAN_TEST_CAP_S 300.0      /* --precision: at most this long per test */

/* Paired mode's time budget when no sampling option is given (plan_defaults). */
#define PLAN_PAIRED_BUDGET_MIN 15.0

/*
 * The defaults that are rules over several options, applied once after
 * cli_parse: paired mode (two or more --testdir) without --time-budget,
 * --precision, -i, --duration or --quick plans to PLAN_PAIRED_BUDGET_MIN
 * minutes (cfg->budget_implied set), as UnixBench's 3 rounds of 30 s give
 * no verdict (verdict.h).
 */
void plan_defaults(struct config *cfg);

/* Whether --sustained runs t past a ramp until steady (a TF_SUSTAIN row). */
int plan_sustained(const struct config *cfg, const struct test_def *t);
/*
 * Samples t takes under cfg before any budget or precision: -i N (default
 * 10) for a long row (the table's sample class), max(1, (N + 1) / 3) for a
 * short one; --quick without -i: its N (1) for every test; --sustained: 1.
 */
unsigned plan_samples(const struct config *cfg, const struct test_def *t);
/* Seconds per sample of t under cfg: --sustained's limit, --duration, else
 * --quick's, else the row's. */
unsigned plan_seconds(const struct config *cfg, const struct test_def *t);
/* A sample of t under --quick: the shortest sample a time budget may plan. */
unsigned plan_quick_seconds(const struct test_def *t);
/* Seconds a program may run past a 'secs' sample: --grace, or its default rule. */
double plan_grace(const struct config *cfg, unsigned secs);

struct test_plan {
	unsigned min_samples;   /* never stop before */
	unsigned max_samples;   /* always stop at */
	unsigned seconds;       /* per sample */
	double precision;       /* target CI half-width / mean; 0 = fixed count */
	double time_cap;        /* seconds per test and copy count; 0 = none */
	double pass_estimate;   /* planned wall seconds per sample: seconds + over
				 * + settle / settle_div */
	double over;            /* per sample beyond its length and settle */
	double settle;          /* the settle pause before a sample (or round) */
	unsigned settle_div;    /* samples one settle serves (a sliced round's) */
	unsigned dirs;          /* directories per round: paired mode's, else 1 */
	unsigned floor_samples; /* the fewest a budget may leave (samples or rounds) */
	double instance_sd;     /* paired: the term the row's interval holds (0: control rows) */
};

/*
 * What the run has measured of each test so far (per cfg->tests[i]): its
 * wall seconds per sample beyond the sample's duration and settle (start,
 * priming, the program's sleeps, a sliced round's share), averaged over 'n'
 * samples; n == 0: nothing yet, the table's estimate stands.
 */
struct plan_measured {
	double over[MAX_SELECTED];
	unsigned n[MAX_SELECTED];
};

/* Add one sample of test i that took 'wall' seconds (after its settle) for 'secs' of work. */
void plan_measured_add(struct plan_measured *m, size_t i, double wall, unsigned secs);

/*
 * Seconds a budget keeps back from the run's planning, for what comes after
 * the last sample (the report, its files, the charts) and the estimate's
 * error: PLAN_BUDGET_RESERVE_S plus PLAN_BUDGET_RESERVE_SHARE of it.
 */
#define PLAN_BUDGET_RESERVE_S 3.0
#define PLAN_BUDGET_RESERVE_SHARE 0.02
/* The bounds of plan_rest's calibration of unmeasured tests' overheads. */
#define PLAN_CALIBRATE_MIN 0.25
#define PLAN_CALIBRATE_MAX 4.0
double plan_budget_seconds(const struct config *cfg);

/*
 * With a budget, whether a sample (or round) of 'next' seconds started
 * 'spent' seconds into the run would end past it.
 */
int plan_over_budget(const struct config *cfg, double spent, double next);

/*
 * Paired mode: whether t runs interleaved in every directory (it uses the
 * test dir, or --control: test_interleaved), and its rounds: plan_samples'
 * count but at least PLAN_MIN_PAIRED_ROUNDS (3 with --quick); with --precision from
 * PLAN_MIN_VERDICT_ROUNDS (5: never stopped below a verdict) to twice that count
 * but at least PLAN_MAX_PAIRED_ROUNDS_FLOOR and paired_least_rounds(), with the
 * time cap per directory.  A sample is one directory's pass; for a sliced
 * row (plan_sliced(), one process per round) its pass_estimate is its share
 * of the round: (start + settle + sliced_round_seconds()) / directories.
 */
#define PLAN_MIN_PAIRED_ROUNDS 3
#define PLAN_MAX_PAIRED_ROUNDS_FLOOR 10
/* Under a budget a paired test keeps the rounds a verdict needs (verdict.h). */
#define PLAN_MIN_VERDICT_ROUNDS (VERDICT_MIN_DF + 1)
#define PLAN_MIN_ROUNDS_WORDS "5 rounds"
#define PLAN_BUDGET_PAIRED_ROUNDS 20    /* the most a budget plans */
#define PLAN_BUDGET_SETTLE_MIN 1.0      /* a budget's shortest settle (without --settle) */
_Static_assert(PLAN_MIN_VERDICT_ROUNDS == 5, "PLAN_MIN_ROUNDS_WORDS says 5");
int plan_paired(const struct config *cfg, const struct test_def *t);
/*
 * Whether test t belongs in copy count k's block (from 0) at all: a disk
 * test runs one copy (as fio's numjobs=1), so where the run has a 1-copy
 * count it is in that block only, not listed as skipped in the others.
 * With no 1-copy count (-c 2 alone) it is listed, skipped, with why.
 */
int plan_listed_at(const struct config *cfg, const struct test_def *t, size_t k);

/* The settle pause: --settle (its defaults: UnixBench's 3 s, 0 with --quick). */
double plan_settle_seconds(const struct config *cfg);

/*
 * Whether the test programs' own settle sleeps are off (fstime's @SETTLE@
 * is 0, a sliced round costs its --quick overheads): --quick or --settle 0.
 */
int plan_program_sleeps_off(const struct config *cfg);

/*
 * Paired mode's sliced row for t (testtab.h), or NULL when t has none under
 * cfg's workload or --interleave samples asks for whole samples: the one
 * answer to "is this test sliced?" for the plan, the runner and paired mode.
 */
const struct test_sliced *plan_sliced(const struct config *cfg, const struct test_def *t);

/* Wall seconds a sliced round of t takes for ndirs directories of secs
 * seconds each (sliced_round_seconds() with the overheads that apply);
 * t must be sliced (plan_sliced()). */
double plan_sliced_round_seconds(const struct config *cfg, const struct test_def *t,
				 unsigned secs, size_t ndirs);

/* Wall seconds one sample of t takes beyond its duration (set-up, settle). */
double plan_overhead(const struct config *cfg, const struct test_def *t);

/* Seconds of the settle pause before a sample of t planned as p (when plan_settle_before). */
double plan_settle_length(const struct config *cfg, const struct test_plan *p,
			  const struct test_def *t);

/* Whether a settle pause goes before a sample of t (prev: the test before). */
int plan_settle_before(const struct config *cfg, const struct test_def *t,
		       const struct test_def *prev, unsigned pass);

/*
 * Seconds from a copy's start until it is killed, for samples of secs
 * seconds: the duration, --grace (plan_grace: its default is a rule, 20 + the
 * duration, and then the row's flush_grace_s is added) and, outside --quick,
 * the row's extra_grace_s.
 */
double plan_pass_timeout(const struct config *cfg, const struct test_def *t, unsigned secs);

/*
 * Seconds a sliced round of t (plan_sliced()) may take for ndirs
 * directories of secs seconds each: every side's own deadline, as if it
 * were a sample of its own (plan_pass_timeout(secs)) plus its share of the
 * slicing (the row's per-directory overhead, its priming and switches),
 * and the round's own overhead (start, the phases' syncs).  One process
 * measures every side, so a slow side may use the time of the others; the
 * round is killed only past all their deadlines together.
 */
double plan_sliced_round_timeout(const struct config *cfg, const struct test_def *t,
				 unsigned secs, size_t ndirs);

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
 * The least the selected tests can take under a budget, for ncopies copy
 * counts: every test at its shortest samples and fewest samples (rounds:
 * PLAN_MIN_VERDICT_ROUNDS), with the table's overheads.  A --time-budget
 * below it cannot be kept.
 */
double plan_minimum(const struct config *cfg, size_t ncopies);

/*
 * Whether cfg's --time-budget can hold plan_minimum for ncopies copy counts
 * with 'spent' seconds already gone: 0 when it can (or there is no budget;
 * paired mode's implied budget grows to what it needs), -1 when it cannot,
 * with *least the minutes it would need.
 */
int plan_check_budget(struct config *cfg, size_t ncopies, double spent, double *least);

/*
 * Plan again what is left of a run before test 'test' of copy count
 * 'count' (both from 0), 'spent' seconds into it: the tests still to run
 * get fresh plans, and with --time-budget they share what is left of it, so
 * the time a test did not need (its precision reached early) goes to the
 * tests after it.  Plans of tests that will not run again are left alone.
 * Returns the planned wall seconds of what is left.
 */
double plan_rest(const struct config *cfg, size_t ncopies, size_t count, size_t test,
		 double spent, const struct plan_measured *m, struct test_plan *plans);

/*
 * Before test 'test' of copy count 'count': with --time-budget, plan_rest
 * for what is left, *left its planned seconds, and 1; without one, the
 * plans made at the start stand (whatever the tests measure): 0.  done
 * NULL: the tests run in cfg's order; --repeat N's passes, whose orders
 * differ: done[i] of this count's passes have run test i ('test' unused),
 * and such a test's plan (from its first pass) stands for the other passes.
 */
int plan_again(const struct config *cfg, size_t ncopies, size_t count, size_t test,
	       const size_t *done, double spent, const struct plan_measured *m,
	       struct test_plan *plans, double *left);

/*
 * The stopping rule: 1 when no more samples are needed after n samples with
 * these rates, taking 'elapsed' seconds so far; *capped is set when it
 * stopped at a cap before reaching the precision.
 */
int plan_done(const struct test_plan *p, const double *counts, const double *rates, size_t n,
	      double elapsed, int *capped);

/*
 * The stopping rule of one paired test after n rounds taking 'elapsed'
 * seconds: the plan's fixed count, or with --precision when the ratio CI of
 * every active directory against the baseline is within the target (at
 * least min_samples rounds), else at max_samples rounds or when one more
 * round would pass the time cap (*capped set when it stopped at a cap).
 * rates[d][i]: directory d's rate in round i (0: none), places[d][i] its
 * place in that round's order (from 1; NULL: not known, the plain
 * statistics); active[d]: still measured.  Pure.
 *
 * A plan without an instance term (plan_two_stage: settings mode, --control
 * rows) stops by Stein's two-stage rule instead (stats/paired.h): after
 * PAIRED_STAGE_ONE rounds, the rounds N that every active directory's
 * first-stage SD asks for (the most of them), at least min_samples; at
 * max_samples or the time cap first, *capped.  The first stage alone fixes
 * N, so the stop does not depend on the rounds it judges after it.
 */
/*
 * Whether a paired plan stops by Stein's two-stage rule: --precision with
 * no instance term in the row's interval (p->instance_sd 0).  The row is
 * then judged by paired_compute_two_stage() (paired_run.c).
 */
int plan_two_stage(const struct test_plan *p);

int plan_rounds_done(const struct test_plan *p, const double *const *rates,
		     const unsigned *const *places, const int *active, size_t ndirs, size_t n,
		     double elapsed, int *capped);

#endif
