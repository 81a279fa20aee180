/*
 * test_textparse.c: reading reports back: the real UnixBench 6.0 sample, a
 * forum paste of it (collapsed spaces, "> " quotes, CRLF, a tab, no-break
 * spaces, prose around it), sysindex reports with statistics blocks, a
 * synthetic 5.1.3 report, several reports in one file, the samples CSV, and
 * bad input that must fail with the line number instead of crashing.
 * Fixtures are in tests/data/reports/ (paths relative to the repo root).
 */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "reader/textparse.h"

#define R "tests/data/reports/"

static struct tp_doc doc;
static char err[512];

static void parse_ok(const char *path)
{
	int rc = tp_parse_file(path, &doc, err, sizeof(err));

	ck_assert_msg(rc == 0, "%s: %s", path, err);
}

static void parse_buf_ok(const char *text)
{
	int rc = tp_parse_buffer("buf", text, strlen(text), &doc, err, sizeof(err));

	ck_assert_msg(rc == 0, "%s", err);
}

/* Parse must fail with an error containing every given fragment. */
static void parse_buf_fails(const char *text, size_t len, const char *frag1, const char *frag2)
{
	int rc = tp_parse_buffer("buf", text, len, &doc, err, sizeof(err));

	ck_assert_int_eq(rc, -1);
	ck_assert_uint_eq(doc.nreports, 0);
	ck_assert_msg(strstr(err, frag1) != NULL, "'%s' lacks '%s'", err, frag1);
	if (frag2 != NULL)
		ck_assert_msg(strstr(err, frag2) != NULL, "'%s' lacks '%s'", err, frag2);
}

static void teardown(void)
{
	tp_doc_free(&doc);
}

/* The real UnixBench 6.0 report, field by field. */
static void check_ub60_sample(void)
{
	const struct tp_report *r;
	const struct tp_block *b;
	const struct tp_result *res;
	const struct tp_index_row *ix;

	ck_assert_uint_eq(doc.nreports, 1);
	r = &doc.reports[0];
	ck_assert_str_eq(r->title, "BYTE UNIX Benchmarks (Version 6.0.0)");
	ck_assert_str_eq(r->version, "6.0.0");
	ck_assert_str_eq(r->sysindex_version, "");
	ck_assert_str_eq(r->host, "vm");
	ck_assert_str_eq(r->system, "GNU/Linux");
	ck_assert_str_eq(r->mode, "");
	ck_assert_uint_eq(r->nblocks, 1);
	b = &r->blocks[0];
	ck_assert_uint_eq(b->copies, 1);
	ck_assert_uint_eq(b->cpus, 2);
	ck_assert_uint_eq(b->nresults, 7);
	ck_assert_uint_eq(b->nindex, 7);
	ck_assert_uint_eq(b->nstats, 0);
	ck_assert_uint_eq(b->nscores, 1);
	res = &b->results[0];
	ck_assert_str_eq(res->title, "Dhrystone 2 using register variables");
	ck_assert_double_eq_tol(res->value, 55041744.2, 1e-6);
	ck_assert_str_eq(res->unit, "lps");
	ck_assert_double_eq_tol(res->time, 10.0, 1e-9);
	ck_assert_uint_eq(res->samples, 2);
	ck_assert_int_eq(res->status, TS_OK);
	res = tp_find_result(b, "Double-Precision Whetstone");
	ck_assert_ptr_nonnull(res);
	ck_assert_str_eq(res->unit, "MWIPS");
	ck_assert_double_eq_tol(res->value, 9100.5, 1e-9);
	res = tp_find_result(b, "Execl Throughput");
	ck_assert_ptr_nonnull(res);
	ck_assert_double_eq_tol(res->time, 29.7, 1e-9);
	ck_assert_uint_eq(res->samples, 1);
	ck_assert_ptr_nonnull(tp_find_result(b, "Pipe Throughput"));
	ck_assert_ptr_nonnull(tp_find_result(b, "Execl Throughput"));
	ix = tp_find_index(b, "Pipe-based Context Switching");
	ck_assert_ptr_nonnull(ix);
	ck_assert_double_eq_tol(ix->baseline, 4000.0, 1e-9);
	ck_assert_double_eq_tol(ix->result, 22494.1, 1e-9);
	ck_assert_double_eq_tol(ix->index, 56.2, 1e-9);
	ck_assert_str_eq(ix->category, "System Benchmarks");
	ck_assert_str_eq(b->scores[0].category, "System Benchmarks");
	ck_assert_double_eq_tol(b->scores[0].score, 693.5, 1e-9);
	ck_assert_int_eq(b->scores[0].partial, 1);
}

START_TEST(real_unixbench_60_sample)
{
	parse_ok(R "unixbench-6.0-partial-index.txt");
	check_ub60_sample();
	ck_assert_uint_eq(doc.reports[0].blocks[0].results[0].line, 17);
}
END_TEST

START_TEST(forum_paste_of_the_sample)
{
	/* Collapsed spaces, "> " quotes, CRLF, a tab, no-break spaces, prose. */
	parse_ok(R "unixbench-6.0-collapsed.txt");
	check_ub60_sample();
}
END_TEST

