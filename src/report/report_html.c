/*
 * report_html.c: one self-contained HTML5 page (inline CSS, an inline SVG
 * chart drawn here, no scripts, no external files, no network), so the page
 * can be mailed or archived alone and shows the same everywhere.  Tables
 * follow UnixBench's HTML report: system information, then per copy count
 * the results, the index tables and sysindex's statistics.  The results,
 * curve, statistics and paired tables' rows are report_table.c's, the same
 * as the Markdown report's, in report_table.c's HTML: this file gives their
 * frames.
 */
#include "report/report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/change_chart.h"
#include "report/chart_rows.h"
#include "report/series_chart.h"
#include "report/paired_table.h"
#include "util/html_out.h"
#include "util/json_out.h"
#include "util/util.h"

/* Text for element content and attribute values (html_out.h). */
static void esc(FILE *out, const char *str)
{
	html_text(out, str);
}


static void info_row(FILE *out, const char *name, const char *value)
{
	fprintf(out, "<tr><th>%s</th><td>", name);
	esc(out, value);
	fputs("</td></tr>\n", out);
}

static void head(FILE *out, const struct run_result *r)
{
	char title[512];
	char heading[REPORT_HEADING_MAX];

	fmt(title, sizeof(title), "sysindex: %s (%s)", r->sys.hostname, r->base_name);
	report_heading(r, heading, sizeof(heading));
	html_head(out, title);
	/* A comparison is headed by what it compared; UnixBench's line stays under it. */
	if (heading[0]) {
		fputs("<h1>", out);
		esc(out, heading);
		fputs("</h1>\n<p class=\"small\">BYTE UNIX Benchmarks (Version 6.0.0; sysindex ", out);
	} else {
		fputs("<h1>BYTE UNIX Benchmarks (Version 6.0.0; sysindex ", out);
	}
	esc(out, r->version);
	fputs(heading[0] ? ")</p>\n" : ")</h1>\n", out);
	if (r->interrupted) {
		char why[REASON_MAX + 16];

		report_stopped(r, why, sizeof(why));
		fputs("<p class=\"warn\">", out);
		esc(out, why);
		fputs(": partial results</p>\n", out);
	}
}

/* The test directory's rows, from the one description (report_dir.c). */
static void mount_rows(FILE *out, const struct run_result *r)
{
	const struct sys_info *si = &r->sys;
	struct report_dir *rd = malloc(sizeof(*rd));

	if (rd == NULL)
		return;
	report_dir_desc(si->testdir, si->have_mount, &si->mount, &si->device, rd);
	if (r->nsettings >= 2)
		report_dir_as_found(rd);
	info_row(out, "Test dir", rd->path);
	if (!rd->have_mount) {
		info_row(out, "Mount", "unknown");
		free(rd);
		return;
	}
	info_row(out, "Mount", rd->mount);
	fputs("<tr><th>Mount options</th><td>", out);
	esc(out, rd->options);
	fputs("<br><span class=\"small\">superblock: ", out);
	esc(out, rd->super_options);
	fputs("</span></td></tr>\n", out);
	info_row(out, "Device", rd->device);
	info_row(out, "Free space", rd->free);
	free(rd);
}

/* A paired run's directory in one sentence, from the one description (report_dir.c). */
static void dir_sentence(FILE *out, const struct test_dir *td)
{
	struct report_dir *rd = malloc(sizeof(*rd));
	struct report_dir_part parts[REPORT_DIR_PARTS];
	size_t n;

	if (rd == NULL)
		return;
	report_dir_desc(td->path, td->have_mount, &td->mount, &td->device, rd);
	n = report_dir_parts(rd, parts);
	for (size_t i = 0; i < n; i++) {
		fputs(parts[i].head, out);
		esc(out, parts[i].value);
	}
	free(rd);
}

