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

#include "util/csv_out.h"
#include "score/score_ci.h"

#define CSV_FORMAT_VERSION 1

/*
 * A metric of the sample summed over its copies (the write tests' regimes
 * are rates in MB/s, which add up like the headline); empty when no copy
 * reported it.
 */
static void pass_metric(FILE *out, const struct pass_result *ps, const char *name)
{
	double sum = 0;
	int seen = 0;

	for (size_t c = 0; c < ps->ncopies && ps->copies != NULL; c++)
		for (size_t m = 0; m < ps->copies[c].nmetrics; m++)
			if (strcmp(ps->copies[c].metrics[m].name, name) == 0) {
				sum += ps->copies[c].metrics[m].value;
				seen = 1;
			}
	if (seen)
		csv_number(out, sum);
}

int report_csv(FILE *out, const struct run_result *r)
{
	int paired = r->ndirs >= 2;

	/* Paired mode adds each sample's directory label and round (docs/results.md). */
	fprintf(out, "format_version,run_id,copies,test,title,pass,count,seconds,rate,unit,dropped,ok,"
		"first_write_rate,rewrite_rate,disturbed,excluded,index_score,index_score_lo,"
		"index_score_hi%s\n", paired ? ",label,round" : "");
	for (size_t i = 0; i < r->nruns; i++) {
		const struct copy_run *run = &r->runs[i];
		struct score_ci ci;

		/* Each row carries its copy count's score and 95 % interval. */
		score_ci_run(run, &ci);

		for (size_t k = 0; k < run->ntests && run->tests != NULL; k++) {
			const struct bench_result *t = &run->tests[k];

			if (t->def == NULL || t->passes == NULL)
				continue;
			for (size_t p = 0; p < t->npasses; p++) {
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
				pass_metric(out, ps, "first_write_mb_s");
				fputc(',', out);
				pass_metric(out, ps, "rewrite_mb_s");
				fputc(',', out);
				if (ps->intf.have) {
					char flags[40];

					/* "steal,contended" (quoted), "none"; empty: not measured. */
					csv_field(out, ps->intf.flags ? intf_flag_names(ps->intf.flags, flags, sizeof(flags)) : "none");
				}
				/* --exclude-disturbed left it out of everything. */
				fprintf(out, ",%d,", ps->excluded ? 1 : 0);
				if (ci.score > 0)
					csv_number(out, ci.score);
				fputc(',', out);
				if (ci.ok)
					csv_number(out, ci.lo);
				fputc(',', out);
				if (ci.ok)
					csv_number(out, ci.hi);
				if (paired) {
					fputc(',', out);
					csv_field(out, report_dir_label(r, run));
					fprintf(out, ",%u", ps->round);
				}
				fputc('\n', out);
			}
		}
	}
	return ferror(out) ? -1 : 0;
}