START_TEST(sysindex_report_with_statistics)
{
	const struct tp_report *r;
	const struct tp_stats_row *st;
	const struct tp_result *res;

	parse_ok(R "b");
	r = &doc.reports[0];
	ck_assert_str_eq(r->version, "6.0.0");
	ck_assert_str_eq(r->sysindex_version, "0.1.0");
	ck_assert_str_eq(r->host, "alpha");
	ck_assert_str_eq(r->mode, "default");
	ck_assert(strncmp(r->compiler, "gcc (Debian 12.2.0-14) 12.2.0;", 30) == 0);
	ck_assert_uint_eq(r->nblocks, 2);
	ck_assert_uint_eq(r->blocks[0].copies, 1);
	ck_assert_uint_eq(r->blocks[1].copies, 2);
	ck_assert_uint_eq(r->blocks[0].nstats, 4);
	st = tp_find_stats(&r->blocks[0], "Pipe Throughput");
	ck_assert_ptr_nonnull(st);
	ck_assert_uint_eq(st->n, 12);
	ck_assert_double_eq_tol(st->mean, 1330000.0, 1e-9);
	ck_assert_double_eq_tol(st->sd, 56000.0, 1e-9);
	ck_assert_double_eq_tol(st->ci_pct, 2.68, 1e-9);
	ck_assert_double_eq_tol(st->cv_pct, 4.21, 1e-9);
	ck_assert_str_eq(st->flags, "");
	res = tp_find_result(&r->blocks[0], "System Call Overhead");
	ck_assert_ptr_nonnull(res);
	ck_assert_int_eq(res->status, TS_FAILED);
	ck_assert_str_eq(res->unit, "lps");
	/* The failed test is neither in the index nor in the statistics. */
	ck_assert_ptr_null(tp_find_index(&r->blocks[0], "System Call Overhead"));
	ck_assert_ptr_null(tp_find_stats(&r->blocks[0], "System Call Overhead"));
	ck_assert_double_eq_tol(r->blocks[1].scores[0].score, 8440.4, 1e-9);
}
END_TEST

/*
 * context1's placement, in the layout since the Placement block (after the
 * statistics) and in the old one (a "placement:" line and its continuation
 * under the result line, as users' old reports have it): both read as the
 * same blocks, with nothing taken from the placement lines.
 */
static void check_placement_report(const char *path, const char *flags1, const char *flags2)
{
	const char *const flags[2] = { flags1, flags2 };

	parse_ok(path);
	ck_assert_uint_eq(doc.nreports, 1);
	ck_assert_uint_eq(doc.reports[0].nblocks, 2);
	for (size_t i = 0; i < 2; i++) {
		const struct tp_block *b = &doc.reports[0].blocks[i];
		const struct tp_stats_row *st;

		ck_assert_uint_eq(b->copies, i + 1);
		ck_assert_uint_eq(b->nresults, 1);
		ck_assert_uint_eq(b->nindex, 1);
		ck_assert_uint_eq(b->nstats, 1);
		ck_assert_uint_eq(b->nscores, 1);
		ck_assert_str_eq(b->results[0].title, "Pipe-based Context Switching");
		ck_assert_uint_eq(b->results[0].samples, 1);
		st = tp_find_stats(b, "Pipe-based Context Switching");
		ck_assert_ptr_nonnull(st);
		ck_assert_str_eq(st->flags, flags[i]);
	}
}

START_TEST(context1_placement_old_and_new_layout)
{
	check_placement_report(R "context1-placement-old.txt",
			       "single-sample placement-changed unpinned",
			       "single-sample shared-cpu unpinned");
	ck_assert_double_eq_tol(doc.reports[0].blocks[0].results[0].value, 66209.0, 1e-9);
	tp_doc_free(&doc);
	check_placement_report(R "context1-placement-new.txt",
			       "single-sample placement-changed unpinned",
			       "single-sample placement-changed unpinned");
	ck_assert_double_eq_tol(doc.reports[0].blocks[1].results[0].value, 235267.1, 1e-9);
}
END_TEST

/* The Placement block's rows are read past up to its end (a blank line). */
START_TEST(placement_block_rows_are_not_results)
{
	parse_buf_ok("Placement (read during each sample)      readings one CPU 1/2/mixed  placement\n"
		     "Pipe-based Context Switching                  461   98.4%     0/0/1  changed\n"
		     "Pipe Throughput 1.0 lps (2.0 s, 1 samples)\n"
		     "Process Creation 3 5503.9 10.0 0.45% 0.18%\n"
		     "\n"
		     "Execl Throughput 2.0 lps (2.0 s, 1 samples)\n");
	ck_assert_uint_eq(doc.nreports, 1);
	ck_assert_uint_eq(doc.reports[0].nblocks, 1);
	ck_assert_uint_eq(doc.reports[0].blocks[0].nresults, 1);
	ck_assert_uint_eq(doc.reports[0].blocks[0].nstats, 0);
	ck_assert_str_eq(doc.reports[0].blocks[0].results[0].title, "Execl Throughput");
}
END_TEST

/*
 * --repeat's lines under the statistics: the pooled score and its interval
 * over the passes are read into the block; the lines after it (the SD, the
 * prediction interval, each pass's score) are taken for nothing else.
 * Figures that do not hold together are an error, not a verdict.
 */
START_TEST(between_passes_line)
{
	static const char bad[] = "Pipe Throughput 1.0 lps (2.0 s, 1 samples)\n"
		"Between passes (--repeat 3): index score 100.0, 95% interval over the passes "
		"120.0 to 130.0\n";

	parse_buf_ok("Statistics (every sample's rate)          n         mean           sd   CI95 +-      CV  flags\n"
		     "Dhrystone 2 using register variables       6    1223255.0     257909.8    22.13%  21.08%\n"
		     "Index score 95% CI (delta method): 74.8 to 171.6 (-34.0% +51.4%, df 3.0)\n"
		     "Between passes (--repeat 3): index score 103.6, 95% interval over the passes 77.7 to 139.3\n"
		     "  (-25.0% +34.5%; between-pass SD 20.00%, HKSJ on 2 df, one figure per pass)\n"
		     "Next run's score, 95% prediction interval: 41.1 to 260.4 (-60.3% +151.4%)\n"
		     "Each pass's score: 84.4 127.1 105.0\n");
	ck_assert_uint_eq(doc.reports[0].nblocks, 1);
	ck_assert_uint_eq(doc.reports[0].blocks[0].between_passes, 3);
	ck_assert_double_eq_tol(doc.reports[0].blocks[0].between_score, 103.6, 1e-9);
	ck_assert_double_eq_tol(doc.reports[0].blocks[0].between_lo, 77.7, 1e-9);
	ck_assert_double_eq_tol(doc.reports[0].blocks[0].between_hi, 139.3, 1e-9);
	ck_assert_uint_eq(doc.reports[0].blocks[0].nstats, 1);
	ck_assert_uint_eq(doc.reports[0].blocks[0].nresults, 0);
	tp_doc_free(&doc);
	parse_buf_fails(bad, sizeof(bad) - 1, "Between passes", NULL);
}
END_TEST

