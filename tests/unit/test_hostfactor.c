/*
 * test_hostfactor.c: the host's speed from a run's samples
 * (stats/hostfactor.h): the independent windows and the decay fit on
 * values worked by hand, the seconds a +-1 % score needs, a synthetic run
 * with a known correlation time and share (fixed seed), and the refusals.
 */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "stats/hostfactor.h"

/*
 * g(x) = 2 (x - 1 + e^-x) / x^2: x = 1: 2 e^-1 = 0.7357589, 1 / g =
 * 1.3591409; x = 10: 2 (9 + 4.54e-5) / 100 = 0.18000091, 1 / g = 5.5555275;
 * a span far below tau: one window.
 */
START_TEST(windows_by_hand)
{
	ck_assert_double_eq_tol(host_windows(30, 30), 1.3591409, 1e-6);
	ck_assert_double_eq_tol(host_windows(300, 30), 5.5555275, 1e-6);
	ck_assert_double_eq_tol(host_windows(1e-3, 30), 1.0, 1e-4);
	ck_assert_double_eq(host_windows(0, 30), 1);
}
END_TEST

/* Bins lying exactly on 4e-4 exp(-L / 25): the grid (steps of 2 %) finds tau within 1 %, c with it. */
START_TEST(decay_exact)
{
	double lag[25], m[25], w[25], c = 0, tau = 0;

	for (int b = 0; b < 25; b++) {
		lag[b] = 5.0 * b;
		m[b] = 4e-4 * exp(-lag[b] / 25);
		w[b] = 1 + b % 3;
	}
	ck_assert_int_eq(host_decay_fit(lag, m, w, 25, 1000, &c, &tau), 0);
	ck_assert_double_eq_tol(tau, 25, 0.25);
	ck_assert_double_eq_tol(c, 4e-4, 4e-6);
	/* Nothing positive to fit: refused. */
	for (int b = 0; b < 25; b++)
		m[b] = -m[b];
	ck_assert_int_eq(host_decay_fit(lag, m, w, 25, 1000, &c, &tau), -1);
}
END_TEST

/*
 * sd 1 %, tau 30 s, no test noise: +-1 % at 95 % needs v(T) = (0.01 /
 * 1.959964)^2 = 2.6032e-5 = 1e-4 g(T / 30), g = 0.26032: by hand g(6.5) =
 * 2 (5.5 + 0.0015) / 42.25 = 0.26043 and g(6.51) = 0.26006, so T / 30 =
 * 6.503, T = 195.1 s.  With test noise the same run needs longer; a
 * target the host factor alone cannot reach within HF_MAX_MINUTES: 0.
 */
START_TEST(seconds_for_by_hand)
{
	struct host_speed hs = { .ok = 1, .sd = 0.01, .tau = 30, .span = 600 };

	ck_assert_double_eq_tol(host_seconds_for(&hs, 0.01), 195.1, 0.3);
	hs.noise_var = 1e-5;
	ck_assert(host_seconds_for(&hs, 0.01) > 196);
	hs.sd = 1;
	hs.tau = 1e6;
	ck_assert_double_eq(host_seconds_for(&hs, 0.01), 0);
}
END_TEST

/* xorshift64* and Box-Muller: a fixed series, the same on every machine. */
static uint64_t rng = 0x5eed1234abcdULL;

static double uniform(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return ((double)((rng * 2685821657736338717ULL) >> 11) + 0.5) / 9007199254740992.0;
}

static double normal(void)
{
	return sqrt(-2 * log(uniform())) * cos(6.283185307179586 * uniform());
}

/*
 * A synthetic run: 6 tests taking turns, a sample every 5 s for 8 hours
 * (5760 samples), each test its own mean; the host factor an AR(1) series
 * with tau = 30 s (a = exp(-5 / 30)) and SD 3 %, every sample's own noise
 * SD 3 %: share 0.5.  Over ten seeds the estimates scattered 25..43 s
 * (tau), 0.45..0.54 (share), 2.83..3.20 % (SD): one path of 960 windows
 * leaves tau about 15 % uncertain.  Tolerances: tau within 35 %, share
 * within 0.1, the SD within 0.4 percentage points.
 */
START_TEST(synthetic_known)
{
	enum { N = 5760, K = 6 };
	static double t[N], y[N];
	static unsigned test[N];
	double a = exp(-5.0 / 30), f = 0.03 * normal();
	struct host_speed hs;

	rng = 0x5eed1234abcdULL;
	for (int i = 0; i < N; i++) {
		f = a * f + sqrt(1 - a * a) * 0.03 * normal();
		t[i] = 5.0 * i;
		test[i] = (unsigned)(i % K);
		y[i] = 10 + test[i] + f + 0.03 * normal();
	}
	ck_assert_int_eq(host_speed_fit(t, test, y, N, &hs), 0);
	ck_assert(hs.ok);
	ck_assert_uint_eq(hs.n, N);
	ck_assert_uint_eq(hs.ntests, K);
	ck_assert_double_eq_tol(hs.span, 5.0 * (N - 1), 1e-9);
	ck_assert_msg(fabs(hs.tau - 30) < 10.5, "tau %g", hs.tau);
	ck_assert_msg(fabs(hs.share - 0.5) < 0.1, "share %g", hs.share);
	ck_assert_msg(fabs(hs.sd - 0.03) < 0.004, "sd %g", hs.sd);
	ck_assert(!hs.long_memory);
	ck_assert_double_eq_tol(hs.windows, host_windows(hs.span, hs.tau), 1e-9);
	ck_assert(hs.minutes_1pct > 0);
}
END_TEST

/* No common factor (independent noise only): the share is small. */
START_TEST(synthetic_none)
{
	enum { N = 1200, K = 4 };
	static double t[N], y[N];
	static unsigned test[N];
	struct host_speed hs;

	rng = 0x1234567ULL;
	for (int i = 0; i < N; i++) {
		t[i] = 5.0 * i;
		test[i] = (unsigned)(i % K);
		y[i] = 0.03 * normal();
	}
	if (host_speed_fit(t, test, y, N, &hs) == 0)
		ck_assert_msg(hs.share < 0.1, "share %g", hs.share);
	else
		ck_assert(!hs.ok && hs.why[0]);
}
END_TEST

/* Too little to go on: one test, or a handful of samples. */
START_TEST(refusals)
{
	double t[30], y[30];
	unsigned one[30], two[30];
	struct host_speed hs;

	for (int i = 0; i < 30; i++) {
		t[i] = i;
		y[i] = (i * 7 % 5) * 0.01;
		one[i] = 3;
		two[i] = (unsigned)(i % 2);
	}
	ck_assert_int_eq(host_speed_fit(t, one, y, 30, &hs), -1);
	ck_assert(!hs.ok && hs.why[0]);
	ck_assert_int_eq(host_speed_fit(t, two, y, 10, &hs), -1);
	ck_assert(!hs.ok);
	ck_assert_int_eq(host_speed_fit(t, two, y, 0, &hs), -1);
}
END_TEST

Suite *suite_hostfactor(void)
{
	Suite *s = suite_create("hostfactor");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, windows_by_hand);
	tcase_add_test(tc, decay_exact);
	tcase_add_test(tc, seconds_for_by_hand);
	tcase_add_test(tc, synthetic_known);
	tcase_add_test(tc, synthetic_none);
	tcase_add_test(tc, refusals);
	suite_add_tcase(s, tc);
	return s;
}
