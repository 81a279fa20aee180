/* test_score.c: rates, per-test results, index and the index score. */
#include <check.h>
#include <math.h>
#include <string.h>

#include "score/score.h"

START_TEST(rates_by_timebase)
{
	/* The reference's own check: 533,910,795 loops in 10.002456 s. */
	ck_assert_double_eq_tol(score_rate(533910795, 10.002456, 1), 53377969.9, 0.05);
	ck_assert_double_eq_tol(score_rate(7148, 60.06, 60), 7148 / (60.06 / 60), 1e-9);
	ck_assert_double_eq(score_rate(749366, 30.0, 0), 749366);
	ck_assert_double_eq(score_rate(5, 0, 1), 5);
}
END_TEST

/*
 * A pass's figure is one function's (the score, the runner's precision and
 * paired mode's stopping rule use it): a time is the copies' mean, a rate
 * their sum; what score_test stores is that figure.
 */
START_TEST(pass_rate_once)
{
	struct copy_result cp[2] = { { .timebase = 1 }, { .timebase = 1 } };
	struct pass_result p = { .count = 400, .time = 2, .ok = 1, .ncopies = 2, .copies = cp };
	const struct test_def *lat = test_find("mem-latency"), *dhry = test_find("dhry2reg");
	struct bench_result t = { .def = dhry, .status = TS_OK, .passes = &p, .npasses = 1 };

	ck_assert_ptr_nonnull(lat);
	ck_assert_ptr_nonnull(dhry);
	ck_assert(lat->flags & TF_LOWER);
	ck_assert_double_eq(score_pass_rate(dhry, &p), 200);
	ck_assert_double_eq(score_pass_rate(lat, &p), 100);
	score_test(&t);
	ck_assert_double_eq(p.rate, score_pass_rate(dhry, &p));
	t.def = lat;
	score_test(&t);
	ck_assert_double_eq(p.rate, score_pass_rate(lat, &p));
}
END_TEST

/*
 * A test a signal cut short (NOT RUN, "interrupted") keeps each finished
 * sample at its real rate; a failed sample's stays 0 (issue 50); its
 * figures cover those samples, and no index counts it.
 */
START_TEST(interrupted_test_keeps_sample_rates)
{
	struct copy_result cp[3] = { { .timebase = 1 }, { .timebase = 1 }, { .timebase = 1 } };
	struct pass_result p[3] = {
		{ .count = 300, .time = 1.5, .ok = 1, .ncopies = 1, .copies = &cp[0] },
		{ .count = 500, .time = 2, .ok = 1, .ncopies = 1, .copies = &cp[1] },
		{ .count = 900, .time = 3, .ok = 0, .ncopies = 1, .copies = &cp[2] },
	};
	struct bench_result t = { .def = test_find("dhry2reg"), .status = TS_NOT_RUN,
				  .passes = p, .npasses = 3 };

	score_test(&t);
	ck_assert_double_eq(p[0].rate, 200);
	ck_assert_double_eq(p[1].rate, 250);
	ck_assert_double_eq(p[2].rate, 0);
	/* Partial: its figure over the two samples it has, but no index (issue 50). */
	ck_assert_uint_eq(result_partial(&t), 2);
	ck_assert_uint_eq(t.kept, 2);
	ck_assert_uint_eq(t.stats.n, 2);
	ck_assert_double_eq_tol(t.score, sqrt(200.0 * 250.0), 1e-9);
	ck_assert_double_eq(t.index, 0);
	{
		struct copy_run run = { .copies = 1, .tests = &t, .ntests = 1 };

		score_run(&run);    /* UnixBench's index counts no test cut short */
		ck_assert_uint_eq(run.cats[CAT_SYSTEM].nindexed, 0);
		ck_assert(run.cats[CAT_SYSTEM].partial);
		ck_assert_double_eq(run.cats[CAT_SYSTEM].score, 0);
	}
	/* A test cut short before any sample finished has nothing to show. */
	p[0].ok = p[1].ok = 0;
	score_test(&t);
	ck_assert_uint_eq(result_partial(&t), 0);
	ck_assert_double_eq(t.score, 0);
	ck_assert_uint_eq(t.kept, 0);
}
END_TEST

/* The published UnixBench 6.0 report in shared/reference/samples. */
static const struct { const char *name; double result, index; } published[] = {
	{ "dhry2reg", 55041744.2, 4716.5 },
	{ "whetstone-double", 9100.5, 1654.6 },
	{ "execl", 1985.2, 461.7 },
	{ "pipe", 1403236.3, 1128.0 },
	{ "context1", 22494.1, 56.2 },
	{ "spawn", 5503.9, 436.8 },
	{ "syscall", 1159591.9, 773.1 },
};

