/*
 * test_paired.c: paired mode's pure parts: the round order, the log-ratio
 * statistics (hand-worked), the precision test on ratios, --testdir labels,
 * and the comparison built from a run (the stopping rule and the plan's
 * rounds are in test_plan.c, the options in test_cli.c).
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/testdirs.h"
#include "reader/textparse.h"
#include "report/change_chart.h"
#include "report/paired_table.h"
#include "report/report.h"
#include "run/order.h"
#include "run/paired_run.h"
#include "score/score.h"
#include "stats/paired.h"

/* One row judged alone (a family of one) at margin m. */
static enum verdict judge_alone(struct paired_stats *ps, double m)
{
	struct paired_stats *one[1] = { ps };
	struct verdict_family f = { .margin = m, .alpha = 0.05 };

	paired_judge(one, NULL, 1, &f);
	return ps->vd.v;
}

/* ---- order ------------------------------------------------------------ */

START_TEST(two_dirs_abba)
{
	size_t o[2], seq[8];

	for (size_t r = 0; r < 4; r++) {
		williams_row(2, r, o);
		seq[2 * r] = o[0];
		seq[2 * r + 1] = o[1];
	}
	/* A B B A A B B A */
	ck_assert_uint_eq(seq[0], 0);
	ck_assert_uint_eq(seq[1], 1);
	ck_assert_uint_eq(seq[2], 1);
	ck_assert_uint_eq(seq[3], 0);
	ck_assert_uint_eq(seq[4], 0);
	ck_assert_uint_eq(seq[5], 1);
	ck_assert_uint_eq(seq[6], 1);
	ck_assert_uint_eq(seq[7], 0);
	ck_assert_uint_eq(williams_period(2), 2);
}
END_TEST

/* Over one period every dir takes every place equally often and follows
 * every other dir equally often (a Williams design). */
static void check_balanced(size_t k)
{
	size_t period = williams_period(k), place[8][8] = { { 0 } }, follows[8][8] = { { 0 } };
	size_t o[8];

	for (size_t r = 0; r < period; r++) {
		int seen[8] = { 0 };

		williams_row(k, r, o);
		for (size_t j = 0; j < k; j++) {
			ck_assert_uint_lt(o[j], k);
			ck_assert_int_eq(seen[o[j]], 0);   /* a permutation */
			seen[o[j]] = 1;
			place[o[j]][j]++;
			if (j > 0)
				follows[o[j - 1]][o[j]]++;
		}
	}
	for (size_t a = 0; a < k; a++)
		for (size_t b = 0; b < k; b++) {
			ck_assert_uint_eq(place[a][b], period / k);
			if (a != b)
				ck_assert_uint_eq(follows[a][b], period / k);
		}
}

START_TEST(k_dirs_balanced)
{
	ck_assert_uint_eq(williams_period(3), 6);
	ck_assert_uint_eq(williams_period(4), 4);
	check_balanced(2);
	check_balanced(3);
	check_balanced(4);
	check_balanced(5);
	check_balanced(6);
}
END_TEST

START_TEST(four_dirs_first_rows)
{
	size_t o[4];

	williams_row(4, 0, o);
	ck_assert(o[0] == 0 && o[1] == 1 && o[2] == 3 && o[3] == 2);
	williams_row(4, 1, o);
	ck_assert(o[0] == 1 && o[1] == 2 && o[2] == 0 && o[3] == 3);
	williams_row(4, 4, o);   /* the period starts again */
	ck_assert(o[0] == 0 && o[1] == 1 && o[2] == 3 && o[3] == 2);
}
END_TEST

START_TEST(interleaved_by_flags)
{
	const struct test_def *fs = test_find("fsbuffer"), *dhry = test_find("dhry2reg");

	ck_assert_int_eq(test_interleaved(fs, 2, 0), 1);
	ck_assert_int_eq(test_interleaved(dhry, 2, 0), 0);
	ck_assert_int_eq(test_interleaved(dhry, 2, 1), 1);
	ck_assert_int_eq(test_interleaved(fs, 1, 1), 0);
}
END_TEST

/* ---- statistics ------------------------------------------------------- */

#define EPS 1e-6

/*
 * Worked by hand: ratios 1.1, 1.21, 1.0 -> d = 0.0953102, 0.1906204, 0;
 * mean 0.0953102 (ratio exactly 1.1), sd 0.0953102, the rounds' se =
 * sd/sqrt(3) = 0.0550274; with the instance term se = sqrt(0.0550274^2 +
 * 0.003^2) = 0.0551091; t(0.975, 2) = 4.302653, half = 0.2371152: CI
 * exp(-0.1418050) = 0.8677904 .. exp(0.3324254) = 1.3943459; detect
 * 0.2675871.
 */
START_TEST(hand_worked_interval)
{
	double a[3] = { 100, 100, 100 }, b[3] = { 110, 121, 100 };
	struct paired_stats ps;

	paired_compute(a, b, 3, &ps);
	ck_assert_uint_eq(ps.n, 3);
	ck_assert_double_eq_tol(ps.mean_log, log(1.1), EPS);
	ck_assert_double_eq_tol(ps.ratio, 1.1, EPS);
	ck_assert_double_eq_tol(ps.sd_log, 0.0953102, EPS);
	ck_assert_double_eq_tol(ps.half_log, 0.2371152, EPS);
	ck_assert_double_eq_tol(ps.ci_lo, 0.8677904, EPS);
	ck_assert_double_eq_tol(ps.ci_hi, 1.3943459, EPS);
	/*
	 * detect is the family's minimum detectable change (paired_judge), not
	 * the half-width: alone (m = 1), (t(0.975, 2) + t(0.8, 2)) x se, t(0.8,
	 * 2) = 0.6 / sqrt(0.32) = 1.0606602: expm1(5.3633129 x 0.0551091) =
	 * 0.3438886.  The half-width (0.2371152) is called only about half the
	 * time.
	 */
	ck_assert(isnan(ps.detect));
	{
		struct paired_stats *one = &ps;
		struct verdict_family f = { .margin = 0.02, .alpha = 0.05 };

		paired_judge(&one, NULL, 1, &f);
		ck_assert_double_eq_tol(ps.detect, 0.3438886, EPS);
		ck_assert_double_eq_tol(stats_t_quantile(0.8, 2), 0.6 / sqrt(0.32), 1e-9);
	}
	ck_assert_double_eq_tol(ps.median_ratio, 1.1, EPS);
	ck_assert_double_eq_tol(ps.base_gm, 100, EPS);
	ck_assert_double_eq_tol(ps.other_gm, 110, EPS);
	ck_assert_double_eq_tol(ps.se_rounds, 0.0953102 / sqrt(3), EPS);
	ck_assert_double_eq_tol(ps.se_log, 0.0551091, EPS);
	ck_assert_double_eq_tol(ps.df, 2, EPS);
	/* 3 rounds: 2 df, below the minimum: no verdict however large the change. */
	ck_assert_int_eq(judge_alone(&ps, 0.02), VD_FEW);
	ck_assert_str_eq(verdict_word(ps.vd.v), "inconclusive");
}
END_TEST

