/*
 * paired_table.c: the paired comparison table's cells, its drawers (text,
 * Markdown, HTML, CSV, JSON) and the note under it, for the run's reports
 * and `compare` alike (paired_table.h).  Nothing is computed here beyond
 * formatting: the rows' figures come from the run's model or the rows
 * compare read.
 */
#include "report/paired_table.h"

#include <ctype.h>
#include <math.h>
#include <string.h>

#include "util/csv_out.h"
#include "util/html_out.h"
#include "util/md_out.h"
#include "util/util.h"

double paired_pct(double ratio)
{
	return isfinite(ratio) ? 100 * (ratio - 1) : (double)NAN;
}

void paired_pct_cell(char *out, size_t len, double v)
{
	if (!isfinite(v))
		fmt(out, len, "-");
	else
		fmt(out, len, "%+.2f%%", fabs(v) < 0.005 ? 0.0 : v);
}

static void interval_cell(char *out, size_t len, double lo_pct, double hi_pct)
{
	char lo[24], hi[24];

	if (!isfinite(lo_pct) && !isfinite(hi_pct)) {
		fmt(out, len, "-");
		return;
	}
	paired_pct_cell(lo, sizeof(lo), lo_pct);
	paired_pct_cell(hi, sizeof(hi), hi_pct);
	fmt(out, len, "%s..%s", lo, hi);
}

/*
 * A detectable change of PAIRED_DETECT_MAX % or more means nothing as a
 * figure (no slowdown reaches -100 %): the cell is "-" and the note says
 * how many rounds would detect PAIRED_DETECT_GOAL %.
 */
#define PAIRED_DETECT_MAX 100.0
#define PAIRED_DETECT_GOAL 10.0

/* Append "; words" (or the words alone) to the row's note. */
static void note_add(struct paired_cells *pc, const char *words)
{
	size_t n = strlen(pc->reason);

	if (strstr(pc->reason, words) != NULL)
		return;         /* a row read back from text has them already */
	fmt(pc->reason + n, sizeof(pc->reason) - n, "%s%s", n ? "; " : "", words);
}

/*
 * What a sysadmin must read beside the figures, in words, under the row:
 * an interval that leaves out 0 on an inconclusive row (the family's
 * correction made it so), and a detect too large to mean anything.
 */
static void row_words(const struct paired_row *row, struct paired_cells *pc)
{
	enum verdict v;
	char words[160];

	if (verdict_parse(row->verdict, &v) == 0 && v == VD_INCONCLUSIVE &&
	    strchr(row->verdict, ':') == NULL &&
	    (row->ci_lo_pct > 0 || row->ci_hi_pct < 0)) {
		if (row->family > 1)
			fmt(words, sizeof(words), "its interval leaves out 0, but the change is not "
			    "significant once %zu rows are judged together", row->family);
		else
			fmt(words, sizeof(words), "its interval leaves out 0, but the change is not "
			    "significant once every row is judged together");
		note_add(pc, words);
	}
	if (isfinite(row->detect_pct) && row->detect_pct >= PAIRED_DETECT_MAX) {
		/* The detectable change shrinks as 1 / sqrt(rounds), on the log scale. */
		double k = log1p(row->detect_pct / 100) / log1p(PAIRED_DETECT_GOAL / 100);
		double need = (double)(row->rounds ? row->rounds : 2) * k * k;

		fmt(pc->detect, sizeof(pc->detect), "-");
		if (need < 1e6)
			fmt(words, sizeof(words), "too few rounds to detect any plausible change: it "
			    "would need about %.0f rounds to detect %.0f %%", ceil(need),
			    PAIRED_DETECT_GOAL);
		else
			fmt(words, sizeof(words), "too few rounds to detect any plausible change");
		note_add(pc, words);
	}
}

