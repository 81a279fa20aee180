/*
 * compare_out.c: `sysindex compare`'s table written out: aligned text or a
 * Markdown table (both from one grid of strings), long-format CSV (a line
 * per test and input), or JSON with the inputs and the warnings.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare_int.h"
#include "reader/journal_read.h"
#include "util/md_out.h"
#include "util/csv_out.h"
#include "util/json_out.h"
#include "util/util.h"

/* ---- output: a grid of strings, printed as text or Markdown ------------ */

static int grid_init(struct grid *g, size_t nrows, size_t ncols)
{
	g->nrows = nrows;
	g->ncols = ncols;
	g->cell = calloc(nrows * ncols, sizeof(*g->cell));
	g->right = calloc(ncols, sizeof(*g->right));
	return g->cell && g->right ? 0 : -1;
}

static void grid_set(struct grid *g, size_t r, size_t col, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	free(g->cell[r * g->ncols + col]);
	g->cell[r * g->ncols + col] = strdup(buf);
}

static const char *grid_get(const struct grid *g, size_t r, size_t col)
{
	const char *s = g->cell[r * g->ncols + col];

	return s ? s : "";
}

void cmp_grid_free(struct grid *g)
{
	for (size_t i = 0; g->cell && i < g->nrows * g->ncols; i++)
		free(g->cell[i]);
	free(g->cell);
	free(g->right);
}

static const char *row_unit(const struct compare *c, const struct row *row)
{
	for (size_t i = 0; i < c->nin; i++)
		if (row->cells[i].present && row->cells[i].unit[0])
			return row->cells[i].unit;
	return "";
}

static size_t delta_col(const struct compare *c, size_t i)
{
	return 3 + c->nin + 3 * (i - 1);
}

/* Header row 0, then one row per table row. */
int cmp_build_grid(const struct compare *c, struct grid *g)
{
	size_t ncols = 3 + c->nin + 3 * (c->nin - 1);

	if (grid_init(g, c->nrows + 1, ncols) != 0)
		return -1;
	grid_set(g, 0, 0, "Test");
	grid_set(g, 0, 1, "Copies");
	grid_set(g, 0, 2, "Unit");
	g->right[1] = 1;
	for (size_t i = 0; i < c->nin; i++) {
		grid_set(g, 0, 3 + i, "%s", c->in[i].label);
		g->right[3 + i] = 1;
	}
	for (size_t i = 1; i < c->nin; i++) {
		size_t k = delta_col(c, i);

		grid_set(g, 0, k, "%s vs %s", c->in[i].label, c->in[0].label);
		grid_set(g, 0, k + 1, "%s", cmp_single_runs(c, i) ? "Within-run CI" : "95%% CI");
		grid_set(g, 0, k + 2, "Verdict");
		g->right[k] = 1;
	}
	for (size_t r = 0; r < c->nrows; r++) {
		const struct row *row = &c->rows[r];

		grid_set(g, r + 1, 0, "%s", row->title);
		grid_set(g, r + 1, 1, "%u", row->copies);
		grid_set(g, r + 1, 2, "%s", row_unit(c, row));
		for (size_t i = 0; i < c->nin; i++) {
			const struct cell *x = &row->cells[i];
			char fb[FIGURE_BUF];

			if (!x->present)
				grid_set(g, r + 1, 3 + i, "-");
			else if (x->status != TS_OK)
				grid_set(g, r + 1, 3 + i, "%s", status_word(x->status));
			else
				grid_set(g, r + 1, 3 + i, "%s", figure(fb, x->value, 0));
		}
		for (size_t i = 1; i < c->nin; i++) {
			const struct delta *d = &row->deltas[i];
			size_t k = delta_col(c, i);
			char fb[FIGURE_BUF], fb2[FIGURE_BUF];

			if (isfinite(d->change))
				grid_set(g, r + 1, k, "%s%%", figure_n(fb, d->change, 1, 2));
			if (d->judged && isfinite(d->ci_lo))
				grid_set(g, r + 1, k + 1, "[%s%%, %s%%]", figure_n(fb, d->ci_lo, 1, 2),
					 figure_n(fb2, d->ci_hi, 1, 2));
			grid_set(g, r + 1, k + 2, "%s%s", d->verdict, cmp_floor_note(d));
		}
	}
	return 0;
}

