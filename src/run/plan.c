/* plan.c: sample plans for the three modes, and the stopping rule. */
#include "run/plan.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "run/sliced.h"
#include "stats/paired.h"
#include "stats/stats.h"

static int compat_mode(const struct config *cfg)
{
	return cfg->precision <= 0 && cfg->time_budget <= 0;
}

void plan_defaults(struct config *cfg)
{
	if (cfg->ndirs >= 2 && !cfg->given[O_TIME_BUDGET] && !cfg->given[O_PRECISION] &&
	    !cfg->given[O_ITERATIONS] && !cfg->given[O_DURATION] && !cfg->quick) {
		cfg->time_budget = PLAN_PAIRED_BUDGET_MIN;
		cfg->budget_implied = 1;
	}
}

int plan_sustained(const struct config *cfg, const struct test_def *t)
{
	return cfg->sustained && (t->flags & TF_SUSTAIN);
}

unsigned plan_samples(const struct config *cfg, const struct test_def *t)
{
	unsigned n = cfg->iterations;

	if (cfg->quick && !cfg->given[O_ITERATIONS])
		return n;   /* --quick: that many samples of every test */
	if (plan_sustained(cfg, t))
		return 1;
	if (t->samples == SAMPLES_LONG)
		return n;
	return (n + 1) / 3 > 1 ? (n + 1) / 3 : 1;
}

unsigned plan_quick_seconds(const struct test_def *t)
{
	return (t->flags & TF_SHELL) ? QUICK_SHELL_SECONDS : QUICK_SECONDS;
}

unsigned plan_seconds(const struct config *cfg, const struct test_def *t)
{
	if (plan_sustained(cfg, t))
		return cfg->sustained_max;
	if (cfg->given[O_DURATION])
		return cfg->duration;
	if (cfg->quick)
		return plan_quick_seconds(t);
	return t->seconds;
}

double plan_grace(const struct config *cfg, unsigned secs)
{
	return cfg->given[O_GRACE] ? cfg->grace : cfg->grace + secs;
}

double plan_settle_seconds(const struct config *cfg)
{
	return cfg->settle;
}

int plan_program_sleeps_off(const struct config *cfg)
{
	return cfg->quick || cfg->settle == 0 || cfg->time_budget > 0;
}

const struct test_sliced *plan_sliced(const struct config *cfg, const struct test_def *t)
{
	return cfg->interleave == INTERLEAVE_SAMPLES ? NULL : test_sliced(t, cfg->workload);
}

double plan_sliced_round_seconds(const struct config *cfg, const struct test_def *t,
				 unsigned secs, size_t ndirs)
{
	return sliced_round_seconds(plan_sliced(cfg, t), plan_program_sleeps_off(cfg),
				    secs, ndirs);
}

double plan_sliced_round_timeout(const struct config *cfg, const struct test_def *t,
				 unsigned secs, size_t ndirs)
{
	double round = plan_sliced_round_seconds(cfg, t, 0, 0);
	double side = plan_sliced_round_seconds(cfg, t, 0, 1) - round;

	return round + (double)ndirs * (plan_pass_timeout(cfg, t, secs) + side);
}

int plan_settle_before(const struct config *cfg, const struct test_def *t,
		       const struct test_def *prev, unsigned pass)
{
	if (plan_settle_seconds(cfg) <= 0)
		return 0;
	if (compat_mode(cfg) || (t->flags & TF_TESTDIR))
		return 1;
	/* Right after a file-system test, let its writeback finish first. */
	return pass == 0 && prev != NULL && (prev->flags & TF_TESTDIR);
}

/* The settle pause that goes before t's samples (plan_settle_before says when). */
static double settle_of(const struct config *cfg, const struct test_def *t)
{
	return compat_mode(cfg) || (t->flags & TF_TESTDIR) ? plan_settle_seconds(cfg) : 0;
}

/* Wall seconds a sample of t takes beyond its duration and its settle. */
static double work_overhead(const struct config *cfg, const struct test_def *t)
{
	return PLAN_START_S + (plan_program_sleeps_off(cfg) ? t->overhead_quick_s : t->overhead_s);
}

double plan_overhead(const struct config *cfg, const struct test_def *t)
{
	return work_overhead(cfg, t) + settle_of(cfg, t);
}

