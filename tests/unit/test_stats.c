/* test_stats.c: UnixBench's pass rule, summaries, Student's t and Welch. */
#include <check.h>
#include <math.h>

#include "stats/stats.h"

START_TEST(drop_rule_counts)
{
	ck_assert_uint_eq(stats_ndrop(1), 0);
	ck_assert_uint_eq(stats_ndrop(2), 0);
	ck_assert_uint_eq(stats_ndrop(3), 1);
	ck_assert_uint_eq(stats_ndrop(10), 3);
}
END_TEST

START_TEST(unixbench_drops_lowest_counts_not_rates)
{
	/* Pass 0 has the lowest count but the highest rate: it is dropped. */
	double count[3] = { 100, 300, 200 };
	double rate[3] = { 1000, 30, 20 };
	int dropped[3];
	size_t kept;
	double g = stats_unixbench(count, rate, 3, dropped, &kept);

	ck_assert_int_eq(dropped[0], 1);
	ck_assert_int_eq(dropped[1], 0);
	ck_assert_int_eq(dropped[2], 0);
	ck_assert_uint_eq(kept, 2);
	ck_assert_double_eq_tol(g, sqrt(30.0 * 20.0), 1e-9);
}
END_TEST

START_TEST(unixbench_ten_passes_keep_seven)
{
	double c[10], r[10], expect = 0;
	int d[10];
	size_t kept;

	for (int i = 0; i < 10; i++) {
		c[i] = 10 - i;          /* passes 7, 8, 9 have the lowest counts */
		r[i] = 1 + i;
	}
	for (int i = 0; i < 7; i++)
		expect += log(1.0 + i);
	ck_assert_double_eq_tol(stats_unixbench(c, r, 10, d, &kept), exp(expect / 7), 1e-9);
	ck_assert_uint_eq(kept, 7);
	ck_assert_int_eq(d[9] + d[8] + d[7], 3);
}
END_TEST

START_TEST(geomean_and_zero)
{
	double v[3] = { 2, 8, 4 }, z[2] = { 5, 0 };

	ck_assert_double_eq_tol(stats_geomean(v, 3), 4.0, 1e-12);
	ck_assert_double_eq(stats_geomean(z, 2), 0);
	ck_assert_double_eq(stats_geomean(v, 0), 0);
}
END_TEST

START_TEST(summary_hand_worked)
{
	/* mean 11, sd 1.825741858, t(0.975, 9) = 2.262157163 */
	double x[10] = { 10, 12, 11, 13, 9, 10, 11, 12, 14, 8 };
	struct summary s;

	stats_summarize(x, 10, &s);
	ck_assert_uint_eq(s.n, 10);
	ck_assert_double_eq_tol(s.mean, 11, 1e-12);
	ck_assert_double_eq_tol(s.median, 11, 1e-12);
	ck_assert_double_eq_tol(s.sd, 1.8257418583505538, 1e-9);
	ck_assert_double_eq_tol(s.cv, 1.8257418583505538 / 11, 1e-9);
	ck_assert_double_eq_tol(s.ci_half, 2.262157163 * 1.8257418583505538 / sqrt(10), 1e-6);
	ck_assert_double_eq(s.min, 8);
	ck_assert_double_eq(s.max, 14);
	ck_assert(s.flags & SF_HIGH_CV);
	ck_assert(!(s.flags & SF_BIMODAL));
}
END_TEST

START_TEST(summary_single_sample)
{
	double x[1] = { 42 };
	struct summary s;

	stats_summarize(x, 1, &s);
	ck_assert_double_eq(s.mean, 42);
	ck_assert_double_eq(s.ci_half, 0);
	ck_assert(s.flags & SF_ONE);
}
END_TEST

START_TEST(bimodal_detection)
{
	double two[8] = { 100, 101, 99, 100, 200, 201, 199, 200 };
	double one[8] = { 100, 101, 99, 100, 102, 98, 100, 101 };
	double outlier[8] = { 100, 101, 99, 100, 102, 98, 100, 300 };

	ck_assert_int_eq(stats_bimodal(two, 8), 1);
	ck_assert_int_eq(stats_bimodal(one, 8), 0);
	/* One stray sample is an outlier, not a second mode. */
	ck_assert_int_eq(stats_bimodal(outlier, 8), 0);
}
END_TEST

static const struct { double df, q; } t_table[] = {
	{ 1, 12.706204736 }, { 2, 4.302652730 }, { 9, 2.262157163 },
	{ 30, 2.042272456 }, { 1000, 1.962339081 },
};

START_TEST(t_quantiles)
{
	ck_assert_double_eq_tol(stats_t_quantile(0.975, t_table[_i].df), t_table[_i].q, 1e-6);
	ck_assert_double_eq_tol(stats_t_cdf(t_table[_i].q, t_table[_i].df), 0.975, 1e-9);
	ck_assert_double_eq_tol(stats_t_cdf(0, t_table[_i].df), 0.5, 1e-12);
}
END_TEST

