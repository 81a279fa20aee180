/*
 * score_ci.h: the 95% interval of an index score (pure).
 *
 * The score is S = 10 * exp(mean over k tests of log(R_j / B_j)), so
 * log S - log 10 is the mean of the tests' log results.  Its variance is
 * (1/k^2) * sum Var(log R_j) (tests are independent), each Var(log R_j)
 * taken from that test's samples for the estimator UnixBench reports (see
 * score_ci_test); the t quantile uses the Welch-Satterthwaite df over the
 * tests' contributions.  docs/methodology.md gives the reasons.
 */
#ifndef SYSINDEX_SCORE_CI_H
#define SYSINDEX_SCORE_CI_H

#include <stddef.h>

#include "core/result.h"

/* The variance of one log result (or of a log score) and its df. */
struct log_var {
	double var, df;
};

/*
 * Var(log result) of UnixBench's result from n passes (count, rate): the
 * mean of the kept log rates after dropping the lowest int(n/3) by count is
 * a one-sided trimmed mean, so its variance is the winsorized variance over
 * h^2/n (Tukey-McLaughlin), h kept; df = h - 1.  -1 when n < 2 or a rate
 * is not positive (no variance can be had).
 */
int score_ci_passes(const double *count, const double *rate, size_t n, struct log_var *lv);
/* score_ci_passes from rates already marked by the rule (a samples CSV or .log). */
int score_ci_kept(const double *rate, const unsigned char *dropped, size_t n,
		  struct log_var *lv);

/*
 * From n, mean and sd alone (a parsed report keeps no passes): the first
 * order (sd/mean)^2/n, df n - 1; it ignores the drop rule, which the
 * winsorized estimate would narrow or widen by a few % (methodology).
 */
int score_ci_summary(size_t n, double mean, double sd, struct log_var *lv);

/* One test's Var(log result): from its passes, else from its summary. */
int score_ci_test(const struct bench_result *t, struct log_var *lv);

/* struct score_ci, the interval itself, is the model's (core/result.h). */

/* Combine k tests' log variances into the score's interval (exp scale). */
void score_ci_combine(double score, const struct log_var *lv, size_t k, struct score_ci *ci);

/* The System Benchmarks Index Score's interval of one copy count. */
void score_ci_run(const struct copy_run *run, struct score_ci *ci);

/* The estimate a comparison of two scores judges: log(S2/S1), its SE and df. */
struct score_delta {
	double log_ratio, se, df;
};
/* Returns 0, or -1 when either side has no interval. */
int score_ci_delta(const struct score_ci *a, const struct score_ci *b, struct score_delta *d);

/*
 * Several runs of one host, pooled on the log scale with the between-run
 * spread (stats/randeff.h: DerSimonian-Laird's tau2, the HKSJ se on r - 1
 * df): y[i] each run's log score, v[i] its within-run variance (> 0).
 * pred_se is the next run's prediction se.  Returns -1 when r < 2 (the
 * between-run part is unknown).
 */
struct score_pool {
	double mean, se, tau2, df, pred_se;
};
int score_ci_pool(const double *y, const double *v, size_t r, struct score_pool *p);

#endif