double plan_settle_length(const struct config *cfg, const struct test_plan *p,
			  const struct test_def *t)
{
	return compat_mode(cfg) || (t->flags & TF_TESTDIR) ? p->settle : plan_settle_seconds(cfg);
}

/* p's wall seconds per sample from its parts. */
static void estimate(struct test_plan *p)
{
	p->pass_estimate = p->seconds + p->over + p->settle / (p->settle_div ? p->settle_div : 1);
}

double plan_pass_timeout(const struct config *cfg, const struct test_def *t, unsigned secs)
{
	double grace = plan_grace(cfg, secs) + (cfg->given[O_GRACE] ? 0 : t->flush_grace_s);

	return secs + grace + (cfg->quick ? 0 : t->extra_grace_s);
}

int plan_disk_size(unsigned long long requested, int shrink, int known,
		   unsigned long long avail, unsigned long long *size, unsigned long long *need)
{
	unsigned long long s = requested;

	*need = 0;
	if (!known) {
		*size = s;
		return 0;
	}
	/* The shared file plus a write test's file of the same size. */
	if (shrink && 2 * s + PLAN_DISK_SPARE > avail)
		s = avail > PLAN_DISK_SPARE ?
		    ((avail - PLAN_DISK_SPARE) / 2) & ~((1ull << 20) - 1) : 0;
	if (s < PLAN_DISK_MIN || 2 * s + PLAN_DISK_SPARE > avail) {
		*need = 2 * (s < PLAN_DISK_MIN ? PLAN_DISK_MIN : s) + PLAN_DISK_SPARE;
		return -1;
	}
	*size = s;
	return 0;
}

/*
 * The shortest sample a budget may shrink a test to: --quick's, and 1 s for
 * a sliced paired row, whose 20 ms slices fall on every directory alike
 * (its rounds, not its length, make the interval narrow).
 */
static unsigned floor_seconds(const struct test_plan *p, const struct test_def *t)
{
	unsigned f = p->settle_div > 1 ? 1 : plan_quick_seconds(t);

	return f < t->seconds ? f : t->seconds;
}

/*
 * The most a test's plan takes, run 'times' times (once per copy count
 * left); a test that no longer runs costs nothing, whatever its plan holds
 * (plan_rest leaves those plans as they were).
 */
static double cost(const struct test_plan *p, size_t times)
{
	return times ? (double)times * p->max_samples * p->pass_estimate * p->dirs : 0;
}

int plan_paired(const struct config *cfg, const struct test_def *t)
{
	return test_interleaved(t, cfg->ndirs, cfg->control);
}

void plan_measured_add(struct plan_measured *m, size_t i, double wall, unsigned secs)
{
	if (m == NULL || i >= MAX_SELECTED || !(wall >= 0))
		return;
	m->n[i]++;
	m->over[i] += (wall - secs - m->over[i]) / m->n[i];
}

double plan_budget_seconds(const struct config *cfg)
{
	double b = cfg->time_budget * 60.0;

	return b * (1 - PLAN_BUDGET_RESERVE_SHARE) - PLAN_BUDGET_RESERVE_S;
}

int plan_over_budget(const struct config *cfg, double spent, double next)
{
	return cfg->time_budget > 0 && spent + next > plan_budget_seconds(cfg);
}

/*
 * Rounds instead of samples (plan.h): plan_samples' count, raised to
 * PLAN_MIN_PAIRED_ROUNDS (--quick's 1 sample among the counts below it).
 */
static void paired_rounds(const struct config *cfg, const struct test_def *t,
			  struct test_plan *p)
{
	unsigned ref = plan_samples(cfg, t);

