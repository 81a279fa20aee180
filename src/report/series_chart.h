/*
 * series_chart.h: a --sustained disk test's time series (the pass's
 * INTERVAL lines, result.h's series_pt) as a chart, one model and two
 * drawers: the HTML page's inline SVG and gnuplot's <base>-sustained.svg
 * (and .png).  Each draws the rate per interval against time, the burst
 * and the sustained rate as levels, the ramp's end and, when the rate
 * changed, the change.
 */
#ifndef SYSINDEX_SERIES_CHART_H
#define SYSINDEX_SERIES_CHART_H

#include <stdio.h>

#include "core/result.h"

struct series_view {
	const struct bench_result *t;
	const struct series_pt *pts;
	size_t n;
	double tmax, ymax;      /* the axes' ends: the last time, 1.1 x the top rate */
	double burst, sustained, change_at, ramp; /* the metrics; NAN when absent,
						   * change_at 0: no change */
};

/* Test t's view (its first pass with a series): 0, or -1 when it has none. */
int series_view(const struct bench_result *t, struct series_view *v);

/* The view as an inline SVG (every string escaped). */
void series_svg(FILE *out, const struct series_view *v);

/* gnuplot's two files (chart.dat, chart.gp) in folder dir for every test of
 * run with a series, one panel each (a plot_writer: ctx is the copy_run). */
int series_chart_files(const char *dir, const char *term, const void *ctx);

/* <base>-sustained.svg (and .png) for the first copy run's series; nothing
 * when none has one or gnuplot is missing.  0, or -1. */
int plot_sustained(const char *resdir, const struct run_result *r);

#endif
