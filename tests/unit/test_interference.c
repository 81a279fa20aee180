/* test_interference.c: the /proc/stat, PSI, cgroup and cpu.stat readers, and the flags. */
#include <check.h>
#include <string.h>

#include "core/testtab.h"
#include "report/report.h"
#include "sysinfo/interference.h"

#define ROOT "tests/data/interference"

START_TEST(test_stat_steal)
{
	unsigned long long steal[INTF_MAX_CPUS] = { 0 };
	int n;

	ck_assert_int_eq(intf_parse_stat("cpu  1 2 3 4 5 6 7 8 9 10\n"
					 "cpu0 1 0 0 0 0 0 0 11 0 0\n"
					 "cpu3 1 0 0 0 0 0 0 33\n", steal, INTF_MAX_CPUS, &n), 0);
	ck_assert_int_eq(n, 4);
	ck_assert_uint_eq(steal[0], 11);
	ck_assert_uint_eq(steal[3], 33);
	/* Before 2.6.11 there was no steal column: no counter, not zero. */
	ck_assert_int_eq(intf_parse_stat("cpu0 1 2 3 4 5 6 7\n", steal, INTF_MAX_CPUS, &n), -1);
	ck_assert_int_eq(intf_parse_stat("", steal, INTF_MAX_CPUS, &n), -1);
	ck_assert_int_eq(intf_parse_stat("cpu0 1 2 3 4 5 6 7 -8\n", steal, INTF_MAX_CPUS, &n), -1);
	/* A CPU beyond the table is left out. */
	ck_assert_int_eq(intf_parse_stat("cpu9999 1 2 3 4 5 6 7 8\n", steal, INTF_MAX_CPUS, &n), -1);
}
END_TEST

START_TEST(test_psi)
{
	unsigned long long us = 0;

	ck_assert_int_eq(intf_parse_psi("some avg10=0.00 avg60=0.00 avg300=0.00 total=491489811\n"
					"full avg10=0.00 avg60=0.00 avg300=0.00 total=7\n", &us), 0);
	ck_assert_uint_eq(us, 491489811ULL);
	ck_assert_int_eq(intf_parse_psi("full avg10=0.00 total=7\n", &us), -1);
	ck_assert_int_eq(intf_parse_psi("some avg10=0.00\nfull total=7\n", &us), -1);
	ck_assert_int_eq(intf_parse_psi("some total=x\n", &us), -1);
}
END_TEST

START_TEST(test_cpustat_cgroup)
{
	unsigned long long nr = 0, us = 0;
	char cg[64];

	ck_assert_int_eq(intf_parse_cpustat("usage_usec 5\nnr_periods 9\nnr_throttled 3\n"
					    "throttled_usec 1500\nnr_bursts 0\n", &nr, &us), 0);
	ck_assert_uint_eq(nr, 3);
	ck_assert_uint_eq(us, 1500);
	/* cgroup v1's cpu.stat says throttled_time (ns): not this counter. */
	ck_assert_int_eq(intf_parse_cpustat("nr_throttled 3\nthrottled_time 9\n", &nr, &us), -1);
	ck_assert_int_eq(intf_parse_cgroup("4:memory:/x\n0::/user.slice/a\n", cg, sizeof(cg)), 0);
	ck_assert_str_eq(cg, "/user.slice/a");
	ck_assert_int_eq(intf_parse_cgroup("1:cpu:/\n", cg, sizeof(cg)), -1);
	ck_assert_int_eq(intf_parse_cgroup("0::/a/../../etc\n", cg, sizeof(cg)), -1);
	ck_assert_int_eq(intf_parse_cgroup("0::/gone (deleted)\n", cg, sizeof(cg)), -1);
}
END_TEST

