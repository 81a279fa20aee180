/*
 * plot.h: charts drawn by gnuplot, run as an external program when it is
 * installed.  Without it one line says so and nothing else changes.
 */
#ifndef SYSINDEX_PLOT_H
#define SYSINDEX_PLOT_H

#include <stddef.h>

#include "result.h"

/* Per-test index for each copy count as a bar chart: <base>.svg (and .png). */
int plot_run(const char *resdir, const struct run_result *r, int quiet);

/*
 * A grouped horizontal bar chart: one group per row (labels on the left, so
 * long names never overlap), one bar per series, a legend of the series.
 * values[row * nseries + series]; NAN = no bar.  out_path ends in .svg or
 * .png (pngcairo, else gnuplot's png terminal).  A newline in title starts
 * a second line; value_label names the value axis.  Written atomically:
 * gnuplot draws into a temporary folder next to out_path, which is renamed
 * over it and removed.  Returns 0, or -1 with a one-line reason in err
 * (gnuplot missing, no png terminal, gnuplot failed or took over 30 s).
 */
int plot_grouped(const char *out_path, const char *title,
		 const char *const *row_labels, size_t nrows,
		 const char *const *series_labels, size_t nseries,
		 const double *values, const char *value_label,
		 char *err, size_t errlen);

#endif
