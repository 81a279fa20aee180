/*
 * report_md.c: the report as Markdown (GitHub/CommonMark tables), to paste
 * into an issue, a blog post or a forum.  Short on purpose: the header, and
 * per copy count the results with their index, the index score in bold and
 * the statistics.  Text from the machine is escaped so it cannot break a
 * table or start a link.  The tables' rows are report_table.c's, the same
 * as the HTML page's: this file gives their Markdown (marks and frames).
 */
#include "report/report.h"

#include <stdlib.h>
#include <string.h>

#include "util/json_out.h"
#include "util/util.h"

/* Markdown punctuation backslash-escaped; newlines and tabs become spaces. */
static const char *md_sub(unsigned char c, char buf[8])
{
	if (c == '\n' || c == '\r' || c == '\t')
		return " ";
	if (c == 0 || strchr("\\|*_`<>[]#~", c) == NULL)
		return NULL;
	buf[0] = '\\';
	buf[1] = (char)c;
	buf[2] = '\0';
	return buf;
}

/* Text in a table or list: escaped, and bytes that are not UTF-8 become
 * U+FFFD, so the page stays valid text. */
static void md(FILE *out, const char *str)
{
	put_utf8_escaped(out, str, strlen(str), md_sub, "\xef\xbf\xbd");
}

/* A table's rows in Markdown (report_table.c builds them). */
static const struct table_marks md_marks = {
	.row = "| ", .row_num = "| ", .cell = " | ", .num = " | ", .end = " |\n",
	.empty = " |", .line = "", .line_next = "; ", .line_end = "",
};

static struct table_out md_table(FILE *out)
{
	struct table_out t = { .out = out, .m = &md_marks, .esc = md };

	return t;
}

/* "AMD EPYC × 2, Intel Xeon × 1": identical models counted together. */
static void cpu_summary(FILE *out, const struct sys_info *si)
{
	int *done = calloc(si->ncpu_info ? si->ncpu_info : 1, sizeof(*done));
	int first = 1;

	if (si->ncpu_info == 0 || si->cpus == NULL || done == NULL) {
		fprintf(out, "%u CPU%s", si->ncpus, si->ncpus == 1 ? "" : "s");
		free(done);
		return;
	}
	for (size_t i = 0; i < si->ncpu_info; i++) {
		size_t n = 0;

		if (done[i])
			continue;
		for (size_t k = i; k < si->ncpu_info; k++)
			if (!done[k] && strcmp(si->cpus[k].model, si->cpus[i].model) == 0) {
				done[k] = 1;
				n++;
			}
		fputs(first ? "" : ", ", out);
		md(out, si->cpus[i].model);
		fprintf(out, " × %zu", n);
		first = 0;
	}
	free(done);
}

/* "/mnt/x on /mnt (ext4, /dev/sda2, rw,noatime; rotational: no)" */
static void dir_text(FILE *out, const char *path, int have_mount, const struct mount_entry *m,
		     const struct device_info *d)
{
	md(out, path);
	if (!have_mount)
		return;
	fputs(" on ", out);
	md(out, m->mount_point);
	fputs(" (", out);
	md(out, m->fstype);
	fputs(", ", out);
	md(out, m->source);
	fputs(", ", out);
	md(out, m->options);
	fprintf(out, "; rotational: %s)", d->rotational < 0 ? "unknown" : d->rotational ? "yes" : "no");
}

static void header(FILE *out, const struct run_result *r)
{
	const struct sys_info *si = &r->sys;

	fputs("# sysindex results: ", out);
	md(out, si->hostname);
	fputs("\n\n", out);
	if (r->interrupted)
		fprintf(out, "**Interrupted by signal %d: partial results.**\n\n", r->signal);
	fputs("- **Host:** ", out);
	md(out, si->hostname);
	fputs("\n- **OS:** ", out);
	md(out, si->os);
	fputs(" ", out);
	md(out, si->os_release);
	fputs(" (", out);
	md(out, si->machine);
	fputs(")\n- **CPU:** ", out);
	cpu_summary(out, si);
	fprintf(out, "; %u online\n", si->ncpus);
	if (si->mem_total_kb > 0) {
		char mem[32];

		format_bytes(si->mem_total_kb * 1024ULL, mem, sizeof(mem));
		fprintf(out, "- **Memory:** %s\n", mem);
	}
	fputs("- **Compiler:** ", out);
	md(out, si->cc_version);
	fputs("; test programs built with ", out);
	md(out, si->bench_cflags);
	fputs("\n- **Test dir:** ", out);
	dir_text(out, si->testdir[0] ? si->testdir : "unknown", si->have_mount, &si->mount,
		 &si->device);
	fputs("\n- **sysindex:** ", out);
	md(out, r->version);
	fputs(", mode ", out);
	md(out, r->mode);
	fputs("\n- **Workload:** ", out);
	md(out, workload_tags[r->workload]);
	{
		char intf[600];

		if (report_intf_line(r, intf, sizeof(intf)) == 0) {
			fputs("\n- **Interference:** ", out);
			md(out, intf);
		}
	}
	fputs("\n\n", out);
}

