/*
 * test_report_text.c: the text report writer line by line, beyond the golden
 * file: the header as UnixBench prints it (and sysindex's lines after it),
 * full and partial index tables, failed, skipped, unavailable and not-run
 * rows, a category with results but no index, and the disk metric lines.
 * Each case builds its own small run; expected lines are UnixBench's format
 * strings worked by hand.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "score/score.h"

#define MAXT 48

struct fixture {
	struct run_result r;
	struct copy_run run;
	struct bench_result tests[MAXT];
	struct cpu_info cpus[2];
};

static struct fixture *fixture_new(void)
{
	struct fixture *f = calloc(1, sizeof(*f));
	struct sys_info *si;

	ck_assert_ptr_nonnull(f);
	setenv("TZ", "UTC", 1);
	tzset();
	si = &f->r.sys;
	snprintf(f->r.version, sizeof(f->r.version), "9.9.9");
	snprintf(f->r.mode, sizeof(f->r.mode), "default");
	snprintf(si->hostname, sizeof(si->hostname), "box");
	snprintf(si->os, sizeof(si->os), "GNU/Linux");
	snprintf(si->system, sizeof(si->system), "openSUSE 10.2 (i586)");
	snprintf(si->os_release, sizeof(si->os_release), "6.1.0");
	snprintf(si->os_version, sizeof(si->os_version), "#1 SMP");
	snprintf(si->machine, sizeof(si->machine), "aarch64");
	snprintf(si->platform, sizeof(si->platform), "unknown");
	snprintf(si->language, sizeof(si->language),
		 "en_US.utf8 (charmap=\"ANSI_X3.4-1968\", collate=\"ANSI_X3.4-1968\")");
	snprintf(si->uptime, sizeof(si->uptime),
		 "10:00:00 up 1 day,  0 user,  load average: 0.00, 0.01, 0.05; runlevel 2026-11-29");
	snprintf(si->cc_version, sizeof(si->cc_version), "cc 1");
	snprintf(si->bench_cflags, sizeof(si->bench_cflags), "-O3");
	si->ncpus = 2;
	f->r.runs = &f->run;
	f->r.nruns = 1;
	f->run.copies = 1;
	f->run.start = 1767225600;      /* 2026-01-01 00:00:00 UTC */
	f->run.end = 1767225600 + 61;
	f->run.tests = f->tests;
	return f;
}

/* A test with a result: score and time as given, its index from the baseline. */
static struct bench_result *add(struct fixture *f, const char *name, enum test_status st,
				double score, const char *reason)
{
	struct bench_result *t = &f->tests[f->run.ntests++];

	ck_assert_uint_le(f->run.ntests, MAXT);
	t->def = test_find(name);
	ck_assert_msg(t->def != NULL, "no test %s", name);
	t->status = st;
	t->shared_cpu = -1;
	if (reason != NULL)
		snprintf(t->reason, sizeof(t->reason), "%s", reason);
	if (st == TS_OK) {
		t->score = score;
		t->time = t->def->seconds;
		t->kept = 2;
		t->stats.n = 3;
		t->stats.mean = score;
		t->stats.sd = score / 100;
		t->stats.ci_half = score / 50;
		t->stats.cv = 0.01;
		if (t->def->baseline > 0)
			t->index = 10 * score / t->def->baseline;
	}
	return t;
}

static char *render(struct fixture *f)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(out);
	score_run(&f->run);
	ck_assert_int_eq(report_text(out, &f->r), 0);
	ck_assert_int_eq(fclose(out), 0);
	return buf;
}

/* The whole line 'line' is in text (not just a substring of a line). */
static int has_line(const char *text, const char *line)
{
	size_t n = strlen(line);

	for (const char *p = text; (p = strstr(p, line)) != NULL; p++)
		if ((p == text || p[-1] == '\n') && (p[n] == '\n' || p[n] == '\0'))
			return 1;
	return 0;
}

#define ck_line(text, line) ck_assert_msg(has_line(text, line), "no line '%s' in:\n%s", line, text)
#define ck_no_line(text, line) ck_assert_msg(!has_line(text, line), "line '%s' in:\n%s", line, text)

static const char *after(const char *text, const char *line)
{
	const char *p = strstr(text, line);

	ck_assert_msg(p != NULL, "no '%s'", line);
	return p;
}

