/*
 * text_import.c: reports read from text into the run's model (see
 * text_import.h and core/import.h).  The parse tables say what each line
 * printed; this puts each figure where a run keeps it, and keeps as printed
 * only what a run's model does not hold.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reader/text_import.h"

static void copy_text(char *out, size_t len, const char *s)
{
	snprintf(out, len, "%s", s);
}

/* A test's lines in one block, and its samples. */
struct found {
	const struct tp_result *res;
	const struct tp_index_row *ix;
	const struct tp_stats_row *st;
	const struct tp_sample_set *set;
};

/* Rows one block can give (each line and each sample set of its copy count at most one test). */
static size_t block_bound(const struct tp_block *bl, const struct tp_samples *sm)
{
	size_t n = bl->nresults + bl->nindex + bl->nstats;

	for (size_t i = 0; sm != NULL && i < sm->nsets; i++)
		n += sm->sets[i].copies == bl->copies;
	return n;
}

/* The samples of key in this block: same copy count, and the report's directory. */
static const struct tp_sample_set *samples_of(const struct tp_samples *sm,
					      const struct tp_report *rep,
					      const struct tp_block *bl, const char *key)
{
	return sm != NULL ? tp_find_samples_in(sm, bl->copies, key,
					       rep->dir_label[0] ? rep->dir_label : NULL) : NULL;
}

/*
 * The def a test's bench_result points at: the table's row where its name
 * is known, with the title and unit printed; its own row otherwise.
 */
static void import_def(struct import_test *e, const char *name, const char *title,
		       const char *unit)
{
	const struct test_def *known = name[0] ? test_find(name) : NULL;

	if (known != NULL)
		e->def = *known;
	copy_text(e->name, sizeof(e->name), name);
	copy_text(e->title, sizeof(e->title), title);
	copy_text(e->unit, sizeof(e->unit), unit);
	e->def.name = e->name;
	e->def.title = e->title;
	e->def.unit = e->unit;
}

/* Its samples as passes: every rate ok, dropped as the file marked it. */
static int import_passes(const struct tp_sample_set *set, struct bench_result *t)
{
	if (set == NULL || set->n == 0)
		return 0;
	t->passes = calloc(set->n, sizeof(*t->passes));
	if (t->passes == NULL)
		return -1;
	for (size_t i = 0; i < set->n; i++) {
		struct pass_result *p = &t->passes[i];

		p->ok = 1;
		p->rate = set->rate[i];
		p->count = set->rate[i];
		p->time = -1;
		p->dropped = set->dropped[i] != 0;
		p->start_spread = -1;
		p->at = -1;
	}
	t->npasses = set->n;
	return 0;
}

/* One test of a block: its import row and its bench_result. */
static int import_test(const struct found *f, struct import_test *e, struct bench_result *t)
{
	const char *name = f->res ? f->res->name : f->ix ? f->ix->name : f->st ? f->st->name
		: f->set->test;
	const char *title = f->res ? f->res->title : f->ix ? f->ix->title : f->st ? f->st->title
		: f->set->title;

	import_def(e, name, title, f->res ? f->res->unit : f->set ? f->set->unit : "");
	t->def = &e->def;
	t->status = f->res ? f->res->status : TS_OK;
	t->time = -1;
	if (f->res != NULL) {
		e->shown |= IMPORT_RESULT;
		t->score = f->res->value;
		t->time = f->res->time;
		t->kept = f->res->samples;
		copy_text(t->note, sizeof(t->note), f->res->note);
	}
	if (f->ix != NULL) {
		e->shown |= IMPORT_INDEX;
		copy_text(e->category, sizeof(e->category), f->ix->category);
		e->baseline = f->ix->baseline;
		e->index_result = f->ix->result;
		e->index = f->ix->index;
		e->def.baseline = f->ix->baseline > 0 ? f->ix->baseline : 0;
		t->index = f->ix->index > 0 ? f->ix->index : 0;
		if (f->res == NULL)
			t->score = f->ix->result;
	}
	if (f->st != NULL) {
		e->shown |= IMPORT_STATS;
		t->stats.n = f->st->n;
		t->stats.mean = f->st->mean;
		t->stats.sd = f->st->sd;
		t->stats.ci_half = f->st->ci_pct * f->st->mean / 100;
		t->stats.cv = f->st->cv_pct / 100;
		if (f->res == NULL && f->ix == NULL)
			t->score = f->st->mean;
	}
	return import_passes(f->set, t);
}

