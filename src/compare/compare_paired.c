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
#include "util/csv_out.h"
#include "util/html_out.h"
#include "util/json_out.h"
#include "util/md_out.h"
#include "util/util.h"

static void pct(char *out, size_t len, double v, const char *prefix)
{
	if (isfinite(v))
		snprintf(out, len, "%s%+.2f%%", prefix, v);
	else
		snprintf(out, len, "-");
}

static void text_row(FILE *out, const char *title, const char *copies, const char *dir,
		     const char *base, const char *other, const char *change, const char *ci,
		     const char *detect, const char *rounds, const char *verdict)
{
	/* printf pads by bytes: a two-byte sign takes one column. */
	fprintf(out, "%-44s %6s  %-12s %12s %12s %8s %20s %*s %6s  %s\n", title, copies, dir, base,
		other, change, ci, (int)(9 + strlen(detect) - utf8_cols(detect)), detect, rounds,
		verdict);
}

/* A Markdown row: the strings a report brought (title, label, verdict) escaped. */
static void md_row(FILE *out, const char *const cells[10])
{
	for (size_t k = 0; k < 10; k++) {
		fputs(k ? " | " : "| ", out);
		md_text(out, cells[k]);
	}
	fputs(" |\n", out);
}

static void print_text(FILE *out, const struct tp_doc *d, int md, const char *pm)
{
	const char *base = d->paired[0].baseline;

	if (md) {
		const char *head[10] = { "Test", "Copies", "Dir", base, "Result", "Change", "95% CI",
					 "Detect", "Rounds", "Verdict" };

		md_row(out, head);
		fputs("|:-----|---:|:---|---:|---:|---:|---:|---:|---:|:---|\n", out);
	} else
		text_row(out, "Test", "Copies", "Dir", base, "Result", "Change", "95% CI", "Detect",
			 "Rounds", "Verdict");
	for (size_t i = 0; i < d->npaired; i++) {
		const struct tp_paired_row *p = &d->paired[i];
		char title[TP_TITLE_MAX + 16], copies[16], b[32], o[32], ch[24], ci[64], det[24],
		     lo[24], hi[24], rounds[16], fb[FIGURE_BUF];

		snprintf(title, sizeof(title), "%s%s", p->title, p->control ? " (control)" : "");
		snprintf(copies, sizeof(copies), "%u", p->copies);
		snprintf(b, sizeof(b), "%s", isfinite(p->base) ? figure(fb, p->base, 0) : "-");
		snprintf(o, sizeof(o), "%s", isfinite(p->other) ? figure(fb, p->other, 0) : "-");
		pct(ch, sizeof(ch), p->change_pct, "");
		pct(lo, sizeof(lo), p->ci_lo_pct, "");
		pct(hi, sizeof(hi), p->ci_hi_pct, "");
		if (isfinite(p->ci_lo_pct))
			snprintf(ci, sizeof(ci), "%s..%s", lo, hi);
		else
			snprintf(ci, sizeof(ci), "-");
		if (isfinite(p->detect_pct))
			snprintf(det, sizeof(det), "%s%.2f%%", pm, p->detect_pct);
		else
			snprintf(det, sizeof(det), "-");
		snprintf(rounds, sizeof(rounds), "%u", p->rounds);
		if (md) {
			const char *cells[10] = { title, copies, p->label, b, o, ch, ci, det, rounds,
						  p->verdict };

			md_row(out, cells);
		} else
			text_row(out, title, copies, p->label, b, o, ch, ci, det, rounds, p->verdict);
	}
	fputs("\nChange against ", out);
	if (md)
		md_text(out, base);
	else
		fputs(base, out);
	fputs(", measured in interleaved rounds in one run: the geometric mean\n"
	      "of the per-round ratios; 95% CI: Student's t over their logarithms, the row alone\n"
	      "(unadjusted); detect: as the report printed it (since one alpha per report: the\n"
	      "minimum detectable change at 80% power; before: the CI's half-width, which a\n"
	      "change of that size reaches only about half the time). Verdicts: the report's own.\n",
	      out);
}