static const struct table_frame md_results = {
	.open = "",
	.head = "| Test | Result | Unit | Index |\n|:-----|-----:|:-----|-----:|\n",
	.close = "\n",
};
static const enum result_col md_result_cols[] = { RC_RESULT, RC_UNIT_NOTE, RC_INDEX };

/* mem-latency's curve: one row per working set. */
static const struct table_frame md_curve = {
	.open = "**",
	.head = ":** working set to ns per load\n\n| Working set | ns/load | Fits in |\n"
		"|-----:|-----:|:-----|\n",
	.close = "\n",
};

static const struct table_frame md_stats = {
	.open = "",
	.head = "| Test | n | mean | ±CI95 | CV | flags |\n"
		"|:-----|--:|-----:|------:|---:|:------|\n",
	.close = "\n",
};
static const enum stat_col md_stat_cols[] = { SC_N, SC_MEAN, SC_CI, SC_CV, SC_FLAGS };

static void copy_section(FILE *out, const struct run_result *r, const struct copy_run *run)
{
	struct table_out tab = md_table(out);
	struct report_section sec;
	const size_t *order;
	int any = 0;

	if (report_section_open(run, &sec) != 0)
		return;
	order = sec.order;
	fprintf(out, "## %u parallel cop%s (%s %s - %s)", run->copies,
		run->copies == 1 ? "y" : "ies", sec.day, sec.t0, sec.t1);
	if (r->ndirs >= 2) {
		const struct test_dir *td = &r->dirs[run->dir];

		fputs(": test dir ", out);
		md(out, td->label);
		fputs(run->dir == 0 ? " (baseline)\n\n" : "\n\n", out);
		fputs("Test dir ", out);
		dir_text(out, td->path, td->have_mount, &td->mount, &td->device);
		if (run->dir > 0) {
			fputs(". Tests that do not use the test directory ran once, in ", out);
			md(out, r->dirs[0].label);
		}
	}
	fputs("\n\n", out);
	report_results_table(&tab, run, order, md_result_cols,
			     sizeof(md_result_cols) / sizeof(md_result_cols[0]), &md_results);
	report_curve_tables(&tab, run, order, &md_curve);
	for (int c = 0; c < CAT_COUNT; c++) {
		const struct cat_index *ci = &run->cats[c];

		if (ci->nindexed > 0)
			fprintf(out, "**%s Index Score%s: %.1f**\n\n", category_title[c],
				ci->partial ? " (Partial Only)" : "", ci->score);
	}
	for (size_t k = 0; k < run->ntests; k++)
		any |= run->tests[k].status == TS_OK;
	if (any)
		report_stats_table(&tab, r, run, order, md_stat_cols,
				   sizeof(md_stat_cols) / sizeof(md_stat_cols[0]), &md_stats);
	report_section_close(&sec);
}

/* Paired mode: the comparison table per copy count (report_paired.c's cells). */
static void paired_section(FILE *out, const struct run_result *r)
{
	struct table_out tab = md_table(out);
	unsigned copies[16];
	size_t nc = report_paired_copies(r, copies, 16);

	for (size_t i = 0; i < nc; i++) {
		fprintf(out, "## Paired comparison: %u cop%s, baseline ", copies[i],
			copies[i] == 1 ? "y" : "ies");
		md(out, r->dirs[0].label);
		fputs("\n\n| Test | Dir | ", out);
		md(out, r->dirs[0].label);
		fputs(" | Result | Change | 95% CI | Detect | Rounds | Verdict |\n"
		      "|:-----|:----|-----:|-----:|-----:|-----:|-----:|-----:|:------|\n", out);
		report_paired_rows(&tab, r, copies[i]);
		fputs("\n", out);
	}
	fputs(report_paired_note, out);
	if (report_paired_ordered(r))
		fprintf(out, " %s", report_paired_order_note);
	if (r->quick)
		fputs(" --quick: 3 rounds of short samples, a first look.", out);
	fputs("\n\n", out);
}

int report_md(FILE *out, const struct run_result *r)
{
	header(out, r);
	for (size_t i = 0; i < r->nruns; i++)
		copy_section(out, r, report_block(r, i));
	if (r->ndirs >= 2)
		paired_section(out, r);
	return ferror(out) ? -1 : 0;
}