/* The Summary after a report repeats its figures in words: read past, not taken for scores. */
START_TEST(summary_block_is_read_past)
{
	parse_buf_ok("   Mode: default (UnixBench 6.0 procedure)\n"
		     "Pipe Throughput 1.0 lps (2.0 s, 1 samples)\n"
		     "System Benchmarks Index Score (Partial Only)  352.3\n"
		     "\n"
		     "========================================================================\n"
		     "Summary\n"
		     "  System Benchmarks Index Score (Partial Only), 1 copy: 352.3 (95% CI 313.5 to 352.3)\n"
		     "  Disturbed, 1 copy: 1 of 1 test kept samples that other work on the host slowed (steal, contended or throttled): this score may read low; run again on a quiet host, or with --exclude-disturbed.\n"
		     "  Index score change over the tests that use the test dir, 1 copy: b / a: +0.42%, 95% CI -1.66%..+2.55% (2 index tests, 3 rounds): inconclusive\n"
		     "  Tests compared: 1 faster, 0 slower, 0 equivalent, 1 inconclusive (Holm over 2 comparisons, alpha 0.05, margin +-2%)\n"
		     "  Faster in b than a, 1 copy: File Copy 1024 bufsize 2000 maxblocks (+5.10%)\n"
		     "  Mode: quick (1 sample, short samples, no settle)\n"
		     "  Host: vm: 2 CPUs, kernel 6.1.0-28-amd64, virt kvm\n"
		     "  Test dir: /tmp on / (ext4, /dev/sda1, rw,relatime)\n"
		     "  Host identity: id 0123, virt kvm\n");
	ck_assert_uint_eq(doc.nreports, 1);
	/* The header's mode, not the summary's line. */
	ck_assert_str_eq(doc.reports[0].mode, "default (UnixBench 6.0 procedure)");
	ck_assert_uint_eq(doc.reports[0].nblocks, 1);
	ck_assert_uint_eq(doc.reports[0].blocks[0].nscores, 1);
	ck_assert_double_eq_tol(doc.reports[0].blocks[0].scores[0].score, 352.3, 1e-9);
	ck_assert_uint_eq(doc.reports[0].blocks[0].nresults, 1);
	tp_doc_free(&doc);
	/* The golden report, summary and all, reads as before. */
	parse_ok("tests/data/golden/report-synthetic.txt");
	ck_assert_uint_eq(doc.reports[0].nblocks, 2);
}
END_TEST

START_TEST(statistics_flags_and_collapsed_row)
{
	const struct tp_stats_row *st;

	parse_buf_ok("Statistics (every sample's rate) n mean sd CI95 +- CV flags\n"
		     "Pipe-based Context Switching 10 22494.1 3000.0 9.53% 13.34% high-cv bimodal "
		     "shared-cpu\n"
		     "Process Creation 3 5503.9 10.0 0.45% 0.18%\n");
	ck_assert_uint_eq(doc.reports[0].blocks[0].nstats, 2);
	st = tp_find_stats(&doc.reports[0].blocks[0], "Pipe-based Context Switching");
	ck_assert_ptr_nonnull(st);
	ck_assert_uint_eq(st->n, 10);
	ck_assert_double_eq_tol(st->cv_pct, 13.34, 1e-9);
	ck_assert_str_eq(st->flags, "high-cv bimodal shared-cpu");
	st = tp_find_stats(&doc.reports[0].blocks[0], "Process Creation");
	ck_assert_ptr_nonnull(st);
	ck_assert_str_eq(st->flags, "");
}
END_TEST

/* One sample has no spread: its sd, CI and CV read "-" (NaN), and only then. */
START_TEST(one_sample_row_has_no_spread)
{
	const struct tp_stats_row *st;
	static const char two_with_dash[] =
		"Statistics (every sample's rate) n mean sd CI95 +- CV flags\n"
		"Process Creation 2 5503.9 - - - \n";

	parse_buf_ok("Statistics (every sample's rate)          n         mean           sd   CI95 +-      CV  flags\n"
		     "File Copy 1024 bufsize 2000 maxblocks      1     812345.0            -         -       -  single-sample\n"
		     "Process Creation 3 5503.9 10.0 0.45% 0.18%\n");
	ck_assert_uint_eq(doc.reports[0].blocks[0].nstats, 2);
	st = tp_find_stats(&doc.reports[0].blocks[0], "File Copy 1024 bufsize 2000 maxblocks");
	ck_assert_ptr_nonnull(st);
	ck_assert_uint_eq(st->n, 1);
	ck_assert_double_eq_tol(st->mean, 812345.0, 1e-9);
	ck_assert(isnan(st->sd) && isnan(st->ci_pct) && isnan(st->cv_pct));
	ck_assert_str_eq(st->flags, "single-sample");
	tp_doc_free(&doc);
	ck_assert_int_eq(tp_parse_buffer("buf", two_with_dash, strlen(two_with_dash), &doc, err,
					 sizeof(err)), -1);
	ck_assert_str_eq(err, "buf:2: no spread given for 2 or more samples \"-\"");
}
END_TEST

