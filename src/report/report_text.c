/*
 * report_text.c: the text report in UnixBench's layout.  The result lines and
 * index tables are byte for byte the reference's format strings, so parsers
 * written for UnixBench reports keep working; sysindex adds header lines
 * (compiler, test dir) and a statistics block after each index table.
 */
#include "report/report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

const char *report_status_word(enum test_status s)
{
	switch (s) {
	case TS_OK: return "OK";
	case TS_FAILED: return "FAILED";
	case TS_SKIPPED: return "SKIPPED";
	case TS_UNAVAILABLE: return "N/A";
	case TS_NOT_RUN: break;
	}
	return "NOT RUN";
}

void report_sorted(const struct copy_run *run, size_t *order)
{
	for (size_t i = 0; i < run->ntests; i++)
		order[i] = i;
	for (size_t i = 1; i < run->ntests; i++) {
		size_t k = order[i], j = i;

		while (j > 0 && strcmp(run->tests[order[j - 1]].def->title,
				       run->tests[k].def->title) > 0) {
			order[j] = order[j - 1];
			j--;
		}
		order[j] = k;
	}
}

/* A path on one line: control characters (a newline in a folder name) are
 * written as octal escapes, as the kernel does in mountinfo. */
static void put_path(FILE *out, const char *s)
{
	for (; *s; s++) {
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			fprintf(out, "\\%03o", (unsigned)(unsigned char)*s);
		else
			fputc(*s, out);
	}
}

void report_testdir_lines(FILE *out, const struct sys_info *si, const char *indent)
{
	const struct mount_entry *m = &si->mount;
	const struct device_info *d = &si->device;
	char freeb[32], totalb[32];

	if (!si->testdir[0])
		return;
	fprintf(out, "%sTest dir: ", indent);
	put_path(out, si->testdir);
	fputc('\n', out);
	if (!si->have_mount) {
		fprintf(out, "%s          mount: unknown\n", indent);
		return;
	}
	fprintf(out, "%s          mount: ", indent);
	put_path(out, m->mount_point);
	fprintf(out, " (%s) from %s\n", m->fstype, m->source);
	fprintf(out, "%s          options: %s; superblock: %s\n", indent, m->options,
		m->super_options);
	fprintf(out, "%s          device: %s (%s", indent, d->name, d->kind);
	if (strcmp(d->kind, "partition") == 0)
		fprintf(out, " of %s", d->disk);
	if (d->backing_file[0])
		fprintf(out, ", backing file %s", d->backing_file);
	if (d->dm_name[0])
		fprintf(out, ", %s", d->dm_name);
	if (d->slaves[0])
		fprintf(out, " on %s", d->slaves);
	fprintf(out, "), rotational: %s, scheduler: %s, model: %s\n",
		d->rotational < 0 ? "unknown" : d->rotational ? "yes" : "no",
		d->scheduler, d->model);
	if (m->space_known) {
		format_bytes(m->avail_bytes, freeb, sizeof(freeb));
		format_bytes(m->total_bytes, totalb, sizeof(totalb));
		fprintf(out, "%s          free: %s of %s\n", indent, freeb, totalb);
	} else {
		fprintf(out, "%s          free: unknown\n", indent);
	}
}

static void header(FILE *out, const struct run_result *r)
{
	const struct sys_info *si = &r->sys;

	fprintf(out, "   BYTE UNIX Benchmarks (Version 6.0.0; sysindex %s)\n\n", r->version);
	if (r->interrupted)
		fprintf(out, "   *** Interrupted by signal %d: partial results ***\n\n", r->signal);
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
	fprintf(out, "   Host identity: id %s, virt %s\n",
		si->host.id[0] ? si->host.id : "unknown",
		si->host.virt[0] ? si->host.virt : "unknown");
	report_testdir_lines(out, si, "   ");
	fprintf(out, "\n");
}

static const struct metric *find_metric(const struct bench_result *t, const char *name)
{
	for (size_t m = 0; m < t->nmetrics; m++)
		if (strcmp(t->metrics[m].name, name) == 0)
			return &t->metrics[m];
	return NULL;
}