static void system_table(FILE *out, const struct run_result *r)
{
	const struct sys_info *si = &r->sys;
	char buf[1024];

	fputs("<h2>Test System Information</h2>\n<table class=\"info\">\n", out);
	snprintf(buf, sizeof(buf), "%s: %s", si->hostname, si->system);
	info_row(out, "System", buf);
	snprintf(buf, sizeof(buf), "%s -- %s -- %s", si->os, si->os_release, si->os_version);
	info_row(out, "OS", buf);
	snprintf(buf, sizeof(buf), "%s (%s)", si->machine, si->platform);
	info_row(out, "Machine", buf);
	if (si->distribution[0])
		info_row(out, "Distribution", si->distribution);
	report_host_identity(si, buf, sizeof(buf));
	info_row(out, "Host identity", buf);
	info_row(out, "Language", si->language);
	fprintf(out, "<tr><th>CPUs</th><td>%u online</td></tr>\n", si->ncpus);
	if (si->ncpu_info == 0 && !si->brief)
		info_row(out, "CPU", "no details available");
	for (size_t i = 0; i < si->ncpu_info && si->cpus != NULL; i++) {
		fprintf(out, "<tr><th>CPU %zu</th><td>", i);
		esc(out, si->cpus[i].model);
		fprintf(out, " (%.1f bogomips)<br><span class=\"small\">", si->cpus[i].bogomips);
		esc(out, si->cpus[i].flags);
		fputs("</span></td></tr>\n", out);
	}
	if (si->mem_total_kb > 0) {
		format_bytes(si->mem_total_kb * 1024ULL, buf, sizeof(buf));
		info_row(out, "Memory", buf);
	}
	{
		struct report_hline hl[REPORT_HLINES_MAX];
		size_t n = report_host_lines(r, hl, REPORT_HLINES_MAX);

		for (size_t i = 0; i < n; i++)
			info_row(out, hl[i].label, hl[i].value);
	}
	if (si->timer_res_ns > 0)
		fprintf(out, "<tr><th>Timer resolution</th><td>%g ns</td></tr>\n", si->timer_res_ns);
	info_row(out, "Uptime", si->uptime);
	info_row(out, "Compiler", si->cc_version);
	info_row(out, "Test programs built with", si->bench_cflags);
	info_row(out, "Mode", r->mode);
	info_row(out, "Workload", workload_tags[r->workload]);
	if (report_intf_line(r, buf, sizeof(buf)) == 0)
		info_row(out, "Interference", buf);
	mount_rows(out, r);
	fputs("</table>\n", out);
}

static const struct table_frame html_results = {
	.open = "",
	.head = "<table class=\"results\">\n<tr><th>Test</th><th>Score</th><th>Unit</th>"
		"<th>Time</th><th>Samples</th><th>Notes</th></tr>\n",
	.close = "</table>\n",
};
static const enum result_col html_result_cols[] = {
	RC_RESULT, RC_UNIT, RC_TIME, RC_SAMPLES, RC_NOTES,
};

/* mem-latency's curve: working set, ns per load, the level it fits in. */
static const struct table_frame html_curve = {
	.open = "<h3>",
	.head = ": working set to ns per load</h3>\n<table class=\"results\">\n"
		"<tr><th>Working set</th><th>ns/load</th><th>Fits in</th></tr>\n",
	.close = "</table>\n",
};

static void index_table(FILE *out, const struct copy_run *run, const size_t *order,
			enum test_category c)
{
	const struct cat_index *ci = &run->cats[c];
	char fb[FIGURE_BUF], fi[FIGURE_BUF];

	if (!ci->any_results)
		return;
	fprintf(out, "<h3>%s %s</h3>\n", category_title[c],
		ci->partial ? "Partial Index" : "Index Values");
	if (ci->nindexed == 0) {
		fprintf(out, "<p>No index results available for %s</p>\n", category_title[c]);
		return;
	}
	fputs("<table class=\"index\">\n<tr><th>Test</th><th>Baseline</th><th>Result</th>"
	      "<th>Index</th></tr>\n", out);
	for (size_t k = 0; k < run->ntests; k++) {
		const struct bench_result *t = &run->tests[order[k]];

		if (test_category(t->def) != c || t->status != TS_OK)
			continue;
		fputs("<tr><td>", out);
		esc(out, t->def->title);
		if (t->def->baseline > 0)
			fprintf(out, "</td><td class=\"n\">%.1f</td><td class=\"n\">%s</td>"
				"<td class=\"n\">%s</td></tr>\n", t->def->baseline,
				figure(fb, t->score, 0), figure(fi, t->index, 0));
		else
			fprintf(out, "</td><td class=\"n\">---</td><td class=\"n\">%s</td>"
				"<td class=\"n\">---</td></tr>\n", figure(fb, t->score, 0));
	}
	fprintf(out, "<tr class=\"total\"><td colspan=\"3\">%s Index Score%s</td>"
		"<td class=\"n\">%s</td></tr>\n</table>\n", category_title[c],
		ci->partial ? " (Partial Only)" : "", figure(fb, ci->score, 0));
}

