/*
 * fuzz_textparse.c: libFuzzer entry point for the report parser and the
 * samples CSV reader (see tests/fuzz/README.md).  Besides letting the
 * sanitizers watch every access, it checks the parser's promises on each
 * input and aborts when one is broken: a result has only finite,
 * non-negative numbers and terminated strings; counts stay under the caps;
 * an error is one "name:line: message" line.  Built plain it feeds each input
 * to all three readers; with -DFUZZ_READER=1, 2 or 3 to one of them (the
 * text report, sysindex's or UnixBench's; the samples CSV; UnixBench's .log),
 * so that each gets coverage feedback of its own (make fuzz-ci).  A report
 * that parses is also read into the run's model (text_import), which must
 * keep every block and give every test its import row.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "reader/text_import.h"
#include "reader/textparse.h"

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

/* A number read from a report: finite and not negative (-1 marks "---"). */
static void check_num(double v, int dashes_ok)
{
	require(isfinite(v) && (v >= 0 || (dashes_ok && v == -1)));
}

static void check_block(const struct tp_block *b)
{
	require(b->nresults <= TP_MAX_ROWS && b->nindex <= TP_MAX_ROWS &&
		b->nstats <= TP_MAX_ROWS && b->nscores <= TP_MAX_SCORES);
	require(b->nresults + b->nindex + b->nstats + b->nscores > 0);
	for (size_t i = 0; i < b->nresults; i++) {
		const struct tp_result *r = &b->results[i];

		check_text(r->title, sizeof(r->title));
		check_text(r->unit, sizeof(r->unit));
		check_text(r->note, sizeof(r->note));
		require(r->title[0] != '\0' && r->line > 0);
		check_num(r->value, 0);
		require(r->time == -1 || (isfinite(r->time) && r->time >= 0));
	}
	for (size_t i = 0; i < b->nindex; i++) {
		check_text(b->index[i].title, sizeof(b->index[i].title));
		check_text(b->index[i].category, sizeof(b->index[i].category));
		check_num(b->index[i].baseline, 1);
		check_num(b->index[i].result, 0);
		check_num(b->index[i].index, 1);
	}
	for (size_t i = 0; i < b->nstats; i++) {
		const struct tp_stats_row *s = &b->stats[i];

		check_text(s->title, sizeof(s->title));
		check_text(s->flags, sizeof(s->flags));
		check_num(s->mean, 0);
		/* Fewer than two samples have no spread: "-" is read as NAN. */
		if (s->n < 2) {
			require(isnan(s->sd) || (isfinite(s->sd) && s->sd >= 0));
			continue;
		}
		check_num(s->sd, 0);
		check_num(s->ci_pct, 0);
		check_num(s->cv_pct, 0);
	}
	for (size_t i = 0; i < b->nscores; i++) {
		check_text(b->scores[i].category, sizeof(b->scores[i].category));
		check_num(b->scores[i].score, 0);
	}
}

static void check_doc(const struct tp_doc *doc)
{
	require(doc->nreports > 0 && doc->nreports <= TP_MAX_REPORTS);
	for (size_t i = 0; i < doc->nreports; i++) {
		const struct tp_report *r = &doc->reports[i];

		require(tp_report_has_tests(r) && r->nblocks <= TP_MAX_BLOCKS);
		check_text(r->title, sizeof(r->title));
		check_text(r->version, sizeof(r->version));
		check_text(r->sysindex_version, sizeof(r->sysindex_version));
		check_text(r->host, sizeof(r->host));
		check_text(r->system, sizeof(r->system));
		check_text(r->compiler, sizeof(r->compiler));
		check_text(r->mode, sizeof(r->mode));
		for (size_t b = 0; b < r->nblocks; b++)
			check_block(&r->blocks[b]);
	}
}

/* The doc as runs: every block a copy run, every test named by a line or samples. */
static void check_import(const struct tp_doc *doc)
{
	struct run_result *runs;
	size_t n, blocks = 0, runs_blocks = 0;

	require(text_import(doc, NULL, &runs, &n) == 0);
	require(n >= 1 && n <= doc->nreports);
	for (size_t i = 0; i < doc->nreports; i++)
		blocks += doc->reports[i].nblocks;
	for (size_t i = 0; i < n; i++) {
		const struct run_result *r = &runs[i];

		require(r->import != NULL && r->ndirs <= MAX_TESTDIRS);
		runs_blocks += r->nruns;
		for (size_t k = 0; k < r->nruns; k++)
			for (size_t t = 0; t < r->runs[k].ntests; t++) {
				const struct bench_result *b = &r->runs[k].tests[t];
				const struct import_test *e = import_test_of(b->def);

				require(b->def->title == e->title && e->title[0] != '\0');
				require(e->shown != 0 || b->npasses > 0);
			}
		result_free(&runs[i]);
	}
	free(runs);
	require(runs_blocks == blocks);
}

static void check_samples(const struct tp_samples *s)
{
	for (size_t i = 0; i < s->nsets; i++) {
		require(s->sets[i].copies > 0 && s->sets[i].n > 0);
		check_text(s->sets[i].title, sizeof(s->sets[i].title));
		for (size_t k = 0; k < s->sets[i].n; k++)
			check_num(s->sets[i].rate[k], 0);
	}
}

static void check_error(const char *err, const char *name)
{
	require(strncmp(err, name, strlen(name)) == 0 && err[strlen(name)] == ':');
	require(strchr(err, '\n') == NULL);
}

/* A samples reader's outcome: samples, "not this format" (none), or an error. */
static void check_samples_rc(int rc, struct tp_samples *s, const char *err, const char *name)
{
	if (rc == 0)
		check_samples(s);
	else if (rc < 0)
		check_error(err, name);
	else
		require(s->nsets == 0);
	tp_samples_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tp_doc doc;
	struct tp_samples samples;
	char err[512];
	int rc;

	(void)rc;
#if !defined(FUZZ_READER) || FUZZ_READER == 1
	if (tp_parse_buffer("fuzz", data, size, &doc, err, sizeof(err)) == 0) {
		check_doc(&doc);
		check_import(&doc);
		tp_doc_free(&doc);
	} else {
		require(doc.nreports == 0);
		check_error(err, "fuzz");
	}
#endif
#if !defined(FUZZ_READER) || FUZZ_READER == 2
	rc = tp_parse_samples_buffer("fuzz.csv", data, size, &samples, err, sizeof(err));
	check_samples_rc(rc, &samples, err, "fuzz.csv");
#endif
#if !defined(FUZZ_READER) || FUZZ_READER == 3
	rc = tp_parse_ublog_buffer("fuzz.log", data, size, &samples, err, sizeof(err));
	check_samples_rc(rc, &samples, err, "fuzz.log");
#endif
	return 0;
}