/* UnixBench's header lines in its order, then sysindex's. */
static const char header_want[] =
	"   BYTE UNIX Benchmarks (Version 6.0.0; sysindex 9.9.9)\n\n"
	"   System: box: openSUSE 10.2 (i586)\n"
	"   OS: GNU/Linux -- 6.1.0 -- #1 SMP\n"
	"   Machine: aarch64 (unknown)\n"
	"   Language: en_US.utf8 (charmap=\"ANSI_X3.4-1968\", collate=\"ANSI_X3.4-1968\")\n"
	"   CPU 0: ARM Neoverse-N1 (50.0 bogomips)\n"
	"          CPU Features: fp asimd\n"
	"   10:00:00 up 1 day,  0 user,  load average: 0.00, 0.01, 0.05; runlevel 2026-11-29\n"
	"   Distribution: Debian GNU/Linux 12\n"
	"   Compiler: cc 1; test programs built with -O3\n"
	"   Mode: default\n"
	"   Host identity: id unknown, virt unknown\n"
	"   Workload: UnixBench 6.0\n\n";

START_TEST(header_unixbench_lines)
{
	struct fixture *f = fixture_new();
	char *text;

	snprintf(f->cpus[0].model, sizeof(f->cpus[0].model), "ARM Neoverse-N1");
	f->cpus[0].bogomips = 50;
	snprintf(f->cpus[0].flags, sizeof(f->cpus[0].flags), "CPU Features: fp asimd");
	f->r.sys.cpus = f->cpus;
	f->r.sys.ncpu_info = 1;
	snprintf(f->r.sys.distribution, sizeof(f->r.sys.distribution), "Debian GNU/Linux 12");
	add(f, "pipe", TS_OK, 12440, NULL);
	text = render(f);
	/* The system name (a release file) apart from the OS (uname -o). */
	ck_assert_msg(strncmp(text, header_want, strlen(header_want)) == 0, "header:\n%s", text);
	ck_no_line(text, "   CPU: no details available");
	free(text);
	/* Nothing known about the CPUs: said so; with -b (brief) nothing at all.
	 * No distribution: no line. */
	f->r.sys.ncpu_info = 0;
	f->r.sys.distribution[0] = '\0';
	text = render(f);
	ck_assert_ptr_nonnull(strstr(text, "   Language: en_US.utf8 (charmap=\"ANSI_X3.4-1968\", "
				     "collate=\"ANSI_X3.4-1968\")\n   CPU: no details available\n"
				     "   10:00:00 up"));
	ck_assert_ptr_null(strstr(text, "Distribution:"));
	free(text);
	f->r.sys.brief = 1;
	text = render(f);
	ck_assert_ptr_nonnull(strstr(text, "collate=\"ANSI_X3.4-1968\")\n   10:00:00 up"));
	free(text);
	free(f);
}
END_TEST

START_TEST(partial_index)
{
	struct fixture *f = fixture_new();
	char *text;

	add(f, "dhry2reg", TS_OK, 11670000, NULL);      /* index 1000 */
	add(f, "pipe", TS_OK, 311000, NULL);            /* index 250 */
	text = render(f);
	ck_line(text, "Dhrystone 2 using register variables       11670000.0 lps   (10.0 s, 2 samples)");
	ck_line(text, "Pipe Throughput                              311000.0 lps   (10.0 s, 2 samples)");
	ck_line(text, "System Benchmarks Partial Index              BASELINE       RESULT    INDEX");
	ck_line(text, "Dhrystone 2 using register variables         116700.0   11670000.0   1000.0");
	ck_line(text, "Pipe Throughput                               12440.0     311000.0    250.0");
	ck_line(text, "                                                                   ========");
	/* sqrt(1000 x 250) */
	ck_line(text, "System Benchmarks Index Score (Partial Only)                          500.0");
	ck_no_line(text, "System Benchmarks Index Values               BASELINE       RESULT    INDEX");
	free(text);
	free(f);
}
END_TEST

START_TEST(full_index)
{
	struct fixture *f = fixture_new();
	size_t n = 0;
	char *text;

	/* Every indexed test at 10x its baseline: index 100 each, score 100. */
	for (size_t i = 0; i < test_table_len; i++)
		if (test_table[i].groups & G_INDEX) {
			add(f, test_table[i].name, TS_OK, 10 * test_table[i].baseline, NULL);
			n++;
		}
	ck_assert_uint_eq(n, 12);
	text = render(f);
	ck_line(text, "System Benchmarks Index Values               BASELINE       RESULT    INDEX");
	ck_line(text, "System Benchmarks Index Score                                         100.0");
	ck_line(text, "Process Creation                                126.0       1260.0    100.0");
	ck_assert_ptr_null(strstr(text, "Partial"));
	free(text);
	free(f);
}
END_TEST

