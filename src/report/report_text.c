/*
 * report_text.c: the text report in UnixBench's layout.  The result lines and
 * index tables are byte for byte the reference's format strings, so parsers
 * written for UnixBench reports keep working; sysindex adds header lines
 * (compiler, test dir) and, after each index table, its own blocks:
 * statistics, placement (report_placement.c) and scaling.  Nothing of
 * sysindex's goes between UnixBench's result lines.
 */
#include "report/report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

/*
 * Whose work the tests did, so a score is set beside the right UnixBench:
 * 6.0 and 5.1.3 differ in System Call and multi-copy File Copy and Shell.
 */
void report_workload_line(FILE *out, const struct run_result *r, const char *indent)
{
	fprintf(out, "%sWorkload: %s\n", indent, workload_tags[r->workload]);
}

static void header(FILE *out, const struct run_result *r)
{
	const struct sys_info *si = &r->sys;
	char hostid[256];

	fprintf(out, "   BYTE UNIX Benchmarks (Version 6.0.0; sysindex %s)\n\n", r->version);
	if (r->interrupted) {
		char why[REASON_MAX + 16];

		report_stopped(r, why, sizeof(why));
		fprintf(out, "   *** %s: partial results ***\n\n", why);
	}
	fprintf(out, "   System: %s: %s\n", si->hostname, si->system);
	fprintf(out, "   OS: %s -- %s -- %s\n", si->os, si->os_release, si->os_version);
	fprintf(out, "   Machine: %s (%s)\n", si->machine, si->platform);
	fprintf(out, "   Language: %s\n", si->language);
	for (size_t i = 0; i < si->ncpu_info; i++) {
		fprintf(out, "   CPU %zu: %s (%.1f bogomips)\n", i, si->cpus[i].model,
			si->cpus[i].bogomips);
		fprintf(out, "          %s\n", si->cpus[i].flags);
	}
	if (si->ncpu_info == 0 && !si->brief)
		fprintf(out, "   CPU: no details available\n");
	fprintf(out, "   %s\n", si->uptime);
	/* sysindex's own lines, after UnixBench's. */
	if (si->distribution[0])
		fprintf(out, "   Distribution: %s\n", si->distribution);
	fprintf(out, "   Compiler: %s; test programs built with %s\n", si->cc_version,
		si->bench_cflags);
	fprintf(out, "   Mode: %s\n", r->mode);
	report_host_identity(si, hostid, sizeof(hostid));
	fprintf(out, "   Host identity: %s\n", hostid);
	report_workload_line(out, r, "   ");
	{
		struct report_hline hl[REPORT_HLINES_MAX];
		size_t n = report_host_lines(r, hl, REPORT_HLINES_MAX);

		for (size_t i = 0; i < n; i++)
			fprintf(out, "   %s: %s\n", hl[i].label, hl[i].value);
	}
	{
		char intf[600];

		if (report_intf_line(r, intf, sizeof(intf)) == 0)
			fprintf(out, "   Interference: %s\n", intf);
		if (r->intf_missing[0])
			fprintf(out, "   Interference not measured: %s\n", r->intf_missing);
	}
	if (r->nsettings >= 2) {
		fprintf(out, "   Settings: %s (baseline)", r->settings[0].name);
		for (size_t d = 1; d < r->nsettings; d++)
			fprintf(out, ", %s", r->settings[d].name);
		fprintf(out, "; in one test dir; each block below shows its own\n");
		report_testdir_lines(out, r, "   ");
	} else if (r->ndirs >= 2) {
		fprintf(out, "   Test dirs: %s (baseline)", r->dirs[0].label);
		for (size_t d = 1; d < r->ndirs; d++)
			fprintf(out, ", %s", r->dirs[d].label);
		fprintf(out, "; each block below shows its own\n");
	} else {
		report_testdir_lines(out, r, "   ");
	}
	fprintf(out, "\n");
}

/* mem-latency's curve, three points a line, indented under its result. */
static void curve_lines(FILE *out, const struct bench_result *t)
{
	struct curve_point pts[CURVE_MAX];
	size_t n = report_curve(t, pts, CURVE_MAX);

	if (n == 0)
		return;
	fprintf(out, "      working set -> ns per load (level it fits in):\n");
	for (size_t i = 0; i < n; i++)
		fprintf(out, "%s%9s %8.2f ns %*s%s", i % 3 ? "  " : "      ", pts[i].size, pts[i].ns,
			i % 3 == 2 || i + 1 == n ? 0 : -4, pts[i].level,
			i % 3 == 2 || i + 1 == n ? "\n" : "");
}

