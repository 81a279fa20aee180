/*
 * compare_matrix.c: `sysindex compare` with more than two inputs (or two
 * whose side-by-side table is wider than CMP_TEXT_WIDTH): first a matrix of
 * values, one column per input, then the changes against the baseline as a
 * second matrix, each change with a one-character verdict mark.  Column
 * heads are the labels when they are short, else A, B, ...; the key below
 * the tables says which is which, and the legend says what each mark means.
 * Text wraps the columns into groups that fit CMP_TEXT_WIDTH; Markdown
 * prints each matrix whole; CSV prints one line per row with both matrices
 * side by side.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare_int.h"
#include "core/status.h"
#include "util/util.h"
#include "util/md_out.h"
#include "util/csv_out.h"

#define HEAD_MAX 10             /* labels up to this long head their column */
#define TITLE_COL_MAX 40        /* UnixBench's title column */

/* The marks, in legend order; "" verdicts (missing, failed) get none. */
static const struct {
	char mark;
	const char *text;
} marks[] = {
	{ '*', "faster or slower: the change of the figure shown is significant (Verdicts below)" },
	{ '=', "equivalent: two one-sided tests put the change inside the margin" },
	{ 'e', "equivalent (significant): inside the margin, and the change is significant too" },
	{ 'i', "inconclusive: neither shown (an interval holding 0 proves no equivalence)" },
	{ 'r', "inconclusive: " VERDICT_WHY_SINGLE " (the interval is within-run)" },
	{ 'z', "inconclusive: " VERDICT_NO_SPREAD " (every figure alike: nothing to test against)" },
	{ '?', "significance cannot be judged (no samples)" },
	{ 's', "significance cannot be judged (1 sample)" },
	{ '!', "cannot be judged (too few samples), but beyond the noise floor of the control tests" },
	{ '~', "cannot be judged (too few samples), and within the noise floor of the control tests" },
	{ 'c', "cannot be judged (too few samples); a control test: its spread is the noise floor" },
	{ 'u', "units differ: not compared" },
	{ 't', "index tests differ: not compared" },
	{ 'w', "the two sides did different work (their programs' notes differ: a tmpfs ignores "
	       "O_DIRECT and fdatasync): not compared" },
};
#define NMARKS (sizeof(marks) / sizeof(marks[0]))

static char mark_of(const struct delta *d)
{
	enum verdict v;

	switch (d->floor) {
	case FLOOR_WITHIN: return '~';
	case FLOOR_BEYOND: return '!';
	case FLOOR_CONTROL: return 'c';
	case FLOOR_NONE: break;
	}
	if (verdict_parse(d->verdict, &v) == 0 && v == VD_FEW && strstr(d->verdict, VERDICT_SINGLE))
		return 'r';
	if (verdict_parse(d->verdict, &v) == 0 && v == VD_FEW && strstr(d->verdict, VERDICT_NO_SPREAD))
		return 'z';
	if (verdict_parse(d->verdict, &v) == 0)
		return v == VD_FASTER || v == VD_SLOWER ? '*'
			: v == VD_EQUIVALENT ? (d->vd.negligible ? 'e' : '=') : 'i';
	if (strcmp(d->verdict, V_NOSAMPLES) == 0)
		return '?';
	if (strcmp(d->verdict, V_ONESAMPLE) == 0)
		return 's';
	if (strcmp(d->verdict, V_UNITS) == 0)
		return 'u';
	if (strcmp(d->verdict, V_TESTS) == 0)
		return 't';
	if (strcmp(d->verdict, NOTE_UNLIKE_VERDICT) == 0)
		return 'w';
	return '\0';
}

static void value_text(const struct cell *x, const char *pm, char *out, size_t len)
{
	char fb[FIGURE_BUF];

	if (!x->present)
		snprintf(out, len, "-");
	else if (x->status != TS_OK)
		snprintf(out, len, "%s", status_word(x->status));
	else if (x->runs > 1 && x->mean > 0)   /* --group-by host: mean and spread of runs */
		snprintf(out, len, "%s %s%.1f%%", figure(fb, x->value, 0), pm, 100 * x->sd / x->mean);
	else
		snprintf(out, len, "%s", figure(fb, x->value, 0));
}