START_TEST(rows_without_results)
{
	struct fixture *f = fixture_new();
	const char *table, *stats;
	char *text;

	add(f, "pipe", TS_OK, 124400, NULL);
	add(f, "execl", TS_FAILED, 0, "exit status 1: cannot exec");
	add(f, "dc", TS_SKIPPED, 0, "dc is not installed");
	add(f, "spawn", TS_UNAVAILABLE, 0, "program pgms/spawn is not built (run make)");
	add(f, "syscall", TS_NOT_RUN, 0, "interrupted");
	text = render(f);
	/* "%-40s %12s %-5s (%s)", sorted by title with the results. */
	ck_assert_msg(strstr(text,
		"Dc: sqrt(2) to 99 decimal places              SKIPPED lpm   (dc is not installed)\n"
		"Execl Throughput                               FAILED lps   (exit status 1: cannot exec)\n"
		"Pipe Throughput                              124400.0 lps   (10.0 s, 2 samples)\n"
		"Process Creation                                  N/A lps   (program pgms/spawn is not built (run make))\n"
		"System Call Overhead                          NOT RUN lps   (interrupted)\n") != NULL,
		"%s", text);
	/* Only the result is indexed, and only it has statistics. */
	table = after(text, "System Benchmarks Partial Index");
	stats = after(text, "Statistics (every sample's rate)");
	ck_assert_ptr_null(strstr(table, "Execl Throughput  "));
	ck_assert_ptr_null(strstr(table, "Process Creation  "));
	ck_assert_ptr_nonnull(strstr(stats, "Pipe Throughput                            3"));
	ck_assert_ptr_null(strstr(stats, "Dc:"));
	/* The misc category ran nothing that has a result: no table for it. */
	ck_assert_ptr_null(strstr(text, "Non-Index Benchmarks"));
	free(text);
	free(f);
}
END_TEST

START_TEST(category_without_index)
{
	struct fixture *f = fixture_new();
	char *text;

	/* hanoi has no baseline; misc has some (grep, sysexec): UnixBench's line. */
	add(f, "hanoi", TS_OK, 5000, NULL);
	text = render(f);
	ck_line(text, "No index results available for Non-Index Benchmarks");
	ck_assert_ptr_null(strstr(text, "BASELINE"));
	free(text);
	/* With sysexec (baseline 25): a partial misc table; hanoi shows "---". */
	add(f, "sysexec", TS_OK, 2500, NULL);
	text = render(f);
	ck_line(text, "Non-Index Benchmarks Partial Index           BASELINE       RESULT    INDEX");
	ck_line(text, "Exec System Call Overhead                        25.0       2500.0   1000.0");
	ck_line(text, "Recursion Test -- Tower of Hanoi                  ---       5000.0      ---");
	ck_line(text, "Non-Index Benchmarks Index Score (Partial Only)                      1000.0");
	ck_assert_ptr_null(strstr(text, "No index results"));
	free(text);
	free(f);
}
END_TEST

static void metric(struct bench_result *t, const char *name, double v, const char *unit)
{
	struct metric *m = &t->metrics[t->nmetrics++];

	snprintf(m->name, sizeof(m->name), "%s", name);
	snprintf(m->unit, sizeof(m->unit), "%s", unit);
	m->value = v;
}

START_TEST(disk_metric_lines)
{
	struct fixture *f = fixture_new();
	struct bench_result *t;
	char *text;

	t = add(f, "randread-4k-qd1", TS_OK, 2500, NULL);
	snprintf(t->note, sizeof(t->note), "direct");
	/* Numbers: >= 100 whole, >= 1 two decimals, below 1 three digits;
	 * bytes in binary units. */
	metric(t, "iops", 2500.4, "IOPS");
	metric(t, "lat_p50", 5.5, "us");
	metric(t, "lat_min", 0.01234, "ms");
	metric(t, "written", 1610612736, "B");
	metric(t, "lat_p99", 123.6, "us");
	metric(t, "lat_p999", 456.2, "us");
	metric(t, "lat_max", 7890.1, "us");
	/* Not a disk test: its metrics are not printed. */
	t = add(f, "pipe", TS_OK, 124400, NULL);
	metric(t, "cpu_user", 0.5, "s");
	text = render(f);
	/* The first item follows "; " on a new indented line, then they wrap so
	 * that no line passes 78 columns. */
	ck_assert_msg(strstr(text,
		"Random Read 4 KiB QD1                          2500.0 IOPS  (10.0 s, 2 samples) [direct]\n"
		"      iops 2500 IOPS; lat_p50 5.50 us; lat_min 0.0123 ms; written 1.5 GiB\n"
		"      lat_p99 124 us; lat_p999 456 us; lat_max 7890 us\n") != NULL, "%s", text);
	ck_assert_ptr_null(strstr(text, "cpu_user"));
	for (const char *p = text; *p; ) {
		size_t n = strcspn(p, "\n");

		if (strncmp(p, "      ", 6) == 0 && p[6] != ' ')
			ck_assert_msg(n <= 78, "metric line of %zu columns", n);
		p += n + (p[n] == '\n');
	}
	free(text);
	free(f);
}
END_TEST

