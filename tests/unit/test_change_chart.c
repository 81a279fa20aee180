/*
 * test_change_chart.c: the chart-of-change model (report/change_chart.h)
 * filled by compare and by paired mode, its inline SVG (escaped, every
 * text inside the width, a zero line, an error bar per interval) and its
 * gnuplot script (error bars, zero line, zoomed axis, verdicts, quoting).
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare_int.h"
#include "report/change_chart.h"
#include "report/report.h"

enum what { SVG, DATA, SCRIPT };

/* What a writer of cc produces (malloc'd); its return value in *rc (0 for SVG). */
static char *text_of(const struct change_chart *cc, enum what w, int *rc)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	*rc = 0;
	if (w == SVG)
		change_chart_svg(f, cc);
	else
		*rc = w == DATA ? change_chart_write_data(f, cc) : change_chart_write_script(f, "svg", cc);
	ck_assert_int_eq(fclose(f), 0);
	return buf;
}

static char *svg_of(const struct change_chart *cc)
{
	int rc;

	return text_of(cc, SVG, &rc);
}

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;

	for (const char *p = strstr(hay, needle); p != NULL; p = strstr(p + 1, needle))
		n++;
	return n;
}

/* A chart of two groups, two series, hostile strings everywhere. */
static void hostile_chart(struct change_chart *cc)
{
	change_chart_init(cc, "base<script>'\"&");
	ck_assert_int_eq(change_chart_series(cc, "b`id`<i>"), 0);
	ck_assert_int_eq(change_chart_series(cc, "c'x"), 1);
	ck_assert_int_eq(change_chart_add(cc, "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW</text>",
					  0, 2, 1, 3, "faster"), 0);
	ck_assert_int_eq(change_chart_add(cc, "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW</text>",
					  1, -5, NAN, NAN, "MMMMMMMMMMMMMMMMMMMM <b>"), 0);
	ck_assert_int_eq(change_chart_add(cc, "Pipe \"x\"", 0, 0.5, -0.5, 1.5, ""), 0);
	snprintf(cc->title, sizeof(cc->title), "t `touch x` 'q'");
}

START_TEST(model_groups_and_axis)
{
	struct change_chart cc;
	double lo, hi;

	hostile_chart(&cc);
	ck_assert_uint_eq(cc.nrows, 3);
	ck_assert_uint_eq(change_chart_ngroups(&cc), 2);
	ck_assert(change_chart_group_start(&cc, 0) && !change_chart_group_start(&cc, 1) &&
		  change_chart_group_start(&cc, 2));
	ck_assert(isnan(cc.rows[1].lo) && isnan(cc.rows[1].hi));
	ck_assert_str_eq(cc.rows[2].verdict, "-");
	/* -5 .. +3 with zero in, widened by 5 % of the span on each side. */
	change_chart_axis(&cc, 0, &lo, &hi);
	ck_assert_double_eq_tol(lo, -5.4, 1e-9);
	ck_assert_double_eq_tol(hi, 3.4, 1e-9);
	change_chart_free(&cc);
	/* A tiny span: at least one point wide, zero in. */
	change_chart_init(&cc, "a");
	ck_assert_int_eq(change_chart_add(&cc, "x", 0, 0.1, NAN, NAN, "equivalent"), 0);
	change_chart_axis(&cc, 0, &lo, &hi);
	ck_assert(lo < 0 && hi > 0.1 && hi - lo >= 1);
	change_chart_free(&cc);
}
END_TEST

/* &lt; and friends back to one character each. */
static void unescape(const char *s, size_t n, char *out, size_t len)
{
	static const char *const ents[][2] = { { "&lt;", "<" }, { "&gt;", ">" }, { "&amp;", "&" },
					       { "&quot;", "\"" }, { "&#39;", "'" } };
	size_t o = 0;

	for (size_t i = 0; i < n && o + 1 < len;) {
		size_t k = 0;

		while (k < 5 && strncmp(s + i, ents[k][0], strlen(ents[k][0])) != 0)
			k++;
		if (s[i] == '&' && k < 5) {
			out[o++] = ents[k][1][0];
			i += strlen(ents[k][0]);
		} else {
			out[o++] = s[i++];
		}
	}
	out[o] = '\0';
}

