/* verdict.c: Holm's step-down, two one-sided tests, and the words. */
#include "stats/verdict.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats/stats.h"

/*
 * Each word and its verdict.  The first row of a verdict is the word it
 * prints; later rows are read only (reports before the equivalence test
 * printed "no difference proven" where they now print "inconclusive").
 */
static const struct {
	const char *word;
	enum verdict v;
} words[] = {
	{ "faster", VD_FASTER },
	{ "slower", VD_SLOWER },
	{ "equivalent", VD_EQUIVALENT },
	{ "inconclusive", VD_INCONCLUSIVE },
	{ VERDICT_SIGNIFICANT_EQUIVALENT, VD_EQUIVALENT },
	{ "no difference proven", VD_INCONCLUSIVE },
};
#define NWORDS (sizeof(words) / sizeof(words[0]))
#define FEW_SEP ": "

const char *verdict_word(enum verdict v)
{
	if (v == VD_FEW)
		v = VD_INCONCLUSIVE;
	for (size_t i = 0; i < NWORDS; i++)
		if (words[i].v == v)
			return words[i].word;
	return "";
}

const char *verdict_label(const struct verdict_out *o)
{
	if (o->v == VD_EQUIVALENT && o->negligible)
		return VERDICT_SIGNIFICANT_EQUIVALENT;
	return verdict_word(o->v);
}

void verdict_few(char *out, size_t len, const char *detail_fmt, ...)
{
	int n = snprintf(out, len, "%s" FEW_SEP, verdict_word(VD_FEW));
	va_list ap;

	if (n < 0 || (size_t)n >= len)
		return;
	va_start(ap, detail_fmt);
	vsnprintf(out + n, len - (size_t)n, detail_fmt, ap);
	va_end(ap);
}

int verdict_parse(const char *s, enum verdict *out)
{
	const char *few = verdict_word(VD_FEW);
	size_t k = strlen(few);

	for (size_t i = 0; i < NWORDS; i++)
		if (strcmp(s, words[i].word) == 0) {
			*out = words[i].v;
			return 0;
		}
	if (strncmp(s, few, k) == 0 && strncmp(s + k, FEW_SEP, strlen(FEW_SEP)) == 0) {
		*out = VD_FEW;
		return 0;
	}
	return -1;
}

size_t verdict_word_at_end(const char *s, size_t len)
{
	for (size_t i = 0; i < NWORDS; i++) {
		size_t k = strlen(words[i].word);

		if (len > k && s[len - k - 1] == ' ' && memcmp(s + len - k, words[i].word, k) == 0)
			return k;
	}
	return 0;
}

double verdict_mde(double se, double df, size_t m, double alpha, double power)
{
	double k = (double)(m ? m : 1);

	if (!(se >= 0) || !isfinite(se) || verdict_no_spread(se) || !(df > 0) ||
	    !(power > 0 && power < 1))
		return NAN;     /* no spread: nothing says what change it would see */
	return (stats_t_quantile(1 - alpha / (2 * k), df) + stats_t_quantile(power, df)) * se;
}

int verdict_enough(double df)
{
	return df >= VERDICT_MIN_DF;
}

int verdict_no_spread(double se)
{
	return isfinite(se) && fabs(se) <= VERDICT_SE_ZERO;
}

/* Whether a usable row can be tested: enough df, and a spread to test against. */
static int testable(const struct verdict_in *x)
{
	return verdict_enough(x->df) && !verdict_no_spread(x->se);
}

/*
 * Holm's step-down with Shaffer's bound (1986, method S1): the i-th smallest
 * p-value (from 0) is multiplied by the most true nulls that can remain after
 * i rejections, min(cap, m - i) (Holm's m - i when cap >= m).
 */
static void step_down(const double *p, size_t m, size_t cap, double *adj)
{
	size_t *ord = malloc((m ? m : 1) * sizeof(*ord));
	double run = 0;

	if (ord == NULL) {
		/* Bonferroni at the cap: never weaker than the step-down's guarantee. */
		for (size_t i = 0; i < m; i++)
			adj[i] = fmin(1, (double)(cap < m ? cap : m) * p[i]);
		return;
	}
	for (size_t i = 0; i < m; i++)
		ord[i] = i;
	/* Insertion sort by p, stable: a family is at most a few hundred rows. */
	for (size_t i = 1; i < m; i++)
		for (size_t j = i; j > 0 && p[ord[j - 1]] > p[ord[j]]; j--) {
			size_t t = ord[j];

			ord[j] = ord[j - 1];
			ord[j - 1] = t;
		}
	for (size_t k = 0; k < m; k++) {
		double a = fmin(1, (double)(m - k < cap ? m - k : cap) * p[ord[k]]);

		run = fmax(run, a);
		adj[ord[k]] = run;
	}
	free(ord);
}