/* Whether d's interval leans too far for a half-width (see change_text). */
static int lopsided(const struct delta *d)
{
	double below = d->change - d->ci_lo, above = d->ci_hi - d->change;

	/* Near symmetric: the two distances within the decimal shown, or within a
	 * tenth of the half-width (the log scale's slight lean: -4.6..+4.8). */
	return !(fabs(above - below) < 0.05 || fabs(above - below) <= 0.1 * (above + below) / 2);
}

/*
 * "+12.3% +-1.4 *" (the change, its 95 % interval's half-width where the
 * samples give one, the mark a word apart so it never reads as a digit);
 * an interval lopsided about the change (the log scale's, wide: -61.5 to
 * +222.9 around +11.5; one end further than the other by more than a tenth
 * of the half-width) prints its two ends instead, "+11.5% [-61.5%,
 * +222.9%] r", as a half-width would misstate both; "units" or "tests"
 * when not compared; "-" when nothing to compare.
 */
static void change_text(const struct delta *d, const char *pm, char *out, size_t len)
{
	char m = mark_of(d), fb[FIGURE_BUF], lo[FIGURE_BUF], hi[FIGURE_BUF];

	if (m == 'u' || m == 't') {
		snprintf(out, len, "%s", m == 'u' ? "units" : "tests");
		return;
	}
	if (!isfinite(d->change)) {
		snprintf(out, len, "-");
		return;
	}
	if (!d->judged || !isfinite(d->ci_lo) || !isfinite(d->ci_hi)) {
		snprintf(out, len, "%s%% %c", figure(fb, d->change, 1), m ? m : ' ');
		return;
	}
	if (!lopsided(d))
		snprintf(out, len, "%s%% %s%.1f %c", figure(fb, d->change, 1), pm,
			 (d->ci_hi - d->ci_lo) / 2, m ? m : ' ');
	else
		snprintf(out, len, "%s%% [%s%%, %s%%] %c", figure(fb, d->change, 1),
			 figure_n(lo, d->ci_lo, 1, 1), figure_n(hi, d->ci_hi, 1, 1), m ? m : ' ');
}

/* Whether some change cell prints its interval's two ends. */
static int any_lopsided(const struct compare *c)
{
	for (size_t r = 0; r < c->nrows; r++)
		for (size_t i = 1; i < c->nin; i++) {
			const struct delta *d = &c->rows[r].deltas[i];

			if (isfinite(d->change) && d->judged && isfinite(d->ci_lo) &&
			    isfinite(d->ci_hi) && lopsided(d))
				return 1;
		}
	return 0;
}

static const char *row_unit(const struct compare *c, const struct row *row)
{
	for (size_t i = 0; i < c->nin; i++)
		if (row->cells[i].present && row->cells[i].unit[0])
			return row->cells[i].unit;
	return "";
}

/* Column heads: every label if all are short and distinct from letters, else A, B, ... */
static void set_heads(struct compare *c)
{
	int short_labels = 1;

	for (size_t i = 0; i < c->nin; i++)
		if (strlen(c->in[i].label) > HEAD_MAX || strchr(c->in[i].label, ' ') != NULL)
			short_labels = 0;
	for (size_t i = 0; i < c->nin; i++) {
		struct input *in = &c->in[i];

		if (short_labels)
			snprintf(in->abbrev, sizeof(in->abbrev), "%s", in->label);
		else if (i < 26)
			snprintf(in->abbrev, sizeof(in->abbrev), "%c", (char)('A' + i));
		else
			snprintf(in->abbrev, sizeof(in->abbrev), "%c%c", (char)('A' + i / 26 - 1),
				 (char)('A' + i % 26));
	}
}

static int multi_copies(const struct compare *c)
{
	for (size_t r = 1; r < c->nrows; r++)
		if (c->rows[r].copies != c->rows[0].copies)
			return 1;
	return 0;
}

