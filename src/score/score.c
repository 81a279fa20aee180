/* score.c: UnixBench's result, index and index-score arithmetic. */
#include "score/score.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "score/score_ci.h"

double score_rate(double count, double time, double timebase)
{
	if (timebase > 0 && time > 0)
		return count / (time / timebase);
	return count;
}

double score_pass_rate(const struct test_def *def, const struct pass_result *p)
{
	double rate = score_rate(p->count, p->time, p->ncopies ? p->copies[0].timebase : 0);

	/*
	 * A time (ns) does not add up over copies: the pass's figure is the
	 * copies' mean, and the rule's "lowest third" is the slowest third.
	 */
	if ((def->flags & TF_LOWER) && p->ncopies > 0)
		rate /= (double)p->ncopies;
	return rate;
}

double score_pass_order(const struct test_def *def, const struct pass_result *p)
{
	return (def->flags & TF_LOWER) ? -p->count : p->count;
}

int score_pass_metric(const struct pass_result *pr, const char *name, enum metric_combine how,
		      double *out)
{
	double v = 0;
	int seen = 0;

	for (size_t c = 0; c < pr->ncopies && pr->copies != NULL; c++) {
		const struct copy_result *cr = &pr->copies[c];

		for (size_t i = 0; i < cr->nmetrics; i++) {
			double x = cr->metrics[i].value;

			if (strcmp(cr->metrics[i].name, name) != 0)
				continue;
			if (how != MC_MAX)
				v += x;
			else if (!seen || x > v)
				v = x;
			seen = 1;
		}
	}
	if (how == MC_MEAN && pr->ncopies > 0)
		v /= (double)pr->ncopies;
	*out = v;
	return seen;
}

/* Metric m of one pass: its copies' values combined as the program declared. */
static double pass_metric(const struct pass_result *pr, const struct metric *m)
{
	double v;

	score_pass_metric(pr, m->name, m->combine, &v);
	return v;
}

/* Each metric: its copies combined per pass, then averaged over the passes. */
static void average_metrics(struct bench_result *t)
{
	size_t used = 0;

	t->nmetrics = 0;
	for (size_t p = 0; p < t->npasses; p++) {
		const struct pass_result *pr = &t->passes[p];

		for (size_t c = 0; c < pr->ncopies; c++) {
			const struct copy_result *cr = &pr->copies[c];

			for (size_t m = 0; m < cr->nmetrics; m++) {
				size_t k;

				for (k = 0; k < t->nmetrics; k++)
					if (strcmp(t->metrics[k].name, cr->metrics[m].name) == 0)
						break;
				if (k == t->nmetrics && k < MAX_METRICS)
					t->metrics[t->nmetrics++] = cr->metrics[m];
			}
		}
	}
	for (size_t k = 0; k < t->nmetrics; k++) {
		struct metric *m = &t->metrics[k];

		m->value = 0;
		used = 0;
		for (size_t p = 0; p < t->npasses; p++)
			if (!t->passes[p].excluded) {
				m->value += pass_metric(&t->passes[p], m);
				used++;
			}
		if (used > 0)
			m->value /= (double)used;
	}
}

void score_exclude_disturbed(struct bench_result *t)
{
	size_t valid = 0, flagged = 0;

	t->excluded = t->flagged_kept = 0;
	for (size_t i = 0; i < t->npasses; i++) {
		t->passes[i].excluded = 0;
		if (t->passes[i].ok) {
			valid++;
			flagged += t->passes[i].intf.flags != 0;
		}
	}
	if (flagged == 0)
		return;
	if (flagged == valid) {
		t->flagged_kept = flagged;
		return;
	}
	for (size_t i = 0; i < t->npasses; i++)
		if (t->passes[i].ok && t->passes[i].intf.flags != 0) {
			t->passes[i].excluded = 1;
			t->excluded++;
		}
}

/*
 * The placement metric (context1's shared_cpu_fraction, read during the
 * loop): did its processes share a CPU at every reading of every pass (1), at
 * none (0)?  A copy whose readings were mixed (between 0 and 1) counts as
 * both, so the result is -1 (mixed), as it is when nothing was read.
 */
static void placement(struct bench_result *t)
{
	int seen_shared = 0, seen_apart = 0;

	t->shared_cpu = -1;
	if (t->def->placement_metric == NULL)
		return;
	for (size_t p = 0; p < t->npasses; p++)
		for (size_t c = 0; c < t->passes[p].ncopies; c++) {
			struct copy_result *cr = &t->passes[p].copies[c];

			for (size_t m = 0; m < cr->nmetrics; m++) {
				if (strcmp(cr->metrics[m].name, t->def->placement_metric) != 0)
					continue;
				seen_shared |= cr->metrics[m].value > 0;
				seen_apart |= cr->metrics[m].value < 1;
			}
		}
	if (seen_shared != seen_apart)
		t->shared_cpu = seen_shared;
}

