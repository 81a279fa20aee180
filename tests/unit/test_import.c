/*
 * test_import.c: reports read from text into the run's model
 * (reader/text_import.c), and compare's tables made from that model
 * (compare_record.c), which must be the tables the text printed: every
 * figure bit for bit, every word, every sample, for each text fixture of
 * tests/data/reports/ and the text reports of tests/data/records/ (their
 * records moved out of the way), with the samples beside them.  Also where
 * each line's figures go in the model, a test the test table does not
 * know, a category it does not have, and a paired report's directories.
 */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare_int.h"
#include "reader/text_import.h"
#include "reader/textparse.h"

#define R "tests/data/reports/"

static char err[512];

static void parse_ok(const char *path, struct tp_doc *doc)
{
	ck_assert_msg(tp_parse_file(path, doc, err, sizeof(err)) == 0, "%s: %s", path, err);
}

/* doc's runs, then compare's tables from them (as compare_load.c makes them). */
static void tables(const struct tp_doc *doc, const struct tp_samples *sm, struct tp_doc *out,
		   struct tp_samples *osm)
{
	struct run_result *runs;
	size_t n;

	ck_assert_int_eq(text_import(doc, sm, &runs, &n), 0);
	memset(out, 0, sizeof(*out));
	memset(osm, 0, sizeof(*osm));
	for (size_t i = 0; i < n; i++) {
		ck_assert_int_eq(cmp_doc_from_record(&runs[i], out, osm), 0);
		result_free(&runs[i]);
	}
	free(runs);
}

/* Two doubles the same: bit for bit, or both NAN. */
static void same(double a, double b, const char *what, const char *where)
{
	ck_assert_msg((isnan(a) && isnan(b)) || a == b, "%s: %s: %.17g != %.17g", where, what,
		      a, b);
}

static void same_str(const char *a, const char *b, const char *what, const char *where)
{
	ck_assert_msg(strcmp(a, b) == 0, "%s: %s: '%s' != '%s'", where, what, a, b);
}

static void same_block(const struct tp_block *a, const struct tp_block *b, const char *where)
{
	ck_assert_uint_eq(a->copies, b->copies);
	ck_assert_msg(a->nresults == b->nresults && a->nindex == b->nindex &&
		      a->nstats == b->nstats && a->nscores == b->nscores,
		      "%s: rows %zu/%zu/%zu/%zu != %zu/%zu/%zu/%zu", where, a->nresults, a->nindex,
		      a->nstats, a->nscores, b->nresults, b->nindex, b->nstats, b->nscores);
	for (size_t i = 0; i < a->nresults; i++) {
		const struct tp_result *x = &a->results[i], *y = &b->results[i];

		same_str(x->title, y->title, "title", where);
		same_str(x->name, y->name, "name", where);
		same_str(x->unit, y->unit, "unit", where);
		same_str(x->note, y->note, "note", where);
		ck_assert_int_eq(x->status, y->status);
		same(x->value, y->value, x->title, where);
		same(x->time, y->time, "time", where);
		ck_assert_uint_eq(x->samples, y->samples);
	}
	for (size_t i = 0; i < a->nindex; i++) {
		const struct tp_index_row *x = &a->index[i], *y = &b->index[i];

		same_str(x->title, y->title, "index title", where);
		same_str(x->name, y->name, "index name", where);
		same_str(x->category, y->category, "category", where);
		same(x->baseline, y->baseline, "baseline", where);
		same(x->result, y->result, "index result", where);
		same(x->index, y->index, "index", where);
	}
	for (size_t i = 0; i < a->nstats; i++) {
		const struct tp_stats_row *x = &a->stats[i], *y = &b->stats[i];

		same_str(x->title, y->title, "stats title", where);
		same_str(x->name, y->name, "stats name", where);
		ck_assert_uint_eq(x->n, y->n);
		same(x->mean, y->mean, "mean", where);
		same(x->sd, y->sd, "sd", where);
	}
	for (size_t i = 0; i < a->nscores; i++) {
		same_str(a->scores[i].category, b->scores[i].category, "score category", where);
		same(a->scores[i].score, b->scores[i].score, "score", where);
		ck_assert_int_eq(a->scores[i].partial, b->scores[i].partial);
	}
	ck_assert_uint_eq(a->between_passes, b->between_passes);
	if (a->between_passes > 0) {    /* kept as logs in the model: exp(log(x)) */
		ck_assert_double_eq_tol(a->between_score, b->between_score, 1e-12 * a->between_score);
		ck_assert_double_eq_tol(a->between_lo, b->between_lo, 1e-12 * a->between_lo);
		ck_assert_double_eq_tol(a->between_hi, b->between_hi, 1e-12 * a->between_hi);
	}
}

