/* change_chart.c: the chart-of-change model (change_chart.h): rows, groups, axis. */
#include "report/change_chart.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/html_out.h"
#include "util/util.h"

void change_chart_init(struct change_chart *cc, const char *baseline)
{
	memset(cc, 0, sizeof(*cc));
	fmt(cc->baseline, sizeof(cc->baseline), "%s", baseline);
}

void change_chart_free(struct change_chart *cc)
{
	free(cc->rows);
	cc->rows = NULL;
	cc->nrows = cc->cap = 0;
}

int change_chart_series(struct change_chart *cc, const char *name)
{
	if (cc->nseries >= CHANGE_MAX_SERIES)
		return -1;
	fmt(cc->series[cc->nseries], sizeof(cc->series[0]), "%s", name);
	return (int)cc->nseries++;
}

int change_chart_add(struct change_chart *cc, const char *label, size_t series,
		     double change, double lo, double hi, const char *verdict)
{
	struct change_row *row;

	if (cc->nrows == cc->cap) {
		size_t cap = cc->cap ? 2 * cc->cap : 16;
		struct change_row *p = realloc(cc->rows, cap * sizeof(*p));

		if (p == NULL)
			return -1;
		cc->rows = p;
		cc->cap = cap;
	}
	row = &cc->rows[cc->nrows++];
	memset(row, 0, sizeof(*row));
	fmt(row->label, sizeof(row->label), "%s", label);
	row->series = series;
	row->change = change;
	row->lo = isfinite(lo) && isfinite(hi) ? lo : (double)NAN;
	row->hi = isfinite(lo) && isfinite(hi) ? hi : (double)NAN;
	fmt(row->verdict, sizeof(row->verdict), "%s", verdict && verdict[0] ? verdict : "-");
	return 0;
}

int change_chart_group_start(const struct change_chart *cc, size_t i)
{
	return i == 0 || strcmp(cc->rows[i].label, cc->rows[i - 1].label) != 0;
}

size_t change_chart_ngroups(const struct change_chart *cc)
{
	size_t n = 0;

	for (size_t i = 0; i < cc->nrows; i++)
		n += change_chart_group_start(cc, i);
	return n;
}

void change_chart_axis(const struct change_chart *cc, double *lo, double *hi)
{
	double span;

	*lo = *hi = 0;
	for (size_t i = 0; i < cc->nrows; i++) {
		const struct change_row *r = &cc->rows[i];

		*lo = fmin(*lo, isfinite(r->lo) ? fmin(r->lo, r->change) : r->change);
		*hi = fmax(*hi, isfinite(r->hi) ? fmax(r->hi, r->change) : r->change);
	}
	if (*hi - *lo < 1) {
		*lo -= 0.5;
		*hi += 0.5;
	}
	span = *hi - *lo;
	*lo -= span * 0.05;
	*hi += span * 0.05;
}

/* s's width in ems: util/html_out's estimate (never short for a sans-serif font). */
double change_text_em(const char *s)
{
	return html_text_px(s, 100, 0) / 100.0;
}
