/*
 * compare_paired.c: `compare` of one paired run: its own comparison (the
 * run measured its directories in interleaved rounds and judged the
 * per-round ratios, which is better than anything two independent sample
 * sets allow), as text, Markdown, CSV or JSON.  Two or more files compare
 * as usual; a paired run then counts as one input per directory.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

#include "compare/compare_int.h"
#include "report/paired_table.h"
#include "report/report.h"
#include "util/html_out.h"
#include "util/json_out.h"
#include "util/md_out.h"
#include "util/util.h"

/* What compare adds under the run's note: whose verdicts, and older reports' detect. */
static const char provenance_note[] =
	"Verdicts: the run's own. A report from before one alpha per report printed the CI's "
	"half-width as detect, which a change of that size reaches only about half the time.";

/* The copy counts of the rows, in order (at most max); how many. */
static size_t copy_counts(const struct source *d, unsigned *out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < d->npaired; i++) {
		size_t k = 0;

		while (k < n && out[k] != d->paired[i].copies)
			k++;
		if (k == n && n < max)
			out[n++] = d->paired[i].copies;
	}
	return n;
}

/* The rows of one copy count (and, in text, one table: control or not) through draw. */
static void each_row(const struct source *d, unsigned copies, int control,
		     void (*draw)(void *ctx, const struct paired_row *row), void *ctx)
{
	for (size_t i = 0; i < d->npaired; i++)
		if (d->paired[i].copies == copies && (control < 0 || d->paired[i].control == control))
			draw(ctx, &d->paired[i]);
}

struct table_part {
	struct table_out *t;
	enum paired_part part;
};

/* A copy count's rows for paired_tables(): one table of the two. */
struct table_rows {
	const struct source *d;
	unsigned copies;
};

static void draw_row(void *ctx, const struct paired_row *row)
{
	const struct table_part *tp = ctx;

	paired_table_row(tp->t, row, tp->part);
}

static void table_rows(struct table_out *t, enum paired_part part, const void *ctx)
{
	const struct table_rows *tr = ctx;
	struct table_part tp = { t, part };

	each_row(tr->d, tr->copies, -1, draw_row, &tp);
}

static int has_control(const struct source *d, unsigned copies)
{
	for (size_t i = 0; i < d->npaired; i++)
		if (d->paired[i].copies == copies && d->paired[i].control)
			return 1;
	return 0;
}

/* One text table: the rows of copy count copies, control or not. */
static void text_table(FILE *out, const struct source *d, const char *column, unsigned copies,
		       int control)
{
	struct paired_row *rows = calloc(d->npaired ? d->npaired : 1, sizeof(*rows));
	size_t n = 0;

	if (rows == NULL) {
		fprintf(out, "(out of memory for the table)\n");
		return;
	}
	for (size_t i = 0; i < d->npaired; i++)
		if (d->paired[i].copies == copies && d->paired[i].control == control)
			rows[n++] = d->paired[i];
	paired_table_text(out, d->paired[0].baseline, column, rows, n);
	free(rows);
}

/* The run's own layout (report_paired.c): per copy count its table, then the control rows'. */
static void print_text(FILE *out, const struct source *d, const char *column)
{
	const char *base = d->paired[0].baseline;
	unsigned copies[16];
	size_t nc = copy_counts(d, copies, 16);
	char note[512 + TP_LABEL_MAX];

	for (size_t i = 0; i < nc; i++) {
		fprintf(out, "Paired comparison: %u cop%s, baseline %s\n", copies[i],
			copies[i] == 1 ? "y" : "ies", base);
		text_table(out, d, column, copies[i], 0);
		if (has_control(d, copies[i])) {
			fprintf(out, "\n%s\n", paired_table_control_words);
			text_table(out, d, column, copies[i], 1);
		}
		fputs("\n", out);
	}
	paired_table_note(note, sizeof(note), base, column);
	fprintf(out, "%s\n", PAIRED_TABLE_LEGEND_HEAD);
	text_wrapped(out, "", note, PAIRED_TABLE_NOTE_WIDTH);
	text_wrapped(out, "", provenance_note, PAIRED_TABLE_NOTE_WIDTH);
}

