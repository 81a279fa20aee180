/*
 * table.h: the table model of every Markdown and HTML page, the run's
 * (report_md.c, report_html.c, their rows built in report_table.c) and
 * compare's (src/compare/): a table written cell by cell through a
 * format's marks and escape (table.c).
 */
#ifndef SYSINDEX_TABLE_H
#define SYSINDEX_TABLE_H

#include <stddef.h>
#include <stdio.h>

/*
 * Each table's rows are built once and written through a format's marks:
 * row opens a row before a text cell, row_num before a number cell,
 * row_total before the text cell that opens a total row (NULL: as row);
 * cell and num go between cells, before a text and a number cell; end
 * closes the row (Markdown "| ", " | ", " |\n"; HTML "<tr><td>",
 * "</td><td class=\"n\">", "</td></tr>\n").  Text cells go through the
 * format's esc (also table_num_text's, aligned as a number), numbers as
 * they are.
 */
struct table_marks {
	const char *row, *row_num, *row_total, *cell, *num, *end;
	const char *empty;      /* an empty cell, opener included (Markdown " |") */
	const char *line, *line_next, *line_end;   /* the lines of a notes cell */
};
struct table_out {
	FILE *out;
	const struct table_marks *m;
	void (*esc)(FILE *, const char *);
	size_t cells;           /* in the current row (or heads, or rule) */
};
/* A table in Markdown (md_text escapes) or HTML (html_text escapes), written to out. */
struct table_out table_md(FILE *out);
struct table_out table_html(FILE *out);
void table_text(struct table_out *t, const char *s);   /* a new text cell */
void table_total(struct table_out *t, const char *s);  /* a total row's first cell */
void table_more(struct table_out *t, const char *s);   /* more text in this cell */
void table_num(struct table_out *t, const char *format, ...)
	__attribute__((format(printf, 2, 3)));          /* a new number cell */
void table_num_text(struct table_out *t, const char *s); /* a number cell of text */
void table_empty(struct table_out *t);                 /* a new empty cell */
void table_end(struct table_out *t);
/*
 * A text cell, or in HTML any text, whose verdict (stats/verdict.h's word
 * at its end, or a whole "inconclusive: 3 rounds" cell after a ": ") is
 * marked so that it is seen without colour too: HTML wraps it in
 * <span class="v v-faster"> with a symbol before the word (faster U+25B2,
 * slower U+25BC, equivalent U+2248, inconclusive "?"), bold but for
 * inconclusive (util/html_out.c's style); Markdown writes the text as table_text does.
 */
void table_verdict(struct table_out *t, const char *s);
void html_verdict_text(FILE *out, const char *s);
/* For a chart's verdict text (a whole cell): its symbol and a space in UTF-8
 * ("" for none), and whether it is drawn bold (faster, slower, equivalent). */
const char *table_verdict_symbol(const char *cell);
int table_verdict_strong(const char *cell);

/*
 * A whole table's markup around its rows: open, then the table's caption
 * where it has one (escaped: the curve's test title), head (the column
 * heads), the rows, close.
 */
struct table_frame {
	const char *open, *head, *close;
	const struct table_heads *heads;        /* a table whose columns vary, else NULL */
};
/*
 * Column heads written one by one, for a table whose columns depend on the
 * run: open, sep between heads, close; then, where the format has one, the
 * alignment rule: rule_open, then per column rule_text or rule_num (a
 * number column's), rule_end (the run's Markdown "|", ":-----|",
 * "-----:|", "\n"; HTML none: rule_open NULL).
 */
struct table_heads {
	const char *open, *sep, *close;
	const char *rule_open, *rule_text, *rule_num, *rule_end;
};
/* HTML's heads: a row of <th> cells (HTML has no rule). */
extern const struct table_heads table_html_heads;
/* A new column head (escaped; table_more adds to it), then the end of the heads. */
void table_head(struct table_out *t, const struct table_heads *h, const char *s);
void table_head_end(struct table_out *t, const struct table_heads *h);
/* The alignment rule under the heads: a column (num: a number column's), the end. */
void table_rule(struct table_out *t, const struct table_heads *h, int num);
void table_rule_end(struct table_out *t, const struct table_heads *h);

#endif
