/*
 * report_table.c: the tables the Markdown and HTML writers both show, each
 * table's rows built once here and written through the writer's marks
 * (struct table_marks: "| " and " | " for Markdown, "<tr><td>" and
 * "</td><td class=\"n\">" for HTML) and its escape function.  A writer
 * keeps only its markup: the marks, the table's heading and its frame.
 */
#include "report/report.h"

#include <stdarg.h>

static void open_cell(struct table_out *t, int num)
{
	const struct table_marks *m = t->m;

	if (t->cells++ == 0)
		fputs(num ? m->row_num : m->row, t->out);
	else
		fputs(num ? m->num : m->cell, t->out);
}

void table_text(struct table_out *t, const char *s)
{
	open_cell(t, 0);
	t->esc(t->out, s);
}

void table_more(struct table_out *t, const char *s)
{
	t->esc(t->out, s);
}

void table_num(struct table_out *t, const char *format, ...)
{
	va_list ap;

	open_cell(t, 1);
	va_start(ap, format);
	vfprintf(t->out, format, ap);
	va_end(ap);
}

void table_end(struct table_out *t)
{
	fputs(t->m->end, t->out);
	t->cells = 0;
}

void report_curve_rows(struct table_out *t, const struct curve_point *pts, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		table_num(t, "%s", pts[i].size);
		table_num(t, "%.2f", pts[i].ns);
		table_text(t, pts[i].level);
		table_end(t);
	}
}

void report_stats_rows(struct table_out *t, const struct run_result *r,
		       const struct copy_run *run, const size_t *order,
		       const enum stat_col *cols, size_t ncols)
{
	char flags[96];

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
			case SC_MEAN: table_num(t, "%.1f", s->mean); break;
			case SC_SD: table_num(t, "%s", c.sd); break;
			case SC_CI: table_num(t, "%s", c.ci); break;
			case SC_CV: table_num(t, "%s", c.cv); break;
			case SC_MIN: table_num(t, "%.1f", s->min); break;
			case SC_MAX: table_num(t, "%.1f", s->max); break;
			case SC_FLAGS:
				table_text(t, report_flag_words(r, b, flags, sizeof(flags)));
				break;
			}
		table_end(t);
	}
}
