/*
 * test_plot.c: what the charts are made of, without running gnuplot: the
 * data blocks and the script plot_bars hands it, the rows, series and
 * values plot_run and the HTML report's chart take from a run (one model,
 * chart_rows.h), their shared palette, and the checks made before gnuplot
 * is looked for.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report/plot.h"
#include "report/report.h"
#include "score/score.h"
#include "util/util.h"

typedef int (*writer)(FILE *f, const struct plot_chart *c, const char *term, double *vmax);

static int data_writer(FILE *f, const struct plot_chart *c, const char *term, double *vmax)
{
	(void)term;
	return plot_write_data(f, c, vmax);
}

static int script_writer(FILE *f, const struct plot_chart *c, const char *term, double *vmax)
{
	return plot_write_script(f, term, c, *vmax);
}

/* The text a writer produces (malloc'd); its return value in *rc. */
static char *produce(writer w, const struct plot_chart *c, const char *term, double *vmax,
		     int *rc)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	*rc = w(f, c, term, vmax);
	ck_assert_int_eq(fclose(f), 0);
	return buf;
}

static const char *const rows[] = { "Pipe Throughput", "it's \"odd\"" };
static const char *const series[] = { "1 copy", "2 copies" };

START_TEST(data_blocks)
{
	/* Row 1 has no 2-copy value: no bar, no line. */
	const double values[] = { 1234.5, 10, 2e6, NAN };
	struct plot_chart c = { "t", "v", rows, series, 2, 2, values };
	double vmax = -1;
	int rc;
	char *text = produce(data_writer, &c, NULL, &vmax, &rc);

	ck_assert_int_eq(rc, 0);
	/* Two rows of two bars 0.4 high, row 0 on top: y = 1 - row + (0.5 - series) x 0.4.
	 * Labels with one decimal, none from a million up. */
	ck_assert_str_eq(text,
		"# 0\n"
		"1.200000 1234.5 \"1234.5\"\n"
		"0.200000 2000000 \"2000000\"\n"
		"\n\n"
		"# 1\n"
		"0.800000 10 \"10.0\"\n"
		"\n\n");
	ck_assert_double_eq(vmax, 2e6);
	free(text);
}
END_TEST

START_TEST(script_lines)
{
	const double values[] = { 100, NAN, 50, NAN };  /* the 2-copy series is empty */
	struct plot_chart c = { "sysindex on \"box\"\nSecond line", "Index", rows, series, 2, 2,
				values };
	double vmax = 100;
	const char *p;
	int rc;
	char *text = produce(script_writer, &c, "svg", &vmax, &rc);

	ck_assert_int_eq(rc, 0);
	/* At least 320 pixels high; 160 + 2 rows x (2 x 18 + 12) would be less. */
	ck_assert_ptr_nonnull(strstr(text, "set terminal svg size 1000,320 noenhanced font 'sans,11' "
				     "background rgb 'white'\n"));
	ck_assert_ptr_nonnull(strstr(text, "set output 'chart.out'\n"));
	/* Single-quoted lines joined by gnuplot's "\n" (a double-quoted string
	 * would run `backquoted` text). */
	ck_assert_ptr_nonnull(strstr(text, "set title 'sysindex on \"box\"'.\"\\n\".'Second line'\n"));
	ck_assert_ptr_nonnull(strstr(text, "set xlabel 'Index'\n"));
	/* 15% beyond the longest bar for its label; rows 1 and 0 on the y axis. */
	p = strstr(text, "set xrange [0:");
	ck_assert_ptr_nonnull(p);
	ck_assert_double_eq_tol(strtod(p + 14, NULL), 115, 1e-9);
	ck_assert_ptr_nonnull(strstr(text, "set yrange [-0.6:1.4]\n"));
	ck_assert_ptr_nonnull(strstr(text, "set ytics ('Pipe Throughput' 1)\n"
				     "set ytics add ('it''s \"odd\"' 0)\n"));
	/* One plotted series (the empty one would be a gnuplot error), bars
	 * 0.18 half-high, then its value labels. */
	ck_assert_ptr_nonnull(strstr(text, "plot 'chart.dat' index 0 using 2:1:(0):2:($1-0.180000):"
				     "($1+0.180000) with boxxyerror lc rgb '#4e79a7' title '1 copy', \\\n"
				     "    'chart.dat' index 0 using 2:1:3 with labels left"));
	ck_assert_ptr_null(strstr(text, "index 1"));
	free(text);
	/* The png terminals. */
	text = produce(script_writer, &c, "pngcairo", &vmax, &rc);
	ck_assert_ptr_nonnull(strstr(text, "set terminal pngcairo size 1000,320 "));
	free(text);
	text = produce(script_writer, &c, "png", &vmax, &rc);
	ck_assert_ptr_nonnull(strstr(text, "set terminal png size 1000,320 noenhanced\n"));
	free(text);
}
END_TEST