static const struct table_frame html_stats = {
	.open = "",
	/* Collapsed: the details behind the summary, one click away. */
	.head = "<details class=\"stats\"><summary><b>Statistics</b> (every sample's rate)"
		"</summary>\n<table class=\"stats\">\n"
		"<tr><th>Test</th><th>n</th><th>Mean</th><th>SD</th><th>&plusmn;CI95</th>"
		"<th>CV</th><th>Min</th><th>Max</th><th>Flags</th></tr>\n",
	.close = "</table>\n</details>\n",
};
static const enum stat_col html_stat_cols[] = {
	SC_N, SC_MEAN, SC_SD, SC_CI, SC_CV, SC_MIN, SC_MAX, SC_FLAGS,
};

/* The text report's Scaling block as a table, then report_notes(). */
static void scaling_notes(FILE *out, const struct copy_run *run, const size_t *order)
{
	const char *notes[REPORT_MAX_NOTES];
	size_t n = report_notes(run, notes);
	int any = 0;

	for (size_t k = 0; k < run->ntests; k++) {
		const struct bench_result *t = &run->tests[order[k]];

		if (t->scaling <= 0)
			continue;
		if (!any)
			fprintf(out, "<h3>Scaling: result / (%u &times; 1-copy result)</h3>\n"
				"<table class=\"results\">\n", run->copies);
		any = 1;
		fputs("<tr><td>", out);
		esc(out, t->def->title);
		fprintf(out, "</td><td>%.1f %%</td></tr>\n", 100 * t->scaling);
	}
	if (any)
		fputs("</table>\n", out);
	for (size_t i = 0; i < n; i++) {
		fputs("<p class=\"small\">", out);
		esc(out, notes[i]);
		fputs("</p>\n", out);
	}
}

/* The Placement block (report_table.c's table) with its legend in words. */
static const struct table_frame html_placement = {
	.open = "<h3>Placement</h3>\n<table class=\"placement\">\n", .head = "",
	.close = "</table>\n", .heads = &table_html_heads,
};

static void placement(FILE *out, const struct copy_run *run, const size_t *order)
{
	struct table_out tab = table_html(out);

	if (report_placement_table(&tab, run, order, &html_placement) > 0) {
		fputs("<p class=\"small\">", out);
		esc(out, report_placement_legend);
		fputs("</p>\n", out);
	}
}

