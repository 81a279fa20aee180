/*
 * test_hoststate.c: the host-state rows (sysinfo/hoststate.c) and the CPU
 * limits (sysinfo/cpulimits.c), each reader on fixture trees of /proc and
 * /sys (tests/data/hoststate/, tests/data/cpulimits/), the header lines
 * every writer prints (report_host.c), and the text reader's host-state
 * lines (reader/textparse_host.c).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reader/textparse.h"
#include "report/report.h"
#include "sysinfo/cpulimits.h"
#include "sysinfo/hoststate.h"

#define HS "tests/data/hoststate/"
#define CL "tests/data/cpulimits/"

START_TEST(test_state_full)
{
	struct host_state hs;
	char missing[256];

	hoststate_read(HS "full", &hs);
	for (int i = 0; i < HS_COUNT; i++)
		ck_assert_msg(hs.have[i], "%s not read", hoststate_rows[i].name);
	/* policy10 sorts after policy2; one policy of four differs. */
	ck_assert_str_eq(hs.value[HS_GOVERNOR],
			 "performance (3 of 4 policies), powersave (1 of 4)");
	ck_assert_str_eq(hs.value[HS_EPP], "balance_performance");
	ck_assert_str_eq(hs.value[HS_BOOST], "on (cpufreq boost)");
	ck_assert_str_eq(hs.value[HS_SMT], "on (active)");
	ck_assert_str_eq(hs.value[HS_MITIGATIONS],
			 "2 vulnerable (mds, srbds), 1 unknown (gather_data_sampling), "
			 "3 mitigated, 1 not affected");
	ck_assert_str_eq(hs.value[HS_MICROCODE], "0xf0 (3 of 4 CPUs), 0xf4 (1 of 4)");
	ck_assert_str_eq(hs.value[HS_THP], "madvise");
	ck_assert_str_eq(hs.value[HS_NUMA], "0-1 (2 nodes)");
	ck_assert_str_eq(hs.value[HS_CLOCKSOURCE], "tsc");
	/* Hostile text: the ESC is replaced, the markup kept for the writers to escape. */
	ck_assert_ptr_null(strchr(hs.value[HS_CMDLINE], '\033'));
	ck_assert_ptr_nonnull(strstr(hs.value[HS_CMDLINE], "<script>alert(1)</script>"));
	ck_assert_ptr_nonnull(strstr(hs.value[HS_CMDLINE], "?[31mred"));
	hoststate_missing(&hs, missing, sizeof(missing));
	ck_assert_str_eq(missing, "");
}
END_TEST

START_TEST(test_state_intel_and_missing)
{
	struct host_state hs;
	char missing[256];

	hoststate_read(HS "intel", &hs);
	ck_assert_str_eq(hs.value[HS_BOOST], "off (intel_pstate no_turbo 1)");
	ck_assert_str_eq(hs.value[HS_SMT], "inactive");
	ck_assert_str_eq(hs.value[HS_CMDLINE], "(empty)");
	ck_assert(!hs.have[HS_MICROCODE]);      /* cpuinfo without a microcode line */
	hoststate_missing(&hs, missing, sizeof(missing));
	ck_assert_str_eq(missing, "governor, energy_performance_preference, mitigations, "
			 "microcode, transparent_hugepages, numa_nodes, clocksource");
	hoststate_read(HS "empty", &hs);
	hoststate_missing(&hs, missing, sizeof(missing));
	ck_assert_str_eq(missing, "governor, energy_performance_preference, boost, smt, "
			 "mitigations, microcode, transparent_hugepages, numa_nodes, "
			 "clocksource, kernel_cmdline");
	for (int i = 0; i < HS_COUNT; i++)
		ck_assert_str_eq(hs.value[i], "");
}
END_TEST

START_TEST(test_cpulist)
{
	ck_assert_int_eq(cpulist_count("0"), 1);
	ck_assert_int_eq(cpulist_count("0-3,8,10-11\n"), 7);
	ck_assert_int_eq(cpulist_count(""), 0);
	ck_assert_int_eq(cpulist_count("3-1"), -1);
	ck_assert_int_eq(cpulist_count("0-"), -1);
	ck_assert_int_eq(cpulist_count("a"), -1);
	ck_assert_int_eq(cpulist_count("1,,2"), -1);
	ck_assert_int_eq(cpulist_count("0-99999999999"), -1);
}
END_TEST

