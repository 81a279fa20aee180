/*
 * report_table.c: the tables the run's Markdown and HTML writers both
 * show, each table's rows built once here and written through the table
 * model (table.h: "| " and " | " for Markdown, "<tr><td>" and
 * "</td><td class=\"n\">" for HTML).  A writer keeps only its markup: the
 * table's heading and its frame.
 */
#include "report/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

/* A table's frame: open, the caption (escaped) where it has one, head. */

/* A figure in a numeric cell, compact when huge (util.h's figure()). */
static void table_fig(struct table_out *t, double v)
{
	char fb[FIGURE_BUF];

	table_num(t, "%s", figure(fb, v, 0));
}
static void open_table(struct table_out *t, const struct table_frame *f, const char *caption)
{
	fputs(f->open, t->out);
	if (caption != NULL)
		t->esc(t->out, caption);
	fputs(f->head, t->out);
}

void report_curve_tables(struct table_out *t, const struct copy_run *run, const size_t *order,
			 const struct table_frame *f)
{
	for (size_t k = 0; k < run->ntests; k++) {
		const struct bench_result *b = &run->tests[order[k]];
		struct curve_point pts[CURVE_MAX];
		size_t n = report_curve(b, pts, CURVE_MAX);

		if (n == 0)
			continue;
		open_table(t, f, b->def->title);
		for (size_t i = 0; i < n; i++) {
			table_num(t, "%s", pts[i].size);
			table_num(t, "%.2f", pts[i].ns);
			table_text(t, pts[i].level);
			table_end(t);
		}
		fputs(f->close, t->out);
	}
}

void report_stats_table(struct table_out *t, const struct run_result *r,
			const struct copy_run *run, const size_t *order,
			const enum stat_col *cols, size_t ncols, const struct table_frame *f)
{
	char flags[96];

	open_table(t, f, NULL);
	for (size_t k = 0; k < run->ntests; k++) {
		const struct bench_result *b = &run->tests[order[k]];
		const struct summary *s = &b->stats;
		struct stat_cells c;

		if (b->status != TS_OK)
			continue;
		report_stat_cells(s, &c);
		table_text(t, b->def->title);
		for (size_t i = 0; i < ncols; i++)
			switch (cols[i]) {
			case SC_N: table_num(t, "%zu", s->n); break;
			case SC_MEAN: table_fig(t, s->mean); break;
			case SC_SD: table_num(t, "%s", c.sd); break;
			case SC_CI: table_num(t, "%s", c.ci); break;
			case SC_CV: table_num(t, "%s", c.cv); break;
			case SC_MIN: table_fig(t, s->min); break;
			case SC_MAX: table_fig(t, s->max); break;
			case SC_FLAGS:
				table_text(t, report_flag_words(r, b, flags, sizeof(flags)));
				break;
			}
		table_end(t);
	}
	fputs(f->close, t->out);
}

/* The program's note, then each metric (not the curve's points) as a line. */
/*
 * A metric in words: its name with spaces ("placement samples: 37"); a
 * fraction as a percentage without its "_fraction" ("shared cpu: 13.5 %"),
 * a count as a whole number, a flag as yes/no (or how often, averaged over
 * samples), any other value with its unit.
 */
static void metric_words(const struct metric *mt, char *buf, size_t len)
{
	char name[sizeof(mt->name)];
	size_t n;

	fmt(name, sizeof(name), "%s", mt->name);
	n = strlen(name);
	if (strcmp(mt->unit, "fraction") == 0 && n > 9 && strcmp(name + n - 9, "_fraction") == 0)
		name[n - 9] = '\0';
	for (char *p = name; *p; p++)
		if (*p == '_')
			*p = ' ';
	if (strcmp(mt->unit, "fraction") == 0)
		fmt(buf, len, "%s: %.1f %%", name, 100 * mt->value);
	else if (strcmp(mt->unit, "count") == 0)
		fmt(buf, len, "%s: %.0f", name, mt->value);
	else if (strcmp(mt->unit, "bool") == 0 && (mt->value == 0 || mt->value == 1))
		fmt(buf, len, "%s: %s", name, mt->value ? "yes" : "no");
	else if (strcmp(mt->unit, "bool") == 0)   /* averaged over the samples */
		fmt(buf, len, "%s: in %.0f %% of the samples", name, 100 * mt->value);
	else
		fmt(buf, len, "%s: %.6g %s", name, mt->value, mt->unit);
}