void verdict_holm(const double *p, size_t m, double *adj)
{
	step_down(p, m, m, adj);
}

void verdict_holm_pairs(const double *p, size_t m, double *adj)
{
	step_down(p, 2 * m, m, adj);
}

/* P(T > x) for x = z / se; se 0 means an exact value. */
static double upper_tail(double z, double se, double df)
{
	if (!(se > 0))
		return z > 0 ? 0 : 1;
	return 1 - stats_t_cdf(z / se, df);
}

void verdict_tost(double est, double se, double df, double delta, double *p_lo, double *p_hi)
{
	/* H01: est <= -delta, rejected by a large (est + delta) / se. */
	*p_lo = upper_tail(est + delta, se, df);
	/* H02: est >= +delta, rejected by a small (est - delta) / se. */
	*p_hi = upper_tail(delta - est, se, df);
}

static double p_two_sided(double est, double se, double df)
{
	if (!(se > 0))
		return est == 0 ? 1 : 0;
	return fmin(1, 2 * (1 - stats_t_cdf(fabs(est) / se, df)));
}

static int usable(const struct verdict_in *x)
{
	return isfinite(x->est) && isfinite(x->se) && x->se >= 0 && x->df > 0;
}

/* Raw p-values and intervals of one row; m sizes the simultaneous interval. */
static void raw(const struct verdict_in *x, double delta, double alpha, size_t m,
		struct verdict_out *o)
{
	double q = stats_t_quantile(1 - alpha / 2, x->df);
	double qa = stats_t_quantile(1 - alpha / (2 * (double)(m ? m : 1)), x->df);

	o->p_diff = p_two_sided(x->est, x->se, x->df);
	verdict_tost(x->est, x->se, x->df, delta, &o->p_lo, &o->p_hi);
	o->lo = x->est - q * x->se;
	o->hi = x->est + q * x->se;
	o->adj_lo = x->est - qa * x->se;
	o->adj_hi = x->est + qa * x->se;
}

static void decide(const struct verdict_in *x, double alpha, struct verdict_out *o)
{
	int diff = o->p_diff_adj <= alpha, equiv = o->p_tost_adj <= alpha;

	if (equiv) {
		o->v = VD_EQUIVALENT;
		o->negligible = diff;
	} else if (diff) {
		o->v = (x->est > 0) != (x->lower_better != 0) ? VD_FASTER : VD_SLOWER;
	} else {
		o->v = VD_INCONCLUSIVE;
	}
}

static void blank(struct verdict_out *o)
{
	*o = (struct verdict_out){ .v = VD_NONE, .p_diff = NAN, .p_lo = NAN, .p_hi = NAN,
				   .p_diff_adj = NAN, .p_tost_adj = NAN, .lo = NAN, .hi = NAN,
				   .adj_lo = NAN, .adj_hi = NAN };
}

void verdict_judge(const struct verdict_in *in, size_t n, struct verdict_family *f,
		   struct verdict_out *out)
{
	double delta = log1p(f->margin), alpha = f->alpha > 0 ? f->alpha : VERDICT_ALPHA;
	double *pd = calloc((n ? n : 1) * 4, sizeof(*pd));
	size_t *idx = malloc((n ? n : 1) * sizeof(*idx)), m = 0;

