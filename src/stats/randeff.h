/*
 * randeff.h: several runs (or passes) of one measurement, pooled with the
 * spread between them (pure maths, no I/O).
 *
 * A two-level (random-effects) model: run i gives y_i (e.g. ln score) with
 * within-run variance v_i (its own standard error squared); runs differ by
 * a between-run term of variance tau^2 that no run's own samples can show
 * (placement, the host's drift, where files land).  For r runs:
 *
 *   w_i   = 1 / v_i,  ybar_w = sum w_i y_i / sum w_i
 *   Q     = sum w_i (y_i - ybar_w)^2                       (Cochran)
 *   tau^2 = max(0, (Q - (r - 1)) / (sum w - sum w^2 / sum w))
 *                                       (DerSimonian & Laird 1986)
 *   w*_i  = 1 / (v_i + tau^2),  mean = sum w*_i y_i / sum w*_i
 *   q     = sum w*_i (y_i - mean)^2 / (r - 1)
 *   se^2  = max(1, q) / sum w*_i        (Hartung-Knapp-Sidik-Jonkman, with
 *                                        the max(1, q) of Roever et al. 2015
 *                                        so it is never narrower than DL)
 *   95 %  = mean -+ t(0.975, r - 1) * se
 *
 * The t on r - 1 degrees of freedom (the run is the unit) is what keeps the
 * coverage at r = 2..5, where DerSimonian-Laird's z interval falls to 80 %
 * or less (IntHout et al. 2014).  With r = 1 there is no between-run part:
 * the functions refuse (return -1), and the caller must say the spread was
 * not measured.
 *
 * The next run's result (a prediction interval, Higgins et al. 2009):
 *
 *   pred_se^2 = tau^2 + v_next + se^2,  mean -+ t(0.975, r - 1) * pred_se
 *
 * where v_next is the next run's own within-run variance (the mean of the
 * v_i when it is not known).  It answers "what would I get if I ran it
 * again", which the mean's interval does not.
 *
 * Runs with no within-run variance (every v_i = 0, e.g. one figure per run)
 * are the limit of the same model: tau^2 is the runs' sample variance s^2,
 * mean the plain mean, se^2 = s^2 / r, pred_se^2 = s^2 (1 + 1/r) (the
 * classical prediction interval).  A mixture of zero and positive v_i is
 * refused.
 *
 * The same model estimates what differs between instances (file systems
 * made alike) from several paired runs: y_i a run's mean log-ratio, v_i its
 * rounds' se^2; sqrt(tau^2) is the instance term (re_instance_sd()).
 */
#ifndef SYSINDEX_RANDEFF_H
#define SYSINDEX_RANDEFF_H

#include <stddef.h>

struct re_pool {
	size_t r;               /* runs pooled */
	double q_cochran;       /* Q (NAN with no within-run variances) */
	double tau2;            /* between-run variance */
	double mean;            /* random-effects mean */
	double se_dl;           /* sqrt(1 / sum w*): DerSimonian-Laird's se */
	double q_hk;            /* the HKSJ scale q (before max(1, q)) */
	double se;              /* HKSJ se (with max(1, q)) */
	double df;              /* r - 1 */
	double lo, hi;          /* 95 % interval of the mean */
	double pred_se;         /* sqrt(tau^2 + v_next + se^2) */
	double pred_lo, pred_hi;/* 95 % prediction interval of the next run's y */
};

/*
 * Pool r runs: y[i] and v[i] as above, v_next < 0 for "like these runs"
 * (mean v_i).  0, or -1 when r < 2, a value is not finite, a v_i is
 * negative, or zero and positive v_i are mixed (p is then unchanged).
 */
int re_pool(const double *y, const double *v, size_t r, double v_next, struct re_pool *p);

/*
 * The instance term from r paired runs of one pair of instances (y[i] a
 * run's mean log-ratio, v[i] its rounds' se^2): sqrt(tau^2), or NAN when
 * re_pool refuses.
 */
double re_instance_sd(const double *y, const double *v, size_t r);

/*
 * How many runs per side two columns of runs need before Welch's test of
 * their means reaches min_df degrees of freedom, with va and vb the
 * variances of one run's figure on each side (equal runs per side n):
 * df(n) = (n - 1) (va + vb)^2 / (va^2 + vb^2), so
 * n >= 1 + min_df (va^2 + vb^2) / (va + vb)^2: min_df + 1 runs when one
 * side's spread dominates, min_df / 2 + 1 when they are equal.  0 when
 * both variances are 0 or not finite.
 */
size_t re_runs_needed(double va, double vb, double min_df);

#endif