/*
 * The names and titles of a block's tests so far, so that whether a key
 * names one of them (tp_key_is over every test) costs one probe, not a
 * pass: open addressing over FNV-1a, at most half full.
 */
struct keyset {
	const char **slot;
	size_t mask;
};

static size_t key_hash(const char *s)
{
	size_t h = (size_t)14695981039346656037u;

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * (size_t)1099511628211u;
	return h;
}

static int keyset_init(struct keyset *ks, size_t tests)
{
	size_t cap = 16;

	while (cap < 4 * tests)
		cap *= 2;
	ks->slot = calloc(cap, sizeof(*ks->slot));
	ks->mask = cap - 1;
	return ks->slot != NULL ? 0 : -1;
}

/* Whether key's test is already in the block: a test's name (if any) or title is key. */
static int have_key(const struct keyset *ks, const char *key)
{
	for (size_t i = key_hash(key) & ks->mask; ks->slot[i] != NULL; i = (i + 1) & ks->mask)
		if (strcmp(ks->slot[i], key) == 0)
			return 1;
	return 0;
}

static void keyset_add(struct keyset *ks, const char *s)
{
	size_t i = key_hash(s) & ks->mask;

	if (have_key(ks, s))
		return;
	while (ks->slot[i] != NULL)
		i = (i + 1) & ks->mask;
	ks->slot[i] = s;
}

/* The score lines: the model's categories, and the others as printed. */
static void import_scores(const struct tp_block *bl, struct copy_run *run,
			  struct import_run *ir)
{
	for (size_t s = 0; s < bl->nscores; s++) {
		const struct tp_score *sc = &bl->scores[s];
		int c = 0;

		while (c < CAT_COUNT && strcmp(category_title[c], sc->category) != 0)
			c++;
		if (c == CAT_COUNT) {
			int dup = 0;

			for (size_t k = 0; k < ir->nextra; k++)
				dup |= strcmp(ir->extra[k].category, sc->category) == 0;
			if (!dup && ir->nextra < IMPORT_MAX_SCORES) {
				struct import_score *x = &ir->extra[ir->nextra++];

				copy_text(x->category, sizeof(x->category), sc->category);
				x->score = sc->score;
				x->partial = sc->partial;
			}
			continue;
		}
		if (run->cats[c].nindexed > 0)
			continue;       /* the first line of a category counts, as compare reads it */
		run->cats[c].any_results = 1;
		run->cats[c].score = sc->score;
		run->cats[c].partial = sc->partial;
		for (size_t t = 0; t < run->ntests; t++) {
			const struct import_test *e = import_test_of(run->tests[t].def);

			if ((e->shown & IMPORT_INDEX) && e->baseline > 0 &&
			    strcmp(e->category, sc->category) == 0)
				run->cats[c].nindexed++;
		}
		if (run->cats[c].nindexed == 0)
			run->cats[c].nindexed = 1;      /* a score line without its rows */
		run->cats[c].nbaseline = run->cats[c].nindexed + (sc->partial != 0);
	}
}

/* ./Run --repeat's "Between passes" line: the pool of the passes' scores. */
static void import_between(const struct tp_block *bl, struct run_result *r)
{
	struct repeat_score *rs;

	if (bl->between_passes < 2 || !(bl->between_score > 0) || !(bl->between_lo > 0) ||
	    !(bl->between_hi > 0))
		return;
	rs = &r->reps[r->nreps++];
	rs->copies = bl->copies;
	rs->n = bl->between_passes;
	rs->ok = 1;
	rs->pool.r = bl->between_passes;
	rs->pool.df = (double)bl->between_passes - 1;
	rs->pool.mean = log(bl->between_score);
	rs->pool.lo = log(bl->between_lo);
	rs->pool.hi = log(bl->between_hi);
}

/*
 * The test of key in block bl, added to run unless a line before named it.
 * f holds the line that gives the key; no line of a table before that one
 * names the key (its test would be in run), so only the tables after it
 * are searched: index rows, statistics rows, samples.
 */