/* --long: header row 0, then one row per (table row, input). */
int cmp_build_long_grid(const struct compare *c, struct grid *g)
{
	static const char *const head[] = { "Test", "Copies", "Input", "Value", "Unit", "Change",
					    "95% CI", "Verdict" };
	size_t n = 1;

	if (grid_init(g, c->nrows * c->nin + 1, 8) != 0)
		return -1;
	for (size_t k = 0; k < 8; k++)
		grid_set(g, 0, k, "%s", head[k]);
	g->right[1] = g->right[3] = g->right[5] = 1;
	for (size_t r = 0; r < c->nrows; r++) {
		const struct row *row = &c->rows[r];

		for (size_t i = 0; i < c->nin; i++, n++) {
			const struct cell *x = &row->cells[i];
			const struct delta *d = &row->deltas[i];
			char fb[FIGURE_BUF], fb2[FIGURE_BUF];

			grid_set(g, n, 0, "%s", row->title);
			grid_set(g, n, 1, "%u", row->copies);
			grid_set(g, n, 2, "%s", c->in[i].label);
			if (!x->present)
				grid_set(g, n, 3, "-");
			else if (x->status != TS_OK)
				grid_set(g, n, 3, "%s", status_word(x->status));
			else
				grid_set(g, n, 3, "%s", figure(fb, x->value, 0));
			grid_set(g, n, 4, "%s", x->unit);
			if (i == 0) {
				grid_set(g, n, 5, "baseline");
				continue;
			}
			if (isfinite(d->change))
				grid_set(g, n, 5, "%s%%", figure_n(fb, d->change, 1, 2));
			if (d->judged && isfinite(d->ci_lo))
				grid_set(g, n, 6, "[%s%%, %s%%]", figure_n(fb, d->ci_lo, 1, 2),
					 figure_n(fb2, d->ci_hi, 1, 2));
			grid_set(g, n, 7, "%s%s", d->verdict, cmp_floor_note(d));
		}
	}
	return 0;
}

/* The widest line the grid prints as text (two blanks between columns). */
size_t cmp_grid_width(const struct grid *g)
{
	size_t total = 0;

	for (size_t k = 0; k < g->ncols; k++) {
		size_t w = 0;

		for (size_t r = 0; r < g->nrows; r++)
			if (strlen(grid_get(g, r, k)) > w)
				w = strlen(grid_get(g, r, k));
		total += w + (k ? 2 : 0);
	}
	return total;
}

const char *cmp_samples_source(const struct input *in, int *any)
{
	const struct copy_run *run;
	size_t b = 0;

	*any = 1;
	if (in->nruns > 1)
		return "mean and spread of its runs";
	if (in->samples && in->src->record && in->run != NULL && in->run->interrupted &&
	    str_ends_with(in->src->text, JOURNAL_EXT))
		return "INTERRUPTED: partial, the samples its journal holds";
	if (in->samples && in->src->record)
		return "the run's record, every sample";
	if (in->samples && in->src->ublog[0])
		return "UnixBench log";
	if (in->samples)
		return "per-sample CSV";
	while ((run = cmp_next_block(in, &b)) != NULL)
		for (size_t t = 0; t < run->ntests; t++)
			if (cmp_shows(in->run, &run->tests[t]) & IMPORT_STATS)
				return "statistics block";
	*any = 0;
	return "no samples (headline scores only)";
}

/*
 * Input i's line of the key: its label, file (control characters made
 * harmless: a file name may hold terminal escapes), version, host, mode and
 * where its samples came from; Markdown-escaped with md.
 */