void paired_row_cells(const struct paired_row *row, struct paired_cells *pc)
{
	char fb[FIGURE_BUF];

	memset(pc, 0, sizeof(*pc));
	fmt(pc->label, sizeof(pc->label), "%s", row->label);
	fmt(pc->base, sizeof(pc->base), "%s", isfinite(row->base) ? figure(fb, row->base, 0) : "-");
	fmt(pc->other, sizeof(pc->other), "%s", isfinite(row->other) ? figure(fb, row->other, 0) : "-");
	paired_pct_cell(pc->change, sizeof(pc->change), row->change_pct);
	interval_cell(pc->ci, sizeof(pc->ci), row->ci_lo_pct, row->ci_hi_pct);
	if (isfinite(row->detect_pct))
		fmt(pc->detect, sizeof(pc->detect), "+-%.2f%%", row->detect_pct);
	else
		fmt(pc->detect, sizeof(pc->detect), "-");
	fmt(pc->rounds, sizeof(pc->rounds), "%u", row->rounds);
	fmt(pc->verdict, sizeof(pc->verdict), "%s", row->verdict);
	if (row->reason[0]) {
		fmt(pc->reason, sizeof(pc->reason), "%s", row->reason);
	} else if (isfinite(row->rounds_lo_pct) || isfinite(row->rounds_hi_pct)) {
		char ci[56];

		interval_cell(ci, sizeof(ci), row->rounds_lo_pct, row->rounds_hi_pct);
		fmt(pc->reason, sizeof(pc->reason), "rounds alone: %s", ci);
	}
	row_words(row, pc);
}

const char paired_table_control_words[] =
	"Control (A/A: these tests do not use the test directory; the ratio should be 1)";

/* The text table's columns: title, label, the two figures, change, CI, detect, rounds, verdict. */
#define PT_COLS 9
/* Columns the text table aligns left (the rest are figures, aligned right). */
static const int left_aligned[PT_COLS] = { 1, 1, 0, 0, 0, 0, 0, 0, 1 };
/* Spaces between two columns: always at least this many, whatever the cells hold. */
#define PT_GAP 2

static void text_cells(const struct paired_row *row, struct paired_cells *pc, const char *cell[])
{
	paired_row_cells(row, pc);
	cell[0] = row->title;
	cell[1] = pc->label;
	cell[2] = pc->base;
	cell[3] = pc->other;
	cell[4] = pc->change;
	cell[5] = pc->ci;
	cell[6] = pc->detect;
	cell[7] = pc->rounds;
	cell[8] = pc->verdict;
}

static void text_line(FILE *out, const char *const cell[], const size_t width[])
{
	for (size_t k = 0; k < PT_COLS; k++) {
		int w = k + 1 == PT_COLS ? 0 : (int)width[k];

		fprintf(out, "%*s", k ? PT_GAP : 0, "");
		fprintf(out, left_aligned[k] ? "%-*s" : "%*s", w, cell[k]);
	}
	fputc('\n', out);
}

void paired_table_text(FILE *out, const char *baseline, const char *column,
		       const struct paired_row *rows, size_t n)
{
	const char *head[PT_COLS] = { "Test", column, baseline, "result", "change", "95% CI",
				      "detect", "rounds", "verdict" };
	size_t width[PT_COLS];

	for (size_t k = 0; k < PT_COLS; k++)
		width[k] = strlen(head[k]);
	/* Each column as wide as its widest cell. */
	for (size_t i = 0; i < n; i++) {
		struct paired_cells pc;
		const char *cell[PT_COLS];

		text_cells(&rows[i], &pc, cell);
		for (size_t k = 0; k < PT_COLS; k++)
			if (strlen(cell[k]) > width[k])
				width[k] = strlen(cell[k]);
	}
	text_line(out, head, width);
	for (size_t i = 0; i < n; i++) {
		struct paired_cells pc;
		const char *cell[PT_COLS];

		text_cells(&rows[i], &pc, cell);
		text_line(out, cell, width);
		if (pc.reason[0])
			fprintf(out, "%*s(%s)\n", (int)(width[0] + PT_GAP), "", pc.reason);
	}
}

/* A column's word as a Markdown or HTML head: capitalised ("Setting"). */
static void head_word(FILE *out, const char *word, void (*esc)(FILE *, const char *))
{
	char w[32];

	fmt(w, sizeof(w), "%s", word);
	w[0] = (char)toupper((unsigned char)w[0]);
	esc(out, w);
}

void paired_table_md_head(FILE *out, const char *baseline, const char *column,
			  enum paired_part part)
{
	fputs("| Test | ", out);
	head_word(out, column, md_text);
	if (part == PAIRED_VERDICTS) {
		fputs(" | Change (95% CI) | Verdict |\n"
		      "|:-----|:----|-----:|:------|\n", out);
		return;
	}
	fputs(" | ", out);
	md_text(out, baseline);
	fputs(" | Result | Detect | Rounds |\n"
	      "|:-----|:----|-----:|-----:|-----:|-----:|\n", out);
}

