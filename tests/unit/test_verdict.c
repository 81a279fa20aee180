/*
 * test_verdict.c: the one verdict rule, on hand-worked examples: Holm's
 * step-down on a fixed p-value list, the two one-sided tests (both p-values
 * and the equivalence bound), the minimum-rounds rule, the t CDF in closed
 * forms, and a whole family's words.
 */
#include <check.h>
#include <math.h>
#include <string.h>

#include "stats/stats.h"
#include "stats/verdict.h"

/* t CDF against closed forms: df 1 is Cauchy, df 2 is 1/2 + t / (2 sqrt(2 + t^2)). */
START_TEST(t_cdf_closed_forms)
{
	ck_assert_double_eq_tol(stats_t_cdf(1, 1), 0.75, 1e-12);
	ck_assert_double_eq_tol(stats_t_cdf(-1, 1), 0.25, 1e-12);
	ck_assert_double_eq_tol(stats_t_cdf(2, 2), 0.5 + 2 / (2 * sqrt(6)), 1e-12);
	ck_assert_double_eq_tol(stats_t_cdf(6, 2), 0.5 + 6 / (2 * sqrt(38)), 1e-12);
	/* df 4, from the printed table: t(0.95, 4) = 2.131847, t(0.975, 4) = 2.776445. */
	ck_assert_double_eq_tol(stats_t_cdf(2.131847, 4), 0.95, 1e-6);
	ck_assert_double_eq_tol(stats_t_cdf(2.776445, 4), 0.975, 1e-6);
}
END_TEST

/* p = {0.01, 0.04, 0.03, 0.005}: sorted 0.005, 0.01, 0.03, 0.04; times 4, 3,
 * 2, 1: 0.02, 0.03, 0.06, 0.04, made monotone: 0.02, 0.03, 0.06, 0.06. */
START_TEST(holm_step_down)
{
	const double p[4] = { 0.01, 0.04, 0.03, 0.005 };
	double adj[4];

	verdict_holm(p, 4, adj);
	ck_assert_double_eq_tol(adj[0], 0.03, 1e-12);
	ck_assert_double_eq_tol(adj[1], 0.06, 1e-12);
	ck_assert_double_eq_tol(adj[2], 0.06, 1e-12);
	ck_assert_double_eq_tol(adj[3], 0.02, 1e-12);
	/* Capped at 1. */
	{
		const double q[2] = { 0.7, 0.9 };

		verdict_holm(q, 2, adj);
		ck_assert_double_eq_tol(adj[0], 1, 1e-12);
		ck_assert_double_eq_tol(adj[1], 1, 1e-12);
	}
}
END_TEST

/*
 * est 0.01, se 0.005, df 2, delta 0.02: H01 (est <= -0.02): t = 6,
 * p = 1/2 - 6 / (2 sqrt 38) = 0.013336; H02 (est >= 0.02): t = 2,
 * p = 1/2 - 2 / (2 sqrt 6) = 0.091752.
 */
START_TEST(tost_both_sides)
{
	double lo, hi;

	verdict_tost(0.01, 0.005, 2, 0.02, &lo, &hi);
	ck_assert_double_eq_tol(lo, 0.5 - 3 / sqrt(38), 1e-9);
	ck_assert_double_eq_tol(hi, 0.5 - 1 / sqrt(6), 1e-9);
	ck_assert_double_eq_tol(lo, 0.013336, 1e-6);
	ck_assert_double_eq_tol(hi, 0.091752, 1e-6);
	/* Mirror: est -0.01 swaps them. */
	verdict_tost(-0.01, 0.005, 2, 0.02, &lo, &hi);
	ck_assert_double_eq_tol(hi, 0.5 - 3 / sqrt(38), 1e-9);
}
END_TEST

/*
 * The equivalence bound: alone (m = 1) at df 4, equivalent exactly when the
 * 90 % interval est +- t(0.95, 4) se lies inside +-ln(1.02).
 */
