/* randeff.c: the two-level pool of runs (the rule is in randeff.h). */
#include "stats/randeff.h"

#include <math.h>

#include "stats/stats.h"

/* 1: every v_i is 0; 0: every v_i > 0; -1: neither (or a bad value). */
static int zero_variances(const double *y, const double *v, size_t r)
{
	size_t zeros = 0;

	for (size_t i = 0; i < r; i++) {
		if (!isfinite(y[i]) || !isfinite(v[i]) || v[i] < 0)
			return -1;
		zeros += v[i] == 0;
	}
	return zeros == r ? 1 : zeros == 0 ? 0 : -1;
}

/* DerSimonian-Laird's tau^2 and Cochran's Q (every v_i > 0). */
static void dl_tau2(const double *y, const double *v, size_t r, struct re_pool *p)
{
	double sw = 0, sw2 = 0, swy = 0, q = 0, ybar, c;

	for (size_t i = 0; i < r; i++) {
		double w = 1 / v[i];

		sw += w;
		sw2 += w * w;
		swy += w * y[i];
	}
	ybar = swy / sw;
	for (size_t i = 0; i < r; i++)
		q += (y[i] - ybar) * (y[i] - ybar) / v[i];
	c = sw - sw2 / sw;
	p->q_cochran = q;
	p->tau2 = c > 0 ? fmax(0, (q - (double)(r - 1)) / c) : 0;
}

/* The runs' sample variance: tau^2 of runs without within-run variances. */
static double sample_var(const double *y, size_t r)
{
	double m = 0, ss = 0;

	for (size_t i = 0; i < r; i++)
		m += y[i];
	m /= (double)r;
	for (size_t i = 0; i < r; i++)
		ss += (y[i] - m) * (y[i] - m);
	return ss / (double)(r - 1);
}

int re_pool(const double *y, const double *v, size_t r, double v_next, struct re_pool *p)
{
	double sws = 0, swsy = 0, vbar = 0, t;
	int zero;

	if (r < 2 || (zero = zero_variances(y, v, r)) < 0)
		return -1;
	p->r = r;
	p->df = (double)(r - 1);
	if (zero) {
		p->q_cochran = NAN;
		p->tau2 = sample_var(y, r);
	} else {
		dl_tau2(y, v, r, p);
	}
	for (size_t i = 0; i < r; i++) {
		double s = v[i] + p->tau2;

		vbar += v[i];
		/* Every y equal and no within-run variance: a spread of 0. */
		if (!(s > 0)) {
			sws = INFINITY;
			continue;
		}
		sws += 1 / s;
		swsy += y[i] / s;
	}
	vbar /= (double)r;
	if (isinf(sws)) {
		p->mean = y[0];
		p->se_dl = p->se = 0;
		p->q_hk = 1;
	} else {
		double ss = 0;

		p->mean = swsy / sws;
		for (size_t i = 0; i < r; i++)
			ss += (y[i] - p->mean) * (y[i] - p->mean) / (v[i] + p->tau2);
		p->q_hk = ss / p->df;
		p->se_dl = sqrt(1 / sws);
		p->se = sqrt(fmax(1, p->q_hk) / sws);
	}
	t = stats_t_quantile(0.975, p->df);
	p->lo = p->mean - t * p->se;
	p->hi = p->mean + t * p->se;
	p->pred_se = sqrt(p->tau2 + (v_next >= 0 ? v_next : vbar) + p->se * p->se);
	p->pred_lo = p->mean - t * p->pred_se;
	p->pred_hi = p->mean + t * p->pred_se;
	return 0;
}

double re_instance_sd(const double *y, const double *v, size_t r)
{
	struct re_pool p;

	return re_pool(y, v, r, -1, &p) == 0 ? sqrt(p.tau2) : NAN;
}

size_t re_runs_needed(double va, double vb, double min_df)
{
	double s = va + vb;

	if (!(s > 0) || !isfinite(s) || va < 0 || vb < 0)
		return 0;
	return (size_t)ceil(1 + min_df * (va * va + vb * vb) / (s * s) - 1e-9);
}
