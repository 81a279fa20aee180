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

/* The summary's count a verdict cell adds to: faster, slower, equivalent, any other. */
static size_t summary_slot(const char *cell)
{
	enum verdict v;

	if (verdict_parse(cell, &v) != 0)
		return 3;
	return v == VD_FASTER ? 0 : v == VD_SLOWER ? 1 : v == VD_EQUIVALENT ? 2 : 3;
}

/* The test rows judged v (faster or slower), named:
 * "Faster, b against a: Pipe Throughput (1 copy) (+5.00 %)". */
static void winners(FILE *out, const struct compare *c, enum verdict v)
{
	char name[320];

	for (size_t i = 1; i < c->nin; i++) {
		size_t k = 0;

		for (size_t r = 0; r < c->nrows; r++) {
			const struct row *row = &c->rows[r];
			enum verdict got;

			if (row->is_score || verdict_parse(row->deltas[i].verdict, &got) != 0 ||
			    got != v)
				continue;
			if (k++ == 0) {
				fprintf(out, "<li>%s, ", v == VD_FASTER ? "Faster" : "Slower");
				html_text(out, c->in[i].label);
				fputs(" against ", out);
				html_text(out, c->in[0].label);
				fputs(": ", out);
			} else {
				fputs(", ", out);
			}
			cmp_row_name(c, row, name, sizeof(name));
			html_text(out, name);
			fmt(name, sizeof(name), " (%+.2f %%)", row->deltas[i].change);
			html_text(out, name);
		}
		if (k)
			fputs("</li>\n", out);
	}
}

/* --group-by: each pooled column's next run (compare_next.c), one item each. */
static void next_runs(FILE *out, const struct compare *c)
{
	char line[CMP_PATH_MAX];

	for (size_t r = 0; r < c->nrows; r++)
		for (size_t i = 0; i < c->nin; i++)
			if (cmp_next_run_words(c, r, i, line, sizeof(line))) {
				fputs("<li>Next run (95 % prediction from the column's runs): ", out);
				html_text(out, line);
				fputs("</li>\n", out);
			}
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
				n[summary_slot(d->verdict)]++;
				continue;
			}
			cmp_row_name(c, row, line, sizeof(line));
			fputs("<li><b>", out);
			html_text(out, line);
			fputs("</b>, ", out);
			html_text(out, c->in[i].label);
			fputs(" against ", out);
			html_text(out, c->in[0].label);
			fputs(": ", out);
			cmp_change_words(d, line, sizeof(line));
			html_verdict_text(out, line);
			fputs("</li>\n", out);
		}
	}
	verdict_method(&c->family, method, sizeof(method));
	fmt(line, sizeof(line), "Tests compared: %zu faster, %zu slower, %zu equivalent, "
	    "%zu inconclusive or not judged (%s)", n[0], n[1], n[2], n[3], method);
	fputs("<li>", out);
	html_text(out, line);
	fputs("</li>\n", out);
	winners(out, c, VD_FASTER);
	winners(out, c, VD_SLOWER);
	next_runs(out, c);
	fputs("</ul>\n</section>\n", out);
}

/* Every change with its interval and verdict (report/change_chart.h). */
static void chart(FILE *out, const struct compare *c)
{
	struct change_chart cc;

	if (cmp_change_chart(c, &cc) == 0 && cc.nrows > 0) {
		fputs("<h2>Changes</h2>\n", out);
		change_chart_svg(out, &cc);
	}
	change_chart_free(&cc);
}

/* The table's heads: the inputs, then each one's change against the baseline. */
static void table_heads(struct table_out *t, const struct compare *c)
{
	const struct table_heads *h = &table_html_heads;

	table_head(t, h, "Test");
	table_head(t, h, "Unit");
	for (size_t i = 0; i < c->nin; i++)
		table_head(t, h, c->in[i].label);
	for (size_t i = 1; i < c->nin; i++) {
		table_head(t, h, c->in[i].label);
		table_more(t, " against ");
		table_more(t, c->in[0].label);
	}
	table_head_end(t, h);
}

/* One row (report_table.c's HTML): a score row is a total row. */
static void table_row(struct table_out *t, const struct compare *c, const struct row *row)
{
	char buf[320], fb[FIGURE_BUF];
	const char *unit = "";

	cmp_row_name(c, row, buf, sizeof(buf));
	if (row->is_score)
		table_total(t, buf);
	else
		table_text(t, buf);
	for (size_t i = 0; i < c->nin && !unit[0]; i++)
		if (row->cells[i].present)
			unit = row->cells[i].unit;
	table_text(t, unit);
	for (size_t i = 0; i < c->nin; i++) {
		if (row->cells[i].present && isfinite(row->cells[i].value))
			table_num(t, "%s", figure(fb, row->cells[i].value, 0));
		else
			table_num(t, "-");
	}
	for (size_t i = 1; i < c->nin; i++) {
		cmp_change_words(&row->deltas[i], buf, sizeof(buf));
		table_verdict(t, buf);
	}
	table_end(t);
}

static void table(FILE *out, const struct compare *c)
{
	struct table_out t = table_html(out);

	fputs("<h2>Values and changes</h2>\n<table>\n", out);
	table_heads(&t, c);
	for (size_t r = 0; r < c->nrows; r++)
		table_row(&t, c, &c->rows[r]);
	fputs("</table>\n", out);
}

static void inputs_and_warnings(FILE *out, const struct compare *c)
{
	char line[CMP_PATH_MAX + 600], words[VERDICT_EXPLAIN_MAX];

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
	cmp_explain(c, words, sizeof(words));
	fputs("<p class=\"small\">", out);
	html_text(out, CMP_CI_WORDS);
	fputs(" ", out);
	html_text(out, words);
	fputs("</p>\n", out);
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
