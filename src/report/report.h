/*
 * report.h: the writers.  Each takes the finished run_result and prints one
 * format; none computes anything (score.c and stats.c did).  The table drives
 * which files a run writes: results/<base><ext>.
 */
#ifndef SYSINDEX_REPORT_H
#define SYSINDEX_REPORT_H

#include <stdio.h>

#include "core/protocol.h"
#include "core/result.h"
#include "report/paired_table.h"
#include "report/table.h"

struct report_writer {
	const char *name;       /* "text", "json", ... */
	const char *ext;        /* "" for the text report, ".json", ... */
	int (*write)(FILE *out, const struct run_result *r);
	/* 1: it names the charts gnuplot drew (r->charts), so it is written
	 * after them; 0: before them, so that a filling disk takes the charts,
	 * not the text report. */
	int after_charts;
};

extern const struct report_writer report_writers[];
extern const size_t report_writers_len;

/* The classic UnixBench text report, plus sysindex's statistics block. */
int report_text(FILE *out, const struct run_result *r);

/* Machine-readable and publishable formats (docs/results.md). */
int report_json(FILE *out, const struct run_result *r);  /* schema_version 1 */
int report_csv(FILE *out, const struct run_result *r);   /* one row per sample */
/* The CSV's last column: "complete", "interrupted" (a signal), "stopped" (a setting). */
const char *report_csv_run_status(const struct run_result *r);
int report_html(FILE *out, const struct run_result *r);  /* self-contained page */
int report_md(FILE *out, const struct run_result *r);    /* Markdown tables */

/*
 * One sample as the record writes it (an element of a test's "samples";
 * label: a paired run's directory, "" or NULL otherwise), for the journal
 * (run/journal.c), which reader/record_read.c reads back the same way.
 */
struct json_out;
void report_json_sample(struct json_out *j, const struct pass_result *p, size_t idx,
			const struct test_def *def, const char *label);

/*
 * The CSV's metric columns (report_csv.c), in order after "ok": each named
 * column holds one METRIC (core/metrics.h) of the sample, its copies
 * combined as how says (score_pass_metric: MC_SUM, MC_MEAN, MC_MAX); empty
 * where no copy reported it.  The writer walks this table.
 */
struct csv_metric_col {
	const char *column, *metric;
	enum metric_combine how;
};
extern const struct csv_metric_col report_csv_metric_cols[];
extern const size_t report_csv_metric_ncols;

/*
 * The text report's Placement block of one copy run (report_placement.c):
 * where each placement-sensitive test's processes ran, read during the
 * samples, per test and, with more than one copy, per copy.  Nothing when no
 * test reported placement.  order: report_sorted's.
 */
void report_placement_text(FILE *out, const struct copy_run *run, const size_t *order);

/*
 * The same block as cells, for every writer: up to max rows of
 * REPORT_PLACE_COLS cells (label, readings, one CPU, 1/2/mixed, placement),
 * under report_placement_heads, explained by report_placement_legend.
 */
#define REPORT_PLACE_COLS 5
#define REPORT_PLACE_CELL 64
#define REPORT_PLACE_MAX 64
extern const char *const report_placement_heads[REPORT_PLACE_COLS];
extern const char report_placement_legend[];
size_t report_placement_rows(const struct copy_run *run, const size_t *order,
			     char (*cells)[REPORT_PLACE_COLS][REPORT_PLACE_CELL], size_t max);
/*
 * The same block as a Markdown or HTML table (report_table.c) in frame f,
 * whose heads f->heads writes: the label a text cell, the others numbers;
 * nothing when no test reported placement.  How many rows it wrote (the
 * writer adds report_placement_legend under them).
 */
size_t report_placement_table(struct table_out *t, const struct copy_run *run,
			      const size_t *order, const struct table_frame *f);

/*
 * The header's lines on what decides results (report_host.c), the same in
 * the text, Markdown and HTML reports: "CPU limits", "Copies chosen" when
 * the default copy count is below the online CPUs, one per readable
 * host-state row (its label from hoststate_rows) and "Not readable here".
 * The values are the machine's text, controls replaced: writers escape them.
 */
#define REPORT_CPU_LIMITS CPULIMITS_LABEL
#define REPORT_COPIES_WHY "Copies chosen"
#define REPORT_NOT_READABLE "Not readable here"
#define REPORT_HLINES_MAX (HS_COUNT + 3)
struct report_hline {
	const char *label;
	char value[HS_VALUE_MAX];
};
size_t report_host_lines(const struct run_result *r, struct report_hline *lines, size_t max);
/* "2 copies: cpu.max quota 2.0 CPUs of 64 online": 0, or -1 (out "") when the
 * copy count was given (-c) or no limit lowered it. */