void score_test(struct bench_result *t)
{
	size_t n = t->npasses;
	double *count, *rate, tsum = 0;
	int *dropped;
	size_t *idx, m = 0;

	t->score = t->time = 0;
	t->kept = 0;
	t->index = 0;
	memset(&t->stats, 0, sizeof(t->stats));
	/* Every finished sample keeps its rate, even in a test a signal cut short. */
	for (size_t i = 0; i < n; i++)
		if (t->passes[i].ok)
			t->passes[i].rate = score_pass_rate(t->def, &t->passes[i]);
	/* A test cut short: its figures over the samples it has, in no index. */
	if (n == 0 || (t->status != TS_OK && result_partial(t) == 0))
		return;
	count = calloc(n, sizeof(*count));
	rate = calloc(n, sizeof(*rate));
	dropped = calloc(n, sizeof(*dropped));
	idx = calloc(n, sizeof(*idx));
	if (count == NULL || rate == NULL || dropped == NULL || idx == NULL)
		goto out;
	for (size_t i = 0; i < n; i++) {
		struct pass_result *p = &t->passes[i];

		p->dropped = 0;
		if (t->status != TS_OK && !p->ok)
			continue;       /* a partial test's failed last sample */
		p->rate = score_pass_rate(t->def, p);
		if (p->excluded)
			continue;
		count[m] = score_pass_order(t->def, p);
		rate[m] = p->rate;
		idx[m++] = i;
	}
	t->score = stats_unixbench(count, rate, m, dropped, &t->kept);
	for (size_t k = 0; k < m; k++) {
		t->passes[idx[k]].dropped = dropped[k];
		if (!dropped[k])
			tsum += t->passes[idx[k]].time;
		/* A kept zero outside UnixBench's index tests: the score is zero. */
		if (!dropped[k] && !(rate[k] > 0) && !test_zero_as_one(t->def))
			t->score = 0;
	}
	t->time = t->kept ? tsum / (double)t->kept : 0;
	stats_summarize(rate, m, &t->stats);
	average_metrics(t);
	placement(t);
	if (t->status == TS_OK && t->def->baseline > 0 && t->score > 0)
		t->index = 10.0 * t->score / t->def->baseline;
out:
	free(count);
	free(rate);
	free(dropped);
	free(idx);
}

/* Pass q's figure (score_test_passes): UnixBench's over its valid samples, 0 if none. */
static double pass_figure(const struct bench_result *t, unsigned q, double *count, double *rate)
{
	size_t m = 0, kept;

	for (size_t i = 0; i < t->npasses; i++) {
		const struct pass_result *p = &t->passes[i];

		if (p->repeat_pass != q || !p->ok || p->excluded)
			continue;
		count[m] = score_pass_order(t->def, p);
		rate[m++] = p->rate;
	}
	return m > 0 ? stats_unixbench(count, rate, m, NULL, &kept) : 0;
}

size_t score_test_passes(const struct bench_result *t, struct re_pool *p)
{
	double y[MAX_REPEAT], v[MAX_REPEAT] = { 0 }, *count, *rate;
	unsigned npass = 0;
	size_t k = 0;

	if (t->status != TS_OK || t->npasses == 0)
		return 0;
	for (size_t i = 0; i < t->npasses; i++)
		if (t->passes[i].repeat_pass > npass && t->passes[i].repeat_pass <= MAX_REPEAT)
			npass = t->passes[i].repeat_pass;
	count = calloc(t->npasses, sizeof(*count));
	rate = calloc(t->npasses, sizeof(*rate));
	for (unsigned q = 1; q <= npass && count != NULL && rate != NULL; q++) {
		double f = pass_figure(t, q, count, rate);

		if (f > 0 && isfinite(f))
			y[k++] = log(f);
	}
	free(count);
	free(rate);
	return k >= 2 && re_pool(y, v, k, -1, p) == 0 ? k : 0;
}

void score_run(struct copy_run *run)
{
	double logsum[CAT_COUNT] = { 0 };

	memset(run->cats, 0, sizeof(run->cats));
	for (size_t i = 0; i < test_table_len; i++)
		if (test_table[i].baseline > 0)
			run->cats[test_category(&test_table[i])].nbaseline++;
	for (size_t i = 0; i < run->ntests; i++) {
		struct bench_result *t = &run->tests[i];
		enum test_category c = test_category(t->def);
		double ratio;

		if (t->status != TS_OK || !(t->score > 0))
			continue;
		run->cats[c].any_results = 1;
		if (!(t->def->baseline > 0))
			continue;
		ratio = t->score / t->def->baseline;
		run->cats[c].nindexed++;
		/* As UnixBench 6.0: a ratio of 1e-6 or less counts but adds nothing. */
		if (ratio > 0.000001)
			logsum[c] += log(ratio);
	}
	for (int c = 0; c < CAT_COUNT; c++) {
		struct cat_index *ci = &run->cats[c];

		ci->partial = ci->nindexed < ci->nbaseline;
		if (ci->nindexed > 0)
			ci->score = 10.0 * exp(logsum[c] / (double)ci->nindexed);
	}
	score_ci_run(run, &run->score_ci);
}

void score_scaling(struct run_result *r)
{
	for (size_t i = 0; i < r->nruns; i++) {
		struct copy_run *run = &r->runs[i];
		const struct copy_run *one = NULL;

		/* The 1-copy run of the same test directory (paired mode has several). */
		for (size_t j = 0; j < r->nruns; j++)
			if (r->runs[j].copies == 1 && r->runs[j].dir == run->dir)
				one = &r->runs[j];

		for (size_t k = 0; k < run->ntests; k++) {
			struct bench_result *t = &run->tests[k];

			t->scaling = 0;
			/* A time's scaling is not "N times the work": no line for it. */
			if (one == NULL || run->copies < 2 || t->status != TS_OK ||
			    (t->def->flags & TF_LOWER))
				continue;
			for (size_t j = 0; j < one->ntests; j++)
				if (one->tests[j].def == t->def && one->tests[j].status == TS_OK &&
				    one->tests[j].score > 0)
					t->scaling = t->score / (run->copies * one->tests[j].score);
		}
	}
}