/* The readers on fixture files; a missing tree leaves every counter out and says why. */
START_TEST(test_read_fixtures)
{
	struct intf_snap s;
	char why[512];

	ck_assert_uint_eq(intf_read(ROOT, &s, why, sizeof(why)), 0);
	ck_assert_str_eq(why, "");
	ck_assert_uint_eq(s.have, INTF_HAVE_STEAL | INTF_HAVE_PSI | INTF_HAVE_THROTTLE);
	ck_assert_int_eq(s.ncpu, 2);
	ck_assert_uint_eq(s.steal[1], 380);
	ck_assert_uint_eq(s.psi_some_us, 2500000);
	ck_assert_uint_eq(s.nr_throttled, 12);
	ck_assert_uint_eq(s.throttled_us, 600000);
	ck_assert_uint_eq(intf_read(ROOT "/nonexistent", &s, why, sizeof(why)),
			  INTF_HAVE_STEAL | INTF_HAVE_PSI | INTF_HAVE_THROTTLE);
	ck_assert_uint_eq(s.have, 0);
	ck_assert_ptr_nonnull(strstr(why, "CPU steal: /proc/stat: No such file"));
	ck_assert_ptr_nonnull(strstr(why, "CPU pressure: /proc/pressure/cpu"));
	ck_assert_ptr_nonnull(strstr(why, "cgroup throttling"));
	ck_assert_uint_eq(s.absent, 0);
	/* No cpu.stat in our cgroup (no cpu controller): a normal machine, not a fault. */
	ck_assert_uint_eq(intf_read("tests/data/interference-nocpuctl", &s, why, sizeof(why)),
			  INTF_HAVE_THROTTLE);
	ck_assert_uint_eq(s.absent, INTF_HAVE_THROTTLE);
	ck_assert_str_eq(why, "cgroup throttling: not available (no cpu controller in this cgroup)");
	ck_assert_uint_eq(s.have, INTF_HAVE_STEAL | INTF_HAVE_PSI);
}
END_TEST

/* The copies' counters; delay < 0: no schedstat. */
static const struct intf_copies *cps(unsigned copies, int have_ivcsw, unsigned long long ivcsw,
				     double delay)
{
	static struct intf_copies c;

	c.copies = copies;
	c.have_ivcsw = have_ivcsw;
	c.ivcsw = ivcsw;
	c.have_delay = delay >= 0;
	c.run_delay = delay >= 0 ? delay : 0;
	return &c;
}

static struct intf_snap snap(unsigned long long s0, unsigned long long s1,
			     unsigned long long psi, unsigned long long thr_us,
			     unsigned long long nthr)
{
	struct intf_snap s;

	memset(&s, 0, sizeof(s));
	s.have = INTF_HAVE_STEAL | INTF_HAVE_PSI | INTF_HAVE_THROTTLE;
	s.ncpu = 2;
	s.steal[0] = s0;
	s.steal[1] = s1;
	s.psi_some_us = psi;
	s.throttled_us = thr_us;
	s.nr_throttled = nthr;
	return s;
}

/*
 * Hand-worked: a 2 s sample on CPU 1 (HZ 100).  Steal 4 ticks = 0.04 s =
 * 2.0 % of 2 CPU-seconds... of one CPU's 2 s: flagged at exactly 2 %; 3
 * ticks (1.5 %) not.  Steal on CPU 0 is not this sample's.
 */
START_TEST(test_flags_steal)
{
	struct intf_snap a = snap(0, 0, 0, 0, 0), b = snap(500, 4, 0, 0, 0);
	struct intf_sample s;
	int cpu1 = 1;

	intf_diff(&a, &b, 2.0, &cpu1, 1, cps(1, 1, 0, -1), 2, 100, &s);
	ck_assert_uint_eq(s.ncpus, 1);
	ck_assert_double_eq_tol(s.steal, 0.04, 1e-12);
	ck_assert_uint_eq(s.flags, INTF_STEAL);
	b.steal[1] = 3;
	intf_diff(&a, &b, 2.0, &cpu1, 1, cps(1, 1, 0, -1), 2, 100, &s);
	ck_assert_uint_eq(s.flags, 0);
	/* All CPUs (no placement known): 503 ticks over 4 CPU-seconds. */
	intf_diff(&a, &b, 2.0, NULL, 0, cps(1, 1, 0, -1), 2, 100, &s);
	ck_assert_uint_eq(s.ncpus, 2);
	ck_assert_uint_eq(s.flags, INTF_STEAL);
}
END_TEST

