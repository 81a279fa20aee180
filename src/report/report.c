/*
 * report.c: the table of writers a run produces, one file each, and what
 * every writer shares: status words, the sorted order of a copy run's
 * tests, the opening of a copy run's section, the test directory lines, the
 * flag words and the spread cells of the statistics.
 */
#include "report/report.h"

#include <stdlib.h>
#include <string.h>

#include "core/metrics.h"

#include "util/util.h"
#include "util/quote.h"

const struct report_writer report_writers[] = {
	{ "text", "", report_text, 0 },
	{ "csv", ".csv", report_csv, 0 },
	{ "json", ".json", report_json, 1 },
	{ "html", ".html", report_html, 1 },
	{ "md", ".md", report_md, 1 },
};
const size_t report_writers_len = sizeof(report_writers) / sizeof(report_writers[0]);

size_t report_test_defs(const struct run_result *r,
			int (*keep)(const struct copy_run *, const struct bench_result *),
			const struct test_def **defs, size_t max)
{
	size_t n = 0;

	for (size_t s = 0; s < r->nruns; s++)
		for (size_t k = 0; k < r->runs[s].ntests; k++) {
			const struct test_def *d = r->runs[s].tests[k].def;
			size_t i = 0;

			if (d == NULL || (keep != NULL && !keep(&r->runs[s], &r->runs[s].tests[k])))
				continue;
			while (i < n && strcmp(defs[i]->name, d->name) != 0)
				i++;
			if (i == n && n < max)
				defs[n++] = d;
		}
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && strcmp(defs[j - 1]->title, defs[j]->title) > 0; j--) {
			const struct test_def *t = defs[j];

			defs[j] = defs[j - 1];
			defs[j - 1] = t;
		}
	return n;
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

void report_testdir_lines(FILE *out, const struct run_result *r, const char *indent)
{
	const struct sys_info *si = &r->sys;

	if (si->testdir[0])
		report_dir_lines(out, "Test dir: ", si->testdir, si->have_mount, &si->mount,
				 &si->device, indent, r->nsettings >= 2);
}

/* The text header's block from the one description (report_dir.c). */
void report_dir_lines(FILE *out, const char *head, const char *path, int have_mount,
		      const struct mount_entry *m, const struct device_info *d,
		      const char *indent, int as_found)
{
	struct report_dir *rd = malloc(sizeof(*rd));

	if (rd == NULL) {
		fprintf(out, "%s%s(out of memory)\n", indent, head);
		return;
	}
	report_dir_desc(path, have_mount, m, d, rd);
	if (as_found)
		report_dir_as_found(rd);
	fprintf(out, "%s%s%s\n", indent, head, rd->path);
	if (!rd->have_mount) {
		fprintf(out, "%s          mount: unknown\n", indent);
	} else {
		fprintf(out, "%s          mount: %s\n", indent, rd->mount);
		fprintf(out, "%s          options: %s; superblock: %s\n", indent, rd->options,
			rd->super_options);
		fprintf(out, "%s          device: %s\n", indent, rd->device);
		fprintf(out, "%s          free: %s\n", indent, rd->free);
	}
	free(rd);
}

size_t report_notes(const struct copy_run *run, const char **notes)
{
	int over_placed = 0, over_other = 0, page_cache = 0;
	size_t n = 0;

	/* The test table says which tests placement moves (TF_PLACEMENT); only theirs is its doing. */
	for (size_t k = 0; k < run->ntests; k++) {
		const struct bench_result *t = &run->tests[k];
		int placed = (t->def->flags & TF_PLACEMENT) != 0;

		over_placed |= t->scaling > 1.10 && placed;
		over_other |= t->scaling > 1.10 && !placed;
		page_cache |= t->status == TS_OK && (t->def->flags & TF_PAGE_CACHE);
	}
	if (over_placed)
		notes[n++] = "Scaling above 110 % in a test that placement moves comes from "
			     "placement: a copy's processes sharing, or not sharing, a CPU with "
			     "their partner run faster or slower than one copy alone did. --pin "
			     "gives each copy its own CPUs and makes the figure repeatable.";
	if (over_other)
		notes[n++] = "Scaling above 110 % in a test that placement does not move is not a "
			     "placement effect: it can be the timing noise of few samples (one per "
			     "copy count with --quick), the page cache serving several copies at once "
			     "(the File Copy rows), or a host that was busier during one copy count. "
			     "Run again without --quick to see whether it holds.";
	if (page_cache)
		notes[n++] = "The File Copy rows measure the page cache (the files stay in "
			     "memory), not the disk under the test directory; the disk group "
			     "(./Run --testdir DIR disk) measures the device.";
	return n;
}

void report_host_identity(const struct sys_info *si, char *buf, size_t len)
{
	fmt(buf, len, "id %s, virt %s", si->host.id[0] ? si->host.id : "unknown",
	    si->host.virt[0] ? si->host.virt : "unknown");
}

const char *report_rotational(int rotational)
{
	return rotational < 0 ? "unknown" : rotational ? "yes" : "no";
}

const struct metric *report_find_metric(const struct bench_result *t, const char *name)
{
	for (size_t m = 0; m < t->nmetrics; m++)
		if (strcmp(t->metrics[m].name, name) == 0)
			return &t->metrics[m];
	return NULL;
}

size_t report_flags(const struct run_result *r, const struct bench_result *t,
		    const char **words, size_t max)
{
	const struct summary *s = &t->stats;
	size_t n = 0;
	const struct metric *moved = report_find_metric(t, METRIC_PLACEMENT_CHANGED);

#define ADD(cond, word) do { if ((cond) && n < max) words[n++] = (word); } while (0)
	ADD(s->flags & SF_ONE, "single-sample");
	ADD(s->flags & SF_HIGH_CV, "high-cv");
	ADD(s->flags & SF_BIMODAL, "bimodal");
	ADD(s->flags & SF_ZERO, "zero-sample");
	ADD(t->shared_cpu == 1, "shared-cpu");
	ADD(t->shared_cpu == 0, "separate-cpus");
	ADD(moved != NULL && moved->value > 0, "placement-changed");
	/* Placement-sensitive tests are only repeatable when pinned (--pin). */
	ADD((t->def->flags & TF_PLACEMENT) && !r->pinned, "unpinned");
	ADD(t->capped, "hit-cap");
	ADD(t->excluded > 0, "disturbed-excluded");
	ADD(t->flagged_kept > 0, "all-disturbed-kept");
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
	figure(c->sd, s->sd, 0);
	snprintf(c->ci, sizeof(c->ci), "%.2f%%", s->mean > 0 ? 100 * s->ci_half / s->mean : 0);
	snprintf(c->cv, sizeof(c->cv), "%.2f%%", 100 * s->cv);
}

int report_section_open(const struct copy_run *run, struct report_section *s)
{
	struct tm a, b;

	memset(s, 0, sizeof(*s));
	s->order = calloc(run->ntests ? run->ntests : 1, sizeof(*s->order));
	if (s->order == NULL)
		return -1;
	report_sorted(run, s->order);
	localtime_r(&run->start, &a);
	localtime_r(&run->end, &b);
	strftime(s->day, sizeof(s->day), "%a %b %d %Y", &a);
	strftime(s->t0, sizeof(s->t0), "%H:%M:%S", &a);
	strftime(s->t1, sizeof(s->t1), "%H:%M:%S", &b);
	return 0;
}

void report_section_close(struct report_section *s)
{
	free(s->order);
	s->order = NULL;
}