static void copy_metric(struct copy_result *c, const char *name, double v,
			enum metric_combine how)
{
	struct metric *m = &c->metrics[c->nmetrics++];

	snprintf(m->name, sizeof(m->name), "%s", name);
	snprintf(m->unit, sizeof(m->unit), "count");
	m->value = v;
	m->combine = how;
}

/*
 * context1's placement, read during the samples, is its own block after the
 * statistics: nothing of it among UnixBench's result lines or index table,
 * within 80 columns, per copy with 2 copies.  Copy 1 always shares a CPU;
 * copy 2 shares none in pass 1 and half in pass 2, where it moved.
 */
START_TEST(placement_block_after_statistics)
{
	struct fixture *f = fixture_new();
	struct pass_result passes[2];
	struct copy_result copies[2][2];
	struct bench_result *t;
	const char *block, *p;
	char *text;

	memset(passes, 0, sizeof(passes));
	memset(copies, 0, sizeof(copies));
	f->run.copies = 2;
	t = add(f, "context1", TS_OK, 0, NULL);
	add(f, "pipe", TS_OK, 124400, NULL);
	for (size_t i = 0; i < 2; i++) {
		passes[i].ok = 1;
		passes[i].copies = copies[i];
		passes[i].ncopies = 2;
		passes[i].time = 10;
		for (size_t c = 0; c < 2; c++) {
			struct copy_result *cr = &copies[i][c];

			cr->ok = 1;
			cr->count = 1e6;
			cr->timebase = 1;
			cr->time = 10;
			passes[i].count += cr->count;
			copy_metric(cr, "placement_samples", 100.0 + 20.0 * (double)c, MC_SUM);
			copy_metric(cr, "shared_cpu_fraction", c == 0 ? 1 : i == 0 ? 0 : 0.5, MC_MEAN);
			copy_metric(cr, "placement_changed", c == 1 && i == 1, MC_MAX);
		}
	}
	t->passes = passes;
	t->npasses = 2;
	score_test(t);
	text = render(f);
	/* UnixBench's block: the result line alone, as UnixBench prints it. */
	ck_assert_msg(strstr(text,
		"Pipe Throughput                              124400.0 lps   (10.0 s, 2 samples)\n"
		"Pipe-based Context Switching                 200000.0 lps   (10.0 s, 2 samples)\n"
		"\nSystem Benchmarks Partial Index") != NULL, "%s", text);
	block = after(text, "Statistics (every sample's rate)");
	ck_assert_msg(strstr(text, "placement") > block, "placement before the statistics:\n%s",
		      text);
	ck_line(block, "Pipe-based Context Switching               2     200000.0          0.0"
		"     0.00%   0.00%  placement-changed unpinned");
	block = after(block, "\nPlacement (read during each sample)");
	ck_assert_msg(strncmp(block, "\nPlacement (read during each sample)      readings one CPU "
		      "1/2/mixed  placement\n"
		      "Pipe-based Context Switching                  220   62.5%     0/0/2  changed\n"
		      "  copy 1                                      100  100.0%     2/0/0  stable\n"
		      "  copy 2                                      120   25.0%     0/1/1  changed\n"
		      "(readings per sample; one CPU: readings with both processes on one CPU;\n"
		      " 1/2/mixed: samples wholly on one CPU, wholly on two CPUs, or mixed)\n\n",
		      strlen("\nPlacement (read during each sample)")) == 0, "%s", block);
	ck_assert_msg(strstr(block, "  copy 2                                      120   25.0%     "
			     "0/1/1  changed\n(whether each copy's two processes shared one CPU: "
			     "it changes the result)\n(readings per sample;") != NULL, "%s", block);
	for (p = block + 1; *p && *p != '\n'; ) {
		size_t n = strcspn(p, "\n");

		ck_assert_msg(n <= 80, "placement line of %zu columns: %.*s", n, (int)n, p);
		p += n + (p[n] == '\n');
	}
	free(text);
	free(f);
}
END_TEST

Suite *suite_report_text(void)
{
	Suite *s = suite_create("report_text");
	TCase *tc = tcase_create("report_text");

	tcase_add_test(tc, header_unixbench_lines);
	tcase_add_test(tc, partial_index);
	tcase_add_test(tc, full_index);
	tcase_add_test(tc, rows_without_results);
	tcase_add_test(tc, category_without_index);
	tcase_add_test(tc, disk_metric_lines);
	tcase_add_test(tc, placement_block_after_statistics);
	suite_add_tcase(s, tc);
	return s;
}