/*
 * The host's speed drifts 8x across rounds; B is 2% faster within each
 * round: pairing sees it (two independent samples could not).
 */
START_TEST(drift_cancels)
{
	double a[5] = { 100, 200, 50, 400, 300 }, b[5] = { 102, 204.2, 51.0, 407.9, 306.1 };
	struct paired_stats ps;

	paired_compute(a, b, 5, &ps);
	ck_assert_int_eq(judge_alone(&ps, 0.005), VD_FASTER);
	/* 2 % +- t(4) x 0.3 % (the instance term; the rounds add almost nothing) */
	ck_assert(ps.ci_lo > 1.011 && ps.ci_hi < 1.029);
	paired_compute(b, a, 5, &ps);
	ck_assert_int_eq(judge_alone(&ps, 0.005), VD_SLOWER);
	ck_assert(ps.ratio < 1);
}
END_TEST

/*
 * The partial score ratio, hand-worked: two tests, round i's log-ratios
 * (0.02, 0), (0.04, 0), (0, 0.04), (0.02, 0.02), (0.02, 0): their means
 * d = 0.01, 0.02, 0.02, 0.02, 0.01; mean 0.016, sd sqrt(0.00012 / 4) =
 * 0.0054772, the rounds' se 0.0024495, with the instance term
 * sqrt(0.0024495^2 + 0.003^2) = 0.0038730, t(0.975, 4) = 2.776445: half
 * 0.0107531.  A sixth round where one test has no rate is left out.
 */
START_TEST(score_ratio_hand_worked)
{
	static const double l1[6] = { 0.02, 0.04, 0, 0.02, 0.02, 0.5 };
	static const double l2[6] = { 0, 0, 0.04, 0.02, 0, 0.5 };
	double a1[6], b1[6], a2[6], b2[6];
	const double *base[2] = { a1, a2 }, *other[2] = { b1, b2 };
	struct paired_stats ps;

	for (size_t i = 0; i < 6; i++) {
		a1[i] = 1000.0 * (double)(i + 1);       /* drift and scale: cancel */
		a2[i] = 7.0;
		b1[i] = a1[i] * exp(l1[i]);
		b2[i] = a2[i] * exp(l2[i]);
	}
	b2[5] = 0;
	paired_score_ratio(base, other, 2, 6, 0, &ps);
	ck_assert_uint_eq(ps.n, 5);
	ck_assert_double_eq_tol(ps.mean_log, 0.016, EPS);
	ck_assert_double_eq_tol(ps.sd_log, 0.0054772, EPS);
	ck_assert_double_eq_tol(ps.se_rounds, 0.0024495, EPS);
	ck_assert_double_eq_tol(ps.se_log, 0.0038730, EPS);
	ck_assert_double_eq_tol(ps.half_log, 0.0107531, EPS);
	ck_assert_double_eq_tol(ps.ratio, exp(0.016), EPS);
	ck_assert_double_eq_tol(ps.ci_lo, exp(0.016 - 0.0107531), EPS);
	/* Significant, and (0.016 + 2.13 se = 0.0243 > ln 1.02) not equivalent. */
	ck_assert_int_eq(judge_alone(&ps, 0.02), VD_FASTER);
}
END_TEST

START_TEST(bad_rounds_left_out)
{
	double a[4] = { 100, 0, 100, NAN }, b[4] = { 110, 50, -1, 100 };
	struct paired_stats ps;

	paired_compute(a, b, 4, &ps);
	ck_assert_uint_eq(ps.n, 1);
	ck_assert_double_eq_tol(ps.ratio, 1.1, EPS);
	ck_assert(isnan(ps.ci_lo) && isnan(ps.detect));
	ck_assert_int_eq(judge_alone(&ps, 0.02), VD_NONE);
	paired_compute(a, b, 0, &ps);
	ck_assert_uint_eq(ps.n, 0);
	ck_assert(isnan(ps.ratio));
	ck_assert_str_eq(verdict_word(VD_NONE), "");
}
END_TEST

START_TEST(identical_sides)
{
	double a[5] = { 100, 120, 90, 80, 110 };
	struct paired_stats ps;

	paired_compute(a, a, 5, &ps);
	ck_assert_double_eq_tol(ps.ratio, 1, EPS);
	ck_assert_double_eq_tol(ps.se_rounds, 0, EPS);
	/* No scatter at all: the instance term alone, t(0.975, 4) x 0.003. */
	ck_assert_double_eq_tol(ps.half_log, 0.0083293, EPS);
	/* Both one-sided tests reject (t = 6.6 on 4 df): equivalent. */
	ck_assert_int_eq(judge_alone(&ps, 0.02), VD_EQUIVALENT);
}
END_TEST

/*
 * Order-adjusted (crossover) form, two directories, 10 rounds A B, B A, ...
 * Worked by hand: d = 0.02 + 0.03 x + e, x = +1 when B is second, -1 when
 * A is; e = +-0.01 or 0, summing to 0 in each order.  Fit: delta 0.02,
 * place-2 effect 0.03, RSS 8 x 0.0001, s = sqrt(0.0008 / 8) = 0.01, se =
 * s / sqrt(10), t(0.975, 8) = 2.306004: half 0.0072922 ("faster": and not
 * equivalent at +-2 %, as 0.02 > ln 1.02).  The plain form: mean 0.02, sd
 * sqrt(0.0098 / 9) = 0.0329983, t(0.975, 9) = 2.262157: half 0.0236056
 * (t = 1.92 on 9 df: "inconclusive").  An 11th round (A B,
 * e = 0) unbalances the orders: the plain mean moves to 0.25 / 11, the
 * crossover's stays at the mean of the two orders' means, 0.02, with
 * (X'X)^-1 [0][0] = 11 / 120 and t(0.975, 9): half 0.0064573.
 */
