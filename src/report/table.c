/*
 * table.c: the table model (table.h): Markdown's and HTML's marks and
 * escapes, and cells, heads and rules written through them.
 */
#include "report/table.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "stats/verdict.h"
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


/* Where s's verdict starts (its word at the end, or a cell after ": "); -1 none. */
static long verdict_at(const char *s, enum verdict *v)
{
	size_t len = strlen(s), k = verdict_word_at_end(s, len);

	if (k > 0)
		return verdict_parse(s + len - k, v) == 0 ? (long)(len - k) : -1;
	if (verdict_parse(s, v) == 0)
		return 0;
	for (const char *p = strstr(s, ": "); p != NULL; p = strstr(p + 1, ": "))
		if (verdict_parse(p + 2, v) == 0)
			return p + 2 - s;
	return -1;
}

/* Each verdict's symbol and a space, in UTF-8: U+25B2, U+25BC, U+2248, "?". */
static const char *const sym[] = {
	[VD_NONE] = "", [VD_FASTER] = "\xe2\x96\xb2 ", [VD_SLOWER] = "\xe2\x96\xbc ",
	[VD_EQUIVALENT] = "\xe2\x89\x88 ", [VD_INCONCLUSIVE] = "? ", [VD_FEW] = "? ",
};

const char *table_verdict_symbol(const char *cell)
{
	enum verdict v;

	return verdict_parse(cell, &v) == 0 && v <= VD_INCONCLUSIVE ? sym[v] : "";
}

int table_verdict_strong(const char *cell)
{
	enum verdict v;

	return verdict_parse(cell, &v) == 0 && (v == VD_FASTER || v == VD_SLOWER ||
						 v == VD_EQUIVALENT);
}

void html_verdict_text(FILE *out, const char *s)
{
	enum verdict v = VD_NONE;
	long at = verdict_at(s, &v);
	char *head;

	if (at < 0 || v == VD_NONE || (head = strdup(s)) == NULL) {
		html_text(out, s);
		return;
	}
	head[at] = '\0';
	html_text(out, head);
	free(head);
	fprintf(out, "<span class=\"v v-%s\"><span aria-hidden=\"true\">%s</span>",
		verdict_word(v), sym[v]);
	html_text(out, s + at);
	fputs("</span>", out);
}

void table_verdict(struct table_out *t, const char *s)
{
	open_cell(t, 0);
	if (t->esc == html_text)
		html_verdict_text(t->out, s);
	else
		t->esc(t->out, s);
}
