/* repeat.c: --repeat N, passes one after the other (the rule: repeat.h). */
#include "run/repeat.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "run/plan.h"
#include "run/steps.h"
#include "score/score.h"
#include "score/score_ci.h"
#include "stats/stats.h"
#include "util/util.h"

/* A small generator for the orders (xorshift64*): not security, just fresh per run. */
static uint64_t next_rand(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

static void shuffle_sizes(size_t *v, size_t n, uint64_t *seed)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)(next_rand(seed) % i), t = v[i - 1];

		v[i - 1] = v[j];
		v[j] = t;
	}
}

static void shuffle_ints(int *v, size_t n, uint64_t *seed)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)(next_rand(seed) % i);
		int t = v[i - 1];

		v[i - 1] = v[j];
		v[j] = t;
	}
}

uint64_t repeat_fresh_seed(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return ((uint64_t)ts.tv_sec * 1000000007ULL) ^ (uint64_t)ts.tv_nsec ^
	       ((uint64_t)getpid() << 32) ^ 0x9e3779b97f4a7c15ULL;
}

void repeat_pool(const double *s, const double *v, size_t n, struct repeat_score *rs)
{
	double y[MAX_REPEAT], w[MAX_REPEAT];
	size_t k = 0;

	rs->ok = 0;
	rs->within = v != NULL;
	for (size_t p = 0; p < n && p < MAX_REPEAT; p++) {
		if (!(s[p] > 0))
			continue;
		rs->pass_score[k] = s[p];
		y[k] = log(s[p]);
		w[k] = v != NULL ? v[p] : 0;
		k++;
	}
	rs->n = k;
	if (k >= 2 && re_pool(y, w, k, -1, &rs->pool) == 0) {
		struct re_pool *p = &rs->pool;
		double vbar = 0, t = stats_t_quantile(0.975, p->df);

		/* What the next run of the same command scores: n passes pooled. */
		for (size_t i = 0; i < k; i++)
			vbar += w[i] / (double)k;
		p->pred_se = sqrt((p->tau2 + vbar) / (double)n + p->se * p->se);
		p->pred_lo = p->mean - t * p->pred_se;
		p->pred_hi = p->mean + t * p->pred_se;
		rs->ok = 1;
	}
}

/* Seconds one pass is planned to take (the plans as they stand). */
static double pass_seconds(const struct run_env *env)
{
	double s = 0;

	for (size_t i = 0; i < env->cfg->ntests; i++)
		s += env->plans[i].max_samples * env->plans[i].pass_estimate;
	return s;
}

/* Each pass's test t moved into the merged result: passes appended, statuses kept. */
/* The last --repeat pass a test has a sample in. */
static unsigned last_pass(const struct bench_result *t)
{
	unsigned p = 0;

	for (size_t i = 0; i < t->npasses; i++)
		if (t->passes[i].repeat_pass > p)
			p = t->passes[i].repeat_pass;
	return p;
}

static void merge_test(struct copy_run *passes, unsigned npass, size_t t, struct bench_result *m)
{
	size_t total = 0, k = 0;

	*m = passes[0].tests[t];
	for (unsigned p = 0; p < npass; p++)
		total += passes[p].tests[t].npasses;
	m->passes = calloc(total ? total : 1, sizeof(*m->passes));
	m->npasses = 0;
	if (m->passes == NULL) {
		m->status = TS_FAILED;
		fmt(m->reason, sizeof(m->reason), "out of memory");
		return;
	}
	for (unsigned p = 0; p < npass; p++) {
		struct bench_result *b = &passes[p].tests[t];

		for (size_t i = 0; i < b->npasses; i++) {
			m->passes[k] = b->passes[i];    /* the copies move with it */
			m->passes[k++].repeat_pass = p + 1;
		}
		if (b->status != TS_OK && m->status == TS_OK) {
			m->status = b->status;
			fmt(m->reason, sizeof(m->reason), "pass %u: %s", p + 1, b->reason);
		}
		m->capped |= b->capped;
		free(b->passes);
		b->passes = NULL;
		b->npasses = 0;
	}
	m->npasses = k;
	/* Cut short in a pass: the samples of every pass it has, partial. */
	if (m->status == TS_NOT_RUN && result_partial(m) > 0)
		fmt(m->reason, sizeof(m->reason), REASON_INTERRUPTED ": %zu samples over %u of %u passes",
		    result_partial(m), last_pass(m), npass);
}