static void copy_section(FILE *out, const struct run_result *r, const struct copy_run *run)
{
	struct table_out tab = table_html(out);
	struct report_section sec;
	long secs = (long)difftime(run->end, run->start);
	const size_t *order;
	const struct cat_index *sys = &run->cats[CAT_SYSTEM];
	char cibuf[160], fb[FIGURE_BUF];

	if (report_section_open(run, &sec) != 0)
		return;
	order = sec.order;
	fprintf(out, "<h2 id=\"copies-%u\">Benchmark Run: %u CPU%s; %u parallel process%s</h2>\n",
		run->copies, r->sys.ncpus, r->sys.ncpus == 1 ? "" : "s", run->copies,
		run->copies == 1 ? "" : "es");
	fprintf(out, "<p>Time: %s %s - %s; %ldm %02lds</p>\n", sec.day, sec.t0, sec.t1,
		secs < 0 ? 0 : secs / 60, secs < 0 ? 0 : secs % 60);
	if (r->ndirs >= 2) {
		const struct test_dir *td = &r->dirs[run->dir];

		fputs(r->nsettings > run->dir ? "<p>Setting <strong>" : "<p>Test dir <strong>", out);
		esc(out, td->label);
		fputs(run->dir == 0 ? "</strong> (baseline): " : "</strong>: ", out);
		dir_sentence(out, td);
		fputs("</p>\n", out);
		if (r->nsettings > run->dir) {
			fputs("<p>Setting command: <code>", out);
			esc(out, r->settings[run->dir].command);
			fputs("</code></p>\n", out);
		}
	}
	if (sys->nindexed > 0)
		fprintf(out, "<p class=\"score\">System Benchmarks Index Score%s: <strong>%s</strong>"
			"</p>\n", sys->partial ? " (Partial Only)" : "", figure(fb, sys->score, 0));
	if (sys->nindexed > 0)
		fprintf(out, "<p class=\"score-ci\">Index score 95%% CI (delta method): %s</p>\n",
			report_score_ci_text(run, cibuf, sizeof(cibuf)));
	{
		char rep[768];

		report_repeat_text(r, run, rep, sizeof(rep));
		if (rep[0]) {
			fputs("<p class=\"score-ci\">", out);
			esc(out, rep);
			fputs("</p>\n", out);
		}
	}
	report_results_table(&tab, run, order, html_result_cols,
			     sizeof(html_result_cols) / sizeof(html_result_cols[0]), &html_results);
	report_curve_tables(&tab, run, order, &html_curve);
	for (size_t k = 0; k < run->ntests; k++) {
		struct series_view v;

		if (series_view(&run->tests[order[k]], &v) == 0)
			series_svg(out, &v);
	}
	for (int c = 0; c < CAT_COUNT; c++)
		index_table(out, run, order, (enum test_category)c);
	report_stats_table(&tab, r, run, order, html_stat_cols,
			   sizeof(html_stat_cols) / sizeof(html_stat_cols[0]), &html_stats);
	placement(out, run, order);
	scaling_notes(out, run, order);
	report_section_close(&sec);
}

/* A round axis step (1, 2 or 5 times a power of ten) giving about 5 ticks. */
static double nice_step(double max)
{
	double raw = max / 5, p = pow(10, floor(log10(raw))), f = raw / p;

	return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
}

/* The label column: room for the widest row label drawn (the score's bold), 6 px either side. */
static int label_column(const struct chart_rows *cr)
{
	int w = html_text_px(CHART_SCORE_LABEL, 12, 1);

	for (size_t i = 0; i < cr->nrows; i++)
		if (cr->defs[i] != NULL && html_text_px(cr->labels[i], 12, 0) > w)
			w = html_text_px(cr->labels[i], 12, 0);
	return w + 12;
}

/*
 * The chart's geometry in px, wide (the labels left of the bars) or narrow
 * (each label on a line above its bars, for a phone): label column, where
 * the plot starts and its width, one bar, one row's group, the key's rows.
 */
#define INDEX_NARROW_W 340
#define INDEX_KEY_W 110         /* a series' place in the key */
struct chart_box {
	int narrow, label_w, plot_x, plot_w, bar_h, group_h, row_label_h, key_per_line, top;
	int width, height;
	double vmax, step;   /* the axis: 0..vmax in steps of step */
};

static struct chart_box chart_box(const struct chart_rows *cr, int narrow)
{
	struct chart_box b = { .narrow = narrow, .bar_h = 14 };
	int key_lines;

	b.label_w = label_column(cr);
	if (narrow) {
		b.plot_x = 8;
		b.plot_w = INDEX_NARROW_W - b.plot_x - 62;
		b.row_label_h = 16;
		b.width = b.label_w > INDEX_NARROW_W ? b.label_w : INDEX_NARROW_W;
	} else {
		b.plot_x = b.label_w;
		b.plot_w = 520;
		b.width = b.label_w + b.plot_w + 70;
	}
	b.key_per_line = (b.width - b.plot_x) / INDEX_KEY_W;
	if (b.key_per_line < 1)
		b.key_per_line = 1;
	key_lines = ((int)cr->nseries + b.key_per_line - 1) / b.key_per_line;
	b.top = 14 + 16 * (key_lines > 1 ? key_lines : 1);
	b.group_h = b.row_label_h + (int)cr->nseries * b.bar_h + 10;
	b.height = b.top + (int)cr->nrows * b.group_h + 48;
	b.step = nice_step(cr->vmax);
	b.vmax = ceil(cr->vmax / b.step) * b.step;
	return b;
}