	f->m = 0;
	for (size_t i = 0; i < n; i++) {
		blank(&out[i]);
		if (!usable(&in[i]))
			continue;
		if (!testable(&in[i])) {
			/* Its figures are shown, unjudged: no verdict on so few, or on no spread. */
			raw(&in[i], delta, alpha, 1, &out[i]);
			out[i].v = VD_FEW;
			continue;
		}
		m++;
	}
	f->m = m;
	if (pd == NULL || idx == NULL) {
		for (size_t i = 0; i < n; i++)
			if (usable(&in[i]) && testable(&in[i]))
				out[i].v = VD_INCONCLUSIVE;     /* no memory: claim nothing */
		free(pd);
		free(idx);
		return;
	}
	m = 0;
	for (size_t i = 0; i < n; i++) {
		if (!usable(&in[i]) || !testable(&in[i]))
			continue;
		raw(&in[i], delta, alpha, f->m, &out[i]);
		idx[m] = i;
		pd[m] = out[i].p_diff;
		pd[n + m] = fmax(out[i].p_lo, out[i].p_hi);
		m++;
	}
	/*
	 * One step-down over all 2m p-values (each row's difference and TOST
	 * p), so one alpha bounds every claim of the family, faster, slower
	 * and equivalent together.
	 */
	memmove(pd + m, pd + n, m * sizeof(*pd));
	verdict_holm_pairs(pd, m, pd + 2 * n);
	for (size_t k = 0; k < m; k++) {
		struct verdict_out *o = &out[idx[k]];

		o->p_diff_adj = pd[2 * n + k];
		o->p_tost_adj = pd[2 * n + m + k];
		decide(&in[idx[k]], alpha, o);
	}
	free(pd);
	free(idx);
}

void verdict_unmeasured(const struct verdict_in *x, struct verdict_out *out)
{
	blank(out);
	if (!usable(x))
		return;
	raw(x, log1p(VERDICT_MARGIN), VERDICT_ALPHA, 1, out);
	out->v = VD_FEW;
}

void verdict_one(double est, double se, double df, int lower_better, double margin,
		 size_t m, struct verdict_out *out)
{
	struct verdict_in x = { est, se, df, lower_better };
	/* Bonferroni over the family's m rows: of a row's two nulls at most one is true. */
	double k = (double)(m ? m : 1);

	blank(out);
	if (!usable(&x))
		return;
	raw(&x, log1p(margin), VERDICT_ALPHA, m, out);
	if (!testable(&x)) {
		out->v = VD_FEW;
		return;
	}
	out->p_diff_adj = fmin(1, k * out->p_diff);
	out->p_tost_adj = fmin(1, k * fmax(out->p_lo, out->p_hi));
	decide(&x, VERDICT_ALPHA, out);
}

void verdict_method(const struct verdict_family *f, char *out, size_t len)
{
	if (f->m == 0 && f->none_why != NULL) {
		snprintf(out, len, "none, %s (margin +-%g%%)", f->none_why, 100 * f->margin);
		return;
	}
	if (f->m == 0) {
		snprintf(out, len, "none, no row reached the %d rounds (or samples) a verdict needs "
			 "(margin +-%g%%)", VERDICT_MIN_DF + 1, 100 * f->margin);
		return;
	}
	snprintf(out, len, "Holm-Shaffer over %zu comparison%s (%zu p-values), one alpha %g for "
		 "every claim, margin +-%g%%", f->m, f->m == 1 ? "" : "s", 2 * f->m,
		 f->alpha > 0 ? f->alpha : VERDICT_ALPHA, 100 * f->margin);
}

void verdict_explain(const struct verdict_family *f, char *out, size_t len)
{
	char method[VERDICT_METHOD_MAX], size[48] = "m rows", simult[160];

	if (f != NULL) {
		verdict_method(f, method, sizeof(method));
		snprintf(size, sizeof(size), "m = %zu", f->m);
	} else {
		snprintf(method, sizeof(method), "one alpha over every claim of the output together "
			 "(Holm-Shaffer over each row's difference and equivalence p-values), "
			 "margin +-%g%% (--margin)", 100 * VERDICT_MARGIN);
	}
	/* No row judged: no family, so no simultaneous interval to speak of. */
	if (f != NULL && f->m == 0)
		simult[0] = '\0';
	else
		snprintf(simult, sizeof(simult), "; the interval that matches the verdicts is the "
			 "simultaneous one over the family (t at 1 - alpha/(2m), %s)", size);
	snprintf(out, len, "Verdicts: %s. faster/slower: the change is significant and not shown "
		 "inside the margin; equivalent: two one-sided tests put it inside the margin (\""
		 VERDICT_SIGNIFICANT_EQUIVALENT "\": the change is also significant, real but "
		 "within the margin); inconclusive: neither, or below %d degrees of freedom (%d "
		 "paired rounds), where no test is run. 95%% CI: the row alone, unadjusted%s. "
		 "An interval that holds 0 is not evidence of no difference.",
		 method, VERDICT_MIN_DF, VERDICT_MIN_DF + 1, simult);
}
