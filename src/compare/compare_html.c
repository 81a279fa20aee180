/*
 * compare_html.c: `compare --format html`, one self-contained page in the
 * style of the run's (util/html_out.h): the summary first (each score
 * row's change with its interval and verdict, the verdicts counted with
 * the method), an inline SVG chart of every change with its 95 % interval
 * as an error bar around a zero line, the table of values and changes, the
 * inputs' key and the warnings.  Every string from an input is escaped.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare/compare_int.h"
#include "util/html_out.h"
#include "util/util.h"

#define CHART_LABEL_W 300       /* px for the row labels */
#define CHART_PLOT_W 460        /* px for the changes */
#define CHART_ROW_H 18
#define CHART_VERDICT_X 6       /* px from the plot to a verdict */

/* A row's title with its copy count when the inputs have several. */
static void row_name(const struct compare *c, const struct row *row, char *out, size_t len)
{
	int several = 0;

	for (size_t r = 1; r < c->nrows; r++)
		several |= c->rows[r].copies != c->rows[0].copies;
	fmt(out, len, several ? "%s (%u cop%s)" : "%s", row->title, row->copies,
	    row->copies == 1 ? "y" : "ies");
}

/* "+2.1 % (95 % CI +0.4..+3.8 %): faster", or what can be said. */
static void change_words(const struct delta *d, char *out, size_t len)
{
	if (!isfinite(d->change))
		fmt(out, len, "%s", d->verdict[0] ? d->verdict : "-");
	else if (d->judged && isfinite(d->ci_lo) && isfinite(d->ci_hi))
		fmt(out, len, "%+.2f %% (95 %% CI %+.2f..%+.2f %%): %s", d->change, d->ci_lo,
		    d->ci_hi, d->verdict);
	else
		fmt(out, len, "%+.2f %%: %s", d->change, d->verdict[0] ? d->verdict : "-");
}

static void summary(FILE *out, const struct compare *c)
{
	size_t n[4] = { 0 };     /* faster, slower, equivalent, inconclusive */
	char line[512], method[160];

	fputs("<section id=\"summary\">\n<h2>Summary</h2>\n<ul>\n", out);
	for (size_t r = 0; r < c->nrows; r++) {
		const struct row *row = &c->rows[r];

		for (size_t i = 1; i < c->nin; i++) {
			const struct delta *d = &row->deltas[i];

			if (!row->is_score) {
				n[strcmp(d->verdict, V_FASTER) == 0 ? 0 : strcmp(d->verdict, V_SLOWER) == 0
				  ? 1 : strcmp(d->verdict, V_EQUIV) == 0 ? 2 : 3]++;
				continue;
			}
			row_name(c, row, line, sizeof(line));
			fputs("<li><b>", out);
			html_text(out, line);
			fputs("</b>, ", out);
			html_text(out, c->in[i].label);
			fputs(" against ", out);
			html_text(out, c->in[0].label);
			fputs(": ", out);
			change_words(d, line, sizeof(line));
			html_text(out, line);
			fputs("</li>\n", out);
		}
	}
	verdict_method(&c->family, method, sizeof(method));
	fmt(line, sizeof(line), "Tests compared: %zu faster, %zu slower, %zu equivalent, "
	    "%zu inconclusive or not judged (%s)", n[0], n[1], n[2], n[3], method);
	fputs("<li>", out);
	html_text(out, line);
	fputs("</li>\n</ul>\n</section>\n", out);
}

/* The axis: the changes and their intervals, zero always in, a little margin. */
static void axis_range(const struct compare *c, double *lo, double *hi)
{
	*lo = *hi = 0;
	for (size_t r = 0; r < c->nrows; r++)
		for (size_t i = 1; i < c->nin; i++) {
			const struct delta *d = &c->rows[r].deltas[i];
			double a = d->judged ? d->ci_lo : d->change, b = d->judged ? d->ci_hi : d->change;

			if (!isfinite(d->change) || !isfinite(a) || !isfinite(b))
				continue;
			*lo = fmin(*lo, a);
			*hi = fmax(*hi, b);
		}
	if (*hi - *lo < 1) {
		*lo -= 0.5;
		*hi += 0.5;
	}
	*lo -= (*hi - *lo) * 0.05;
	*hi += (*hi - *lo) * 0.05;
}

