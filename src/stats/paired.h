/*
 * paired.h: the statistics of paired mode (pure functions, no I/O).
 *
 * Each round measures every directory once, seconds apart, so host drift
 * falls on both sides of a round alike.  For a directory B against the
 * baseline A, round i gives d_i = ln(rate_B,i) - ln(rate_A,i); over n
 * rounds:
 *   ratio  = exp(mean d)               (shown as a change: ratio - 1)
 *   se     = sqrt(sd(d)^2 / n + PAIRED_INSTANCE_SD^2)  (the instance term below)
 *   95% CI = exp(mean d -+ t(0.975, n-1) * se)
 *   detect = exp((t(1 - alpha/2m) + t(0.8)) * se) - 1   (the minimum
 *            detectable change at 80 % power and the family's level, set
 *            by paired_judge; the stopping rule aims at the half-width)
 * Working in logs makes the interval symmetric for ratios, as a geometric
 * mean index needs.
 *
 * The instance term: sd(d) / sqrt(n) is the uncertainty of this run's
 * rounds only.  Two directories made alike also differ by a small amount
 * that holds for a whole run and changes from run to run (where the
 * files' blocks land, and under a loop device the backing file's pages),
 * which no round of the run can show.  Measured on the product's path
 * (bench/paired.md: ten A/A runs of the fs group on two ext4 images made
 * alike), the runs' means scattered by 0.20-0.28 % (SD) beyond their own
 * standard errors, and the errors were 1.3 times too small.  So every
 * standard error adds PAIRED_INSTANCE_SD in quadrature (the se above),
 * with the t quantile on the rounds' own n - 1 (a known term would allow
 * more degrees of freedom; keeping the rounds' is the cautious side, and
 * the minimum-rounds rule keeps counting rounds).  The interval, detect,
 * the stopping rule and the verdict all use this se; se_rounds keeps the
 * rounds' own part.  A run can therefore never claim better than about
 * +-0.6 %: two file systems made alike are not known to agree more
 * closely than that.  The verdict is not this row's alone: paired_judge()
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
#define PAIRED_INSTANCE_SD 0.003	/* on the log scale: 0.3 % (above) */
/*
 * The most rounds --precision plans for a paired test (a cap; the time cap
 * per test still applies).  The least half-width a paired interval can
 * reach is t(0.975, n - 1) x the instance term (the rounds' own scatter
 * only adds), so with this cap no paired interval can be narrower than
 * paired_least_half(PAIRED_PRECISION_MAX_ROUNDS) = +0.61 %: --precision
 * finer than that would never stop a paired run.
 */
#define PAIRED_PRECISION_MAX_ROUNDS 40
/* exp(t(0.975, rounds - 1) x instance_sd) - 1 (the run's term, --instance-sd;
 * 0 for control rows and settings): NAN below 2 rounds. */
double paired_least_half(size_t rounds, double instance_sd);
/* The fewest rounds whose least half-width is within precision (relative),
 * at most PAIRED_PRECISION_MAX_ROUNDS. */
unsigned paired_least_rounds(double precision, double instance_sd);
#define PAIRED_MAX_PLACES 8

struct paired_stats {
	size_t n;               /* paired rounds (both rates valid and > 0) */
	double mean_log, sd_log;/* of d_i */
	double half_log;        /* t * sd / sqrt(n): CI half-width in logs */
	double ratio;           /* exp(mean d) */
	double ci_lo, ci_hi;    /* 95% CI of the ratio */
	double detect;          /* minimum detectable change (paired_judge: verdict_mde) */
	double median_ratio;    /* exp(median d): the robust view of the same rounds */
	double base_gm, other_gm; /* geometric means of each side's paired rates */
	double se_log, df;      /* standard error of mean_log (instance term included) and its t df */
	double se_rounds;       /* the rounds' own part of se_log: sd / sqrt(n) (or the fit's) */
	double instance_sd;     /* the instance term se_log holds (PAIRED_INSTANCE_SD unless set) */
	struct verdict_out vd;  /* set by paired_judge(), over the whole family */
	int order_adjusted;     /* mean_log, sd_log, half_log from the crossover fit */
	size_t stage_one;       /* Stein's rule: se_rounds from the first stage_one rounds' SD
				 * on stage_one - 1 df (paired_compute_two_stage); 0: not */
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
 * Set the instance term ps's se_log holds to sd (on the log scale; 0 for
 * none), recomputing se_log, the interval and detect from se_rounds; the
 * rounds' own figures are kept.  paired_compute() and the others use
 * PAIRED_INSTANCE_SD; the run sets its own (--instance-sd), 0 for a
 * --control row (a test that does not touch the directory has no instance
 * to differ by) and for settings compared on one instance.  Call it before
 * paired_judge().  Nothing is done with fewer than 2 rounds or sd < 0.
 */
void paired_set_instance(struct paired_stats *ps, double sd);

/* The 95 % interval of the ratio from the rounds alone (no instance term). */
void paired_rounds_ci(const struct paired_stats *ps, double *lo, double *hi);