static void notes_cell(struct table_out *t, const struct bench_result *b)
{
	const struct table_marks *m = t->m;
	char words[512];
	int first = !b->note[0];

	table_text(t, b->note);
	if (report_sustained_words(b, words, sizeof(words)) == 0) {
		fputs(first ? m->line : m->line_next, t->out);
		t->esc(t->out, words);
		fputs(m->line_end, t->out);
		first = 0;
	}
	for (size_t i = 0; i < b->nmetrics; i++) {
		const struct metric *mt = &b->metrics[i];
		char line[128];

		if (report_is_curve_metric(mt) || report_is_sustained_metric(mt))
			continue;   /* in the curve table, in the sentence above */
		metric_words(mt, line, sizeof(line));
		fputs(i == 0 && first ? m->line : m->line_next, t->out);
		t->esc(t->out, line);
		fputs(m->line_end, t->out);
	}
}

/* One cell of a result row; a test without a result shows its state. */
static void result_cell(struct table_out *t, const struct bench_result *b, enum result_col c)
{
	int ok = b->status == TS_OK;
	int partial = result_partial(b) > 0;  /* cut short: figures, no index */

	switch (c) {
	case RC_RESULT:
		if (ok || partial)
			table_fig(t, b->score);
		else
			table_num(t, "%s", status_word(b->status));
		break;
	case RC_UNIT:
	case RC_UNIT_NOTE:
		table_text(t, b->def->unit);
		if (c == RC_UNIT_NOTE && ok && b->note[0]) {
			table_more(t, " (");
			table_more(t, b->note);
			table_more(t, ")");
		} else if (c == RC_UNIT_NOTE && partial) {
			table_more(t, " (");        /* the figure covers only these samples */
			table_more(t, b->reason);
			table_more(t, ")");
		}
		break;
	case RC_TIME:
	case RC_SAMPLES:
	case RC_INDEX:
		if (!ok && !(partial && c != RC_INDEX))
			table_empty(t);         /* only a result has these; no index when partial */
		else if (c == RC_TIME)
			table_num(t, "%.1f s", b->time);
		else if (c == RC_SAMPLES && b->stats.n > b->kept)
			table_num(t, "%zu of %zu", b->kept, b->stats.n);   /* as the text's line */
		else if (c == RC_SAMPLES)
			table_num(t, "%zu", b->kept);
		else if (b->def->baseline > 0)
			table_fig(t, b->index);
		else
			table_num(t, "---");
		break;
	case RC_NOTES:
		if (ok)
			notes_cell(t, b);
		else
			table_text(t, b->reason);
		break;
	}
}

void report_results_table(struct table_out *t, const struct copy_run *run, const size_t *order,
			  const enum result_col *cols, size_t ncols, const struct table_frame *f)
{
	open_table(t, f, NULL);
	for (size_t k = 0; k < run->ntests; k++) {
		const struct bench_result *b = &run->tests[order[k]];

		table_text(t, b->def->title);
		for (size_t i = 0; i < ncols; i++)
			result_cell(t, b, cols[i]);
		table_end(t);
	}
	fputs(f->close, t->out);
}

/* report_test_defs's filter: the baseline directory's copy runs. */
static int in_baseline(const struct copy_run *run, const struct bench_result *b)
{
	(void)b;
	return run->dir == 0;
}

/* One test at one copy count: its index, else its result (the unit has its own
 * column), its state or nothing. */
static void copies_cell(struct table_out *t, const struct copy_run *run, const struct test_def *d)
{
	const struct bench_result *b = NULL;

	for (size_t k = 0; k < run->ntests && b == NULL; k++)
		if (strcmp(run->tests[k].def->name, d->name) == 0)
			b = &run->tests[k];
	if (b == NULL)
		table_empty(t);
	else if (result_partial(b))
		table_num(t, "%s", "partial");  /* cut short: its row in the results says how */
	else if (b->status != TS_OK)
		table_num(t, "%s", status_word(b->status));
	else
		table_fig(t, d->baseline > 0 ? b->index : b->score);
}

