/* steady.c: a series' steady state by SNIA's rule (steady.h). */
#include "stats/steady.h"

#include <math.h>

int steady_window(const double *x, const struct steady_rule *r, struct steady_fit *fit)
{
	size_t w = r->window;
	double sum = 0, sxy = 0, sxx = 0, xbar = (double)(w - 1) / 2, b;

	fit->mean = fit->dev = fit->slope = 0;
	if (w < 2)
		return 0;
	for (size_t i = 0; i < w; i++)
		sum += x[i];
	fit->mean = sum / (double)w;
	if (!(fit->mean > 0))
		return 0;
	for (size_t i = 0; i < w; i++) {
		double d = fabs(x[i] - fit->mean) / fit->mean;

		if (d > fit->dev)
			fit->dev = d;
		sxy += ((double)i - xbar) * (x[i] - fit->mean);
		sxx += ((double)i - xbar) * ((double)i - xbar);
	}
	b = sxy / sxx;
	fit->slope = fabs(b) * (double)(w - 1) / fit->mean;
	return fit->dev <= r->dev && fit->slope <= r->slope;
}

int steady_reached(const double *x, size_t n, size_t k, const struct steady_rule *r)
{
	struct steady_fit fit;

	if (n < r->window || n - r->window < k)
		return 0;
	return steady_window(x + n - r->window, r, &fit);
}

static double mean_of(const double *x, size_t n)
{
	double sum = 0;

	for (size_t i = 0; i < n; i++)
		sum += x[i];
	return sum / (double)n;
}

int steady_summarise(const double *x, size_t n, size_t k, const struct steady_rule *r,
		     struct steady_summary *out)
{
	size_t w = r->window, s, nb;
	double band;

	*out = (struct steady_summary){ 0 };
	if (w < 2 || n < w)
		return -1;
	for (s = k; s + w <= n; s++)
		if (steady_window(x + s, r, &out->fit)) {
			out->steady = 1;
			break;
		}
	if (!out->steady) {
		s = n - w;
		(void)steady_window(x + s, r, &out->fit);
	}
	out->start = s;
	out->end = s + w;
	out->sustained = out->fit.mean;
	band = r->dev * out->sustained;
	for (size_t j = s; j-- > 0;)
		if (fabs(x[j] - out->sustained) > band) {
			out->change = j + 1;
			break;
		}
	nb = out->change > 0 && out->change < w ? out->change : w;
	out->burst = mean_of(x, nb);
	if (out->change > 0 && fabs(out->burst - out->sustained) <= band) {
		/* A stray interval, not another level: no change. */
		out->change = 0;
		out->burst = mean_of(x, w);
	}
	return 0;
}
