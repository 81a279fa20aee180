/*
 * test_schedule.c: --order spread's order of a copy count's samples
 * (run/schedule.h): small orders worked by hand, a test kept together, and
 * the index's plan, where every test's samples are covered and no two of
 * one test lie closer than SCHED_GAP_S.
 */
#include <check.h>

#include "run/schedule.h"

static void want_order(const size_t *got, size_t len, const size_t *want, size_t n)
{
	ck_assert_uint_eq(len, n);
	for (size_t i = 0; i < n; i++)
		ck_assert_msg(got[i] == want[i], "step %zu: test %zu, want %zu", i, got[i], want[i]);
}

/*
 * counts {2, 1}: places 1/4, 3/4 (test 0) and 1/2 (test 1): 0 1 0.
 * counts {3, 3}: both at 1/6, 1/2, 5/6, ties to the lower test: 0 1 0 1 0 1;
 * with samples of 10 s and 20 s, each test's samples 30 s apart.
 */
START_TEST(by_hand)
{
	size_t order[8];
	const unsigned c1[2] = { 2, 1 }, c2[2] = { 3, 3 };
	const size_t w1[3] = { 0, 1, 0 }, w2[6] = { 0, 1, 0, 1, 0, 1 };
	const double cost[2] = { 10, 20 };

	want_order(order, sched_spread(c1, NULL, 2, order), w1, 3);
	want_order(order, sched_spread(c2, NULL, 2, order), w2, 6);
	ck_assert_double_eq(sched_min_gap(order, 6, cost, 2), 30);
}
END_TEST

/*
 * A test kept together (together[1]) takes its samples back to back at its
 * place among the tests, (1 + 1/2) / 3 = 1/2; the others at 1/4 and 3/4:
 * 0 2 1 1 0 2.
 */
START_TEST(kept_together)
{
	size_t order[6];
	const unsigned c[3] = { 2, 2, 2 };
	const int together[3] = { 0, 1, 0 };
	const size_t w[6] = { 0, 2, 1, 1, 0, 2 };

	want_order(order, sched_spread(c, together, 3, order), w, 6);
}
END_TEST

/*
 * The index at one copy: nine long tests of 10 samples (10 s + 3 s settle,
 * shell tests 60 s + 3 s) and three short ones of 3 (30 s + 3 s).  Every
 * test appears its count of times, and no two samples of one test lie
 * closer than SCHED_GAP_S (the grouped order: 13 s apart).
 */
START_TEST(index_plan)
{
	enum { N = 12 };
	const unsigned count[N] = { 10, 10, 10, 10, 10, 3, 3, 3, 10, 10, 10, 10 };
	const double cost[N] = { 13, 13, 13, 13, 13, 33, 33, 33, 13, 13, 63, 63 };
	size_t order[128], len, seen[N] = { 0 }, grouped[128], k = 0;

	len = sched_spread(count, NULL, N, order);
	ck_assert_uint_eq(len, 99);
	for (size_t s = 0; s < len; s++) {
		ck_assert_uint_lt(order[s], N);
		seen[order[s]]++;
	}
	for (size_t i = 0; i < N; i++)
		ck_assert_uint_eq(seen[i], count[i]);
	ck_assert_msg(sched_min_gap(order, len, cost, N) >= SCHED_GAP_S, "gap %g",
		      sched_min_gap(order, len, cost, N));
	for (size_t i = 0; i < N; i++)
		for (unsigned j = 0; j < count[i]; j++)
			grouped[k++] = i;
	ck_assert_double_eq(sched_min_gap(grouped, k, cost, N), 13);
}
END_TEST

/*
 * Where the plan does not allow the gap: one test of 10 samples beside one
 * of 1, 10 s each, can only put one sample between two of the first; no
 * test with two samples: -1.
 */
START_TEST(too_few_tests)
{
	size_t order[11];
	const unsigned c[2] = { 10, 1 }, one[2] = { 1, 1 };
	const double cost[2] = { 10, 10 };
	size_t len = sched_spread(c, NULL, 2, order);

	ck_assert_uint_eq(len, 11);
	ck_assert_double_eq(sched_min_gap(order, len, cost, 2), 10);
	len = sched_spread(one, NULL, 2, order);
	ck_assert_double_eq(sched_min_gap(order, len, cost, 2), -1);
}
END_TEST

Suite *suite_schedule(void)
{
	Suite *s = suite_create("schedule");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, by_hand);
	tcase_add_test(tc, kept_together);
	tcase_add_test(tc, index_plan);
	tcase_add_test(tc, too_few_tests);
	suite_add_tcase(s, tc);
	return s;
}