int repeat_copy_run(struct run_env *env, unsigned copies, unsigned npass, struct copy_run *run,
		    struct repeat_score *rs)
{
	const struct config *cfg = env->cfg;
	size_t nt = cfg->ntests;
	struct copy_run *passes = calloc(npass, sizeof(*passes));
	size_t *order = calloc(nt ? nt : 1, sizeof(*order));
	struct bench_result **trs = calloc(nt ? nt : 1, sizeof(*trs));
	size_t done[MAX_SELECTED] = { 0 };     /* passes that ran each test: the budget's plan */
	double score[MAX_REPEAT] = { 0 }, var[MAX_REPEAT] = { 0 }, secs;
	/* The run's seed (the journal keeps it: --resume draws the same orders). */
	uint64_t seed = (env->seed ? env->seed : repeat_fresh_seed()) ^
			((uint64_t)(env->count + 1) * 0x9e3779b97f4a7c15ULL);
	int sig = 0, within = 1;

	memset(run, 0, sizeof(*run));
	memset(rs, 0, sizeof(*rs));
	rs->copies = copies;
	run->copies = copies;
	run->start = time(NULL);
	if (passes == NULL || order == NULL || trs == NULL || npass > MAX_REPEAT) {
		free(passes);
		free(order);
		free(trs);
		return 0;
	}
	for (unsigned p = 0; p < npass; p++) {
		passes[p].copies = copies;
		passes[p].tests = calloc(nt ? nt : 1, sizeof(*passes[p].tests));
		passes[p].ntests = passes[p].tests ? nt : 0;
		for (size_t i = 0; i < passes[p].ntests; i++) {
			passes[p].tests[i].def = cfg->tests[i];
			passes[p].tests[i].status = TS_NOT_RUN;
			fmt(passes[p].tests[i].reason, sizeof(passes[p].tests[i].reason), "interrupted");
		}
	}
	secs = pass_seconds(env);
	runner_log(env, "#### --repeat %u: passes one after the other, each planned at %.0f s\n",
		   npass, secs);
	if (secs < REPEAT_MIN_PASS_S) {
		runner_log(env, "# a pass under %.0f s shares the host's state with the next: the "
			   "interval over the passes reads narrow\n", REPEAT_MIN_PASS_S);
		if (!cfg->quiet && env->count == 0) {
			runner_progress_break(env);
			fprintf(stderr, "sysindex: --repeat: each pass is planned at %.0f s, under the "
				"%.0f s that outlast the host's memory of its speed: the passes' spread "
				"will understate the runs'; select more tests or longer samples\n",
				secs, REPEAT_MIN_PASS_S);
		}
	}
	/* Each pass whole before the next: the passes lie minutes apart, as runs do. */
	env->repeat_done = done;
	for (unsigned p = 0; p < npass && !sig; p++) {
		if (passes[p].ntests != nt)
			continue;
		for (size_t i = 0; i < nt; i++)
			order[i] = i;
		shuffle_sizes(order, nt, &seed);
		for (size_t i = 0; i < nt; i++)
			trs[i] = &passes[p].tests[order[i]];
		/* Under --pin, each pass draws again which CPU each copy gets. */
		if (cfg->pin && env->ncpus > 1)
			shuffle_ints(env->cpus, env->ncpus, &seed);
		runner_log(env, "#### --repeat: pass %u of %u\n", p + 1, npass);
		env->repeat_pass = p + 1;
		sig = runner_tests(env, order, nt, NULL, copies, trs);
		env->repeat_pass = 0;
	}
	env->repeat_done = NULL;
	for (unsigned p = 0; p < npass; p++) {
		struct score_ci ci;

		score_run(&passes[p]);
		score_ci_run(&passes[p], &ci);
		score[p] = passes[p].cats[CAT_SYSTEM].nindexed > 0 && !sig
			? passes[p].cats[CAT_SYSTEM].score : NAN;
		var[p] = ci.ok ? ci.log_se * ci.log_se : NAN;
		/* A pass whose samples all agree has none: then no pass's is weighed in. */
		within &= ci.ok && var[p] > 0;
	}
	repeat_pool(score, within ? var : NULL, npass, rs);
	run->tests = calloc(nt ? nt : 1, sizeof(*run->tests));
	if (run->tests != NULL) {
		for (size_t t = 0; t < nt; t++) {
			struct bench_result *tr = &run->tests[run->ntests];

			/* A disk test beyond its 1-copy block is not listed (plan_listed_at). */
			if (!plan_listed_at(env->cfg, env->cfg->tests[t], env->count))
				continue;
			run->ntests++;
			merge_test(passes, npass, t, tr);
			if (env->cfg->exclude_disturbed)
				score_exclude_disturbed(tr);
			score_test(tr);
		}
	}
	for (unsigned p = 0; p < npass; p++)
		copy_run_free(&passes[p]);
	free(passes);
	free(order);
	free(trs);
	runner_end_copy_run(env, run);
	return sig;
}