START_TEST(order_adjusted_hand_worked)
{
	static const double e[11] = { .01, 0, -.01, .01, .01, -.01, -.01, .01, 0, -.01, 0 };
	double a[11], b[11];
	unsigned pa[11], pb[11];
	struct paired_stats ps;

	for (size_t i = 0; i < 11; i++) {
		double x = i % 2 ? -1 : 1;

		pa[i] = i % 2 ? 2 : 1;
		pb[i] = i % 2 ? 1 : 2;
		a[i] = 100.0 * (double)(1 + i % 3);     /* drift: cancels */
		b[i] = a[i] * exp(0.02 + 0.03 * x + e[i]);
	}
	paired_compute_ordered(a, b, pa, pb, 2, 10, &ps);
	ck_assert_int_eq(ps.order_adjusted, 1);
	ck_assert_uint_eq(ps.n, 10);
	ck_assert_uint_eq(ps.nplaces, 2);
	ck_assert_double_eq_tol(ps.mean_log, 0.02, EPS);
	ck_assert_double_eq_tol(ps.place_log[0], 0, EPS);
	ck_assert_double_eq_tol(ps.place_log[1], 0.03, EPS);
	ck_assert_double_eq_tol(ps.sd_log, 0.01, EPS);
	/* the fit's se 0.0031623, with the instance term 0.0043589; t(8) 2.306004 */
	ck_assert_double_eq_tol(ps.se_rounds, 0.0031623, EPS);
	ck_assert_double_eq_tol(ps.half_log, 0.0100516, EPS);
	ck_assert_double_eq_tol(ps.ratio, exp(0.02), EPS);
	ck_assert(isnan(ps.detect));    /* the family's, set by paired_judge */
	ck_assert_double_eq_tol(ps.df, 8, EPS);
	ck_assert_int_eq(judge_alone(&ps, 0.02), VD_FASTER);
	paired_compute(a, b, 10, &ps);
	ck_assert_int_eq(ps.order_adjusted, 0);
	ck_assert_double_eq_tol(ps.mean_log, 0.02, EPS);
	ck_assert_double_eq_tol(ps.half_log, 0.0245618, EPS);
	ck_assert_int_eq(judge_alone(&ps, 0.02), VD_INCONCLUSIVE);
	paired_compute_ordered(a, b, pa, pb, 2, 11, &ps);
	ck_assert_int_eq(ps.order_adjusted, 1);
	ck_assert_double_eq_tol(ps.mean_log, 0.02, EPS);
	ck_assert_double_eq_tol(ps.half_log, 0.0093677, EPS);
	paired_compute(a, b, 11, &ps);
	ck_assert_double_eq_tol(ps.mean_log, 0.25 / 11, EPS);
}
END_TEST

/* When the order form does not apply: the plain form, as it was. */
START_TEST(order_adjusted_only_when_it_can)
{
	double a[12], b[12];
	unsigned pa[12], pb[12], same[12];
	struct paired_stats plain, ps;

	for (size_t i = 0; i < 12; i++) {
		pa[i] = i % 2 ? 2 : 1;
		pb[i] = i % 2 ? 1 : 2;
		same[i] = 1;
		a[i] = 100;
		b[i] = 100 * (1 + 0.01 * (double)(i % 5));
	}
	/* 9 rounds leave 7 degrees of freedom: too few. */
	paired_compute(a, b, 9, &plain);
	paired_compute_ordered(a, b, pa, pb, 2, 9, &ps);
	ck_assert_int_eq(ps.order_adjusted, 0);
	ck_assert_double_eq(ps.half_log, plain.half_log);
	/* No places, or one directory's place never differs from the other's. */
	paired_compute(a, b, 12, &plain);
	paired_compute_ordered(a, b, NULL, NULL, 2, 12, &ps);
	ck_assert_int_eq(ps.order_adjusted, 0);
	paired_compute_ordered(a, b, same, same, 2, 12, &ps);
	ck_assert_int_eq(ps.order_adjusted, 0);
	ck_assert_double_eq(ps.half_log, plain.half_log);
	/* A round whose place is unknown (0) keeps the plain form for all. */
	pa[3] = 0;
	paired_compute_ordered(a, b, pa, pb, 2, 12, &ps);
	ck_assert_int_eq(ps.order_adjusted, 0);
	ck_assert_double_eq(ps.mean_log, plain.mean_log);
}
END_TEST

/*
 * Three directories in Williams rows (period 6), 18 rounds: each place
 * costs its own amount (0, -4 %, +3 % in logs) and C is 1 % faster than
 * A.  The fit finds delta and the places; the plain interval, which
 * carries the place effects as noise, is several times wider.
 */
START_TEST(order_adjusted_three_dirs)
{
	static const double place[3] = { 0, -0.04, 0.03 };
	double a[18], c[18];
	unsigned pa[18], pc[18];
	struct paired_stats plain, ps;

	for (size_t r = 0; r < 18; r++) {
		size_t ord[3];
		double wobble = 0.002 * (double)((r * 7) % 5) - 0.004;

		williams_row(3, r, ord);
		for (unsigned s = 0; s < 3; s++) {
			if (ord[s] == 0)
				pa[r] = s + 1;
			if (ord[s] == 2)
				pc[r] = s + 1;
		}
		a[r] = 1000 * exp(place[pa[r] - 1]);
		c[r] = 1000 * exp(0.01 + place[pc[r] - 1] + wobble);
	}
	paired_compute_ordered(a, c, pa, pc, 3, 18, &ps);
	paired_compute(a, c, 18, &plain);
	ck_assert_int_eq(ps.order_adjusted, 1);
	ck_assert_double_eq_tol(ps.mean_log, 0.01, 0.002);
	ck_assert_double_eq_tol(ps.place_log[1], -0.04, 0.002);
	ck_assert_double_eq_tol(ps.place_log[2], 0.03, 0.002);
	ck_assert_int_eq(judge_alone(&ps, 0.005), VD_FASTER);
	ck_assert(ps.half_log * 3 < plain.half_log);
}
END_TEST

/* ---- stopping rule ---------------------------------------------------- */