/*
 * The header compare reads.  A paired run's later directories get the
 * first's host identity, interference and host state: they are one run,
 * and the text prints those once.
 */
static void same_report(const struct tp_report *a, const struct tp_report *b,
			const struct tp_report *first, const char *where)
{
	same_str(a->title, b->title, "title", where);
	same_str(a->version, b->version, "version", where);
	same_str(a->sysindex_version, b->sysindex_version, "sysindex version", where);
	same_str(a->host, b->host, "host", where);
	same_str(a->system, b->system, "system", where);
	same_str(a->compiler, b->compiler, "compiler", where);
	same_str(a->mode, b->mode, "mode", where);
	same_str(a->dir_label, b->dir_label, "directory", where);
	same_str(first->host_id, b->host_id, "host id", where);
	same_str(first->virt, b->virt, "virt", where);
	same_str(first->cpu_limits, b->cpu_limits, "CPU limits", where);
	ck_assert_int_eq(first->have_intf, b->have_intf);
	if (first->have_intf) {
		same(first->intf_steal_pct, b->intf_steal_pct, "steal", where);
		same(first->intf_wait_pct, b->intf_wait_pct, "wait", where);
		same(first->intf_throttled_pct, b->intf_throttled_pct, "throttled", where);
		ck_assert_uint_eq(first->intf_disturbed, b->intf_disturbed);
		ck_assert_uint_eq(first->intf_samples, b->intf_samples);
	}
	for (int k = 0; k < HS_COUNT; k++) {
		ck_assert_int_eq(first->have_state[k], b->have_state[k]);
		if (first->have_state[k])
			same_str(first->state[k], b->state[k], "host state", where);
	}
	ck_assert_uint_eq(a->nblocks, b->nblocks);
	for (size_t k = 0; k < a->nblocks; k++)
		same_block(&a->blocks[k], &b->blocks[k], where);
}

static void same_samples(const struct tp_samples *a, const struct tp_samples *b,
			 const char *where)
{
	ck_assert_msg(a->nsets == b->nsets, "%s: %zu sample sets != %zu", where, a->nsets,
		      b->nsets);
	for (size_t i = 0; i < a->nsets; i++) {
		const struct tp_sample_set *x = &a->sets[i], *y = NULL;

		/* the model keeps them with their test, in the report's order */
		for (size_t k = 0; k < b->nsets && y == NULL; k++)
			if (b->sets[k].copies == x->copies && strcmp(b->sets[k].title, x->title) == 0)
				y = &b->sets[k];
		ck_assert_msg(y != NULL, "%s: no samples of %s", where, x->title);
		ck_assert_uint_eq(x->n, y->n);
		for (size_t k = 0; k < x->n; k++) {
			same(x->rate[k], y->rate[k], "rate", where);
			ck_assert_uint_eq(x->dropped[k], y->dropped[k]);
		}
	}
}

