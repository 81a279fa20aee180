/*
 * cmd_compare.c: `sysindex compare [options] FILE...`: two or more results,
 * the change of each against the baseline, and whether the change is real:
 * stats/verdict.h's rule over every change where both sides have samples (the
 * statistics block of a sysindex text report, or better, the per-sample CSV
 * beside it; UnixBench's .log).  This file: the command's main flow and the
 * choice of the output's shape; the options are in compare_opts.c and the
 * steps in the files compare_int.h lists.
 *
 * Everything is read and checked before anything is printed: bad input
 * gives one line on stderr, exit 2, and an empty stdout.
 */
#include "compare/cmd_compare.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/opt.h"
#include "compare/compare_int.h"
#include "util/gnuplot.h"
#include "util/util.h"

static void usage(FILE *out)
{
	opt_synopsis(out, "usage: ", &compare_opts);
	fputs("\n"
	      "Compare two or more results: sysindex text reports (or their .json/.csv\n"
	      "files, which resolve to the run's text report and samples CSV) and plain\n"
	      "UnixBench 5.x/6.x reports (with the .log beside them, or the .log alone),\n"
	      "also pasted from web pages.  A file holding several reports counts as\n"
	      "several inputs (file#1, file#2, ...).\n"
	      "\noptions:\n", out);
	opt_help(out, &compare_opts);
	fputs("\n"
	      "One paired run (./Run --testdir A --testdir B) shows its own comparison\n"
	      "of interleaved rounds; with other files it counts as one input per directory.\n"
	      "\n"
	      "Each input's change is against the baseline (--baseline, else the first).\n",
	      out);
	{
		char words[VERDICT_EXPLAIN_MAX];

		/* The help's width, not the table's. */
		text_wrapped(out, "", CMP_CI_WORDS, 79);
		verdict_explain(NULL, words, sizeof(words));
		text_wrapped(out, "", words, 79);
		fputs("See docs/compare.md.\n\n"
		      "Exit status: 0; 1 when --fail-on finds a slower row (or output failed);\n"
		      "2 for bad options or input, and when --fail-on fails closed (an input\n"
		      "interrupted, a row FAILED or NOT RUN on one side, nothing measured).\n", out);
	}
}

/* ---- options ---------------------------------------------------------- */

/* 0, 1 for --help, or 2 after a usage error (printed). */
static int parse_options(int argc, char **argv, struct options *o)
{
	char err[512];
	int first, rc;

	memset(o, 0, sizeof(*o));
	rc = opt_parse(&compare_opts, argc, argv, o, NULL, &first, err, sizeof(err));
	if (rc < 0)
		return cmp_usage_error("%s", err);
	if (rc > 0)
		return 1;
	if (o->fail_on != NULL && cmp_parse_fail_on(o->fail_on, &o->fail_margin, err,
						     sizeof(err)) != 0)
		return cmp_usage_error("%s", err);
	for (int i = first; i < argc; i++) {
		if (o->nfiles == CMP_MAX_FILES)
			return cmp_usage_error("too many files (at most %d)", CMP_MAX_FILES);
		o->files[o->nfiles++] = argv[i];
	}
	return 0;
}

/* ---- main --------------------------------------------------------------- */

static int cmp_unsigned(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

	return (x > y) - (x < y);
}

/* Sorted distinct copy counts over all inputs (or just --copies N). */
static size_t copy_counts(const struct compare *c, unsigned *out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < c->nin; i++) {
		const struct copy_run *run;
		size_t b = 0;

		while ((run = cmp_next_block(&c->in[i], &b)) != NULL) {
			unsigned cp = cmp_copies(run);
			size_t k = 0;

			if (c->opt.copies && cp != c->opt.copies)
				continue;
			while (k < n && out[k] != cp)
				k++;
			if (k == n && n < max)
				out[n++] = cp;
		}
	}
	qsort(out, n, sizeof(*out), cmp_unsigned);
	return n;
}

static void compare_free(struct compare *c)
{
	for (size_t s = 0; s < c->nsrc; s++) {
		for (size_t r = 0; r < c->src[s].nruns; r++)
			result_free(&c->src[s].runs[r]);
		free(c->src[s].runs);
		free(c->src[s].paired);
		tp_doc_free(&c->src[s].doc);
		tp_samples_free(&c->src[s].samples);
	}
	free(c->src);
	for (size_t r = 0; r < c->nrows; r++) {
		free(c->rows[r].cells);
		free(c->rows[r].deltas);
	}
	free(c->rows);
	for (size_t i = 0; i < c->nwarnings; i++)
		free(c->warnings[i]);
	free(c->warnings);
}

/*
 * The shape: --long, one row per test and input; else two inputs side by
 * side with their interval and verdict while that fits CMP_TEXT_WIDTH, and
 * the matrices of values and changes for more inputs (or wider tables).
 */
