/*
 * compare_model.c: what `sysindex compare` reads of a run's model (struct
 * run_result: a sysindex run read from its record by reader/record_read.c,
 * or a report read from text by reader/text_import.c): each test's lines
 * as its report shows them, keyed by its name; its figures at full
 * precision; every valid sample; the header; a paired run's comparisons.
 * The words (a comparison's verdict cell, the host-state lines) come from
 * the writers' functions, so they are the run's.  A report read from text
 * gives the lines it printed (core/import.h says which), its samples with
 * the dropped marks its file gave, and its header and comparison rows as
 * printed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare_int.h"
#include "report/paired_table.h"
#include "report/report.h"
#include "score/score.h"
#include "stats/stats.h"
#include "util/util.h"

/* sysindex's reports say "BYTE UNIX Benchmarks (Version 6.0.0; sysindex V)". */
#define UB_LAYOUT "6.0.0"

static void copy_text(char *out, size_t len, const char *s)
{
	snprintf(out, len, "%s", s);
}

/* ---- tests ------------------------------------------------------------ */

unsigned cmp_shows(const struct run_result *r, const struct bench_result *t)
{
	unsigned s;

	if (t->def == NULL)
		return 0;
	if (r->import != NULL)
		return import_test_of(t->def)->shown | (t->npasses > 0 ? CMP_SAMPLES : 0);
	s = IMPORT_RESULT;
	if (t->status == TS_OK)
		s |= CMP_SAMPLES | (t->def->baseline > 0 ? IMPORT_INDEX : 0u) |
		     (t->stats.n > 0 ? IMPORT_STATS : 0u);
	return s;
}

const char *cmp_key(const struct bench_result *t)
{
	return tp_key(t->def->name, t->def->title);
}

const struct bench_result *cmp_find(const struct run_result *r, const struct copy_run *run,
				    const char *key, unsigned shows, size_t *hint)
{
	size_t from = hint != NULL && *hint < run->ntests ? *hint : 0;

	for (size_t k = 0; k < run->ntests; k++) {
		size_t i = (from + k) % run->ntests;
		const struct bench_result *t = &run->tests[i];

		if (t->def != NULL && tp_key_is(t->def->name, t->def->title, key) &&
		    (cmp_shows(r, t) & shows)) {
			if (hint != NULL)
				*hint = i + 1;
			return t;
		}
	}
	return NULL;
}

void cmp_order(const struct run_result *r, const struct copy_run *run, size_t *order)
{
	if (r->import == NULL) {
		report_sorted(run, order);      /* the reports' order */
		return;
	}
	for (size_t i = 0; i < run->ntests; i++)
		order[i] = i;                   /* the order its report printed */
}

unsigned cmp_copies(const struct copy_run *run)
{
	return run->copies ? run->copies : 1;
}

const struct copy_run *cmp_next_block(const struct input *in, size_t *k)
{
	const struct run_result *r = in->run;

	while (*k < r->nruns) {
		const struct copy_run *run = &r->runs[(*k)++];

		if (r->ndirs == 0 || run->dir == in->dir)
			return run;
	}
	return NULL;
}

void cmp_result(const struct run_result *r, const struct bench_result *t, double *value,
		double *time, unsigned *samples)
{
	int ok = r->import != NULL || t->status == TS_OK;

	*value = ok ? t->score : 0;
	*time = ok ? t->time : -1;
	*samples = ok ? (unsigned)t->kept : 0;
}

void cmp_index(const struct run_result *r, const struct bench_result *t, double *baseline,
	       double *result, const char **category)
{
	if (r->import != NULL) {
		const struct import_test *e = import_test_of(t->def);

		*baseline = e->baseline;
		*result = e->index_result;
		*category = e->category;
		return;
	}
	*baseline = t->def->baseline;
	*result = t->score;
	*category = category_title[test_category(t->def)];
}

/*
 * Every valid sample's rate (sysindex's CSV keeps the same: ok, not
 * excluded), marked dropped by UnixBench's rule over those samples' counts
 * (a time test's negated, as score/score.c ranks them): compare's
 * verdicts judge stats_trimmed_log over them (compare_judge.c's
 * fill_stats), the trimmed figure the run showed, from full-precision
 * samples, whatever dropped flags the file holds.  A report read from text
 * keeps them as its samples file marked them.
 */
size_t cmp_samples(const struct run_result *r, const struct bench_result *t, double **rate,
		   unsigned char **dropped)
{
	size_t n = 0, kept;
	double *count = malloc((t->npasses ? t->npasses : 1) * sizeof(*count));
	int *drop = calloc(t->npasses ? t->npasses : 1, sizeof(*drop));

	*rate = malloc((t->npasses ? t->npasses : 1) * sizeof(**rate));
	*dropped = malloc(t->npasses ? t->npasses : 1);
	if (count == NULL || drop == NULL || *rate == NULL || *dropped == NULL)
		goto out;
	for (size_t p = 0; p < t->npasses; p++) {
		const struct pass_result *ps = &t->passes[p];

		if (!ps->ok || ps->excluded)
			continue;
		count[n] = score_pass_order(t->def, ps);
		(*dropped)[n] = (unsigned char)(ps->dropped != 0);
		(*rate)[n++] = ps->rate;
	}
	if (r->import == NULL && n > 0) {
		(void)stats_unixbench(count, *rate, n, drop, &kept);
		for (size_t i = 0; i < n; i++)
			(*dropped)[i] = (unsigned char)(drop[i] != 0);
	}
out:
	free(count);
	free(drop);
	if (n == 0) {
		free(*rate);
		free(*dropped);
		*rate = NULL;
		*dropped = NULL;
	}
	return n;
}

