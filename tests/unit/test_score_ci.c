/* test_score_ci.c: the index score's interval (delta method) against a bootstrap. */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "score/score_ci.h"
#include "stats/stats.h"

/*
 * By hand: rates (= counts) 100, 110, 120.  UnixBench drops 100 and keeps
 * 110 and 120 (h = 2).  Winsorized logs: ln110, ln110, ln120; their sample
 * variance times n/h^2 = 3/4 is 0.00189274493; df = h - 1 = 1.
 */
START_TEST(one_test_by_hand)
{
	const double v[3] = { 100, 110, 120 };
	struct log_var lv;

	ck_assert_int_eq(score_ci_passes(v, v, 3, &lv), 0);
	ck_assert_double_eq_tol(lv.var, 0.0018927449314, 1e-12);
	ck_assert_double_eq(lv.df, 1);
	/* Two passes: nothing dropped, s^2/n of the logs. */
	ck_assert_int_eq(score_ci_passes(v + 1, v + 1, 2, &lv), 0);
	ck_assert_double_eq_tol(lv.var, pow(log(120.0 / 110.0), 2) / 2 / 2, 1e-12);
	/* One pass, or a kept rate of zero: no variance. */
	ck_assert_int_eq(score_ci_passes(v, v, 1, &lv), -1);
	{
		const double z[3] = { 0, 5, 6 };

		ck_assert_int_eq(score_ci_passes(z, z, 2, &lv), -1);
		/* A dropped zero stands in as the lowest kept: ln5, ln5, ln6. */
		ck_assert_int_eq(score_ci_passes(z, z, 3, &lv), 0);
		ck_assert_double_eq_tol(lv.var, pow(log(6.0 / 5.0), 2) / 3 * 3 / 4, 1e-12);
	}
}
END_TEST

/* Three tests of ten passes, fixed (counts = rates, so count order = rate order). */
static const double sample[3][10] = {
	{ 1010, 985, 1032, 1001, 960, 1044, 1019, 993, 1027, 1008 },
	{ 52.1, 50.3, 55.8, 51.0, 53.9, 49.2, 54.4, 52.7, 50.9, 53.1 },
	{ 7.1e6, 6.8e6, 7.4e6, 7.0e6, 6.5e6, 7.3e6, 7.2e6, 6.9e6, 7.6e6, 7.05e6 },
};

static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static size_t rnd(size_t n)
{
	/* splitmix64: fixed seed, so the test is the same every time. */
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	z ^= z >> 31;
	return (size_t)(z % n);
}

/* The score of three tests, up to the constant baselines: mean of log results. */
static double log_score(const double s[3][10])
{
	double sum = 0;
	size_t kept;

	for (int j = 0; j < 3; j++)
		sum += log(stats_unixbench(s[j], s[j], 10, NULL, &kept));
	return sum / 3;
}

/*
 * The delta method's SE of log(score) against the SD of 4000 bootstrap
 * scores (each test's passes resampled, UnixBench's rule applied again).
 * With n = 10 the two agree within 10 % (3 % here); the bootstrap is biased low by
 * about sqrt((n-1)/n) and the winsorized SE is first-order only.
 */
START_TEST(delta_matches_bootstrap)
{
	struct log_var lv[3];
	struct score_ci ci;
	double b[10], rs[3][10], sum = 0, ss = 0;
	const int B = 4000;

	for (int j = 0; j < 3; j++)
		ck_assert_int_eq(score_ci_passes(sample[j], sample[j], 10, &lv[j]), 0);
	score_ci_combine(exp(log_score(sample)), lv, 3, &ci);
	ck_assert(ci.ok);
	ck_assert(ci.lo < ci.score && ci.score < ci.hi);
	/* Every test has h = 7 kept: df between 6 and 3 * 6. */
	ck_assert(ci.df >= 6 - 1e-9 && ci.df <= 18 + 1e-9);
	for (int r = 0; r < B; r++) {
		double x;

		for (int j = 0; j < 3; j++) {
			for (int i = 0; i < 10; i++)
				b[i] = sample[j][rnd(10)];
			memcpy(rs[j], b, sizeof(b));
		}
		x = log_score(rs);
		sum += x;
		ss += x * x;
	}
	{
		double m = sum / B, sd = sqrt((ss - B * m * m) / (B - 1));

		ck_assert_msg(fabs(sd / ci.log_se - 1) < 0.10, "bootstrap sd %g, delta se %g", sd,
			      ci.log_se);
	}
}
END_TEST

