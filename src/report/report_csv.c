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

#define CSV_FORMAT_VERSION 1

int report_csv(FILE *out, const struct run_result *r)
{
	fputs("format_version,run_id,copies,test,title,pass,count,seconds,rate,unit,dropped,ok\n",
	      out);
	for (size_t i = 0; i < r->nruns; i++) {
		const struct copy_run *run = &r->runs[i];

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
				fprintf(out, ",%d,%d\n", ps->dropped ? 1 : 0, ps->ok ? 1 : 0);
			}
		}
	}
	return ferror(out) ? -1 : 0;
}
