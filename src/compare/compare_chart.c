/*
 * compare_chart.c: compare's rows as a chart of change (report/change_chart.h)
 * for --format html's inline SVG and --plot's gnuplot chart: a group per
 * row, a series per input after the baseline, each change with its 95 %
 * interval where it was judged, and its verdict.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare/compare_int.h"
#include "core/status.h"
#include "util/util.h"

void cmp_row_name(const struct compare *c, const struct row *row, char *out, size_t len)
{
	int several = 0;

	for (size_t r = 1; r < c->nrows; r++)
		several |= c->rows[r].copies != c->rows[0].copies;
	fmt(out, len, several ? "%s (%u cop%s)" : "%s", row->title, row->copies,
	    row->copies == 1 ? "y" : "ies");
}

void cmp_change_words(const struct delta *d, char *out, size_t len)
{
	if (!isfinite(d->change))
		fmt(out, len, "%s", d->verdict[0] ? d->verdict : "-");
	else if (d->judged && isfinite(d->ci_lo) && isfinite(d->ci_hi))
		fmt(out, len, "%+.2f %% (95 %% CI %+.2f..%+.2f %%): %s", d->change, d->ci_lo,
		    d->ci_hi, d->verdict);
	else
		fmt(out, len, "%+.2f %%: %s", d->change, d->verdict[0] ? d->verdict : "-");
}

int cmp_change_chart(const struct compare *c, struct change_chart *cc)
{
	char name[CHANGE_LABEL_MAX];

	change_chart_init(cc, c->nin ? c->in[0].label : "");
	fmt(cc->title, sizeof(cc->title), "sysindex compare: change against %s, 95%% interval",
	    cc->baseline);
	for (size_t i = 1; i < c->nin; i++)
		(void)change_chart_series(cc, c->in[i].label);
	for (size_t r = 0; r < c->nrows; r++) {
		const struct row *row = &c->rows[r];

		cmp_row_name(c, row, name, sizeof(name));
		for (size_t i = 1; i < c->nin && i <= cc->nseries; i++) {
			const struct delta *d = &row->deltas[i];
			int ci = d->judged && isfinite(d->ci_lo) && isfinite(d->ci_hi);

			if (!isfinite(d->change))
				continue;
			/* Sides that did different work: no comparison, so off the axis. */
			if (strcmp(d->verdict, NOTE_UNLIKE_VERDICT) == 0) {
				cc->left_out++;
				continue;
			}
			if (change_chart_add(cc, name, i - 1, d->change, ci ? d->ci_lo : (double)NAN,
					     ci ? d->ci_hi : (double)NAN, d->verdict) != 0)
				return -1;
			cmp_change_words(d, cc->rows[cc->nrows - 1].detail,
					 sizeof(cc->rows[0].detail));
		}
	}
	change_chart_left_out_title(cc);
	return 0;
}
