/* stats.c: UnixBench's pass rule, summaries, Student's t and Welch's test. */
#include "stats/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

size_t stats_ndrop(size_t n)
{
	return n / 3;
}

double stats_geomean(const double *v, size_t n)
{
	double sum = 0;

	if (n == 0)
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (!(v[i] > 0))
			return 0;
		sum += log(v[i]);
	}
	return exp(sum / (double)n);
}

double stats_unixbench(const double *count, const double *rate, size_t n,
		       int *dropped, size_t *kept)
{
	size_t *order, ndrop = stats_ndrop(n);
	double sum = 0;

	*kept = 0;
	if (n == 0)
		return 0;
	order = malloc(n * sizeof(*order));
	if (order == NULL)
		return 0;
	for (size_t i = 0; i < n; i++)
		order[i] = i;
	/* Insertion sort by raw count, stable: n is at most a few dozen. */
	for (size_t i = 1; i < n; i++) {
		size_t k = order[i], j = i;

		while (j > 0 && count[order[j - 1]] > count[k]) {
			order[j] = order[j - 1];
			j--;
		}
		order[j] = k;
	}
	for (size_t i = 0; i < n; i++) {
		int drop = i < ndrop;

		if (dropped != NULL)
			dropped[order[i]] = drop;
		if (drop)
			continue;
		/* As UnixBench 6.0: a kept pass that counted nothing counts in n
		 * but adds nothing to the sum of logs (5.1.3 died on log(0)). */
		if (rate[order[i]] > 0)
			sum += log(rate[order[i]]);
		(*kept)++;
	}
	free(order);
	return *kept ? exp(sum / (double)*kept) : 0;
}

int stats_trimmed_log_kept(const double *rate, const unsigned char *dropped, size_t n,
			   struct trimmed_log *t)
{
	size_t kept = 0;
	double lowkept = HUGE_VAL, sum = 0, wsum = 0, ss = 0, wmean;

	if (n < 2)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (dropped[i])
			continue;       /* winsorized below: its own value does not count */
		if (!(rate[i] > 0) || !isfinite(rate[i]))
			return -1;
		kept++;
		sum += log(rate[i]);
		lowkept = fmin(lowkept, log(rate[i]));
	}
	if (kept < 2)
		return -1;
	for (size_t i = 0; i < n; i++)
		wsum += dropped[i] ? lowkept : log(rate[i]);
	wmean = wsum / (double)n;
	for (size_t i = 0; i < n; i++) {
		double d = (dropped[i] ? lowkept : log(rate[i])) - wmean;

		ss += d * d;
	}
	t->mean = sum / (double)kept;
	t->var = ss / (double)(n - 1) * (double)n / ((double)kept * (double)kept);
	t->df = (double)kept - 1;
	t->n = n;
	t->kept = kept;
	return 0;
}

int stats_trimmed_log(const double *count, const double *rate, size_t n, struct trimmed_log *t)
{
	int *dropped = calloc(n ? n : 1, sizeof(*dropped));
	unsigned char *drop = calloc(n ? n : 1, 1);
	size_t kept;
	int rc = -1;

	if (dropped != NULL && drop != NULL) {
		(void)stats_unixbench(count, rate, n, dropped, &kept);
		for (size_t i = 0; i < n; i++)
			drop[i] = dropped[i] != 0;
		rc = stats_trimmed_log_kept(rate, drop, n, t);
	}
	free(dropped);
	free(drop);
	return rc;
}