START_TEST(unixbench_513_full_index)
{
	const struct tp_block *b;
	const struct tp_result *res;

	parse_ok(R "unixbench-5.1.3.txt");
	ck_assert_uint_eq(doc.nreports, 1);
	ck_assert_str_eq(doc.reports[0].version, "5.1.3");
	ck_assert_str_eq(doc.reports[0].host, "oldbox");
	ck_assert_uint_eq(doc.reports[0].nblocks, 2);
	b = &doc.reports[0].blocks[0];
	ck_assert_uint_eq(b->nresults, 12);
	ck_assert_uint_eq(b->nindex, 12);
	/* Titles with numbers in them: parsed from the right. */
	res = tp_find_result(b, "File Copy 1024 bufsize 2000 maxblocks");
	ck_assert_ptr_nonnull(res);
	ck_assert_double_eq_tol(res->value, 887408.5, 1e-9);
	ck_assert_str_eq(res->unit, "KBps");
	res = tp_find_result(b, "Shell Scripts (8 concurrent)");
	ck_assert_ptr_nonnull(res);
	ck_assert_double_eq_tol(res->value, 919.6, 1e-9);
	ck_assert_str_eq(res->unit, "lpm");
	ck_assert_int_eq(b->scores[0].partial, 0);
	ck_assert_double_eq_tol(b->scores[0].score, 1429.2, 1e-9);
	ck_assert_uint_eq(doc.reports[0].blocks[1].copies, 2);
}
END_TEST

START_TEST(two_reports_in_one_file)
{
	parse_ok(R "two-reports.txt");
	ck_assert_uint_eq(doc.nreports, 2);
	ck_assert_str_eq(doc.reports[0].version, "5.1.3");
	ck_assert_uint_eq(doc.reports[0].nblocks, 2);
	ck_assert_str_eq(doc.reports[1].version, "6.0.0");
	ck_assert_uint_eq(doc.reports[1].nblocks, 1);
	ck_assert_uint_eq(doc.reports[1].blocks[0].nresults, 7);
	ck_assert_int_eq(doc.reports[1].blocks[0].scores[0].partial, 1);
}
END_TEST

START_TEST(reports_glued_without_headers)
{
	/* The same copy count twice in a row: a second report. */
	parse_ok(R "glued.txt");
	ck_assert_uint_eq(doc.nreports, 2);
	ck_assert_double_eq_tol(doc.reports[0].blocks[0].results[0].value, 26000000.0, 1e-9);
	ck_assert_double_eq_tol(doc.reports[1].blocks[0].results[0].value, 27000000.0, 1e-9);
	ck_assert_uint_eq(doc.reports[1].line, 6);
}
END_TEST

START_TEST(result_lines_without_any_header)
{
	const struct tp_block *b;
	const struct tp_result *res;

	parse_ok(R "headerless.txt");
	ck_assert_uint_eq(doc.nreports, 1);
	ck_assert_str_eq(doc.reports[0].title, "");
	b = &doc.reports[0].blocks[0];
	ck_assert_uint_eq(b->copies, 0);
	ck_assert_uint_eq(b->nresults, 3);
	/* Unknown titles are kept as written, numbers and all. */
	res = tp_find_result(b, "Some Future Test (with numbers 1 2 3)");
	ck_assert_ptr_nonnull(res);
	ck_assert_str_eq(res->unit, "ops");
	ck_assert_double_eq_tol(res->value, 123.4, 1e-9);
}
END_TEST

START_TEST(truncated_report_keeps_whole_lines)
{
	parse_ok(R "truncated.txt");
	ck_assert_uint_eq(doc.reports[0].blocks[0].nresults, 3);
	ck_assert_uint_eq(doc.reports[0].blocks[0].nscores, 0);
}
END_TEST

START_TEST(text_before_a_known_title_is_dropped)
{
	const struct tp_result *res;

	parse_buf_ok("posted by bob: Dhrystone 2 using register variables 1.5e7 lps (10.0s, 7 "
		     "samples)\n"
		     "Seq Write 1 MiB O_DSYNC 123.4 MB/s (10.0 secs, 2 samples) [buffered]\n"
		     "Execl Throughput NOT RUN lps (interrupted)\n");
	res = tp_find_result(&doc.reports[0].blocks[0], "Dhrystone 2 using register variables");
	ck_assert_ptr_nonnull(res);
	ck_assert_double_eq_tol(res->value, 1.5e7, 1e-9);
	ck_assert_uint_eq(res->samples, 7);
	res = tp_find_result(&doc.reports[0].blocks[0], "Seq Write 1 MiB O_DSYNC");
	ck_assert_ptr_nonnull(res);
	ck_assert_str_eq(res->unit, "MB/s");
	ck_assert_str_eq(res->note, "buffered");
	res = tp_find_result(&doc.reports[0].blocks[0], "Execl Throughput");
	ck_assert_ptr_nonnull(res);
	ck_assert_int_eq(res->status, TS_NOT_RUN);
}
END_TEST

START_TEST(long_title_of_non_utf8_bytes)
{
	/* Found by the fuzzer: cutting at a UTF-8 boundary emptied such a title. */
	char line[400];
	const struct tp_result *res;

	memset(line, 0xb0, 200);
	strcpy(line + 200, " 1102345.6 KBps (30.0 s, 2 samples)\n");
	parse_buf_ok(line);
	res = &doc.reports[0].blocks[0].results[0];
	ck_assert_uint_eq(strlen(res->title), TP_TITLE_MAX - 1);
	ck_assert_double_eq_tol(res->value, 1102345.6, 1e-9);
}
END_TEST