/* Every <text> between svg and end: its estimated extent within 0..the svg's width. */
static void texts_inside_one(const char *svg, const char *end_svg)
{
	double width = strtod(strstr(svg, "width=\"") + 7, NULL);

	ck_assert(end_svg != NULL);
	for (const char *p = strstr(svg, "<text "); p != NULL && p < end_svg;
	     p = strstr(p + 1, "<text ")) {
		const char *gt = strchr(p, '>'), *end = strstr(p, "</text>");
		const char *anchor = strstr(p, "text-anchor=\"");
		const char *fs = strstr(p, "font-size=\"");
		double x = strtod(strstr(p, "x=\"") + 3, NULL), w, left;
		char text[600];

		ck_assert(gt != NULL && end != NULL && fs != NULL && fs < gt);
		unescape(gt + 1, (size_t)(end - gt - 1), text, sizeof(text));
		w = change_text_em(text) * strtod(fs + 11, NULL);
		left = anchor != NULL && anchor < gt ? (anchor[13] == 'e' ? x - w : x - w / 2) : x;
		ck_assert_msg(left >= 0 && left + w <= width, "text '%s' at %.1f..%.1f of %.0f", text,
			      left, left + w, width);
	}
}

/* Every <text> of each <svg>: its estimated extent within 0..its svg's width. */
static void texts_inside(const char *page)
{
	for (const char *svg = strstr(page, "<svg "); svg != NULL; svg = strstr(svg + 1, "<svg "))
		texts_inside_one(svg, strstr(svg, "</svg>"));
}

START_TEST(svg_escaped_inside_zero_bars)
{
	struct change_chart cc;
	char *svg;

	hostile_chart(&cc);
	svg = svg_of(&cc);
	ck_assert_ptr_null(strstr(svg, "<script"));
	ck_assert_ptr_null(strstr(svg, "<i>"));
	ck_assert_ptr_null(strstr(svg, "<b>"));
	ck_assert_ptr_nonnull(strstr(svg, "WWW&lt;/text&gt;</text>"));
	ck_assert_ptr_nonnull(strstr(svg, "base&lt;script&gt;&#39;&quot;&amp;"));
	/* Drawn twice, wide and narrow (for a phone), the page showing one. */
	ck_assert_uint_eq(count(svg, "<svg "), 2);
	ck_assert_uint_eq(count(svg, "<div class=\"wide\">"), 1);
	ck_assert_uint_eq(count(svg, "<div class=\"narrow\">"), 1);
	ck_assert_uint_eq(count(svg, "class=\"zero\""), 2);
	/* A marker (a rect of non-zero size) per row, an error bar per interval. */
	ck_assert_uint_eq(count(svg, "<rect class=\"bar\""), 6);
	ck_assert_uint_eq(count(svg, "width=\"7\" height=\"7\""), 6);
	ck_assert_uint_eq(count(svg, "class=\"ci\""), 4);
	/* Each group's label once, each verdict once, in each drawing. */
	ck_assert_uint_eq(count(svg, "WWWW&lt;/text&gt;</text>"), 2);
	ck_assert_uint_eq(count(svg, "MMMM &lt;b&gt;</text>"), 2);
	/* A linear axis: nothing here passes doubling or halving. */
	ck_assert_ptr_null(strstr(svg, "log scale"));
	texts_inside(svg);
	/* The key names the series. */
	ck_assert_ptr_nonnull(strstr(svg, "b`id`&lt;i&gt;"));
	free(svg);
	change_chart_free(&cc);
	/* No row: nothing at all. */
	change_chart_init(&cc, "a");
	svg = svg_of(&cc);
	ck_assert_str_eq(svg, "");
	free(svg);
}
END_TEST

