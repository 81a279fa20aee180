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
};

/*
 * The statistics of n rounds: base[i] and other[i] are round i's rates; a
 * round where either is not > 0 is left out.
 */
void paired_compute(const double *base, const double *other, size_t n,
		    struct paired_stats *ps);

/* "faster", "slower", "no difference proven", "cannot judge". */
const char *paired_verdict_word(enum paired_verdict v);

/*
 * The stopping rule on ratios: 1 when every directory's log-ratio CI
 * half-width against the baseline is at most ln(1 + precision) after n
 * rounds (n >= min_rounds).  rates[d][i]: directory d's rate in round i
 * (d = 0 the baseline); a directory with fewer than 2 valid rounds is not
 * precise.
 */
int paired_precise(const double *const *rates, size_t ndirs, size_t n,
		   size_t min_rounds, double precision);

#endif
