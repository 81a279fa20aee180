/*
 * chart_rows.h: the run's index chart as one model, drawn two ways: by
 * gnuplot as <base>.svg/.png (plot.c) and as the HTML report's inline SVG
 * (report_html.c).  A row per indexed test that has a result at some copy
 * count, by title, then the System Benchmarks Index Score; a series per
 * copy run; each value the test's index in that run (the score for the
 * last row), NAN where there is none.  Also the palette that every chart's
 * series are drawn in (this one and the charts of change, change_chart.h).
 */
#ifndef SYSINDEX_CHART_ROWS_H
#define SYSINDEX_CHART_ROWS_H

#include <stddef.h>

#include "core/result.h"

/* The last row's label and the value axis's name. */
#define CHART_SCORE_LABEL "System Benchmarks Index Score"
#define CHART_VALUE_LABEL "Index (SPARCstation 20-61 = 10)"

struct chart_rows {
	const struct run_result *r;
	const struct test_def **defs;   /* per row; NULL for the score row */
	const char **labels;            /* per row: the test's title, or CHART_SCORE_LABEL */
	double *values;                 /* values[row * nseries + series]; NAN = no bar */
	size_t nrows, nseries;          /* nrows 0: no indexed test ran, nothing to chart */
	double vmax;                    /* the largest value, 0 when there is none */
};

/* r's rows and values: 0, or -1 when out of memory; free with chart_rows_free. */
int chart_rows_build(const struct run_result *r, struct chart_rows *cr);
void chart_rows_free(struct chart_rows *cr);

/*
 * Series s's name: "1 copy", "2 copies"; in paired mode followed by sep and
 * the run's directory label ("2 copies, noatime" with sep ", ").
 */
void chart_rows_series(const struct chart_rows *cr, size_t s, const char *sep, char *out,
		       size_t len);

/* Series s's colour, "#4e79a7": the palette repeats after its sixth colour. */
const char *chart_colour(size_t s);

#endif