static int print_table(const struct compare *c)
{
	struct grid g = { 0 };
	int matrix = !c->opt.long_rows && c->nin > 2;

	if (c->opt.format == F_JSON) {
		if (cmp_print_json(stdout, c) == 0)
			return 0;
		fprintf(stderr, "sysindex compare: internal error writing JSON\n");
		return 1;
	}
	if (c->opt.format == F_HTML)
		return cmp_print_html(stdout, c) == 0 ? 0 : 1;
	if (c->opt.format == F_CSV) {
		if (matrix)
			cmp_print_matrix_csv(stdout, c);
		else
			cmp_print_csv(stdout, c);
		return 0;
	}
	if (!matrix) {
		if ((c->opt.long_rows ? cmp_build_long_grid(c, &g) : cmp_build_grid(c, &g)) != 0) {
			cmp_grid_free(&g);
			return cmp_usage_error("out of memory");
		}
		/* Two inputs side by side only while that fits. */
		matrix = !c->opt.long_rows && c->opt.format == F_TEXT &&
			cmp_grid_width(&g) > CMP_TEXT_WIDTH;
	}
	if (matrix && c->opt.format == F_TEXT)
		cmp_print_matrix_text(stdout, c);
	else if (matrix)
		cmp_print_matrix_md(stdout, c);
	else if (c->opt.format == F_TEXT)
		cmp_print_text(stdout, c, &g);
	else
		cmp_print_md(stdout, c, &g);
	cmp_grid_free(&g);
	return 0;
}

static int run_compare(struct compare *c)
{
	unsigned copies[TP_MAX_BLOCKS * 4];
	size_t ncopies;
	int rc;

	c->src = calloc(c->opt.nfiles ? c->opt.nfiles : 1, sizeof(*c->src));
	if (c->src == NULL)
		return cmp_usage_error("out of memory");
	for (size_t f = 0; f < c->opt.nfiles; f++) {
		c->nsrc = f + 1;
		if ((rc = cmp_load_source(&c->src[f], c->opt.files[f])) != 0)
			return rc;
	}
	/* One paired run: its own, paired, comparison. */
	if (c->nsrc == 1 && c->src[0].npaired > 0 && !c->opt.plot && !c->opt.copies)
		return cmp_print_paired(stdout, c) == 0 && fflush(stdout) == 0 ? cmp_gate(c) : 1;
	if ((rc = cmp_make_inputs(c)) != 0)
		return rc;
	ncopies = copy_counts(c, copies, sizeof(copies) / sizeof(copies[0]));
	if (ncopies == 0)
		return cmp_usage_error("no run with %u parallel copies in the inputs", c->opt.copies);
	if (cmp_collect_rows(c, copies, ncopies) != 0)
		return cmp_usage_error("out of memory");
	cmp_fill_cells(c);
	if (c->opt.group_by != GROUP_NONE && (rc = cmp_group_runs(c)) != 0)
		return rc;
	if ((rc = cmp_pick_baseline(c)) != 0)
		return rc;
	for (size_t r = 0; r < c->nrows; r++)
		for (size_t i = 1; i < c->nin; i++)
			cmp_judge(&c->rows[r], &c->rows[r].cells[0], &c->rows[r].cells[i],
			      &c->rows[r].deltas[i]);
	cmp_judge_family(c);
	cmp_warn_same_runs(c);
	cmp_noise_floor(c);
	cmp_warn_inputs(c);
	cmp_instance_estimate(c);
	if ((rc = print_table(c)) != 0)
		return rc;
	if (fflush(stdout) != 0)
		return 1;
	if (c->opt.plot && (rc = cmp_draw_plot(c)) != 0)
		return rc;
	return cmp_gate(c);
}

int cmd_compare(int argc, char **argv)
{
	struct compare c;
	int rc;

	memset(&c, 0, sizeof(c));
	rc = parse_options(argc, argv, &c.opt);
	if (rc == 1) {
		usage(stdout);
		return 0;
	}
	if (rc != 0)
		return rc;
	if (c.opt.nfiles == 0)
		return cmp_usage_error("need at least 2 reports to compare (see --help)");
	/* The plus-minus sign for people; CSV and JSON never carry it. */
	c.pm = (c.opt.format == F_TEXT || c.opt.format == F_MD) && locale_utf8() ? "\u00b1" : "+-";
	/* --plot promises a chart: without gnuplot, say so before anything else. */
	if (c.opt.plot != NULL) {
		char gp[PATH_MAX];

		if (find_in_path("gnuplot", gp, sizeof(gp)) != 0) {
			fprintf(stderr, "sysindex compare: --plot needs gnuplot, which is not on PATH "
				"(%s); nothing compared\n", GNUPLOT_HINT);
			return 1;
		}
	}
	rc = run_compare(&c);
	compare_free(&c);
	return rc;
}