START_TEST(prose_with_numbers_is_not_a_test)
{
	/* Index-like and stats-like lines need a known title outside their tables. */
	static const char text[] = "My scores were 10 20 30\nCPU load 1 2 3 40% 50%\n"
		"1 x Process Creation 1 2 3\n";

	parse_buf_fails(text, sizeof(text) - 1, "no benchmark results found", NULL);
}
END_TEST

START_TEST(bad_numbers_name_the_line)
{
	ck_assert_int_eq(tp_parse_file(R "bad-nan.txt", &doc, err, sizeof(err)), -1);
	ck_assert_str_eq(err, R "bad-nan.txt:17: not a finite number \"nan\"");
	ck_assert_int_eq(tp_parse_file(R "bad-negative.txt", &doc, err, sizeof(err)), -1);
	ck_assert_str_eq(err, R "bad-negative.txt:29: negative number \"-1128.0\"");
	ck_assert_int_eq(tp_parse_file(R "bad-inf-stats.txt", &doc, err, sizeof(err)), -1);
	ck_assert_str_eq(err, R "bad-inf-stats.txt:41: not a finite number \"inf\"");
	ck_assert_uint_eq(doc.nreports, 0);
}
END_TEST

START_TEST(malformed_and_huge_numbers)
{
	const char *a = "Pipe Throughput 1.2.3 lps (10.0 s, 7 samples)\n";
	const char *b = "x\nPipe Throughput 1e999 lps (10.0 s, 7 samples)\n";
	const char *c = "Pipe Throughput 12.0 lps (-10.0 s, 7 samples)\n";
	const char *d = "Pipe Throughput 12.0 lps (10.0 s, 7.5 samples)\n";
	const char *e = "2 CPUs in system; running 0 parallel copies of tests\n";
	const char *f = "Statistics (every sample's rate)\nPipe Throughput 10 1.0 NaN 1% 1%\n";

	parse_buf_fails(a, strlen(a), "buf:1: malformed number \"1.2.3\"", NULL);
	parse_buf_fails(b, strlen(b), "buf:2: number out of range \"1e999\"", NULL);
	parse_buf_fails(c, strlen(c), "buf:1: negative number \"-10.0\"", NULL);
	parse_buf_fails(d, strlen(d), "buf:1: not a whole number", NULL);
	parse_buf_fails(e, strlen(e), "buf:1: zero parallel copies", NULL);
	parse_buf_fails(f, strlen(f), "buf:2: not a finite number \"NaN\"", NULL);
}
END_TEST

START_TEST(no_results_and_missing_files)
{
	ck_assert_int_eq(tp_parse_file(R "garbage.txt", &doc, err, sizeof(err)), -1);
	ck_assert_str_eq(err, R "garbage.txt: no benchmark results found");
	ck_assert_int_eq(tp_parse_file(R "empty.txt", &doc, err, sizeof(err)), -1);
	ck_assert_str_eq(err, R "empty.txt: no benchmark results found");
	ck_assert_int_eq(tp_parse_file(R "no-such-file", &doc, err, sizeof(err)), -1);
	ck_assert_str_eq(err, R "no-such-file: No such file or directory");
	ck_assert_int_eq(tp_parse_file(R, &doc, err, sizeof(err)), -1);
	ck_assert(strstr(err, "read error") != NULL);
}
END_TEST

START_TEST(binary_input_is_not_a_report)
{
	static const char bin[] = "\x7f" "ELF\x02\x01\x01\0\0\0Pipe Throughput 1 lps (1 s, 1 samples)";

	parse_buf_fails(bin, sizeof(bin) - 1, "buf:1: not a text report", NULL);
}
END_TEST

START_TEST(line_length_is_bounded)
{
	size_t n = TP_LINE_MAX + 100;
	char *big = malloc(n + 64);
	static const char tail[] = "\nPipe Throughput 12.0 lps (10.0 s, 7 samples)\n";

	ck_assert_ptr_nonnull(big);
	/* Exactly TP_LINE_MAX bytes is accepted. */
	memset(big, 'x', TP_LINE_MAX);
	memcpy(big + TP_LINE_MAX, tail, sizeof(tail));
	parse_buf_ok(big);
	ck_assert_uint_eq(doc.reports[0].blocks[0].results[0].line, 2);
	tp_doc_free(&doc);
	/* One more byte is an error naming the line. */
	memset(big, 'x', TP_LINE_MAX + 1);
	memcpy(big + TP_LINE_MAX + 1, tail, sizeof(tail));
	parse_buf_fails(big, strlen(big), "buf:1: line longer than 65536 bytes", NULL);
	free(big);
}
END_TEST

START_TEST(samples_csv)
{
	struct tp_samples s;
	const struct tp_sample_set *set;
	size_t dropped = 0;

	ck_assert_int_eq(tp_parse_samples_csv(R "csvrun.csv", &s, err, sizeof(err)), 0);
	ck_assert_uint_eq(s.nsets, 2);
	set = tp_find_samples(&s, 1, "Dhrystone 2 using register variables");
	ck_assert_ptr_nonnull(set);
	ck_assert_uint_eq(set->n, 10);
	ck_assert_str_eq(set->test, "dhry2reg");
	ck_assert_str_eq(set->unit, "lps");
	for (size_t i = 0; i < set->n; i++)
		dropped += set->dropped[i];
	ck_assert_uint_eq(dropped, 3);
	ck_assert_double_eq_tol(set->rate[0], 50.1e6, 1e-3);
	/* A failed pass (ok=0, no rate) is not a sample. */
	set = tp_find_samples(&s, 1, "Execl Throughput");
	ck_assert_ptr_nonnull(set);
	ck_assert_uint_eq(set->n, 3);
	tp_samples_free(&s);
}
END_TEST

