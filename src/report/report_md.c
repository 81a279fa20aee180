/*
 * report_md.c: the report as Markdown (GitHub/CommonMark tables), to paste
 * into an issue, a blog post or a forum.  Short on purpose: the header, and
 * per copy count the results with their index, the index score in bold and
 * the statistics.  Text from the machine is escaped so it cannot break a
 * table or start a link.  The tables' rows are report_table.c's, the same
 * as the HTML page's, in report_table.c's Markdown: this file gives their
 * frames.
 */
#include "report/report.h"

#include <stdlib.h>
#include <string.h>

#include "report/paired_table.h"
#include "util/json_out.h"
#include "util/md_out.h"
#include "util/util.h"

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
		md_text(out, si->cpus[i].model);
		fprintf(out, " × %zu", n);
		first = 0;
	}
	free(done);
}

/* "/mnt/x on /mnt (ext4) from /dev/sda2; options: ...; device: ...; free: ...",
 * from the one description (report_dir.c). */
static void dir_text(FILE *out, const char *path, int have_mount, const struct mount_entry *m,
		     const struct device_info *d, int as_found)
{
	struct report_dir *rd = malloc(sizeof(*rd));

	if (rd == NULL)
		return;
	report_dir_desc(path, have_mount, m, d, rd);
	if (as_found)
		report_dir_as_found(rd);
	{
		struct report_dir_part parts[REPORT_DIR_PARTS];
		size_t n = report_dir_parts(rd, parts);

		for (size_t i = 0; i < n; i++) {
			fputs(parts[i].head, out);
			md_text(out, parts[i].value);
		}
	}
	free(rd);
}

/* The summary first (report_summary), a reader's first screen. */
static void summary(FILE *out, const struct run_result *r)
{
	char lines[REPORT_SUMMARY_MAX][REPORT_SUMMARY_LINE];
	size_t n = report_summary(r, lines, REPORT_SUMMARY_MAX);

	fputs("## Summary\n\n", out);
	for (size_t i = 0; i < n; i++) {
		fputs("- ", out);
		md_text_code(out, lines[i]);   /* a setting's command as code */
		fputc('\n', out);
	}
	fputc('\n', out);
}

/* Heads written one by one (the copies and placement tables), left- or right-aligned. */
static const struct table_heads md_heads = {
	.open = "| ", .sep = " | ", .close = " |\n",
	.rule_open = "|", .rule_text = ":-----|", .rule_num = "-----:|", .rule_end = "\n",
};
/* The results by copy count (report_copies_table), right after the summary. */
static const struct table_frame md_copies = {
	.open = "## Results\n\n", .head = "\n\n", .close = "\n", .heads = &md_heads,
};

/*
 * "![alt](<base><suffix>.svg)" when gnuplot wrote that chart (r->charts has
 * flag): a link relative to the Markdown, which lies beside it, so that
 * the chart travels with the page; the file name percent-encoded but for
 * letters, digits and "._~-" (a hostname is hostile).
 */
static void chart_link(FILE *out, const struct run_result *r, unsigned flag, const char *suffix,
		       const char *alt)
{
	if (!(r->charts & flag))
		return;
	fputs("![", out);
	md_text(out, alt);
	fputs("](", out);
	for (const unsigned char *p = (const unsigned char *)r->base_name; *p; p++)
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("._~-", *p) != NULL)
			fputc(*p, out);
		else
			fprintf(out, "%%%02X", *p);
	fprintf(out, "%s.svg)\n\n", suffix);
}

static void header(FILE *out, const struct run_result *r)
{
	const struct sys_info *si = &r->sys;
	char heading[REPORT_HEADING_MAX];

	/* A comparison is headed by what it compared, then the host. */
	report_heading(r, heading, sizeof(heading));
	if (heading[0]) {
		fputs("# ", out);
		md_text(out, heading);
		fputs("\n\nsysindex results: ", out);
	} else {
		fputs("# sysindex results: ", out);
	}
	md_text(out, si->hostname);
	fputs("\n\n", out);
	summary(out, r);
	{
		struct table_out tab = table_md(out);

		report_copies_table(&tab, r, &md_copies);
	}
	chart_link(out, r, RUN_CHART_INDEX, "", "Index per test and copy count");
	if (r->interrupted) {
		char why[REASON_MAX + 16];

		report_stopped(r, why, sizeof(why));
		fputs("**", out);
		md_text(out, why);
		fputs(": partial results.**\n\n", out);
	}
}

