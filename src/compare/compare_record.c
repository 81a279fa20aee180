/*
 * compare_record.c: a run's model (struct run_result: a sysindex run read
 * from its record by reader/record_read.c, or a report read from text by
 * reader/text_import.c) as the tables compare judges:
 * one report per test directory, one block per copy count, each test's
 * result, index row and statistics row keyed by its name, every kept
 * sample's rate at full precision, and a paired run's comparisons.  The
 * figures are the model's own (no %.1f on the way); the words (flags, a
 * comparison's verdict cell) come from the writers' functions, so they are
 * the run's.  A report read from text gives back the lines it printed
 * (core/import.h says which), its samples with the dropped marks its file
 * gave, and its comparison rows as printed.
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

/*
 * The host's state and CPU limits as the text report's header gives them
 * (report_host_lines, which the text reader reads back), so compare's
 * host-state warning sees a record as it sees the report.
 */
static void host_lines(const struct run_result *r, struct tp_report *rep)
{
	struct report_hline *lines = calloc(REPORT_HLINES_MAX, sizeof(*lines));
	size_t n;

	if (lines == NULL)
		return;         /* no warning is the least of what fails then */
	n = report_host_lines(r, lines, REPORT_HLINES_MAX);
	for (size_t i = 0; i < n; i++) {
		int row = hoststate_by_label(lines[i].label, strlen(lines[i].label));

		if (strcmp(lines[i].label, REPORT_CPU_LIMITS) == 0) {
			copy_text(rep->cpu_limits, sizeof(rep->cpu_limits), lines[i].value);
		} else if (row >= 0) {
			copy_text(rep->state[row], sizeof(rep->state[row]), lines[i].value);
			rep->have_state[row] = 1;
		}
	}
	free(lines);
}

/* A report read from text: its header as printed (core/import.h), the host and mode from the model. */
static void import_header(const struct run_result *r, struct tp_report *rep)
{
	const struct run_import *im = r->import;

	copy_text(rep->title, sizeof(rep->title), im->title);
	copy_text(rep->version, sizeof(rep->version), im->layout);
	copy_text(rep->compiler, sizeof(rep->compiler), im->compiler);
	copy_text(rep->cpu_limits, sizeof(rep->cpu_limits), im->cpu_limits);
	rep->have_intf = im->have_intf;
	rep->intf_steal_pct = im->steal_pct;
	rep->intf_wait_pct = im->wait_pct;
	rep->intf_throttled_pct = im->throttled_pct;
	rep->intf_disturbed = im->disturbed;
	rep->intf_samples = im->samples;
	for (int k = 0; k < HS_COUNT; k++) {
		rep->have_state[k] = r->sys.state.have[k];
		if (r->sys.state.have[k])
			copy_text(rep->state[k], sizeof(rep->state[k]), r->sys.state.value[k]);
	}
}

static void header(const struct run_result *r, struct tp_report *rep, const char *label)
{
	struct intf_total t;

	copy_text(rep->sysindex_version, sizeof(rep->sysindex_version), r->version);
	copy_text(rep->host, sizeof(rep->host), r->sys.hostname);
	copy_text(rep->system, sizeof(rep->system), r->sys.system);
	copy_text(rep->host_id, sizeof(rep->host_id), r->sys.host.id);
	copy_text(rep->virt, sizeof(rep->virt), r->sys.host.virt);
	copy_text(rep->mode, sizeof(rep->mode), r->mode);
	copy_text(rep->dir_label, sizeof(rep->dir_label), label);
	if (r->import != NULL) {
		import_header(r, rep);
		return;
	}
	snprintf(rep->title, sizeof(rep->title), "BYTE UNIX Benchmarks (Version %s; sysindex %.32s)",
		 UB_LAYOUT, r->version);
	copy_text(rep->version, sizeof(rep->version), UB_LAYOUT);
	fmt(rep->compiler, sizeof(rep->compiler), "%s; test programs built with %s",
	    r->sys.cc_version, r->sys.bench_cflags);
	report_intf_totals(r, &t);
	rep->have_intf = t.have != 0;
	rep->intf_steal_pct = (t.have & INTF_HAVE_STEAL) && t.cpu_time > 0
		? 100 * t.steal / t.cpu_time : (double)NAN;
	rep->intf_wait_pct = (t.have & INTF_HAVE_DELAY) && t.copy_seconds > 0
		? 100 * t.run_delay / t.copy_seconds : (double)NAN;
	rep->intf_throttled_pct = (t.have & INTF_HAVE_THROTTLE) && t.wall > 0
		? 100 * t.throttled / t.wall : (double)NAN;
	rep->intf_disturbed = report_intf_disturbed(r);
	rep->intf_samples = t.samples;
	host_lines(r, rep);
}

