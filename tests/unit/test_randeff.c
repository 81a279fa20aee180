/*
 * test_randeff.c: the two-level pool of runs (stats/randeff.h) on examples
 * worked by hand: N = 2 (with and without a between-run term), 3 and 5 with
 * unequal within-run variances (where HKSJ's q differs from 1), the
 * prediction interval, runs without within-run variances (the classical
 * prediction interval), the instance term of four paired runs, and the
 * refusals (one run, mixed variances).
 */
#include <check.h>
#include <math.h>

#include "run/repeat.h"
#include "stats/randeff.h"
#include "stats/stats.h"

#define TOL 1e-7

/*
 * N = 2, y = {0, 0.02}, v = {1e-4, 1e-4}: w = 10000 each, ybar_w = 0.01,
 * Q = 2 * 10000 * 0.01^2 = 2, c = 20000 - 2e8 / 20000 = 10000,
 * tau2 = (2 - 1) / 10000 = 1e-4; w* = 5000 each, sum 10000, mean 0.01,
 * se_dl = 0.01, q = 2 * 5000 * 1e-4 / 1 = 1, se = 0.01; t(0.975, 1) =
 * 12.706205: 0.01 -+ 0.127062.  Prediction: tau2 + v_next (mean v, 1e-4)
 * + se^2 = 3e-4, pred_se = 0.0173205.
 */
START_TEST(n2_between)
{
	const double y[2] = { 0, 0.02 }, v[2] = { 1e-4, 1e-4 };
	struct re_pool p;

	ck_assert_int_eq(re_pool(y, v, 2, -1, &p), 0);
	ck_assert_double_eq_tol(p.q_cochran, 2, TOL);
	ck_assert_double_eq_tol(p.tau2, 1e-4, 1e-12);
	ck_assert_double_eq_tol(p.mean, 0.01, TOL);
	ck_assert_double_eq_tol(p.se, 0.01, TOL);
	ck_assert_double_eq(p.df, 1);
	ck_assert_double_eq_tol(p.lo, 0.01 - 12.706205 * 0.01, 1e-6);
	ck_assert_double_eq_tol(p.hi, 0.01 + 12.706205 * 0.01, 1e-6);
	ck_assert_double_eq_tol(p.pred_se, sqrt(3e-4), TOL);
	ck_assert_double_eq_tol(p.pred_hi, 0.01 + 12.706205 * sqrt(3e-4), 1e-6);
}
END_TEST

/*
 * N = 2, y = {0, 0.01}, v = {1e-4, 1e-4}: Q = 2 * 10000 * 0.005^2 = 0.5 < 1,
 * tau2 = 0; w* = 10000 each, mean 0.005, se_dl = sqrt(1 / 20000) =
 * 0.0070711; q = 0.5, and max(1, q) keeps se at se_dl (plain HKSJ would give
 * 0.005, narrower than the fixed-effect interval).
 */
START_TEST(n2_no_between)
{
	const double y[2] = { 0, 0.01 }, v[2] = { 1e-4, 1e-4 };
	struct re_pool p;

	ck_assert_int_eq(re_pool(y, v, 2, -1, &p), 0);
	ck_assert_double_eq(p.tau2, 0);
	ck_assert_double_eq_tol(p.mean, 0.005, TOL);
	ck_assert_double_eq_tol(p.q_hk, 0.5, TOL);
	ck_assert_double_eq_tol(p.se, sqrt(1 / 20000.0), TOL);
	ck_assert_double_eq_tol(p.hi - p.mean, 12.706205 * sqrt(1 / 20000.0), 1e-6);
}
END_TEST

/*
 * N = 3, y = {0, 0.01, 0.05}, v = {1e-4, 1e-4, 4e-4}: w = 10000, 10000,
 * 2500 (sum 22500, sum w^2 2.0625e8), ybar_w = (100 + 125) / 22500 = 0.01;
 * Q = 10000 * 1e-4 + 0 + 2500 * 0.04^2 = 5; c = 22500 - 2.0625e8 / 22500
 * = 13333.33; tau2 = (5 - 2) / 13333.33 = 2.25e-4.  w* = 1 / 3.25e-4 (twice)
 * and 1 / 6.25e-4 = 1600, sum 7753.846; mean = (3076.923 * 0.01 + 1600 *
 * 0.05) / 7753.846 = 1/70 = 0.0142857.  q = [3076.923 (1/70)^2 +
 * 3076.923 (0.01 - 1/70)^2 + 1600 (0.05 - 1/70)^2] / 2 = 1.362637;
 * se = sqrt(1.362637 / 7753.846) = 0.0132566 (se_dl 0.0113564);
 * t(0.975, 2) = 4.302653.
 */