int report_copies_why(const struct cpu_limits *l, char *out, size_t len);

/*
 * A test directory and its mount, described once for every writer
 * (report_dir.c): each string one line, control characters as octal
 * escapes.  path is "unknown" when empty; the rest is empty without a mount
 * (have_mount 0); free is "1.0 GiB of 2.0 GiB" or "unknown".
 */
struct report_dir {
	char path[4200];
	int have_mount;
	char mount[4400];       /* "/srv (ext4) from /dev/sda1" */
	char options[1200], super_options[1200];
	char device[2400];      /* "sda1 (partition of sda), rotational (kernel flag): no, ..." */
	char free[80];
};
void report_dir_desc(const char *path, int have_mount, const struct mount_entry *m,
		     const struct device_info *d, struct report_dir *out);
/*
 * Settings mode: the test dir's state (sys_info's mount, read before the
 * first setting's command ran) is not what any sample ran under; each
 * setting's own is on its Setting line.  Labels rd's options so (every
 * writer's header shows them so).
 */
#define REPORT_AS_FOUND " (as found before the first setting ran; each setting's own: " \
	"its Setting line)"
void report_dir_as_found(struct report_dir *rd);
/*
 * rd as one sentence ("/mnt/x on /mnt (ext4) from /dev/sda2; options: ...;
 * device: ...; free: ..."): its parts, each a literal head and a value for
 * the writer to escape its way; how many (at most REPORT_DIR_PARTS).
 */
#define REPORT_DIR_PARTS 5
struct report_dir_part {
	const char *head, *value;
};
size_t report_dir_parts(const struct report_dir *rd, struct report_dir_part *parts);

/*
 * A paired or settings run's heading (report_heading.c): what was compared,
 * "tmpfs vs ext4: file and disk tests" (the others against the baseline,
 * then the kinds of test that ran); "" for a run of one test dir.
 */
#define REPORT_HEADING_MAX (8 * TESTDIR_LABEL_MAX + 160)
void report_heading(const struct run_result *r, char *out, size_t len);

/* The "Test dir:" lines of the text header (settings mode: labelled as found). */
void report_testdir_lines(FILE *out, const struct run_result *r, const char *indent);

/*
 * Interference (report_intf.c): the run's totals over every sample, the
 * header line ("CPU steal during the run: 0.4 % of CPU time; ..."; -1 and
 * "" when nothing was measured) and how many samples were flagged.
 */
void report_intf_totals(const struct run_result *r, struct intf_total *t);
int report_intf_line(const struct run_result *r, char *out, size_t len);
/* The figures of that line: what compare's reader gets back from it. */
void report_intf_shares(const struct run_result *r, struct intf_shares *s);
size_t report_intf_disturbed(const struct run_result *r);
/* --exclude-disturbed: the samples left out; *kept: flagged but kept (all of a test's). */
size_t report_intf_excluded(const struct run_result *r, size_t *kept);
/*
 * The tests of run's System Benchmarks Index Score (*indexed of them) whose
 * result holds a disturbed sample it kept: the summary warns when any does.
 */
size_t report_intf_moved(const struct copy_run *run, size_t *indexed);
/*
 * Paired mode (two or more directories or settings): of the tests run at
 * copies, counted once over every directory's run, those that counted a
 * disturbed sample in any (the paired change uses every round: no
 * lowest-third rule); *tested gets the tests run.
 */
size_t report_intf_moved_paired(const struct run_result *r, unsigned copies, size_t *tested);

/* The text header's "Workload: UnixBench 6.0" line. */
void report_workload_line(FILE *out, const struct run_result *r, const char *indent);

/*
 * The head line and mount block of one directory ("Test dir: /mnt/x", ...);
 * as_found: settings mode's label (report_dir_as_found).
 */
void report_dir_lines(FILE *out, const char *head, const char *path, int have_mount,
		      const struct mount_entry *m, const struct device_info *d,
		      const char *indent, int as_found);

/*
 * Paired mode (report_paired.c).  report_paired_text: the "Paired
 * comparison" block after the per-directory blocks (nothing outside paired
 * mode).  The cells of one comparison row, the same in every writer:
 * each side's geometric mean over the paired rounds, the change, the 95% CI
 * of the change ("-1.20%..+0.40%"), the detectable change ("+-0.80%"), the
 * rounds and the verdict (or why there is none: "not compared: SKIPPED
 * noatime"), with the failing side's reason.
 */
