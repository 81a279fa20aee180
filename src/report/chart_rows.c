/* chart_rows.c: the run's index chart, rows and values (chart_rows.h). */
#include "report/chart_rows.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

static const char *const palette[] = {
	"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#b07aa1",
};

const char *chart_colour(size_t s)
{
	return palette[s % (sizeof(palette) / sizeof(palette[0]))];
}

/* The index of test d in a copy run (NULL: the System Benchmarks Index Score). */
static double run_value(const struct copy_run *run, const struct test_def *d)
{
	if (d == NULL)
		return run->cats[CAT_SYSTEM].nindexed > 0 ? run->cats[CAT_SYSTEM].score
							  : (double)NAN;
	for (size_t k = 0; k < run->ntests; k++) {
		const struct bench_result *t = &run->tests[k];

		if (t->def != NULL && (t->def == d || strcmp(t->def->name, d->name) == 0))
			return t->status == TS_OK && d->baseline > 0 && t->index > 0
			       ? t->index : (double)NAN;
	}
	return (double)NAN;
}

/* report_test_defs's filter: an indexed test with a result. */
static int indexed(const struct copy_run *run, const struct bench_result *b)
{
	return isfinite(run_value(run, b->def));
}

void chart_rows_free(struct chart_rows *cr)
{
	free(cr->defs);
	free(cr->labels);
	free(cr->values);
	memset(cr, 0, sizeof(*cr));
}

/* Rows: indexed tests with a result at some copy count, by title; then the score. */
static void fill_rows(struct chart_rows *cr, size_t cap)
{
	const struct run_result *r = cr->r;

	cr->nrows = report_test_defs(r, indexed, cr->defs, cap);
	if (cr->nrows > 0)
		cr->defs[cr->nrows++] = NULL;
	for (size_t i = 0; i < cr->nrows; i++) {
		cr->labels[i] = cr->defs[i] ? cr->defs[i]->title : CHART_SCORE_LABEL;
		for (size_t s = 0; s < cr->nseries; s++) {
			double v = run_value(&r->runs[s], cr->defs[i]);

			cr->values[i * cr->nseries + s] = v;
			if (isfinite(v) && v > cr->vmax)
				cr->vmax = v;
		}
	}
}

int chart_rows_build(const struct run_result *r, struct chart_rows *cr)
{
	size_t cap = 0, ns = r->nruns;

	memset(cr, 0, sizeof(*cr));
	cr->r = r;
	cr->nseries = ns;
	for (size_t s = 0; s < ns; s++)
		cap += r->runs[s].ntests;
	/* One row more than the tests: the score's. */
	cr->defs = calloc(cap + 1, sizeof(*cr->defs));
	cr->labels = calloc(cap + 1, sizeof(*cr->labels));
	cr->values = calloc((cap + 1) * (ns ? ns : 1), sizeof(*cr->values));
	if (cr->defs == NULL || cr->labels == NULL || cr->values == NULL) {
		chart_rows_free(cr);
		return -1;
	}
	fill_rows(cr, cap);
	return 0;
}

void chart_rows_series(const struct chart_rows *cr, size_t s, const char *sep, char *out,
		       size_t len)
{
	const struct run_result *r = cr->r;
	unsigned copies = r->runs[s].copies;

	snprintf(out, len, "%u cop%s%s%s", copies, copies == 1 ? "y" : "ies",
		 r->ndirs >= 2 ? sep : "", report_dir_label(r, &r->runs[s]));
}
