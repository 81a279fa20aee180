/*
 * paired.h: the statistics of paired mode (pure functions, no I/O).
 *
 * Each round measures every directory once, seconds apart, so host drift
 * falls on both sides of a round alike.  For a directory B against the
 * baseline A, round i gives d_i = ln(rate_B,i) - ln(rate_A,i); over n
 * rounds:
 *   ratio  = exp(mean d)               (shown as a change: ratio - 1)
 *   95% CI = exp(mean d -+ t(0.975, n-1) * sd(d) / sqrt(n))
 *   detect = exp(t * sd / sqrt(n)) - 1 (the CI's half-width: the precision
 *            the stopping rule aims at)
 * Working in logs makes the interval symmetric for ratios, as a geometric
 * mean index needs.  The verdict is not this row's alone: paired_judge()
 * judges every comparison of a run as one family (stats/verdict.h: Holm,
 * TOST at a margin, a minimum of rounds).  A CI that holds 1 says only that
 * this run could not tell; it is not evidence of no difference.
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

#include "stats/verdict.h"

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
	double se_log, df;      /* standard error of mean_log and its t df */
	struct verdict_out vd;  /* set by paired_judge(), over the whole family */
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

/*
 * A directory's partial score ratio against the baseline: per round i, the
 * geometric mean over the k tests of their ratios other[t][i] / base[t][i]
 * (a round counts only when every test has both rates in it), then
 * paired_compute() over those rounds: the change of the partial index
 * score, whose per-test baselines cancel, with its 95 % t interval.
 * rates are [test][round], n rounds each.
 */
void paired_score_ratio(const double *const *base, const double *const *other, size_t k,
			size_t n, struct paired_stats *ps);

/*
 * Judge n comparisons as one family (the rows of one report): each ps[i]'s
 * vd; rows with fewer than 2 rounds are left unjudged.  lower[i] is 1 where
 * row i's figure is a time (TF_LOWER: a higher ratio is slower); NULL: all
 * rates.  f gives the margin and alpha and gets the family's size.
 */
void paired_judge(struct paired_stats *const *ps, const int *lower, size_t n,
		  struct verdict_family *f);

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