	p->dirs = (unsigned)cfg->ndirs;
	/* The report's term (paired_run.c): none where the test does not use the directory. */
	p->instance_sd = (t->flags & TF_TESTDIR) || cfg->nsettings > 0 ? cfg->instance_sd : 0;
	/*
	 * A sliced row: one process per round (sliced.h), one settle before it;
	 * a sample's share is the round's cost over the directories.
	 */
	if (plan_sliced(cfg, t) != NULL) {
		p->over = (PLAN_START_S + plan_sliced_round_seconds(cfg, t, 0, p->dirs)) / p->dirs;
		p->settle_div = p->dirs;
		estimate(p);
	}
	if (ref < PLAN_MIN_PAIRED_ROUNDS)
		ref = PLAN_MIN_PAIRED_ROUNDS;
	p->min_samples = p->max_samples = ref;
	p->floor_samples = PLAN_MIN_PAIRED_ROUNDS;
	if (cfg->time_budget > 0) {
		/* Rounds, not long samples, make a paired interval narrow:
		 * the budget shortens the samples before it drops a round. */
		p->floor_samples = PLAN_MIN_VERDICT_ROUNDS;
		p->max_samples = cfg->given[O_ITERATIONS] ? ref : PLAN_BUDGET_PAIRED_ROUNDS;
		if (p->max_samples < p->floor_samples)
			p->max_samples = p->floor_samples;
		p->min_samples = p->max_samples;
	}
	if (cfg->precision > 0) {
		unsigned least = paired_least_rounds(cfg->precision, p->instance_sd);

		/* Never stop below the rounds a verdict needs (verdict.h). */
		p->min_samples = PLAN_MIN_VERDICT_ROUNDS;
		p->max_samples = 2 * ref > PLAN_MAX_PAIRED_ROUNDS_FLOOR ? 2 * ref
									: PLAN_MAX_PAIRED_ROUNDS_FLOOR;
		/* Enough rounds that the target is within reach (t, not z). */
		if (p->max_samples < least)
			p->max_samples = least;
		p->time_cap = PLAN_TEST_CAP_S * p->dirs;
	}
}

/* A sample of p made shorter by a quarter, to no less than t's floor; 0 if it cannot. */
static int shorter(struct test_plan *p, const struct test_def *t)
{
	unsigned s = (unsigned)ceil(p->seconds * 0.75), f = floor_seconds(p, t);

	if (p->seconds <= f)
		return 0;
	if (s >= p->seconds)
		s = p->seconds - 1;
	p->seconds = s > f ? s : f;
	return 1;
}

/* A settle pause cut to PLAN_BUDGET_SETTLE_MIN (unless --settle set it); 0 if it cannot. */
static int calmer(const struct config *cfg, struct test_plan *p)
{
	if (cfg->given[O_SETTLE] || p->settle <= PLAN_BUDGET_SETTLE_MIN)
		return 0;
	p->settle = PLAN_BUDGET_SETTLE_MIN;
	return 1;
}

/*
 * One step smaller for plan p, never below min_samples samples (nor the
 * plan's floor_samples); 0 if it cannot.  A test alone drops samples down
 * to 3, then shortens them, then drops more; a paired test shortens its
 * samples first, then drops rounds.
 */
static int shrink_one(const struct config *cfg, struct test_plan *p, const struct test_def *t,
		      unsigned min_samples)
{
	if (min_samples < p->floor_samples)
		min_samples = p->floor_samples;
	if (p->dirs > 1) {
		if (shorter(p, t) || calmer(cfg, p))
			;
		else if (p->max_samples > min_samples)
			p->max_samples--;
		else
			return 0;
	/* NOLINTNEXTLINE(bugprone-branch-clone): the order is the priority */
	} else if (p->max_samples > PLAN_MIN_PRECISION_SAMPLES) {
		p->max_samples--;
	} else if (shorter(p, t) || calmer(cfg, p)) {
		;
	} else if (p->max_samples > min_samples) {
		p->max_samples--;
	} else {
		return 0;
	}
	estimate(p);
	if (p->min_samples > p->max_samples)
		p->min_samples = p->max_samples;
	return 1;
}

/*
 * Shrink the plans until they fit 'budget' seconds: each step shrinks the
 * test whose run costs most (its plan's cost over the runs it has left)
 * that can still shrink, never below min_samples samples; so the rounds
 * fall evenly on every run still ahead, whichever copy count it is at.
 * times[i]: how often plans[i] still runs (0: leave it alone).  Returns 1
 * when it fits.
 */