/*
 * A test of a report read from text: the lines it printed, again (its
 * figures from the model, its index row's as printed).
 */
static void import_rows(const struct bench_result *t, struct tp_block *bl)
{
	const struct import_test *e = import_test_of(t->def);

	if (e->shown & IMPORT_RESULT) {
		struct tp_result *res = &bl->results[bl->nresults++];

		copy_text(res->title, sizeof(res->title), e->title);
		copy_text(res->name, sizeof(res->name), e->name);
		copy_text(res->unit, sizeof(res->unit), e->unit);
		copy_text(res->note, sizeof(res->note), t->note);
		res->status = t->status;
		res->value = t->score;
		res->time = t->time;
		res->samples = (unsigned)t->kept;
	}
	if (e->shown & IMPORT_INDEX) {
		struct tp_index_row *ix = &bl->index[bl->nindex++];

		copy_text(ix->title, sizeof(ix->title), e->title);
		copy_text(ix->name, sizeof(ix->name), e->name);
		copy_text(ix->category, sizeof(ix->category), e->category);
		ix->baseline = e->baseline;
		ix->result = e->index_result;
		ix->index = e->index;
	}
	if (e->shown & IMPORT_STATS) {
		struct tp_stats_row *st = &bl->stats[bl->nstats++];

		copy_text(st->title, sizeof(st->title), e->title);
		copy_text(st->name, sizeof(st->name), e->name);
		st->n = (unsigned)t->stats.n;
		st->mean = t->stats.mean;
		st->sd = t->stats.sd;
		st->ci_pct = t->stats.mean != 0 ? 100 * t->stats.ci_half / t->stats.mean : 0;
		st->cv_pct = 100 * t->stats.cv;
	}
}

/* One test's result, index and statistics rows in block bl. */
static void test_rows(const struct run_result *r, const struct bench_result *t,
		      struct tp_block *bl)
{
	const struct test_def *d = t->def;
	struct tp_result *res;
	int ok = t->status == TS_OK;

	if (r->import != NULL) {
		import_rows(t, bl);
		return;
	}
	res = &bl->results[bl->nresults++];

	copy_text(res->title, sizeof(res->title), d->title);
	copy_text(res->name, sizeof(res->name), d->name);
	copy_text(res->unit, sizeof(res->unit), d->unit);
	copy_text(res->note, sizeof(res->note), t->note);
	res->status = t->status;
	res->value = ok ? t->score : 0;
	res->time = ok ? t->time : -1;
	res->samples = ok ? (unsigned)t->kept : 0;
	if (ok && r->repeat >= 2) {
		struct re_pool pool;

		res->between_passes = (unsigned)score_test_passes(t, &pool);
		res->between_value = res->between_passes ? exp(pool.mean) : 0;
		res->between_log_se = res->between_passes ? pool.se : 0;
	}
	if (ok && d->baseline > 0) {
		struct tp_index_row *ix = &bl->index[bl->nindex++];

		copy_text(ix->title, sizeof(ix->title), d->title);
		copy_text(ix->name, sizeof(ix->name), d->name);
		copy_text(ix->category, sizeof(ix->category), category_title[test_category(d)]);
		ix->baseline = d->baseline;
		ix->result = t->score;
		ix->index = t->index;
	}
	if (ok && t->stats.n > 0) {
		struct tp_stats_row *st = &bl->stats[bl->nstats++];
		const char *flags[REPORT_MAX_FLAGS];
		size_t nf = report_flags(r, t, flags, REPORT_MAX_FLAGS), o = 0;

		copy_text(st->title, sizeof(st->title), d->title);
		copy_text(st->name, sizeof(st->name), d->name);
		st->n = (unsigned)t->stats.n;
		st->mean = t->stats.mean;
		st->sd = t->stats.sd;
		st->ci_pct = t->stats.mean != 0 ? 100 * t->stats.ci_half / t->stats.mean : 0;
		st->cv_pct = 100 * t->stats.cv;
		for (size_t f = 0; f < nf && o < sizeof(st->flags); f++) {
			int n = snprintf(st->flags + o, sizeof(st->flags) - o, "%s%s", o ? " " : "",
					 flags[f]);

			if (n < 0)
				break;
			o += (size_t)n;
		}
	}
}