void cmp_input_line(const struct compare *c, size_t i, int say_baseline, char *line, size_t len)
{
	const struct input *in = &c->in[i];
	char v[96];
	int any;

	cmp_describe_version(&in->head, v, sizeof(v));
	snprintf(line, len, "%s: %s: %s%s%s, mode %s; %s%s", in->label,
		 in->src->text[0] ? in->src->text : in->src->csv[0] ? in->src->csv : in->src->ublog,
		 v, in->head.host[0] ? ", host " : "", in->head.host, cmp_mode_of(&in->head),
		 cmp_samples_source(in, &any), i == 0 && say_baseline ? "; the baseline" : "");
	strip_controls(line);
}

static void print_input(FILE *out, const struct compare *c, size_t i, const char *bullet, int md)
{
	char line[CMP_PATH_MAX + 600];

	cmp_input_line(c, i, md, line, sizeof(line));
	fputs(bullet, out);
	if (md)
		md_text(out, line);
	else
		fputs(line, out);
	fputc('\n', out);
}

void cmp_print_text(FILE *out, const struct compare *c, const struct grid *g)
{
	size_t *w = calloc(g->ncols, sizeof(*w));
	char method[VERDICT_EXPLAIN_MAX];

	if (w == NULL)
		return;
	for (size_t i = 0; i < c->nin; i++)
		print_input(out, c, i, "", 0);
	fputc('\n', out);
	for (size_t r = 0; r < g->nrows; r++)
		for (size_t k = 0; k < g->ncols; k++)
			if (strlen(grid_get(g, r, k)) > w[k])
				w[k] = strlen(grid_get(g, r, k));
	for (size_t r = 0; r < g->nrows; r++) {
		size_t last = g->ncols;

		/* No trailing blanks: stop after the last non-empty cell. */
		while (last > 0 && grid_get(g, r, last - 1)[0] == '\0')
			last--;
		for (size_t k = 0; k < last; k++) {
			const char *s = grid_get(g, r, k);
			int pad = (int)w[k];

			if (k + 1 == last && !g->right[k])
				fputs(s, out);
			else
				fprintf(out, g->right[k] ? "%*s" : "%-*s", pad, s);
			if (k + 1 < last)
				fputs("  ", out);
		}
		fputc('\n', out);
	}
	fputc('\n', out);
	cmp_wrapped(out, "", CMP_CI_WORDS);
	cmp_explain(c, method, sizeof(method));
	cmp_pm(c, method);
	cmp_wrapped(out, "", method);
	cmp_print_noise(out, c, "\n", 0);
	cmp_print_next_run(out, c, "\n", 0);
	cmp_print_warnings(out, c, 0);
	free(w);
}

/* compare's Markdown tables' heads and rule (report_table.c's Markdown). */
const struct table_heads cmp_md_heads = {
	.open = "| ", .sep = " | ", .close = " |\n",
	.rule_open = "|", .rule_text = " --- |", .rule_num = " ---: |", .rule_end = "\n",
};

/* The grid as a Markdown table (report_table.c's): row 0 the heads, every cell escaped. */
static void md_grid(FILE *out, const struct grid *g)
{
	struct table_out t = table_md(out);

	for (size_t k = 0; k < g->ncols; k++)
		table_head(&t, &cmp_md_heads, grid_get(g, 0, k));
	table_head_end(&t, &cmp_md_heads);
	for (size_t k = 0; k < g->ncols; k++)
		table_rule(&t, &cmp_md_heads, g->right[k]);
	table_rule_end(&t, &cmp_md_heads);
	for (size_t r = 1; r < g->nrows; r++) {
		for (size_t k = 0; k < g->ncols; k++)
			table_text(&t, grid_get(g, r, k));
		table_end(&t);
	}
}

