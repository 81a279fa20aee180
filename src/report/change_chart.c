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

void change_chart_left_out_words(const struct change_chart *cc, char *out, size_t len)
{
	if (cc->left_out == 0)
		fmt(out, len, "%s", "");
	else
		fmt(out, len, "Not drawn: %zu row%s whose two sides did different work "
		    "(no comparison; see the tables)", cc->left_out, cc->left_out == 1 ? "" : "s");
}

void change_chart_left_out_title(struct change_chart *cc)
{
	size_t used = strlen(cc->title);

	if (cc->left_out == 0 || used + 2 >= sizeof(cc->title))
		return;
	cc->title[used] = '\n';
	change_chart_left_out_words(cc, cc->title + used + 1, sizeof(cc->title) - used - 1);
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

int change_chart_log(const struct change_chart *cc)
{
	for (size_t i = 0; i < cc->nrows; i++) {
		const struct change_row *r = &cc->rows[i];
		double lo = isfinite(r->lo) ? fmin(r->lo, r->change) : r->change;
		double hi = isfinite(r->hi) ? fmax(r->hi, r->change) : r->change;

		if (hi > CHANGE_LOG_ABOVE || lo < CHANGE_LOG_BELOW)
			return 1;
	}
	return 0;
}

double change_chart_at(int log, double pct)
{
	/* A ratio of 0 or less has no log (no row has one: ratios are geometric means). */
	return log ? log10(fmax(1 + pct / 100, 1e-9)) : pct;
}

double change_chart_pct(int log, double at)
{
	return log ? 100 * (pow(10, at) - 1) : at;
}

void change_chart_tick(char *out, size_t len, double pct)
{
	if (fabs(pct) < 1e-9)
		fmt(out, len, "0");
	else
		fmt(out, len, fabs(pct) >= 1 ? "%+.0f" : "%+.2g", pct);
}

void change_chart_axis(const struct change_chart *cc, int log, double *lo, double *hi)
{
	double span;

	*lo = *hi = 0;
	for (size_t i = 0; i < cc->nrows; i++) {
		const struct change_row *r = &cc->rows[i];
		double c = change_chart_at(log, r->change);

		*lo = fmin(*lo, isfinite(r->lo) ? fmin(change_chart_at(log, r->lo), c) : c);
		*hi = fmax(*hi, isfinite(r->hi) ? fmax(change_chart_at(log, r->hi), c) : c);
	}
	if (!log && *hi - *lo < 1) {
		*lo -= 0.5;
		*hi += 0.5;
	}
	span = *hi - *lo;
	*lo -= span * 0.05;
	*hi += span * 0.05;
}

size_t change_chart_ticks(int log, double lo, double hi, double *at, size_t max)
{
	size_t n = 0;

	if (!log) {
		double raw = (hi - lo) / 8, p = pow(10, floor(log10(raw))), f = raw / p;
		double step = (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;

		for (int k = (int)ceil(lo / step); k * step <= hi && n < max; k++)
			at[n++] = k * step;
		return n;
	}
	/* Ratios 1, 2 and 5 times a power of ten; only the powers when that makes too many. */
	for (int only_decades = 0; only_decades <= 1; only_decades++) {
		static const double mant[3] = { 1, 2, 5 };

		n = 0;
		for (int e = (int)floor(lo) - 1; e <= (int)ceil(hi); e++)
			for (size_t m = 0; m < (only_decades ? 1u : 3u); m++) {
				double a = e + log10(mant[m]);

				if (a >= lo && a <= hi && n < max)
					at[n++] = a;
			}
		if (n <= 9)
			break;
	}
	return n;
}

/* s's width in ems: util/html_out's estimate (never short for a sans-serif font). */
double change_text_em(const char *s)
{
	return html_text_px(s, 100, 0) / 100.0;
}