START_TEST(tost_bound)
{
	double d = log1p(0.02), se = 0.008, q = stats_t_quantile(0.95, 4);
	struct verdict_out o;

	verdict_one(d - q * se * 1.001, se, 4, 0, 0.02, 1, &o);
	ck_assert_int_eq(o.v, VD_EQUIVALENT);
	ck_assert(o.p_hi < 0.05 && o.p_hi > 0.049);
	verdict_one(d - q * se * 0.999, se, 4, 0, 0.02, 1, &o);
	ck_assert_int_eq(o.v, VD_INCONCLUSIVE);
	/* An interval that holds 0 but reaches past the margin: inconclusive. */
	verdict_one(0, 0.02, 4, 0, 0.02, 1, &o);
	ck_assert_int_eq(o.v, VD_INCONCLUSIVE);
	ck_assert(o.lo < 0 && o.hi > 0);
}
END_TEST

START_TEST(min_rounds)
{
	struct verdict_out o;

	ck_assert(!verdict_enough(3));
	ck_assert(verdict_enough(4));
	/* A huge change on 2 df (3 rounds) is still no verdict. */
	verdict_one(0.5, 0.001, 2, 0, 0.02, 1, &o);
	ck_assert_int_eq(o.v, VD_FEW);
	ck_assert_str_eq(verdict_word(o.v), "inconclusive");
	verdict_one(0.5, 0.001, 4, 0, 0.02, 1, &o);
	ck_assert_int_eq(o.v, VD_FASTER);
}
END_TEST

START_TEST(family_words)
{
	const struct verdict_in in[6] = {
		{ 0.10, 0.01, 1000, 0 },        /* faster */
		{ 0.10, 0.01, 1000, 1 },        /* a time grew: slower */
		{ 0, 0.001, 1000, 0 },          /* equivalent */
		{ 0.01, 0.02, 1000, 0 },        /* inconclusive */
		{ 0.5, 0.001, 2, 0 },           /* too few rounds */
		{ NAN, 0.01, 10, 0 },           /* not judged */
	};
	struct verdict_out o[6];
	struct verdict_family f = { .margin = 0.02, .alpha = 0.05 };
	char line[128];

	verdict_judge(in, 6, &f, o);
	ck_assert_uint_eq(f.m, 4);
	ck_assert_int_eq(o[0].v, VD_FASTER);
	ck_assert_int_eq(o[1].v, VD_SLOWER);
	ck_assert_int_eq(o[2].v, VD_EQUIVALENT);
	ck_assert_int_eq(o[3].v, VD_INCONCLUSIVE);
	ck_assert_int_eq(o[4].v, VD_FEW);
	ck_assert_int_eq(o[5].v, VD_NONE);
	/* The simultaneous interval is wider than the raw one. */
	ck_assert(o[3].adj_hi - o[3].adj_lo > o[3].hi - o[3].lo);
	verdict_method(&f, line, sizeof(line));
	ck_assert_str_eq(line, "Holm-Shaffer over 4 comparisons (8 p-values), one alpha 0.05 for "
			 "every claim, margin +-2%");
}
END_TEST

/*
 * One step-down over both p-values of every row (Holm over 2m with
 * Shaffer's bound: at most m of them can be true nulls).  m = 2, p =
 * (d0 0.02, d1 0.04, t0 0.6, t1 0.03); sorted 0.02, 0.03, 0.04, 0.6; the
 * multipliers min(2, 4 - i) = 2, 2, 2, 1: adjusted 0.04, 0.06, 0.08, 0.6.
 * Two separate Holms at alpha (the old rule) gave d1 0.04 and t1 0.06.
 */
START_TEST(one_alpha_pairs)
{
	const double p[4] = { 0.02, 0.04, 0.6, 0.03 };
	double adj[4];

	verdict_holm_pairs(p, 2, adj);
	ck_assert_double_eq_tol(adj[0], 0.04, 1e-15);
	ck_assert_double_eq_tol(adj[1], 0.08, 1e-15);
	ck_assert_double_eq_tol(adj[2], 0.6, 1e-15);
	ck_assert_double_eq_tol(adj[3], 0.06, 1e-15);
	/* One row: each test at alpha (its two nulls cannot both be true). */
	verdict_holm_pairs(p, 1, adj);
	ck_assert_double_eq_tol(adj[0], 0.02, 1e-15);
	ck_assert_double_eq_tol(adj[1], 0.04, 1e-15);
}
END_TEST

