/*
 * change_plot.c: a chart of change for gnuplot (change_chart.h): each
 * change as a point with its 95 % interval as an error bar, a zero line,
 * the axis zoomed to the data, a colour per series, the verdicts right of
 * the plot.  Text reaches the script only single-quoted (util/gnuplot.h).
 */
#include "report/change_chart.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report/chart_rows.h"
#include "report/plot.h"
#include "util/gnuplot.h"

#define GROUP_GAP 0.5

/* Row i's y: rows one unit apart from the top, half a unit between groups. */
static double row_y(const struct change_chart *cc, size_t i)
{
	double pos = 0;

	for (size_t k = 1; k <= i; k++)
		pos += 1 + (change_chart_group_start(cc, k) ? GROUP_GAP : 0);
	return 0.0 - pos;     /* never -0 */
}

int change_chart_write_data(FILE *f, const struct change_chart *cc)
{
	int log = change_chart_log(cc);

	for (size_t s = 0; s < cc->nseries; s++) {
		fprintf(f, "# %zu\n", s);
		for (size_t i = 0; i < cc->nrows; i++) {
			const struct change_row *r = &cc->rows[i];

			if (r->series != s)
				continue;
			/* In the axis' units (change_chart.h): % or log10 of the ratio. */
			fprintf(f, "%.3f %.6f %.6f %.6f\n", row_y(cc, i),
				change_chart_at(log, r->change),
				change_chart_at(log, isfinite(r->lo) ? r->lo : r->change),
				change_chart_at(log, isfinite(r->hi) ? r->hi : r->change));
		}
		fputs("\n\n", f);
	}
	return ferror(f) ? -1 : 0;
}

/* A ytic per group (its label at the middle of its rows), a label per verdict. */
static void labels(FILE *f, const struct change_chart *cc)
{
	size_t tics = 0;

	for (size_t i = 0, first = 0; i < cc->nrows; i++) {
		if (change_chart_group_start(cc, i))
			first = i;
		if (i + 1 < cc->nrows && !change_chart_group_start(cc, i + 1))
			continue;
		fprintf(f, "set ytics %s(", tics++ ? "add " : "");
		gnuplot_squote(f, cc->rows[i].label);
		fprintf(f, " %.3f)\n", (row_y(cc, first) + row_y(cc, i)) / 2);
	}
	for (size_t i = 0; i < cc->nrows; i++) {
		fprintf(f, "set label %zu ", i + 1);
		gnuplot_squote(f, cc->rows[i].verdict);
		fprintf(f, " at graph 1.01, first %.3f left font ',9' tc rgb '#555555'\n",
			row_y(cc, i));
	}
}

int change_chart_write_script(FILE *f, const char *term, const struct change_chart *cc)
{
	double vem = 1;
	double lo, hi, at[24];
	int first = 1, height = 200 + (int)cc->nrows * 22, log = change_chart_log(cc);
	size_t nt;

	for (size_t i = 0; i < cc->nrows; i++)
		if (change_text_em(cc->rows[i].verdict) > vem)
			vem = change_text_em(cc->rows[i].verdict);
	change_chart_axis(cc, log, &lo, &hi);
	plot_terminal(f, term, height < 320 ? 320 : height);
	fprintf(f, "set title ");
	gnuplot_squote_lines(f, cc->title);
	fprintf(f, "\nset xlabel ");
	gnuplot_squote(f, log ? "change against the baseline (%, log scale of the ratio), "
		       "95% interval" : "change against the baseline (%), 95% interval");
	fprintf(f, "\nset xrange [%.6f:%.6f]\nset yrange [%.3f:0.7]\nset grid xtics\n"
		"set xtics nomirror\nset ytics scale 0 nomirror\n"
		"set key outside bottom center horizontal\nset bmargin 6\nset rmargin %d\n"
		"set arrow from 0, graph 0 to 0, graph 1 nohead lc rgb '#444444' lw 1.5\n",
		lo, hi, cc->nrows ? row_y(cc, cc->nrows - 1) - 0.7 : -0.7, (int)ceil(vem / 0.6) + 3);
	/* A log axis is drawn in log10 of the ratio and labelled in %. */
	nt = log ? change_chart_ticks(log, lo, hi, at, sizeof(at) / sizeof(at[0])) : 0;
	for (size_t k = 0; k < nt; k++) {
		char tick[32];

		change_chart_tick(tick, sizeof(tick), change_chart_pct(log, at[k]));
		fprintf(f, "%s ('%s' %.6f)\n", k ? "set xtics add" : "set xtics", tick, at[k]);
	}
	labels(f, cc);
	fprintf(f, "plot");
	for (size_t s = 0; s < cc->nseries; s++) {
		int any = 0;

		for (size_t i = 0; i < cc->nrows; i++)
			any |= cc->rows[i].series == s;
		if (!any)
			continue;       /* an empty block would be an error */
		fprintf(f, "%s 'chart.dat' index %zu using 2:1:3:4 with xerrorbars pt 7 ps 1.2 "
			"lw 2 lc rgb '%s' title ", first ? "" : ", \\\n    ", s,
			chart_colour(s));
		gnuplot_squote(f, cc->series[s]);
		first = 0;
	}
	fprintf(f, "\n");
	return ferror(f) || first ? -1 : 0;
}

static int data_of(FILE *f, const void *ctx)
{
	return change_chart_write_data(f, ctx);
}

static int script_of(FILE *f, const char *term, const void *ctx)
{
	return change_chart_write_script(f, term, ctx);
}

int change_chart_files(const char *dir, const char *term, const void *ctx)
{
	return plot_write_files(dir, term, ctx, data_of, script_of);
}

int change_chart_plot(const char *out_path, const struct change_chart *cc, char *err,
		      size_t errlen)
{
	if (cc->nrows == 0) {
		snprintf(err, errlen, "nothing to plot: no change against the baseline was computed");
		return -1;
	}
	return plot_to_file(out_path, change_chart_files, cc, err, errlen);
}
