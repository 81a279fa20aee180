/*
 * report_placement.c: the text report's Placement block, after the
 * statistics.  A placement-sensitive test (context1, the row's
 * placement_metric) reads where its two processes run during the loop; this
 * block shows those readings, apart from UnixBench's result block, which
 * stays byte for byte the reference's layout.  At most 80 columns:
 *
 *   Placement (read during each sample)      readings one CPU 1/2/mixed  placement
 *   Pipe-based Context Switching                  503  100.0%     1/0/0  stable
 *     copy 1                                      251  100.0%     1/0/0  stable
 *     copy 2                                      252  100.0%     1/0/0  stable
 *   (readings per sample; ...)
 *
 * The test's row is its metrics as the JSON has them (readings summed over
 * copies, the share averaged, both averaged over the samples); a copy's row
 * is that copy's own, when more than one copy ran.
 */
#include "report/report.h"

#include <stdlib.h>
#include <string.h>

#include "core/metrics.h"
#include "util/util.h"

/* One row: readings per sample, share on one CPU, samples by kind, moved. */
struct place_row {
	double readings, share;
	unsigned kinds[3];      /* samples wholly on one CPU, wholly on two, mixed */
	int changed;
};

/* copy c's value of metric name in pass ps, or -1 when it has none. */
static double copy_metric(const struct pass_result *ps, size_t c, const char *name)
{
	const struct copy_result *cr = &ps->copies[c];

	for (size_t m = 0; m < cr->nmetrics; m++)
		if (strcmp(cr->metrics[m].name, name) == 0)
			return cr->metrics[m].value;
	return -1;
}

/*
 * The samples by kind over copies [c0, c1): a sample in which some reading
 * shared a CPU and some did not (in one copy or across them) is mixed.
 */
static void sample_kinds(const struct bench_result *t, size_t c0, size_t c1, unsigned kinds[3])
{
	for (size_t p = 0; p < t->npasses && t->passes != NULL; p++) {
		const struct pass_result *ps = &t->passes[p];
		int shared = 0, apart = 0;

		for (size_t c = c0; c < c1 && c < ps->ncopies && ps->copies != NULL; c++) {
			double f = copy_metric(ps, c, t->def->placement_metric);

			if (f < 0)
				continue;
			shared |= f > 0;
			apart |= f < 1;
		}
		if (shared || apart)
			kinds[shared && apart ? 2 : shared ? 0 : 1]++;
	}
}

/* The test as a whole; 0 when it reported no placement. */
static int test_row(const struct bench_result *t, struct place_row *row)
{
	const struct metric *share = report_find_metric(t, t->def->placement_metric);
	const struct metric *n = report_find_metric(t, METRIC_PLACEMENT_SAMPLES);
	const struct metric *moved = report_find_metric(t, METRIC_PLACEMENT_CHANGED);

	memset(row, 0, sizeof(*row));
	if (share == NULL || n == NULL)
		return 0;
	row->readings = n->value;
	row->share = share->value;
	row->changed = moved != NULL && moved->value > 0;
	sample_kinds(t, 0, (size_t)-1, row->kinds);
	return 1;
}

/* Copy c's own figures, averaged over the samples it reported in. */
static int copy_row(const struct bench_result *t, size_t c, struct place_row *row)
{
	size_t seen = 0;

	memset(row, 0, sizeof(*row));
	for (size_t p = 0; p < t->npasses && t->passes != NULL; p++) {
		const struct pass_result *ps = &t->passes[p];
		double share, n;

		if (c >= ps->ncopies || ps->copies == NULL)
			continue;
		share = copy_metric(ps, c, t->def->placement_metric);
		n = copy_metric(ps, c, METRIC_PLACEMENT_SAMPLES);
		if (share < 0 || n < 0)
			continue;
		row->share += share;
		row->readings += n;
		row->changed |= copy_metric(ps, c, METRIC_PLACEMENT_CHANGED) > 0;
		seen++;
	}
	if (seen == 0)
		return 0;
	row->share /= (double)seen;
	row->readings /= (double)seen;
	sample_kinds(t, c, c + 1, row->kinds);
	return 1;
}

/* One row's cells: label, readings, one CPU, 1/2/mixed, placement. */
static void row_cells(const char *label, const struct place_row *row,
		      char cells[REPORT_PLACE_COLS][REPORT_PLACE_CELL])
{
	fmt(cells[0], REPORT_PLACE_CELL, "%s", label);
	fmt(cells[1], REPORT_PLACE_CELL, "%.0f", row->readings);
	fmt(cells[2], REPORT_PLACE_CELL, "%.1f%%", 100.0 * row->share);
	fmt(cells[3], REPORT_PLACE_CELL, "%u/%u/%u", row->kinds[0], row->kinds[1], row->kinds[2]);
	fmt(cells[4], REPORT_PLACE_CELL, "%s", row->changed ? "changed" : "stable");
}

const char *const report_placement_heads[REPORT_PLACE_COLS] = {
	"Placement (read during each sample)", "readings", "one CPU", "1/2/mixed", "placement",
};

const char report_placement_legend[] =
	"Whether each copy's two processes shared one CPU, which changes the result: "
	"readings per sample; one CPU: the share of readings with both processes on one "
	"CPU; 1/2/mixed: samples wholly on one CPU, wholly on two CPUs, or mixed; "
	"placement: whether they moved between readings. --pin makes it repeatable.";

size_t report_placement_rows(const struct copy_run *run, const size_t *order,
			     char (*cells)[REPORT_PLACE_COLS][REPORT_PLACE_CELL], size_t max)
{
	size_t n = 0;

	for (size_t k = 0; k < run->ntests && n < max; k++) {
		const struct bench_result *t = &run->tests[order[k]];
		struct place_row row;

		if (t->status != TS_OK || t->def->placement_metric == NULL || !test_row(t, &row))
			continue;
		row_cells(t->def->title, &row, cells[n++]);
		for (size_t c = 0; run->copies > 1 && c < run->copies && n < max; c++) {
			char label[32];

			fmt(label, sizeof(label), "  copy %zu", c + 1);
			if (copy_row(t, c, &row))
				row_cells(label, &row, cells[n++]);
		}
	}
	return n;
}

void report_placement_text(FILE *out, const struct copy_run *run, const size_t *order)
{
	char (*cells)[REPORT_PLACE_COLS][REPORT_PLACE_CELL] =
		calloc(REPORT_PLACE_MAX, sizeof(*cells));
	size_t n = cells ? report_placement_rows(run, order, cells, REPORT_PLACE_MAX) : 0;

	for (size_t i = 0; i < n; i++) {
		const char *const *h = report_placement_heads;

		if (i == 0)
			fprintf(out, "%-40s %8s %7s %9s  %s\n", h[0], h[1], h[2], h[3], h[4]);
		fprintf(out, "%-40.40s %8s %7s %9s  %s\n", cells[i][0], cells[i][1], cells[i][2],
			cells[i][3], cells[i][4]);
	}
	if (n > 0)
		fprintf(out, "(whether each copy's two processes shared one CPU: it changes the result)\n"
			"(readings per sample; one CPU: readings with both processes on one CPU;\n"
			" 1/2/mixed: samples wholly on one CPU, wholly on two CPUs, or mixed)\n\n");
	free(cells);
}
