/*
 * verdict.h: the one verdict rule of paired mode, compare and the reports
 * (pure maths, no I/O).
 *
 * Every row is a change on the log scale: est = ln(new / baseline) with its
 * standard error se and t degrees of freedom df.  A family is every row of
 * one report (or one compare output) that gets a verdict.  The words:
 *
 *   faster / slower  the two-sided test of "no change" rejects and
 *                    equivalence was not shown;
 *   equivalent       two one-sided tests (TOST) against +-margin on the log
 *                    scale, ln(1 + margin), both reject (max(p_lo, p_hi));
 *   inconclusive     neither;
 *   inconclusive: N rounds   fewer than VERDICT_MIN_DF degrees of freedom:
 *                    no test is run (a t interval on 2 or 3 df is not a
 *                    verdict: t(0.975) is 4.30 and 3.18 against 1.96, and
 *                    the scatter itself comes from 3 or 4 numbers).
 *   inconclusive: single runs   the se holds each run's own noise only, not
 *                    the spread between runs that the claim is about (two
 *                    single runs of two machines or kernels: pseudo-
 *                    replication, Hurlbert 1984).  As for too few df: the
 *                    figures are shown, no test is run, and the row does
 *                    not count in the family (VERDICT_WHY_SINGLE says why).
 *   inconclusive: no spread   se is zero (verdict_no_spread): every figure
 *                    alike, so the runs, rounds or samples measured no
 *                    spread at all; a zero SD from a few figures is not a
 *                    measured spread, and a t test on it would call any
 *                    change, however small, significant.  As above: the
 *                    figures are shown, no test is run, the row does not
 *                    count in the family.
 *
 * Both p-values of every row of the family pass one step-down together
 * (verdict_holm_pairs: Holm over the 2m p-values with Shaffer's bound), so
 * one alpha bounds the chance of any false claim of the family, faster,
 * slower and equivalent alike.
 *
 * An interval that holds 0 is not evidence of no difference: only TOST says
 * "equivalent".  A change that is both significant and inside the margin is
 * "equivalent" (real but negligible) and flagged as such.
 *
 * The adjusted (simultaneous, Bonferroni) interval uses t at 1 - alpha/(2m)
 * for a family of m rows; it holds all m true changes at once with
 * probability >= 1 - alpha, and it is the interval the verdicts match: the
 * step-down's first level is alpha/m, so a change whose simultaneous
 * interval leaves out 0 is significant.
 */
#ifndef SYSINDEX_VERDICT_H
#define SYSINDEX_VERDICT_H

#include <stddef.h>

#define VERDICT_ALPHA 0.05
#define VERDICT_MARGIN 0.02     /* default margin: +-2 % (docs/paired.md, "Verdicts") */
#define VERDICT_MIN_DF 4        /* no verdict below 4 df (5 paired rounds) */
/* VD_FEW's detail for a row whose between-run spread was not measured, and the reason. */
#define VERDICT_SINGLE "single runs"
#define VERDICT_WHY_SINGLE "single runs: the between-run spread was not measured"

/*
 * A log-scale standard error at or below VERDICT_SE_ZERO is zero: nothing
 * varied (identical figures leave only rounding, ~1e-16, in the log ratios;
 * no measured spread between runs comes within orders of magnitude of it).
 */
#define VERDICT_SE_ZERO 1e-12
/* VD_FEW's detail for such a row; the caller says between what ("runs"). */
#define VERDICT_NO_SPREAD "no spread"

enum verdict {
	VD_NONE = 0,            /* not judged (nothing to test) */
	VD_FEW,                 /* inconclusive: below the minimum df */
	VD_FASTER,
	VD_SLOWER,
	VD_EQUIVALENT,
	VD_INCONCLUSIVE,
};

struct verdict_in {
	double est;             /* ln(new / baseline) */
	double se;              /* its standard error (>= 0) */
	double df;              /* t degrees of freedom */
	int lower_better;       /* a time or latency: a smaller value is faster */
};

struct verdict_out {
	enum verdict v;
	int negligible;         /* equivalent, yet the change itself is significant */
	double p_diff;          /* two-sided p of "no change" (raw) */
	double p_lo, p_hi;      /* TOST: p of est <= -D, p of est >= +D (raw) */
	double p_diff_adj, p_tost_adj;  /* Holm-adjusted */
	double lo, hi;          /* the raw 95 % interval of est */
	double adj_lo, adj_hi;  /* the simultaneous interval over the family */
};

struct verdict_family {
	double margin;          /* relative, e.g. 0.02 */
	double alpha;
	size_t m;               /* rows judged (set by verdict_judge) */
	const char *none_why;   /* m == 0: why no row is judged (NULL: too few rounds) */
};

/*
 * The words, written once (verdict.c's table) for paired mode, compare, the
 * writers and compare's report reader: "faster", "slower", "equivalent",
 * "inconclusive" ("" for VD_NONE).  VD_FEW's word is "inconclusive"; its
 * cell says why: "inconclusive: 3 rounds" (verdict_few()).
 */