/*
 * --repeat: a test's figure and SE over its passes, worked by hand.  Each
 * pass keeps its best two of three samples (UnixBench's rule over the pass
 * alone): pass 1 {100, 100, 10} gives 100, pass 2 {400, 400, 1} 400, pass 3
 * {200, 200, 2} 200 (a failed and an excluded sample of pass 3 count
 * nowhere).  y = ln 100, ln 400, ln 200: the figure is exp(mean) = 200,
 * the deviations -ln 2, ln 2, 0 give s = ln 2, so the SE is ln 2 / sqrt 3
 * on 2 df.  (The nine samples scored as one set keep six, the same 200
 * here, but their spread is the samples', not the passes'.)
 */
START_TEST(test_figure_over_passes)
{
	static const double rates[3][3] = { { 100, 100, 10 }, { 400, 400, 1 }, { 200, 200, 2 } };
	struct pass_result p[11] = { 0 };
	struct bench_result t = { .def = test_find("dhry2reg"), .status = TS_OK, .passes = p };
	struct re_pool pool;

	for (unsigned q = 0; q < 3; q++)
		for (unsigned i = 0; i < 3; i++)        /* interleaved, as repeat.c merges them */
			p[t.npasses++] = (struct pass_result){ .ok = 1, .count = rates[q][i],
				.rate = rates[q][i], .time = 1, .repeat_pass = q + 1 };
	p[t.npasses++] = (struct pass_result){ .ok = 0, .count = 1e6, .rate = 1e6,
		.repeat_pass = 3 };
	p[t.npasses++] = (struct pass_result){ .ok = 1, .excluded = 1, .count = 1e6,
		.rate = 1e6, .repeat_pass = 3 };
	ck_assert_uint_eq(score_test_passes(&t, &pool), 3);
	ck_assert_double_eq_tol(exp(pool.mean), 200, 1e-9);
	ck_assert_double_eq_tol(pool.se, log(2) / sqrt(3), 1e-12);
	ck_assert_double_eq(pool.df, 2);
	ck_assert_double_eq_tol(pool.tau2, log(2) * log(2), 1e-12);
	/* 4.302653 = t(0.975, 2). */
	ck_assert_double_eq_tol(pool.hi - pool.mean, 4.302653 * log(2) / sqrt(3), 1e-5);
	/* Two passes (the third's samples gone): y = ln 100, ln 400: SE ln 4 / 2 = ln 2 on 1 df. */
	t.npasses = 6;
	ck_assert_uint_eq(score_test_passes(&t, &pool), 2);
	ck_assert_double_eq_tol(exp(pool.mean), 200, 1e-9);
	ck_assert_double_eq_tol(pool.se, log(2), 1e-12);
	ck_assert_double_eq(pool.df, 1);
	/* One pass, or samples without a pass: no spread between passes. */
	pool.mean = -1;
	t.npasses = 3;
	ck_assert_uint_eq(score_test_passes(&t, &pool), 0);
	for (size_t i = 0; i < 9; i++)
		p[i].repeat_pass = 0;
	t.npasses = 9;
	ck_assert_uint_eq(score_test_passes(&t, &pool), 0);
	ck_assert_double_eq(pool.mean, -1);
}
END_TEST

static void fill(struct bench_result *t, const char *name, double score)
{
	memset(t, 0, sizeof(*t));
	t->def = test_find(name);
	t->status = TS_OK;
	t->score = score;
	t->index = 10 * score / t->def->baseline;
}

START_TEST(published_partial_index)
{
	struct bench_result tests[7];
	struct copy_run run;

	memset(&run, 0, sizeof(run));
	for (size_t i = 0; i < 7; i++) {
		fill(&tests[i], published[i].name, published[i].result);
		ck_assert_double_eq_tol(tests[i].index, published[i].index, 0.05);
	}
	run.tests = tests;
	run.ntests = 7;
	score_run(&run);
	ck_assert_double_eq_tol(run.cats[CAT_SYSTEM].score, 693.5, 0.05);
	ck_assert_int_eq(run.cats[CAT_SYSTEM].partial, 1);
	ck_assert_uint_eq(run.cats[CAT_SYSTEM].nindexed, 7);
	ck_assert_uint_eq(run.cats[CAT_SYSTEM].nbaseline, 12);
}
END_TEST