/*
 * The family's claims share one alpha: row 0 is far outside the margin
 * (p_diff ~ 0, TOST p ~ 1); row 1's two-sided p is 0.04 (est = t(0.98,
 * 1000) x se) and its TOST p about 0.53.  Separate Holms passed row 1's
 * 0.04 at its second step (x 1): "faster".  Over the four p-values it is
 * the second smallest, x 2 = 0.08: inconclusive.
 */
START_TEST(one_alpha_family)
{
	double se = 0.01, est = stats_t_quantile(0.98, 1000) * se;
	const struct verdict_in in[2] = { { 0.5, 0.01, 1000, 0 }, { est, se, 1000, 0 } };
	struct verdict_out o[2];
	struct verdict_family f = { .margin = 0.02, .alpha = 0.05 };

	verdict_judge(in, 2, &f, o);
	ck_assert_uint_eq(f.m, 2);
	ck_assert_double_eq_tol(o[1].p_diff, 0.04, 1e-9);
	ck_assert_double_eq_tol(o[1].p_diff_adj, 0.08, 1e-9);
	ck_assert_int_eq(o[0].v, VD_FASTER);
	ck_assert_int_eq(o[1].v, VD_INCONCLUSIVE);
}
END_TEST

/* An equivalent change that is significant too says so; the reader reads it back. */
START_TEST(significant_equivalent_label)
{
	struct verdict_out o;
	enum verdict v;

	/* 0.5 % with se 0.1 %: significant, and well inside +-2 %. */
	verdict_one(0.005, 0.001, 100, 0, 0.02, 1, &o);
	ck_assert_int_eq(o.v, VD_EQUIVALENT);
	ck_assert_int_eq(o.negligible, 1);
	ck_assert_str_eq(verdict_label(&o), "equivalent (significant)");
	ck_assert_int_eq(verdict_parse(verdict_label(&o), &v), 0);
	ck_assert_int_eq(v, VD_EQUIVALENT);
	verdict_one(0.0, 0.001, 100, 0, 0.02, 1, &o);
	ck_assert_str_eq(verdict_label(&o), "equivalent");
}
END_TEST

/* The rule's words: one paragraph with the family's size, for every output. */
START_TEST(explain_words)
{
	struct verdict_family f = { .margin = 0.02, .alpha = 0.05, .m = 18 };
	char line[VERDICT_EXPLAIN_MAX];

	verdict_explain(&f, line, sizeof(line));
	ck_assert(strstr(line, "Holm-Shaffer over 18 comparisons (36 p-values), one alpha 0.05")
		  != NULL);
	ck_assert(strstr(line, "unadjusted") != NULL);
	ck_assert(strstr(line, "simultaneous") != NULL);
	ck_assert(strstr(line, "equivalent (significant)") != NULL);
	ck_assert(strstr(line, "detect") == NULL);
	ck_assert(strchr(line, '\n') == NULL);
	verdict_explain(NULL, line, sizeof(line));
	ck_assert(strstr(line, "one alpha over every claim") != NULL);
}
END_TEST

/*
 * Holm versus one test per row: p = 0.02 on one row of 18 is "faster" alone
 * but not in the family (18 * 0.02 > 0.05).
 */
START_TEST(family_corrects)
{
	struct verdict_in in[18];
	struct verdict_out o[18];
	struct verdict_family f = { .margin = 0.02, .alpha = 0.05 };
	double q = stats_t_quantile(0.99, 1000);        /* two-sided p 0.02 */

	for (size_t i = 0; i < 18; i++)
		in[i] = (struct verdict_in){ 0, 0.01, 1000, 0 };
	in[0].est = q * 0.01;
	verdict_judge(in, 18, &f, o);
	ck_assert_double_eq_tol(o[0].p_diff, 0.02, 1e-9);
	ck_assert_int_ne(o[0].v, VD_FASTER);
	verdict_one(in[0].est, 0.01, 1000, 0, 0.02, 1, &o[1]);
	ck_assert_int_eq(o[1].v, VD_FASTER);
}
END_TEST

