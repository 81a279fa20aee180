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
#define NARROW_W 340    /* the narrow layout's width: a phone's screen, less margins */
#define GROUP_LABEL_H 16 /* the narrow layout: a group's label on its own line */
#define TOP 30
#define BOTTOM 34
#define LABEL_PX 11     /* font sizes */
#define VERDICT_PX 10
#define TITLE_PX 12
#define MAX_TICKS 24

/*
 * Two layouts of one chart: wide (labels left of the plot, verdicts right)
 * and narrow (each group's label on a line above its rows, the plot the
 * width of a phone); the page shows the one that fits (html_out's pair).
 */
struct layout {
	int narrow, log;
	int inline_verdicts;    /* narrow, one series: each verdict on its label's line */
	int label_w, verdict_w, plot_x, plot_w, width, height;
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

/* The narrow layout of one series: whether r's verdict fits on its label's line. */
static int verdict_beside(const struct layout *l, const struct change_row *r)
{
	char v[sizeof(r->verdict) + 8];
	int bold = verdict_text(r->verdict, v, sizeof(v));

	return 4 + text_px(r->label, LABEL_PX) + 16 + html_text_px(v, VERDICT_PX, bold) + 4 <=
	       l->width;
}

static void measure(const struct change_chart *cc, int narrow, struct layout *l)
{
	int label = 4 * LABEL_PX, verdict = VERDICT_PX, title_w;

	memset(l, 0, sizeof(*l));
	l->narrow = narrow;
	l->log = change_chart_log(cc);
	for (size_t i = 0; i < cc->nrows; i++) {
		char v[sizeof(cc->rows[i].verdict) + 8];
		int bold = verdict_text(cc->rows[i].verdict, v, sizeof(v));
		int a = text_px(cc->rows[i].label, LABEL_PX), b = html_text_px(v, VERDICT_PX, bold);

		label = a > label ? a : label;
		verdict = b > verdict ? b : verdict;
	}
	fmt(l->title, sizeof(l->title), narrow ? "change against %s, %%%s" :
	    "change against %s, %%%s, with its 95 %% interval", cc->baseline,
	    l->log ? " (log scale)" : "");
	l->verdict_w = verdict + 24;    /* and half a tick label */
	l->inline_verdicts = narrow && cc->nseries == 1;
	if (l->inline_verdicts) {
		l->plot_x = 12;
		l->plot_w = NARROW_W - l->plot_x - 24;  /* and half a tick label */
		l->width = NARROW_W;
	} else if (narrow) {
		l->label_w = label + 8;
		l->plot_x = 12;
		l->plot_w = NARROW_W - l->plot_x - l->verdict_w;
		if (l->plot_w < 140)
			l->plot_w = 140;
		l->width = l->plot_x + l->plot_w + l->verdict_w;
		if (l->label_w > l->width)
			l->width = l->label_w;
	} else {
		l->label_w = label + 16;
		l->plot_x = l->label_w;
		l->plot_w = PLOT_W;
		l->width = l->label_w + PLOT_W + l->verdict_w;
	}
	title_w = text_px(l->title, TITLE_PX) + 8;
	if (title_w > l->width)
		l->width = title_w;
	l->height = TOP + (int)cc->nrows * ROW_H + (int)(change_chart_ngroups(cc) - 1) * GROUP_GAP +
		    (narrow ? (int)change_chart_ngroups(cc) * GROUP_LABEL_H : 0) + BOTTOM;
	for (size_t i = 0; l->inline_verdicts && i < cc->nrows; i++)
		l->height += verdict_beside(l, &cc->rows[i]) ? 0 : GROUP_LABEL_H;
	change_chart_axis(cc, l->log, &l->lo, &l->hi);
}

/* Where a change in % is drawn. */
static double xpos(const struct layout *l, double pct)
{
	return l->plot_x + (change_chart_at(l->log, pct) - l->lo) / (l->hi - l->lo) * l->plot_w;
}

static void axis(FILE *out, const struct layout *l)
{
	double at[MAX_TICKS], x0 = xpos(l, 0);
	size_t n = change_chart_ticks(l->log, l->lo, l->hi, at, MAX_TICKS);
	/* Room for each tick's label: every stride-th one where they would touch. */
	size_t fit = (size_t)(l->plot_w / 48), stride = fit && n > fit ? (n + fit - 1) / fit : 1;
	int bottom = l->height - BOTTOM + 4;
	char label[32];
	double half;

	for (size_t k = 0; k < n; k++) {
		double pct = change_chart_pct(l->log, at[k]), x = l->plot_x +
			     (at[k] - l->lo) / (l->hi - l->lo) * l->plot_w;
		int zero = fabs(pct) < 1e-9;

		if (!zero)
			fprintf(out, "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" "
				"y2=\"%d\" stroke=\"#ddd\"/>\n",
				x, TOP - 4, x, bottom);
		change_chart_tick(label, sizeof(label), pct);
		half = html_text_px(label, 10, 0) / 2.0;
		/* Every stride-th label, and none that would cross the chart's edge. */
		if ((k % stride != 0 && !zero) || x - half < 1 || x + half > l->width - 1)
			continue;
		fprintf(out, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\">"
			"%s</text>\n", x, bottom + 14, label);
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
	fputs("</title></rect>\n", out);
	if (l->inline_verdicts)
		return;
	fprintf(out, "<text x=\"%d\" y=\"%.1f\" font-size=\"10\"%s>",
		l->plot_x + l->plot_w + 8, cy + 3.5,
		bold ? " font-weight=\"bold\"" : " class=\"muted\"");
	html_text(out, v);
	fputs("</text>\n", out);
}

/* The narrow layout of one series: a row's verdict at the right of its label's line (y). */
static void verdict_right(FILE *out, const struct layout *l, const struct change_row *r, int y)
{
	char v[sizeof(r->verdict) + 8];
	int bold = verdict_text(r->verdict, v, sizeof(v));

	fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"10\" text-anchor=\"end\"%s>",
		l->width - 4, y, bold ? " font-weight=\"bold\"" : " class=\"muted\"");
	html_text(out, v);
	fputs("</text>\n", out);
}

/* The chart in one layout, as an <svg>. */
static void draw(FILE *out, const struct change_chart *cc, const struct layout *l)
{
	int y = TOP;

	html_svg_open(out, l->width, l->height, "each change against the baseline with its 95 % "
		      "interval");
	axis(out, l);
	for (size_t i = 0; i < cc->nrows; i++) {
		if (change_chart_group_start(cc, i)) {
			y += i > 0 ? GROUP_GAP : 0;
			if (l->narrow)
				fprintf(out, "<text x=\"4\" y=\"%d\" font-size=\"11\">",
					y + GROUP_LABEL_H - 4);
			else
				fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"11\" "
					"text-anchor=\"end\">", l->label_w - 8, y + ROW_H / 2 + 4);
			html_text(out, cc->rows[i].label);
			fputs("</text>\n", out);
			y += l->narrow ? GROUP_LABEL_H : 0;
		}
		/* One series on a phone: the verdict beside its label, or on a line of its own. */
		if (l->inline_verdicts && verdict_beside(l, &cc->rows[i])) {
			verdict_right(out, l, &cc->rows[i], y - 4);
		} else if (l->inline_verdicts) {
			verdict_right(out, l, &cc->rows[i], y + GROUP_LABEL_H - 4);
			y += GROUP_LABEL_H;
		}
		row(out, cc, l, i, y);
		y += ROW_H;
	}
	html_svg_close(out);
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
	fputs(". Marker: the change; bar: its 95 % interval; right: the verdict.", out);
	if (change_chart_log(cc))
		fputs(" The axis is a log scale of the ratio (a change past doubling or halving is "
		      "on the chart): from 0 to +100 % is as far as from +100 % to +300 %.", out);
	if (cc->left_out) {
		char words[160];

		change_chart_left_out_words(cc, words, sizeof(words));
		fputs(" ", out);
		html_text(out, words);
		fputs(".", out);
	}
	fputs("</p>\n", out);
}

void change_chart_svg(FILE *out, const struct change_chart *cc)
{
	struct layout wide, narrow;

	if (cc->nrows == 0)
		return;
	measure(cc, 0, &wide);
	measure(cc, 1, &narrow);
	html_pair_open(out, wide.width);
	draw(out, cc, &wide);
	html_pair_next(out);
	draw(out, cc, &narrow);
	html_pair_close(out);
	key(out, cc);
}