void cmp_pm(const struct compare *c, char *s)
{
	_Static_assert(sizeof("\u00b1") == sizeof("+-"), "the sign replaces \"+-\" in place");
	if (c->pm == NULL || strlen(c->pm) != 2)
		return;
	for (char *p = strstr(s, "+-"); p != NULL; p = strstr(p + 2, "+-"))
		memcpy(p, c->pm, 2);
}

void cmp_print_md(FILE *out, const struct compare *c, const struct grid *g)
{
	char method[VERDICT_EXPLAIN_MAX];

	md_grid(out, g);
	cmp_explain(c, method, sizeof(method));
	cmp_pm(c, method);
	fputs("\nBaseline: ", out);
	md_text(out, c->in[0].label);
	fprintf(out, ". %s %s\n", CMP_CI_WORDS, method);
	cmp_print_noise(out, c, "\n", 1);
	cmp_print_next_run(out, c, "\n", 1);
	fputs("\nInputs:\n\n", out);
	for (size_t i = 0; i < c->nin; i++)
		print_input(out, c, i, "- ", 1);
	cmp_print_warnings(out, c, 1);
}

void cmp_print_warnings(FILE *out, const struct compare *c, int md)
{
	if (c->nwarnings == 0)
		return;
	fputs(md ? "\n**Warnings**\n\n" : "\nWarnings:\n", out);
	for (size_t i = 0; i < c->nwarnings; i++) {
		if (md) {
			fputs("- ", out);
			md_text(out, c->warnings[i]);
			fputc('\n', out);
		} else {
			char *w = strdup(c->warnings[i]);

			if (w != NULL)
				strip_controls(w);
			/* Wrapped to the text output's width, like the notes above. */
			cmp_wrapped(out, "  ", w != NULL ? w : "(out of memory)");
			free(w);
		}
	}
}

/* ---- output: CSV and JSON ---------------------------------------------- */

/* ",<number>", or just "," when the number does not exist (NAN). */
static void csv_num(FILE *out, double v)
{
	fputc(',', out);
	csv_number(out, v);
}

static const char *floor_word(enum floor_mark f)
{
	switch (f) {
	case FLOOR_WITHIN: return "within";
	case FLOOR_BEYOND: return "beyond";
	case FLOOR_CONTROL: return "control test";
	case FLOOR_NONE: break;
	}
	return "";
}

/* Long format: one line per (row, input). */
void cmp_print_csv(FILE *out, const struct compare *c)
{
	fputs("copies,kind,test,input,label,status,value,unit,time,samples,n,mean,sd,"
	      "change_pct,ci_low_pct,ci_high_pct,p_value,df,verdict,noise_floor,p_holm,"
	      "p_tost_holm,ci_simultaneous_low_pct,ci_simultaneous_high_pct,next_run_low,"
	      "next_run_high\n", out);
	for (size_t r = 0; r < c->nrows; r++) {
		const struct row *row = &c->rows[r];

		for (size_t i = 0; i < c->nin; i++) {
			const struct cell *x = &row->cells[i];
			const struct delta *d = &row->deltas[i];

			fprintf(out, "%u,%s,", row->copies, row->is_score ? "score" : "test");
			csv_field(out, row->title);
			fprintf(out, ",%zu,", i + 1);
			csv_field(out, c->in[i].label);
			fputc(',', out);
			csv_field(out, !x->present ? "missing" : x->status == TS_OK ? status_key(TS_OK)
				  : status_word(x->status));
			csv_num(out, x->present && x->status == TS_OK ? x->value : NAN);
			fputc(',', out);
			csv_field(out, x->unit);
			csv_num(out, x->time > 0 ? x->time : NAN);
			fputc(',', out);
			if (x->samples)
				fprintf(out, "%u", x->samples);
			fputc(',', out);
			if (x->has_stats)
				fprintf(out, "%zu", x->n);
			csv_num(out, x->has_stats ? x->mean : NAN);
			csv_num(out, x->has_stats ? x->sd : NAN);
			csv_num(out, i ? d->change : NAN);
			/* The row's own interval where there is one (single runs':
			 * within-run); the test's figures only where it was tested. */
			csv_num(out, i && d->judged ? d->ci_lo : NAN);
			csv_num(out, i && d->judged ? d->ci_hi : NAN);
			csv_num(out, i && cmp_tested(d) ? d->p : NAN);
			csv_num(out, i && cmp_tested(d) ? d->df : NAN);
			fputc(',', out);
			csv_field(out, i ? d->verdict : "");
			fputc(',', out);
			csv_field(out, i ? floor_word(d->floor) : "");
			csv_num(out, i && cmp_tested(d) ? d->vd.p_diff_adj : NAN);
			/* The interval that matches the verdicts, beside the row's own. */
			csv_num(out, i && cmp_tested(d) ? d->vd.p_tost_adj : NAN);
			csv_num(out, i && cmp_tested(d) ? 100 * expm1(d->vd.adj_lo) : NAN);
			csv_num(out, i && cmp_tested(d) ? 100 * expm1(d->vd.adj_hi) : NAN);
			/* --group-by: the column's next run (compare_next.c) */
			csv_num(out, x->has_pred ? x->pred_lo : NAN);
			csv_num(out, x->has_pred ? x->pred_hi : NAN);
			fputc('\n', out);
		}
	}
}