START_TEST(script_taller_and_empty)
{
	static const char *const many[12] = { "a", "b", "c", "d", "e", "f", "g", "h", "i", "j",
					      "k", "l" };
	double values[12 * 2], vmax = 1;
	struct plot_chart c = { "t", "v", many, series, 12, 2, values };
	int rc;
	char *text;

	for (size_t i = 0; i < 24; i++)
		values[i] = (double)i;
	/* 160 + 12 x (2 x 18 + 12) = 736 pixels; two series plotted. */
	text = produce(script_writer, &c, "svg", &vmax, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_ptr_nonnull(strstr(text, "size 1000,736 "));
	ck_assert_ptr_nonnull(strstr(text, "title '2 copies'"));
	free(text);
	/* No bar at all: an error, not a script gnuplot would reject. */
	for (size_t i = 0; i < 24; i++)
		values[i] = NAN;
	text = produce(script_writer, &c, "svg", &vmax, &rc);
	ck_assert_int_eq(rc, -1);
	free(text);
}
END_TEST

START_TEST(checks_before_gnuplot)
{
	const double v[] = { 1 };
	struct plot_chart c = { "t", "v", rows, series, 1, 1, v };
	char err[256];

	ck_assert_int_eq(plot_to_file("/nonexistent/x.pdf", plot_bars, &c, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "must be .svg or .png"));
}
END_TEST

/* Every string that reaches gnuplot from outside can run nothing (issue 24). */
START_TEST(hostile_strings_run_nothing)
{
	char dir[] = "/tmp/sysindex-plot-XXXXXX", out[64], mark[64], gp[4096], err[256];
	char title[512], row[256], ser[256];
	const char *rows1[1], *series1[1];
	const double v[] = { 1 };
	struct plot_chart c = { title, title, rows1, series1, 1, 1, v };
	struct stat st;

	if (find_in_path("gnuplot", gp, sizeof(gp)) != 0)
		return;   /* nothing to run: the script text is checked in script_lines */
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(out, sizeof(out), "%s/c.svg", dir);
	snprintf(mark, sizeof(mark), "%s/pwned", dir);
	snprintf(title, sizeof(title), "t`touch %s`\n$(touch %s) system(\"touch %s\") ' \" \\ ;\n"
		 "@x `touch %s`", mark, mark, mark, mark);
	snprintf(row, sizeof(row), "r`touch %s`'\"\\;", mark);
	snprintf(ser, sizeof(ser), "s`touch %s`\nx\" system('touch %s')", mark, mark);
	rows1[0] = row;
	series1[0] = ser;
	ck_assert_int_eq(plot_to_file(out, plot_bars, &c, err, sizeof(err)), 0);
	ck_assert_int_eq(stat(out, &st), 0);
	ck_assert_int_ne(stat(mark, &st), 0);
	ck_assert_int_eq(unlink(out), 0);
	ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

/* ---- the run chart --------------------------------------------------------- */

struct fixture {
	struct run_result r;
	struct copy_run runs[2];
	struct bench_result tests[2][4];
};

static void set(struct bench_result *t, const char *name, enum test_status st, double index)
{
	t->def = test_find(name);
	ck_assert_ptr_nonnull(t->def);
	t->status = st;
	if (st == TS_OK) {
		t->score = t->def->baseline > 0 ? index * t->def->baseline / 10 : index;
		t->index = t->def->baseline > 0 ? index : 0;
	}
}

/*
 * 1 copy: pipe 250, dhry2reg 1000, hanoi (no baseline), execl failed.
 * 2 copies: pipe 500, dhry2reg failed, execl 40.
 */
static void fixture_fill(struct fixture *f)
{
	memset(f, 0, sizeof(*f));
	snprintf(f->r.version, sizeof(f->r.version), "1.0");
	snprintf(f->r.base_name, sizeof(f->r.base_name), "box-2026-01-01-01");
	snprintf(f->r.sys.hostname, sizeof(f->r.sys.hostname), "bad\nhost");
	f->r.runs = f->runs;
	f->r.nruns = 2;
	for (size_t s = 0; s < 2; s++) {
		f->runs[s].copies = s ? 2 : 1;
		f->runs[s].tests = f->tests[s];
		f->runs[s].ntests = 4;
	}
	set(&f->tests[0][0], "pipe", TS_OK, 250);
	set(&f->tests[0][1], "dhry2reg", TS_OK, 1000);
	set(&f->tests[0][2], "hanoi", TS_OK, 5000);
	set(&f->tests[0][3], "execl", TS_FAILED, 0);
	set(&f->tests[1][0], "pipe", TS_OK, 500);
	set(&f->tests[1][1], "dhry2reg", TS_FAILED, 0);
	set(&f->tests[1][2], "hanoi", TS_OK, 5000);
	set(&f->tests[1][3], "execl", TS_OK, 40);
	score_run(&f->runs[0]);
	score_run(&f->runs[1]);
}

/*
 * The model both index charts draw (chart_rows.h): rows, values per series,
 * the largest value, the series' names and the palette.
 */
START_TEST(chart_rows_model)
{
	static struct fixture f;
	struct chart_rows cr;
	char name[64];

	fixture_fill(&f);
	ck_assert_int_eq(chart_rows_build(&f.r, &cr), 0);
	ck_assert_uint_eq(cr.nrows, 4);
	ck_assert_uint_eq(cr.nseries, 2);
	ck_assert_str_eq(cr.labels[0], "Dhrystone 2 using register variables");
	ck_assert_ptr_eq(cr.defs[0], test_find("dhry2reg"));
	ck_assert_str_eq(cr.labels[3], CHART_SCORE_LABEL);
	ck_assert_ptr_null(cr.defs[3]);
	/* hanoi has no baseline, so no row; a failed test leaves a gap. */
	for (size_t i = 0; i < cr.nrows; i++)
		ck_assert_ptr_ne(cr.defs[i], test_find("hanoi"));
	ck_assert(isnan(cr.values[1]));
	ck_assert_double_eq_tol(cr.values[4], 250, 1e-9);
	ck_assert_double_eq_tol(cr.vmax, 1000, 1e-9);
	chart_rows_series(&cr, 1, ", ", name, sizeof(name));
	ck_assert_str_eq(name, "2 copies");
	chart_rows_free(&cr);
	ck_assert_ptr_null(cr.values);
	/* Paired mode: each copy run's directory label after sep. */
	f.r.ndirs = 2;
	snprintf(f.r.dirs[0].label, sizeof(f.r.dirs[0].label), "relatime");
	snprintf(f.r.dirs[1].label, sizeof(f.r.dirs[1].label), "noatime");
	f.runs[1].dir = 1;
	f.runs[1].copies = 1;
	ck_assert_int_eq(chart_rows_build(&f.r, &cr), 0);
	chart_rows_series(&cr, 0, ", ", name, sizeof(name));
	ck_assert_str_eq(name, "1 copy, relatime");
	chart_rows_series(&cr, 1, " ", name, sizeof(name));
	ck_assert_str_eq(name, "1 copy noatime");
	chart_rows_free(&cr);
	/* One palette of six colours, repeating, for every chart. */
	ck_assert_str_eq(chart_colour(0), "#4e79a7");
	ck_assert_str_eq(chart_colour(5), "#b07aa1");
	ck_assert_str_eq(chart_colour(6), chart_colour(0));
	ck_assert_str_eq(chart_colour(13), chart_colour(1));
}
END_TEST

START_TEST(run_chart)
{
	static struct fixture f;
	struct plot_run_chart pc;
	double vmax;
	int rc;
	char *text;

	fixture_fill(&f);
	ck_assert_int_eq(plot_run_chart(&f.r, &pc), 0);
	/* Indexed tests with a result at some copy count, by title, then the score. */
	ck_assert_uint_eq(pc.chart.nrows, 4);
	ck_assert_uint_eq(pc.chart.nseries, 2);
	ck_assert_str_eq(pc.chart.rows[0], "Dhrystone 2 using register variables");
	ck_assert_str_eq(pc.chart.rows[1], "Execl Throughput");
	ck_assert_str_eq(pc.chart.rows[2], "Pipe Throughput");
	ck_assert_str_eq(pc.chart.rows[3], "System Benchmarks Index Score");
	ck_assert_ptr_null(pc.rows.defs[3]);
	ck_assert_str_eq(pc.chart.series[0], "1 copy");
	ck_assert_str_eq(pc.chart.series[1], "2 copies");
	ck_assert_double_eq_tol(pc.chart.values[0], 1000, 1e-9);
	ck_assert(isnan(pc.chart.values[1]));
	ck_assert(isnan(pc.chart.values[2]));
	ck_assert_double_eq_tol(pc.chart.values[3], 40, 1e-9);
	ck_assert_double_eq_tol(pc.chart.values[4], 250, 1e-9);
	ck_assert_double_eq_tol(pc.chart.values[5], 500, 1e-9);
	/* Scores: sqrt(1000 x 250) = 500; sqrt(40 x 500) = 141.4. */
	ck_assert_double_eq_tol(pc.chart.values[6], 500, 1e-6);
	ck_assert_double_eq_tol(pc.chart.values[7], sqrt(40.0 * 500), 1e-6);
	/* The host's newline does not break the title; the score line does. */
	ck_assert_str_eq(pc.chart.title, "sysindex 1.0 on bad host (box-2026-01-01-01)\n"
			 "System Benchmarks Index Score 500.0 (1 copy), 141.4 (2 copies)");
	/* A quick run's chart carries the quick caveat: it gets pasted alone. */
	plot_run_chart_free(&pc);
	f.r.quick = 1;
	ck_assert_int_eq(plot_run_chart(&f.r, &pc), 0);
	ck_assert_str_eq(pc.chart.title, "sysindex 1.0 on bad host (box-2026-01-01-01)\n"
			 "System Benchmarks Index Score 500.0 (1 copy), 141.4 (2 copies)\n"
			 REPORT_QUICK_FIRST);
	f.r.quick = 0;
	/* The values are the model's; the bars are drawn in its palette. */
	ck_assert_ptr_eq(pc.chart.values, pc.rows.values);
	vmax = pc.rows.vmax;
	text = produce(script_writer, &pc.chart, "svg", &vmax, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_ptr_nonnull(strstr(text, "lc rgb '#f28e2b' title '2 copies'"));
	ck_assert_ptr_nonnull(strstr(text, "set xlabel '" CHART_VALUE_LABEL "'"));
	free(text);
	plot_run_chart_free(&pc);
	/* Nothing indexed ran: no rows, nothing to chart. */
	set(&f.tests[0][0], "pipe", TS_FAILED, 0);
	set(&f.tests[0][1], "dhry2reg", TS_FAILED, 0);
	set(&f.tests[1][0], "pipe", TS_FAILED, 0);
	set(&f.tests[1][3], "execl", TS_FAILED, 0);
	score_run(&f.runs[0]);
	score_run(&f.runs[1]);
	ck_assert_int_eq(plot_run_chart(&f.r, &pc), 0);
	ck_assert_uint_eq(pc.chart.nrows, 0);
	plot_run_chart_free(&pc);
}
END_TEST

Suite *suite_plot(void)
{
	Suite *s = suite_create("plot");
	TCase *tc = tcase_create("plot");

	tcase_add_test(tc, data_blocks);
	tcase_add_test(tc, script_lines);
	tcase_add_test(tc, script_taller_and_empty);
	tcase_add_test(tc, checks_before_gnuplot);
	tcase_add_test(tc, hostile_strings_run_nothing);
	tcase_add_test(tc, chart_rows_model);
	tcase_add_test(tc, run_chart);
	suite_add_tcase(s, tc);
	return s;
}