START_TEST(samples_csv_other_and_bad)
{
	static const char ub[] = "Concurrency,Dhrystone 2 using register variables\n1,55041744.2\n";
	static const char quoted[] = "format_version,run_id,copies,test,title,pass,count,seconds,"
		"rate,unit,dropped,ok\r\n1,\"x,y\",1,t,\"A \"\"quoted\"\", title\",1,10,1,10,lps,0,1\r\n";
	static const char bad[] = "format_version,run_id,copies,test,title,pass,count,seconds,"
		"rate,unit,dropped,ok\n1,r,1,t,T,1,10,1,nan,lps,0,1\n";
	static const char shortrow[] = "format_version,run_id,copies,test,title,pass,count,seconds,"
		"rate,unit,dropped,ok\n1,r,1\n";
	struct tp_samples s;

	ck_assert_int_eq(tp_parse_samples_buffer("ub.csv", ub, sizeof(ub) - 1, &s, err,
						 sizeof(err)), 1);
	ck_assert_uint_eq(s.nsets, 0);
	ck_assert_int_eq(tp_parse_samples_buffer("q.csv", quoted, sizeof(quoted) - 1, &s, err,
						 sizeof(err)), 0);
	ck_assert_uint_eq(s.nsets, 1);
	ck_assert_str_eq(s.sets[0].title, "A \"quoted\", title");
	tp_samples_free(&s);
	/* A formula-like text the writer guarded with a ' (csv_out.h) reads back
	 * as it was; an unquoted ' and a guard-less quoted one stay. */
	{
		static const char guarded[] = "format_version,run_id,copies,test,title,pass,count,"
			"seconds,rate,unit,dropped,ok,label\n"
			"1,r,1,t,\"'=T\",1,10,1,10,lps,0,1,\"'+ssd\"\n"
			"1,r,1,t,'=U,1,10,1,10,lps,0,1,\"'x\"\n";

		ck_assert_int_eq(tp_parse_samples_buffer("g.csv", guarded, sizeof(guarded) - 1, &s,
							 err, sizeof(err)), 0);
		ck_assert_uint_eq(s.nsets, 2);
		ck_assert_str_eq(s.sets[0].title, "=T");
		ck_assert_str_eq(s.sets[0].label, "+ssd");
		ck_assert_str_eq(s.sets[1].title, "'=U");
		ck_assert_str_eq(s.sets[1].label, "'x");
		tp_samples_free(&s);
	}
	ck_assert_int_eq(tp_parse_samples_buffer("b.csv", bad, sizeof(bad) - 1, &s, err,
						 sizeof(err)), -1);
	ck_assert_msg(strncmp(err, "b.csv:2: bad rate", 17) == 0, "%s", err);
	ck_assert_int_eq(tp_parse_samples_buffer("s.csv", shortrow, sizeof(shortrow) - 1, &s, err,
						 sizeof(err)), -1);
	ck_assert_str_eq(err, "s.csv:2: expected 12 fields, found 3");
}
END_TEST

/* The "excluded" column (--exclude-disturbed): such a row is no sample; a file without it reads as before. */
START_TEST(samples_csv_excluded)
{
	static const char with[] = "format_version,run_id,copies,test,title,pass,count,seconds,"
		"rate,unit,dropped,ok,first_write_rate,rewrite_rate,disturbed,excluded\n"
		"1,r,1,pipe,Pipe Throughput,1,10,1,10,lps,0,1,,,none,0\n"
		"1,r,1,pipe,Pipe Throughput,2,9,1,9,lps,0,1,,,contended,1\n"
		"1,r,1,pipe,Pipe Throughput,3,11,1,11,lps,0,1,,,none,0\n";
	static const char bad[] = "format_version,run_id,copies,test,title,pass,count,seconds,"
		"rate,unit,dropped,ok,excluded\n1,r,1,pipe,Pipe Throughput,1,10,1,10,lps,0,1,maybe\n";
	struct tp_samples s;

	ck_assert_int_eq(tp_parse_samples_buffer("e.csv", with, sizeof(with) - 1, &s, err,
						 sizeof(err)), 0);
	ck_assert_uint_eq(s.nsets, 1);
	ck_assert_uint_eq(s.sets[0].n, 2);
	ck_assert_double_eq_tol(s.sets[0].rate[1], 11, 1e-12);
	tp_samples_free(&s);
	ck_assert_int_eq(tp_parse_samples_buffer("x.csv", bad, sizeof(bad) - 1, &s, err,
						 sizeof(err)), -1);
	ck_assert_str_eq(err, "x.csv:2: bad excluded flag");
}
END_TEST

/* The "run_status" column: a run cut short (a signal, a stopped setting) reads as one; older files as complete. */
START_TEST(samples_csv_run_status)
{
	static const char head[] = "format_version,run_id,copies,test,title,pass,count,seconds,"
		"rate,unit,dropped,ok,run_status\n";
	static const char *const rows[] = {
		"1,r,1,pipe,Pipe Throughput,1,10,1,10,lps,0,1,complete\n",
		"1,r,1,pipe,Pipe Throughput,1,10,1,10,lps,0,1,interrupted\n",
		"1,r,1,pipe,Pipe Throughput,1,10,1,10,lps,0,1,stopped\n",
		"1,r,1,pipe,Pipe Throughput,1,10,1,10,lps,0,1,maybe\n",
	};
	char buf[512];
	struct tp_samples s;

	for (int i = 0; i < 4; i++) {
		int n = snprintf(buf, sizeof(buf), "%s%s", head, rows[i]);

		ck_assert_int_eq(tp_parse_samples_buffer("r.csv", buf, (size_t)n, &s, err,
							 sizeof(err)), i == 3 ? -1 : 0);
		if (i == 3) {
			ck_assert_str_eq(err, "r.csv:2: bad run_status \"maybe\"");
			continue;
		}
		ck_assert_int_eq(s.interrupted, i > 0);
		ck_assert_uint_eq(s.sets[0].n, 1);
		tp_samples_free(&s);
	}
}
END_TEST