/* One file (and the samples file beside it, or NULL) through the model and back. */
static void round_trip(const char *path, const char *samples)
{
	struct tp_doc doc = { 0 }, back;
	struct tp_samples sm = { 0 }, bsm;

	parse_ok(path, &doc);
	if (samples != NULL) {
		int rc = strstr(samples, ".csv") ? tp_parse_samples_csv(samples, &sm, err, sizeof(err))
			: tp_parse_ublog(samples, &sm, err, sizeof(err));

		ck_assert_msg(rc == 0, "%s: %s", samples, err);
	}
	tables(&doc, samples ? &sm : NULL, &back, &bsm);
	ck_assert_uint_eq(doc.nreports, back.nreports);
	for (size_t i = 0; i < doc.nreports; i++) {
		const struct tp_report *first = &doc.reports[i];

		while (first->dir_label[0] && first > doc.reports && first[-1].dir_label[0])
			first--;
		same_report(&doc.reports[i], &back.reports[i], first, path);
	}
	ck_assert_uint_eq(doc.npaired, back.npaired);
	for (size_t i = 0; i < doc.npaired; i++) {
		const struct paired_row *x = &doc.paired[i], *y = &back.paired[i];

		same_str(x->title, y->title, "paired title", path);
		same_str(x->label, y->label, "paired label", path);
		same_str(x->verdict, y->verdict, "verdict", path);
		same(x->change_pct, y->change_pct, "change", path);
		same(x->ci_lo_pct, y->ci_lo_pct, "ci", path);
		same(x->rounds_hi_pct, y->rounds_hi_pct, "rounds alone", path);
		ck_assert_uint_eq(x->rounds, y->rounds);
	}
	if (samples != NULL)
		same_samples(&sm, &bsm, path);
	tp_doc_free(&doc);
	tp_doc_free(&back);
	tp_samples_free(&sm);
	tp_samples_free(&bsm);
}

START_TEST(every_text_fixture_comes_back)
{
	static const char *const texts[] = {
		R "a", R "b", R "quick", R "state-a", R "state-b", R "headerless.txt",
		R "glued.txt", R "two-reports.txt", R "unixbench-5.1.3.txt",
		R "unixbench-6.0-collapsed.txt", R "unixbench-6.0-partial-index.txt",
		R "context1-placement-new.txt", R "context1-placement-old.txt",
		R "ub8/bench01-1-hdd-default.txt", R "ub8/bench01-3-tmpfs.txt",
		R "hosts/alpha-3f2a-1.txt", R "hosts/web-0a0b-2.txt",
		"tests/data/records/paired", "tests/data/records/schema1",
	};

	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++)
		round_trip(texts[i], NULL);
}
END_TEST

START_TEST(samples_beside_come_back)
{
	round_trip(R "csvrun", R "csvrun.csv");
	round_trip("tests/data/records/quick", "tests/data/records/quick.csv");
	round_trip("tests/data/records/schema1", "tests/data/records/schema1.csv");
	round_trip(R "ublog/ub60-a", R "ublog/ub60-a.log");
	round_trip(R "ublog/ub513-c2", R "ublog/ub513-c2.log");
}
END_TEST

static const char unknown_text[] =
	"BYTE UNIX Benchmarks (Version 5.1.3)\n"
	"System: box: GNU/Linux\n"
	"------------------------------------------------------------------------\n"
	"Benchmark Run: Mon Jan 01 2024 00:00:00 - 00:30:00\n"
	"2 CPUs in system; running 1 parallel copy of tests\n"
	"\n"
	"Dhrystone 2 using register variables       20000000.0 lps   (10.0 s, 7 samples)\n"
	"2D graphics: rectangles                        300.5 score (10.0 s, 3 samples)\n"
	"\n"
	"System Benchmarks Index Values               BASELINE       RESULT    INDEX\n"
	"Dhrystone 2 using register variables         116700.0   20000000.0   1713.8\n"
	"                                                                   ========\n"
	"System Benchmarks Index Score (Partial Only)                         1713.8\n"
	"\n"
	"Graphic Benchmarks Index Values               BASELINE       RESULT    INDEX\n"
	"2D graphics: rectangles                           15.0        300.5    200.3\n"
	"                                                                   ========\n"
	"Graphic Benchmarks Index Score (Partial Only)                         200.3\n";