static void json_input(struct json_out *j, const struct input *in, enum group_key by)
{
	int any;

	json_object_begin(j);
	json_kv_string(j, "label", in->label);
	json_kv_string_or_null(j, "file", in->src->text);
	json_kv_string_or_null(j, "samples_csv", in->src->csv);
	json_kv_string_or_null(j, "title", in->head.title);
	json_kv_string_or_null(j, "unixbench_version", in->head.version);
	json_kv_string_or_null(j, "sysindex_version", in->head.sysindex_version);
	json_kv_string_or_null(j, "host", in->head.host);
	json_kv_string(j, "mode", cmp_mode_of(&in->head));
	json_kv_string_or_null(j, "compiler", in->head.compiler);
	json_kv_string(j, "samples_from", cmp_samples_source(in, &any));
	json_kv_string_or_null(j, "unixbench_log", in->src->ublog);
	json_kv_string_or_null(j, "host_id", in->head.host_id);
	json_kv_string_or_null(j, "virt", in->head.virt);
	json_kv_string_or_null(j, "group_key", by == GROUP_LABEL ? in->given : in->host);
	json_kv_uint(j, "runs", in->nruns);
	json_kv_string_or_null(j, "run_labels", in->nruns > 1 ? in->members : "");
	json_object_end(j);
}