static int shrink_to(const struct config *cfg, const size_t *times, const int *frozen,
		     double budget, struct test_plan *plans, unsigned min_samples)
{
	int *stuck = calloc(cfg->ntests ? cfg->ntests : 1, sizeof(*stuck));
	int fits = 0;

	if (stuck == NULL)
		return 0;
	for (size_t i = 0; frozen != NULL && i < cfg->ntests; i++)
		stuck[i] = frozen[i];
	for (;;) {
		double total = 0, worst = -1;
		size_t wi = cfg->ntests;

		for (size_t i = 0; i < cfg->ntests; i++) {
			double c = cost(&plans[i], times[i]);

			total += c;
			/* Dearest per run: a plan serves each copy count left, so
			 * its total would make a test not yet run look dearer. */
			if (!stuck[i] && times[i] > 0 && c / (double)times[i] > worst) {
				worst = c / (double)times[i];
				wi = i;
			}
		}
		if (total <= budget) {
			fits = 1;
			break;
		}
		if (wi == cfg->ntests)
			break;   /* everything at this minimum */
		if (!shrink_one(cfg, &plans[wi], cfg->tests[wi], min_samples))
			stuck[wi] = 1;
	}
	free(stuck);
	return fits;
}

/*
 * Fit the budget: every test keeps 2 samples (so it still has a spread and
 * an interval) before any test drops to 1.
 */
static void fit_budget(const struct config *cfg, const size_t *times, const int *frozen,
		       double budget, struct test_plan *plans)
{
	if (!shrink_to(cfg, times, frozen, budget, plans, 2))
		shrink_to(cfg, times, frozen, budget, plans, 1);
}

/* Test t's plan before any budget. */
static void plan_test(const struct config *cfg, const struct test_def *t, struct test_plan *p)
{
	unsigned ref = plan_samples(cfg, t);

	memset(p, 0, sizeof(*p));
	p->seconds = plan_seconds(cfg, t);
	p->over = work_overhead(cfg, t);
	p->settle = settle_of(cfg, t);
	p->settle_div = 1;
	estimate(p);
	p->min_samples = p->max_samples = ref;
	if (cfg->precision > 0) {
		p->precision = cfg->precision;
		p->max_samples = 2 * ref;
		if (p->max_samples < PLAN_MIN_PRECISION_RESULT)
			p->max_samples = PLAN_MIN_PRECISION_RESULT;
		p->min_samples = PLAN_MIN_PRECISION_RESULT;
		p->time_cap = PLAN_TEST_CAP_S;
	}
	p->dirs = 1;
	p->floor_samples = 1;
	if (plan_paired(cfg, t))
		paired_rounds(cfg, t, p);
}

/* What plans[] takes, each test run times[i] times, within its time cap. */
static double planned(const struct config *cfg, const size_t *times,
		      const struct test_plan *plans)
{
	double total = 0;

	for (size_t i = 0; i < cfg->ntests; i++) {
		double c = cost(&plans[i], times[i]);

		if (times[i] > 0 && plans[i].time_cap > 0 && c > plans[i].time_cap * (double)times[i])
			c = plans[i].time_cap * (double)times[i];
		total += c;
	}
	return total;
}

/*
 * Whether t runs at copy count k (from 0): a disk test runs one copy only
 * (runner.c); the counts are -c's, else 1 and then the CPU count.
 */
static int runs_at(const struct config *cfg, const struct test_def *t, size_t k)
{
	if (t->prep != PREP_DISK_FILE)
		return 1;
	return cfg->ncopies ? k < cfg->ncopies && cfg->copies[k] == 1 : k == 0;
}

int plan_listed_at(const struct config *cfg, const struct test_def *t, size_t k)
{
	int has_one = cfg->ncopies == 0;

	for (size_t j = 0; j < cfg->ncopies; j++)
		has_one |= cfg->copies[j] == 1;
	return runs_at(cfg, t, k) || !has_one;
}

/* --repeat N's passes per copy count (run/repeat.h), else 1. */
static size_t passes_of(const struct config *cfg)
{
	return cfg->repeat > 1 ? cfg->repeat : 1;
}

/* How often test i still runs from copy count 'count', test 'test' on. */
static size_t times_left(const struct config *cfg, size_t ncopies, size_t count, size_t test,
			 size_t i)
{
	size_t n = 0;

	for (size_t k = count + (i < test); k < ncopies; k++)
		n += (size_t)runs_at(cfg, cfg->tests[i], k) * passes_of(cfg);
	return n;
}

/* --repeat: how often test i still runs, 'done' of this count's passes having run it. */
static size_t times_left_repeat(const struct config *cfg, size_t ncopies, size_t count, size_t i,
				size_t done)
{
	size_t n = times_left(cfg, ncopies, count, 0, i);

	if (!runs_at(cfg, cfg->tests[i], count))
		return n;
	return n > done ? n - done : 0;
}

