/*
 * report_csv.c: one row per sample, for spreadsheets, R and pandas.
 *
 * "Long" format (one observation per row) so any tool can group by copies
 * and test.  Fields are quoted per RFC 4180 only when they need it; numbers
 * always use '.' as the decimal separator and round-trip exactly.  Lines end
 * in LF (every CSV reader accepts it; RFC 4180's CRLF only bothers grep).
 */
#include "report/report.h"

#include <string.h>

#include "core/metrics.h"
#include "util/csv_out.h"
#include "score/score.h"

#define CSV_FORMAT_VERSION 1

/*
 * The write tests' regimes: rates in MB/s, which add up over the copies
 * like the headline.
 */
const struct csv_metric_col report_csv_metric_cols[] = {
	{ "first_write_rate", METRIC_FIRST_WRITE_MB_S, MC_SUM },
	{ "rewrite_rate", METRIC_REWRITE_MB_S, MC_SUM },
};
const size_t report_csv_metric_ncols =
	sizeof(report_csv_metric_cols) / sizeof(report_csv_metric_cols[0]);

/* The metric columns' cells, each followed by a comma. */
static void metric_cells(FILE *out, const struct pass_result *ps)
{
	for (size_t i = 0; i < report_csv_metric_ncols; i++) {
		double v;

		if (score_pass_metric(ps, report_csv_metric_cols[i].metric,
				      report_csv_metric_cols[i].how, &v))
			csv_number(out, v);
		fputc(',', out);
	}
}

static void header(FILE *out, int paired)
{
	fputs("format_version,run_id,copies,test,title,pass,count,seconds,rate,unit,dropped,ok,",
	      out);
	for (size_t i = 0; i < report_csv_metric_ncols; i++)
		fprintf(out, "%s,", report_csv_metric_cols[i].column);
	/* Paired mode adds each sample's directory label and round (docs/results.md). */
	fprintf(out, "disturbed,excluded,index_score,index_score_lo,index_score_hi%s,run_status\n",
		paired ? ",label,round" : "");
}

/* Sample p of test t in copy run run: one row (ci: the copy count's score and interval). */
static void sample_row(FILE *out, const struct run_result *r, const struct copy_run *run,
		       const struct bench_result *t, size_t p, const struct score_ci *ci)
{
	const struct pass_result *ps = &t->passes[p];

	fprintf(out, "%d,", CSV_FORMAT_VERSION);
	csv_field(out, r->base_name);
	fprintf(out, ",%u,", run->copies);
	csv_field(out, t->def->name);
	fputc(',', out);
	csv_field(out, t->def->title);
	fprintf(out, ",%zu,", p + 1);
	csv_number(out, ps->count);
	fputc(',', out);
	csv_number(out, ps->time);
	fputc(',', out);
	csv_number(out, ps->rate);
	fputc(',', out);
	csv_field(out, t->def->unit);
	fprintf(out, ",%d,%d,", ps->dropped ? 1 : 0, ps->ok ? 1 : 0);
	metric_cells(out, ps);
	if (ps->intf.have) {
		char flags[40];

		/* "steal,contended" (quoted), "none"; empty: not measured. */
		csv_field(out, ps->intf.flags ? intf_flag_names(ps->intf.flags, flags, sizeof(flags)) : "none");
	}
	/* --exclude-disturbed left it out of everything. */
	fprintf(out, ",%d,", ps->excluded ? 1 : 0);
	if (ci->score > 0)
		csv_number(out, ci->score);
	fputc(',', out);
	if (ci->ok)
		csv_number(out, ci->lo);
	fputc(',', out);
	if (ci->ok)
		csv_number(out, ci->hi);
	if (r->ndirs >= 2) {
		fputc(',', out);
		csv_field(out, report_dir_label(r, run));
		fprintf(out, ",%u", ps->round);
	}
	/* Every row says whether the run ended by itself (docs/results.md). */
	fprintf(out, ",%s\n", report_csv_run_status(r));
}

const char *report_csv_run_status(const struct run_result *r)
{
	if (!r->interrupted)
		return "complete";
	return r->signal == 0 && r->stopped[0] ? "stopped" : "interrupted";
}

int report_csv(FILE *out, const struct run_result *r)
{
	header(out, r->ndirs >= 2);
	for (size_t i = 0; i < r->nruns; i++) {
		const struct copy_run *run = &r->runs[i];

		/* Each row carries its copy count's score and 95 % interval. */
		for (size_t k = 0; k < run->ntests && run->tests != NULL; k++) {
			const struct bench_result *t = &run->tests[k];

			if (t->def == NULL || t->passes == NULL)
				continue;
			for (size_t p = 0; p < t->npasses; p++)
				sample_row(out, r, run, t, p, &run->score_ci);
		}
	}
	return ferror(out) ? -1 : 0;
}
