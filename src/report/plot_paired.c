/*
 * plot_paired.c: paired mode's chart (plot.h): the run's comparisons as a
 * chart of change (change_chart.h, the model the HTML report draws too):
 * per test, each directory's change against the baseline as a point with
 * its 95 % CI as an error bar, a zero line, the verdicts, one series per
 * non-baseline directory, drawn by gnuplot.
 */
#include "report/plot.h"

#include <stdio.h>

#include "report/change_chart.h"
#include "util/gnuplot.h"
#include "util/util.h"

int plot_paired(const char *resdir, const struct run_result *r, int quiet)
{
	struct change_chart cc;
	char gp[4096], base[300];
	int rc = 0;

	(void)quiet;    /* plot_run() already said gnuplot is missing */
	if (r->ndirs < 2 || r->ncmps == 0 || find_in_path("gnuplot", gp, sizeof(gp)) != 0)
		return 0;
	if (change_chart_paired(r, &cc) != 0)
		rc = -1;
	else if (cc.nrows > 0 && fmt(base, sizeof(base), "%s-paired", r->base_name) == 0)
		rc = plot_both(gp, resdir, base, change_chart_files, &cc);
	change_chart_free(&cc);
	return rc;
}