START_TEST(failed_and_unindexed_tests_do_not_count)
{
	struct bench_result tests[3];
	struct copy_run run;

	memset(&run, 0, sizeof(run));
	fill(&tests[0], "pipe", 124400);            /* index 100 */
	fill(&tests[1], "syscall", 150000);         /* index 100 */
	tests[1].status = TS_FAILED;
	fill(&tests[2], "shell16", 100);            /* no baseline */
	tests[2].index = 0;
	run.tests = tests;
	run.ntests = 3;
	score_run(&run);
	ck_assert_double_eq_tol(run.cats[CAT_SYSTEM].score, 100, 1e-9);
	ck_assert_uint_eq(run.cats[CAT_SYSTEM].nindexed, 1);
	ck_assert_int_eq(run.cats[CAT_SYSTEM].partial, 1);
	ck_assert_int_eq(run.cats[CAT_MISC].any_results, 0);
}
END_TEST

/* Three 10-second passes of pipe with ncopies copies each (copies[3][ncopies]). */
static void pipe_passes(struct bench_result *t, struct pass_result *passes,
			struct copy_result *copies, size_t ncopies, const double *counts)
{
	memset(t, 0, sizeof(*t));
	memset(copies, 0, 3 * ncopies * sizeof(*copies));
	memset(passes, 0, 3 * sizeof(*passes));
	t->def = test_find("pipe");
	t->status = TS_OK;
	t->passes = passes;
	t->npasses = 3;
	for (size_t p = 0; p < 3; p++) {
		passes[p].ok = 1;
		passes[p].copies = copies + p * ncopies;
		passes[p].ncopies = ncopies;
		passes[p].count = counts[p];       /* summed over copies */
		passes[p].time = 10;               /* mean over copies */
		for (size_t c = 0; c < ncopies; c++)
			copies[p * ncopies + c].timebase = 1;
	}
}

START_TEST(score_test_from_passes)
{
	struct copy_result copies[3][2];
	struct pass_result passes[3];
	struct bench_result t;
	double counts[3] = { 1000, 900, 1100 };

	pipe_passes(&t, passes, &copies[0][0], 2, counts);
	score_test(&t);
	/* Pass 1 (count 900) is dropped; the rest: 100 and 110 per second. */
	ck_assert_int_eq(passes[1].dropped, 1);
	ck_assert_uint_eq(t.kept, 2);
	ck_assert_double_eq_tol(t.score, sqrt(100.0 * 110.0), 1e-9);
	ck_assert_double_eq_tol(t.time, 10, 1e-12);
	ck_assert_double_eq_tol(t.index, 10 * t.score / 12440.0, 1e-9);
	/* Statistics cover every sample, dropped ones included. */
	ck_assert_uint_eq(t.stats.n, 3);
	ck_assert_double_eq_tol(t.stats.mean, 100, 1e-9);
}
END_TEST

/*
 * --exclude-disturbed: the flagged pass (900, contended) counts nowhere; the
 * two left are scored by UnixBench's rule among themselves; every pass
 * flagged: none left out, said so.
 */
START_TEST(exclude_disturbed_passes)
{
	struct copy_result copies[3][2];
	struct pass_result passes[3];
	struct bench_result t;
	double counts[3] = { 1000, 900, 1100 };

	pipe_passes(&t, passes, &copies[0][0], 2, counts);
	passes[1].intf.flags = INTF_CONTENDED;
	score_exclude_disturbed(&t);
	ck_assert_uint_eq(t.excluded, 1);
	ck_assert_uint_eq(t.flagged_kept, 0);
	ck_assert_int_eq(passes[1].excluded, 1);
	score_test(&t);
	/* Two passes left, 1000 and 1100: the lowest third of two drops none. */
	ck_assert_uint_eq(t.stats.n, 2);
	ck_assert_double_eq_tol(t.stats.mean, 105, 1e-9);
	ck_assert_int_eq(passes[1].dropped, 0);
	ck_assert_double_eq_tol(t.score, sqrt(100.0 * 110.0), 1e-9);
	/* Every pass flagged: all kept, the count said. */
	pipe_passes(&t, passes, &copies[0][0], 2, counts);
	for (size_t i = 0; i < 3; i++)
		passes[i].intf.flags = INTF_STEAL;
	score_exclude_disturbed(&t);
	ck_assert_uint_eq(t.excluded, 0);
	ck_assert_uint_eq(t.flagged_kept, 3);
	score_test(&t);
	ck_assert_uint_eq(t.stats.n, 3);
	/* Nothing flagged: nothing left out. */
	pipe_passes(&t, passes, &copies[0][0], 2, counts);
	score_exclude_disturbed(&t);
	ck_assert_uint_eq(t.excluded + t.flagged_kept, 0);
}
END_TEST