START_TEST(n3_hksj)
{
	const double y[3] = { 0, 0.01, 0.05 }, v[3] = { 1e-4, 1e-4, 4e-4 };
	struct re_pool p;

	ck_assert_int_eq(re_pool(y, v, 3, -1, &p), 0);
	ck_assert_double_eq_tol(p.q_cochran, 5, TOL);
	ck_assert_double_eq_tol(p.tau2, 2.25e-4, 1e-12);
	ck_assert_double_eq_tol(p.mean, 1 / 70.0, TOL);
	ck_assert_double_eq_tol(p.se_dl, 0.0113564191, 1e-9);
	ck_assert_double_eq_tol(p.q_hk, 1.3626373626, 1e-8);
	ck_assert_double_eq_tol(p.se, 0.0132565818, 1e-9);
	ck_assert_double_eq_tol(p.lo, 1 / 70.0 - 4.302653 * 0.0132565818, 1e-6);
	ck_assert_double_eq_tol(p.hi, 1 / 70.0 + 4.302653 * 0.0132565818, 1e-6);
}
END_TEST

/*
 * N = 5, y = {0, 0, 0, 0.04, 0.04}, v = {1e-4 x 3, 4e-4 x 2}: w = 10000 x 3,
 * 2500 x 2 (sum 35000, sum w^2 3.125e8); ybar_w = 200 / 35000 = 1/175;
 * Q = 30000 (1/175)^2 + 5000 (0.04 - 1/175)^2 = 48/7 = 6.857143;
 * c = 35000 - 3.125e8 / 35000 = 26071.43; tau2 = (48/7 - 4) / 26071.43 =
 * 1.0958904e-4.  w* = 1 / 2.0958904e-4 = 4771.24 (x 3), 1 / 5.0958904e-4 =
 * 1962.37 (x 2), sum 18238.457; mean = 2 * 1962.37 * 0.04 / 18238.457 =
 * 0.0086076; q = 1.232068; se = sqrt(1.232068 / 18238.457) = 0.0082191;
 * t(0.975, 4) = 2.776445.
 * Prediction with v_next = 1e-4: tau2 + 1e-4 + se^2 = 2.771423e-4,
 * pred_se = 0.0166476.
 */
START_TEST(n5_hksj_and_prediction)
{
	const double y[5] = { 0, 0, 0, 0.04, 0.04 }, v[5] = { 1e-4, 1e-4, 1e-4, 4e-4, 4e-4 };
	struct re_pool p;
	double se = 0.0082190800, pse;

	ck_assert_int_eq(re_pool(y, v, 5, 1e-4, &p), 0);
	ck_assert_double_eq_tol(p.q_cochran, 48 / 7.0, TOL);
	ck_assert_double_eq_tol(p.tau2, 1.0958904e-4, 1e-11);
	ck_assert_double_eq_tol(p.mean, 0.0086075949, 1e-9);
	ck_assert_double_eq_tol(p.q_hk, 1.2320675105, 1e-8);
	ck_assert_double_eq_tol(p.se, se, 1e-9);
	ck_assert_double_eq_tol(p.hi - p.mean, 2.776445 * se, 1e-6);
	pse = sqrt(1.0958904e-4 + 1e-4 + se * se);
	ck_assert_double_eq_tol(p.pred_se, pse, 1e-9);
	ck_assert_double_eq_tol(p.pred_lo, p.mean - 2.776445 * pse, 1e-6);
	/* Like these runs (v_next < 0): the mean v, 2.2e-4. */
	ck_assert_int_eq(re_pool(y, v, 5, -1, &p), 0);
	ck_assert_double_eq_tol(p.pred_se, sqrt(1.0958904e-4 + 2.2e-4 + se * se), 1e-9);
	/* The prediction interval is wider than the mean's. */
	ck_assert(p.pred_hi - p.pred_lo > p.hi - p.lo);
}
END_TEST

/*
 * No within-run variances, y = {1, 2, 3}: tau2 = s^2 = 1, mean 2,
 * se = sqrt(1/3), pred_se = sqrt(1 + 1/3): 2 -+ 4.302653 * 1.1547005,
 * the classical prediction interval of a next observation.
 */
START_TEST(no_within_variances)
{
	const double y[3] = { 1, 2, 3 }, v[3] = { 0, 0, 0 };
	struct re_pool p;

	ck_assert_int_eq(re_pool(y, v, 3, -1, &p), 0);
	ck_assert_double_eq_tol(p.tau2, 1, TOL);
	ck_assert_double_eq_tol(p.mean, 2, TOL);
	ck_assert_double_eq_tol(p.se, sqrt(1 / 3.0), TOL);
	ck_assert_double_eq_tol(p.pred_se, sqrt(4 / 3.0), TOL);
	ck_assert_double_eq_tol(p.pred_hi, 2 + 4.302653 * sqrt(4 / 3.0), 1e-5);
}
END_TEST

/*
 * Four paired runs of one pair of instances, mean log-ratios {0.004,
 * -0.003, 0.006, -0.001}, each with rounds' se 0.001 (v = 1e-6): ybar =
 * 0.0015, sum (y - ybar)^2 = 5.3e-5, Q = 53; with equal v, c = 3 / v, so
 * tau2 = (53 - 3) * 1e-6 / 3 = 1.6667e-5 and the instance term is
 * sqrt(tau2) = 0.0040825 (0.41 %).  Runs that agree within their rounds'
 * noise give 0.
 */