void paired_table_html_head(FILE *out, const char *baseline, const char *column,
			    enum paired_part part)
{
	fputs("<tr><th>Test</th><th>", out);
	head_word(out, column, html_text);
	if (part == PAIRED_VERDICTS) {
		fputs("</th><th>Change (95% CI)</th><th>Verdict</th></tr>\n", out);
		return;
	}
	fputs("</th><th>", out);
	html_text(out, baseline);
	fputs("</th><th>Result</th><th>Detect</th><th>Rounds</th></tr>\n", out);
}

void paired_table_row(struct table_out *t, const struct paired_row *row, enum paired_part part)
{
	struct paired_cells pc;

	paired_row_cells(row, &pc);
	table_text(t, row->title);
	if (row->control)
		table_more(t, " (control)");
	table_text(t, pc.label);
	if (part == PAIRED_FIGURES) {
		table_num(t, "%s", pc.base);
		table_num(t, "%s", pc.other);
		table_num(t, "%s", pc.detect);
		table_num(t, "%s", pc.rounds);
		table_end(t);
		return;
	}
	/* One cell: the change, its interval under it where the column is narrow. */
	table_num(t, strcmp(pc.ci, "-") ? "%s (%s)" : "%s", pc.change, pc.ci);
	table_verdict(t, pc.verdict);
	if (pc.reason[0]) {
		table_more(t, " (");
		table_more(t, pc.reason);
		table_more(t, ")");
	}
	table_end(t);
}

void paired_tables(struct table_out *t, const char *baseline, const char *column, int html,
		   paired_rows_fn rows, const void *ctx)
{
	for (int p = PAIRED_VERDICTS; p <= PAIRED_FIGURES; p++) {
		if (p == PAIRED_FIGURES)
			fputs(html ? "<details class=\"figures\"><summary>" PAIRED_FIGURES_WORDS
			      "</summary>\n" : PAIRED_FIGURES_WORDS ":\n\n", t->out);
		if (html) {
			fputs(p == PAIRED_VERDICTS ? "<table class=\"paired verdicts\">\n" :
			      "<table class=\"paired\">\n", t->out);
			paired_table_html_head(t->out, baseline, column, (enum paired_part)p);
		} else {
			paired_table_md_head(t->out, baseline, column, (enum paired_part)p);
		}
		rows(t, (enum paired_part)p, ctx);
		fputs(html ? "</table>\n" : "\n", t->out);
	}
	if (html)
		fputs("</details>\n", t->out);
}

void paired_table_csv_head(FILE *out)
{
	fputs("copies,test,title,label,baseline,control,rounds,baseline_geomean,geomean,"
	      "change_percent,lo_change_percent,hi_change_percent,detectable_change_percent,"
	      "verdict_text,reason\n", out);
}

void paired_table_csv_row(FILE *out, const struct paired_row *row)
{
	const double v[6] = { row->base, row->other, row->change_pct, row->ci_lo_pct,
			      row->ci_hi_pct, row->detect_pct };
	struct paired_cells pc;

	paired_row_cells(row, &pc);
	fprintf(out, "%u,", row->copies);
	csv_field(out, row->name);
	fputc(',', out);
	csv_field(out, row->title);
	fputc(',', out);
	csv_field(out, row->label);
	fputc(',', out);
	csv_field(out, row->baseline);
	fprintf(out, ",%d,%u", row->control, row->rounds);
	for (size_t k = 0; k < 6; k++) {
		fputc(',', out);
		if (isfinite(v[k]))
			csv_number(out, v[k]);
	}
	fputc(',', out);
	csv_field(out, row->verdict);
	fputc(',', out);
	csv_field(out, pc.reason);
	fputc('\n', out);
}