START_TEST(welch_hand_worked)
{
	/*
	 * n1=10 sd1=2, n2=12 sd2=4: v1 = 4/10 = 0.4, v2 = 16/12 = 1.3333;
	 * se = sqrt(1.7333) = 1.316561; df = 1.7333^2 / (0.4^2/9 + 1.3333^2/11)
	 * = 3.004444 / 0.179394 = 16.747748; t = 10 / se = 7.5955.
	 */
	struct welch w;

	ck_assert_int_eq(stats_welch(10, 100, 2, 12, 110, 4, &w), 0);
	ck_assert_double_eq_tol(w.se, 1.3165611772087666, 1e-9);
	ck_assert_double_eq_tol(w.df, 16.74774774774775, 1e-9);
	ck_assert_double_eq_tol(w.t, 7.595545253127499, 1e-9);
	ck_assert_int_eq(w.verdict, 1);
	ck_assert(w.p < 1e-5);
	ck_assert(w.ci_lo > 0 && w.ci_lo < 10 && w.ci_hi > 10);
}
END_TEST

START_TEST(welch_no_difference)
{
	struct welch w;

	ck_assert_int_eq(stats_welch(10, 100, 5, 10, 100.5, 5, &w), 0);
	ck_assert_int_eq(w.verdict, 0);
	ck_assert(w.p > 0.5);
	ck_assert(w.ci_lo < 0 && w.ci_hi > 0);
	/* Not judged without samples. */
	ck_assert_int_eq(stats_welch(1, 100, 0, 10, 120, 5, &w), -1);
	ck_assert_int_eq(stats_welch(5, 100, 0, 5, 100, 0, &w), -1);
}
END_TEST

/*
 * UnixBench's result as an estimator (issue 37's side A): 7 x 100, 7 x
 * 100.1, 3 x 90, 3 x 90.1, counts 10 x the rates.  int(20/3) = 6 dropped
 * (the 90s), 14 kept: mean (ln 100 + ln 100.1) / 2.  Winsorized: the six
 * stand in as ln 100, so 13 x 0 and 7 x d (d = ln 1.001) about ln 100:
 * mean 7d/20, ss = 13 (7d/20)^2 + 7 (13d/20)^2 = 4.55 d^2, s_w^2 = ss/19,
 * var = s_w^2 x 20 / 14^2; df 13.  Against B (10 x 99.4, 10 x 99.6: 6 of
 * the 99.4s dropped, e = ln(99.6/99.4), var = 5 e^2 / 19 x 20/196), Yuen's
 * df is Welch's over the two 13s.
 */
START_TEST(trimmed_log_hand_worked)
{
	double ra[20], ca[20], rb[20], cb[20], d = log(100.1 / 100), e = log(99.6 / 99.4);
	double va = 4.55 * d * d / 19 * 20 / 196, vb = 5 * e * e / 19 * 20 / 196;
	struct trimmed_log a, b;
	struct log_diff y;

	for (int i = 0; i < 20; i++) {
		ra[i] = i < 14 ? (i % 2 ? 100.1 : 100) : (i % 2 ? 90.1 : 90);
		rb[i] = i % 2 ? 99.6 : 99.4;
		ca[i] = 10 * ra[i];
		cb[i] = 10 * rb[i];
	}
	ck_assert_int_eq(stats_trimmed_log(ca, ra, 20, &a), 0);
	ck_assert_uint_eq(a.kept, 14);
	ck_assert_double_eq_tol(a.mean, (log(100) + log(100.1)) / 2, 1e-12);
	ck_assert_double_eq_tol(a.var, va, 1e-15);
	ck_assert_double_eq_tol(a.df, 13, 1e-12);
	/* exp(mean) is the result UnixBench prints. */
	{
		size_t kept;

		ck_assert_double_eq_tol(exp(a.mean), stats_unixbench(ca, ra, 20, NULL, &kept), 1e-9);
	}
	ck_assert_int_eq(stats_trimmed_log(cb, rb, 20, &b), 0);
	ck_assert_double_eq_tol(b.var, vb, 1e-15);
	stats_yuen(&a, &b, &y);
	ck_assert_double_eq_tol(y.est, (4 * log(99.4) + 10 * log(99.6)) / 14 - a.mean, 1e-12);
	ck_assert_double_eq_tol(y.se, sqrt(va + vb), 1e-15);
	ck_assert_double_eq_tol(y.df, (va + vb) * (va + vb) / (va * va / 13 + vb * vb / 13), 1e-9);
	/* One sample: no variance. */
	ck_assert_int_eq(stats_trimmed_log(ca, ra, 1, &a), -1);
}
END_TEST

Suite *suite_stats(void)
{
	Suite *s = suite_create("stats");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, drop_rule_counts);
	tcase_add_test(tc, unixbench_drops_lowest_counts_not_rates);
	tcase_add_test(tc, unixbench_ten_passes_keep_seven);
	tcase_add_test(tc, geomean_and_zero);
	tcase_add_test(tc, summary_hand_worked);
	tcase_add_test(tc, summary_single_sample);
	tcase_add_test(tc, bimodal_detection);
	tcase_add_loop_test(tc, t_quantiles, 0, sizeof(t_table) / sizeof(t_table[0]));
	tcase_add_test(tc, welch_hand_worked);
	tcase_add_test(tc, welch_no_difference);
	tcase_add_test(tc, trimmed_log_hand_worked);
	suite_add_tcase(s, tc);
	return s;
}
