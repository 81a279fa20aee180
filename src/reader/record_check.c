/*
 * record_check.c: a record's figures held to its samples (record_int.h).
 *
 * The walk reads what the file says; this file believes none of the
 * figures the run derives.  Each test is scored again from its samples
 * with the run's own score_test(), each copy count's index tables and
 * interval with score_run(), and a paired run's verdicts are judged again
 * from its estimates with score_paired_judge() (the verdict rule of
 * stats/verdict.c), so no verdict is taken from the file.  A stored figure
 * more than REL_TOL apart (relative) from the one computed, or a value the
 * writer never writes (a negative rate, a sample outside --repeat's passes,
 * a test or copy count given twice, more kept samples than samples, a
 * negative score), is one line naming the member.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "reader/record_int.h"
#include "score/score.h"
#include "stats/verdict.h"

/*
 * The writer prints each double in its shortest form that reads back to
 * the same bits, and the reader computes with the writer's functions: a
 * figure agrees to the last bit but for libm's last digits on another
 * machine.  1e-9 relative leaves those and catches any edit a person
 * could mean.
 */
#define REL_TOL 1e-9

static int near(double stored, double computed)
{
	if (isnan(stored) || isnan(computed))
		return isnan(stored) && isnan(computed);
	return fabs(stored - computed) <= REL_TOL * fmax(fabs(stored), fabs(computed));
}

/* "runs[i].tests[j]." into p (the path of the test's members). */
struct where {
	char p[64];
};

static int differs(struct rec *rd, const struct where *w, const char *member, double stored,
		   double computed)
{
	return rec_fail(rd, "%s%s: %.10g, where its samples give %.10g (more than %g apart)", w->p,
			member, stored, computed, REL_TOL);
}

/* The values no run writes, before any figure is computed from them (a
 * sample's own, a negative rate or count, done_pass refuses as it is read). */
static int test_values(struct rec *rd, const struct run_result *r, const struct bench_result *t,
		       const struct where *w)
{
	unsigned passes = r->repeat >= 2 ? r->repeat : 0;

	if (t->score < 0 || t->index < 0 || t->time < 0)
		return rec_fail(rd, "%s%s: negative", w->p,
				t->score < 0 ? "score" : t->index < 0 ? "index" : "time");
	if (t->kept > t->npasses)
		return rec_fail(rd, "%skept: %zu, above its %zu samples", w->p, t->kept, t->npasses);
	for (size_t k = 0; k < t->npasses; k++) {
		const struct pass_result *p = &t->passes[k];

		if (passes == 0 && p->repeat_pass != 0)
			return rec_fail(rd, "%ssamples[%zu].repeat_pass: %u in a run without --repeat",
					w->p, k, p->repeat_pass);
		if (passes > 0 && (p->repeat_pass == 0 || p->repeat_pass > passes))
			return rec_fail(rd, "%ssamples[%zu].repeat_pass: %u, not one of the run's "
					"%u passes", w->p, k, p->repeat_pass, passes);
	}
	return 0;
}

/* The test scored again from its samples (score_test on a copy). */
static int test_figures(struct rec *rd, const struct bench_result *t, const struct where *w)
{
	struct bench_result s = *t;
	const struct summary *a = &t->stats, *b = &s.stats;
	int rc = 0;

	s.passes = NULL;
	if (t->npasses > 0) {
		s.passes = malloc(t->npasses * sizeof(*s.passes));
		if (s.passes == NULL)
			return rec_fail(rd, "out of memory");
		memcpy(s.passes, t->passes, t->npasses * sizeof(*s.passes));
	}
	score_test(&s);
	for (size_t k = 0; k < t->npasses && rc == 0; k++) {
		const struct pass_result *p = &t->passes[k], *q = &s.passes[k];
		char m[48];

		snprintf(m, sizeof(m), "samples[%zu].rate", k);
		if (p->ok && !near(p->rate, q->rate))
			rc = differs(rd, w, m, p->rate, q->rate);
		else if (p->dropped != q->dropped)
			rc = rec_fail(rd, "%ssamples[%zu].dropped: %s, where UnixBench's rule says %s",
				      w->p, k, p->dropped ? "true" : "false",
				      q->dropped ? "true" : "false");
	}
	if (rc != 0)
		;
	else if (t->kept != s.kept)
		rc = rec_fail(rd, "%skept: %zu, where its samples give %zu", w->p, t->kept, s.kept);
	/* A test that is not ok (one cut short too) stores no score, index or time (null). */
	else if (t->status == TS_OK && !near(t->score, s.score))
		rc = differs(rd, w, "score", t->score, s.score);
	else if (t->status == TS_OK && !near(t->index, s.index))
		rc = differs(rd, w, "index", t->index, s.index);
	else if (t->status == TS_OK && !near(t->time, s.time))
		rc = differs(rd, w, "time", t->time, s.time);
	else if (a->n != b->n)
		rc = rec_fail(rd, "%sstats.n: %zu, where its samples give %zu", w->p, a->n, b->n);
	else if (!near(a->mean, b->mean))
		rc = differs(rd, w, "stats.mean", a->mean, b->mean);
	else if (!near(a->median, b->median))
		rc = differs(rd, w, "stats.median", a->median, b->median);
	else if (!near(a->sd, b->sd))
		rc = differs(rd, w, "stats.sd", a->sd, b->sd);
	else if (!near(a->min, b->min) || !near(a->max, b->max))
		rc = differs(rd, w, near(a->min, b->min) ? "stats.max" : "stats.min",
			     near(a->min, b->min) ? a->max : a->min,
			     near(a->min, b->min) ? b->max : b->min);
	else if (!near(a->ci_lo, b->ci_lo) || !near(a->ci_hi, b->ci_hi))
		rc = differs(rd, w, near(a->ci_lo, b->ci_lo) ? "stats.ci95.hi" : "stats.ci95.lo",
			     near(a->ci_lo, b->ci_lo) ? a->ci_hi : a->ci_lo,
			     near(a->ci_lo, b->ci_lo) ? b->ci_hi : b->ci_lo);
	free(s.passes);
	return rc;
}

