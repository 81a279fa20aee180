/*
 * fuzz_record.c: libFuzzer entry point for the run record's reader
 * (src/reader/record_read.c, the strict reader of sysindex's own JSON; see
 * tests/fuzz/README.md).  Besides the sanitizers' watch, it checks the
 * reader's promises and aborts when one breaks: an error is one line
 * naming the input, with the model left empty; a model read has every test
 * and comparison tied to the test table, every directory index inside the
 * run's directories, every count within its array, every string
 * terminated.  Seeds: tests/data/records/ (real records of a quick,
 * a paired and a redacted run, a schema 1 record) and
 * tests/fuzz/corpus/record/ (broken ones).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "reader/record_read.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(int ok)
{
	if (!ok)
		abort();
}

static void check_text(const char *s, size_t len)
{
	require(memchr(s, '\0', len) != NULL);
}

static void check_test(const struct bench_result *t)
{
	require(t->def != NULL && test_find(t->def->name) == t->def);
	require(t->passes != NULL || t->npasses == 0);
	require(t->nmetrics <= MAX_METRICS);
	check_text(t->reason, sizeof(t->reason));
	check_text(t->command, sizeof(t->command));
	for (size_t p = 0; p < t->npasses; p++) {
		const struct pass_result *ps = &t->passes[p];

		require(ps->copies != NULL || ps->ncopies == 0);
		check_text(ps->reason, sizeof(ps->reason));
		for (size_t c = 0; c < ps->ncopies; c++) {
			require(ps->copies[c].nmetrics <= MAX_METRICS);
			require(ps->copies[c].dir_seen < (1u << PROTOCOL_MAX_DIRS));
			check_text(ps->copies[c].note, sizeof(ps->copies[c].note));
		}
	}
}

static void check_model(const struct run_result *r)
{
	require(r->runs != NULL || r->nruns == 0);
	require(r->ndirs <= MAX_TESTDIRS);
	check_text(r->sys.hostname, sizeof(r->sys.hostname));
	check_text(r->sys.testdir, sizeof(r->sys.testdir));
	check_text(r->mode, sizeof(r->mode));
	require(r->sys.cpus != NULL || r->sys.ncpu_info == 0);
	for (size_t i = 0; i < r->nruns; i++) {
		const struct copy_run *run = &r->runs[i];

		require(run->dir == 0 || run->dir < r->ndirs);
		require(run->tests != NULL || run->ntests == 0);
		for (size_t t = 0; t < run->ntests; t++)
			check_test(&run->tests[t]);
	}
	for (size_t i = 0; i < r->ncmps; i++) {
		require(r->cmps[i].def != NULL);
		require(r->cmps[i].dir >= 1 && r->cmps[i].dir < r->ndirs);
		require(r->cmps[i].st.nplaces <= PAIRED_MAX_PLACES);
	}
	for (size_t i = 0; i < r->npscores; i++)
		require(r->pscores[i].dir < r->ndirs);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct run_result r;
	char err[512];

	if (record_read_buffer("in.json", data, size, &r, err, sizeof(err)) == 0) {
		check_model(&r);
		result_free(&r);
		require(r.runs == NULL && r.nruns == 0);
	} else {
		require(strncmp(err, "in.json: ", 9) == 0 && strlen(err) > 9);
		require(strchr(err, '\n') == NULL);
		require(r.runs == NULL && r.cmps == NULL && r.sys.cpus == NULL);
	}
	return 0;
}