START_TEST(test_limits_quota)
{
	struct cpu_limits l;

	/* The smallest quota of the path's levels (a: 1.5) rounded up; the leaf's cpuset. */
	cpulimits_read(CL "quota", 64, 64, &l);
	ck_assert_double_eq_tol(l.quota, 1.5, 1e-9);
	ck_assert_str_eq(l.cpuset, "0-63");
	ck_assert_uint_eq(l.cpuset_n, 64);
	ck_assert_uint_eq(l.usable, 2);
	ck_assert_int_eq(l.by, CL_QUOTA);
	/* Affinity below the quota decides. */
	cpulimits_read(CL "quota", 64, 1, &l);
	ck_assert_uint_eq(l.usable, 1);
	ck_assert_int_eq(l.by, CL_AFFINITY);
}
END_TEST

START_TEST(test_limits_cpuset_and_none)
{
	struct cpu_limits l;

	/* The leaf has no cpuset file: the nearest one up (the root's) counts. */
	cpulimits_read(CL "cpuset", 16, 16, &l);
	ck_assert_str_eq(l.cpuset, "2-3,8");
	ck_assert_uint_eq(l.usable, 3);
	ck_assert_int_eq(l.by, CL_CPUSET);
	ck_assert(l.quota == 0);
	/* cgroup v1 files that are not there: the online CPUs and affinity decide. */
	cpulimits_read(CL "v1", 8, 8, &l);
	ck_assert_uint_eq(l.usable, 8);
	ck_assert_int_eq(l.by, CL_ONLINE);
	ck_assert_str_eq(l.cpuset, "");
	/* cgroup v1 (docker on an older host): cfs quota 2.5 CPUs, cpuset 0-5. */
	cpulimits_read(CL "v1quota", 64, 64, &l);
	ck_assert_double_eq_tol(l.quota, 2.5, 1e-9);
	ck_assert_str_eq(l.cpuset, "0-5");
	ck_assert_uint_eq(l.usable, 3);
	ck_assert_int_eq(l.by, CL_QUOTA);
	/* Nothing readable at all. */
	cpulimits_read(CL "no-such-root", 4, 0, &l);
	ck_assert_uint_eq(l.usable, 4);
	/* Malformed files are ignored, not believed. */
	cpulimits_read(CL "bad", 4, 4, &l);
	ck_assert_uint_eq(l.usable, 4);
	ck_assert(l.quota == 0);
	ck_assert_uint_eq(l.cpuset_n, 0);
}
END_TEST

START_TEST(test_limits_container_root)
{
	struct cpu_limits l;

	/* /proc/self/cgroup names the host's path, which the container's
	 * /sys/fs/cgroup does not hold: the walk reaches its root, whose quota
	 * of half a CPU still gives one copy. */
	cpulimits_read(CL "nons", 64, 64, &l);
	ck_assert_double_eq_tol(l.quota, 0.5, 1e-9);
	ck_assert_uint_eq(l.usable, 1);
	ck_assert_int_eq(l.by, CL_QUOTA);
}
END_TEST