/*
 * Every valid sample's rate (sysindex's CSV keeps the same: ok, not
 * excluded), marked dropped by UnixBench's rule over those samples' counts
 * (a time test's negated, as score/score.c ranks them): compare's
 * verdicts judge stats_trimmed_log over them (compare_judge.c's
 * fill_stats), the trimmed figure the run showed, from full-precision
 * samples, whatever dropped flags the file holds.
 */
static int sample_set(const struct run_result *r, const struct bench_result *t,
		      unsigned copies, const char *label, struct tp_sample_set *set)
{
	size_t n = t->npasses ? t->npasses : 1, kept;
	double *count = malloc(n * sizeof(*count));
	int *dropped = calloc(n, sizeof(*dropped));
	int rc = -1;

	copy_text(set->test, sizeof(set->test), t->def->name);
	copy_text(set->title, sizeof(set->title), t->def->title);
	copy_text(set->unit, sizeof(set->unit), t->def->unit);
	copy_text(set->label, sizeof(set->label), label);
	set->copies = copies;
	set->rate = malloc(n * sizeof(*set->rate));
	set->dropped = malloc(n);
	if (set->rate == NULL || set->dropped == NULL || count == NULL || dropped == NULL)
		goto out;
	for (size_t p = 0; p < t->npasses; p++) {
		const struct pass_result *ps = &t->passes[p];

		if (!ps->ok || ps->excluded)
			continue;
		count[set->n] = score_pass_order(t->def, ps);
		set->dropped[set->n] = (unsigned char)(ps->dropped != 0);
		set->rate[set->n++] = ps->rate;
	}
	/* a report read from text keeps them as its samples file marked them */
	(void)stats_unixbench(count, set->rate, set->n, dropped, &kept);
	for (size_t i = 0; i < set->n && r->import == NULL; i++)
		set->dropped[i] = (unsigned char)(dropped[i] != 0);
	rc = 0;
out:
	free(count);
	free(dropped);
	return rc;
}

/*
 * --repeat: the score pooled over the passes and its interval over them, as
 * the text's "Between passes" line gives them (tp_try_between), here from
 * the record's pool at full precision; nothing where the pool has none.
 */
static void between(const struct run_result *r, const struct copy_run *run, struct tp_block *bl)
{
	for (size_t i = 0; i < r->nreps && r->reps != NULL; i++) {
		const struct repeat_score *rs = &r->reps[i];

		if (rs->copies != run->copies || !rs->ok || rs->n < 2)
			continue;
		bl->between_passes = (unsigned)rs->n;
		bl->between_score = exp(rs->pool.mean);
		bl->between_lo = exp(rs->pool.lo);
		bl->between_hi = exp(rs->pool.hi);
		return;
	}
}

static int block(const struct run_result *r, const struct copy_run *run,
		 const struct import_run *ir, const char *label, struct tp_block *bl,
		 struct tp_samples *sm)
{
	size_t n = run->ntests ? run->ntests : 1, *order = malloc(n * sizeof(*order));