/* Where each line's figures go; a test and a category the table lacks. */
START_TEST(lines_into_the_model)
{
	struct tp_doc doc = { 0 };
	struct run_result *runs;
	const struct copy_run *run;
	const struct import_test *dhry, *gfx;
	size_t n;

	ck_assert_int_eq(tp_parse_buffer("buf", unknown_text, strlen(unknown_text), &doc, err,
					 sizeof(err)), 0);
	ck_assert_int_eq(text_import(&doc, NULL, &runs, &n), 0);
	ck_assert_uint_eq(n, 1);
	ck_assert_ptr_nonnull(runs[0].import);
	ck_assert_str_eq(runs[0].import->layout, "5.1.3");
	ck_assert_str_eq(runs[0].sys.hostname, "box");
	ck_assert_str_eq(runs[0].version, "");         /* UnixBench's, not sysindex's */
	ck_assert_uint_eq(runs[0].sys.ncpus, 2);
	ck_assert_uint_eq(runs[0].nruns, 1);
	run = &runs[0].runs[0];
	ck_assert_uint_eq(run->copies, 1);
	ck_assert_uint_eq(run->ntests, 2);
	dhry = import_test_of(run->tests[0].def);
	ck_assert_str_eq(run->tests[0].def->name, "dhry2reg");   /* the table's row */
	ck_assert_ptr_eq(run->tests[0].def->prog, test_find("dhry2reg")->prog);
	ck_assert_uint_eq(dhry->shown, IMPORT_RESULT | IMPORT_INDEX);
	ck_assert_double_eq(run->tests[0].score, 20000000.0);
	ck_assert_double_eq(run->tests[0].time, 10.0);
	ck_assert_uint_eq(run->tests[0].kept, 7);
	ck_assert_double_eq(run->tests[0].index, 1713.8);
	ck_assert_double_eq(run->tests[0].def->baseline, 116700.0);
	gfx = import_test_of(run->tests[1].def);
	ck_assert_str_eq(run->tests[1].def->name, "");      /* not in the table */
	ck_assert_str_eq(run->tests[1].def->title, "2D graphics: rectangles");
	ck_assert_str_eq(run->tests[1].def->unit, "score");
	ck_assert_str_eq(gfx->category, "Graphic Benchmarks");
	ck_assert_double_eq(run->tests[1].def->baseline, 15.0);
	ck_assert_int_eq(run->cats[CAT_SYSTEM].partial, 1);
	ck_assert_double_eq(run->cats[CAT_SYSTEM].score, 1713.8);
	ck_assert_uint_eq(run->cats[CAT_SYSTEM].nindexed, 1);
	ck_assert_uint_eq(runs[0].import->runs[0].nextra, 1);
	ck_assert_str_eq(runs[0].import->runs[0].extra[0].category, "Graphic Benchmarks");
	ck_assert_double_eq(runs[0].import->runs[0].extra[0].score, 200.3);
	result_free(&runs[0]);
	free(runs);
	tp_doc_free(&doc);
}
END_TEST

/* A paired report's directories are one run; its rows go with it. */
START_TEST(paired_directories_are_one_run)
{
	struct tp_doc doc = { 0 };
	struct run_result *runs;
	size_t n;

	parse_ok("tests/data/records/paired", &doc);
	ck_assert_uint_ge(doc.nreports, 2);
	ck_assert_int_eq(text_import(&doc, NULL, &runs, &n), 0);
	ck_assert_uint_eq(n, 1);
	ck_assert_uint_eq(runs[0].ndirs, doc.nreports);
	for (size_t d = 0; d < runs[0].ndirs; d++)
		ck_assert_str_eq(runs[0].dirs[d].label, doc.reports[d].dir_label);
	ck_assert_uint_eq(runs[0].import->npaired, doc.npaired);
	ck_assert_uint_gt(doc.npaired, 0);
	for (size_t i = 0; i < runs[0].nruns; i++)
		ck_assert_uint_lt(runs[0].runs[i].dir, runs[0].ndirs);
	result_free(&runs[0]);
	free(runs);
	tp_doc_free(&doc);
}
END_TEST

Suite *suite_import(void)
{
	Suite *s = suite_create("import");
	TCase *tc = tcase_create("import");

	tcase_add_test(tc, every_text_fixture_comes_back);
	tcase_add_test(tc, samples_beside_come_back);
	tcase_add_test(tc, lines_into_the_model);
	tcase_add_test(tc, paired_directories_are_one_run);
	suite_add_tcase(s, tc);
	return s;
}
