/*
 * hostfactor.h: the host's speed from a run's own samples (pure maths, no
 * I/O; issue 48).
 *
 * The model: sample i of test k, started at t_i, has log rate
 *
 *   y_i = mu_k + f(t_i) + e_i
 *
 * where f is the host's speed, common to every test (variance sf2, an
 * exponential memory: cov(f(t), f(t + L)) = sf2 exp(-L / tau)), and e_i the
 * test's own noise, independent.  Each test's log rates are centred on
 * their mean (x_i = y_i - mean_k); for two samples of *different* tests the
 * noise terms do not correlate, so E[x_i x_j] = sf2 exp(-|t_i - t_j| / tau)
 * (less what the centring takes out: the tests' means hold a part of f too,
 * about sf2 / windows, small once a test's samples span several tau).
 *
 * The estimate: the products x_i x_j of every pair of samples of different
 * tests, binned by lag (1-second bins to HF_FINE_LAG seconds, then bins
 * HF_BIN_RATIO times wider each), and c exp(-L / tau) fitted to the bins'
 * mean products weighted by their pair counts: for each tau of a geometric
 * grid (HF_TAU_MIN to the run's span, ratio HF_TAU_STEP) c is the weighted
 * least-squares answer, sum n m e / sum n e^2 with e = exp(-L / tau); the
 * tau with the smallest residual wins.  Then
 *
 *   sd      = sqrt(c)                  the host factor's SD (log units: +-sd
 *                                      is about +-100 sd %)
 *   share   = c / V                    of a sample's variance V (the
 *                                      tests' pooled centred variance)
 *   windows = 1 / g(T / tau),  g(x) = 2 (x - 1 + e^-x) / x^2
 *           the independent windows a run of span T averaged: the variance
 *           of f's mean over T is sf2 g(T / tau) (= sf2 2 tau / T for long T)
 *
 * and what a budget buys: a run of T seconds with its samples spread over
 * it has a score whose log variance is about
 *
 *   v(T) = sf2 g(T / tau) + vn T0 / T
 *
 * (vn: the test noise's part of this run's score variance, the residual
 * variance V - c over each test's samples, averaged over the m tests as the
 * index's geometric mean does: (V - c) sum_k (1 / n_k) / m^2; T0 this run's
 * span); seconds_for(h) solves 1.96 sqrt(v(T)) = h by bisection.
 *
 * Too little to go on (fewer than HF_MIN_SAMPLES samples in two or more
 * tests with two samples each, fewer than HF_MIN_PAIRS pairs, no positive
 * covariance at short lags): ok is 0 and why says it.
 */
#ifndef SYSINDEX_HOSTFACTOR_H
#define SYSINDEX_HOSTFACTOR_H

#include <stddef.h>

#define HF_MIN_SAMPLES 20
#define HF_MIN_PAIRS 50
#define HF_FINE_LAG 10.0        /* 1-second lag bins up to here */
#define HF_BIN_RATIO 1.15       /* then each bin this much wider */
#define HF_TAU_MIN 1.0          /* the fitted correlation time's range: 1 s .. the span */
#define HF_TAU_STEP 1.02

/* The host's speed over one run (copy count). */
struct host_speed {
	int ok;                 /* 1: the figures below hold */
	int long_memory;        /* tau reached the run's span: the memory is at least that */
	size_t n;               /* samples used */
	size_t ntests;          /* tests with 2 or more samples */
	double span;            /* seconds from the first sample's start to the last's */
	double var;             /* V: a sample's variance (log rate, centred per test) */
	double sd;              /* the host factor's SD, log units */
	double share;           /* its share of V, 0..1 */
	double tau;             /* correlation time, s */
	double windows;         /* independent windows this run averaged */
	double noise_var;       /* vn: the tests' own noise in this run's ln score */
	double minutes_1pct;    /* minutes a spread run needs for +-1 % (95 %) on the
				 * score; 0: not within HF_MAX_MINUTES */
	char why[96];           /* !ok: why not */
};

#define HF_MAX_MINUTES 100000.0

/*
 * The estimate from n samples: t[i] their start (seconds, any origin),
 * test[i] which test (any small ids), y[i] their log rates.  Samples with a
 * non-finite y or t are left out.  Fills hs; 0, or -1 when !hs->ok.
 */
int host_speed_fit(const double *t, const unsigned *test, const double *y, size_t n,
		   struct host_speed *hs);

/*
 * The decay fit alone, on nb bins: lag[b], mean product m[b], weight w[b]
 * (pair counts), tau from HF_TAU_MIN to tau_max.  *c and *tau; 0, or -1 when
 * no tau gives a positive c.
 */
int host_decay_fit(const double *lag, const double *m, const double *w, size_t nb,
		   double tau_max, double *c, double *tau);

/* Independent windows of f over a span of T seconds with correlation time tau: 1 / g(T / tau). */
double host_windows(double span, double tau);

/* Seconds a spread run needs for a 95 % half-width h (e.g. 0.01) on the score; 0: not within HF_MAX_MINUTES. */
double host_seconds_for(const struct host_speed *hs, double h);

#endif