START_TEST(test_header_lines)
{
	struct run_result *r = calloc(1, sizeof(*r));
	struct report_hline hl[REPORT_HLINES_MAX];
	size_t n;

	ck_assert_ptr_nonnull(r);
	cpulimits_read(CL "quota", 64, 64, &r->sys.limits);
	hoststate_read(HS "intel", &r->sys.state);
	/* -c given: no "Copies chosen" line. */
	n = report_host_lines(r, hl, REPORT_HLINES_MAX);
	ck_assert_str_eq(hl[0].label, "CPU limits");
	ck_assert_str_eq(hl[0].value, "64 online; affinity 64; cpuset 0-63 (64 CPUs); "
			 "cpu.max quota 1.5 CPUs; usable 2");
	ck_assert_str_ne(hl[1].label, REPORT_COPIES_WHY);
	r->sys.limits.defaulted = 1;
	n = report_host_lines(r, hl, REPORT_HLINES_MAX);
	ck_assert_str_eq(hl[1].label, "Copies chosen");
	ck_assert_str_eq(hl[1].value, "2 copies: cpu.max quota 1.5 CPUs of 64 online");
	ck_assert_str_eq(hl[2].label, "Boost");
	ck_assert_str_eq(hl[n - 1].label, "Not readable here");
	ck_assert_ptr_nonnull(strstr(hl[n - 1].value, "governor"));
	ck_assert_uint_eq(n, 2 + 3 + 1);
	/* A quota under 0.05 CPU: its figure, not "0.0 CPUs" (issue 50). */
	r->sys.limits.quota = 0.02;
	n = report_host_lines(r, hl, REPORT_HLINES_MAX);
	ck_assert_str_eq(hl[0].value, "64 online; affinity 64; cpuset 0-63 (64 CPUs); "
			 "cpu.max quota 0.02 CPUs; usable 2");
	ck_assert_str_eq(hl[1].value, "2 copies: cpu.max quota 0.02 CPUs of 64 online");
	r->sys.limits.quota = 0.0049;
	n = report_host_lines(r, hl, REPORT_HLINES_MAX);
	ck_assert_str_eq(hl[1].value, "2 copies: cpu.max quota 0.0049 CPUs of 64 online");
	r->sys.limits.quota = 1;
	n = report_host_lines(r, hl, REPORT_HLINES_MAX);
	ck_assert_str_eq(hl[1].value, "2 copies: cpu.max quota 1.0 CPU of 64 online");
	free(r);
}
END_TEST

START_TEST(test_reader_lines)
{
	static const char rep[] =
		"   BYTE UNIX Benchmarks (Version 6.0.0; sysindex 0.1.0)\n\n"
		"   System: h: GNU/Linux\n"
		"   CPU limits: 2 online; affinity 2; no cpu.max quota; usable 2\n"
		"   CPU frequency governor: performance\n"
		"   Kernel command line: quiet x: y BYTE UNIX Benchmarks (Version 9)"
		" 64 CPUs in system; running 64 parallel copies of tests\n"
		"   Not readable here: boost\n"
		"------------------------------------------------------------------------\n"
		"Benchmark Run: Mon Dec 07 2026 02:46:45 - 02:46:46\n"
		"2 CPUs in system; running 1 parallel copy of tests\n\n"
		"System Call Overhead                         372778.5 lps   (1.0 s, 1 samples)\n"
		"SMT: off\n";
	struct tp_doc doc;
	char err[256];

	ck_assert_int_eq(tp_parse_buffer("x", rep, sizeof(rep) - 1, &doc, err, sizeof(err)), 0);
	ck_assert_uint_eq(doc.nreports, 1);
	ck_assert_str_eq(doc.reports[0].cpu_limits,
			 "2 online; affinity 2; no cpu.max quota; usable 2");
	ck_assert(doc.reports[0].have_state[HS_GOVERNOR]);
	ck_assert_str_eq(doc.reports[0].state[HS_GOVERNOR], "performance");
	/* Its text is the value, not a title or a copies line. */
	ck_assert_str_eq(doc.reports[0].state[HS_CMDLINE], "quiet x: y BYTE UNIX Benchmarks "
			 "(Version 9) 64 CPUs in system; running 64 parallel copies of tests");
	ck_assert_uint_eq(doc.reports[0].nblocks, 1);
	ck_assert_uint_eq(doc.reports[0].blocks[0].copies, 1);
	ck_assert_str_eq(doc.reports[0].version, "6.0.0");
	/* After the results a label is not the header's. */
	ck_assert(!doc.reports[0].have_state[HS_SMT]);
	ck_assert(!doc.reports[0].have_state[HS_BOOST]);
	tp_doc_free(&doc);
}
END_TEST

Suite *suite_hoststate(void)
{
	Suite *s = suite_create("hoststate");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_state_full);
	tcase_add_test(tc, test_state_intel_and_missing);
	tcase_add_test(tc, test_cpulist);
	tcase_add_test(tc, test_limits_quota);
	tcase_add_test(tc, test_limits_cpuset_and_none);
	tcase_add_test(tc, test_limits_container_root);
	tcase_add_test(tc, test_header_lines);
	tcase_add_test(tc, test_reader_lines);
	suite_add_tcase(s, tc);
	return s;
}