/* One matrix: columns first .. nin-1, their cells formatted when printed. */
struct matrix {
	const struct compare *c;
	size_t first;           /* 0: values of every input; 1: changes of the others */
	size_t tw, uw;          /* title and unit column widths */
	size_t *w;              /* per input column */
};

static void cell_text(const struct matrix *m, size_t r, size_t i, char *out, size_t len)
{
	const struct row *row = &m->c->rows[r];

	if (m->first == 0)
		value_text(&row->cells[i], m->c->pm, out, len);
	else
		change_text(&row->deltas[i], m->c->pm, out, len);
}

static int matrix_init(struct matrix *m, const struct compare *c, size_t first)
{
	char buf[64];

	m->c = c;
	m->first = first;
	m->tw = 4;
	m->uw = 4;
	m->w = calloc(c->nin, sizeof(*m->w));
	if (m->w == NULL)
		return -1;
	for (size_t i = first; i < c->nin; i++)
		m->w[i] = strlen(c->in[i].abbrev);
	for (size_t r = 0; r < c->nrows; r++) {
		size_t t = strlen(c->rows[r].title), u = strlen(row_unit(c, &c->rows[r]));

		m->tw = t > m->tw ? t : m->tw;
		m->uw = u > m->uw ? u : m->uw;
		for (size_t i = first; i < c->nin; i++) {
			cell_text(m, r, i, buf, sizeof(buf));
			if (utf8_cols(buf) > m->w[i])
				m->w[i] = utf8_cols(buf);
		}
	}
	if (m->tw > TITLE_COL_MAX)
		m->tw = TITLE_COL_MAX;
	return 0;
}

/* Appends to line[LINE_MAX_M] (cut at the end, never overrun). */
#define LINE_MAX_M 4096
static void add(char *line, size_t *n, const char *fmt, int w, const char *s)
{
	int k = snprintf(line + *n, LINE_MAX_M - *n, fmt, w, s);

	if (k > 0)
		*n = *n + (size_t)k < LINE_MAX_M ? *n + (size_t)k : LINE_MAX_M - 1;
}

/* Prints the line without trailing blanks. */
static void put_line(FILE *out, char *line, size_t n)
{
	while (n > 0 && line[n - 1] == ' ')
		n--;
	fprintf(out, "%.*s\n", (int)n, line);
}

static void print_group(FILE *out, const struct matrix *m, size_t k0, size_t k1)
{
	const struct compare *c = m->c;
	char buf[64], title[TITLE_COL_MAX + 1], line[LINE_MAX_M];
	size_t n = 0;
	int copies_heads = multi_copies(c);

	add(line, &n, "%-*s", (int)m->tw, "Test");
	add(line, &n, "  %-*s", (int)m->uw, "Unit");
	for (size_t i = k0; i < k1; i++)
		add(line, &n, m->first ? "  %*s " : "  %*s", (int)m->w[i] - (m->first ? 1 : 0),
		    c->in[i].abbrev);
	put_line(out, line, n);
	for (size_t r = 0; r < c->nrows; r++) {
		const struct row *row = &c->rows[r];

		if (copies_heads && (r == 0 || c->rows[r - 1].copies != row->copies))
			fprintf(out, "-- %u parallel cop%s --\n", row->copies,
				row->copies == 1 ? "y" : "ies");
		n = 0;
		if (strlen(row->title) <= m->tw)
			snprintf(title, sizeof(title), "%.40s", row->title);
		else    /* cut to the column, with '~' where it was cut */
			snprintf(title, sizeof(title), "%.*s~", (int)(m->tw - 1), row->title);
		add(line, &n, "%-*s", (int)m->tw, title);
		add(line, &n, "  %-*s", (int)m->uw, row_unit(c, row));
		for (size_t i = k0; i < k1; i++) {
			cell_text(m, r, i, buf, sizeof(buf));
			/* printf pads by bytes: a sign of two bytes takes one column. */
			add(line, &n, "  %*s", (int)(m->w[i] + strlen(buf) - utf8_cols(buf)), buf);
		}
		put_line(out, line, n);
	}
}