START_TEST(precise_on_ratios)
{
	double a[3] = { 100, 100, 100 }, b[3] = { 110, 121, 100 };
	double ta[4] = { 100, 200, 50, 400 }, tb[4] = { 102, 204.2, 51.0, 407.9 };
	const double *wide[2] = { a, b }, *tight[2] = { ta, tb };

	/* half 0.2368 in logs: within ln(1.30) = 0.262, not within ln(1.25) = 0.223 */
	ck_assert_int_eq(paired_precise(wide, NULL, 2, 3, 3, 0.30, PAIRED_INSTANCE_SD), 1);
	ck_assert_int_eq(paired_precise(wide, NULL, 2, 3, 3, 0.25, PAIRED_INSTANCE_SD), 0);
	/* The drifting pair is within 1% after 4 rounds (half t(3) x
	 * sqrt(0.00027^2 + 0.003^2) = 0.00959 < ln 1.01 = 0.00995), never before
	 * the minimum. */
	ck_assert_int_eq(paired_precise(tight, NULL, 2, 4, 3, 0.01, PAIRED_INSTANCE_SD), 1);
	ck_assert_int_eq(paired_precise(tight, NULL, 2, 4, 5, 0.01, PAIRED_INSTANCE_SD), 0);
	ck_assert_int_eq(paired_precise(tight, NULL, 1, 4, 3, 0.01, PAIRED_INSTANCE_SD), 0);
	/* The run's own term, as the report adds it: --instance-sd 0.6 % keeps the
	 * pair wider than 1 % (t(3) x 0.006 = 0.019); no term (a control row,
	 * settings) stops it within 0.5 % (t(3) x 0.00027 = 0.00086). */
	ck_assert_int_eq(paired_precise(tight, NULL, 2, 4, 3, 0.01, 0.006), 0);
	ck_assert_int_eq(paired_precise(tight, NULL, 2, 4, 3, 0.005, PAIRED_INSTANCE_SD), 0);
	ck_assert_int_eq(paired_precise(tight, NULL, 2, 4, 3, 0.005, 0), 1);
}
END_TEST

/* With places, the rule judges the order-adjusted interval. */
START_TEST(precise_on_ordered_ratios)
{
	static const double e[10] = { .01, 0, -.01, .01, .01, -.01, -.01, .01, 0, -.01 };
	double a[10], b[10];
	unsigned pa[10], pb[10];
	const double *rates[2] = { a, b };
	const unsigned *places[2] = { pa, pb };

	for (size_t i = 0; i < 10; i++) {
		pa[i] = i % 2 ? 2 : 1;
		pb[i] = i % 2 ? 1 : 2;
		a[i] = 100;
		b[i] = 100 * exp(0.02 + (i % 2 ? -0.03 : 0.03) + e[i]);
	}
	/* half 0.0101 (order-adjusted) against 0.0246 (plain); ln(1.015) = 0.0149 */
	ck_assert_int_eq(paired_precise(rates, places, 2, 10, 3, 0.015, PAIRED_INSTANCE_SD), 1);
	ck_assert_int_eq(paired_precise(rates, NULL, 2, 10, 3, 0.015, PAIRED_INSTANCE_SD), 0);
}
END_TEST

/* ---- labels and options ----------------------------------------------- */

START_TEST(labels_given_and_default)
{
	const char *args[5] = { "/mnt/no atime/", "fast=/srv/x", "/a/b", "/c/b", "/" };
	struct testdir_spec d[5];
	char err[256];

	ck_assert_int_eq(testdirs_parse(args, 5, d, err, sizeof(err)), 0);
	ck_assert_str_eq(d[0].label, "no_atime");
	ck_assert_str_eq(d[0].path, "/mnt/no atime/");
	ck_assert_str_eq(d[1].label, "fast");
	ck_assert_str_eq(d[1].path, "/srv/x");
	ck_assert_str_eq(d[2].label, "b");
	ck_assert_str_eq(d[3].label, "b-2");
	ck_assert_str_eq(d[4].label, "dir");
}
END_TEST

START_TEST(given_label_wins_over_default)
{
	const char *args[2] = { "/p/a", "a=/q" };
	const char *eqpath[2] = { "/mnt/a=b", "./x=y/z" };
	struct testdir_spec d[2];
	char err[256];

	ck_assert_int_eq(testdirs_parse(args, 2, d, err, sizeof(err)), 0);
	ck_assert_str_eq(d[0].label, "a-2");
	ck_assert_str_eq(d[1].label, "a");
	/* An '=' after a '/' is part of the path. */
	ck_assert_int_eq(testdirs_parse(eqpath, 2, d, err, sizeof(err)), 0);
	ck_assert_str_eq(d[0].path, "/mnt/a=b");
	ck_assert_str_eq(d[0].label, "a_b");
	ck_assert_str_eq(d[1].path, "./x=y/z");
}
END_TEST

static void expect_bad(const char *a, const char *b, const char *msg)
{
	const char *args[2] = { a, b };
	struct testdir_spec d[2];
	char err[256] = "";

	ck_assert_int_eq(testdirs_parse(args, 2, d, err, sizeof(err)), -1);
	ck_assert_msg(strstr(err, msg) != NULL, "'%s' lacks '%s'", err, msg);
	ck_assert_ptr_null(strchr(err, '\n'));
}

START_TEST(bad_labels)
{
	expect_bad("=/x", "/y", "empty label");
	expect_bad("a=", "/y", "empty directory");
	expect_bad("a=/x", "a=/y", "label 'a' given twice");
	expect_bad("my dir=/x", "/y", "only letters, digits");
	expect_bad("abcdefghijklmnopqrstuvwxyz=/x", "/y", "longer than");
	ck_assert_int_eq(testdirs_label_ok("ok-1.2_b+"), 1);
	ck_assert_int_eq(testdirs_label_ok(""), 0);
}
END_TEST

/* ---- the comparison of a run ------------------------------------------ */

static struct pass_result *mkpasses(const double *rates, size_t n)
{
	struct pass_result *p = calloc(n, sizeof(*p));

	for (size_t i = 0; i < n; i++) {
		p[i].ok = 1;
		p[i].rate = rates[i];
		p[i].round = (unsigned)i + 1;
		p[i].slot = 1;
	}
	return p;
}