/*
 * How far off the table's overheads were for the tests measured so far
 * (their measured overhead over the table's, summed), clamped to
 * [PLAN_CALIBRATE_MIN, PLAN_CALIBRATE_MAX]; 1 before anything is measured.
 * A test not yet measured is planned from its table overhead times this, so
 * that a run's first tests do not plan the later ones from costs the run
 * already knows to be too high (or too low).
 */
static double calibration(const struct config *cfg, const struct plan_measured *m)
{
	double got = 0, want = 0, k;

	for (size_t i = 0; m != NULL && i < cfg->ntests; i++) {
		struct test_plan table;

		if (m->n[i] == 0)
			continue;
		plan_test(cfg, cfg->tests[i], &table);
		if (!(table.over > 0))
			continue;
		got += m->over[i] > 0 ? m->over[i] : 0;
		want += table.over;
	}
	if (!(want > 0))
		return 1;
	k = got / want;
	return k < PLAN_CALIBRATE_MIN ? PLAN_CALIBRATE_MIN : k > PLAN_CALIBRATE_MAX
		? PLAN_CALIBRATE_MAX : k;
}

/*
 * plan_rest with times[i], how often test i still runs; a frozen test
 * (frozen[i]; frozen may be NULL) keeps its plan, its cost counted.
 */
static double rest(const struct config *cfg, const size_t *times, const int *frozen,
		   double spent, const struct plan_measured *m, struct test_plan *plans)
{
	double left = plan_budget_seconds(cfg) - spent, k = calibration(cfg, m);

	for (size_t i = 0; i < cfg->ntests; i++) {
		if (times[i] == 0 || (frozen != NULL && frozen[i]))
			continue;
		plan_test(cfg, cfg->tests[i], &plans[i]);
		/* What this test's samples really cost beyond their length and
		 * settle; else the table's, as far off as the measured ones were. */
		plans[i].over = m != NULL && m->n[i] > 0 ? m->over[i] : plans[i].over * k;
		estimate(&plans[i]);
	}
	if (cfg->time_budget > 0)
		fit_budget(cfg, times, frozen, left > 0 ? left : 0, plans);
	return planned(cfg, times, plans);
}

double plan_rest(const struct config *cfg, size_t ncopies, size_t count, size_t test,
		 double spent, const struct plan_measured *m, struct test_plan *plans)
{
	size_t times[MAX_SELECTED];

	for (size_t i = 0; i < cfg->ntests; i++)
		times[i] = times_left(cfg, ncopies, count, test, i);
	return rest(cfg, times, NULL, spent, m, plans);
}

int plan_again(const struct config *cfg, size_t ncopies, size_t count, size_t test,
	       const size_t *done, double spent, const struct plan_measured *m,
	       struct test_plan *plans, double *left)
{
	size_t times[MAX_SELECTED];
	int frozen[MAX_SELECTED];

	if (cfg->time_budget <= 0)
		return 0;
	if (done == NULL) {
		*left = plan_rest(cfg, ncopies, count, test, spent, m, plans);
		return 1;
	}
	/* A test some pass of this count has run keeps its plan: the passes run it alike. */
	for (size_t i = 0; i < cfg->ntests; i++) {
		times[i] = times_left_repeat(cfg, ncopies, count, i, done[i]);
		frozen[i] = done[i] > 0 && done[i] < passes_of(cfg) && times[i] > 0;
	}
	*left = rest(cfg, times, frozen, spent, m, plans);
	return 1;
}

double plan_run(const struct config *cfg, size_t ncopies, struct test_plan *plans)
{
	return plan_rest(cfg, ncopies, 0, 0, 0, NULL, plans);
}

double plan_minimum(const struct config *cfg, size_t ncopies)
{
	struct test_plan *plans = calloc(MAX_SELECTED, sizeof(*plans));
	size_t times[MAX_SELECTED];
	double total;

	if (plans == NULL)
		return 0;
	for (size_t i = 0; i < cfg->ntests; i++) {
		times[i] = times_left(cfg, ncopies, 0, 0, i);
		plan_test(cfg, cfg->tests[i], &plans[i]);
	}
	shrink_to(cfg, times, NULL, 0, plans, 1);
	total = planned(cfg, times, plans);
	free(plans);
	return total;
}

