/*
 * plot.h: charts drawn by gnuplot, run as an external program when it is
 * installed.  Without it one line says so and nothing else changes.
 */
#ifndef SYSINDEX_PLOT_H
#define SYSINDEX_PLOT_H

#include <stddef.h>
#include <stdio.h>

#include "core/result.h"
#include "report/chart_rows.h"

/*
 * A grouped horizontal bar chart: one group per row (labels on the left, so
 * long names never overlap), one bar per series, a legend of the series.
 * A newline in title starts a second line; value_label names the value axis.
 */
struct plot_chart {
	const char *title, *value_label;
	const char *const *rows, *const *series;
	size_t nrows, nseries;
	const double *values;   /* values[row * nseries + series]; NAN = no bar */
};

/* Per-test index for each copy count as a bar chart: <base>.svg (and .png). */
int plot_run(const char *resdir, const struct run_result *r, int quiet);

/*
 * The drawing steps, for other charts (plot_paired.c): write(dir, term, ctx)
 * writes chart.gp (and its data) into the temporary folder dir, drawing
 * with terminal term ("svg", "pngcairo", "png") into 'chart.out';
 * plot_draw() runs gnuplot there and renames the chart to out_path;
 * plot_both() draws resdir/<base>.svg and, where gnuplot can, .png.
 */
/* The script's first lines: terminal term, 1000 x height, output 'chart.out'. */
void plot_terminal(FILE *f, const char *term, int height);
typedef int (*plot_writer)(const char *dir, const char *term, const void *ctx);
int plot_draw(const char *gp, const char *term, const char *out_path, plot_writer write,
	      const void *ctx, char *err, size_t errlen);
int plot_both(const char *gp, const char *resdir, const char *base, plot_writer write,
	      const void *ctx);
/*
 * out_path (.svg, or .png through pngcairo or png) drawn by write(ctx) as
 * plot_draw does, after finding gnuplot: 0, or -1 with a one-line reason.
 */
int plot_to_file(const char *out_path, plot_writer write, const void *ctx, char *err,
		 size_t errlen);
/*
 * A plot_writer's work: data(f, ctx) into dir/chart.dat, then
 * script(f, term, ctx) into dir/chart.gp.  0, or -1 when either fails.
 */
int plot_write_files(const char *dir, const char *term, const void *ctx,
		     int (*data)(FILE *f, const void *ctx),
		     int (*script)(FILE *f, const char *term, const void *ctx));
/* A bar chart's two files in folder dir (a plot_writer; ctx is a struct plot_chart). */
int plot_bars(const char *dir, const char *term, const void *ctx);

/*
 * Paired mode: <base>-paired.svg (and .png): per test, each directory's
 * change against the baseline with its 95% CI as an error bar, a zero line,
 * one series per directory.  Nothing outside paired mode.
 */
int plot_paired(const char *resdir, const struct run_result *r, int quiet);

/*
 * gnuplot's two input files for a chart, pure (no gnuplot needed), so tests
 * can read them.  The data: one block per series ("# <series>", then a line
 * "<y> <value> \"<label>\"" per bar, rows from the top, missing values left
 * out), *vmax set to the largest value.  The script, for terminal term
 * ("svg", "pngcairo", "png"), reads 'chart.dat' and writes 'chart.out'.
 * 0, or -1 on a write error (the script also when no series has a bar).
 */
int plot_write_data(FILE *f, const struct plot_chart *c, double *vmax);
int plot_write_script(FILE *f, const char *term, const struct plot_chart *c, double vmax);

/*
 * What plot_run charts for a run: the index chart's rows (chart_rows.h)
 * with gnuplot's title and series names.  chart.nrows is 0 when no indexed
 * test ran.  -1 when out of memory; free with plot_run_chart_free.
 */
struct plot_run_chart {
	struct plot_chart chart;
	struct chart_rows rows;
	const char **series;
	char (*names)[48];
	char title[512];
};
int plot_run_chart(const struct run_result *r, struct plot_run_chart *pc);
void plot_run_chart_free(struct plot_run_chart *pc);

#endif