START_TEST(compare_a_run)
{
	static struct run_result r;
	static struct copy_run runs[2];
	static struct bench_result t0[2], t1[1];
	double a[3] = { 100, 100, 100 }, b[3] = { 110, 121, 100 };
	char *buf = NULL, pct[32];
	size_t len = 0;
	FILE *f;

	memset(&r, 0, sizeof(r));
	r.ndirs = 2;
	snprintf(r.dirs[0].label, sizeof(r.dirs[0].label), "rel");
	snprintf(r.dirs[1].label, sizeof(r.dirs[1].label), "noat");
	t0[0].def = test_find("fsbuffer");
	t0[0].status = TS_OK;
	t0[0].passes = mkpasses(a, 3);
	t0[0].npasses = 3;
	t0[1].def = test_find("dhry2reg");     /* ran once: no comparison */
	t0[1].status = TS_OK;
	t1[0].def = test_find("fsbuffer");
	t1[0].status = TS_OK;
	t1[0].passes = mkpasses(b, 3);
	t1[0].npasses = 3;
	runs[0] = (struct copy_run){ .copies = 1, .dir = 0, .tests = t0, .ntests = 2 };
	runs[1] = (struct copy_run){ .copies = 1, .dir = 1, .tests = t1, .ntests = 1 };
	r.runs = runs;
	r.nruns = 2;
	ck_assert_int_eq(paired_compare(&r), 0);
	ck_assert_uint_eq(r.ncmps, 1);
	ck_assert_ptr_eq(r.cmps[0].def, test_find("fsbuffer"));
	ck_assert_uint_eq(r.cmps[0].dir, 1);
	ck_assert_uint_eq(r.cmps[0].rounds, 3);
	ck_assert_double_eq_tol(r.cmps[0].st.ratio, 1.1, EPS);
	f = open_memstream(&buf, &len);
	ck_assert_int_eq(report_paired_text(f, &r), 0);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "Paired comparison: 1 copy, baseline rel"));
	/* The statistics' words under a legend's head a reader can skip. */
	ck_assert_ptr_nonnull(strstr(buf, "\n" PAIRED_TABLE_LEGEND_HEAD "\nchange: "));
	ck_assert_ptr_nonnull(strstr(buf, "+10.00%"));
	/* The hand-worked interval above, instance term included. */
	ck_assert_ptr_nonnull(strstr(buf, "-13.22%..+39.43%"));
	/* detect: the minimum detectable change above (m = 1), not the half-width. */
	ck_assert_ptr_nonnull(strstr(buf, "+-34.39%"));
	ck_assert_ptr_null(strstr(buf, "+-26.76%"));
	/* 3 rounds: below the minimum, whatever the change. */
	ck_assert_ptr_nonnull(strstr(buf, "inconclusive: 3 rounds"));
	ck_assert_ptr_nonnull(strstr(buf, "Verdicts: none, no row reached the 5 rounds"));
	ck_assert_ptr_null(strstr(buf, "Holm over 0"));
	ck_assert_ptr_null(strstr(buf, "no difference proven"));
	ck_assert_ptr_nonnull(strstr(buf, "interval that holds 0 is not evidence"));
	/* No row judged: no family, so no "m = 0" and no simultaneous interval. */
	ck_assert_ptr_null(strstr(buf, "m = 0"));
	ck_assert_ptr_null(strstr(buf, "simultaneous"));
	ck_assert_ptr_nonnull(strstr(buf, report_paired_instance_note));
	/* The note's figure is the term the intervals use. */
	snprintf(pct, sizeof(pct), "adds %.1f %% (SD)", 100 * PAIRED_INSTANCE_SD);
	ck_assert_ptr_nonnull(strstr(report_paired_instance_note, pct));
	ck_assert_ptr_nonnull(strstr(buf, "Ran once, in rel"));
	ck_assert_ptr_nonnull(strstr(buf, "Dhrystone 2 using register variables"));
	free(buf);
	/* Markdown: the same note under the tables, in a legend after them. */
	f = open_memstream(&buf, &len);
	ck_assert_int_eq(report_md(f, &r), 0);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, report_paired_instance_note));
	ck_assert_ptr_nonnull(strstr(buf, "\n\n**Legend** (" PAIRED_LEGEND_WORDS "): change: "));
	ck_assert(strstr(buf, "**Legend**") > strstr(buf, "| Test | Dir |"));
	free(buf);
	/* HTML: the legend folded, a reader opens it; the words inside. */
	f = open_memstream(&buf, &len);
	ck_assert_int_eq(report_html(f, &r), 0);
	fclose(f);
	{
		const char *lg = strstr(buf, "<details class=\"legend\"><summary>Legend ("
					PAIRED_LEGEND_WORDS ")</summary>\n<p class=\"small\">change: ");
		const char *end = lg ? strstr(lg, "</details>") : NULL;

		ck_assert_ptr_nonnull(lg);
		ck_assert_ptr_nonnull(end);
		ck_assert(strstr(lg, "interval that holds 0 is not evidence") < end);
		ck_assert_ptr_nonnull(strstr(lg, "interval that holds 0 is not evidence"));
	}
	free(buf);
	/* Settings mode compares one instance: its note in place of the term's. */
	r.nsettings = 2;
	f = open_memstream(&buf, &len);
	ck_assert_int_eq(report_paired_text(f, &r), 0);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, report_paired_settings_note));
	ck_assert_ptr_null(strstr(buf, report_paired_instance_note));
	ck_assert_ptr_null(strstr(buf, "--instance-sd"));
	/* Settings are not directories, and one note per mode: no instance term named. */
	ck_assert_msg(strstr(buf, "  setting  ") != NULL, "%s", buf);
	ck_assert_ptr_null(strstr(buf, "  dir  "));
	ck_assert_ptr_nonnull(strstr(buf, "per-round ratio (setting / rel)"));
	ck_assert_ptr_null(strstr(buf, "instance term below"));
	free(buf);
	f = open_memstream(&buf, &len);
	ck_assert_int_eq(report_md(f, &r), 0);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "| Test | Setting | rel |"));
	ck_assert_ptr_nonnull(strstr(buf, "in the baseline setting rel only"));
	ck_assert_ptr_nonnull(strstr(buf, ": setting noat\n"));
	ck_assert_ptr_null(strstr(buf, "baseline directory"));
	ck_assert_ptr_null(strstr(buf, "instance term below"));
	free(buf);
	f = open_memstream(&buf, &len);
	ck_assert_int_eq(report_text(f, &r), 0);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "\nSetting rel (the baseline)\n"));
	ck_assert_ptr_nonnull(strstr(buf, "\nSetting noat\n"));
	free(buf);
	f = open_memstream(&buf, &len);
	ck_assert_int_eq(report_json(f, &r), 0);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "\"instance_sd_source\": \"one instance (--setting)\""));
	free(buf);
	r.nsettings = 0;
	/* JSON: the pairing of every sample and the statistics; CSV: label and round. */
	f = open_memstream(&buf, &len);
	ck_assert_int_eq(report_json(f, &r), 0);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "\"paired\": {"));
	ck_assert_ptr_nonnull(strstr(buf, "\"baseline\": \"rel\""));
	ck_assert_ptr_nonnull(strstr(buf, "\"label\": \"noat\""));
	ck_assert_ptr_nonnull(strstr(buf, "\"round\": 3"));
	ck_assert_ptr_nonnull(strstr(buf, "\"ratio\": 1.0999") != NULL ? "" : strstr(buf, "\"ratio\": 1.1"));
	ck_assert_ptr_nonnull(strstr(buf, "\"verdict\": \"inconclusive\""));
	ck_assert_ptr_nonnull(strstr(buf, "\"verdict_text\": \"inconclusive: 3 rounds\""));
	ck_assert_ptr_nonnull(strstr(buf, "\"verdict_family\": 0"));
	free(buf);
	f = open_memstream(&buf, &len);
	ck_assert_int_eq(report_csv(f, &r), 0);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, ",ok,first_write_rate,rewrite_rate,disturbed,excluded,index_score,index_score_lo,index_score_hi,label,round,run_status\n"));
	ck_assert_ptr_nonnull(strstr(buf, ",rel,2,complete\n"));
	ck_assert_ptr_nonnull(strstr(buf, ",noat,3,complete\n"));
	free(buf);
	/* Both ran, but not the same way: the report says so under the row. */
	snprintf(t1[0].note, sizeof(t1[0].note), "buffered");
	f = open_memstream(&buf, &len);
	report_paired_text(f, &r);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "(the two sides did not do the same work: noat refused "
				      "O_DIRECT, so its I/O went through the page cache)"));
	ck_assert_ptr_nonnull(strstr(buf, NOTE_UNLIKE_VERDICT));
	free(buf);
	t1[0].note[0] = '\0';
	/* The other side skipped: no verdict, and why. */
	t1[0].status = TS_SKIPPED;
	snprintf(t1[0].reason, sizeof(t1[0].reason), "O_DIRECT is not supported here");
	ck_assert_int_eq(paired_compare(&r), 0);
	f = open_memstream(&buf, &len);
	report_paired_text(f, &r);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "not compared: SKIPPED noat"));
	ck_assert_ptr_nonnull(strstr(buf, "(O_DIRECT is not supported here)"));
	free(buf);
	free(r.cmps);
	free(t0[0].passes);
	free(t1[0].passes);
}
END_TEST

