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
