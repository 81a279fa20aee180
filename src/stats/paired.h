/*
 * paired.h: the statistics of paired mode (pure functions, no I/O).
 *
 * Each round measures every directory once, seconds apart, so host drift
 * falls on both sides of a round alike.  For a directory B against the
 * baseline A, round i gives d_i = ln(rate_B,i) - ln(rate_A,i); over n
 * rounds:
 *   ratio  = exp(mean d)               (shown as a change: ratio - 1)
 *   95% CI = exp(mean d -+ t(0.975, n-1) * sd(d) / sqrt(n))
 *   detect = exp(t * sd / sqrt(n)) - 1 (the smallest change this run could
 *            have told from noise: "no difference larger than +-detect")
 * Working in logs makes the interval symmetric for ratios, as a geometric
 * mean index needs.  Rates are higher-is-better, so a CI above 1 is
 * "faster", below 1 "slower", otherwise "no difference proven".
 *
 * The order-adjusted form (a crossover analysis) also knows each side's
 * place in every round's order, 1..k.  A place can cost or gain a little
 * whatever the directory (what ran just before; for two directories the
 * first and second of a round); the Williams order balances that, so it
 * does not bias the mean, but it widens sd(d).  Model:
 *   d_i = delta + sum_{p=2..k} pi_p * ([place_B,i = p] - [place_A,i = p]) + e_i
 * fitted by least squares; the change and CI are delta's, with t(0.975,
 * n - q) for q fitted terms.  It is used when it leaves at least
 * PAIRED_ORDER_MIN_DF degrees of freedom (10 rounds for two directories),
 * so short runs keep the plain form and its n - 1; otherwise, or when the
 * places cannot be told apart from delta, the plain form.
 */
#ifndef SYSINDEX_PAIRED_H
#define SYSINDEX_PAIRED_H

#include <stddef.h>

enum paired_verdict {
	PV_NONE = 0,            /* fewer than 2 paired rounds: cannot judge */
	PV_SAME,                /* the CI contains 1: no difference proven */
	PV_FASTER,              /* the CI lies above 1 */
	PV_SLOWER,              /* the CI lies below 1 */
};

#define PAIRED_ORDER_MIN_DF 8
#define PAIRED_MAX_PLACES 8

struct paired_stats {
	size_t n;               /* paired rounds (both rates valid and > 0) */
	double mean_log, sd_log;/* of d_i */
	double half_log;        /* t * sd / sqrt(n): CI half-width in logs */
	double ratio;           /* exp(mean d) */
	double ci_lo, ci_hi;    /* 95% CI of the ratio */
	double detect;          /* exp(half_log) - 1 */
	double median_ratio;    /* exp(median d): the robust view of the same rounds */
	double base_gm, other_gm; /* geometric means of each side's paired rates */
	enum paired_verdict verdict;
	int order_adjusted;     /* mean_log, sd_log, half_log from the crossover fit */
	size_t nplaces;         /* k: places in a round */
	double place_log[PAIRED_MAX_PLACES]; /* pi_p for place p+1 (0 for place 1; NAN unfitted) */
};

/*
 * The statistics of n rounds: base[i] and other[i] are round i's rates; a
 * round where either is not > 0 is left out.
 */
void paired_compute(const double *base, const double *other, size_t n,
		    struct paired_stats *ps);

/*
 * The same, adjusted for order where the rule above allows: place_a[i]
 * and place_b[i] are the base's and the other's places (1..k, k at most
 * PAIRED_MAX_PLACES) in round i.  With NULL places or k < 2 it is
 * paired_compute().
 */
void paired_compute_ordered(const double *base, const double *other,
			    const unsigned *place_a, const unsigned *place_b, size_t k,
			    size_t n, struct paired_stats *ps);

/* "faster", "slower", "no difference proven", "cannot judge". */
const char *paired_verdict_word(enum paired_verdict v);

/*
 * The stopping rule on ratios: 1 when every directory's log-ratio CI
 * half-width against the baseline is at most ln(1 + precision) after n
 * rounds (n >= min_rounds).  rates[d][i]: directory d's rate in round i
 * (d = 0 the baseline), places[d][i] its place in round i (1..ndirs; NULL:
 * the plain form); a directory with fewer than 2 valid rounds is not
 * precise.
 */
int paired_precise(const double *const *rates, const unsigned *const *places, size_t ndirs,
		   size_t n, size_t min_rounds, double precision);

#endif