/* The heads: Test, then "1 copy", "2 copies"... and the alignment rule. */
static void copies_heads(struct table_out *t, const struct run_result *r,
			 const struct table_heads *h)
{
	char head[32];

	table_head(t, h, "Test");
	table_head(t, h, "Unit");
	for (size_t s = 0; s < r->nruns; s++)
		if (r->runs[s].dir == 0) {
			fmt(head, sizeof(head), "%u cop%s", r->runs[s].copies,
			    r->runs[s].copies == 1 ? "y" : "ies");
			table_head(t, h, head);
		}
	table_head_end(t, h);
	table_rule(t, h, 0);
	table_rule(t, h, 0);
	for (size_t s = 0; s < r->nruns; s++)
		if (r->runs[s].dir == 0)
			table_rule(t, h, 1);
	table_rule_end(t, h);
}

/* The last row: each copy count's System Benchmarks Index Score, if any has one. */
static void copies_score_row(struct table_out *t, const struct run_result *r)
{
	int any = 0, partial = 0;

	for (size_t s = 0; s < r->nruns; s++)
		if (r->runs[s].dir == 0 && r->runs[s].cats[CAT_SYSTEM].nindexed > 0) {
			any = 1;
			partial |= r->runs[s].cats[CAT_SYSTEM].partial;
		}
	if (!any)
		return;
	table_text(t, partial ? "System Benchmarks Index Score (Partial Only)"
			      : "System Benchmarks Index Score");
	table_text(t, "index");
	for (size_t s = 0; s < r->nruns; s++) {
		const struct cat_index *ci = &r->runs[s].cats[CAT_SYSTEM];

		if (r->runs[s].dir != 0)
			continue;
		if (ci->nindexed > 0)
			table_fig(t, ci->score);
		else
			table_empty(t);
	}
	table_end(t);
}

void report_copies_table(struct table_out *t, const struct run_result *r,
			 const struct table_frame *f)
{
	size_t cap = 0, n;
	const struct test_def **rows;
	char caption[TESTDIR_LABEL_MAX + 160];

	for (size_t s = 0; s < r->nruns; s++)
		cap += r->runs[s].dir == 0 ? r->runs[s].ntests : 0;
	if (cap == 0 || (rows = calloc(cap, sizeof(*rows))) == NULL)
		return;
	n = report_test_defs(r, in_baseline, rows, cap);
	if (r->ndirs >= 2)
		fmt(caption, sizeof(caption), "Each test's result by copy count, in the baseline "
		    "%s %s only (the paired comparison below compares the %s). "
		    "Unit \"index\": 10 is the 1995 baseline machine.",
		    r->nsettings ? "setting" : "directory", r->dirs[0].label,
		    r->nsettings ? "settings" : "directories");
	else
		fmt(caption, sizeof(caption), "Each test's result by copy count. Unit \"index\": "
		    "10 is the 1995 baseline machine.");
	open_table(t, f, caption);
	if (f->heads != NULL)
		copies_heads(t, r, f->heads);
	for (size_t i = 0; i < n; i++) {
		table_text(t, rows[i]->title);
		table_text(t, rows[i]->baseline > 0 ? "index" : rows[i]->unit);
		for (size_t s = 0; s < r->nruns; s++)
			if (r->runs[s].dir == 0)
				copies_cell(t, &r->runs[s], rows[i]);
		table_end(t);
	}
	copies_score_row(t, r);
	fputs(f->close, t->out);
	free(rows);
}

/* The placement table's heads, and its rule: the counts right-aligned, the words left. */
static void placement_heads(struct table_out *t, const struct table_heads *h)
{
	for (size_t k = 0; k < REPORT_PLACE_COLS; k++)
		table_head(t, h, k == 0 ? "Test" : report_placement_heads[k]);
	table_head_end(t, h);
	for (size_t k = 0; k < REPORT_PLACE_COLS; k++)
		table_rule(t, h, k > 0 && k + 1 < REPORT_PLACE_COLS);
	table_rule_end(t, h);
}

size_t report_placement_table(struct table_out *t, const struct copy_run *run,
			      const size_t *order, const struct table_frame *f)
{
	char (*cells)[REPORT_PLACE_COLS][REPORT_PLACE_CELL] =
		calloc(REPORT_PLACE_MAX, sizeof(*cells));
	size_t n = cells ? report_placement_rows(run, order, cells, REPORT_PLACE_MAX) : 0;

	if (n > 0) {
		open_table(t, f, NULL);
		placement_heads(t, f->heads);
		for (size_t i = 0; i < n; i++) {
			table_text(t, cells[i][0]);
			for (size_t k = 1; k < REPORT_PLACE_COLS; k++)
				table_num_text(t, cells[i][k]);
			table_end(t);
		}
		fputs(f->close, t->out);
	}
	free(cells);
	return n;
}