int report_paired_text(FILE *out, const struct run_result *r);
/* The verdicts' method line(s) under a paired block: method, family, margin. */
void report_verdict_note(FILE *out, const struct verdict_family *f);
struct paired_row;
struct paired_cells;
/* A comparison of the run as paired_table.h's row, and that row's cells. */
void report_paired_row(const struct run_result *r, const struct paired_cmp *c,
		       struct paired_row *row);
void report_paired_cells(const struct run_result *r, const struct paired_cmp *c,
			 struct paired_cells *pc);
/*
 * The k-th block (k < r->nruns) in the order the text, Markdown and HTML
 * reports show them: paired mode's directory by directory (each with all
 * its copy counts, so a parser splitting at a repeated copy count finds one
 * report per directory), else r->runs[k].
 */
const struct copy_run *report_block(const struct run_result *r, size_t k);
/* A block's directory label ("" outside paired mode). */
const char *report_dir_label(const struct run_result *r, const struct copy_run *run);
/* The copy counts of a run, in order; how many. */
size_t report_paired_copies(const struct run_result *r, unsigned *out, size_t max);
/* The paired tables' directory column: "setting" in settings mode, else "dir". */
const char *report_paired_column(const struct run_result *r);
/*
 * The results table's columns after the test's title, as a writer picks
 * them: the result (or the test's state), the unit (with the program's note
 * in parentheses), mean seconds per kept sample, samples kept, the index
 * ("---" without a baseline), notes (the note and each metric a line, or
 * why the test has no result).  One row per test, in order.
 */
enum result_col { RC_RESULT, RC_UNIT, RC_UNIT_NOTE, RC_TIME, RC_SAMPLES, RC_INDEX, RC_NOTES };
void report_results_table(struct table_out *t, const struct copy_run *run, const size_t *order,
			  const enum result_col *cols, size_t ncols, const struct table_frame *f);
/* The statistics table's columns after the test's title, as a writer picks them. */
enum stat_col { SC_N, SC_MEAN, SC_SD, SC_CI, SC_CV, SC_MIN, SC_MAX, SC_FLAGS };
/* A copy run's statistics: one row per test with a result, in order
 * (report_sorted's). */
void report_stats_table(struct table_out *t, const struct run_result *r,
			const struct copy_run *run, const size_t *order,
			const enum stat_col *cols, size_t ncols, const struct table_frame *f);

/*
 * The results by copy count, right after the summary: one row per test (by
 * title) with its unit ("index", or the result's unit where the test has no
 * baseline), a column per copy count the run made (the baseline directory's
 * in paired mode, which the caption says), each cell the test's index or
 * result, or its state; a last row with the System Benchmarks Index Score.
 * f->heads writes the heads.
 */
void report_copies_table(struct table_out *t, const struct run_result *r,
			 const struct table_frame *f);

/*
 * The comparison rows of one copy count as one of paired_table.h's two
 * tables (a paired_rows_fn for paired_tables(); ctx a struct paired_of).
 * paired_table.h's note goes under them.
 */
struct paired_of {
	const struct run_result *r;
	unsigned copies;
};
void report_paired_table(struct table_out *t, enum paired_part part, const void *ctx);
/* The instance term every paired interval holds and what it leaves out:
 * every paired report says it. */
extern const char report_paired_instance_note[];
/* Settings mode's in its place: one instance, no term (cli sets --instance-sd 0). */
extern const char report_paired_settings_note[];
/* The one of the two notes above that holds for r. */
const char *report_paired_instance_words(const struct run_result *r);
/* What this run adds to it: --instance-sd's term, control rows, the rounds-only intervals ("" none). */
void report_paired_instance_extra(const struct run_result *r, char *out, size_t len);
/* Whether some row is order-adjusted; then the note goes on with report_paired_order_note. */
int report_paired_ordered(const struct run_result *r);
extern const char report_paired_order_note[];
/* --control's noise floor at one copy count: 1 and the figures, or 0 without control rows. */
int report_paired_noise(const struct run_result *r, unsigned copies, double *median_detect,
			double *max_change, size_t *n);


/*
 * The flag words of a test's statistics ("single-sample", "high-cv",
 * "bimodal", "zero-sample", "shared-cpu"/"separate-cpus", "placement-changed",
 * "unpinned", "hit-cap", "disturbed-excluded", "all-disturbed-kept"), the
 * same in every writer.  Returns how many were
 * stored in words[].
 */
