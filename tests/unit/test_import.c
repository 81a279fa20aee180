/*
 * test_import.c: reports read from text into the run's model
 * (reader/text_import.c), and what compare reads of that model
 * (compare_model.c), which must be what the text printed: every figure
 * bit for bit, every word, every sample, for each text fixture of
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

/* The score line of category in block run of r, as compare reads it. */
static double score_of(const struct run_result *r, const struct copy_run *run,
		       const char *category)
{
	for (int k = 0; k < CAT_COUNT; k++)
		if (strcmp(category_title[k], category) == 0)
			return run->cats[k].nindexed > 0 ? run->cats[k].score : NAN;
	for (size_t k = 0; k < r->import->runs[run - r->runs].nextra; k++)
		if (strcmp(r->import->runs[run - r->runs].extra[k].category, category) == 0)
			return r->import->runs[run - r->runs].extra[k].score;
	return NAN;
}

/* Block bl of a report (with samples sm, dir label) against its copy run. */
static void same_block(const struct tp_block *bl, const struct tp_samples *sm, const char *label,
		       const struct run_result *r, const struct copy_run *run, const char *where)
{
	double score, lo, hi;

	ck_assert_uint_eq(bl->copies, run->copies);
	for (size_t i = 0; i < bl->nresults; i++) {
		const struct tp_result *x = &bl->results[i];
		const struct bench_result *t = cmp_find(r, run, tp_key(x->name, x->title),
							IMPORT_RESULT, NULL);
		double value, time;
		unsigned samples;

		if (tp_find_result(bl, tp_key(x->name, x->title)) != x)
			continue;       /* a line printed twice: the first counts */
		ck_assert_msg(t != NULL, "%s: %s has no result", where, x->title);
		same_str(x->title, t->def->title, "title", where);
		same_str(x->unit, t->def->unit, "unit", where);
		same_str(x->note, t->note, "note", where);
		ck_assert_int_eq(x->status, t->status);
		cmp_result(r, t, &value, &time, &samples);
		same(x->value, value, x->title, where);
		same(x->time, time, "time", where);
		ck_assert_uint_eq(x->samples, samples);
	}
	for (size_t i = 0; i < bl->nindex; i++) {
		const struct tp_index_row *x = &bl->index[i];
		const struct bench_result *t = cmp_find(r, run, tp_key(x->name, x->title),
							IMPORT_INDEX, NULL);
		double baseline, result;
		const char *category;

		if (tp_find_index(bl, tp_key(x->name, x->title)) != x)
			continue;
		ck_assert_msg(t != NULL, "%s: %s has no index row", where, x->title);
		cmp_index(r, t, &baseline, &result, &category);
		same_str(x->category, category, "category", where);
		same(x->baseline, baseline, "baseline", where);
		same(x->result, result, "index result", where);
	}
	for (size_t i = 0; i < bl->nstats; i++) {
		const struct tp_stats_row *x = &bl->stats[i];
		const struct bench_result *t = cmp_find(r, run, tp_key(x->name, x->title),
							IMPORT_STATS, NULL);

		if (tp_find_stats(bl, tp_key(x->name, x->title)) != x)
			continue;
		ck_assert_msg(t != NULL, "%s: %s has no statistics", where, x->title);
		ck_assert_uint_eq(x->n, t->stats.n);
		same(x->mean, t->stats.mean, "mean", where);
		same(x->sd, t->stats.sd, "sd", where);
	}
	for (size_t i = 0; i < bl->nscores; i++)
		same(bl->scores[i].score, score_of(r, run, bl->scores[i].category), "score", where);
	ck_assert_uint_eq(bl->between_passes, cmp_between(r, run, &score, &lo, &hi));
	if (bl->between_passes > 0) {   /* kept as logs in the model: exp(log(x)) */
		ck_assert_double_eq_tol(bl->between_score, score, 1e-12 * score);
		ck_assert_double_eq_tol(bl->between_lo, lo, 1e-12 * lo);
		ck_assert_double_eq_tol(bl->between_hi, hi, 1e-12 * hi);
	}
	for (size_t i = 0; sm != NULL && i < sm->nsets; i++) {
		const struct tp_sample_set *x = &sm->sets[i];
		const char *key = tp_key(x->test, x->title);
		const struct bench_result *t;
		double *rate;
		unsigned char *dropped;
		size_t n;

		if (x->copies != bl->copies || tp_find_samples_in(sm, bl->copies, key, label) != x)
			continue;       /* another block's, or a later set of its test */
		t = cmp_find(r, run, key, CMP_SAMPLES, NULL);
		ck_assert_msg(t != NULL, "%s: no samples of %s", where, x->title);
		n = cmp_samples(r, t, &rate, &dropped);
		ck_assert_uint_eq(n, x->n);
		for (size_t k = 0; k < n; k++) {
			same(x->rate[k], rate[k], "rate", where);
			ck_assert_uint_eq(x->dropped[k], dropped[k]);
		}
		free(rate);
		free(dropped);
	}
}

