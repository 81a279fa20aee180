/* paired.c: log-ratio statistics of interleaved rounds. */
#include "stats/paired.h"

#include <math.h>
#include <stdlib.h>

#include "stats/stats.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void paired_compute(const double *base, const double *other, size_t n,
		    struct paired_stats *ps)
{
	double *d = malloc((n ? n : 1) * sizeof(*d)), sum = 0, sa = 0, sb = 0, ss = 0;
	size_t m = 0;

	*ps = (struct paired_stats){ .ratio = NAN, .ci_lo = NAN, .ci_hi = NAN,
				     .detect = NAN, .median_ratio = NAN,
				     .base_gm = NAN, .other_gm = NAN, .mean_log = NAN,
				     .sd_log = NAN, .half_log = NAN };
	if (d == NULL)
		return;
	for (size_t i = 0; i < n; i++) {
		if (!(base[i] > 0) || !(other[i] > 0) || !isfinite(base[i]) || !isfinite(other[i]))
			continue;
		d[m] = log(other[i]) - log(base[i]);
		sum += d[m];
		sa += log(base[i]);
		sb += log(other[i]);
		m++;
	}
	ps->n = m;
	if (m == 0) {
		free(d);
		return;
	}
	ps->mean_log = sum / (double)m;
	ps->ratio = exp(ps->mean_log);
	ps->base_gm = exp(sa / (double)m);
	ps->other_gm = exp(sb / (double)m);
	qsort(d, m, sizeof(*d), cmp_double);
	ps->median_ratio = exp(m % 2 ? d[m / 2] : (d[m / 2 - 1] + d[m / 2]) / 2);
	if (m < 2) {
		free(d);
		return;
	}
	for (size_t i = 0; i < m; i++)
		ss += (d[i] - ps->mean_log) * (d[i] - ps->mean_log);
	free(d);
	ps->sd_log = sqrt(ss / (double)(m - 1));
	ps->half_log = stats_t_quantile(0.975, (double)(m - 1)) * ps->sd_log / sqrt((double)m);
	ps->ci_lo = exp(ps->mean_log - ps->half_log);
	ps->ci_hi = exp(ps->mean_log + ps->half_log);
	ps->detect = exp(ps->half_log) - 1;
	if (ps->mean_log - ps->half_log > 0)
		ps->verdict = PV_FASTER;
	else if (ps->mean_log + ps->half_log < 0)
		ps->verdict = PV_SLOWER;
	else
		ps->verdict = PV_SAME;
}

const char *paired_verdict_word(enum paired_verdict v)
{
	switch (v) {
	case PV_FASTER: return "faster";
	case PV_SLOWER: return "slower";
	case PV_SAME: return "no difference proven";
	case PV_NONE: break;
	}
	return "cannot judge";
}

int paired_precise(const double *const *rates, size_t ndirs, size_t n,
		   size_t min_rounds, double precision)
{
	if (n < min_rounds || n < 2 || ndirs < 2 || !(precision > 0))
		return 0;
	for (size_t d = 1; d < ndirs; d++) {
		struct paired_stats ps;

		paired_compute(rates[0], rates[d], n, &ps);
		if (ps.n < 2 || !(ps.half_log <= log1p(precision)))
			return 0;
	}
	return 1;
}