/* Score test 'name' from one ok pass of two copies (2000 in 1 s). */
static void score_one_pass(struct bench_result *t, struct pass_result *pass,
			   struct copy_result *copies, const char *name)
{
	pass->ok = 1;
	pass->copies = copies;
	pass->ncopies = 2;
	pass->count = 2000;
	pass->time = 1;
	t->def = test_find(name);
	t->status = TS_OK;
	t->passes = pass;
	t->npasses = 1;
	score_test(t);
}

START_TEST(zero_sample_weighs_as_one)
{
	struct copy_result copies[3];
	struct pass_result passes[3];
	struct bench_result t;
	double counts[3] = { 0, 1200, 0 };

	pipe_passes(&t, passes, copies, 1, counts);
	score_test(&t);
	/*
	 * UnixBench 6.0 drops one zero (the lowest count), keeps the other and
	 * adds nothing for it: exp((0 + ln 120) / 2), not 0 for the whole test.
	 */
	ck_assert_uint_eq(t.kept, 2);
	ck_assert_int_eq(passes[0].dropped + passes[2].dropped, 1);
	ck_assert_int_eq(passes[1].dropped, 0);
	ck_assert_double_eq_tol(t.score, sqrt(120.0), 1e-9);
	ck_assert_double_eq_tol(t.index, 10 * sqrt(120.0) / 12440.0, 1e-12);
	ck_assert(t.stats.flags & SF_ZERO);
	/* Without a zero, no flag. */
	passes[0].count = passes[2].count = 1100;
	score_test(&t);
	ck_assert(!(t.stats.flags & SF_ZERO));
}
END_TEST

/*
 * Issue 41: UnixBench's zero rule is for the tests with a baseline only.  A
 * test outside the index (tcp-stream) whose kept sample measured zero scores
 * zero, as its statistics and CSV say, not the rule's rate of 1 nor the
 * geometric mean of the other samples.
 */
START_TEST(zero_sample_outside_the_index_scores_zero)
{
	struct copy_result copies[3];
	struct pass_result passes[3];
	struct bench_result t;
	double counts[3] = { 0, 1200, 0 };

	ck_assert(test_zero_as_one(test_find("pipe")));
	ck_assert(test_zero_as_one(test_find("grep")));
	ck_assert(!test_zero_as_one(test_find("tcp-stream")));
	ck_assert(!test_zero_as_one(test_find("arithoh")));
	pipe_passes(&t, passes, copies, 1, counts);
	t.def = test_find("tcp-stream");
	score_test(&t);
	ck_assert_uint_eq(t.kept, 2);
	ck_assert_double_eq(t.score, 0);
	ck_assert_double_eq(t.index, 0);
	ck_assert(t.stats.flags & SF_ZERO);
	/* One sample (--quick), zero: 0, not 1.0 Gbit/s. */
	t.npasses = 1;
	score_test(&t);
	ck_assert_uint_eq(t.kept, 1);
	ck_assert_double_eq(t.score, 0);
	/* The zero dropped as the lowest third: the kept samples' mean. */
	passes[2].count = 1100;
	t.npasses = 3;
	score_test(&t);
	ck_assert_double_eq_tol(t.score, sqrt(120.0 * 110.0), 1e-9);
}
END_TEST

START_TEST(metrics_sum_rates_average_latencies)
{
	struct copy_result copies[2];
	struct pass_result pass;
	struct bench_result t;

	memset(&t, 0, sizeof(t));
	memset(copies, 0, sizeof(copies));
	memset(&pass, 0, sizeof(pass));
	for (int c = 0; c < 2; c++) {
		copies[c].nmetrics = 2;
		strcpy(copies[c].metrics[0].name, "read_iops");
		strcpy(copies[c].metrics[0].unit, "IOPS");
		copies[c].metrics[0].value = 1000;
		strcpy(copies[c].metrics[1].name, "lat_p99");
		strcpy(copies[c].metrics[1].unit, "us");
		copies[c].metrics[1].value = 100 + 100 * c;
		copies[c].metrics[1].combine = MC_MEAN;
	}
	score_one_pass(&t, &pass, copies, "randrw-4k-qd64");
	ck_assert_uint_eq(t.nmetrics, 2);
	ck_assert_double_eq_tol(t.metrics[0].value, 2000, 1e-9);
	ck_assert_double_eq_tol(t.metrics[1].value, 150, 1e-9);
}
END_TEST

/*
 * Copies combine a metric as the program declared, whatever its unit: a
 * 2-copy run of 2-second samples has own_seconds 2, not 4.  Over passes
 * the combined values are averaged.
 */