#define REPORT_MAX_FLAGS 10
size_t report_flags(const struct run_result *r, const struct bench_result *t,
		    const char **words, size_t max);
/* The same words joined by spaces. */
const char *report_flag_words(const struct run_result *r, const struct bench_result *t,
			      char *buf, size_t len);

/*
 * The spread cells of a statistics row, the same in every writer: sd
 * ("12.3"), CI95 half-width and CV as percentages of the mean ("1.25%"); "-"
 * each when n < 2, since one sample has no spread and "0.00%" would read as
 * perfect precision.
 */
struct stat_cells {
	char sd[40], ci[40], cv[40];
};
void report_stat_cells(const struct summary *s, struct stat_cells *c);

/* The System Benchmarks Index Score's 95% interval as text, the same in every
 * writer ("unavailable: <why>" when a test has no spread); the text
 * report's line for it. */
const char *report_score_ci_text(const struct copy_run *run, char *buf, size_t len);
/* --repeat's figures of run's copy count (report_repeat.c), or NULL without --repeat. */
const struct repeat_score *report_repeat_of(const struct run_result *r, const struct copy_run *run);
/* The same as lines of text, each ending in a newline ("" without --repeat). */
void report_repeat_text(const struct run_result *r, const struct copy_run *run, char *out,
			size_t len);
void report_score_ci_line(FILE *out, const struct copy_run *run);

/*
 * A TF_CURVE test's latency curve (mem-latency): its lat_<size> metrics by
 * size, each with the level it fits in ("L1d", "L2", "L3", "L4", "DRAM", or
 * "?" when no cache size is known) and the size as text ("16.0 KiB").
 */
#define CURVE_MAX MAX_METRICS
struct curve_point {
	unsigned long long bytes;
	double ns;
	char level[8];
	char size[32];
};
size_t report_curve(const struct bench_result *t, struct curve_point *pts, size_t max);
/* Each TF_CURVE test's curve as a table (report_table.c), captioned by its
 * title: working set, ns per load, the level it fits in. */
void report_curve_tables(struct table_out *t, const struct copy_run *run, const size_t *order,
			 const struct table_frame *f);
/* Whether a metric is one of the curve's points (metric lines leave those out). */
int report_is_curve_metric(const struct metric *m);
/*
 * report_sustained.c: whether a metric is one of --sustained's (metric
 * lines leave those out), and a test's sustained figures in one sentence
 * ("burst 200 MB/s, sustained 100 MB/s (-50.0 %): steady at 2.0 s, the
 * rate changed at 0.6 s (steady: ...)"); -1 when it has none.
 */
int report_is_sustained_metric(const struct metric *m);
int report_sustained_words(const struct bench_result *t, char *out, size_t len);
/* A test's metric by name ("placement_changed"), or NULL. */
const struct metric *report_find_metric(const struct bench_result *t, const char *name);
/*
 * The notes a copy run's tables need, in words, each a fixed sentence:
 * scaling above 110 % and its cause (placement only for a test the test
 * table marks TF_PLACEMENT; for any other, what else it can be), and what
 * the File Copy rows measure.
 * Fills notes[] (at most REPORT_MAX_NOTES) and returns how many.  Every
 * writer prints them after the run's tables, never inside UnixBench's blocks.
 */
#define REPORT_MAX_NOTES 3
/*
 * Why a result's sample count and its statistics' n differ: UnixBench's
 * figure averages the samples its rule keeps, the statistics (and paired
 * mode's rounds) count every valid sample.  Under the text's Statistics
 * table where they differ; the HTML's Samples cell writes "4 of 5".
 */
#define REPORT_SAMPLES_WORDS "n counts every sample; a result line above averages only " \
	"the samples UnixBench's rule keeps (it drops the lowest third), so it names fewer."
size_t report_notes(const struct copy_run *run, const char **notes);

/* A partial score ratio in words: "b / a: -0.06%, 95% CI -0.93%..+0.81% (3 index tests, 7 rounds): equivalent". */
void report_paired_score_text(const struct run_result *r, const struct paired_score *p,
			      char *out, size_t len);

/*
 * The summary a reader takes in first (report_summary.c): plain lines,
 * the same in every writer (each escapes them its own way):
 *  - a quick run says it is a first look, not comparable with UnixBench;
 *  - a normal run: each copy count's index score with its 95 % interval;
 *  - a paired run: each directory's partial score ratio per copy count,
 *    then the verdicts counted, with the method;
 *  - the mode (r->mode, and a --compat workload);
 *  - the machine in one line: CPUs by model, memory, distribution, kernel,
 *    virtualisation;
 *  - the test directory: path, mount, file system, device, options (paired
 *    mode: one line per directory, with its label).
 * Returns how many lines it stored (at most REPORT_SUMMARY_MAX).
 */