/* Two scores' log-ratio: SEs add in quadrature, df by Welch-Satterthwaite. */
START_TEST(delta_of_two_scores)
{
	struct score_ci a = { .ok = 1, .score = 1000, .log_se = 0.03, .df = 4 };
	struct score_ci b = { .ok = 1, .score = 1100, .log_se = 0.04, .df = 9 };
	struct score_delta d;

	ck_assert_int_eq(score_ci_delta(&a, &b, &d), 0);
	ck_assert_double_eq_tol(d.log_ratio, log(1.1), 1e-12);
	ck_assert_double_eq_tol(d.se, 0.05, 1e-12);
	/* (0.0009 + 0.0016)^2 / (0.0009^2/4 + 0.0016^2/9) = 6.25e-6 / 4.869e-7 */
	ck_assert_double_eq_tol(d.df, 6.25e-6 / (0.0009 * 0.0009 / 4 + 0.0016 * 0.0016 / 9), 1e-9);
	a.ok = 0;
	ck_assert_int_eq(score_ci_delta(&a, &b, &d), -1);
}
END_TEST

/* A run whose indexed test has one sample: the interval says why it is missing. */
START_TEST(one_sample_is_unavailable)
{
	struct bench_result t;
	struct copy_run run;
	struct score_ci ci;

	memset(&t, 0, sizeof(t));
	memset(&run, 0, sizeof(run));
	t.def = test_find("dhry2reg");
	t.status = TS_OK;
	t.score = 1e7;
	t.stats.n = 1;
	t.stats.mean = 1e7;
	run.tests = &t;
	run.ntests = 1;
	run.cats[CAT_SYSTEM].nindexed = 1;
	run.cats[CAT_SYSTEM].score = 10 * 1e7 / t.def->baseline;
	score_ci_run(&run, &ci);
	ck_assert(!ci.ok);
	ck_assert_str_eq(ci.why, "unavailable: 1 of 1 test has one sample (no spread)");
	/* Two samples in the summary (a parsed report): (sd/mean)^2/n. */
	t.stats.n = 4;
	t.stats.sd = 2e5;
	score_ci_run(&run, &ci);
	ck_assert(ci.ok);
	ck_assert_double_eq_tol(ci.log_se, 0.02 / 2, 1e-12);
	ck_assert_double_eq_tol(ci.df, 3, 1e-12);
	/* Three passes, two of them zero (one kept): samples, but no spread of the logs. */
	{
		struct pass_result p[3];

		memset(p, 0, sizeof(p));
		for (int i = 0; i < 3; i++) {
			p[i].ok = 1;
			p[i].count = p[i].rate = i == 0 ? 1e7 : 0;
		}
		t.passes = p;
		t.npasses = 3;
		score_ci_run(&run, &ci);
		ck_assert(!ci.ok);
		ck_assert_str_eq(ci.why, "unavailable: 1 test with a sample that counted zero");
	}
}
END_TEST

/*
 * DerSimonian-Laird by hand.  Three runs, y = 0, 0.1, 0.2, each v = 0.001:
 * w = 1000, Q = (0.01 + 0 + 0.01) / 0.001 = 20, C = 3000 - 3e6/3000 = 2000,
 * tau2 = (20 - 2) / 2000 = 0.009; w* = 1/0.01 = 100, mean 0.1,
 * se = sqrt(1/300).  Two runs that agree (Q < r - 1): tau2 = 0, the
 * fixed-effect mean 0.002 and se sqrt(1/1250).
 */
START_TEST(pool_by_hand)
{
	const double y[3] = { 0, 0.1, 0.2 }, v[3] = { 0.001, 0.001, 0.001 };
	const double y2[2] = { 0, 0.01 }, v2[2] = { 0.001, 0.004 };
	struct score_pool p;

	ck_assert_int_eq(score_ci_pool(y, v, 3, &p), 0);
	ck_assert_double_eq_tol(p.tau2, 0.009, 1e-12);
	ck_assert_double_eq_tol(p.mean, 0.1, 1e-12);
	ck_assert_double_eq_tol(p.se, sqrt(1.0 / 300), 1e-12);
	ck_assert_double_eq(p.df, 2);
	ck_assert_int_eq(score_ci_pool(y2, v2, 2, &p), 0);
	ck_assert_double_eq(p.tau2, 0);
	ck_assert_double_eq_tol(p.mean, 0.002, 1e-12);
	ck_assert_double_eq_tol(p.se, sqrt(1.0 / 1250), 1e-12);
	/* One run: the between-run part is unknown. */
	ck_assert_int_eq(score_ci_pool(y, v, 1, &p), -1);
}
END_TEST

Suite *suite_score_ci(void)
{
	Suite *s = suite_create("score_ci");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, one_test_by_hand);
	tcase_add_test(tc, delta_matches_bootstrap);
	tcase_add_test(tc, delta_of_two_scores);
	tcase_add_test(tc, one_sample_is_unavailable);
	tcase_add_test(tc, pool_by_hand);
	suite_add_tcase(s, tc);
	return s;
}
