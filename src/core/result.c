/*
 * result.c: the model's storage given back, in one place for each of its
 * owners: the run (run/cmd_run.c, run/repeat.c), the record's reader and the
 * text importer (reader/), compare.
 */
#include <stdlib.h>
#include <string.h>

#include "core/result.h"

void copy_run_free(struct copy_run *run)
{
	for (size_t i = 0; i < run->ntests && run->tests != NULL; i++) {
		struct bench_result *t = &run->tests[i];

		for (size_t p = 0; p < t->npasses && t->passes != NULL; p++) {
			free(t->passes[p].copies);
			free(t->passes[p].series);
		}
		free(t->passes);
	}
	free(run->tests);
	run->tests = NULL;
	run->ntests = 0;
}

void result_free(struct run_result *r)
{
	free(r->reps);
	for (size_t i = 0; i < r->nruns && r->runs != NULL; i++)
		copy_run_free(&r->runs[i]);
	free(r->runs);
	free(r->cmps);
	free(r->pscores);
	free(r->sys.cpus);
	if (r->import != NULL) {
		free(r->import->tests);
		free(r->import->runs);
		free(r->import->paired);
		free(r->import);
	}
	memset(r, 0, sizeof(*r));
}

size_t result_partial(const struct bench_result *t)
{
	size_t n = 0;

	if (t->status != TS_NOT_RUN)
		return 0;
	for (size_t i = 0; i < t->npasses; i++)
		n += t->passes[i].ok && !t->passes[i].excluded;
	return n;
}

const struct bench_result *result_side(const struct run_result *r, size_t dir, unsigned copies,
				       const struct test_def *def)
{
	for (size_t i = 0; r->runs != NULL && i < r->nruns; i++)
		for (size_t k = 0; k < r->runs[i].ntests; k++)
			if (r->runs[i].dir == dir && r->runs[i].copies == copies &&
			    r->runs[i].tests[k].def == def)
				return &r->runs[i].tests[k];
	return NULL;
}

int result_cmp_same_work(const struct run_result *r, const struct paired_cmp *c)
{
	const struct bench_result *a = result_side(r, 0, c->copies, c->def);
	const struct bench_result *b = result_side(r, c->dir, c->copies, c->def);

	return a == NULL || b == NULL || note_same_work(a->note, b->note);
}