/*
 * Contended, from schedstat: 2 s, 2 copies: the copies waited >= 0.2 s
 * (5 % of 4 copy-seconds, the share bench/intf-calibrate.sh measured a
 * sample to lose); PSI and the switches do not matter then.
 */
START_TEST(test_flags_delay)
{
	struct intf_snap a = snap(0, 0, 0, 0, 0), b = snap(0, 0, 0, 0, 0);
	struct intf_sample s;

	intf_diff(&a, &b, 2.0, NULL, 0, cps(2, 1, 0, 0.2), 2, 100, &s);
	ck_assert_uint_eq(s.flags, INTF_CONTENDED);
	ck_assert_uint_eq(s.have & INTF_HAVE_DELAY, INTF_HAVE_DELAY);
	intf_diff(&a, &b, 2.0, NULL, 0, cps(2, 1, 100000, 0.199), 2, 100, &s);
	ck_assert_uint_eq(s.flags, 0);
	/* Three copies on two CPUs wait for each other: not interference. */
	intf_diff(&a, &b, 2.0, NULL, 0, cps(3, 1, 0, 3.0), 2, 100, &s);
	ck_assert_uint_eq(s.flags, 0);
}
END_TEST

/*
 * Context switching's copies are two processes each (the table's procs):
 * two copies on two CPUs fill four process slots, so a copy waits for its
 * own partner, and that wait (here 26 % of the copy-seconds, as a quiet
 * 2-CPU guest measured) is the test, not interference.  One copy still
 * fits, and the tests of one process per copy keep every CPU.
 */
START_TEST(test_flags_own_processes)
{
	const struct test_def *ctx = test_find("context1"), *pipe = test_find("pipe");
	struct intf_snap a = snap(0, 0, 0, 0, 0), b = snap(0, 0, 0, 0, 0);
	struct intf_sample s;

	ck_assert_uint_eq(test_copy_slots(ctx, 2), 1);
	ck_assert_uint_eq(test_copy_slots(ctx, 1), 1);
	ck_assert_uint_eq(test_copy_slots(ctx, 8), 4);
	ck_assert_uint_eq(test_copy_slots(pipe, 2), 2);
	intf_diff(&a, &b, 2.0, NULL, 0, cps(2, 1, 0, 1.048), test_copy_slots(ctx, 2), 100, &s);
	ck_assert_uint_eq(s.flags, 0);
	intf_diff(&a, &b, 2.0, NULL, 0, cps(1, 1, 0, 0.5), test_copy_slots(ctx, 2), 100, &s);
	ck_assert_uint_eq(s.flags, INTF_CONTENDED);
	intf_diff(&a, &b, 2.0, NULL, 0, cps(2, 1, 0, 1.048), test_copy_slots(pipe, 2), 100, &s);
	ck_assert_uint_eq(s.flags, INTF_CONTENDED);
}
END_TEST

/*
 * Contended without schedstat: 2 s, 1 copy: needs >= 40 involuntary switches (20/s) and PSI
 * some >= 0.2 s (10 %).  Copies beyond the CPUs: never (they compete with
 * each other by design).  Without PSI the fallback cannot tell (the
 * methodology's rule needs both): no flag, however many switches.
 */
START_TEST(test_flags_contended)
{
	struct intf_snap a = snap(0, 0, 0, 0, 0), b = snap(0, 0, 200000, 0, 0);
	struct intf_sample s;

	intf_diff(&a, &b, 2.0, NULL, 0, cps(1, 1, 40, -1), 2, 100, &s);
	ck_assert_uint_eq(s.flags, INTF_CONTENDED);
	intf_diff(&a, &b, 2.0, NULL, 0, cps(1, 1, 39, -1), 2, 100, &s);
	ck_assert_uint_eq(s.flags, 0);
	b.psi_some_us = 199999;
	intf_diff(&a, &b, 2.0, NULL, 0, cps(1, 1, 1000, -1), 2, 100, &s);
	ck_assert_uint_eq(s.flags, 0);
	b.psi_some_us = 2000000;
	intf_diff(&a, &b, 2.0, NULL, 0, cps(4, 1, 1000, -1), 2, 100, &s);
	ck_assert_uint_eq(s.flags, 0);
	/* ivcsw unknown (a copy killed): no contended flag. */
	intf_diff(&a, &b, 2.0, NULL, 0, cps(1, 0, 1000, -1), 2, 100, &s);
	ck_assert_uint_eq(s.flags, 0);
	ck_assert_uint_eq(s.have & INTF_HAVE_IVCSW, 0);
	a.have = b.have = INTF_HAVE_STEAL;
	intf_diff(&a, &b, 2.0, NULL, 0, cps(1, 1, 40, -1), 2, 100, &s);
	ck_assert_uint_eq(s.flags, 0);
	intf_diff(&a, &b, 2.0, NULL, 0, cps(1, 1, 100000, -1), 2, 100, &s);
	ck_assert_uint_eq(s.flags, 0);
}
END_TEST

