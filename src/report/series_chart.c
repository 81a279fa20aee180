/* series_chart.c: a --sustained test's time series, drawn (series_chart.h). */
#include "report/series_chart.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/metrics.h"
#include "report/plot.h"
#include "report/report.h"
#include "util/gnuplot.h"
#include "util/html_out.h"
#include "util/util.h"

static double metric_or_nan(const struct bench_result *t, const char *name)
{
	const struct metric *m = report_find_metric(t, name);

	return m != NULL ? m->value : NAN;
}

int series_view(const struct bench_result *t, struct series_view *v)
{
	memset(v, 0, sizeof(*v));
	for (size_t i = 0; i < t->npasses && v->pts == NULL; i++)
		if (t->passes[i].nseries > 0) {
			v->pts = t->passes[i].series;
			v->n = t->passes[i].nseries;
		}
	if (v->pts == NULL)
		return -1;
	v->t = t;
	for (size_t i = 0; i < v->n; i++) {
		if (v->pts[i].t > v->tmax)
			v->tmax = v->pts[i].t;
		if (v->pts[i].rate > v->ymax)
			v->ymax = v->pts[i].rate;
	}
	v->ymax = v->ymax > 0 ? v->ymax * 1.1 : 1;
	v->tmax = v->tmax > 0 ? v->tmax : 1;
	v->burst = metric_or_nan(t, METRIC_BURST);
	v->sustained = metric_or_nan(t, METRIC_SUSTAINED);
	v->change_at = metric_or_nan(t, METRIC_CHANGE_AT_S);
	v->ramp = metric_or_nan(t, METRIC_RAMP_S);
	return 0;
}

/* ---- the HTML's SVG -------------------------------------------------------- */

#define SVG_W 640
#define SVG_H 220
#define LEFT 64
#define RIGHT 16
#define TOP 24
#define BOTTOM 34

static double sx(const struct series_view *v, double t)
{
	return LEFT + t / v->tmax * (SVG_W - LEFT - RIGHT);
}

static double sy(const struct series_view *v, double y)
{
	return SVG_H - BOTTOM - y / v->ymax * (SVG_H - TOP - BOTTOM);
}

/* A horizontal level across the plot, labelled at its right end. */
static void level(FILE *out, const struct series_view *v, double y, const char *what,
		  const char *dash)
{
	char label[96];

	if (!isfinite(y) || y <= 0)
		return;
	fprintf(out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#555\" "
		"stroke-dasharray=\"%s\"/>\n", LEFT, sy(v, y), SVG_W - RIGHT, sy(v, y), dash);
	fmt(label, sizeof(label), "%s %.4g %s", what, y, v->t->def->unit);
	fprintf(out, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" font-size=\"10\">",
		SVG_W - RIGHT - 2, sy(v, y) - 3);
	html_text(out, label);
	fputs("</text>\n", out);
}

/* A vertical mark at time t, labelled at its top. */
static void mark(FILE *out, const struct series_view *v, double t, const char *what)
{
	char label[64];

	if (!isfinite(t) || t <= 0 || t > v->tmax)
		return;
	fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#999\" "
		"stroke-dasharray=\"2 3\"/>\n", sx(v, t), TOP, sx(v, t), SVG_H - BOTTOM);
	fmt(label, sizeof(label), "%s %.3g s", what, t);
	fprintf(out, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\">", sx(v, t) + 3, TOP + 10);
	html_text(out, label);
	fputs("</text>\n", out);
}