/* A copy count's index tables and interval, from its tests (score_run on a copy). */
static int run_figures(struct rec *rd, const struct copy_run *run, size_t i)
{
	struct copy_run s = *run;
	struct where w;

	snprintf(w.p, sizeof(w.p), "runs[%zu].", i);
	score_run(&s);
	for (int c = 0; c < CAT_COUNT; c++) {
		const struct cat_index *a = &run->cats[c], *b = &s.cats[c];

		if (a->score < 0)
			return rec_fail(rd, "runs[%zu].categories[%d].score: negative", i, c);
		if (!near(a->score, b->score))
			return differs(rd, &w, c == CAT_SYSTEM ? "system_index_score" : "categories.score",
				       a->score, b->score);
		if (a->nindexed != b->nindexed)
			return rec_fail(rd, "runs[%zu].categories[%d]: %zu tests indexed, where its "
					"tests give %zu", i, c, a->nindexed, b->nindexed);
	}
	if (run->score_ci.ok != s.score_ci.ok)
		return rec_fail(rd, "runs[%zu].system_index_score_ci: %s, where its tests %s", i,
				run->score_ci.ok ? "an interval" : "none",
				s.score_ci.ok ? "give one" : "give none");
	if (s.score_ci.ok && !near(run->score_ci.lo, s.score_ci.lo))
		return differs(rd, &w, "system_index_score_ci.lo", run->score_ci.lo, s.score_ci.lo);
	if (s.score_ci.ok && !near(run->score_ci.hi, s.score_ci.hi))
		return differs(rd, &w, "system_index_score_ci.hi", run->score_ci.hi, s.score_ci.hi);
	return 0;
}

/* A test or copy count given twice. */
static int duplicates(struct rec *rd, const struct run_result *r)
{
	for (size_t i = 0; i < r->nruns; i++) {
		const struct copy_run *run = &r->runs[i];

		for (size_t h = 0; h < i; h++)
			if (r->runs[h].copies == run->copies && r->runs[h].dir == run->dir)
				return rec_fail(rd, "runs[%zu].copies: %u copies given twice", i,
						run->copies);
		for (size_t j = 0; j < run->ntests; j++)
			for (size_t h = 0; h < j; h++)
				if (run->tests[h].def == run->tests[j].def)
					return rec_fail(rd, "runs[%zu].tests[%zu].name: \"%s\" given twice",
							i, j, run->tests[j].def->name);
	}
	return 0;
}

static struct paired_stats *estimate(struct run_result *r, size_t i)
{
	return i < r->ncmps ? &r->cmps[i].st : &r->pscores[i - r->ncmps].st;
}

/*
 * The verdicts judged again from the estimates read; one that differs is
 * refused.  The minimum detectable change (detect) and the family's size
 * stay as stored: a record of an older sysindex counted the family
 * otherwise, and neither decides a verdict.
 */
static int verdicts(struct rec *rd, struct run_result *r)
{
	size_t n = r->ncmps + r->npscores, m = r->family.m;
	struct was {
		enum verdict v;
		double detect;
	} *was = calloc(n ? n : 1, sizeof(*was));
	int rc = 0;

	if (was == NULL)
		return rec_fail(rd, "out of memory");
	for (size_t i = 0; i < n; i++)
		was[i] = (struct was){ estimate(r, i)->vd.v, estimate(r, i)->detect };
	if (score_paired_judge(r) != 0)
		rc = rec_fail(rd, "out of memory");
	r->family.m = m;
	for (size_t i = 0; i < n && rc == 0; i++) {
		int cmp = i < r->ncmps;
		struct paired_stats *st = estimate(r, i);

		st->detect = was[i].detect;
		if (was[i].v != st->vd.v)
			rc = rec_fail(rd, "paired.%s[%zu].verdict: \"%s\", where its estimate gives "
				      "\"%s\"", cmp ? "comparisons" : "partial_score_ratios",
				      cmp ? i : i - r->ncmps, verdict_word(was[i].v),
				      verdict_word(st->vd.v));
	}
	free(was);
	return rc;
}

int record_check(struct rec *rd, struct run_result *r)
{
	if (duplicates(rd, r) != 0)
		return -1;
	for (size_t i = 0; i < r->nruns; i++) {
		const struct copy_run *run = &r->runs[i];

		for (size_t j = 0; j < run->ntests; j++) {
			struct where w;

			snprintf(w.p, sizeof(w.p), "runs[%zu].tests[%zu].", i, j);
			if (test_values(rd, r, &run->tests[j], &w) != 0 ||
			    test_figures(rd, &run->tests[j], &w) != 0)
				return -1;
		}
		if (run_figures(rd, run, i) != 0)
			return -1;
	}
	return r->ncmps + r->npscores > 0 ? verdicts(rd, r) : 0;
}