int plan_check_budget(struct config *cfg, size_t ncopies, double spent, double *least)
{
	if (cfg->time_budget <= 0)
		return 0;
	*least = (plan_minimum(cfg, ncopies) + spent + PLAN_BUDGET_RESERVE_S) /
		 (1 - PLAN_BUDGET_RESERVE_SHARE) / 60.0;
	if (*least <= cfg->time_budget)
		return 0;
	if (cfg->budget_implied) {
		cfg->time_budget = ceil(*least);
		return 0;
	}
	return -1;
}

/*
 * Whether the interval of the figure the report shows, UnixBench's trimmed
 * geometric mean (stats_trimmed_log: winsorized variance, Yuen's df), is
 * within p->precision of it.
 */
static int precise_result(const struct test_plan *p, const double *counts, const double *rates,
			  size_t n)
{
	struct trimmed_log t;

	if (stats_trimmed_log(counts, rates, n, &t) != 0)
		return 0;
	return expm1(stats_t_quantile(0.975, t.df) * sqrt(t.var)) <= p->precision;
}

int plan_done(const struct test_plan *p, const double *counts, const double *rates, size_t n,
	      double elapsed, int *capped)
{
	*capped = 0;
	if (n >= p->max_samples) {
		*capped = p->precision > 0 && !precise_result(p, counts, rates, n);
		return 1;
	}
	if (n < p->min_samples)
		return 0;
	if (p->precision <= 0)
		return 1;
	if (precise_result(p, counts, rates, n))
		return 1;
	/* Would the next sample break the time cap? */
	if (p->time_cap > 0 && elapsed + p->pass_estimate > p->time_cap) {
		*capped = 1;
		return 1;
	}
	return 0;
}

_Static_assert(PAIRED_STAGE_ONE == PLAN_MIN_VERDICT_ROUNDS,
	       "the first stage is the rounds a verdict needs (--precision's minimum)");

int plan_two_stage(const struct test_plan *p)
{
	return p->precision > 0 && p->instance_sd == 0 && p->dirs > 1;
}

/*
 * Stein's rule (plan_rounds_done): the rounds the first stage fixes, the
 * most over the active directories; 0 while a first stage is short.
 */
static unsigned stein_total(const struct test_plan *p, const double *const *rates,
			    const int *active, size_t ndirs, size_t n)
{
	unsigned most = 0;

	for (size_t d = 1; d < ndirs && d < MAX_TESTDIRS && active[0]; d++) {
		unsigned k;

		if (!active[d])
			continue;
		k = paired_stein_rounds(paired_stage_sd(rates[0], rates[d], n, PAIRED_STAGE_ONE),
					PAIRED_STAGE_ONE, log1p(p->precision));
		if (k == 0)
			return 0;
		if (k > most)
			most = k;
	}
	return most;
}

int plan_rounds_done(const struct test_plan *p, const double *const *rates,
		     const unsigned *const *places, const int *active, size_t ndirs, size_t n,
		     double elapsed, int *capped)
{
	const double *act[MAX_TESTDIRS];
	const unsigned *pl[MAX_TESTDIRS];
	size_t na = 0;
	int precise;

	*capped = 0;
	if (n < p->min_samples && n < p->max_samples)
		return 0;
	if (p->precision <= 0)
		return n >= p->max_samples;
	if (plan_two_stage(p)) {
		unsigned want = stein_total(p, rates, active, ndirs, n);

		if (want > 0 && n >= want && n >= p->min_samples)
			return 1;
		if (n >= p->max_samples ||
		    (p->time_cap > 0 && elapsed + p->pass_estimate * ndirs > p->time_cap)) {
			*capped = 1;
			return 1;
		}
		return 0;
	}
	/* The baseline and every directory still measured. */
	for (size_t d = 0; d < ndirs && d < MAX_TESTDIRS && active[0]; d++)
		if (active[d]) {
			pl[na] = places ? places[d] : NULL;
			act[na++] = rates[d];
		}
	precise = na >= 2 && paired_precise(act, places ? pl : NULL, na, n, p->min_samples,
					    p->precision, p->instance_sd);
	if (precise)
		return 1;
	if (n >= p->max_samples ||
	    (p->time_cap > 0 && elapsed + p->pass_estimate * ndirs > p->time_cap)) {
		*capped = 1;
		return 1;
	}
	return 0;
}