/* Throttled: 2 s needs >= 20 ms throttled (1 %) and at least one throttled period. */
START_TEST(test_flags_throttled)
{
	struct intf_snap a = snap(0, 0, 0, 1000, 5), b = snap(0, 0, 0, 21000, 6);
	struct intf_sample s;
	char names[40];

	intf_diff(&a, &b, 2.0, NULL, 0, cps(1, 1, 0, -1), 2, 100, &s);
	ck_assert_double_eq_tol(s.throttled, 0.02, 1e-12);
	ck_assert_uint_eq(s.flags, INTF_THROTTLED);
	b.throttled_us = 20999;
	intf_diff(&a, &b, 2.0, NULL, 0, cps(1, 1, 0, -1), 2, 100, &s);
	ck_assert_uint_eq(s.flags, 0);
	/* A counter that went back (cgroup moved) counts as nothing. */
	b.throttled_us = 0;
	intf_diff(&a, &b, 2.0, NULL, 0, cps(1, 1, 0, -1), 2, 100, &s);
	ck_assert_double_eq(s.throttled, 0);
	ck_assert_str_eq(intf_flag_names(INTF_STEAL | INTF_THROTTLED, names, sizeof(names)),
			 "steal,throttled");
	ck_assert_str_eq(intf_flag_names(0, names, sizeof(names)), "");
}
END_TEST

/*
 * A sliced round's interference in three shares (one per directory): each
 * 1/3 of every amount, the counts' remainders to the first (10 switches:
 * 4, 3, 3), the flags kept; summed, the shares are the round.  Before,
 * sliced samples carried no interference at all (null in the JSON), so a
 * paired run could never say it was disturbed.
 */
START_TEST(test_share)
{
	const struct intf_sample all = { .have = INTF_HAVE_STEAL | INTF_HAVE_IVCSW,
					 .flags = INTF_STEAL, .wall = 6, .ncpus = 2,
					 .steal = 1.5, .ivcsw = 10, .copies = 1, .nr_throttled = 2 };
	struct intf_sample sh[3];
	struct intf_total t = { 0 }, whole = { 0 };

	for (size_t i = 0; i < 3; i++) {
		intf_share(&all, i, 3, &sh[i]);
		ck_assert_uint_eq(sh[i].flags, INTF_STEAL);
		ck_assert_double_eq_tol(sh[i].wall, 2, 1e-12);
		ck_assert_double_eq_tol(sh[i].steal, 0.5, 1e-12);
		intf_add(&t, &sh[i]);
	}
	ck_assert_uint_eq(sh[0].ivcsw, 4);
	ck_assert_uint_eq(sh[1].ivcsw, 3);
	ck_assert_uint_eq(sh[2].ivcsw, 3);
	ck_assert_uint_eq(sh[0].nr_throttled + sh[1].nr_throttled + sh[2].nr_throttled, 2);
	intf_add(&whole, &all);
	ck_assert_double_eq_tol(t.wall, whole.wall, 1e-12);
	ck_assert_double_eq_tol(t.cpu_time, whole.cpu_time, 1e-12);
	ck_assert_uint_eq(t.ivcsw, whole.ivcsw);
	ck_assert_uint_eq(t.flagged[0], 3);
	/* One share: the sample itself. */
	intf_share(&all, 0, 1, &sh[0]);
	ck_assert_double_eq_tol(sh[0].wall, 6, 1e-12);
}
END_TEST