/* Whether columns k0..k1-1 fit CMP_TEXT_WIDTH beside the title and unit. */
static int fits(const struct matrix *m, size_t k0, size_t k1)
{
	size_t width = m->tw + 2 + m->uw;

	for (size_t k = k0; k < k1; k++)
		width += 2 + m->w[k];
	return width <= CMP_TEXT_WIDTH;
}

/*
 * The matrix in column groups that each fit CMP_TEXT_WIDTH: as few groups as
 * the widths allow, and as even as they allow (7 columns in two groups are
 * 4 + 3, not 6 + 1).
 */
static void print_matrix(FILE *out, const struct matrix *m, const char *caption)
{
	const struct compare *c = m->c;
	size_t ngroups = 0, k0 = m->first;

	for (size_t k = m->first; k < c->nin; ngroups++) {
		size_t k1 = k + 1;

		while (k1 < c->nin && fits(m, k, k1 + 1))
			k1++;
		k = k1;
	}
	for (size_t g = 0; k0 < c->nin; g++) {
		size_t left = ngroups > g ? ngroups - g : 1;
		size_t want = (c->nin - k0 + left - 1) / left, k1 = k0 + 1;

		while (k1 < c->nin && k1 - k0 < want && fits(m, k0, k1 + 1))
			k1++;
		if (ngroups == 1)
			fprintf(out, "%s\n", caption);
		else if (k1 - k0 == 1)
			fprintf(out, "%s (column %s)\n", caption, c->in[k0].abbrev);
		else
			fprintf(out, "%s (columns %s to %s)\n", caption, c->in[k0].abbrev,
				c->in[k1 - 1].abbrev);
		print_group(out, m, k0, k1);
		fputc('\n', out);
		k0 = k1;
	}
}

/* Which marks the change matrix shows (a change's mark, or "units"/"tests"). */
/* Whether any change cell shows its interval's half-width (change_text's "±"). */
static int shows_pm(const struct compare *c)
{
	for (size_t r = 0; r < c->nrows; r++)
		for (size_t i = 1; i < c->nin; i++) {
			const struct delta *d = &c->rows[r].deltas[i];
			char m = mark_of(d);

			if (m != 'u' && m != 't' && isfinite(d->change) && d->judged &&
			    isfinite(d->ci_lo) && isfinite(d->ci_hi))
				return 1;
		}
	return 0;
}

static void used_marks(const struct compare *c, int *used)
{
	for (size_t r = 0; r < c->nrows; r++)
		for (size_t i = 1; i < c->nin; i++) {
			const struct delta *d = &c->rows[r].deltas[i];
			char m = mark_of(d);

			if (!isfinite(d->change) && m != 'u' && m != 't')
				continue;
			for (size_t k = 0; k < NMARKS; k++)
				used[k] |= marks[k].mark == m;
		}
}

/*
 * "  A = file; details", the details on lines of their own when the line
 * would not fit; in Markdown (md) one list item each, escaped.
 */
static void print_key(FILE *out, const struct compare *c, const char *bullet, int md)
{
	for (size_t i = 0; i < c->nin; i++) {
		const struct input *in = &c->in[i];
		char v[96], line[CMP_PATH_MAX + 512], more[512];
		const char *path = in->src->text[0] ? in->src->text : in->src->csv[0] ? in->src->csv
			: in->src->ublog;
		int any;

		cmp_describe_version(&in->head, v, sizeof(v));
		if (in->nruns > 1)
			snprintf(line, sizeof(line), "%s%s%s%s: %zu runs", bullet, in->abbrev,
				 strcmp(in->abbrev, in->label) ? " = " : "",
				 strcmp(in->abbrev, in->label) ? in->label : "", in->nruns);
		else if (strcmp(in->abbrev, in->label) == 0 || strcmp(in->label, in->src->label) == 0)
			snprintf(line, sizeof(line), "%s%s = %s", bullet, in->abbrev, path);
		else
			snprintf(line, sizeof(line), "%s%s = %s: %s", bullet, in->abbrev, in->label,
				 path);
		if (in->nruns > 1)
			snprintf(more, sizeof(more), "%.300s; %s%s", in->members, v,
				 i == 0 ? "; the baseline" : "");
		else
			snprintf(more, sizeof(more), "%s%s%s; %s%s", v, in->head.host[0] ? ", host " : "",
				 in->head.host, cmp_samples_source(in, &any),
				 i == 0 ? "; the baseline" : "");
		/* A file name may hold terminal escapes: none reaches the output. */
		strip_controls(line);
		strip_controls(more);
		if (md) {
			fputs(bullet, out);
			md_text(out, line + strlen(bullet));
			fputs("; ", out);
			md_text(out, more);
			fputc('\n', out);
		} else if (strlen(line) + 2 + strlen(more) <= CMP_TEXT_WIDTH) {
			fprintf(out, "%s; %s\n", line, more);
		} else {
			char indent[16];

			snprintf(indent, sizeof(indent), "%*s", (int)strlen(bullet) + 4, "");
			fprintf(out, "%s\n", line);
			cmp_wrapped(out, indent, more);
		}
	}
}