/* ---- UnixBench's .log (fixtures made by ./Run on this project's machine) -- */

static struct tp_samples ubs;

static void ublog_ok(const char *path)
{
	int rc = tp_parse_ublog(path, &ubs, err, sizeof(err));

	ck_assert_msg(rc == 0, "%s: rc %d %s", path, rc, err);
}

START_TEST(ublog_60_passes_and_dropped)
{
	const struct tp_sample_set *d, *p;

	ublog_ok(R "ublog/ub60-a.log");
	ck_assert_uint_eq(ubs.nsets, 2);
	d = tp_find_samples(&ubs, 1, "Dhrystone 2 using register variables");
	p = tp_find_samples(&ubs, 1, "Pipe Throughput");
	ck_assert_ptr_nonnull(d);
	ck_assert_ptr_nonnull(p);
	ck_assert_str_eq(d->test, "dhry2reg");
	ck_assert_str_eq(d->unit, "lps");
	ck_assert_uint_eq(d->n, 3);
	/* Pass 1: COUNT0 412963706 over 10.004109 s. */
	ck_assert_double_eq_tol(d->rate[0], 412963706.0 / 10.004109, 1e-3);
	/* Lowest of three summed counts (pass 2, 340891439) dropped, as the log's *Dump line. */
	ck_assert_uint_eq(d->dropped[0], 0);
	ck_assert_uint_eq(d->dropped[1], 1);
	ck_assert_uint_eq(d->dropped[2], 0);
	ck_assert_uint_eq(p->n, 3);
	ck_assert_uint_eq(p->dropped[2], 1);   /* 7668884: the *Dump score */
	tp_samples_free(&ubs);
}
END_TEST

START_TEST(ublog_multi_copy_and_513)
{
	const struct tp_sample_set *d;

	/* 2 copies: counts summed, time the copies' mean elapsed. */
	ublog_ok(R "ublog/ub60-c2.log");
	d = tp_find_samples(&ubs, 2, "Dhrystone 2 using register variables");
	ck_assert_ptr_nonnull(d);
	ck_assert_uint_eq(d->n, 1);
	ck_assert_uint_eq(d->dropped[0], 0);
	/* UnixBench's own figure in the report beside it: 13805362.4 lps. */
	ck_assert_double_eq_tol(d->rate[0], 13805362.4, 0.1);
	tp_samples_free(&ubs);
	ublog_ok(R "ublog/ub513-a.log");
	d = tp_find_samples(&ubs, 1, "Dhrystone 2 using register variables");
	ck_assert_ptr_nonnull(d);
	ck_assert_uint_eq(d->n, 3);
	tp_samples_free(&ubs);
	ublog_ok(R "ublog/ub513-c2.log");
	ck_assert_ptr_nonnull(tp_find_samples(&ubs, 2, "Pipe Throughput"));
	tp_samples_free(&ubs);
}
END_TEST

START_TEST(ublog_aborted_keeps_finished_passes)
{
	const struct tp_sample_set *d;

	/* Ctrl-C during pass 2 of the first test: pass 1 only, nothing after. */
	ublog_ok(R "ublog/ub60-aborted.log");
	ck_assert_uint_eq(ubs.nsets, 1);
	d = &ubs.sets[0];
	ck_assert_uint_eq(d->n, 1);
	ck_assert_double_eq_tol(d->rate[0], 218213790.0 / 10.005829, 1e-3);
	tp_samples_free(&ubs);
	ublog_ok(R "ublog/ub513-aborted.log");
	ck_assert_uint_eq(ubs.sets[0].n, 1);
	tp_samples_free(&ubs);
}
END_TEST

START_TEST(ublog_time_lines_failed_passes_and_others)
{
	/* Whetstone-like: a rate (timebase 0) with TIME; 2 copies; pass 2 has a copy
	 * exiting 1, pass 3 lacks a copy: neither is a sample. */
	static const char log[] =
		"\n########################################################\n"
		"Double-Precision Whetstone -- 2 copies\n"
		"==> \"pgms/whetstone-double\" 2>&1 >> \"x.log\"\n\n"
		"#### Pass 1\n\nchatter\n"
		"# COUNT0: 4774.7\n# COUNT1: 0\n# COUNT2: MWIPS\n# TIME: 10.1\n# elapsed: 11.9\n"
		"# pid: 1\n# status: 0\n\n"
		"# COUNT0: 4564.4\n# COUNT1: 0\n# COUNT2: MWIPS\n# TIME: 10.3\n# elapsed: 12.0\n"
		"# pid: 2\n# status: 0\n\n"
		"#### Pass 2\n\n"
		"# COUNT0: 4000\n# COUNT1: 0\n# COUNT2: MWIPS\n# TIME: 10\n# elapsed: 11\n# pid: 3\n"
		"# status: 0\n"
		"# COUNT0: 4000\n# COUNT1: 0\n# COUNT2: MWIPS\n# TIME: 10\n# elapsed: 11\n# pid: 4\n"
		"# status: 256\n"
		"#### Pass 3\n\n"
		"# COUNT0: 4000\n# COUNT1: 0\n# COUNT2: MWIPS\n# TIME: 10\n# elapsed: 11\n# pid: 5\n"
		"# status: 0\n\n"
		"########################################################\n"
		"Shell Scripts (1 concurrent) -- 1 copy\n"
		"#### Pass 1\n"
		"# COUNT0: 3000\n# COUNT1: 60\n# COUNT2: lpm\n# elapsed: 60.05\n# pid: 6\n# status: 0\n"
		">>>> Results of 1 copy\n";
	const struct tp_sample_set *w, *sh;

	ck_assert_int_eq(tp_parse_ublog_buffer("buf", log, sizeof(log) - 1, &ubs, err,
					       sizeof(err)), 0);
	w = tp_find_samples(&ubs, 2, "Double-Precision Whetstone");
	ck_assert_ptr_nonnull(w);
	ck_assert_uint_eq(w->n, 1);
	ck_assert_double_eq_tol(w->rate[0], 4774.7 + 4564.4, 1e-9);   /* rates add up */
	ck_assert_str_eq(w->unit, "MWIPS");
	sh = tp_find_samples(&ubs, 1, "Shell Scripts (1 concurrent)");
	ck_assert_ptr_nonnull(sh);
	ck_assert_double_eq_tol(sh->rate[0], 3000 / (60.05 / 60), 1e-9); /* per minute */
	tp_samples_free(&ubs);
	/* sysindex's own .log (runner.c) looks alike but has no "# status:" per copy:
	 * its samples are in the CSV and the statistics block, not read from here. */
	{
		static const char silog[] =
			"####################################################\n"
			"Pipe Throughput -- 1 copy\n==> pgms/pipe 10\n\n#### Pass 1\n\n"
			"# copy 0: status 0, elapsed 10.000100 s, cpu 1\nCOUNT|123|1|lps\n"
			"# COUNT0: 123.000\n# COUNT1: 1\n# TIME: 10.000\n# elapsed: 10.000100\n";

		ck_assert_int_eq(tp_parse_ublog_buffer("si.log", silog, sizeof(silog) - 1, &ubs,
						       err, sizeof(err)), 1);
	}
	/* A report, a samples CSV: not UnixBench logs. */
	ck_assert_int_eq(tp_parse_ublog(R "unixbench-6.0-partial-index.txt", &ubs, err,
					sizeof(err)), 1);
	ck_assert_int_eq(tp_parse_ublog(R "csvrun.csv", &ubs, err, sizeof(err)), 1);
	ck_assert_int_eq(tp_parse_ublog(R "no-such.log", &ubs, err, sizeof(err)), -1);
	ck_assert(strstr(err, "no-such.log") != NULL);
}
END_TEST