/*
 * A directory's partial score ratio against the baseline: per round i, the
 * geometric mean over the k tests of their ratios other[t][i] / base[t][i]
 * (a round counts only when every test has both rates in it), then
 * paired_compute() over those rounds: the change of the partial index
 * score, whose per-test baselines cancel, with its 95 % t interval.
 * rates are [test][round], n rounds each.  n0 > 0: the rounds were stopped
 * by Stein's rule, paired_compute_two_stage() with n0 over those rounds.
 */
void paired_score_ratio(const double *const *base, const double *const *other, size_t k,
			size_t n, size_t n0, struct paired_stats *ps);

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
 * precise.  Each interval holds instance_sd (paired_set_instance), the term
 * the report will add to the row, so stopping and reporting agree.
 */
int paired_precise(const double *const *rates, const unsigned *const *places, size_t ndirs,
		   size_t n, size_t min_rounds, double precision, double instance_sd);

/*
 * About how many rounds in all row ps would need for a verdict, were its
 * change and the scatter of its rounds what they measured, judged as one
 * of m rows at alpha with the margin (relative): the standard error that
 * lets either test decide, the larger of |est| / t(1 - alpha/(2m)) (faster
 * or slower) and, inside the margin, (ln(1 + margin) - |est|) / t(1 -
 * alpha/m) (equivalent), Holm-Shaffer's first level both (verdict.h); then
 * N = sd^2 / (se^2 - instance_sd^2), sd the rounds' scatter (se_rounds x
 * sqrt(n)), t on N - 1 df (on the first stage's for a two-stage row),
 * more than the rounds it has and at least the rounds a verdict needs.  0 when no N reaches it (the instance term
 * above the standard error needed, or more than PAIRED_DECIDE_MAX) or ps
 * has fewer than 2 rounds or no scatter.
 */
#define PAIRED_DECIDE_MAX 100000
unsigned paired_rounds_to_decide(const struct paired_stats *ps, size_t m, double alpha,
				 double margin);

/*
 * Stein's two-stage rule (1945): --precision where no instance term widens
 * the interval (settings mode, --control rows).  Stopping when the rounds'
 * own interval is narrow enough stops on the data it then judges: a
 * scatter that happens to be small ends the test, and that small scatter
 * makes the interval too narrow (A/A simulations of 6-row reports at 5-10
 * rounds and 3-5 % scatter: 6.8-8.0 % of reports with a false claim at a
 * stated 5 %).  Stein's rule instead lets the first PAIRED_STAGE_ONE
 * rounds fix the total N from their SD s0 and the target half-width h (on
 * the log scale):
 *   N = max(n0, ceil((t(0.975, n0 - 1) x s0 / h)^2)), within the plan's
 *       bounds;
 * the row is then judged on the mean of all N rounds with se = s0 /
 * sqrt(N) on n0 - 1 df.  For normal rounds (mean - delta) / se is exactly
 * t on n0 - 1 df whatever N the first stage chose, since N depends on s0
 * only and the mean of N rounds is independent of s0 (for several
 * directories or tests at once: the first stage's means are independent
 * of its covariances), so the interval holds its 95 % and the verdict its
 * alpha.  The price is df n0 - 1 (t 2.78, not 2.26 at 10 rounds).
 */
#define PAIRED_STAGE_ONE 5      /* n0: the first stage's rounds (= a verdict's minimum) */
#define PAIRED_STAGE_MAX 16     /* the most first-stage rounds paired_stage_sd() takes */

/*
 * The SD of the log-ratios ln(other / base) of the first n0 rounds of
 * [0..n) where both rates are valid (> 0, finite); NAN when fewer than n0
 * (or fewer than 2) are.
 */
double paired_stage_sd(const double *base, const double *other, size_t n, size_t n0);

/*
 * The rounds Stein's rule fixes for a first-stage SD s0 (log scale) on n0
 * rounds and a target half-width half_log (log scale, > 0):
 * ceil((t(0.975, n0 - 1) x s0 / half_log)^2), at least n0; 0 when s0 is
 * not usable (NAN) or half_log not > 0.  The caller bounds it (its cap:
 * the target then is not reached, the se still holds).
 */
unsigned paired_stein_rounds(double s0, size_t n0, double half_log);

/*
 * The statistics of a two-stage row: paired_compute() over all n rounds
 * (the plain mean: an order fit would weigh the first stage's rounds
 * unevenly), then se_rounds = s0 / sqrt(rounds) and df = n0 - 1, with s0
 * = paired_stage_sd(base, other, n, n0), the interval from them, and
 * ps->stage_one = n0.  sd_log stays the SD of all rounds.  Without n0
 * valid rounds, paired_compute()'s figures (stage_one 0).  The instance
 * term is set as paired_compute() sets it; paired_set_instance() works
 * on the result as on any row.
 */
void paired_compute_two_stage(const double *base, const double *other, size_t n, size_t n0,
			      struct paired_stats *ps);

#endif
