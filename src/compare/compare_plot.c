/*
 * compare_plot.c: `sysindex compare --plot FILE`: a grouped bar chart of
 * each input relative to the first, drawn by gnuplot (plot.c); without
 * gnuplot it is skipped with a note.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare_int.h"
#include "util/gnuplot.h"
#include "report/plot.h"
#include "util/util.h"

/* Each input's value as a percentage of the first input's, one group per row. */
int cmp_draw_plot(const struct compare *c, size_t ncopies)
{
	const char **rows = calloc(c->nrows ? c->nrows : 1, sizeof(*rows));
	char **names = calloc(c->nrows ? c->nrows : 1, sizeof(*names));
	const char *series[CMP_MAX_INPUTS];
	double *values = calloc((c->nrows ? c->nrows : 1) * c->nin, sizeof(*values));
	char title[256], ylabel[200], err[512], gp[CMP_PATH_MAX];
	size_t n = 0;
	int rc = 0;

	if (rows == NULL || names == NULL || values == NULL) {
		rc = cmp_usage_error("--plot: out of memory");
		goto out;
	}
	for (size_t r = 0; r < c->nrows; r++) {
		const struct row *row = &c->rows[r];
		const struct cell *a = &row->cells[0];
		char name[ROW_TITLE_MAX + 32];

		if (!a->present || a->status != TP_OK || !(a->value > 0))
			continue;
		if (ncopies > 1)
			snprintf(name, sizeof(name), "%s (%u cop%s)", row->title, row->copies,
				 row->copies == 1 ? "y" : "ies");
		else
			snprintf(name, sizeof(name), "%s", row->title);
		if ((names[n] = strdup(name)) == NULL)
			break;
		rows[n] = names[n];
		for (size_t i = 0; i < c->nin; i++) {
			const struct cell *x = &row->cells[i];
			int comparable = x->present && x->status == TP_OK &&
				(i == 0 || (strcmp(row->deltas[i].verdict, V_UNITS) != 0 &&
					    strcmp(row->deltas[i].verdict, V_TESTS) != 0));

			values[n * c->nin + i] = comparable ? 100 * x->value / a->value : NAN;
		}
		n++;
	}
	for (size_t i = 0; i < c->nin; i++)
		series[i] = c->in[i].label;
	snprintf(title, sizeof(title), "sysindex compare: each input relative to %s",
		 c->in[0].label);
	snprintf(ylabel, sizeof(ylabel), "%% of %s", c->in[0].label);
	if (find_in_path("gnuplot", gp, sizeof(gp)) != 0) {
		fprintf(stderr, "sysindex compare: gnuplot not found: %s not drawn (%s)\n",
			c->opt.plot, GNUPLOT_HINT);
	} else if (plot_grouped(c->opt.plot, title, rows, n, series, c->nin, values, ylabel,
				err, sizeof(err)) != 0) {
		fprintf(stderr, "sysindex compare: %s: %s\n", c->opt.plot, err);
		rc = 1;
	}
out:
	for (size_t r = 0; names != NULL && r < n; r++)
		free(names[r]);
	free(names);
	free(rows);
	free(values);
	return rc;
}
