/* hostfactor.c: the host's speed from a run's samples (the model: hostfactor.h). */
#include "stats/hostfactor.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HF_MAX_TESTS 256
#define HF_MAX_BINS 256
#define HF_Z95 1.959964

/* Lag bin of a lag L >= 0: 1-second bins to HF_FINE_LAG, then geometric. */
static size_t bin_of(double lag)
{
	size_t b;

	if (lag < HF_FINE_LAG)
		return (size_t)lag;
	b = (size_t)HF_FINE_LAG + (size_t)(log(lag / HF_FINE_LAG) / log(HF_BIN_RATIO));
	return b < HF_MAX_BINS ? b : HF_MAX_BINS - 1;
}

int host_decay_fit(const double *lag, const double *m, const double *w, size_t nb,
		   double tau_max, double *c, double *tau)
{
	double best = INFINITY;
	int found = 0;

	for (double tt = HF_TAU_MIN; tt <= tau_max * (1 + 1e-9); tt *= HF_TAU_STEP) {
		double se = 0, ee = 0, mm = 0, cc, sse;

		for (size_t b = 0; b < nb; b++) {
			double e = exp(-lag[b] / tt);

			se += w[b] * m[b] * e;
			ee += w[b] * e * e;
			mm += w[b] * m[b] * m[b];
		}
		if (!(ee > 0) || !(se > 0))
			continue;
		cc = se / ee;
		sse = mm - cc * se;
		if (sse < best) {
			best = sse;
			*c = cc;
			*tau = tt;
			found = 1;
		}
	}
	return found ? 0 : -1;
}

double host_windows(double span, double tau)
{
	double x, g;

	if (!(tau > 0) || !(span > 0))
		return 1;
	x = span / tau;
	g = x < 1e-6 ? 1 : 2 * (x - 1 + exp(-x)) / (x * x);
	return g > 0 ? 1 / g : 1;
}

/* v(T): the score's log variance of a spread run of T seconds (hostfactor.h). */
static double score_var(const struct host_speed *hs, double T)
{
	return hs->sd * hs->sd / host_windows(T, hs->tau) + hs->noise_var * hs->span / T;
}

double host_seconds_for(const struct host_speed *hs, double h)
{
	double lo = 1, hi = HF_MAX_MINUTES * 60, want = (h / HF_Z95) * (h / HF_Z95);

	if (!hs->ok || !(h > 0) || score_var(hs, hi) > want)
		return 0;
	if (score_var(hs, lo) <= want)
		return lo;
	for (int i = 0; i < 200 && hi / lo > 1.0001; i++) {
		double mid = sqrt(lo * hi);

		if (score_var(hs, mid) > want)
			lo = mid;
		else
			hi = mid;
	}
	return hi;
}

/* Fails the estimate with a reason. */
static int refuse(struct host_speed *hs, const char *why)
{
	hs->ok = 0;
	snprintf(hs->why, sizeof(hs->why), "%s", why);
	return -1;
}

/* The per-test means and counts of the usable samples; x[] centred (NAN: not used). */
static void centre(const double *t, const unsigned *test, const double *y, size_t n,
		   double *x, struct host_speed *hs, double *sumsq, double *inv_n)
{
	double sum[HF_MAX_TESTS] = { 0 };
	size_t cnt[HF_MAX_TESTS] = { 0 };
	size_t dof = 0;
	double lo = INFINITY, hi = -INFINITY;

	for (size_t i = 0; i < n; i++)
		if (test[i] < HF_MAX_TESTS && isfinite(y[i]) && isfinite(t[i])) {
			sum[test[i]] += y[i];
			cnt[test[i]]++;
		}
	*sumsq = 0;
	*inv_n = 0;
	for (size_t k = 0; k < HF_MAX_TESTS; k++)
		if (cnt[k] >= 2) {
			hs->ntests++;
			dof += cnt[k] - 1;
			*inv_n += 1.0 / (double)cnt[k];
		}
	for (size_t i = 0; i < n; i++) {
		x[i] = NAN;
		if (test[i] >= HF_MAX_TESTS || cnt[test[i]] < 2 || !isfinite(y[i]) || !isfinite(t[i]))
			continue;
		x[i] = y[i] - sum[test[i]] / (double)cnt[test[i]];
		*sumsq += x[i] * x[i];
		hs->n++;
		lo = t[i] < lo ? t[i] : lo;
		hi = t[i] > hi ? t[i] : hi;
	}
	hs->var = dof ? *sumsq / (double)dof : 0;
	hs->span = hs->n ? hi - lo : 0;
}

int host_speed_fit(const double *t, const unsigned *test, const double *y, size_t n,
		   struct host_speed *hs)
{
	double *x = malloc((n ? n : 1) * sizeof(*x));
	double sum[HF_MAX_BINS] = { 0 }, lagsum[HF_MAX_BINS] = { 0 }, w[HF_MAX_BINS] = { 0 };
	double lag[HF_MAX_BINS], m[HF_MAX_BINS], wb[HF_MAX_BINS], sumsq, inv_n, c, tau;
	size_t nb = 0, pairs = 0;

	memset(hs, 0, sizeof(*hs));
	if (x == NULL)
		return refuse(hs, "out of memory");
	centre(t, test, y, n, x, hs, &sumsq, &inv_n);
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n && !isnan(x[i]); j++) {
			double L;
			size_t b;

			if (isnan(x[j]) || test[i] == test[j])
				continue;
			L = fabs(t[i] - t[j]);
			b = bin_of(L);
			sum[b] += x[i] * x[j];
			lagsum[b] += L;
			w[b] += 1;
			pairs++;
		}
	free(x);
	if (hs->ntests < 2 || hs->n < HF_MIN_SAMPLES)
		return refuse(hs, "too few samples (20 in two or more tests)");
	if (pairs < HF_MIN_PAIRS)
		return refuse(hs, "too few pairs of samples of different tests");
	for (size_t b = 0; b < HF_MAX_BINS; b++)
		if (w[b] > 0) {
			lag[nb] = lagsum[b] / w[b];
			m[nb] = sum[b] / w[b];
			wb[nb++] = w[b];
		}
	if (!(hs->var > 0) ||
	    host_decay_fit(lag, m, wb, nb, hs->span > HF_TAU_MIN ? hs->span : HF_TAU_MIN, &c, &tau))
		return refuse(hs, "no common part in the tests' spread");
	hs->ok = 1;
	hs->tau = tau;
	hs->long_memory = tau * HF_TAU_STEP > hs->span;
	if (c > hs->var)
		c = hs->var;
	hs->sd = sqrt(c);
	hs->share = c / hs->var;
	hs->windows = host_windows(hs->span, tau);
	hs->noise_var = (hs->var - c) * inv_n / ((double)hs->ntests * (double)hs->ntests);
	hs->minutes_1pct = host_seconds_for(hs, 0.01) / 60;
	return 0;
}