const char *verdict_word(enum verdict v);
/* An equivalent change that is significant too (real, but inside the margin). */
#define VERDICT_SIGNIFICANT_EQUIVALENT "equivalent (significant)"
/*
 * A judged row's cell: its word, or VERDICT_SIGNIFICANT_EQUIVALENT for an
 * equivalent row whose change is also significant.  verdict_parse reads both.
 */
const char *verdict_label(const struct verdict_out *o);
/* VD_FEW's cell: "inconclusive: " and the detail printf formats. */
void verdict_few(char *out, size_t len, const char *detail_fmt, ...)
	__attribute__((format(printf, 3, 4)));
/*
 * The verdict the whole of s names: a word above (or one older reports
 * printed), or VD_FEW's cell.  0, or -1 if s names none.
 */
int verdict_parse(const char *s, enum verdict *out);
/*
 * The verdict word that ends s[0..len) after a space (VD_FEW's cell not
 * included): its length, or 0.  For a reader finding a row's last cell.
 */
size_t verdict_word_at_end(const char *s, size_t len);

/* Holm's adjusted p-values of p[0..m-1] into adj[] (may alias p: no). */
void verdict_holm(const double *p, size_t m, double *adj);
/*
 * One error rate over m rows' 2m p-values, p[k] row k's difference p and
 * p[m + k] its TOST p: Holm's step-down over all 2m with Shaffer's bound
 * (1986, S1).  A row's two nulls ("no change", "a change beyond the
 * margin") are disjoint, so at most m of the 2m are true: the i-th smallest
 * p-value (from 0) is multiplied by min(m, 2m - i).  The family-wise error
 * over every claim (faster, slower, equivalent) is at most alpha; with one
 * row it is each test at alpha.  adj[] gets 2m values in p's order.
 */
void verdict_holm_pairs(const double *p, size_t m, double *adj);

/* The two one-sided p-values against +-delta (delta on the log scale). */
void verdict_tost(double est, double se, double df, double delta, double *p_lo, double *p_hi);

/*
 * The minimum detectable effect on the log scale: the true change a row with
 * this se and df is called faster or slower with probability power, at the
 * family's first level alpha/m (two-sided): (t(1 - alpha/(2m)) + t(power))
 * x se.  Not the interval's half-width (a change of that size is called
 * about half the time).  NAN when se or df is unusable, or se is zero
 * (verdict_no_spread: no spread measured, no detectable change implied).
 */
#define VERDICT_POWER 0.8
double verdict_mde(double se, double df, size_t m, double alpha, double power);

/* Whether df allows a verdict at all. */
int verdict_enough(double df);
/*
 * Whether a finite se is zero (VERDICT_SE_ZERO): no spread was measured, so
 * no verdict rests on it (VD_FEW; the cell reads "inconclusive: no spread
 * between runs").
 */
int verdict_no_spread(double se);

/*
 * Judge rows in[0..n-1] as one family: out[i] for each.  Rows with a
 * non-finite est or se, df below the minimum, or no spread get VD_NONE or
 * VD_FEW and do not count in the family.  f->m is set to the family's size.
 */
void verdict_judge(const struct verdict_in *in, size_t n, struct verdict_family *f,
		   struct verdict_out *out);

/*
 * A row whose se lacks the spread its claim is about (single runs, above):
 * its raw 95 % interval, VD_FEW, no test; it is not passed to
 * verdict_judge and counts in no family.  VD_NONE when x is not usable.
 */
void verdict_unmeasured(const struct verdict_in *x, struct verdict_out *out);

/*
 * One row alone, as the m-th of a family judged elsewhere at Bonferroni's
 * level (m = 1: by itself).  For the index score's row: (log-ratio, se, df,
 * direction) in, the verdict and the adjusted interval out.
 */
void verdict_one(double est, double se, double df, int lower_better, double margin,
		 size_t m, struct verdict_out *out);

/*
 * The family's method as a line: "Holm-Shaffer over 18 comparisons (36
 * p-values), one alpha 0.05 for every claim, margin +-2%".  Fits
 * VERDICT_METHOD_MAX.
 */
#define VERDICT_METHOD_MAX 192
void verdict_method(const struct verdict_family *f, char *out, size_t len);

/*
 * The verdict rule in words, once for every output (text, Markdown, HTML,
 * the matrices, paired reports, compare's help): the method with the
 * family's size (f NULL: the rule in general), what each word means, what
 * the shown 95 % interval is (the row alone, unadjusted) and which interval
 * matches the verdicts.  One paragraph, no newline; the caller wraps it.
 * Fits VERDICT_EXPLAIN_MAX.
 */
#define VERDICT_EXPLAIN_MAX 1024
void verdict_explain(const struct verdict_family *f, char *out, size_t len);

#endif
