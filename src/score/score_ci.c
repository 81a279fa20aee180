/* score_ci.c: the index score's 95% interval by the delta method. */
#include "score/score_ci.h"
#include "score/score.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats/randeff.h"
#include "stats/stats.h"

/* The winsorized variance of UnixBench's result lives with the rule (stats.h). */
static int log_var_of(int rc, const struct trimmed_log *t, struct log_var *lv)
{
	if (rc != 0)
		return -1;
	lv->var = t->var;
	lv->df = t->df;
	return 0;
}

int score_ci_kept(const double *rate, const unsigned char *dropped, size_t n,
		  struct log_var *lv)
{
	struct trimmed_log t;

	return log_var_of(stats_trimmed_log_kept(rate, dropped, n, &t), &t, lv);
}

int score_ci_passes(const double *count, const double *rate, size_t n, struct log_var *lv)
{
	struct trimmed_log t;

	return log_var_of(stats_trimmed_log(count, rate, n, &t), &t, lv);
}

int score_ci_test(const struct bench_result *t, struct log_var *lv)
{
	const struct summary *s = &t->stats;
	double *count, *rate;
	size_t n = 0;
	int rc;

	if (t->npasses >= 2) {
		count = calloc(t->npasses, sizeof(*count));
		rate = calloc(t->npasses, sizeof(*rate));
		if (count == NULL || rate == NULL) {
			free(count);
			free(rate);
			return -1;
		}
		/* The valid passes, ordered as score_test orders them. */
		for (size_t i = 0; i < t->npasses; i++) {
			const struct pass_result *p = &t->passes[i];

			if (!p->ok || p->excluded)
				continue;
			count[n] = score_pass_order(t->def, p);
			rate[n++] = p->rate;
		}
		rc = score_ci_passes(count, rate, n, lv);
		free(count);
		free(rate);
		return rc;
	}
	if (t->npasses == 0)
		return score_ci_summary(s->n, s->mean, s->sd, lv);
	return -1;
}

int score_ci_summary(size_t n, double mean, double sd, struct log_var *lv)
{
	if (n < 2 || !(mean > 0) || !(sd >= 0) || !isfinite(sd))
		return -1;
	lv->var = (sd / mean) * (sd / mean) / (double)n;
	lv->df = (double)n - 1;
	return 0;
}

void score_ci_combine(double score, const struct log_var *lv, size_t k, struct score_ci *ci)
{
	double v = 0, den = 0, dfsum = 0, t;

	ci->score = score;
	ci->ok = 0;
	if (k == 0 || !(score > 0)) {
		snprintf(ci->why, sizeof(ci->why), "no index results");
		return;
	}
	for (size_t j = 0; j < k; j++) {
		double vj = lv[j].var / ((double)k * (double)k);

		v += vj;
		den += vj * vj / lv[j].df;
		dfsum += lv[j].df;
	}
	ci->log_se = sqrt(v);
	/* Welch-Satterthwaite; with no spread at all, every test's df counts. */
	ci->df = den > 0 ? v * v / den : dfsum;
	t = stats_t_quantile(0.975, ci->df);
	ci->lo = score * exp(-t * ci->log_se);
	ci->hi = score * exp(t * ci->log_se);
	ci->ok = 1;
	ci->why[0] = '\0';
}

void score_ci_run(const struct copy_run *run, struct score_ci *ci)
{
	const struct cat_index *sys = &run->cats[CAT_SYSTEM];
	struct log_var *lv = calloc(run->ntests ? run->ntests : 1, sizeof(*lv));
	size_t k = 0, single = 0, zero = 0;

	memset(ci, 0, sizeof(*ci));
	ci->score = sys->score;
	if (lv == NULL) {
		snprintf(ci->why, sizeof(ci->why), "out of memory");
		return;
	}
	for (size_t i = 0; i < run->ntests; i++) {
		const struct bench_result *t = &run->tests[i];

		if (test_category(t->def) != CAT_SYSTEM || !(t->def->baseline > 0) ||
		    t->status != TS_OK || !(t->score > 0))
			continue;
		ci->ntests++;
		if (score_ci_test(t, &lv[k]) == 0 && t->score / t->def->baseline > 0.000001)
			k++;
		else if (t->npasses >= 2 || t->stats.n >= 2)
			zero++;         /* samples, but one counted zero: no log spread */
		else
			single++;
	}
	ci->nsingle = single + zero;
	if (ci->ntests == 0)
		snprintf(ci->why, sizeof(ci->why), "no index results");
	else if (zero > 0)
		snprintf(ci->why, sizeof(ci->why),
			 "unavailable: %zu test%s with a sample that counted zero", zero,
			 zero == 1 ? "" : "s");
	else if (single > 0)
		snprintf(ci->why, sizeof(ci->why),
			 "unavailable: %zu of %zu test%s %s one sample (no spread)", single,
			 ci->ntests, ci->ntests == 1 ? "" : "s", single == 1 ? "has" : "have");
	else
		score_ci_combine(sys->score, lv, k, ci);
	free(lv);
}

int score_ci_delta(const struct score_ci *a, const struct score_ci *b, struct score_delta *d)
{
	double va, vb, den = 0;

	if (!a->ok || !b->ok || !(a->score > 0) || !(b->score > 0))
		return -1;
	va = a->log_se * a->log_se;
	vb = b->log_se * b->log_se;
	d->log_ratio = log(b->score / a->score);
	d->se = sqrt(va + vb);
	if (a->df > 0)
		den += va * va / a->df;
	if (b->df > 0)
		den += vb * vb / b->df;
	d->df = den > 0 ? (va + vb) * (va + vb) / den : a->df + b->df;
	return 0;
}

int score_ci_pool(const double *y, const double *v, size_t r, struct score_pool *p)
{
	struct re_pool rp;

	for (size_t i = 0; i < r; i++)
		if (!(v[i] > 0))
			return -1;
	if (re_pool(y, v, r, -1, &rp) != 0)
		return -1;
	p->mean = rp.mean;
	p->se = rp.se;
	p->tau2 = rp.tau2;
	p->df = rp.df;
	p->pred_se = rp.pred_se;
	return 0;
}