/*
 * --repeat: the score pooled over the passes and its interval over them, as
 * the text's "Between passes" line gives them (tp_try_between), from the
 * pool at full precision; 0 where the pool has none.
 */
unsigned cmp_between(const struct run_result *r, const struct copy_run *run, double *score,
		     double *lo, double *hi)
{
	for (size_t i = 0; i < r->nreps && r->reps != NULL; i++) {
		const struct repeat_score *rs = &r->reps[i];

		if (rs->copies != run->copies || !rs->ok || rs->n < 2)
			continue;
		*score = exp(rs->pool.mean);
		*lo = exp(rs->pool.lo);
		*hi = exp(rs->pool.hi);
		return (unsigned)rs->n;
	}
	return 0;
}

/* ---- the header ------------------------------------------------------- */

/*
 * The host's state and CPU limits as the text report's header gives them
 * (report_host_lines, which the text reader reads back), so compare's
 * host-state warning sees a record as it sees the report.
 */
static void host_lines(const struct run_result *r, struct cmp_head *h)
{
	struct report_hline *lines = calloc(REPORT_HLINES_MAX, sizeof(*lines));
	size_t n;

	if (lines == NULL)
		return;         /* no warning is the least of what fails then */
	n = report_host_lines(r, lines, REPORT_HLINES_MAX);
	for (size_t i = 0; i < n; i++) {
		int row = hoststate_by_label(lines[i].label, strlen(lines[i].label));

		if (strcmp(lines[i].label, REPORT_CPU_LIMITS) == 0) {
			copy_text(h->cpu_limits, sizeof(h->cpu_limits), lines[i].value);
		} else if (row >= 0) {
			copy_text(h->state[row], sizeof(h->state[row]), lines[i].value);
			h->have_state[row] = 1;
		}
	}
	free(lines);
}

/* A report read from text: its header as printed (core/import.h). */
static void import_head(const struct run_result *r, struct cmp_head *h)
{
	const struct run_import *im = r->import;

	copy_text(h->title, sizeof(h->title), im->title);
	copy_text(h->version, sizeof(h->version), im->layout);
	copy_text(h->compiler, sizeof(h->compiler), im->compiler);
	copy_text(h->cpu_limits, sizeof(h->cpu_limits), im->cpu_limits);
	h->intf = im->intf;
	for (int k = 0; k < HS_COUNT; k++) {
		h->have_state[k] = r->sys.state.have[k];
		if (r->sys.state.have[k])
			copy_text(h->state[k], sizeof(h->state[k]), r->sys.state.value[k]);
	}
}

void cmp_head(const struct run_result *r, size_t dir, struct cmp_head *h)
{
	memset(h, 0, sizeof(*h));
	copy_text(h->sysindex_version, sizeof(h->sysindex_version), r->version);
	copy_text(h->host, sizeof(h->host), r->sys.hostname);
	copy_text(h->system, sizeof(h->system), r->sys.system);
	copy_text(h->host_id, sizeof(h->host_id), r->sys.host.id);
	copy_text(h->virt, sizeof(h->virt), r->sys.host.virt);
	copy_text(h->mode, sizeof(h->mode), r->mode);
	copy_text(h->dir_label, sizeof(h->dir_label), r->ndirs ? r->dirs[dir].label : "");
	if (r->import != NULL) {
		import_head(r, h);
		return;
	}
	snprintf(h->title, sizeof(h->title), "BYTE UNIX Benchmarks (Version %s; sysindex %.32s)",
		 UB_LAYOUT, r->version);
	copy_text(h->version, sizeof(h->version), UB_LAYOUT);
	fmt(h->compiler, sizeof(h->compiler), "%s; test programs built with %s",
	    r->sys.cc_version, r->sys.bench_cflags);
	report_intf_shares(r, &h->intf);
	host_lines(r, h);
}

/*
 * The run's comparisons as its own reports show them (report_paired_row),
 * or as a report read from text printed them, after *rows' *n.
 */
int cmp_paired_rows(const struct run_result *r, struct paired_row **rows, size_t *n)
{
	size_t k = r->import != NULL ? r->import->npaired : r->ndirs >= 2 ? r->ncmps : 0;
	struct paired_row *grown;

	if (k == 0)
		return 0;
	grown = realloc(*rows, (*n + k) * sizeof(*grown));
	if (grown == NULL)
		return -1;
	*rows = grown;
	for (size_t i = 0; i < k; i++, (*n)++)
		if (r->import != NULL)
			grown[*n] = r->import->paired[i];
		else
			report_paired_row(r, &r->cmps[i], &grown[*n]);
	return 0;
}