static void print_legend(FILE *out, const struct compare *c, const char *bullet)
{
	int used[NMARKS] = { 0 };
	const char *key = c->grouped == GROUP_LABEL ? "label" : "host";

	used_marks(c, used);
	for (size_t k = 0; k < NMARKS; k++)
		if (used[k] && k == 0 && c->grouped)
			fprintf(out, "%s*  faster or slower: Welch's t on the %ss' mean figures over "
				"their runs (delta method on the log scale; index scores: the runs "
				"pooled), significant in the family\n", bullet, key);
		else if (used[k])
			fprintf(out, "%s%c  %s\n", bullet, marks[k].mark, marks[k].text);
	if (c->family.m > 0 || (c->nin > 1 && cmp_single_runs(c, 1))) {
		char words[VERDICT_EXPLAIN_MAX];

		if (shows_pm(c))
			fprintf(out, "%s%s: the half-width of the change's 95 %% interval, the row "
				"alone (unadjusted)\n", bullet, c->pm);
		if (any_lopsided(c))
			fprintf(out, "%s[lo%%, hi%%]: the two ends of that interval, where they lie "
				"unevenly about the change\n", bullet);
		cmp_explain(c, words, sizeof(words));
		cmp_pm(c, words);
		cmp_wrapped(out, bullet, words);
	}
	if (c->grouped)
		fprintf(out, "%sValues of a %s with several runs: their mean %s their standard "
			"deviation, %% of the mean\n", bullet, key, c->pm);
	if (c->grouped)
		fprintf(out, "%sIndex scores of a %s: its runs pooled with their drift (random "
			"effects, methodology)\n", bullet, key);
}

void cmp_print_matrix_text(FILE *out, const struct compare *c)
{
	struct matrix v = { 0 }, d = { 0 };
	char caption[256];

	set_heads((struct compare *)c);
	if (matrix_init(&v, c, 0) != 0 || matrix_init(&d, c, 1) != 0) {
		free(v.w);
		free(d.w);
		return;
	}
	print_matrix(out, &v, "Values");
	snprintf(caption, sizeof(caption), "Change against %s (the baseline)", c->in[0].abbrev);
	print_matrix(out, &d, caption);
	fputs("Marks:\n", out);
	print_legend(out, c, "  ");
	cmp_print_noise(out, c, "\n", 0);
	cmp_print_next_run(out, c, "\n", 0);
	fputs("\nInputs:\n", out);
	print_key(out, c, "  ", 0);
	cmp_print_warnings(out, c, 0);
	free(v.w);
	free(d.w);
}

/* ---- Markdown: the same two tables, whole -------------------------------- */

