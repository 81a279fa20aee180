/*
 * stats.h: the numbers (pure functions, no I/O).
 *
 * Two different things are computed from a test's samples:
 *  - UnixBench's score: sort the passes by raw count, drop the lowest
 *    int(n/3), take the geometric mean of the kept rates.  Unchanged, so a
 *    score compares with published UnixBench scores.
 *  - sysindex's statistics over every valid sample's rate: mean, median,
 *    standard deviation, CV, min, max, a 95% confidence interval of the mean
 *    (Student's t), and flags for a high CV or two clusters of samples.
 */
#ifndef SYSINDEX_STATS_H
#define SYSINDEX_STATS_H

#include <stddef.h>

enum summary_flags {
	SF_HIGH_CV = 1u << 0,   /* coefficient of variation above 5% */
	SF_BIMODAL = 1u << 1,   /* samples form two separate clusters */
	SF_ONE = 1u << 2,       /* a single sample: no spread, no interval */
	SF_ZERO = 1u << 3,      /* a sample counted zero (scored as UnixBench 6.0) */
};

struct summary {
	size_t n;
	double mean, median, sd, cv, min, max;
	double ci_half;         /* half-width of the 95% CI of the mean (0 if n<2) */
	double ci_lo, ci_hi;
	unsigned flags;
};

/* How many of n passes UnixBench drops: int(n/3). */
size_t stats_ndrop(size_t n);

/*
 * UnixBench's rule over passes given as (count, rate) pairs: marks the
 * dropped ones in dropped[] (may be NULL), returns the geometric mean of the
 * kept rates and sets *kept (0 and 0 when n is 0).  As UnixBench 6.0's
 * formula, a kept pass whose count is zero counts in n but adds nothing to
 * the sum of logs, i.e. it weighs as a rate of 1.
 */
double stats_unixbench(const double *count, const double *rate, size_t n,
		       int *dropped, size_t *kept);

double stats_geomean(const double *v, size_t n);

/*
 * UnixBench's result as an estimator, on the log scale: the mean of the kept
 * log rates (a one-sided trimmed mean: the lowest int(n/3) by count are
 * dropped) and its variance, the winsorized variance of the logs (each
 * dropped pass stands in as the lowest kept log rate) times n / h^2 with h
 * kept (Tukey-McLaughlin; the same as s_w^2 / ((1 - gamma)^2 n)), Yuen's df
 * h - 1 (Yuen 1974; Wilcox, ch. 3).  exp(mean) is the result UnixBench prints.
 */
struct trimmed_log {
	double mean;            /* mean of the kept log rates */
	double var;             /* its variance */
	double df;              /* h - 1 */
	size_t n, kept;
};
/* From rates already marked dropped[] by the rule.  0, or -1 (fewer than 2
 * kept, or a kept rate not positive). */
int stats_trimmed_log_kept(const double *rate, const unsigned char *dropped, size_t n,
			   struct trimmed_log *t);
/* From (count, rate) passes: the rule marks the dropped ones first. */
int stats_trimmed_log(const double *count, const double *rate, size_t n, struct trimmed_log *t);

/*
 * Yuen's two-sample test on two such estimates: est = b - a, se the square
 * root of the summed variances, Welch-Satterthwaite df over the two sides'
 * (h - 1).  With no spread at all the df is the sum of the sides' df.
 */
struct log_diff {
	double est, se, df;
};
void stats_yuen(const struct trimmed_log *a, const struct trimmed_log *b, struct log_diff *d);

/* Fill s from n values (n may be 0). */
void stats_summarize(const double *v, size_t n, struct summary *s);

/* Bimodality: two clusters separated by a gap much wider than their spread. */
int stats_bimodal(const double *v, size_t n);

/* Student's t distribution. */
double stats_t_cdf(double t, double df);
double stats_t_quantile(double p, double df);   /* 0 < p < 1, df > 0 */

/* Welch's unequal-variance t-test of mean2 - mean1. */
struct welch {
	double diff;            /* mean2 - mean1 */
	double se, df, t, p;    /* standard error, Welch-Satterthwaite df, t, two-sided p */
	double ci_lo, ci_hi;    /* 95% CI of the difference */
	int verdict;            /* +1 larger, -1 smaller, 0 p >= 0.05 (not judged as a verdict: stats/verdict.h) */
};
/* Returns 0, or -1 when it cannot be judged (n < 2 on a side, or both sd 0 and means equal). */
int stats_welch(size_t n1, double mean1, double sd1,
		size_t n2, double mean2, double sd2, struct welch *w);

#endif
