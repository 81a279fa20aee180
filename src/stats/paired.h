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
 * precise.  Each interval holds instance_sd (paired_set_instance), the term
 * the report will add to the row, so stopping and reporting agree.
 */
int paired_precise(const double *const *rates, const unsigned *const *places, size_t ndirs,
		   size_t n, size_t min_rounds, double precision, double instance_sd);

#endif