/*
 * Words a sysadmin reads under a row: an interval that leaves out 0 on an
 * inconclusive row says the family's correction made it so; a detectable
 * change of 100 % or more is no figure (no slowdown reaches -100 %): the
 * cell is "-" and the note says how many rounds would detect 10 %.
 */
START_TEST(row_words_for_readers)
{
	struct paired_row row;
	struct paired_cells pc;

	memset(&row, 0, sizeof(row));
	snprintf(row.title, sizeof(row.title), "File Copy 4096 bufsize 8000 maxblocks");
	snprintf(row.label, sizeof(row.label), "noatime");
	snprintf(row.verdict, sizeof(row.verdict), "inconclusive");
	row.base = 100;
	row.other = 90;
	row.change_pct = -10.31;
	row.ci_lo_pct = -17.61;
	row.ci_hi_pct = -2.36;
	row.detect_pct = 12.5;
	row.rounds_lo_pct = row.rounds_hi_pct = NAN;
	row.rounds = 5;
	row.family = 20;
	paired_row_cells(&row, &pc);
	ck_assert_str_eq(pc.reason, "its interval leaves out 0, but the change is not significant "
			 "once 20 rows are judged together");
	ck_assert_str_eq(pc.detect, "+-12.50%");
	/* An interval holding 0: nothing to explain. */
	row.ci_hi_pct = 1.0;
	paired_row_cells(&row, &pc);
	ck_assert_str_eq(pc.reason, "");
	/* detect +-165.98%: no figure; about 5 x (ln 2.6598 / ln 1.1)^2 = 527 rounds for 10 %. */
	row.detect_pct = 165.98;
	paired_row_cells(&row, &pc);
	ck_assert_str_eq(pc.detect, "-");
	ck_assert_str_eq(pc.reason, "too few rounds to detect any plausible change: it would need "
			 "about 527 rounds to detect 10 %");
}
END_TEST

/*
 * Two sides that did not do the same work (a tmpfs, which ignores the
 * O_DIRECT and fdatasync a disk test asks for, against a disk): the row has
 * no verdict, is out of the verdict family, and says in words what differed,
 * in text, Markdown, HTML, CSV and JSON; the text table keeps every column
 * apart however large the figures.  Six rounds, +19,000 %: alike, the row
 * would be "faster".
 */
START_TEST(unlike_sides_no_verdict)
{
	static struct run_result r;
	static struct copy_run runs[2];
	static struct bench_result t0[1], t1[1];
	double a[6] = { 100, 101, 99, 100, 102, 98 }, b[6] = { 19300, 19500, 19000, 19400, 19600, 18900 };
	int (*writers[])(FILE *, const struct run_result *) = { report_md, report_html, report_json };
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	memset(&r, 0, sizeof(r));
	r.ndirs = 2;
	snprintf(r.dirs[0].label, sizeof(r.dirs[0].label), "ext");
	snprintf(r.dirs[1].label, sizeof(r.dirs[1].label), "tmp");
	t0[0].def = t1[0].def = test_find("fsync-4k");
	t0[0].status = t1[0].status = TS_OK;
	t0[0].passes = mkpasses(a, 6);
	t1[0].passes = mkpasses(b, 6);
	t0[0].npasses = t1[0].npasses = 6;
	runs[0] = (struct copy_run){ .copies = 1, .dir = 0, .tests = t0, .ntests = 1 };
	runs[1] = (struct copy_run){ .copies = 1, .dir = 1, .tests = t1, .ntests = 1 };
	r.runs = runs;
	r.nruns = 2;
	/* Alike: judged, faster. */
	ck_assert_int_eq(paired_compare(&r), 0);
	ck_assert_uint_eq(r.family.m, 1);
	ck_assert_int_eq(r.cmps[0].st.vd.v, VD_FASTER);
	/* tmpfs on one side: out of the family, no verdict, the reason in words. */
	snprintf(t1[0].note, sizeof(t1[0].note), "tmpfs");
	ck_assert_int_eq(paired_compare(&r), 0);
	ck_assert_uint_eq(r.family.m, 0);
	ck_assert_int_eq(r.cmps[0].st.vd.v, VD_NONE);
	ck_assert(!isfinite(r.cmps[0].st.detect));
	/* Off the chart (its +19,000 % would set the axis), and the chart says so. */
	{
		struct change_chart cc;

		ck_assert_int_eq(change_chart_paired(&r, &cc), 0);
		ck_assert_uint_eq(cc.nrows, 0);
		ck_assert_uint_eq(cc.left_out, 1);
		ck_assert_ptr_nonnull(strstr(cc.title, "\nNot drawn: 1 row whose two sides did "
					     "different work"));
		change_chart_free(&cc);
	}
	f = open_memstream(&buf, &len);
	ck_assert_int_eq(report_paired_text(f, &r), 0);
	fclose(f);
	ck_assert_ptr_null(strstr(buf, "  faster\n"));
	ck_assert_ptr_nonnull(strstr(buf, "  " NOTE_UNLIKE_VERDICT "\n"));
	ck_assert_ptr_nonnull(strstr(buf, "(the two sides did not do the same work: tmp is tmpfs, "
				      "which keeps the file in memory and ignores O_DIRECT and fdatasync)"));
	/* The change and the interval never run together: two spaces between cells. */
	ck_assert_ptr_nonnull(strstr(buf, "%  +"));
	ck_assert_ptr_null(strstr(buf, "% +"));
	free(buf);
	for (size_t w = 0; w < sizeof(writers) / sizeof(writers[0]); w++) {
		f = open_memstream(&buf, &len);
		ck_assert_int_eq(writers[w](f, &r), 0);
		fclose(f);
		ck_assert_msg(strstr(buf, NOTE_UNLIKE_VERDICT) != NULL, "writer %zu: no verdict cell", w);
		ck_assert_msg(strstr(buf, "tmp is tmpfs, which keeps the file in memory") != NULL,
			      "writer %zu: no reason", w);
		free(buf);
	}
	/* A record from before: a verdict on unlike sides is neither shown nor named. */
	{
		char lines[REPORT_SUMMARY_MAX][REPORT_SUMMARY_LINE];
		size_t n, found = 0;

		r.cmps[0].st.vd.v = VD_FASTER;
		n = report_summary(&r, lines, REPORT_SUMMARY_MAX);
		for (size_t i = 0; i < n; i++) {
			ck_assert_ptr_null(strstr(lines[i], "Faster in"));
			found += strstr(lines[i], "0 faster, 0 slower, 0 equivalent, 0 inconclusive, "
					"1 not compared") != NULL;
		}
		ck_assert_uint_eq(found, 1);
		f = open_memstream(&buf, &len);
		report_paired_text(f, &r);
		fclose(f);
		ck_assert_ptr_nonnull(strstr(buf, "  " NOTE_UNLIKE_VERDICT "\n"));
		free(buf);
		r.cmps[0].st.vd.v = VD_NONE;
	}
	/* compare's CSV of the run: the same cells. */
	{
		struct paired_row row;

		report_paired_row(&r, &r.cmps[0], &row);
		f = open_memstream(&buf, &len);
		paired_table_csv_row(f, &row);
		fclose(f);
		ck_assert_ptr_nonnull(strstr(buf, "," NOTE_UNLIKE_VERDICT ",\"the two sides did not do"));
		free(buf);
	}
	free(r.cmps);
	free(r.pscores);
	free(t0[0].passes);
	free(t1[0].passes);
}
END_TEST