/* The host and run in detail, after the answer (a paired run's verdicts). */
static void details(FILE *out, const struct run_result *r)
{
	const struct sys_info *si = &r->sys;
	char hostid[256];

	fputs("## Details\n\n", out);
	fputs("- **Host:** ", out);
	md_text(out, si->hostname);
	fputs("\n- **OS:** ", out);
	md_text(out, si->os);
	fputs(" ", out);
	md_text(out, si->os_release);
	fputs(" (", out);
	md_text(out, si->machine);
	fputs(")\n", out);
	if (si->distribution[0]) {
		fputs("- **Distribution:** ", out);
		md_text(out, si->distribution);
		fputs("\n", out);
	}
	report_host_identity(si, hostid, sizeof(hostid));
	fputs("- **Host identity:** ", out);
	md_text(out, hostid);
	fputs("\n- **CPU:** ", out);
	cpu_summary(out, si);
	fprintf(out, "; %u online\n", si->ncpus);
	if (si->mem_total_kb > 0) {
		char mem[32];

		format_bytes(si->mem_total_kb * 1024ULL, mem, sizeof(mem));
		fprintf(out, "- **Memory:** %s\n", mem);
	}
	{
		struct report_hline hl[REPORT_HLINES_MAX];
		size_t n = report_host_lines(r, hl, REPORT_HLINES_MAX);

		for (size_t i = 0; i < n; i++) {
			fprintf(out, "- **%s:** ", hl[i].label);
			md_text(out, hl[i].value);
			fputc('\n', out);
		}
	}
	fputs("- **Compiler:** ", out);
	md_text(out, si->cc_version);
	fputs("; test programs built with ", out);
	md_text(out, si->bench_cflags);
	fputs("\n- **Test dir:** ", out);
	dir_text(out, si->testdir[0] ? si->testdir : "unknown", si->have_mount, &si->mount,
		 &si->device, r->nsettings >= 2);
	fputs("\n- **sysindex:** ", out);
	md_text(out, r->version);
	fputs(", mode ", out);
	md_text(out, r->mode);
	fputs("\n- **Workload:** ", out);
	md_text(out, workload_tags[r->workload]);
	{
		char intf[600];

		if (report_intf_line(r, intf, sizeof(intf)) == 0) {
			fputs("\n- **Interference:** ", out);
			md_text(out, intf);
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

/* The text report's Scaling block as a table, then report_notes(). */
static void scaling_notes(FILE *out, const struct copy_run *run, const size_t *order)
{
	const char *notes[REPORT_MAX_NOTES];
	size_t n = report_notes(run, notes);
	int any = 0;

	for (size_t k = 0; k < run->ntests; k++) {
		const struct bench_result *t = &run->tests[order[k]];

		if (t->scaling <= 0)
			continue;
		if (!any)
			fprintf(out, "| Scaling: result / (%u x 1-copy result) | |\n|---|---:|\n",
				run->copies);
		any = 1;
		fputs("| ", out);
		md_text(out, t->def->title);
		fprintf(out, " | %.1f %% |\n", 100 * t->scaling);
	}
	if (any)
		fputs("\n", out);
	for (size_t i = 0; i < n; i++) {
		md_text(out, notes[i]);
		fputs("\n\n", out);
	}
}

/* --sustained: each disk test's burst, sustained rate and change, in words. */
static void sustained(FILE *out, const struct copy_run *run, const size_t *order)
{
	int any = 0;

	for (size_t k = 0; k < run->ntests; k++) {
		const struct bench_result *t = &run->tests[order[k]];
		char words[512];

		if (report_sustained_words(t, words, sizeof(words)) != 0)
			continue;
		if (!any)
			fputs("**Burst or sustained** (--sustained)\n\n", out);
		any = 1;
		fputs("- ", out);
		md_text(out, t->def->title);
		fputs(": ", out);
		md_text(out, words);
		fputs("\n", out);
	}
	if (any)
		fputs("\n", out);
}

/* The Placement block (report_table.c's table) with its legend in words. */
static const struct table_frame md_placement = {
	.open = "**Placement** (read during each sample)\n\n", .head = "", .close = "\n",
	.heads = &md_heads,
};

static void placement(FILE *out, const struct copy_run *run, const size_t *order)
{
	struct table_out tab = table_md(out);

	if (report_placement_table(&tab, run, order, &md_placement) > 0) {
		md_text(out, report_placement_legend);
		fputs("\n\n", out);
	}
}

static void copy_section(FILE *out, const struct run_result *r, const struct copy_run *run)
{
	struct table_out tab = table_md(out);
	struct report_section sec;
	const size_t *order;
	int any = 0;
	char cibuf[160];

	if (report_section_open(run, &sec) != 0)
		return;
	order = sec.order;
	fprintf(out, "## %u parallel cop%s (%s %s - %s)", run->copies,
		run->copies == 1 ? "y" : "ies", sec.day, sec.t0, sec.t1);
	if (r->ndirs >= 2) {
		const struct test_dir *td = &r->dirs[run->dir];

		fputs(r->nsettings > run->dir ? ": setting " : ": test dir ", out);
		md_text(out, td->label);
		fputs(run->dir == 0 ? " (baseline)\n\n" : "\n\n", out);
		fputs("Test dir ", out);
		dir_text(out, td->path, td->have_mount, &td->mount, &td->device, 0);
		if (r->nsettings > run->dir) {
			fputs(". Setting command: ", out);
			md_code(out, r->settings[run->dir].command, 0);
		} else if (run->dir > 0) {
			fputs(". Tests that do not use the test directory ran once, in ", out);
			md_text(out, r->dirs[0].label);
		}
	}
	fputs("\n\n", out);
	report_results_table(&tab, run, order, md_result_cols,
			     sizeof(md_result_cols) / sizeof(md_result_cols[0]), &md_results);
	report_curve_tables(&tab, run, order, &md_curve);
	chart_link(out, r, RUN_CHART_SUSTAINED, "-sustained",
		   "Each disk test's rate per interval over time (--sustained)");
	sustained(out, run, order);
	for (int c = 0; c < CAT_COUNT; c++) {
		const struct cat_index *ci = &run->cats[c];
		char fb[FIGURE_BUF];

		if (ci->nindexed > 0)
			fprintf(out, "**%s Index Score%s: %s**\n\n", category_title[c],
				ci->partial ? " (Partial Only)" : "", figure(fb, ci->score, 0));
	}
	if (run->cats[CAT_SYSTEM].nindexed > 0)
		fprintf(out, "Index score 95%% CI (delta method): %s\n\n",
			report_score_ci_text(run, cibuf, sizeof(cibuf)));
	{
		char rep[768];

		report_repeat_text(r, run, rep, sizeof(rep));
		if (rep[0]) {
			md_text(out, rep);
			fputs("\n\n", out);
		}
	}
	for (size_t k = 0; k < run->ntests; k++)
		any |= run->tests[k].status == TS_OK;
	if (any)
		report_stats_table(&tab, r, run, order, md_stat_cols,
				   sizeof(md_stat_cols) / sizeof(md_stat_cols[0]), &md_stats);
	placement(out, run, order);
	scaling_notes(out, run, order);
	report_section_close(&sec);
}

/* Paired mode: the comparison table per copy count (report_paired.c's cells). */
static void paired_section(FILE *out, const struct run_result *r)
{
	struct table_out tab = table_md(out);
	unsigned copies[16];
	size_t nc = report_paired_copies(r, copies, 16);
	char method[VERDICT_EXPLAIN_MAX], note[512 + TESTDIR_LABEL_MAX];

	chart_link(out, r, RUN_CHART_PAIRED, "-paired",
		   "Each directory's change against the baseline, with its 95 % interval");
	for (size_t i = 0; i < nc; i++) {
		fprintf(out, "## Paired comparison: %u cop%s, baseline ", copies[i],
			copies[i] == 1 ? "y" : "ies");
		md_text(out, r->dirs[0].label);
		fputs("\n\n", out);
		{
			struct paired_of of = { r, copies[i] };

			paired_tables(&tab, r->dirs[0].label, report_paired_column(r), 0,
				      report_paired_table, &of);
		}
	}
	paired_table_note(note, sizeof(note), r->dirs[0].label, report_paired_column(r));
	paired_legend_open(out, 0);
	md_text(out, note);
	verdict_explain(&r->family, method, sizeof(method));
	fprintf(out, " %s", method);
	fprintf(out, " %s", report_paired_instance_words(r));
	{
		char extra[512];

		report_paired_instance_extra(r, extra, sizeof(extra));
		if (extra[0])
			fprintf(out, " %s", extra);
	}
	if (report_paired_ordered(r))
		fprintf(out, " %s", report_paired_order_note);
	paired_legend_close(out, 0);
	if (r->quick)
		fputs("--quick: 3 rounds of short samples, a first look.\n\n", out);
}

int report_md(FILE *out, const struct run_result *r)
{
	header(out, r);
	/* A paired run's answer, its comparison, comes before the details. */
	report_settings_md(out, r);
	if (r->ndirs >= 2)
		paired_section(out, r);
	details(out, r);
	for (size_t i = 0; i < r->nruns; i++)
		copy_section(out, r, report_block(r, i));
	return ferror(out) ? -1 : 0;
}