START_TEST(gnuplot_files)
{
	struct change_chart cc;
	int rc;
	char *t;

	hostile_chart(&cc);
	t = text_of(&cc, DATA, &rc);
	ck_assert_int_eq(rc, 0);
	/* y from the top, half a unit between groups; no interval: lo = hi = change. */
	ck_assert_str_eq(t, "# 0\n0.000 2.000000 1.000000 3.000000\n"
			 "-2.500 0.500000 -0.500000 1.500000\n\n\n"
			 "# 1\n-1.000 -5.000000 -5.000000 -5.000000\n\n\n");
	free(t);
	t = text_of(&cc, SCRIPT, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_ptr_nonnull(strstr(t, "set title 't `touch x` ''q'''\n"));
	ck_assert_ptr_nonnull(strstr(t, "set xrange [-5.400000:3.400000]\n"));
	ck_assert_ptr_nonnull(strstr(t, "set arrow from 0, graph 0 to 0, graph 1 nohead"));
	ck_assert_ptr_nonnull(strstr(t, "set ytics ('WWWW"));
	ck_assert_ptr_nonnull(strstr(t, "</text>' -0.500)\nset ytics add ('Pipe \"x\"' -2.500)\n"));
	ck_assert_ptr_nonnull(strstr(t, "set label 1 'faster' at graph 1.01, first 0.000 left"));
	ck_assert_ptr_nonnull(strstr(t, "set label 3 '-' at graph 1.01, first -2.500 left"));
	ck_assert_ptr_nonnull(strstr(t, "plot 'chart.dat' index 0 using 2:1:3:4 with xerrorbars"));
	ck_assert_ptr_nonnull(strstr(t, "title 'b`id`<i>'"));
	ck_assert_ptr_nonnull(strstr(t, "index 1 using 2:1:3:4 with xerrorbars"));
	ck_assert_ptr_nonnull(strstr(t, "title 'c''x'\n"));
	/* Outside text never double-quoted: gnuplot runs `backquotes` in those. */
	ck_assert_ptr_null(strstr(t, "\"b`"));
	free(t);
	change_chart_free(&cc);
	/* No row: an error, not a script gnuplot would reject. */
	change_chart_init(&cc, "a");
	ck_assert_int_eq(change_chart_series(&cc, "b"), 0);
	free(text_of(&cc, SCRIPT, &rc));
	ck_assert_int_eq(rc, -1);
}
END_TEST

/*
 * A change past doubling (a tmpfs ignoring fdatasync: +20,000 %) puts the
 * axis on a log scale of the ratio, in the SVG and the gnuplot files alike,
 * so that the +10 % row is not a dot at 0; changes within halving and
 * doubling keep a linear axis.
 */
START_TEST(log_axis_past_doubling)
{
	struct change_chart cc;
	double lo, hi, at[24];
	size_t n, k;
	int rc;
	char *t;

	change_chart_init(&cc, "ext4");
	ck_assert_int_eq(change_chart_series(&cc, "tmpfs"), 0);
	ck_assert_int_eq(change_chart_add(&cc, "File Copy", 0, 10, 5, 15, "faster"), 0);
	ck_assert_int_eq(change_chart_add(&cc, "fdatasync", 0, 20000, 15000, 25000, "faster"), 0);
	ck_assert_int_eq(change_chart_log(&cc), 1);
	ck_assert_double_eq_tol(change_chart_at(1, 900), 1, 1e-12);
	ck_assert_double_eq_tol(change_chart_at(1, 0), 0, 1e-12);
	ck_assert_double_eq_tol(change_chart_pct(1, 2), 9900, 1e-9);
	ck_assert_double_eq_tol(change_chart_at(0, 20000), 20000, 1e-12);
	change_chart_axis(&cc, 1, &lo, &hi);
	ck_assert(lo < 0 && hi > log10(251) && hi < 3);
	/* Ratios 1, 2, 5, 10, ... 200: 0 and +900 % among them, at most 9. */
	n = change_chart_ticks(1, lo, hi, at, 24);
	ck_assert(n >= 3 && n <= 9);
	for (k = 0; k < n && fabs(at[k] - 1) > 1e-9; k++)
		;
	ck_assert_uint_lt(k, n);
	t = svg_of(&cc);
	ck_assert_ptr_nonnull(strstr(t, "(log scale)"));
	ck_assert_ptr_nonnull(strstr(t, ">+900</text>"));
	ck_assert_ptr_nonnull(strstr(t, "The axis is a log scale of the ratio"));
	texts_inside(t);
	free(t);
	/* gnuplot: the data in log10 of the ratio, the tics labelled in %. */
	t = text_of(&cc, DATA, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_ptr_nonnull(strstr(t, " 0.041393 0.021189 0.060698\n"));
	free(t);
	t = text_of(&cc, SCRIPT, &rc);
	ck_assert_int_eq(rc, 0);
	ck_assert_ptr_nonnull(strstr(t, "log scale of the ratio"));
	ck_assert_ptr_nonnull(strstr(t, "('0' 0.000000)\n"));
	ck_assert_ptr_nonnull(strstr(t, "set xtics add ('+9900' 2.000000)\n"));
	ck_assert_ptr_nonnull(strstr(t, "set xtics add ('+900' 1.000000)\n"));
	free(t);
	change_chart_free(&cc);
	/* -40 % .. +60 %: within halving and doubling, linear. */
	change_chart_init(&cc, "a");
	ck_assert_int_eq(change_chart_add(&cc, "x", 0, 60, -40, 90, "faster"), 0);
	ck_assert_int_eq(change_chart_log(&cc), 0);
	change_chart_free(&cc);
}
END_TEST

/*
 * compare's rows, worked by hand: two inputs, three rows; the row without
 * a change is left out, the unjudged one has no interval.
 */
START_TEST(filled_by_compare)
{
	static struct compare c;
	static struct row rows[3];
	static struct delta d[3][2];
	struct change_chart cc;

	memset(&c, 0, sizeof(c));
	c.nin = 2;
	snprintf(c.in[0].label, sizeof(c.in[0].label), "old");
	snprintf(c.in[1].label, sizeof(c.in[1].label), "new");
	for (size_t r = 0; r < 3; r++) {
		rows[r].copies = 1;
		rows[r].deltas = d[r];
		d[r][1].verdict = "";
	}
	snprintf(rows[0].title, sizeof(rows[0].title), "Pipe Throughput");
	d[0][1] = (struct delta){ .change = 10, .judged = 1, .ci_lo = 4, .ci_hi = 16,
				  .verdict = verdict_word(VD_FASTER) };
	snprintf(rows[1].title, sizeof(rows[1].title), "Shell");
	d[1][1] = (struct delta){ .change = -3, .verdict = V_ONESAMPLE };
	snprintf(rows[2].title, sizeof(rows[2].title), "Units");
	d[2][1] = (struct delta){ .change = NAN, .verdict = V_UNITS };
	c.rows = rows;
	c.nrows = 3;
	ck_assert_int_eq(cmp_change_chart(&c, &cc), 0);
	ck_assert_str_eq(cc.baseline, "old");
	ck_assert_uint_eq(cc.nseries, 1);
	ck_assert_str_eq(cc.series[0], "new");
	ck_assert_uint_eq(cc.nrows, 2);
	ck_assert_str_eq(cc.rows[0].label, "Pipe Throughput");
	ck_assert_double_eq(cc.rows[0].change, 10);
	ck_assert_double_eq(cc.rows[0].lo, 4);
	ck_assert_double_eq(cc.rows[0].hi, 16);
	ck_assert_str_eq(cc.rows[0].verdict, "faster");
	ck_assert_str_eq(cc.rows[0].detail, "+10.00 % (95 % CI +4.00..+16.00 %): faster");
	ck_assert_str_eq(cc.rows[1].label, "Shell");
	ck_assert(isnan(cc.rows[1].lo));
	ck_assert_str_eq(cc.rows[1].verdict, V_ONESAMPLE);
	change_chart_free(&cc);
}
END_TEST

/* A paired run of three directories: a group per test, a series per directory. */
START_TEST(filled_by_paired)
{
	static struct run_result r;
	static struct paired_cmp cmps[3];
	struct change_chart cc;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	memset(&r, 0, sizeof(r));
	r.ndirs = 3;
	snprintf(r.dirs[0].label, sizeof(r.dirs[0].label), "rel");
	snprintf(r.dirs[1].label, sizeof(r.dirs[1].label), "noat");
	snprintf(r.dirs[2].label, sizeof(r.dirs[2].label), "lazy");
	snprintf(r.version, sizeof(r.version), "0.1.0");
	snprintf(r.base_name, sizeof(r.base_name), "host-1");
	for (size_t k = 0; k < 3; k++) {
		cmps[k].copies = 1;
		cmps[k].base_status = cmps[k].status = TS_OK;
		cmps[k].rounds = 6;
	}
	/* Stored out of group order: fsbuffer/noat, fstime/noat, fsbuffer/lazy. */
	cmps[0].def = test_find("fsbuffer");
	cmps[0].dir = 1;
	cmps[0].st = (struct paired_stats){ .n = 6, .ratio = 1.10, .ci_lo = 1.05, .ci_hi = 1.15,
					    .vd = { .v = VD_FASTER } };
	cmps[1].def = test_find("fstime");
	cmps[1].dir = 1;
	cmps[1].st = (struct paired_stats){ .n = 1, .ratio = 0.98 };
	cmps[2].def = test_find("fsbuffer");
	cmps[2].dir = 2;
	cmps[2].st = (struct paired_stats){ .n = 6, .ratio = 0.99, .ci_lo = 0.97, .ci_hi = 1.01,
					    .vd = { .v = VD_EQUIVALENT } };
	r.cmps = cmps;
	r.ncmps = 3;
	ck_assert_int_eq(change_chart_paired(&r, &cc), 0);
	ck_assert_str_eq(cc.baseline, "rel");
	ck_assert_uint_eq(cc.nseries, 2);
	ck_assert_str_eq(cc.series[1], "lazy");
	ck_assert_uint_eq(cc.nrows, 3);
	ck_assert_str_eq(cc.rows[0].label, cmps[0].def->title);
	ck_assert_str_eq(cc.rows[1].label, cmps[0].def->title);
	ck_assert_uint_eq(cc.rows[1].series, 1);
	ck_assert_double_eq_tol(cc.rows[0].change, 10, 1e-9);
	ck_assert_double_eq_tol(cc.rows[0].lo, 5, 1e-9);
	ck_assert_double_eq_tol(cc.rows[1].hi, 1, 1e-9);
	ck_assert_str_eq(cc.rows[0].verdict, "faster");
	ck_assert_str_eq(cc.rows[1].verdict, "equivalent");
	ck_assert_str_eq(cc.rows[2].label, cmps[1].def->title);
	ck_assert(isnan(cc.rows[2].lo));
	ck_assert_str_eq(cc.rows[2].verdict, "inconclusive: 1 round");
	ck_assert_ptr_nonnull(strstr(cc.title, "change against rel"));
	change_chart_free(&cc);
	/* The run's HTML draws it before the paired tables. */
	f = open_memstream(&buf, &len);
	ck_assert_int_eq(report_html(f, &r), 0);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_ptr_nonnull(strstr(buf, "<h2 id=\"paired-chart\">"));
	/* Headed by what it compared, UnixBench's line under it. */
	ck_assert_ptr_nonnull(strstr(buf, "<h1>noat, lazy vs rel: file tests</h1>\n<p class=\"small\">"
				     "BYTE UNIX Benchmarks (Version 6.0.0; sysindex 0.1.0)</p>"));
	ck_assert_ptr_nonnull(strstr(buf, "Paired comparison: changes against rel</h2>\n<style>"));
	ck_assert_ptr_nonnull(strstr(buf, "<div class=\"wide\">\n<div class=\"chart\">\n"
				     "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"si-chart\""));
	/* Drawn twice: wide, and narrow for a phone. */
	ck_assert_uint_eq(count(buf, "<rect class=\"bar\""), 6);
	ck_assert_uint_eq(count(buf, "class=\"ci\""), 4);
	ck_assert_ptr_nonnull(strstr(buf, report_paired_instance_note));
	free(buf);
	/* The Markdown: the same heading; the comparison before the details. */
	f = open_memstream(&buf, &len);
	ck_assert_int_eq(report_md(f, &r), 0);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_msg(strncmp(buf, "# noat, lazy vs rel: file tests\n\nsysindex results: ", 51) == 0,
		      "%.60s", buf);
	ck_assert(strstr(buf, "change: the geometric mean") != NULL &&
		  strstr(buf, "## Details") != NULL &&
		  strstr(buf, "change: the geometric mean") < strstr(buf, "## Details"));
	free(buf);
}
END_TEST

Suite *suite_change_chart(void)
{
	Suite *s = suite_create("change_chart");
	TCase *tc = tcase_create("change_chart");

	tcase_add_test(tc, model_groups_and_axis);
	tcase_add_test(tc, svg_escaped_inside_zero_bars);
	tcase_add_test(tc, gnuplot_files);
	tcase_add_test(tc, log_axis_past_doubling);
	tcase_add_test(tc, filled_by_compare);
	tcase_add_test(tc, filled_by_paired);
	suite_add_tcase(s, tc);
	return s;
}