START_TEST(metrics_combine_as_declared)
{
	static const struct {
		const char *name, *unit;
		enum metric_combine how;
		double v[2][2];         /* [pass][copy] */
		double want;
	} m[] = {
		{ "own_seconds", "s", MC_MEAN, { { 2.0001, 2.0003 }, { 2.0, 2.0 } }, 2.0001 },
		{ "lat_max", "us", MC_MAX, { { 100, 300 }, { 500, 200 } }, 400 },
		{ "fake_us", "us", MC_SUM, { { 1, 2 }, { 3, 4 } }, 5 },
	};
	enum { NM = sizeof(m) / sizeof(m[0]) };
	struct copy_result copies[2][2];
	struct pass_result pass[2];
	struct bench_result t;

	memset(&t, 0, sizeof(t));
	memset(copies, 0, sizeof(copies));
	memset(pass, 0, sizeof(pass));
	for (int p = 0; p < 2; p++) {
		for (int c = 0; c < 2; c++) {
			struct copy_result *cr = &copies[p][c];

			cr->ok = 1;
			cr->count = 100;
			cr->timebase = 1;
			cr->time = 2;
			for (size_t k = 0; k < NM; k++) {
				struct metric *mt = &cr->metrics[cr->nmetrics++];

				strcpy(mt->name, m[k].name);
				strcpy(mt->unit, m[k].unit);
				mt->value = m[k].v[p][c];
				mt->combine = m[k].how;
			}
		}
		pass[p].ok = 1;
		pass[p].copies = copies[p];
		pass[p].ncopies = 2;
		pass[p].count = 200;
		pass[p].time = 2;
	}
	t.def = test_find("shell1");
	t.status = TS_OK;
	t.passes = pass;
	t.npasses = 2;
	score_test(&t);
	ck_assert_uint_eq(t.nmetrics, NM);
	for (size_t k = 0; k < NM; k++) {
		ck_assert_str_eq(t.metrics[k].name, m[k].name);
		ck_assert_msg(fabs(t.metrics[k].value - m[k].want) < 1e-9, "%s: %g, want %g",
			      m[k].name, t.metrics[k].value, m[k].want);
	}
	/* shell1 declares no placement metric. */
	ck_assert_int_eq(t.shared_cpu, -1);
}
END_TEST

/* context1, two copies: the placement flag and fraction from the readings. */
static void placement_case(double frac0, double frac1, int want_shared, double want_frac)
{
	struct copy_result copies[2];
	struct pass_result pass;
	struct bench_result t;

	memset(&t, 0, sizeof(t));
	memset(copies, 0, sizeof(copies));
	memset(&pass, 0, sizeof(pass));
	for (int c = 0; c < 2; c++) {
		copies[c].ok = 1;
		copies[c].nmetrics = 1;
		strcpy(copies[c].metrics[0].name, "shared_cpu_fraction");
		strcpy(copies[c].metrics[0].unit, "fraction");
		copies[c].metrics[0].value = c ? frac1 : frac0;
		copies[c].metrics[0].combine = MC_MEAN;
	}
	score_one_pass(&t, &pass, copies, "context1");
	ck_assert_int_eq(t.shared_cpu, want_shared);
	ck_assert_uint_eq(t.nmetrics, 1);
	ck_assert_double_eq_tol(t.metrics[0].value, want_frac, 1e-12);
}

START_TEST(placement_from_sampled_fraction)
{
	placement_case(1, 1, 1, 1);
	placement_case(0, 0, 0, 0);
	placement_case(1, 0, -1, 0.5);
	/* One copy's readings were mixed: not "shared" although it is mostly. */
	placement_case(1, 0.9, -1, 0.95);
}
END_TEST

Suite *suite_score(void)
{
	Suite *s = suite_create("score");
	TCase *tc = tcase_create("index");

	tcase_add_test(tc, rates_by_timebase);
	tcase_add_test(tc, interrupted_test_keeps_sample_rates);
	tcase_add_test(tc, pass_rate_once);
	tcase_add_test(tc, published_partial_index);
	tcase_add_test(tc, failed_and_unindexed_tests_do_not_count);
	tcase_add_test(tc, score_test_from_passes);
	tcase_add_test(tc, zero_sample_weighs_as_one);
	tcase_add_test(tc, zero_sample_outside_the_index_scores_zero);
	tcase_add_test(tc, metrics_sum_rates_average_latencies);
	tcase_add_test(tc, metrics_combine_as_declared);
	tcase_add_test(tc, placement_from_sampled_fraction);
	tcase_add_test(tc, exclude_disturbed_passes);
	tcase_add_test(tc, test_figure_over_passes);
	suite_add_tcase(s, tc);
	return s;
}
