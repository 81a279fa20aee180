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
#define PLAN_TEST_CAP_S 300.0      /* --precision: at most this long per test */

struct test_plan {
	unsigned min_samples;   /* never stop before */
	unsigned max_samples;   /* always stop at */
	unsigned seconds;       /* per sample */
	double precision;       /* target CI half-width / mean; 0 = fixed count */
	double time_cap;        /* seconds per test and copy count; 0 = none */
	double pass_estimate;   /* planned wall seconds per sample */
};

/* The settle pause: --settle, else UnixBench's 3 s (0 with --quick). */
double plan_settle_seconds(const struct config *cfg);

/* Wall seconds one sample of t takes beyond its duration (set-up, settle). */
double plan_overhead(const struct config *cfg, const struct test_def *t);

/* Whether a settle pause goes before a sample of t (prev: the test before). */
int plan_settle_before(const struct config *cfg, const struct test_def *t,
		       const struct test_def *prev, unsigned pass);

/*
 * Fill plans[i] for cfg->tests[i], for ncopies copy counts.  Returns the
 * planned wall seconds of the whole run (the most it can take).
 */
double plan_run(const struct config *cfg, size_t ncopies, struct test_plan *plans);

/*
 * The stopping rule: 1 when no more samples are needed after n samples with
 * these rates, taking 'elapsed' seconds so far; *capped is set when it
 * stopped at a cap before reaching the precision.
 */
int plan_done(const struct test_plan *p, const double *rates, size_t n,
	      double elapsed, int *capped);

#endif