/* A run cut short (its journal read, or its record marked): every format says so first. */
static const char cut_words[] = "INTERRUPTED: a partial run: its rows cover only the rounds "
	"finished before it stopped (a row whose test was cut short is not judged); "
	"./Run --resume completes it";

/* Markdown and HTML as the run's pages lay the table out (report_md.c, report_html.c). */
static void print_table(FILE *out, const struct source *d, const char *column, int html,
			int cut)
{
	const char *base = d->paired[0].baseline;
	struct table_out t = html ? table_html(out) : table_md(out);
	unsigned copies[16];
	size_t nc = copy_counts(d, copies, 16);
	char note[512 + TP_LABEL_MAX];
	void (*esc)(FILE *, const char *) = html ? html_text : md_text;

	if (cut)
		fprintf(out, html ? "<p class=\"warn\">%s</p>\n" : "**%s**\n\n", cut_words);
	for (size_t i = 0; i < nc; i++) {
		fprintf(out, html ? "<h2>Paired comparison: %u cop%s, baseline " :
			"## Paired comparison: %u cop%s, baseline ", copies[i],
			copies[i] == 1 ? "y" : "ies");
		esc(out, base);
		fputs(html ? "</h2>\n" : "\n\n", out);
		{
			struct table_rows tr = { d, copies[i] };

			paired_tables(&t, base, column, html, table_rows, &tr);
		}
	}
	paired_table_note(note, sizeof(note), base, column);
	paired_legend_open(out, html);
	esc(out, note);
	fputs(" ", out);
	esc(out, provenance_note);
	paired_legend_close(out, html);
}

static void print_csv(FILE *out, const struct source *d)
{
	paired_table_csv_head(out);
	for (size_t i = 0; i < d->npaired; i++)
		paired_table_csv_row(out, &d->paired[i]);
}

/* The record's keys for the same figures (paired_table_json). */
static int print_json(FILE *out, const struct source *d, int cut)
{
	struct json_out j;

	json_init(&j, out, 1);
	json_object_begin(&j);
	json_kv_string(&j, "baseline", d->paired[0].baseline);
	json_kv_bool(&j, "interrupted", cut);
	json_key(&j, "comparisons");
	json_array_begin(&j);
	for (size_t i = 0; i < d->npaired; i++) {
		json_object_begin(&j);
		paired_table_json(&j, &d->paired[i], NULL);
		json_object_end(&j);
	}
	json_array_end(&j);
	json_object_end(&j);
	return json_finish(&j);
}

int cmp_print_paired(FILE *out, const struct compare *c)
{
	const struct source *d = &c->src[0];
	const struct run_result *r = &d->runs[0];

	for (size_t i = 0; i < d->nruns && r->ndirs == 0; i++)
		r = &d->runs[i];        /* the paired run, where a file holds others too */

	switch (c->opt.format) {
	case F_TEXT:
		fprintf(out, "%s: a paired run (%zu test dirs", d->text[0] ? d->text : d->arg,
			r->ndirs);
		for (size_t i = 0; i < r->ndirs; i++)
			fprintf(out, "%s%s", i ? ", " : ": ", r->dirs[i].label);
		fprintf(out, "), host %s, mode %s\n\n", r->sys.hostname,
			r->mode[0] ? r->mode : "default");
		if (r->interrupted)
			fprintf(out, "%s\n\n", cut_words);
		print_text(out, d, report_paired_column(r));
		break;
	case F_MD:
		print_table(out, d, report_paired_column(r), 0, r->interrupted);
		break;
	case F_CSV:
		print_csv(out, d);
		break;
	case F_JSON:
		return print_json(out, d, r->interrupted);
	case F_HTML:
		html_head(out, "sysindex compare: a paired run");
		fputs("<h1>sysindex compare: a paired run</h1>\n", out);
		print_table(out, d, report_paired_column(r), 1, r->interrupted);
		fputs("</body>\n</html>\n", out);
		break;
	}
	return ferror(out) ? -1 : 0;
}
