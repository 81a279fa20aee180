/*
 * compare_plot.c: `sysindex compare --plot FILE`: the chart of change
 * (report/change_chart.h) drawn by gnuplot: each input's change against
 * the baseline with its 95 % interval, a zero line, the verdicts.
 * cmd_compare.c has already made sure gnuplot is there.
 */
#include <stdio.h>

#include "compare/compare_int.h"
#include "report/change_chart.h"
#include "util/quote.h"

int cmp_draw_plot(const struct compare *c)
{
	struct change_chart cc;
	char err[512];
	int rc = 0;

	if (cmp_change_chart(c, &cc) != 0) {
		rc = cmp_usage_error("--plot: out of memory");
	} else if (change_chart_plot(c->opt.plot, &cc, err, sizeof(err)) != 0) {
		char q[QUOTE_BUF];

		fprintf(stderr, "sysindex compare: %s: ", quote(c->opt.plot, q));
		put_message(stderr, err);
		rc = 1;
	} else {
		/* On stderr, as the run's "results in": stdout is the table. */
		fprintf(stderr, "sysindex compare: chart in %s\n", c->opt.plot);
	}
	change_chart_free(&cc);
	return rc;
}