static int add_test(const struct tp_report *rep, const struct tp_block *bl,
		    const struct tp_samples *sm, struct run_import *im, struct copy_run *run,
		    struct keyset *ks, const char *key, struct found f)
{
	const struct test_def *def;

	if (have_key(ks, key))
		return 0;
	if (f.res != NULL)
		f.ix = tp_find_index(bl, key);
	if (f.res != NULL || f.ix != NULL)
		f.st = tp_find_stats(bl, key);
	if (f.set == NULL)
		f.set = samples_of(sm, rep, bl, key);
	if (import_test(&f, &im->tests[im->ntests++], &run->tests[run->ntests]) != 0)
		return -1;
	def = run->tests[run->ntests++].def;
	if (def->name[0] != '\0')
		keyset_add(ks, def->name);
	keyset_add(ks, def->title);
	return 0;
}

/* One block as copy_run run: its tests in the report's order, then those with samples alone. */
static int import_block(const struct tp_report *rep, const struct tp_block *bl,
			const struct tp_samples *sm, struct run_result *r, struct copy_run *run,
			struct import_run *ir)
{
	struct run_import *im = r->import;
	size_t bound = block_bound(bl, sm);
	struct keyset ks;
	int rc = 0;

	run->copies = bl->copies;
	run->tests = calloc(bound ? bound : 1, sizeof(*run->tests));
	if (run->tests == NULL || keyset_init(&ks, bound) != 0)
		return -1;
	for (size_t k = 0; rc == 0 && k < bl->nresults; k++) {
		const struct tp_result *x = &bl->results[k];

		rc = add_test(rep, bl, sm, im, run, &ks, tp_key(x->name, x->title),
			      (struct found){ .res = x });
	}
	for (size_t k = 0; rc == 0 && k < bl->nindex; k++) {
		const struct tp_index_row *x = &bl->index[k];

		rc = add_test(rep, bl, sm, im, run, &ks, tp_key(x->name, x->title),
			      (struct found){ .ix = x });
	}
	for (size_t k = 0; rc == 0 && k < bl->nstats; k++) {
		const struct tp_stats_row *x = &bl->stats[k];

		rc = add_test(rep, bl, sm, im, run, &ks, tp_key(x->name, x->title),
			      (struct found){ .st = x });
	}
	for (size_t k = 0; rc == 0 && sm != NULL && k < sm->nsets; k++) {
		const struct tp_sample_set *x = &sm->sets[k];
		const char *key = tp_key(x->test, x->title);

		/* this block's copy count, the first set of its test */
		if (x->copies == bl->copies && samples_of(sm, rep, bl, key) == x)
			rc = add_test(rep, bl, sm, im, run, &ks, key, (struct found){ .set = x });
	}
	free(ks.slot);
	if (rc != 0)
		return -1;
	import_scores(bl, run, ir);
	import_between(bl, r);
	return 0;
}

/* The report's header: the host and mode in the model, the rest as printed. */
static void import_header(const struct tp_report *rep, struct run_result *r)
{
	struct run_import *im = r->import;

	copy_text(r->version, sizeof(r->version), rep->sysindex_version);
	copy_text(r->mode, sizeof(r->mode), rep->mode);
	r->interrupted = rep->interrupted;
	r->signal = rep->signal;
	copy_text(r->sys.hostname, sizeof(r->sys.hostname), rep->host);
	copy_text(r->sys.system, sizeof(r->sys.system), rep->system);
	copy_text(r->sys.host.id, sizeof(r->sys.host.id), rep->host_id);
	copy_text(r->sys.host.virt, sizeof(r->sys.host.virt), rep->virt);
	r->sys.ncpus = rep->nblocks > 0 ? rep->blocks[0].cpus : 0;
	for (int k = 0; k < HS_COUNT; k++) {
		r->sys.state.have[k] = rep->have_state[k];
		if (rep->have_state[k]) {
			r->sys.state.read = 1;
			copy_text(r->sys.state.value[k], sizeof(r->sys.state.value[k]), rep->state[k]);
		}
	}
	copy_text(im->title, sizeof(im->title), rep->title);
	copy_text(im->layout, sizeof(im->layout), rep->version);
	copy_text(im->compiler, sizeof(im->compiler), rep->compiler);
	copy_text(im->cpu_limits, sizeof(im->cpu_limits), rep->cpu_limits);
	im->intf = rep->intf;
}