/* One matrix as a Markdown table (report_table.c's): every cell escaped. */
static void md_matrix(FILE *out, const struct compare *c, size_t first)
{
	struct table_out t = table_md(out);
	char buf[64];

	table_head(&t, &cmp_md_heads, "Test");
	table_head(&t, &cmp_md_heads, "Unit");
	for (size_t i = first; i < c->nin; i++)
		table_head(&t, &cmp_md_heads, c->in[i].abbrev);
	table_head_end(&t, &cmp_md_heads);
	table_rule(&t, &cmp_md_heads, 0);
	table_rule(&t, &cmp_md_heads, 0);
	for (size_t i = first; i < c->nin; i++)
		table_rule(&t, &cmp_md_heads, 1);
	table_rule_end(&t, &cmp_md_heads);
	for (size_t r = 0; r < c->nrows; r++) {
		const struct row *row = &c->rows[r];

		table_text(&t, row->title);
		if (multi_copies(c)) {
			snprintf(buf, sizeof(buf), " (%u cop%s)", row->copies,
				 row->copies == 1 ? "y" : "ies");
			table_more(&t, buf);
		}
		table_text(&t, row_unit(c, row));
		for (size_t i = first; i < c->nin; i++) {
			if (first == 0)
				value_text(&row->cells[i], c->pm, buf, sizeof(buf));
			else
				change_text(&row->deltas[i], c->pm, buf, sizeof(buf));
			if (buf[0] && buf[strlen(buf) - 1] == ' ')
				buf[strlen(buf) - 1] = '\0';
			table_text(&t, buf);
		}
		table_end(&t);
	}
	fputc('\n', out);
}

void cmp_print_matrix_md(FILE *out, const struct compare *c)
{
	set_heads((struct compare *)c);
	fputs("**Values**\n\n", out);
	md_matrix(out, c, 0);
	fputs("**Change against ", out);
	md_text(out, c->in[0].abbrev);
	fputs(" (the baseline)**\n\n", out);
	md_matrix(out, c, 1);
	fputs("Marks:\n\n", out);
	print_legend(out, c, "- ");
	cmp_print_noise(out, c, "\n", 1);
	cmp_print_next_run(out, c, "\n", 1);
	fputs("\nInputs:\n\n", out);
	print_key(out, c, "- ", 1);
	cmp_print_warnings(out, c, 1);
}

/* ---- CSV: one line per row, values then changes and their marks ---------- */

/* Two heads per input from the first on: "<a> <label>,<b> <label>". */
static void csv_heads(FILE *out, const struct compare *c, size_t first, const char *a,
		      const char *b)
{
	for (size_t i = first; i < c->nin; i++) {
		char h[200];

		snprintf(h, sizeof(h), "%s %s", a, c->in[i].label);
		fputc(',', out);
		csv_field(out, h);
		snprintf(h, sizeof(h), "%s %s", b, c->in[i].label);
		fputc(',', out);
		csv_field(out, h);
	}
}

void cmp_print_matrix_csv(FILE *out, const struct compare *c)
{
	fputs("copies,kind,test,unit", out);
	for (size_t i = 0; i < c->nin; i++) {
		fputc(',', out);
		csv_field(out, c->in[i].label);
	}
	csv_heads(out, c, 1, "change_pct", "mark");
	csv_heads(out, c, 0, "next_run_low", "next_run_high");  /* --group-by (compare_next.c) */
	fputc('\n', out);
	for (size_t r = 0; r < c->nrows; r++) {
		const struct row *row = &c->rows[r];

		fprintf(out, "%u,%s,", row->copies, row->is_score ? "score" : "test");
		csv_field(out, row->title);
		fputc(',', out);
		csv_field(out, row_unit(c, row));
		for (size_t i = 0; i < c->nin; i++) {
			const struct cell *x = &row->cells[i];

			fputc(',', out);
			if (x->present && x->status == TS_OK)
				csv_number(out, x->value);
			else if (x->present)
				csv_field(out, status_word(x->status));
		}
		for (size_t i = 1; i < c->nin; i++) {
			char m = mark_of(&row->deltas[i]);

			fputc(',', out);
			csv_number(out, row->deltas[i].change);
			fputc(',', out);
			if (m)
				fputc(m, out);
		}
		for (size_t i = 0; i < c->nin; i++) {
			const struct cell *x = &row->cells[i];

			fputc(',', out);
			if (x->has_pred)
				csv_number(out, x->pred_lo);
			fputc(',', out);
			if (x->has_pred)
				csv_number(out, x->pred_hi);
		}
		fputc('\n', out);
	}
}