/* The run's members beside the row's: the estimate in the record's words. */
static void json_run_estimate(struct json_out *j, const struct paired_cmp *c)
{
	const struct paired_stats *st = &c->st;

	json_kv_double(j, "mean_log_ratio", st->mean_log);
	json_kv_double(j, "sd_log_ratio", st->sd_log);
	json_kv_double(j, "se_log_ratio", st->se_log);
	json_kv_double(j, "se_rounds_log_ratio", st->se_rounds);
	json_kv_double(j, "instance_sd_log", st->instance_sd);
	json_kv_double(j, "median_ratio", st->median_ratio);
	json_kv_bool(j, "order_adjusted", st->order_adjusted);
	json_key(j, "place_change_percent");
	if (st->order_adjusted) {
		json_array_begin(j);
		for (size_t p = 0; p < st->nplaces; p++)
			json_double(j, isfinite(st->place_log[p]) ? 100 * expm1(st->place_log[p])
								  : (double)NAN);
		json_array_end(j);
	} else {
		json_null(j);
	}
	json_kv_string(j, "verdict", st->n >= 2 && c->base_status == TS_OK && c->status == TS_OK
		       ? verdict_word(st->vd.v) : NULL);
	json_kv_bool(j, "negligible_change", st->vd.negligible);
	json_kv_double(j, "p_value_holm", st->vd.p_diff_adj);
	json_kv_double(j, "tost_p_value_holm", st->vd.p_tost_adj);
	json_key(j, "ci_simultaneous");
	json_object_begin(j);
	json_kv_double(j, "lo_change_percent", paired_pct(exp(st->vd.adj_lo)));
	json_kv_double(j, "hi_change_percent", paired_pct(exp(st->vd.adj_hi)));
	json_object_end(j);
}

void paired_table_json(struct json_out *j, const struct paired_row *row,
		       const struct paired_cmp *c)
{
	const struct paired_stats *st = c != NULL ? &c->st : NULL;
	struct paired_cells pc;

	paired_row_cells(row, &pc);
	json_kv_uint(j, "copies", row->copies);
	json_kv_string_or_null(j, "test", row->name);
	json_kv_string(j, "title", row->title);
	json_kv_string(j, "label", row->label);
	json_kv_string(j, "baseline", row->baseline);
	json_kv_bool(j, "control", row->control);
	if (c != NULL) {
		json_kv_string(j, "baseline_status", status_key(c->base_status));
		json_kv_string(j, "status", status_key(c->status));
	}
	json_kv_uint(j, "rounds", row->rounds);
	if (st != NULL)
		json_kv_uint(j, "paired_rounds", st->n);
	/* The run's figures as the model holds them (with no round too); a row's as read. */
	json_kv_double(j, "baseline_geomean", st != NULL ? st->base_gm : row->base);
	json_kv_double(j, "geomean", st != NULL ? st->other_gm : row->other);
	if (st != NULL)
		json_kv_double(j, "ratio", st->ratio);
	json_kv_double(j, "change_percent", st != NULL ? paired_pct(st->ratio) : row->change_pct);
	json_key(j, "ci95");
	json_object_begin(j);
	if (st != NULL) {
		json_kv_double(j, "lo", st->ci_lo);
		json_kv_double(j, "hi", st->ci_hi);
	}
	json_kv_double(j, "lo_change_percent", st != NULL ? paired_pct(st->ci_lo) : row->ci_lo_pct);
	json_kv_double(j, "hi_change_percent", st != NULL ? paired_pct(st->ci_hi) : row->ci_hi_pct);
	json_object_end(j);
	json_kv_double(j, "detectable_change_percent",
		       st == NULL ? row->detect_pct
				  : isfinite(st->detect) ? 100 * st->detect : (double)NAN);
	if (c != NULL)
		json_run_estimate(j, c);
	json_kv_string(j, "verdict_text", pc.verdict);
	json_kv_string_or_null(j, "reason", pc.reason);
	if (c != NULL)
		json_kv_string_or_null(j, "not_compared", c->reason);
}

void paired_legend_open(FILE *out, int html)
{
	fputs(html ? "<details class=\"legend\"><summary>Legend (" PAIRED_LEGEND_WORDS
	      ")</summary>\n<p class=\"small\">" : "**Legend** (" PAIRED_LEGEND_WORDS "): ", out);
}

void paired_legend_close(FILE *out, int html)
{
	fputs(html ? "</p>\n</details>\n" : "\n\n", out);
}

void paired_table_note(char *out, size_t len, const char *baseline, const char *column)
{
	int settings = strcmp(column, PAIRED_COLUMN_SETTING) == 0;

	/* Settings share one instance: no instance term, so the note names none. */
	fmt(out, len, "change: the geometric mean of the per-round ratio (%s / %s) - 1; "
	    "95%% CI: Student's t over the rounds' log-ratios%s, this row alone (unadjusted); "
	    "detect: %s.", column, baseline, settings ? "" : " with the instance term below",
	    REPORT_PAIRED_DETECT_WORDS);
}