void stats_yuen(const struct trimmed_log *a, const struct trimmed_log *b, struct log_diff *d)
{
	double den = a->var * a->var / a->df + b->var * b->var / b->df;

	d->est = b->mean - a->mean;
	d->se = sqrt(a->var + b->var);
	d->df = den > 0 ? (a->var + b->var) * (a->var + b->var) / den : a->df + b->df;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int stats_bimodal(const double *v, size_t n)
{
	double *s, best_gap = 0, spread;
	size_t split = 0, minside = n >= 10 ? 3 : 2;
	int result = 0;

	if (n < 4)
		return 0;
	s = malloc(n * sizeof(*s));
	if (s == NULL)
		return 0;
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	for (size_t i = minside; i + minside <= n; i++) {
		double gap = s[i] - s[i - 1];

		if (gap > best_gap) {
			best_gap = gap;
			split = i;
		}
	}
	if (split != 0) {
		/* The widest range inside either cluster. */
		double lo = s[split - 1] - s[0], hi = s[n - 1] - s[split];

		spread = lo > hi ? lo : hi;
		/* Clusters at least 5% apart, gap twice the wider cluster. */
		result = best_gap > 0.05 * fabs(s[n - 1]) && best_gap > 2 * spread;
	}
	free(s);
	return result;
}

void stats_summarize(const double *v, size_t n, struct summary *s)
{
	double *sorted, sum = 0, ss = 0;

	memset(s, 0, sizeof(*s));
	s->n = n;
	if (n == 0)
		return;
	sorted = malloc(n * sizeof(*sorted));
	if (sorted == NULL) {
		s->n = 0;
		return;
	}
	memcpy(sorted, v, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), cmp_double);
	s->min = sorted[0];
	s->max = sorted[n - 1];
	s->median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
	free(sorted);
	for (size_t i = 0; i < n; i++) {
		sum += v[i];
		if (!(v[i] > 0))
			s->flags |= SF_ZERO;
	}
	s->mean = sum / (double)n;
	if (n < 2) {
		s->ci_lo = s->ci_hi = s->mean;
		s->flags |= SF_ONE;
		return;
	}
	for (size_t i = 0; i < n; i++)
		ss += (v[i] - s->mean) * (v[i] - s->mean);
	s->sd = sqrt(ss / (double)(n - 1));
	s->cv = s->mean != 0 ? s->sd / fabs(s->mean) : 0;
	s->ci_half = stats_t_quantile(0.975, (double)(n - 1)) * s->sd / sqrt((double)n);
	s->ci_lo = s->mean - s->ci_half;
	s->ci_hi = s->mean + s->ci_half;
	if (s->cv > 0.05)
		s->flags |= SF_HIGH_CV;
	if (stats_bimodal(v, n))
		s->flags |= SF_BIMODAL;
}

/*
 * Regularized incomplete beta I_x(a, b) by its continued fraction (modified
 * Lentz), using the symmetry I_x(a,b) = 1 - I_{1-x}(b,a) where it converges
 * faster.
 */
static double beta_cf(double a, double b, double x)
{
	const double tiny = 1e-300;
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	h = d;
	for (int m = 1; m <= 300; m++) {
		double m2 = 2.0 * m, num, delta;

		num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
		d = 1 + num * d;
		c = 1 + num / c;
		d = fabs(d) < tiny ? 1 / tiny : 1 / d;
		if (fabs(c) < tiny)
			c = tiny;
		h *= d * c;
		num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
		d = 1 + num * d;
		c = 1 + num / c;
		d = fabs(d) < tiny ? 1 / tiny : 1 / d;
		if (fabs(c) < tiny)
			c = tiny;
		delta = d * c;
		h *= delta;
		if (fabs(delta - 1) < 1e-15)
			break;
	}
	return h;
}

static double incbeta(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_cf(a, b, x) / a;
	return 1 - front * beta_cf(b, a, 1 - x) / b;
}

double stats_t_cdf(double t, double df)
{
	double tail;

	if (!(df > 0))
		return NAN;
	tail = 0.5 * incbeta(df / 2, 0.5, df / (df + t * t));
	return t >= 0 ? 1 - tail : tail;
}

double stats_t_quantile(double p, double df)
{
	double lo = -1e4, hi = 1e4;

	if (!(p > 0 && p < 1 && df > 0))
		return NAN;
	/* Bisection: the CDF is monotonic; 200 halvings reach double precision. */
	for (int i = 0; i < 200 && hi - lo > 1e-12 * (1 + fabs(lo)); i++) {
		double mid = (lo + hi) / 2;

		if (stats_t_cdf(mid, df) < p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

int stats_welch(size_t n1, double mean1, double sd1,
		size_t n2, double mean2, double sd2, struct welch *w)
{
	double v1, v2, q;

	memset(w, 0, sizeof(*w));
	w->diff = mean2 - mean1;
	if (n1 < 2 || n2 < 2)
		return -1;
	v1 = sd1 * sd1 / (double)n1;
	v2 = sd2 * sd2 / (double)n2;
	w->se = sqrt(v1 + v2);
	if (!(w->se > 0)) {
		/* No spread at all: identical means prove nothing either way. */
		if (w->diff == 0)
			return -1;
		w->df = (double)(n1 + n2 - 2);
		w->t = w->diff > 0 ? INFINITY : -INFINITY;
		w->p = 0;
		w->ci_lo = w->ci_hi = w->diff;
		w->verdict = w->diff > 0 ? 1 : -1;
		return 0;
	}
	w->df = (v1 + v2) * (v1 + v2) /
		(v1 * v1 / (double)(n1 - 1) + v2 * v2 / (double)(n2 - 1));
	w->t = w->diff / w->se;
	w->p = 2 * (1 - stats_t_cdf(fabs(w->t), w->df));
	q = stats_t_quantile(0.975, w->df);
	w->ci_lo = w->diff - q * w->se;
	w->ci_hi = w->diff + q * w->se;
	w->verdict = w->p < 0.05 ? (w->diff > 0 ? 1 : -1) : 0;
	return 0;
}