#define REPORT_SUMMARY_MAX 48
#define REPORT_SUMMARY_LINE 320
/* What a --quick run's mode says of itself; the summary, which opens with
 * its own quick line, leaves it out of its Mode line. */
#define REPORT_QUICK_CAVEAT ": not comparable with UnixBench"
size_t report_summary(const struct run_result *r, char lines[][REPORT_SUMMARY_LINE], size_t max);
/*
 * The answer on one line (report_answer.c), when the question is one
 * setting or directory against a baseline (r->ndirs 2): per copy count,
 * what changed and by how much, what stayed within the margin, and the
 * rows left undecided with what deciding them would take at the measured
 * scatter (paired_rounds_to_decide): "Answer, noatime against relatime, 1
 * copy: File Read 1024 bufsize 2000 maxblocks +6.70% faster; the other 17
 * tests equivalent within +-2%".  Lines after lines[0..n); the new count.
 */
size_t report_answer(const struct run_result *r, char lines[][REPORT_SUMMARY_LINE], size_t n,
		     size_t max);
/* A --quick run's first summary line, and the gnuplot chart's last title line. */
#define REPORT_QUICK_FIRST "Quick run (--quick): a first look; its scores are not comparable " \
	"with published UnixBench scores."
/* How the line after a score that disturbed samples moved begins (a warning). */
#define REPORT_DISTURBED_HEAD "Disturbed, "
/*
 * Why an interrupted run is partial, for every writer's warning: "Interrupted
 * by signal 15", or "Stopped: setting b: its command exited with status 1"
 * (r->stopped, settings mode).  "" when the run was not interrupted.
 */
void report_stopped(const struct run_result *r, char *out, size_t len);
/* "id 1a2b..., virt kvm": the text report's Host identity line, for every format. */
void report_host_identity(const struct sys_info *si, char *buf, size_t len);
/* The device's rotational flag as the kernel states it: "yes", "no" or "unknown". */
const char *report_rotational(int rotational);

/*
 * The tests of r's copy runs that keep accepts (every one when keep is NULL),
 * once each (by name), sorted by title, into defs; returns how many (at
 * most max).  The chart's and the tables' rows across copy counts.
 */
size_t report_test_defs(const struct run_result *r,
			int (*keep)(const struct copy_run *, const struct bench_result *),
			const struct test_def **defs, size_t max);

/* Sorted by display name, as UnixBench prints results: indexes into run->tests. */
void report_sorted(const struct copy_run *run, size_t *order);

/*
 * What every writer's copy-run section opens with: the tests in display
 * order and the run's local day and start/end times ("Tue Dec 01 2026",
 * "08:00:00").  open: 0, or -1 out of memory; close frees order.
 */
struct report_section {
	size_t *order;
	char day[64], t0[16], t1[16];
};
int report_section_open(const struct copy_run *run, struct report_section *s);
void report_section_close(struct report_section *s);

/*
 * Settings mode (--setting): report_settings.c.  Setting d as one line
 * ("`CMD`; in force: mount rw,noatime; ..."); the warnings (settings.h's
 * settings_warnings) appended to lines[n..max); the Markdown section; the
 * JSON "settings" object (docs/results.md).  Nothing when r->nsettings is 0.
 */
struct json_out;
void report_setting_text(const struct run_result *r, size_t d, char *out, size_t len);
/* "; switch 4.2 ms a time (longest 9.0 ms)": its command's wall time, "" if not timed. */
void report_setting_switch(const struct setting_rec *s, char *out, size_t len);
size_t report_settings_warnings(const struct run_result *r, char lines[][REPORT_SUMMARY_LINE],
				size_t n, size_t max);
void report_settings_md(FILE *out, const struct run_result *r);
void report_settings_json(struct json_out *j, const struct run_result *r);

/*
 * The host's speed (report_speed.c): after lines[0..n-1], one summary line
 * per copy count whose samples gave an estimate (copy_run.host,
 * stats/hostfactor.h): how far the host's speed varied and how long it
 * remembered, the independent windows the run averaged, and what a budget
 * buys here (minutes for +-1 % on the score, samples spread over the run).
 * Returns the new count.
 */
size_t report_host_speed(const struct run_result *r, char lines[][REPORT_SUMMARY_LINE],
			 size_t n, size_t max);


#endif