/*
 * reports reps[0..nreps) of doc as one run r: one report, or a paired
 * run's directory reports (paired: each a directory), with rows (nrows of
 * them) its comparison rows.
 */
static int import_run(const struct tp_doc *doc, const size_t *reps, size_t nreps, int paired,
		      const struct tp_samples *sm, const struct paired_row *rows,
		      size_t nrows, struct run_result *r)
{
	size_t nblocks = 0, bound = 0;
	struct run_import *im;

	memset(r, 0, sizeof(*r));
	for (size_t d = 0; d < nreps; d++) {
		const struct tp_report *rep = &doc->reports[reps[d]];

		nblocks += rep->nblocks;
		for (size_t b = 0; b < rep->nblocks; b++)
			bound += block_bound(&rep->blocks[b], sm);
	}
	r->import = im = calloc(1, sizeof(*im));
	if (im == NULL)
		return -1;
	im->tests = calloc(bound ? bound : 1, sizeof(*im->tests));
	im->runs = calloc(nblocks ? nblocks : 1, sizeof(*im->runs));
	im->paired = calloc(nrows ? nrows : 1, sizeof(*im->paired));
	r->runs = calloc(nblocks ? nblocks : 1, sizeof(*r->runs));
	r->reps = calloc(nblocks ? nblocks : 1, sizeof(*r->reps));
	if (im->tests == NULL || im->runs == NULL || im->paired == NULL || r->runs == NULL ||
	    r->reps == NULL)
		return -1;
	import_header(&doc->reports[reps[0]], r);
	for (size_t d = 0; d < nreps; d++) {
		const struct tp_report *rep = &doc->reports[reps[d]];

		if (paired)     /* a run's own labels are shorter than a text may print */
			snprintf(r->dirs[r->ndirs++].label, sizeof(r->dirs[0].label), "%.*s",
				 TESTDIR_LABEL_MAX - 1, rep->dir_label);
		for (size_t b = 0; b < rep->nblocks; b++) {
			struct copy_run *run = &r->runs[r->nruns];

			run->dir = paired ? d : 0;
			if (import_block(rep, &rep->blocks[b], sm, r, run, &im->runs[r->nruns++]) != 0)
				return -1;
		}
	}
	for (size_t i = 0; i < nrows; i++)
		im->paired[im->npaired++] = rows[i];
	return 0;
}

/*
 * Runs in the order of their reports: a report alone, or the directory
 * reports of a paired run together (at most MAX_TESTDIRS a run), where
 * the first of them stands.
 */
int text_import(const struct tp_doc *doc, const struct tp_samples *samples,
		struct run_result **runs, size_t *n)
{
	size_t *reps = calloc(doc->nreports ? doc->nreports : 1, sizeof(*reps));
	struct run_result *out = calloc(doc->nreports ? doc->nreports : 1, sizeof(*out));
	size_t rows_at = 0;     /* the report whose run gets the comparison rows */
	int rc = -1;

	*runs = out;
	*n = 0;
	if (reps == NULL || out == NULL)
		goto out;
	while (rows_at < doc->nreports && doc->reports[rows_at].dir_label[0] == '\0')
		rows_at++;
	if (rows_at == doc->nreports)
		rows_at = 0;
	for (size_t i = 0; i < doc->nreports; ) {
		size_t k = 0;
		int paired = doc->reports[i].dir_label[0] != '\0', rows = i == rows_at;

		reps[k++] = i++;
		while (paired && i < doc->nreports && doc->reports[i].dir_label[0] && k < MAX_TESTDIRS)
			reps[k++] = i++;
		if (import_run(doc, reps, k, paired, samples, rows ? doc->paired : NULL,
			       rows ? doc->npaired : 0, &out[(*n)++]) != 0)
			goto out;
	}
	rc = 0;
out:
	free(reps);
	if (rc != 0) {
		for (size_t i = 0; i < *n; i++)
			result_free(&out[i]);
		free(out);
		*runs = NULL;
		*n = 0;
	}
	return rc;
}