/*
 * A report's header against the model's (cmp_head).  A paired run's later
 * directories get the first's host identity, interference and host state:
 * they are one run, and the text prints those once.
 */
static void same_head(const struct tp_report *a, const struct tp_report *first,
		      const struct cmp_head *b, const char *where)
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
	ck_assert_int_eq(first->intf.have, b->intf.have);
	if (first->intf.have) {
		same(first->intf.steal_pct, b->intf.steal_pct, "steal", where);
		same(first->intf.wait_pct, b->intf.wait_pct, "wait", where);
		same(first->intf.throttled_pct, b->intf.throttled_pct, "throttled", where);
		ck_assert_uint_eq(first->intf.disturbed, b->intf.disturbed);
		ck_assert_uint_eq(first->intf.samples, b->intf.samples);
	}
	for (int k = 0; k < HS_COUNT; k++) {
		ck_assert_int_eq(first->have_state[k], b->have_state[k]);
		if (first->have_state[k])
			same_str(first->state[k], b->state[k], "host state", where);
	}
}

/*
 * One file (and the samples file beside it, or NULL) into the model, and
 * every line back out of it as compare reads it (compare_model.c): the
 * reports are the runs' inputs in order, as compare makes them.
 */
static void round_trip(const char *path, const char *samples)
{
	struct tp_doc doc = { 0 };
	struct tp_samples sm = { 0 };
	struct run_result *runs;
	struct cmp_head *head = malloc(sizeof(*head));
	size_t n, rep = 0, nrows = 0;

	ck_assert_ptr_nonnull(head);
	parse_ok(path, &doc);
	if (samples != NULL) {
		int rc = strstr(samples, ".csv") ? tp_parse_samples_csv(samples, &sm, err, sizeof(err))
			: tp_parse_ublog(samples, &sm, err, sizeof(err));

		ck_assert_msg(rc == 0, "%s: %s", samples, err);
	}
	ck_assert_int_eq(text_import(&doc, samples ? &sm : NULL, &runs, &n), 0);
	for (size_t i = 0; i < n; i++) {
		const struct run_result *r = &runs[i];
		struct paired_row *rows = NULL;
		size_t nr = 0;

		for (size_t d = 0; d < (r->ndirs ? r->ndirs : 1); d++, rep++) {
			const struct tp_report *a = &doc.reports[rep], *first = a;
			struct input in = { .run = r, .dir = d };
			const struct copy_run *run;
			size_t k = 0;

			ck_assert_uint_lt(rep, doc.nreports);
			while (first->dir_label[0] && first > doc.reports && first[-1].dir_label[0])
				first--;
			cmp_head(r, d, head);
			same_head(a, first, head, path);
			for (size_t b = 0; b < a->nblocks; b++) {
				run = cmp_next_block(&in, &k);
				ck_assert_ptr_nonnull(run);
				same_block(&a->blocks[b], samples ? &sm : NULL,
					   a->dir_label[0] ? a->dir_label : NULL, r, run, path);
			}
			ck_assert_ptr_null(cmp_next_block(&in, &k));
		}
		ck_assert_int_eq(cmp_paired_rows(r, &rows, &nr), 0);
		for (size_t k = 0; k < nr; k++, nrows++) {
			const struct paired_row *x = &doc.paired[nrows], *y = &rows[k];

			same_str(x->title, y->title, "paired title", path);
			same_str(x->label, y->label, "paired label", path);
			same_str(x->verdict, y->verdict, "verdict", path);
			same(x->change_pct, y->change_pct, "change", path);
			same(x->ci_lo_pct, y->ci_lo_pct, "ci", path);
			same(x->rounds_hi_pct, y->rounds_hi_pct, "rounds alone", path);
			ck_assert_uint_eq(x->rounds, y->rounds);
		}
		free(rows);
		result_free(&runs[i]);
	}
	ck_assert_uint_eq(rep, doc.nreports);
	ck_assert_uint_eq(nrows, doc.npaired);
	free(runs);
	free(head);
	tp_doc_free(&doc);
	tp_samples_free(&sm);
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
