/*
 * change_svg.c: a chart of change as inline SVG (change_chart.h), for the
 * HTML pages: drawn here, no gnuplot.  Every string is escaped by
 * util/html_out; the columns are sized from the longest strings so that
 * no text is drawn outside the SVG.
 */
#include "report/change_chart.h"

#include <math.h>
#include <string.h>

#include "report/chart_rows.h"
#include "report/table.h"
#include "util/html_out.h"
#include "util/util.h"

#define ROW_H 18
#define GROUP_GAP 8
#define PLOT_W 460
#define TOP 30
#define BOTTOM 34
#define LABEL_PX 11     /* font sizes */
#define VERDICT_PX 10
#define TITLE_PX 12

struct layout {
	int label_w, verdict_w, width, height;
	double lo, hi;
	char title[CHANGE_NAME_MAX + 80];
};

static int text_px(const char *s, double font_px)
{
	return (int)ceil(change_text_em(s) * font_px);
}

/* A row's verdict as drawn: its symbol, then the cell (table.h); bold or not. */
static int verdict_text(const char *cell, char *out, size_t len)
{
	fmt(out, len, "%s%s", table_verdict_symbol(cell), cell);
	return table_verdict_strong(cell);
}

static void measure(const struct change_chart *cc, struct layout *l)
{
	int label = 4 * LABEL_PX, verdict = VERDICT_PX, title_w;

	for (size_t i = 0; i < cc->nrows; i++) {
		char v[sizeof(cc->rows[i].verdict) + 8];
		int bold = verdict_text(cc->rows[i].verdict, v, sizeof(v));
		int a = text_px(cc->rows[i].label, LABEL_PX), b = html_text_px(v, VERDICT_PX, bold);

		label = a > label ? a : label;
		verdict = b > verdict ? b : verdict;
	}
	fmt(l->title, sizeof(l->title), "change against %s, %%, with its 95 %% interval",
	    cc->baseline);
	l->label_w = label + 16;
	l->verdict_w = verdict + 24;    /* and half a tick label */
	l->width = l->label_w + PLOT_W + l->verdict_w;
	title_w = text_px(l->title, TITLE_PX) + 8;
	if (title_w > l->width)
		l->width = title_w;
	l->height = TOP + (int)cc->nrows * ROW_H + (int)(change_chart_ngroups(cc) - 1) * GROUP_GAP +
		    BOTTOM;
	change_chart_axis(cc, &l->lo, &l->hi);
}

static double xpos(const struct layout *l, double v)
{
	return l->label_w + (v - l->lo) / (l->hi - l->lo) * PLOT_W;
}

/* A round step (1, 2 or 5 times a power of ten) giving 4 to 8 ticks. */
static double tick_step(double span)
{
	double raw = span / 8, p = pow(10, floor(log10(raw))), f = raw / p;

	return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
}

static void axis(FILE *out, const struct layout *l)
{
	double step = tick_step(l->hi - l->lo), x0 = xpos(l, 0);
	int bottom = l->height - BOTTOM + 4;

	for (int k = (int)ceil(l->lo / step), n = 0; k * step <= l->hi && n < 12; k++, n++) {
		double x = xpos(l, k * step);

		if (k != 0)
			fprintf(out, "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" "
				"y2=\"%d\" stroke=\"#ddd\"/>\n",
				x, TOP - 4, x, bottom);
		fprintf(out, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">",
			x, bottom + 14);
		if (k == 0)
			fputs("0", out);
		else
			fprintf(out, "%+g", k * step);
		fputs("</text>\n", out);
	}
	fprintf(out, "<line class=\"zero\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
		"stroke=\"#333\" stroke-width=\"1\"/>\n", x0, TOP - 4, x0, bottom);
	fprintf(out, "<text x=\"4\" y=\"16\" font-size=\"12\">");
	html_text(out, l->title);
	fputs("</text>\n", out);
}

/* One row: its interval as an error bar, a marker, the verdict on the right. */
static void row(FILE *out, const struct change_chart *cc, const struct layout *l, size_t i, int y)
{
	const struct change_row *r = &cc->rows[i];
	const char *col = chart_colour(r->series);
	double cy = y + ROW_H / 2.0;
	char v[sizeof(r->verdict) + 8];
	int bold;

	if (isfinite(r->lo))
		fprintf(out, "<path class=\"ci\" d=\"M%.1f %.1fH%.1fM%.1f %.1fV%.1fM%.1f %.1fV%.1f\" "
			"stroke=\"%s\" stroke-width=\"2\" fill=\"none\"/>\n", xpos(l, r->lo), cy,
			xpos(l, r->hi), xpos(l, r->lo), cy - 4, cy + 4, xpos(l, r->hi), cy - 4,
			cy + 4, col);
	fprintf(out, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"7\" height=\"7\" "
		"fill=\"%s\"><title>", xpos(l, r->change) - 3.5, cy - 3.5, col);
	html_text(out, r->series < cc->nseries ? cc->series[r->series] : "");
	fputs(": ", out);
	html_text(out, r->detail[0] ? r->detail : r->verdict);
	bold = verdict_text(r->verdict, v, sizeof(v));
	fprintf(out, "</title></rect>\n<text x=\"%d\" y=\"%.1f\" font-size=\"10\"%s>",
		l->label_w + PLOT_W + 8, cy + 3.5,
		bold ? " font-weight=\"bold\"" : " class=\"muted\"");
	html_text(out, v);
	fputs("</text>\n", out);
}

static void key(FILE *out, const struct change_chart *cc)
{
	fputs("<p class=\"small\">Series (colours):", out);
	for (size_t s = 0; s < cc->nseries; s++) {
		fprintf(out, " <span style=\"color:%s\">&#9632;</span> ",
			chart_colour(s));
		html_text(out, cc->series[s]);
	}
	fputs("; each against ", out);
	html_text(out, cc->baseline);
	fputs(". Marker: the change; bar: its 95 % interval; right: the verdict.</p>\n", out);
}

void change_chart_svg(FILE *out, const struct change_chart *cc)
{
	struct layout l;
	int y = TOP;

	if (cc->nrows == 0)
		return;
	measure(cc, &l);
	html_svg_open(out, l.width, l.height, "each change against the baseline with its 95 % "
		      "interval");
	axis(out, &l);
	for (size_t i = 0; i < cc->nrows; i++) {
		if (change_chart_group_start(cc, i)) {
			if (i > 0)
				y += GROUP_GAP;
			fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\">",
				l.label_w - 8, y + ROW_H / 2 + 4);
			html_text(out, cc->rows[i].label);
			fputs("</text>\n", out);
		}
		row(out, cc, &l, i, y);
		y += ROW_H;
	}
	html_svg_close(out);
	key(out, cc);
}