/* --sustained's sentence, wrapped at 78 columns under the title. */
static void sustained_lines(FILE *out, const struct bench_result *t)
{
	char words[512];
	size_t col = 0;

	if (report_sustained_words(t, words, sizeof(words)) != 0)
		return;
	for (char *w = strtok(words, " "); w != NULL; w = strtok(NULL, " ")) {
		if (col > 0 && col + 1 + strlen(w) > 78) {
			fputc('\n', out);
			col = 0;
		}
		col += (size_t)fprintf(out, col ? " %s" : "      %s", w);
	}
	fputc('\n', out);
}

static void result_line(FILE *out, const struct bench_result *t)
{
	char fb[FIGURE_BUF];

	if (t->status != TS_OK) {
		/* Cut short: its figure over the samples it has, and that it is partial. */
		fprintf(out, "%-40s %12s %-5s (%s)\n", t->def->title, result_partial(t) ?
			figure(fb, t->score, 0) : status_word(t->status), t->def->unit, t->reason);
		return;
	}
	fprintf(out, "%-40s %12s %-5s (%.1f s, %zu samples)", t->def->title,
		figure(fb, t->score, 0), t->def->unit, t->time, t->kept);
	if (t->note[0])
		fprintf(out, " [%s]", t->note);
	fprintf(out, "\n");
	sustained_lines(out, t);
	if (test_is_own(t->def) && t->nmetrics > 0) {
		size_t col = 80, shown = 0;

		for (size_t m = 0; m < t->nmetrics; m++) {
			const struct metric *mt = &t->metrics[m];
			char item[96], num[32];
			double v = mt->value;

			if (report_is_curve_metric(mt) || report_is_sustained_metric(mt))
				continue;   /* in the curve table below, in the sentence above */
			if (strcmp(mt->unit, "B") == 0) {
				format_bytes((unsigned long long)v, num, sizeof(num));
				fmt(item, sizeof(item), "%s %s", mt->name, num);
			} else {
				fmt(num, sizeof(num), v >= 100 ? "%.0f" : v >= 1 ? "%.2f" : "%.3g", v);
				fmt(item, sizeof(item), "%s %s %s", mt->name, num, mt->unit);
			}
			/* Wrap the metric lines at 78 columns, indented under the title. */
			if (col + strlen(item) + 2 > 78) {
				fprintf(out, "%s      ", shown++ ? "\n" : "");
				col = 6;
			} else {
				fprintf(out, "; ");
				col += 2;
			}
			fputs(item, out);
			col += strlen(item);
		}
		if (shown)
			fprintf(out, "\n");
	}
	curve_lines(out, t);
}

static void index_table(FILE *out, const struct copy_run *run, const size_t *order,
			enum test_category c)
{
	const struct cat_index *ci = &run->cats[c];
	char head[80], fb[FIGURE_BUF], fi[FIGURE_BUF];

	if (!ci->any_results)
		return;
	if (ci->nindexed == 0) {
		/* As UnixBench, except for a category that has no baselines at all. */
		if (ci->nbaseline > 0)
			fprintf(out, "No index results available for %s\n\n", category_title[c]);
		return;
	}
	fmt(head, sizeof(head), "%s %s", category_title[c],
		 ci->partial ? "Partial Index" : "Index Values");
	fprintf(out, "%-40s %12s %12s %8s\n", head, "BASELINE", "RESULT", "INDEX");
	for (size_t k = 0; k < run->ntests; k++) {
		const struct bench_result *t = &run->tests[order[k]];

		if (test_category(t->def) != c || t->status != TS_OK)
			continue;
		if (t->def->baseline > 0)
			fprintf(out, "%-40s %12.1f %12s %8s\n", t->def->title,
				t->def->baseline, figure(fb, t->score, 0), figure(fi, t->index, 0));
		else
			fprintf(out, "%-40s %12s %12s %8s\n", t->def->title, "---",
				figure(fb, t->score, 0), "---");
	}
	fprintf(out, "%-40s %12s %12s %8s\n", "", "", "", "========");
	fmt(head, sizeof(head), "%s Index Score%s", category_title[c],
		 ci->partial ? " (Partial Only)" : "");
	fprintf(out, "%-66s %8s\n\n", head, figure(fb, ci->score, 0));
}

/*
 * The statistics block: n, mean, sd and the 95% CI over every sample's rate,
 * enough for compare's Welch test even from a pasted report.
 */