/* The key above the bars, then the grid and the value axis's name below. */
static void chart_axes(FILE *out, const struct chart_rows *cr, const struct chart_box *b)
{
	char name[64];

	for (size_t s = 0; s < cr->nseries; s++) {
		int x = b->plot_x + (int)(s % (size_t)b->key_per_line) * INDEX_KEY_W;
		int y = 8 + (int)(s / (size_t)b->key_per_line) * 16;

		chart_rows_series(cr, s, " ", name, sizeof(name));
		fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>"
			"<text x=\"%d\" y=\"%d\">", x, y, chart_colour(s), x + 16, y + 10);
		esc(out, name);
		fputs("</text>\n", out);
	}
	/* An integer counter: at most 11 grid lines, however step rounds. */
	for (int k = 0; k <= 10 && k * b->step <= b->vmax + b->step / 2; k++) {
		double v = k * b->step, x = b->plot_x + b->plot_w * v / b->vmax;

		fprintf(out, "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" "
			"y2=\"%d\" stroke=\"#ddd\"/>"
			"<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%g</text>\n", x, b->top,
			x, b->height - 43, x, b->height - 28, v);
	}
	fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
		b->plot_x + b->plot_w / 2, b->height - 6, CHART_VALUE_LABEL);
}

/* Row i: its label on the left or above (the score's in bold), a bar per series with its value. */
static void chart_row(FILE *out, const struct chart_rows *cr, const struct chart_box *b,
		      size_t i)
{
	int y0 = b->top + (int)i * b->group_h + 5;

	if (b->narrow)
		fprintf(out, "<text x=\"4\" y=\"%d\">", y0 + b->row_label_h - 4);
	else
		fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", b->label_w - 6,
			y0 + (int)cr->nseries * b->bar_h / 2 + 4);
	if (cr->defs[i] != NULL)
		esc(out, cr->labels[i]);
	else
		fprintf(out, "<tspan font-weight=\"bold\">%s</tspan>", CHART_SCORE_LABEL);
	fputs("</text>\n", out);
	for (size_t s = 0; s < cr->nseries; s++) {
		double v = cr->values[i * cr->nseries + s];
		int y = y0 + b->row_label_h + (int)s * b->bar_h;
		double w;

		if (!isfinite(v))
			continue;
		w = b->plot_w * v / b->vmax;
		fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\">"
			"<title>%.1f</title></rect><text x=\"%.1f\" y=\"%d\" font-size=\"10\">"
			"%.1f</text>\n", b->plot_x, y, w, b->bar_h - 2, chart_colour(s), v,
			b->plot_x + w + 4, y + b->bar_h - 4, v);
	}
}

/* The chart in one layout, as an <svg>. */
static void chart_draw(FILE *out, const struct chart_rows *cr, const struct chart_box *b)
{
	html_svg_open(out, b->width, b->height, "Index per test and copy count");
	fputs("<g font-size=\"12\">\n", out);
	chart_axes(out, cr, b);
	for (size_t i = 0; i < cr->nrows; i++)
		chart_row(out, cr, b, i);
	fputs("</g>\n", out);
	html_svg_close(out);
}

/*
 * The index of each indexed test, one bar per copy count (chart_rows.h, the
 * same rows as the gnuplot chart), drawn as horizontal bars so long test
 * names sit unrotated: on the left, or above the bars on a phone.
 */
static void chart(FILE *out, const struct run_result *r)
{
	struct chart_rows cr;
	struct chart_box wide, narrow;

	if (chart_rows_build(r, &cr) != 0)
		return;
	if (cr.nrows == 0) {
		chart_rows_free(&cr);
		return;
	}
	wide = chart_box(&cr, 0);
	narrow = chart_box(&cr, 1);
	fputs("<h2>Index per test</h2>\n", out);
	html_pair_open(out, wide.width);
	chart_draw(out, &cr, &wide);
	html_pair_next(out);
	chart_draw(out, &cr, &narrow);
	html_pair_close(out);
	chart_rows_free(&cr);
}