/* The words beside a change's bar in the chart. */
static const char *bar_verdict(const struct delta *d)
{
	return d->verdict[0] ? d->verdict : "-";
}

/* The chart's width: the verdict column after the plot holds the widest verdict drawn. */
static int chart_width(const struct compare *c)
{
	int w = 0;

	for (size_t r = 0; r < c->nrows; r++)
		for (size_t i = 1; i < c->nin; i++)
			if (isfinite(c->rows[r].deltas[i].change) &&
			    html_text_px(bar_verdict(&c->rows[r].deltas[i]), 10, 0) > w)
				w = html_text_px(bar_verdict(&c->rows[r].deltas[i]), 10, 0);
	return CHART_LABEL_W + CHART_PLOT_W + CHART_VERDICT_X + w + 6;
}

/*
 * Every change as a dot with its 95 % interval as an error bar, one series
 * (colour) per input, a zero line, the axis zoomed to the data, the
 * verdict beside each bar.
 */
static void chart(FILE *out, const struct compare *c)
{
	size_t nbars = 0;
	double lo, hi;
	int top = 24, height, width;
	char name[320];

	for (size_t r = 0; r < c->nrows; r++)
		for (size_t i = 1; i < c->nin; i++)
			nbars += isfinite(c->rows[r].deltas[i].change);
	if (nbars == 0 || c->nin < 2)
		return;
	width = chart_width(c);
	axis_range(c, &lo, &hi);
	height = top + (int)(nbars + c->nrows) * CHART_ROW_H + 30;
#define X(v) (CHART_LABEL_W + (int)lround(((v) - lo) / (hi - lo) * CHART_PLOT_W))
	fprintf(out, "<h2>Changes</h2>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		"height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"each change against "
		"the baseline with its 95%% interval\">\n", width, height, width, height);
	fprintf(out, "<text x=\"%d\" y=\"14\" font-size=\"12\" text-anchor=\"middle\">change "
		"against the baseline, %%, 95%% interval (axis %+.1f to %+.1f)</text>\n",
		X((lo + hi) / 2), lo, hi);
	fprintf(out, "<line class=\"zero\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
		"stroke=\"#333\" stroke-width=\"1\"/>\n", X(0), top, X(0), height - 20);
	fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">0</text>\n",
		X(0), height - 6);
	for (size_t r = 0, y = (size_t)top; r < c->nrows; r++) {
		const struct row *row = &c->rows[r];

		row_name(c, row, name, sizeof(name));
		fprintf(out, "<text x=\"%d\" y=\"%zu\" font-size=\"11\" text-anchor=\"end\">",
			CHART_LABEL_W - 8, y + 12);
		html_text(out, name);
		fputs("</text>\n", out);
		for (size_t i = 1; i < c->nin; i++) {
			const struct delta *d = &row->deltas[i];
			const char *col = html_colours[(i - 1) % html_ncolours];
			int cy = (int)y + CHART_ROW_H / 2;

			if (!isfinite(d->change))
				continue;
			if (d->judged && isfinite(d->ci_lo) && isfinite(d->ci_hi))
				fprintf(out, "<rect class=\"ci\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"4\" "
					"fill=\"%s\" opacity=\"0.45\"/>\n", X(d->ci_lo), cy - 2,
					X(d->ci_hi) - X(d->ci_lo) > 1 ? X(d->ci_hi) - X(d->ci_lo) : 1, col);
			fprintf(out, "<rect class=\"bar\" x=\"%d\" y=\"%d\" width=\"4\" height=\"10\" "
				"fill=\"%s\"><title>", X(d->change) - 2, cy - 5, col);
			html_text(out, c->in[i].label);
			fputs(": ", out);
			change_words(d, name, sizeof(name));
			html_text(out, name);
			fprintf(out, "</title></rect>\n<text x=\"%d\" y=\"%d\" font-size=\"10\" "
				"fill=\"#555\">", CHART_LABEL_W + CHART_PLOT_W + CHART_VERDICT_X, cy + 4);
			html_text(out, bar_verdict(d));
			fputs("</text>\n", out);
			y += CHART_ROW_H;
		}
		y += CHART_ROW_H;
	}
