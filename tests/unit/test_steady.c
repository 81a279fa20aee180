/*
 * test_steady.c: the steady-state rule (stats/steady.h) on series worked by
 * hand: a flat window, a rising one (slope excursion), a spiky one (data
 * excursion), one that passes both; a burst of three intervals at 200 then
 * 100 (found after a ramp and without one), a series that never leaves the
 * band (no change), one that never settles, and one too short.
 */
#include <check.h>
#include <math.h>

#include "stats/steady.h"

static const struct steady_rule snia = STEADY_RULE_SNIA;

START_TEST(flat_window)
{
	const double x[5] = { 100, 100, 100, 100, 100 };
	struct steady_fit f;

	ck_assert_int_eq(steady_window(x, &snia, &f), 1);
	ck_assert_double_eq(f.mean, 100);
	ck_assert_double_eq(f.dev, 0);
	ck_assert_double_eq(f.slope, 0);
}
END_TEST

/*
 * 90 95 100 105 110: mean 100, largest excursion 10 (10 %), but the slope
 * is 5 per interval: 5 x 4 / 100 = 20 % > 10 %.
 */
START_TEST(rising_window)
{
	const double x[5] = { 90, 95, 100, 105, 110 };
	struct steady_fit f;

	ck_assert_int_eq(steady_window(x, &snia, &f), 0);
	ck_assert_double_eq_tol(f.dev, 0.10, 1e-12);
	ck_assert_double_eq_tol(f.slope, 0.20, 1e-12);
}
END_TEST

/*
 * 100 125 75 100 100: mean 100, excursion 25 % > 20 %.  Its slope: the
 * centred i are -2..2, x - m = 0 25 -25 0 0, sum = -25, sxx = 10, b = -2.5:
 * 2.5 x 4 / 100 = 10 % (at the limit: the excursion alone fails it).
 * 100 115 85 100 100: 15 %, b = -1.5, 6 %: steady.
 */
START_TEST(spiky_windows)
{
	const double bad[5] = { 100, 125, 75, 100, 100 };
	const double good[5] = { 100, 115, 85, 100, 100 };
	struct steady_fit f;

	ck_assert_int_eq(steady_window(bad, &snia, &f), 0);
	ck_assert_double_eq_tol(f.dev, 0.25, 1e-12);
	ck_assert_int_eq(steady_window(good, &snia, &f), 1);
	ck_assert_double_eq_tol(f.dev, 0.15, 1e-12);
	ck_assert_double_eq_tol(f.slope, 0.06, 1e-12);
}
END_TEST

/*
 * 200 200 200 then 100 x 7.  After a ramp of 5 the first window is 5..9,
 * all 100: steady, sustained 100; the last interval outside 100 -+ 20 is
 * x2, so the change is at 3, and the burst the mean of x0..x2, 200.  With
 * no ramp: windows from 0, 1, 2 mix both levels (mean 160: 200 is 25 %
 * off; 140; 120: 67 %), the one from 3 is flat; the same change and burst.
 */
START_TEST(burst_then_steady)
{
	const double x[10] = { 200, 200, 200, 100, 100, 100, 100, 100, 100, 100 };
	struct steady_summary s;

	ck_assert_int_eq(steady_summarise(x, 10, 5, &snia, &s), 0);
	ck_assert_int_eq(s.steady, 1);
	ck_assert_uint_eq(s.start, 5);
	ck_assert_uint_eq(s.end, 10);
	ck_assert_double_eq(s.sustained, 100);
	ck_assert_uint_eq(s.change, 3);
	ck_assert_double_eq(s.burst, 200);

	ck_assert_int_eq(steady_summarise(x, 10, 0, &snia, &s), 0);
	ck_assert_int_eq(s.steady, 1);
	ck_assert_uint_eq(s.start, 3);
	ck_assert_uint_eq(s.end, 8);
	ck_assert_uint_eq(s.change, 3);
	ck_assert_double_eq(s.burst, 200);

	/* The stop rule: the last window, and only past the ramp. */
	ck_assert_int_eq(steady_reached(x, 8, 5, &snia), 0);
	ck_assert_int_eq(steady_reached(x, 10, 5, &snia), 1);
	ck_assert_int_eq(steady_reached(x, 7, 0, &snia), 0);   /* 200 100 x 4: mean 120 */
	ck_assert_int_eq(steady_reached(x, 8, 0, &snia), 1);
}
END_TEST

/* 100 101 99 100 100 100: steady at once; nothing ever left the band. */
START_TEST(no_change)
{
	const double x[6] = { 100, 101, 99, 100, 100, 100 };
	struct steady_summary s;

	ck_assert_int_eq(steady_summarise(x, 6, 0, &snia, &s), 0);
	ck_assert_int_eq(s.steady, 1);
	ck_assert_uint_eq(s.start, 0);
	ck_assert_uint_eq(s.change, 0);
	ck_assert_double_eq(s.burst, 100);
	ck_assert_double_eq(s.sustained, 100);
}
END_TEST

/*
 * 100 100 125 100 100 100 100 100 after a ramp of 3: steady from 3; x2 is
 * 25 off, but the intervals before it average 108.3, within the band:
 * a stray interval, no change; the burst is the first five's mean, 105.
 */
START_TEST(stray_interval)
{
	const double x[8] = { 100, 100, 125, 100, 100, 100, 100, 100 };
	struct steady_summary s;

	ck_assert_int_eq(steady_summarise(x, 8, 3, &snia, &s), 0);
	ck_assert_int_eq(s.steady, 1);
	ck_assert_uint_eq(s.start, 3);
	ck_assert_uint_eq(s.change, 0);
	ck_assert_double_eq_tol(s.burst, 105, 1e-12);
}
END_TEST

/*
 * 10 20 30 40 50 60: every window climbs 10 per interval (40 / mean or
 * more); not steady, the last window (20..60, mean 40) stands in; x0 = 10
 * is 30 off, beyond 8: the change is at 1, the burst x0 alone.
 */
START_TEST(never_steady)
{
	const double x[6] = { 10, 20, 30, 40, 50, 60 };
	struct steady_summary s;

	ck_assert_int_eq(steady_summarise(x, 6, 0, &snia, &s), 0);
	ck_assert_int_eq(s.steady, 0);
	ck_assert_uint_eq(s.start, 1);
	ck_assert_double_eq(s.sustained, 40);
	ck_assert_double_eq_tol(s.fit.slope, 1.0, 1e-12);
	ck_assert_uint_eq(s.change, 1);
	ck_assert_double_eq(s.burst, 10);
}
END_TEST

START_TEST(too_short_or_zero)
{
	const double x[4] = { 1, 1, 1, 1 }, z[5] = { 0, 0, 0, 0, 0 };
	struct steady_summary s;
	struct steady_fit f;

	ck_assert_int_eq(steady_summarise(x, 4, 0, &snia, &s), -1);
	ck_assert_int_eq(steady_reached(x, 4, 0, &snia), 0);
	ck_assert_int_eq(steady_window(z, &snia, &f), 0);   /* nothing moved: no rate */
}
END_TEST

Suite *suite_steady(void)
{
	Suite *s = suite_create("steady");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, flat_window);
	tcase_add_test(tc, rising_window);
	tcase_add_test(tc, spiky_windows);
	tcase_add_test(tc, burst_then_steady);
	tcase_add_test(tc, no_change);
	tcase_add_test(tc, stray_interval);
	tcase_add_test(tc, never_steady);
	tcase_add_test(tc, too_short_or_zero);
	suite_add_tcase(s, tc);
	return s;
}