/* Paired mode: every comparison's change and interval, drawn (report/change_chart.h). */
static void paired_chart(FILE *out, const struct run_result *r)
{
	struct change_chart cc;

	if (change_chart_paired(r, &cc) == 0 && cc.nrows > 0) {
		fputs("<h2 id=\"paired-chart\">Paired comparison: changes against ", out);
		esc(out, r->dirs[0].label);
		fputs("</h2>\n", out);
		change_chart_svg(out, &cc);
	}
	change_chart_free(&cc);
}

/* Paired mode: the chart, then the comparison table per copy count (report_paired.c's cells). */
static void paired_section(FILE *out, const struct run_result *r)
{
	struct table_out tab = table_html(out);
	unsigned copies[16];
	size_t nc = report_paired_copies(r, copies, 16);
	char method[VERDICT_EXPLAIN_MAX], note[512 + TESTDIR_LABEL_MAX];

	paired_chart(out, r);
	for (size_t i = 0; i < nc; i++) {
		fprintf(out, "<h2 id=\"paired-%u\">Paired comparison: %u cop%s, baseline ", copies[i],
			copies[i], copies[i] == 1 ? "y" : "ies");
		esc(out, r->dirs[0].label);
		fputs("</h2>\n", out);
		{
			struct paired_of of = { r, copies[i] };

			paired_tables(&tab, r->dirs[0].label, report_paired_column(r), 1,
				      report_paired_table, &of);
		}
	}
	paired_legend_open(out, 1);
	paired_table_note(note, sizeof(note), r->dirs[0].label, report_paired_column(r));
	esc(out, note);
	verdict_explain(&r->family, method, sizeof(method));
	fputs(" ", out);
	esc(out, method);
	fputs(" ", out);
	esc(out, report_paired_instance_words(r));
	{
		char extra[512];

		report_paired_instance_extra(r, extra, sizeof(extra));
		if (extra[0]) {
			fputs(" ", out);
			esc(out, extra);
		}
	}
	if (report_paired_ordered(r)) {
		fputs(" ", out);
		esc(out, report_paired_order_note);
	}
	paired_legend_close(out, 1);
	if (r->quick)
		fputs("<p class=\"small\">--quick: 3 rounds of short samples, a first look.</p>\n", out);
}

/* The results by copy count (report_copies_table), right after the summary. */
static const struct table_frame html_copies = {
	/* The caption above the table, not in it: a table scrolls sideways in its
	 * own box on a narrow screen, and a caption inside would scroll away. */
	.open = "<h2>Results</h2>\n<p class=\"caption\">",
	.head = "</p>\n<table class=\"results\">\n", .close = "</table>\n",
	.heads = &table_html_heads,
};

/* The summary first (report_summary), inside the first screen. */
static void summary(FILE *out, const struct run_result *r)
{
	char lines[REPORT_SUMMARY_MAX][REPORT_SUMMARY_LINE];
	size_t n = report_summary(r, lines, REPORT_SUMMARY_MAX);

	fputs("<section id=\"summary\">\n<h2>Summary</h2>\n<ul>\n", out);
	for (size_t i = 0; i < n; i++) {
		fputs((i == 0 && r->quick) || strncmp(lines[i], REPORT_DISTURBED_HEAD,
						      strlen(REPORT_DISTURBED_HEAD)) == 0
		      ? "<li class=\"warn\">" : "<li>", out);
		/* A setting's command as code (its line quotes it in backticks). */
		if (strchr(lines[i], '`') != strrchr(lines[i], '`'))
			html_text_code(out, lines[i]);
		else
			html_verdict_text(out, lines[i]);
		fputs("</li>\n", out);
	}
	fputs("</ul>\n</section>\n", out);
}

int report_html(FILE *out, const struct run_result *r)
{
	struct table_out tab = table_html(out);

	head(out, r);
	summary(out, r);
	report_copies_table(&tab, r, &html_copies);
	/* A paired run's answer, its comparison, before the details. */
	if (r->ndirs >= 2)
		paired_section(out, r);
	chart(out, r);
	system_table(out, r);
	for (size_t i = 0; i < r->nruns; i++)
		copy_section(out, r, report_block(r, i));
	fputs("<p class=\"small\">Written by sysindex ", out);
	esc(out, r->version);
	fputs("; run ", out);
	esc(out, r->base_name);
	fputs(".</p>\n</body>\n</html>\n", out);
	return ferror(out) ? -1 : 0;
}