/*
 * The instance term where its mechanism applies.  fsbuffer's rounds as in
 * compare_a_run: log-ratios ln 1.1, ln 1.21, 0; the rounds' se 0.0550274,
 * t(0.975, 2) 4.302653.  --instance-sd 1 %: se sqrt(0.0550274^2 + 0.01^2) =
 * 0.0559286, the interval -13.53%..+39.93%; the rounds alone -13.19%..+39.39%
 * (under the row).  A --control row (dhry2reg does not use the directory)
 * adds no term: its se is its rounds'.  The note says the term was assumed.
 */
START_TEST(instance_term_where_it_applies)
{
	static struct run_result r;
	static struct copy_run runs[2];
	static struct bench_result t0[2], t1[2];
	double a[3] = { 100, 100, 100 }, b[3] = { 110, 121, 100 }, c[3] = { 101, 99, 100 };
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	memset(&r, 0, sizeof(r));
	r.ndirs = 2;
	r.control = 1;
	r.instance_set = 1;
	r.instance_sd = 0.01;
	snprintf(r.dirs[0].label, sizeof(r.dirs[0].label), "rel");
	snprintf(r.dirs[1].label, sizeof(r.dirs[1].label), "noat");
	t0[0] = (struct bench_result){ .def = test_find("fsbuffer"), .status = TS_OK,
				       .passes = mkpasses(a, 3), .npasses = 3 };
	t0[1] = (struct bench_result){ .def = test_find("dhry2reg"), .status = TS_OK,
				       .passes = mkpasses(a, 3), .npasses = 3 };
	t1[0] = (struct bench_result){ .def = test_find("fsbuffer"), .status = TS_OK,
				       .passes = mkpasses(b, 3), .npasses = 3 };
	t1[1] = (struct bench_result){ .def = test_find("dhry2reg"), .status = TS_OK,
				       .passes = mkpasses(c, 3), .npasses = 3 };
	runs[0] = (struct copy_run){ .copies = 1, .dir = 0, .tests = t0, .ntests = 2 };
	runs[1] = (struct copy_run){ .copies = 1, .dir = 1, .tests = t1, .ntests = 2 };
	r.runs = runs;
	r.nruns = 2;
	ck_assert_int_eq(paired_compare(&r), 0);
	ck_assert_uint_eq(r.ncmps, 2);
	for (size_t i = 0; i < 2; i++) {
		const struct paired_stats *st = &r.cmps[i].st;

		if (r.cmps[i].control) {
			ck_assert_ptr_eq(r.cmps[i].def, test_find("dhry2reg"));
			ck_assert_double_eq(st->instance_sd, 0);
			ck_assert_double_eq_tol(st->se_log, st->se_rounds, 1e-15);
		} else {
			ck_assert_double_eq(st->instance_sd, 0.01);
			ck_assert_double_eq_tol(st->se_log, 0.0559286163, 1e-9);
		}
	}
	/* The partial score ratio (fsbuffer alone here) carries the whole term. */
	ck_assert_uint_eq(r.npscores, 1);
	ck_assert_double_eq(r.pscores[0].st.instance_sd, 0.01);
	f = open_memstream(&buf, &len);
	ck_assert_int_eq(report_paired_text(f, &r), 0);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "-13.53%..+39.93%"));
	ck_assert_ptr_nonnull(strstr(buf, "(rounds alone: -13.19%..+39.39%)"));
	ck_assert_ptr_nonnull(strstr(buf, "This run assumed 1 % instead (--instance-sd)"));
	ck_assert_ptr_nonnull(strstr(buf, "Control rows (tests that do not use the directory) add no term."));
	free(buf);
	/* Set back to 0 (one instance): the rounds' interval, and no rounds-alone line. */
	r.instance_sd = 0;
	ck_assert_int_eq(paired_compare(&r), 0);
	f = open_memstream(&buf, &len);
	ck_assert_int_eq(report_paired_text(f, &r), 0);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, "-13.19%..+39.39%"));
	ck_assert_ptr_null(strstr(buf, "rounds alone"));
	free(buf);
	free(r.cmps);
	free(r.pscores);
	for (size_t i = 0; i < 2; i++) {
		free(t0[i].passes);
		free(t1[i].passes);
	}
}
END_TEST