static void json_row(struct json_out *j, const struct compare *c, const struct row *row)
{
	json_object_begin(j);
	json_kv_uint(j, "copies", row->copies);
	json_kv_string(j, "kind", row->is_score ? "score" : "test");
	json_kv_string(j, "title", row->title);
	json_kv_string_or_null(j, "unit", row_unit(c, row));
	json_key(j, "values");
	json_array_begin(j);
	for (size_t i = 0; i < c->nin; i++) {
		const struct cell *x = &row->cells[i];

		json_object_begin(j);
		json_kv_string(j, "label", c->in[i].label);
		json_kv_string(j, "status", !x->present ? "missing" : x->status == TS_OK ? status_key(TS_OK)
			       : status_word(x->status));
		if (x->present && x->status == TS_OK)
			json_kv_double(j, "value", x->value);
		else
			json_kv_null(j, "value");
		json_kv_string_or_null(j, "unit", x->unit);
		if (x->time > 0)
			json_kv_double(j, "seconds", x->time);
		else
			json_kv_null(j, "seconds");
		json_kv_uint_or_null(j, "samples", x->samples, x->samples);
		if (x->has_stats) {
			json_kv_uint(j, "n", x->n);
			json_kv_double(j, "mean", x->mean);
			json_kv_double(j, "sd", x->sd);
		}
		if (x->has_pred) {      /* --group-by: the column's next run (compare_next.c) */
			json_kv_double(j, "next_run_low", x->pred_lo);
			json_kv_double(j, "next_run_high", x->pred_hi);
		}
		json_object_end(j);
	}
	json_array_end(j);
	json_key(j, "comparisons");
	json_array_begin(j);
	for (size_t i = 1; i < c->nin; i++) {
		const struct delta *d = &row->deltas[i];

		int tested = cmp_tested(d);

		json_object_begin(j);
		json_kv_string(j, "label", c->in[i].label);
		json_kv_string(j, "against", c->in[0].label);
		json_kv_double(j, "change_pct", d->change);
		json_kv_bool(j, "judged", tested);
		json_kv_double(j, "ci_low_pct", d->judged ? d->ci_lo : NAN);
		json_kv_double(j, "ci_high_pct", d->judged ? d->ci_hi : NAN);
		json_kv_double(j, "p_value", tested ? d->p : NAN);
		json_kv_double(j, "df", tested ? d->df : NAN);
		json_kv_string_or_null(j, "verdict", d->verdict);
		json_kv_double(j, "p_value_holm", tested ? d->vd.p_diff_adj : NAN);
		json_kv_double(j, "tost_p_value_holm", tested ? d->vd.p_tost_adj : NAN);
		json_kv_double(j, "ci_simultaneous_low_pct", tested ? 100 * expm1(d->vd.adj_lo) : NAN);
		json_kv_double(j, "ci_simultaneous_high_pct",
			       tested ? 100 * expm1(d->vd.adj_hi) : NAN);
		json_kv_string_or_null(j, "noise_floor", floor_word(d->floor));
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
}

int cmp_print_json(FILE *out, const struct compare *c)
{
	struct json_out j;
	char method[128];

	json_init(&j, out, 1);
	json_object_begin(&j);
	json_kv_string(&j, "format", "sysindex-compare");
	json_kv_int(&j, "format_version", 1);
	verdict_method(&c->family, method, sizeof(method));
	json_kv_string(&j, "test", "Yuen's t on the kept log rates (Welch's t on log means without "
		       "samples); one Holm-Shaffer step-down over the difference and TOST p-values");
	json_kv_string(&j, "verdict_method", method);
	json_kv_uint(&j, "verdict_family", c->family.m);
	json_kv_double(&j, "margin_percent", 100 * c->family.margin);
	json_key(&j, "inputs");
	json_array_begin(&j);
	for (size_t i = 0; i < c->nin; i++)
		json_input(&j, &c->in[i], c->grouped);
	json_array_end(&j);
	json_kv_string(&j, "baseline", c->in[0].label);
	json_kv_string(&j, "grouped_by", c->grouped == GROUP_HOST ? "host"
		       : c->grouped == GROUP_LABEL ? "label" : "input");
	json_key(&j, "noise_floors");
	json_array_begin(&j);
	for (size_t k = 0; k < c->nnoise; k++) {
		json_object_begin(&j);
		json_kv_uint(&j, "copies", c->noise[k].copies);
		json_kv_double(&j, "pct", c->noise[k].pct);
		json_kv_uint(&j, "control_tests", c->noise[k].ntests);
		json_kv_string(&j, "widest", c->noise[k].widest);
		json_object_end(&j);
	}
	json_array_end(&j);
	json_kv_string_or_null(&j, "no_noise_floor_because", c->noise_why ? c->noise_why : "");
	json_key(&j, "warnings");
	json_array_begin(&j);
	for (size_t i = 0; i < c->nwarnings; i++)
		json_string(&j, c->warnings[i]);
	json_array_end(&j);
	json_key(&j, "rows");
	json_array_begin(&j);
	for (size_t r = 0; r < c->nrows; r++)
		json_row(&j, c, &c->rows[r]);
	json_array_end(&j);
	json_object_end(&j);
	return json_finish(&j);
}