static void print_csv(FILE *out, const struct tp_doc *d)
{
	fputs("copies,test,label,baseline,control,baseline_value,value,change_percent,"
	      "ci_lo_percent,ci_hi_percent,detect_percent,rounds,verdict\n", out);
	for (size_t i = 0; i < d->npaired; i++) {
		const struct tp_paired_row *p = &d->paired[i];
		const double v[6] = { p->base, p->other, p->change_pct, p->ci_lo_pct,
				      p->ci_hi_pct, p->detect_pct };

		fprintf(out, "%u,", p->copies);
		csv_field(out, p->title);
		fputc(',', out);
		csv_field(out, p->label);
		fputc(',', out);
		csv_field(out, p->baseline);
		fprintf(out, ",%d", p->control);
		for (size_t k = 0; k < 6; k++) {
			fputc(',', out);
			if (isfinite(v[k]))
				csv_number(out, v[k]);
		}
		fprintf(out, ",%u,", p->rounds);
		csv_field(out, p->verdict);
		fputc('\n', out);
	}
}

static int print_json(FILE *out, const struct tp_doc *d)
{
	struct json_out j;

	json_init(&j, out, 1);
	json_object_begin(&j);
	json_kv_string(&j, "baseline", d->paired[0].baseline);
	json_key(&j, "comparisons");
	json_array_begin(&j);
	for (size_t i = 0; i < d->npaired; i++) {
		const struct tp_paired_row *p = &d->paired[i];

		json_object_begin(&j);
		json_kv_uint(&j, "copies", p->copies);
		json_kv_string(&j, "test", p->title);
		json_kv_string(&j, "label", p->label);
		json_kv_bool(&j, "control", p->control);
		json_kv_double(&j, "baseline_value", p->base);
		json_kv_double(&j, "value", p->other);
		json_kv_double(&j, "change_percent", p->change_pct);
		json_kv_double(&j, "ci_lo_percent", p->ci_lo_pct);
		json_kv_double(&j, "ci_hi_percent", p->ci_hi_pct);
		json_kv_double(&j, "detect_percent", p->detect_pct);
		json_kv_uint(&j, "rounds", p->rounds);
		json_kv_string(&j, "verdict", p->verdict);
		json_object_end(&j);
	}
	json_array_end(&j);
	json_object_end(&j);
	return json_finish(&j);
}

int cmp_print_paired(FILE *out, const struct compare *c)
{
	const struct source *s = &c->src[0];
	const struct tp_doc *d = &s->doc;

	switch (c->opt.format) {
	case F_TEXT:
		fprintf(out, "%s: a paired run (%zu test dirs", s->text[0] ? s->text : s->arg,
			d->nreports);
		for (size_t i = 0; i < d->nreports; i++)
			fprintf(out, "%s%s", i ? ", " : ": ", d->reports[i].dir_label);
		fprintf(out, "), host %s, mode %s\n\n", d->reports[0].host, cmp_mode_of(&d->reports[0]));
		print_text(out, d, 0, c->pm);
		break;
	case F_MD:
		print_text(out, d, 1, c->pm);
		break;
	case F_CSV:
		print_csv(out, d);
		break;
	case F_JSON:
		return print_json(out, d);
	case F_HTML: {
		/* The run's own page has the comparison laid out; here its text, escaped. */
		char *buf = NULL;
		size_t len = 0;
		FILE *m = open_memstream(&buf, &len);

		if (m == NULL)
			return -1;
		print_text(m, d, 0, "+-");
		if (fclose(m) != 0) {
			free(buf);
			return -1;
		}
		html_head(out, "sysindex compare: a paired run");
		fputs("<h1>sysindex compare: a paired run</h1>\n<pre>", out);
		html_text(out, buf);
		fputs("</pre>\n</body>\n</html>\n", out);
		free(buf);
		break;
	}
	}
	return ferror(out) ? -1 : 0;
}