	if (order == NULL)
		return -1;
	if (r->import != NULL)          /* the order its report printed */
		for (size_t i = 0; i < run->ntests; i++)
			order[i] = i;
	else                            /* the reports' order: rows as the run showed them */
		report_sorted(run, order);
	bl->copies = run->copies;
	bl->cpus = r->sys.ncpus;
	bl->results = calloc(n, sizeof(*bl->results));
	bl->index = calloc(n, sizeof(*bl->index));
	bl->stats = calloc(n, sizeof(*bl->stats));
	if (bl->results == NULL || bl->index == NULL || bl->stats == NULL) {
		free(order);
		return -1;
	}
	for (size_t i = 0; i < run->ntests; i++) {
		const struct bench_result *t = &run->tests[order[i]];

		if (t->def == NULL)
			continue;
		test_rows(r, t, bl);
		if ((r->import != NULL ? t->npasses > 0 : t->status == TS_OK) &&
		    sample_set(r, t, run->copies, label, &sm->sets[sm->nsets++]) != 0) {
			free(order);
			return -1;
		}
	}
	free(order);
	for (int c = 0; c < CAT_COUNT && bl->nscores < TP_MAX_SCORES; c++) {
		const struct cat_index *ci = &run->cats[c];
		struct tp_score *s;

		if (ci->nindexed == 0)
			continue;
		s = &bl->scores[bl->nscores++];
		copy_text(s->category, sizeof(s->category), category_title[c]);
		s->score = ci->score;
		s->partial = ci->partial;
	}
	for (size_t k = 0; ir != NULL && k < ir->nextra && bl->nscores < TP_MAX_SCORES; k++) {
		struct tp_score *s = &bl->scores[bl->nscores++];

		copy_text(s->category, sizeof(s->category), ir->extra[k].category);
		s->score = ir->extra[k].score;
		s->partial = ir->extra[k].partial;
	}
	between(r, run, bl);
	return 0;
}

/*
 * The run's comparisons as its own reports show them (report_paired_row),
 * or as a report read from text printed them, after doc's.
 */
static int paired_rows(const struct run_result *r, struct tp_doc *doc)
{
	size_t n = r->import != NULL ? r->import->npaired : r->ndirs >= 2 ? r->ncmps : 0;
	struct paired_row *grown;

	if (n == 0)
		return 0;
	grown = realloc(doc->paired, (doc->npaired + n) * sizeof(*grown));
	if (grown == NULL)
		return -1;
	doc->paired = grown;
	memset(doc->paired + doc->npaired, 0, n * sizeof(*grown));
	for (size_t i = 0; i < n; i++, doc->npaired++)
		if (r->import != NULL)
			doc->paired[doc->npaired] = r->import->paired[i];
		else
			report_paired_row(r, &r->cmps[i], &doc->paired[doc->npaired]);
	return 0;
}

/*
 * A run's reports (one per directory) after doc's, its samples after
 * sm's: a source of several reports read from text is several runs.
 */
int cmp_doc_from_record(const struct run_result *r, struct tp_doc *doc, struct tp_samples *sm)
{
	size_t nrep = r->ndirs ? r->ndirs : 1, ntests = 0;
	struct tp_report *reports;
	struct tp_sample_set *sets;

	for (size_t i = 0; i < r->nruns; i++)
		ntests += r->runs[i].ntests;
	reports = realloc(doc->reports, (doc->nreports + nrep) * sizeof(*reports));
	if (reports == NULL)
		return -1;
	doc->reports = reports;
	memset(reports + doc->nreports, 0, nrep * sizeof(*reports));
	sets = realloc(sm->sets, (sm->nsets + ntests + 1) * sizeof(*sets));
	if (sets == NULL)
		return -1;
	sm->sets = sets;
	memset(sets + sm->nsets, 0, (ntests + 1) * sizeof(*sets));
	for (size_t d = 0; d < nrep; d++) {
		struct tp_report *rep = &doc->reports[doc->nreports++];
		const char *label = r->ndirs ? r->dirs[d].label : "";

		header(r, rep, label);
		rep->blocks = calloc(r->nruns ? r->nruns : 1, sizeof(*rep->blocks));
		if (rep->blocks == NULL)
			return -1;
		for (size_t i = 0; i < r->nruns; i++) {
			if (r->ndirs && r->runs[i].dir != d)
				continue;
			if (block(r, &r->runs[i], r->import ? &r->import->runs[i] : NULL, label,
				  &rep->blocks[rep->nblocks++], sm) != 0)
				return -1;
		}
	}
	return paired_rows(r, doc);
}