START_TEST(host_identity_line)
{
	parse_ok(R "hosts/web-8c1d-1.txt");
	ck_assert_str_eq(doc.reports[0].host, "web");
	ck_assert_str_eq(doc.reports[0].host_id, "8c1d2e3f4a5b6c7d");
	ck_assert_str_eq(doc.reports[0].virt, "kvm");
	tp_doc_free(&doc);
	/* Upper-case hex is read as lower case; a cut or malformed line is ignored. */
	parse_buf_ok("   System: h: GNU/Linux\n   Host identity: id 0123456789ABCDEF, virt none\n"
		     "Pipe Throughput 1403236.3 lps (10.0 s, 2 samples)\n");
	ck_assert_str_eq(doc.reports[0].host_id, "0123456789abcdef");
	tp_doc_free(&doc);
	parse_buf_ok("   System: h: GNU/Linux\n   Host identity: id 0123456789ab, virt none\n"
		     "Pipe Throughput 1403236.3 lps (10.0 s, 2 samples)\n");
	ck_assert_str_eq(doc.reports[0].host_id, "");
	tp_doc_free(&doc);
	parse_ok(R "unixbench-6.0-partial-index.txt");
	ck_assert_str_eq(doc.reports[0].host_id, "");
	tp_doc_free(&doc);
}
END_TEST

Suite *suite_textparse(void)
{
	Suite *s = suite_create("textparse");
	TCase *good = tcase_create("reports");
	TCase *bad = tcase_create("bad input");
	TCase *csv = tcase_create("samples csv");

	tcase_add_checked_fixture(good, NULL, teardown);
	tcase_add_checked_fixture(bad, NULL, teardown);
	tcase_add_test(good, real_unixbench_60_sample);
	tcase_add_test(good, forum_paste_of_the_sample);
	tcase_add_test(good, sysindex_report_with_statistics);
	tcase_add_test(good, statistics_flags_and_collapsed_row);
	tcase_add_test(good, summary_block_is_read_past);
	tcase_add_test(good, between_passes_line);
	tcase_add_test(good, context1_placement_old_and_new_layout);
	tcase_add_test(good, placement_block_rows_are_not_results);
	tcase_add_test(good, one_sample_row_has_no_spread);
	tcase_add_test(good, unixbench_513_full_index);
	tcase_add_test(good, two_reports_in_one_file);
	tcase_add_test(good, reports_glued_without_headers);
	tcase_add_test(good, result_lines_without_any_header);
	tcase_add_test(good, truncated_report_keeps_whole_lines);
	tcase_add_test(good, text_before_a_known_title_is_dropped);
	tcase_add_test(good, long_title_of_non_utf8_bytes);
	tcase_add_test(bad, prose_with_numbers_is_not_a_test);
	tcase_add_test(bad, bad_numbers_name_the_line);
	tcase_add_test(bad, malformed_and_huge_numbers);
	tcase_add_test(bad, no_results_and_missing_files);
	tcase_add_test(bad, binary_input_is_not_a_report);
	tcase_add_test(bad, line_length_is_bounded);
	tcase_add_test(csv, samples_csv);
	tcase_add_test(csv, samples_csv_other_and_bad);
	tcase_add_test(csv, samples_csv_excluded);
	tcase_add_test(csv, samples_csv_run_status);
	tcase_add_test(csv, ublog_60_passes_and_dropped);
	tcase_add_test(csv, ublog_multi_copy_and_513);
	tcase_add_test(csv, ublog_aborted_keeps_finished_passes);
	tcase_add_test(csv, ublog_time_lines_failed_passes_and_others);
	tcase_add_test(good, host_identity_line);
	suite_add_tcase(s, good);
	suite_add_tcase(s, bad);
	suite_add_tcase(s, csv);
	return s;
}
