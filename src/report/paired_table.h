/*
 * paired_table.h: the paired comparison table, one model and one builder
 * for every writer that shows it: the run's own "Paired comparison" block
 * (report_paired.c fills the rows from struct run_result: text, Markdown,
 * HTML, and the record's JSON) and `compare` of one paired run
 * (compare_paired.c fills them from the rows it read: text, Markdown,
 * HTML, CSV, JSON).  Both print the same cells in the same layout, under
 * the same note, and write the same JSON keys (the record's, which
 * reader/record_read.c reads back).
 */
#ifndef SYSINDEX_PAIRED_TABLE_H
#define SYSINDEX_PAIRED_TABLE_H

#include <stddef.h>
#include <stdio.h>

#include "core/paired_row.h"
#include "core/result.h"
#include "report/table.h"
#include "util/json_out.h"

/*
 * A row's cells as every table shows them: each side's figure, the change
 * ("-8.73%"), the CI ("-18.11%..+1.74%"), detect ("+-11.47%"), the rounds,
 * the verdict, and the note under the row (its reason, else "rounds alone:
 * lo..hi" where that interval differs from the row's; "" for none).
 */
struct paired_cells {
	char label[PAIRED_LABEL_MAX];
	char base[40], other[40], change[24], ci[56], detect[24], rounds[16];
	char verdict[128], reason[REASON_MAX];
};
void paired_row_cells(const struct paired_row *row, struct paired_cells *pc);
/* A change of ratio x in percent (NAN for none). */
double paired_pct(double ratio);
/* A change in percent as a cell: "+1.25%" ("+0.00%" below 0.005), "-" for none. */
void paired_pct_cell(char *out, size_t len, double pct);

/*
 * The directory column's head: "dir" for test directories, "setting" in
 * settings mode (one directory, several settings of it); Markdown and HTML
 * capitalise it.
 */
#define PAIRED_COLUMN_DIR "dir"
#define PAIRED_COLUMN_SETTING "setting"
/*
 * Text: a table of n rows under its heads (the third column is the
 * baseline's label), each row's note on a line under it.  Every column is
 * as wide as its widest cell and two spaces part any two, so figures of any
 * size never run together.
 */
void paired_table_text(FILE *out, const char *baseline, const char *column,
		       const struct paired_row *rows, size_t n);
/* The heading of the --control rows' table in every format. */
extern const char paired_table_control_words[];
/*
 * Markdown and HTML: two tables, each narrow enough for a blog column or a
 * phone: the verdicts (test, dir or setting, the change with its 95% CI in one cell,
 * the verdict and its reason),
 * then the figures behind them (each side's figure, detect, rounds).  The
 * heads of one, and a row of one through a table_out.
 */
enum paired_part { PAIRED_VERDICTS, PAIRED_FIGURES };
void paired_table_md_head(FILE *out, const char *baseline, const char *column,
			  enum paired_part part);
void paired_table_html_head(FILE *out, const char *baseline, const char *column,
			    enum paired_part part);
void paired_table_row(struct table_out *t, const struct paired_row *row, enum paired_part part);
/*
 * Both tables (Markdown, or HTML with the figures folded in a <details>),
 * their rows drawn by rows (each through paired_table_row with the part).
 */
typedef void (*paired_rows_fn)(struct table_out *t, enum paired_part part, const void *ctx);
void paired_tables(struct table_out *t, const char *baseline, const char *column, int html,
		   paired_rows_fn rows, const void *ctx);
/* The figures table's heading, in words (Markdown and HTML). */
#define PAIRED_FIGURES_WORDS "The figures behind each row: each side's geometric mean, " \
	"the change this run could detect, the rounds"
/* CSV: the JSON's keys as columns, one row per comparison. */
void paired_table_csv_head(FILE *out);
void paired_table_csv_row(FILE *out, const struct paired_row *row);
/*
 * JSON: a comparison object's members (the caller opens and closes it).
 * With c (the run's own estimate, full precision), every member the
 * record holds, in the record's order; without (compare of a report), the
 * same keys for the figures a row has.
 */
void paired_table_json(struct json_out *j, const struct paired_row *row,
		       const struct paired_cmp *c);

/*
 * The note under every paired table, text and the others alike: what
 * change, 95% CI and detect are (against baseline's label; column as the
 * table's: in settings mode the CI has no instance term, and says none).  Plain words;
 * the text report wraps them.
 */
void paired_table_note(char *out, size_t len, const char *baseline, const char *column);
/*
 * The statistics' words go in a legend a reader who wants the verdicts
 * alone can skip: in text under this line; in Markdown a paragraph that
 * opens "**Legend**"; in HTML a <details> the reader opens, its <summary>
 * this line.  paired_legend_open and _close frame the words (html: 1 for
 * HTML, 0 for Markdown).
 */
#define PAIRED_LEGEND_WORDS "the statistics' words; the verdicts above stand without them"
#define PAIRED_TABLE_LEGEND_HEAD "Legend (" PAIRED_LEGEND_WORDS "):"
void paired_legend_open(FILE *out, int html);
void paired_legend_close(FILE *out, int html);
/* The text report's notes are wrapped at this width. */
#define PAIRED_TABLE_NOTE_WIDTH 92
/* The detect column in words (verdict_mde), once for every paired output. */
#define REPORT_PAIRED_DETECT_WORDS \
	"the minimum detectable change, the true change this row would call faster or slower " \
	"80% of the time at the report's level (not the interval's half-width)"

#endif