void series_svg(FILE *out, const struct series_view *v)
{
	char label[160];

	fmt(label, sizeof(label), "%s: rate per interval over time", v->t->def->title);
	html_svg_open(out, SVG_W, SVG_H, label);
	fprintf(out, "<text x=\"%d\" y=\"14\" font-size=\"12\">", LEFT);
	html_text(out, label);
	fputs("</text>\n", out);
	/* Axes: time from 0 to the last interval, the rate from 0. */
	fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#000\"/>\n", LEFT,
		SVG_H - BOTTOM, SVG_W - RIGHT, SVG_H - BOTTOM);
	fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#000\"/>\n", LEFT,
		TOP, LEFT, SVG_H - BOTTOM);
	for (int k = 0; k <= 2; k++) {
		fprintf(out, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" font-size=\"10\">"
			"%.3g s</text>\n", sx(v, v->tmax * k / 2), SVG_H - BOTTOM + 14,
			v->tmax * k / 2);
		fprintf(out, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" font-size=\"10\">%.4g"
			"</text>\n", LEFT - 4, sy(v, v->ymax * k / 2) + 3, v->ymax * k / 2);
	}
	fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"10\">", 4, TOP + 10);
	html_text(out, v->t->def->unit);
	fputs("</text>\n", out);
	fputs("<polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1.5\" points=\"", out);
	for (size_t i = 0; i < v->n; i++)
		fprintf(out, "%s%.1f,%.1f", i ? " " : "", sx(v, v->pts[i].t),
			sy(v, v->pts[i].rate));
	fputs("\"/>\n", out);
	level(out, v, v->sustained, "sustained", "6 3");
	if (isfinite(v->change_at) && v->change_at > 0)
		level(out, v, v->burst, "burst", "2 2");
	mark(out, v, v->ramp, "ramp");
	mark(out, v, v->change_at, "change");
	html_svg_close(out);
}

/* ---- gnuplot ---------------------------------------------------------------- */

static int write_data(FILE *f, const void *ctx)
{
	const struct copy_run *run = ctx;

	for (size_t i = 0; i < run->ntests; i++) {
		struct series_view v;

		if (series_view(&run->tests[i], &v) != 0)
			continue;
		fprintf(f, "# %s\n", run->tests[i].def->name);
		for (size_t k = 0; k < v.n; k++)
			fprintf(f, "%.6g %.6g\n", v.pts[k].t, v.pts[k].rate);
		fputs("\n\n", f);
	}
	return ferror(f) ? -1 : 0;
}

/* How many tests of run have a series. */
static size_t with_series(const struct copy_run *run)
{
	size_t n = 0;

	for (size_t i = 0; i < run->ntests; i++) {
		struct series_view v;

		n += series_view(&run->tests[i], &v) == 0;
	}
	return n;
}

static int write_script(FILE *f, const char *term, const void *ctx)
{
	const struct copy_run *run = ctx;
	size_t n = with_series(run), block = 0;

	if (n == 0)
		return -1;
	plot_terminal(f, term, (int)(260 * n));
	fprintf(f, "set multiplot layout %zu,1\nset xlabel 's'\nset key top right\n", n);
	for (size_t i = 0; i < run->ntests; i++) {
		struct series_view v;

		if (series_view(&run->tests[i], &v) != 0)
			continue;
		fputs("set title ", f);
		gnuplot_squote(f, v.t->def->title);
		fputs("\nset ylabel ", f);
		gnuplot_squote(f, v.t->def->unit);
		fprintf(f, "\nset xrange [0:%.6g]\nset yrange [0:%.6g]\nunset arrow\n", v.tmax,
			v.ymax);
		if (isfinite(v.change_at) && v.change_at > 0)
			fprintf(f, "set arrow from %.6g, graph 0 to %.6g, graph 1 nohead dt 3\n",
				v.change_at, v.change_at);
		fprintf(f, "plot 'chart.dat' index %zu using 1:2 with lines lw 2 title 'rate'",
			block++);
		if (isfinite(v.sustained))
			fprintf(f, ", %.6g with lines dt 2 title 'sustained'", v.sustained);
		if (isfinite(v.burst) && isfinite(v.change_at) && v.change_at > 0)
			fprintf(f, ", %.6g with lines dt 3 title 'burst'", v.burst);
		fputc('\n', f);
	}
	fputs("unset multiplot\n", f);
	return ferror(f) ? -1 : 0;
}

int series_chart_files(const char *dir, const char *term, const void *ctx)
{
	return plot_write_files(dir, term, ctx, write_data, write_script);
}

int plot_sustained(const char *resdir, const struct run_result *r)
{
	char gp[4096], base[300];

	if (r->nruns == 0 || with_series(&r->runs[0]) == 0 ||
	    find_in_path("gnuplot", gp, sizeof(gp)) != 0)
		return 0;
	if (fmt(base, sizeof(base), "%s-sustained", r->base_name) != 0)
		return 0;
	return plot_both(gp, resdir, base, series_chart_files, &r->runs[0]);
}