static void stats_block(FILE *out, const struct run_result *r, const struct copy_run *run,
			const size_t *order)
{
	char fb[FIGURE_BUF];
	int any = 0, fewer = 0;

	for (size_t k = 0; k < run->ntests; k++)
		if (run->tests[order[k]].status == TS_OK) {
			any = 1;
			fewer |= run->tests[order[k]].stats.n > run->tests[order[k]].kept;
		}
	if (!any)
		return;
	fprintf(out, "Statistics (every sample's rate)          n         mean           sd   CI95 +-      CV  flags\n");
	for (size_t k = 0; k < run->ntests; k++) {
		const struct bench_result *t = &run->tests[order[k]];
		const struct summary *s = &t->stats;
		struct stat_cells c;
		char flags[80];

		if (t->status != TS_OK)
			continue;
		report_stat_cells(s, &c);
		fprintf(out, "%-40s %3zu %12s %12s %9s %7s  %s\n", t->def->title,
			s->n, figure(fb, s->mean, 0), c.sd, c.ci, c.cv, report_flag_words(r, t, flags, sizeof(flags)));
	}
	/* The result lines keep UnixBench's layout; the two counts are labelled here. */
	if (fewer)
		text_wrapped(out, "", REPORT_SAMPLES_WORDS, 79);
	report_score_ci_line(out, run);
	{
		char rep[768];

		report_repeat_text(r, run, rep, sizeof(rep));
		fputs(rep, out);
	}
	fprintf(out, "\n");
}

/* N-copy score / (N x 1-copy score) per test, when both ran. */
static void scaling_block(FILE *out, const struct copy_run *run, const size_t *order)
{
	int any = 0;

	for (size_t k = 0; k < run->ntests; k++)
		if (run->tests[order[k]].scaling > 0)
			any = 1;
	if (!any)
		return;
	fprintf(out, "Scaling (result / (%u x 1-copy result))\n", run->copies);
	for (size_t k = 0; k < run->ntests; k++) {
		const struct bench_result *t = &run->tests[order[k]];

		if (t->scaling > 0)
			fprintf(out, "%-40s %11.1f%%\n", t->def->title, 100 * t->scaling);
	}
	fprintf(out, "\n");
}

/* Print s with its words wrapped to 79 columns, then a newline. */
static void put_wrapped(FILE *out, const char *s)
{
	if (*s == '\0')
		fputc('\n', out);
	text_wrapped(out, "", s, 79);
}

/* report_notes(): after every block of UnixBench's layout, a paragraph each. */
static void notes_block(FILE *out, const struct copy_run *run)
{
	const char *notes[REPORT_MAX_NOTES];
	size_t n = report_notes(run, notes);

	for (size_t i = 0; i < n; i++) {
		put_wrapped(out, notes[i]);
		fputc('\n', out);
	}
}

static void copy_block(FILE *out, const struct run_result *r, const struct copy_run *run)
{
	struct report_section sec;
	const size_t *order;

	if (report_section_open(run, &sec) != 0)
		return;
	order = sec.order;
	fprintf(out, "------------------------------------------------------------------------\n");
	fprintf(out, "Benchmark Run: %s %s - %s\n", sec.day, sec.t0, sec.t1);
	fprintf(out, "%u CPU%s in system; running %u parallel cop%s of tests\n\n",
		r->sys.ncpus, r->sys.ncpus == 1 ? "" : "s", run->copies,
		run->copies == 1 ? "y" : "ies");
	if (r->ndirs >= 2) {
		const struct test_dir *td = &r->dirs[run->dir];

		fprintf(out, "%s %s%s\n", r->nsettings > run->dir ? "Setting" : "Test directory",
			td->label, run->dir == 0 ? " (the baseline)" : "");
		report_dir_lines(out, "Test dir: ", td->path, td->have_mount, &td->mount,
				 &td->device, "", 0);
		if (r->nsettings > run->dir)
			fprintf(out, "Setting command: %s\n", r->settings[run->dir].command);
		else if (run->dir > 0)
			fprintf(out, "(tests that do not use the test directory ran once, in %s)\n",
				r->dirs[0].label);
		fprintf(out, "\n");
	}
	for (size_t k = 0; k < run->ntests; k++)
		result_line(out, &run->tests[order[k]]);
	fprintf(out, "\n");
	for (int c = 0; c < CAT_COUNT; c++)
		index_table(out, run, order, (enum test_category)c);
	stats_block(out, r, run, order);
	report_placement_text(out, run, order);
	scaling_block(out, run, order);
	notes_block(out, run);
	report_section_close(&sec);
}

/* After UnixBench's layout, which stays as it prints it: the short summary. */
static void summary(FILE *out, const struct run_result *r)
{
	char lines[REPORT_SUMMARY_MAX][REPORT_SUMMARY_LINE];
	size_t n = report_summary(r, lines, REPORT_SUMMARY_MAX);

	fputs("========================================================================\n"
	      "Summary\n", out);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "  %s\n", lines[i]);
}

int report_text(FILE *out, const struct run_result *r)
{
	header(out, r);
	for (size_t i = 0; i < r->nruns; i++)
		copy_block(out, r, report_block(r, i));
	report_paired_text(out, r);
	summary(out, r);
	return ferror(out) ? -1 : 0;
}