/* Hand-worked: se_rounds 0.004 with a 0.003 term is 0.005; 0 leaves the rounds'. */
START_TEST(set_instance_by_hand)
{
	struct paired_stats ps = { .n = 10, .mean_log = 0.01, .se_rounds = 0.004, .df = 9 };
	double lo, hi, t = stats_t_quantile(0.975, 9);

	paired_set_instance(&ps, 0.003);
	ck_assert_double_eq_tol(ps.se_log, 0.005, 1e-15);
	ck_assert_double_eq_tol(ps.half_log, t * 0.005, 1e-12);
	ck_assert_double_eq_tol(ps.ci_hi, exp(0.01 + t * 0.005), 1e-12);
	paired_rounds_ci(&ps, &lo, &hi);
	ck_assert_double_eq_tol(lo, exp(0.01 - t * 0.004), 1e-12);
	paired_set_instance(&ps, 0);
	ck_assert_double_eq_tol(ps.se_log, 0.004, 1e-15);
	/* A bad term changes nothing. */
	paired_set_instance(&ps, -1);
	ck_assert_double_eq_tol(ps.se_log, 0.004, 1e-15);
}
END_TEST

/* The text report's block read back (what compare shows of a paired run). */
START_TEST(parse_paired_block)
{
	static const char text[] =
		"   BYTE UNIX Benchmarks (Version 6.0.0; sysindex 0.1.0)\n\n"
		"   System: vm: GNU/Linux\n   Mode: quick; paired: 2 test dirs\n"
		"------------------------------------------------------------------------\n"
		"Benchmark Run: Tue Dec 01 2026 08:39:22 - 08:40:00\n"
		"2 CPUs in system; running 1 parallel copy of tests\n\n"
		"Test directory rel (the baseline)\n"
		"File Write 256 bufsize 500 maxblocks          120329.9 KBps  (2.0 s, 2 samples)\n\n"
		"------------------------------------------------------------------------\n"
		"Benchmark Run: Tue Dec 01 2026 08:39:22 - 08:40:00\n"
		"2 CPUs in system; running 1 parallel copy of tests\n\n"
		"Test directory noat\n"
		"File Write 256 bufsize 500 maxblocks          112893.9 KBps  (2.0 s, 2 samples)\n"
		"File Read 256 bufsize 500 maxblocks            SKIPPED KBps  (no O_DIRECT)\n\n"
		"========================================================================\n"
		"Paired comparison: 1 copy, baseline rel, 2 test dirs, interleaved rounds\n"
		"Test                                     dir                   rel       result   change               95% CI    detect rounds  verdict\n"
		"File Write 256 bufsize 500 maxblocks     noat             87846.3      87185.5   -0.75%     -32.21%..+45.31%  +-46.41%      3  no difference proven\n"
		"File Read 256 bufsize 500 maxblocks      noat                   -            -        -                    -         -      1  not compared: SKIPPED noat\n"
		"                                           (no O_DIRECT)\n\n"
		"Control (A/A: these tests do not use the test directory; the ratio should be 1)\n"
		"Dhrystone 2 using register variables     noat           3326281.1    3339305.1   +0.39%      -1.36%..+2.17%    +-1.75%     10  no difference proven\n\n"
		"change: the geometric mean of the per-round ratio (dir / rel) - 1\n";
	struct tp_doc doc;
	char err[256];
	const struct paired_row *p;

	ck_assert_int_eq(tp_parse_buffer("paired", text, sizeof(text) - 1, &doc, err, sizeof(err)), 0);
	/* One report per directory, the second with the header of the first. */
	ck_assert_uint_eq(doc.nreports, 2);
	ck_assert_str_eq(doc.reports[0].dir_label, "rel");
	ck_assert_str_eq(doc.reports[1].dir_label, "noat");
	ck_assert_str_eq(doc.reports[1].host, "vm");
	ck_assert_uint_eq(doc.npaired, 3);
	p = &doc.paired[0];
	ck_assert_str_eq(p->title, "File Write 256 bufsize 500 maxblocks");
	ck_assert_str_eq(p->label, "noat");
	ck_assert_str_eq(p->baseline, "rel");
	ck_assert_uint_eq(p->copies, 1);
	ck_assert_double_eq_tol(p->base, 87846.3, 1e-9);
	ck_assert_double_eq_tol(p->change_pct, -0.75, 1e-9);
	ck_assert_double_eq_tol(p->ci_lo_pct, -32.21, 1e-9);
	ck_assert_double_eq_tol(p->ci_hi_pct, 45.31, 1e-9);
	ck_assert_double_eq_tol(p->detect_pct, 46.41, 1e-9);
	ck_assert_uint_eq(p->rounds, 3);
	ck_assert_str_eq(p->verdict, "no difference proven");
	ck_assert_int_eq(p->control, 0);
	p = &doc.paired[1];
	ck_assert(isnan(p->base) && isnan(p->ci_lo_pct) && isnan(p->detect_pct));
	ck_assert_str_eq(p->verdict, "not compared: SKIPPED noat");
	p = &doc.paired[2];
	ck_assert_int_eq(p->control, 1);
	ck_assert_uint_eq(p->rounds, 10);
	tp_doc_free(&doc);
}
END_TEST

Suite *suite_paired(void)
{
	Suite *s = suite_create("paired");
	TCase *c = tcase_create("paired");

	tcase_add_test(c, two_dirs_abba);
	tcase_add_test(c, k_dirs_balanced);
	tcase_add_test(c, four_dirs_first_rows);
	tcase_add_test(c, interleaved_by_flags);
	tcase_add_test(c, hand_worked_interval);
	tcase_add_test(c, drift_cancels);
	tcase_add_test(c, bad_rounds_left_out);
	tcase_add_test(c, score_ratio_hand_worked);
	tcase_add_test(c, identical_sides);
	tcase_add_test(c, order_adjusted_hand_worked);
	tcase_add_test(c, order_adjusted_only_when_it_can);
	tcase_add_test(c, order_adjusted_three_dirs);
	tcase_add_test(c, precise_on_ratios);
	tcase_add_test(c, precise_on_ordered_ratios);
	tcase_add_test(c, labels_given_and_default);
	tcase_add_test(c, given_label_wins_over_default);
	tcase_add_test(c, bad_labels);
	tcase_add_test(c, compare_a_run);
	tcase_add_test(c, unlike_sides_no_verdict);
	tcase_add_test(c, row_words_for_readers);
	tcase_add_test(c, instance_term_where_it_applies);
	tcase_add_test(c, set_instance_by_hand);
	tcase_add_test(c, parse_paired_block);
	suite_add_tcase(s, c);
	return s;
}