START_TEST(instance_term)
{
	const double y[4] = { 0.004, -0.003, 0.006, -0.001 }, v[4] = { 1e-6, 1e-6, 1e-6, 1e-6 };
	const double calm[4] = { 0.0005, -0.0005, 0.0002, 0 };

	ck_assert_double_eq_tol(re_instance_sd(y, v, 4), sqrt(50e-6 / 3), 1e-10);
	ck_assert_double_eq(re_instance_sd(calm, v, 4), 0);
	ck_assert(isnan(re_instance_sd(y, v, 1)));
}
END_TEST

START_TEST(refusals)
{
	const double y[3] = { 0, 0.01, 0.02 }, mixed[3] = { 0, 1e-4, 1e-4 };
	const double neg[3] = { 1e-4, -1e-4, 1e-4 }, v[3] = { 1e-4, 1e-4, 1e-4 };
	const double bad[3] = { 0, NAN, 0.02 };
	struct re_pool p = { .mean = 42 };

	ck_assert_int_eq(re_pool(y, v, 1, -1, &p), -1);
	ck_assert_int_eq(re_pool(y, mixed, 3, -1, &p), -1);
	ck_assert_int_eq(re_pool(y, neg, 3, -1, &p), -1);
	ck_assert_int_eq(re_pool(bad, v, 3, -1, &p), -1);
	ck_assert_double_eq(p.mean, 42);
	/* Equal runs, no within-run variance: no spread at all. */
	{
		const double same[2] = { 0.5, 0.5 }, z[2] = { 0, 0 };

		ck_assert_int_eq(re_pool(same, z, 2, -1, &p), 0);
		ck_assert_double_eq(p.mean, 0.5);
		ck_assert_double_eq(p.se, 0);
	}
}
END_TEST

/*
 * Runs per side for Welch df >= 4: equal spreads, 1 + 4 * 2 / 4 = 3 (df 4
 * at 3+3); one side alone, 1 + 4 = 5; spreads 1 and 3 (variances 1, 9):
 * 1 + 4 * 82 / 100 = 4.28, so 5.
 */
START_TEST(runs_needed)
{
	ck_assert_uint_eq(re_runs_needed(1e-4, 1e-4, 4), 3);
	ck_assert_uint_eq(re_runs_needed(1e-4, 0, 4), 5);
	ck_assert_uint_eq(re_runs_needed(1, 9, 4), 5);
	ck_assert_uint_eq(re_runs_needed(0, 0, 4), 0);
}
END_TEST

/*
 * --repeat's pool of pass scores: 100 and 150, no within-pass variance:
 * y = ln 100, ln 150; mean ln(sqrt(15000)) = 122.47 as a score; s^2 =
 * (ln 1.5)^2 / 2, se = ln(1.5) / 2; both passes inside the interval.  The
 * next run of the same command pools 3 passes again: pred_se^2 = s^2 / 3 +
 * se^2 = s^2 (1/3 + 1/2), pred_se = 0.2867071 x 0.9128709 = 0.2617266.  A
 * pass without a score is left out; one pass: no interval.
 */
START_TEST(repeat_pool_of_scores)
{
	const double s[3] = { 100, 0, 150 };
	struct repeat_score rs;

	repeat_pool(s, NULL, 3, &rs);
	ck_assert_int_eq(rs.ok, 1);
	ck_assert_uint_eq(rs.n, 2);
	ck_assert_double_eq_tol(exp(rs.pool.mean), sqrt(15000.0), 1e-9);
	ck_assert_double_eq_tol(rs.pool.se, log(1.5) / 2, 1e-12);
	ck_assert(exp(rs.pool.lo) < 100 && exp(rs.pool.hi) > 150);
	ck_assert_double_eq_tol(rs.pool.pred_se, 0.2617266, 1e-7);
	ck_assert_double_eq_tol(rs.pool.pred_hi - rs.pool.mean, 12.706205 * 0.2617266, 1e-5);
	repeat_pool(s, NULL, 2, &rs);
	ck_assert_int_eq(rs.ok, 0);
	ck_assert_uint_eq(rs.n, 1);
}
END_TEST

Suite *suite_randeff(void)
{
	Suite *s = suite_create("randeff");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, n2_between);
	tcase_add_test(tc, n2_no_between);
	tcase_add_test(tc, n3_hksj);
	tcase_add_test(tc, n5_hksj_and_prediction);
	tcase_add_test(tc, no_within_variances);
	tcase_add_test(tc, instance_term);
	tcase_add_test(tc, refusals);
	tcase_add_test(tc, runs_needed);
	tcase_add_test(tc, repeat_pool_of_scores);
	suite_add_tcase(s, tc);
	return s;
}
