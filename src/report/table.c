/*
 * table.c: the table model (table.h): Markdown's and HTML's marks and
 * escapes, and cells, heads and rules written through them.
 */
#include "report/table.h"

#include <stdarg.h>

#include "util/html_out.h"
#include "util/md_out.h"

/* The formats' marks: Markdown's, and HTML's (numbers right-aligned). */
static const struct table_marks md_marks = {
	.row = "| ", .row_num = "| ", .cell = " | ", .num = " | ", .end = " |\n",
	.empty = " |", .line = "", .line_next = "; ", .line_end = "",
};
static const struct table_marks html_marks = {
	.row = "<tr><td>", .row_num = "<tr><td class=\"n\">",
	.row_total = "<tr class=\"total\"><td>", .cell = "</td><td>",
	.num = "</td><td class=\"n\">", .end = "</td></tr>\n", .empty = "</td><td>",
	.line = "<span class=\"small\">", .line_next = "<br><span class=\"small\">",
	.line_end = "</span>",
};

const struct table_heads table_html_heads = {
	.open = "<tr><th>", .sep = "</th><th>", .close = "</th></tr>\n",
};

struct table_out table_md(FILE *out)
{
	struct table_out t = { .out = out, .m = &md_marks, .esc = md_text };

	return t;
}

struct table_out table_html(FILE *out)
{
	struct table_out t = { .out = out, .m = &html_marks, .esc = html_text };

	return t;
}

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

void table_num_text(struct table_out *t, const char *s)
{
	open_cell(t, 1);
	t->esc(t->out, s);
}

void table_total(struct table_out *t, const char *s)
{
	if (t->cells == 0 && t->m->row_total != NULL) {
		t->cells++;
		fputs(t->m->row_total, t->out);
		t->esc(t->out, s);
	} else {
		table_text(t, s);
	}
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

void table_empty(struct table_out *t)
{
	t->cells++;
	fputs(t->m->empty, t->out);
}

void table_end(struct table_out *t)
{
	fputs(t->m->end, t->out);
	t->cells = 0;
}

void table_head(struct table_out *t, const struct table_heads *h, const char *s)
{
	fputs(t->cells++ == 0 ? h->open : h->sep, t->out);
	t->esc(t->out, s);
}

void table_head_end(struct table_out *t, const struct table_heads *h)
{
	fputs(h->close, t->out);
	t->cells = 0;
}

void table_rule(struct table_out *t, const struct table_heads *h, int num)
{
	if (h->rule_open == NULL)
		return;
	if (t->cells++ == 0)
		fputs(h->rule_open, t->out);
	fputs(num ? h->rule_num : h->rule_text, t->out);
}

void table_rule_end(struct table_out *t, const struct table_heads *h)
{
	if (h->rule_open != NULL)
		fputs(h->rule_end, t->out);
	t->cells = 0;
}