#undef X
	fputs("</svg>\n<p class=\"small\">Series (colours):", out);
	for (size_t i = 1; i < c->nin; i++) {
		fprintf(out, " <span style=\"color:%s\">&#9632;</span> ",
			html_colours[(i - 1) % html_ncolours]);
		html_text(out, c->in[i].label);
	}
	fputs("; each against ", out);
	html_text(out, c->in[0].label);
	fputs(".</p>\n", out);
}

static void table(FILE *out, const struct compare *c)
{
	char buf[320];

	fputs("<h2>Values and changes</h2>\n<table>\n<tr><th>Test</th><th>Unit</th>", out);
	for (size_t i = 0; i < c->nin; i++) {
		fputs("<th>", out);
		html_text(out, c->in[i].label);
		fputs("</th>", out);
	}
	for (size_t i = 1; i < c->nin; i++) {
		fputs("<th>", out);
		html_text(out, c->in[i].label);
		fputs(" against ", out);
		html_text(out, c->in[0].label);
		fputs("</th>", out);
	}
	fputs("</tr>\n", out);
	for (size_t r = 0; r < c->nrows; r++) {
		const struct row *row = &c->rows[r];

		fputs(row->is_score ? "<tr class=\"total\"><td>" : "<tr><td>", out);
		row_name(c, row, buf, sizeof(buf));
		html_text(out, buf);
		fputs("</td><td>", out);
		for (size_t i = 0; i < c->nin; i++)
			if (row->cells[i].present && row->cells[i].unit[0]) {
				html_text(out, row->cells[i].unit);
				break;
			}
		fputs("</td>", out);
		for (size_t i = 0; i < c->nin; i++) {
			if (row->cells[i].present && isfinite(row->cells[i].value))
				fprintf(out, "<td class=\"n\">%.1f</td>", row->cells[i].value);
			else
				fputs("<td class=\"n\">-</td>", out);
		}
		for (size_t i = 1; i < c->nin; i++) {
			change_words(&row->deltas[i], buf, sizeof(buf));
			fputs("<td>", out);
			html_text(out, buf);
			fputs("</td>", out);
		}
		fputs("</tr>\n", out);
	}
	fputs("</table>\n", out);
}

static void inputs_and_warnings(FILE *out, const struct compare *c)
{
	char line[CMP_PATH_MAX + 600], method[160];

	fputs("<h2>Inputs</h2>\n<ul>\n", out);
	for (size_t i = 0; i < c->nin; i++) {
		cmp_input_line(c, i, 1, line, sizeof(line));
		fputs("<li>", out);
		html_text(out, line);
		fputs("</li>\n", out);
	}
	fputs("</ul>\n", out);
	if (c->nwarnings > 0) {
		fputs("<h2>Warnings</h2>\n<ul>\n", out);
		for (size_t i = 0; i < c->nwarnings; i++) {
			fputs("<li class=\"warn\">", out);
			html_text(out, c->warnings[i]);
			fputs("</li>\n", out);
		}
		fputs("</ul>\n", out);
	}
	verdict_method(&c->family, method, sizeof(method));
	fputs("<p class=\"small\">Change: against the baseline's result; 95 % CI: Welch's t on "
	      "the log rates, each row alone (unadjusted). Verdicts: ", out);
	html_text(out, method);
	fputs(": faster/slower after Holm's correction, equivalent by two one-sided tests, "
	      "else inconclusive. An interval that holds 0 is not evidence of no difference."
	      "</p>\n", out);
}

int cmp_print_html(FILE *out, const struct compare *c)
{
	char title[512];

	fmt(title, sizeof(title), "sysindex compare: %zu inputs against %s", c->nin,
	    c->nin ? c->in[0].label : "");
	html_head(out, title);
	fputs("<h1>", out);
	html_text(out, title);
	fputs("</h1>\n", out);
	summary(out, c);
	chart(out, c);
	table(out, c);
	inputs_and_warnings(out, c);
	fputs("<p class=\"small\">Written by sysindex compare.</p>\n</body>\n</html>\n", out);
	return ferror(out) ? -1 : 0;
}