/*
 * A row whose se holds no between-run spread (two single runs): shown with
 * its within-run interval, never faster/slower however large.
 */
START_TEST(unmeasured_rows)
{
	const struct verdict_in x = { 0.10, 0.001, 1000, 0 }, bad = { NAN, 0.001, 1000, 0 };
	struct verdict_out o;

	verdict_unmeasured(&x, &o);
	ck_assert_int_eq(o.v, VD_FEW);
	ck_assert_str_eq(verdict_word(o.v), "inconclusive");
	ck_assert(o.lo > 0.09 && o.hi < 0.11);
	ck_assert(isnan(o.p_diff_adj));
	verdict_unmeasured(&bad, &o);
	ck_assert_int_eq(o.v, VD_NONE);
}
END_TEST

/*
 * Rows whose se is zero: five runs a side of identical figures (+10 %, se 0
 * on 8 df), and paired rounds of identical ratios (+0.5 %, se 1e-17 from the
 * log differences' rounding) were called faster and "equivalent
 * (significant)" on no spread at all.  Now neither is tested: VD_FEW, the
 * interval 0 wide, out of the family (m counts only the measured row).
 */
START_TEST(no_spread_rows)
{
	const struct verdict_in in[3] = {
		{ log(1.10), 0, 8, 0 },         /* identical runs: +10 % */
		{ log(1.005), 1e-17, 5, 0 },    /* identical ratios: +0.5 % */
		{ 0.10, 0.01, 1000, 0 },        /* measured: faster */
	};
	struct verdict_out o[3];
	struct verdict_family f = { .margin = 0.02, .alpha = 0.05 };

	ck_assert(verdict_no_spread(0));
	ck_assert(verdict_no_spread(1e-17));
	ck_assert(verdict_no_spread(-0.0));
	ck_assert(!verdict_no_spread(1e-6));
	ck_assert(!verdict_no_spread(NAN));
	/* No detectable change is implied by no spread (paired's detect column: "-"). */
	ck_assert(isnan(verdict_mde(0, 8, 1, 0.05, VERDICT_POWER)));
	ck_assert(isnan(verdict_mde(1e-17, 8, 1, 0.05, VERDICT_POWER)));
	ck_assert(verdict_mde(0.01, 8, 1, 0.05, VERDICT_POWER) > 0.02);
	verdict_judge(in, 3, &f, o);
	ck_assert_int_eq(o[0].v, VD_FEW);
	ck_assert_int_eq(o[1].v, VD_FEW);
	ck_assert(!o[1].negligible);
	ck_assert_int_eq(o[2].v, VD_FASTER);
	ck_assert_uint_eq(f.m, 1);
	ck_assert_double_eq_tol(o[0].lo, log(1.10), 1e-12);
	ck_assert_double_eq_tol(o[0].hi, log(1.10), 1e-12);
	/* The score's row alone, as the m-th of a family. */
	verdict_one(log(1.10), 0, 8, 0, 0.02, 3, &o[0]);
	ck_assert_int_eq(o[0].v, VD_FEW);
	verdict_one(log(1.10), 0.01, 8, 0, 0.02, 3, &o[0]);
	ck_assert_int_eq(o[0].v, VD_FASTER);
}
END_TEST

Suite *suite_verdict(void)
{
	Suite *s = suite_create("verdict");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, t_cdf_closed_forms);
	tcase_add_test(tc, holm_step_down);
	tcase_add_test(tc, tost_both_sides);
	tcase_add_test(tc, tost_bound);
	tcase_add_test(tc, min_rounds);
	tcase_add_test(tc, family_words);
	tcase_add_test(tc, family_corrects);
	tcase_add_test(tc, one_alpha_pairs);
	tcase_add_test(tc, one_alpha_family);
	tcase_add_test(tc, significant_equivalent_label);
	tcase_add_test(tc, explain_words);
	tcase_add_test(tc, unmeasured_rows);
	tcase_add_test(tc, no_spread_rows);
	suite_add_tcase(s, tc);
	return s;
}