/* How many of a test's samples had every copy on one CPU / on two / mixed. */
static void placement_kinds(const struct bench_result *t, unsigned kinds[3])
{
	for (size_t p = 0; p < t->npasses && t->passes != NULL; p++) {
		const struct pass_result *ps = &t->passes[p];
		int shared = 0, apart = 0;

		for (size_t c = 0; c < ps->ncopies && ps->copies != NULL; c++)
			for (size_t m = 0; m < ps->copies[c].nmetrics; m++) {
				const struct metric *mt = &ps->copies[c].metrics[m];

				if (strcmp(mt->name, t->def->placement_metric) != 0)
					continue;
				shared |= mt->value > 0;
				apart |= mt->value < 1;
			}
		if (shared || apart)
			kinds[shared && apart ? 2 : shared ? 0 : 1]++;
	}
}

/*
 * context1: where the two processes ran, read during the loop (averaged
 * over copies and samples), and how many samples were on one CPU, on two
 * or mixed, e.g.
 *       placement: one CPU in 60.0% of 1220 readings; of 10 samples 6 on one
 *       CPU, 4 on two, 0 mixed; placement changed
 */
static void placement_line(FILE *out, const struct bench_result *t)
{
	const struct metric *frac = find_metric(t, t->def->placement_metric);
	const struct metric *n = find_metric(t, "placement_samples");
	const struct metric *moved = find_metric(t, "placement_changed");
	unsigned kinds[3] = { 0, 0, 0 };

	if (frac == NULL || n == NULL)
		return;
	placement_kinds(t, kinds);
	fprintf(out, "      placement: one CPU in %.1f%% of %.0f readings; of %u samples %u on one\n"
		"      CPU, %u on two, %u mixed%s\n",
		100.0 * frac->value, n->value, kinds[0] + kinds[1] + kinds[2], kinds[0],
		kinds[1], kinds[2],
		moved != NULL && moved->value > 0 ? "; placement changed" : "");
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

static void result_line(FILE *out, const struct bench_result *t)
{
	if (t->status != TS_OK) {
		fprintf(out, "%-40s %12s %-5s (%s)\n", t->def->title,
			report_status_word(t->status), t->def->unit, t->reason);
		return;
	}
	fprintf(out, "%-40s %12.1f %-5s (%.1f s, %zu samples)", t->def->title, t->score,
		t->def->unit, t->time, t->kept);
	if (t->note[0])
		fprintf(out, " [%s]", t->note);
	fprintf(out, "\n");
	if (t->def->placement_metric != NULL)
		placement_line(out, t);
	if (t->def->groups & (G_DISK | G_MEM | G_NET) && t->nmetrics > 0) {
		size_t col = 80, shown = 0;

		for (size_t m = 0; m < t->nmetrics; m++) {
			const struct metric *mt = &t->metrics[m];
			char item[96], num[32];
			double v = mt->value;

			if (report_is_curve_metric(mt))
				continue;   /* in the curve table below */
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
	char head[80];

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
			fprintf(out, "%-40s %12.1f %12.1f %8.1f\n", t->def->title,
				t->def->baseline, t->score, t->index);
		else
			fprintf(out, "%-40s %12s %12.1f %8s\n", t->def->title, "---",
				t->score, "---");
	}
	fprintf(out, "%-40s %12s %12s %8s\n", "", "", "", "========");
	fmt(head, sizeof(head), "%s Index Score%s", category_title[c],
		 ci->partial ? " (Partial Only)" : "");
	fprintf(out, "%-66s %8.1f\n\n", head, ci->score);
}

size_t report_flags(const struct run_result *r, const struct bench_result *t,
		    const char **words, size_t max)
{
	const struct summary *s = &t->stats;
	size_t n = 0;
	const struct metric *moved = find_metric(t, "placement_changed");

#define ADD(cond, word) do { if ((cond) && n < max) words[n++] = (word); } while (0)
	ADD(s->flags & SF_ONE, "single-sample");
	ADD(s->flags & SF_HIGH_CV, "high-cv");
	ADD(s->flags & SF_BIMODAL, "bimodal");
	ADD(t->shared_cpu == 1, "shared-cpu");
	ADD(t->shared_cpu == 0, "separate-cpus");
	ADD(moved != NULL && moved->value > 0, "placement-changed");
	/* Placement-sensitive tests are only repeatable when pinned (--pin). */
	ADD((t->def->flags & TF_PLACEMENT) && !r->pinned, "unpinned");
	ADD(t->capped, "hit-cap");
#undef ADD
	return n;
}

const char *report_flag_words(const struct run_result *r, const struct bench_result *t,
			      char *buf, size_t len)
{
	const char *w[REPORT_MAX_FLAGS];
	size_t n = report_flags(r, t, w, REPORT_MAX_FLAGS), used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && used < len; i++) {
		int k = snprintf(buf + used, len - used, "%s%s", i ? " " : "", w[i]);

		if (k < 0)
			break;
		used += (size_t)k;
	}
	return buf;
}

void report_stat_cells(const struct summary *s, struct stat_cells *c)
{
	if (s->n < 2) {
		snprintf(c->sd, sizeof(c->sd), "-");
		snprintf(c->ci, sizeof(c->ci), "-");
		snprintf(c->cv, sizeof(c->cv), "-");
		return;
	}
	snprintf(c->sd, sizeof(c->sd), "%.1f", s->sd);
	snprintf(c->ci, sizeof(c->ci), "%.2f%%", s->mean > 0 ? 100 * s->ci_half / s->mean : 0);
	snprintf(c->cv, sizeof(c->cv), "%.2f%%", 100 * s->cv);
}

/*
 * The statistics block: n, mean, sd and the 95% CI over every sample's rate,
 * enough for compare's Welch test even from a pasted report.
 */
static void stats_block(FILE *out, const struct run_result *r, const struct copy_run *run,
			const size_t *order)
{
	int any = 0;

	for (size_t k = 0; k < run->ntests; k++)
		if (run->tests[order[k]].status == TS_OK)
			any = 1;
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
		fprintf(out, "%-40s %3zu %12.1f %12s %9s %7s  %s\n", t->def->title,
			s->n, s->mean, c.sd, c.ci, c.cv, report_flag_words(r, t, flags, sizeof(flags)));
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

static void copy_block(FILE *out, const struct run_result *r, const struct copy_run *run)
{
	struct tm a, b;
	char day[64], t0[16], t1[16];
	size_t *order = calloc(run->ntests ? run->ntests : 1, sizeof(*order));

	if (order == NULL)
		return;
	report_sorted(run, order);
	localtime_r(&run->start, &a);
	localtime_r(&run->end, &b);
	strftime(day, sizeof(day), "%a %b %d %Y", &a);
	strftime(t0, sizeof(t0), "%H:%M:%S", &a);
	strftime(t1, sizeof(t1), "%H:%M:%S", &b);
	fprintf(out, "------------------------------------------------------------------------\n");
	fprintf(out, "Benchmark Run: %s %s - %s\n", day, t0, t1);
	fprintf(out, "%u CPU%s in system; running %u parallel cop%s of tests\n\n",
		r->sys.ncpus, r->sys.ncpus == 1 ? "" : "s", run->copies,
		run->copies == 1 ? "y" : "ies");
	for (size_t k = 0; k < run->ntests; k++)
		result_line(out, &run->tests[order[k]]);
	fprintf(out, "\n");
	for (int c = 0; c < CAT_COUNT; c++)
		index_table(out, run, order, (enum test_category)c);
	stats_block(out, r, run, order);
	scaling_block(out, run, order);
	free(order);
}

int report_text(FILE *out, const struct run_result *r)
{
	header(out, r);
	for (size_t i = 0; i < r->nruns; i++)
		copy_block(out, r, &r->runs[i]);
	return ferror(out) ? -1 : 0;
}