/*
 * The header line over two 2 s samples of one copy on one CPU: steal 0.02
 * and 0.06 s of 4 CPU-seconds = 2.0 %; pressure 1 s of 4 s = 25 %; 300
 * switches over 4 copy-seconds = 75 per copy-second; wait 0.4 s = 10 %; one
 * sample flagged steal and contended.  A run without counters has no line.
 */
START_TEST(test_header_line)
{
	struct pass_result ps[2];
	struct bench_result b;
	struct copy_run run;
	struct run_result r;
	char line[600];

	memset(ps, 0, sizeof(ps));
	memset(&b, 0, sizeof(b));
	memset(&run, 0, sizeof(run));
	memset(&r, 0, sizeof(r));
	b.passes = ps;
	b.npasses = 2;
	run.tests = &b;
	run.ntests = 1;
	r.runs = &run;
	r.nruns = 1;
	ck_assert_int_eq(report_intf_line(&r, line, sizeof(line)), -1);
	ck_assert_str_eq(line, "");
	for (int i = 0; i < 2; i++) {
		ps[i].intf.have = INTF_HAVE_STEAL | INTF_HAVE_PSI | INTF_HAVE_IVCSW | INTF_HAVE_DELAY;
		ps[i].intf.wall = 2;
		ps[i].intf.ncpus = 1;
		ps[i].intf.copies = 1;
		ps[i].intf.ivcsw = 150;
		ps[i].intf.psi_some = 0.5;
	}
	ps[0].intf.steal = 0.02;
	ps[1].intf.steal = 0.06;
	ps[1].intf.run_delay = 0.4;
	ps[1].intf.flags = INTF_STEAL | INTF_CONTENDED;
	ck_assert_int_eq(report_intf_line(&r, line, sizeof(line)), 0);
	ck_assert_str_eq(line, "CPU steal during the run: 2.0 % of CPU time; "
			 "CPU pressure: 25.0 % of the time; involuntary switches: 75 per copy-second; "
			 "copies waited for a CPU: 10.0 % of their time; "
			 "disturbed samples: 1 of 2 (steal 1, contended 1, throttled 0)");
	/*
	 * --exclude-disturbed: the result is shown without and with the
	 * flagged sample; a paired run says the directory can be the cause.
	 */
	r.exclude_disturbed = 1;
	b.def = test_find("dhry2reg");
	b.excluded = 1;
	b.score = 1000;
	b.score_all = 990;
	ck_assert_int_eq(report_intf_line(&r, line, sizeof(line)), 0);
	ck_assert(strstr(line, "; left out of the statistics (--exclude-disturbed): 1; "
			 "Dhrystone 2 using register variables: 1000.0 without the 1 flagged, "
			 "990.0 with them") != NULL);
	ck_assert(strstr(line, "directory itself") == NULL);
	/* What does not fit whole is counted, never cut. */
	ck_assert_int_eq(report_intf_line(&r, line, 340), 0);
	ck_assert(strstr(line, "Dhrystone") == NULL);
	ck_assert(strstr(line, "; 1 more test with and without them in the JSON") != NULL);
	r.ndirs = 2;
	ck_assert_int_eq(report_intf_line(&r, line, sizeof(line)), 0);
	ck_assert(strstr(line, "in paired mode a flag can come from the directory itself") != NULL);
}
END_TEST

Suite *suite_interference(void)
{
	Suite *s = suite_create("interference");
	TCase *tc = tcase_create("readers");

	tcase_add_test(tc, test_stat_steal);
	tcase_add_test(tc, test_psi);
	tcase_add_test(tc, test_cpustat_cgroup);
	tcase_add_test(tc, test_read_fixtures);
	tcase_add_test(tc, test_flags_steal);
	tcase_add_test(tc, test_flags_delay);
	tcase_add_test(tc, test_flags_contended);
	tcase_add_test(tc, test_flags_own_processes);
	tcase_add_test(tc, test_flags_throttled);
	tcase_add_test(tc, test_header_line);
	tcase_add_test(tc, test_share);
	suite_add_tcase(s, tc);
	return s;
}
