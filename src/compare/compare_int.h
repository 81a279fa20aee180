/*
 * compare_int.h: what the files of `sysindex compare` share (private):
 *
 *   cmd_compare.c    options and the command's main flow
 *   compare_msg.c    usage errors and warnings (calls no other compare file)
 *   compare_load.c   file arguments to inputs (records, reports, samples,
 *                    labels), and the warnings about inputs that differ
 *   compare_model.c  what compare reads of a run's model (read from its
 *                    record, or from text by reader/text_import.c)
 *   compare_judge.c  rows, cells, each change's log-ratio and its verdict
 *                    (stats/verdict.h over the whole output)
 *   compare_out.c    two inputs' table, --long, CSV and JSON output
 *   compare_matrix.c more inputs: a matrix of values, one of changes
 *   compare_noise.c  the control tests' noise floor (inputs without samples)
 *   compare_group.c  --group-by host: one column per host
 *   compare_next.c   --group-by: a pooled column's next run (prediction)
 *   compare_instance.c  several paired runs: the instance term from the data
 *   compare_chart.c  the rows as a chart of change (--format html, --plot)
 *   compare_plot.c   --plot: the chart drawn by gnuplot
 */
#ifndef SYSINDEX_COMPARE_INT_H
#define SYSINDEX_COMPARE_INT_H

#include <stddef.h>
#include <stdio.h>

#include "core/result.h"
#include "reader/textparse.h"
#include "sysinfo/hoststate.h"
#include "report/change_chart.h"
#include "report/table.h"
#include "stats/stats.h"
#include "stats/verdict.h"

#define CMP_MAX_FILES 64
#define CMP_MAX_INPUTS 64
#define CMP_PATH_MAX 4096
#define ROW_TITLE_MAX (TP_TITLE_MAX + 32)
#define CMP_TEXT_WIDTH 100      /* text output fits this many columns */

/* Why a change gets no verdict (the verdicts' words: stats/verdict.h). */
#define V_NOSAMPLES "significance cannot be judged (no samples)"
#define V_ONESAMPLE "significance cannot be judged (1 sample)"
#define V_UNITS "units differ"
#define V_TESTS "index tests differ"

enum format { F_TEXT, F_MD, F_CSV, F_JSON, F_HTML };
/* --group-by: what makes runs one column (compare_group.c). */
enum group_key { GROUP_NONE, GROUP_HOST, GROUP_LABEL };

struct options {
	const char *labels[CMP_MAX_INPUTS];
	size_t nlabels;
	const char *files[CMP_MAX_FILES];
	size_t nfiles;
	enum format format;
	const char *plot;
	unsigned copies;        /* 0: every copy count */
	const char *baseline;   /* --baseline N|LABEL, NULL: the first input */
	int long_rows;          /* --long */
	int group_by;           /* --group-by: an enum group_key (an OPT_CHOICE int) */
	double margin;          /* --margin fraction; 0: VERDICT_MARGIN */
	const char *fail_on;    /* --fail-on slower[=MARGIN], NULL: no gate */
	double fail_margin;     /* its MARGIN as a fraction; 0: any slower verdict */
};

/*
 * One file argument: the runs it holds, each as the run's model (a record
 * read back, or reports read from text through reader/text_import.c), and
 * where they came from.
 */
struct source {
	const char *arg;
	char text[CMP_PATH_MAX];        /* the report or record read ("" for a CSV-only run) */
	int record;                     /* text is a sysindex run's record (its JSON) */
	char csv[CMP_PATH_MAX];         /* the samples CSV used ("" if none) */
	char ublog[CMP_PATH_MAX];       /* or the UnixBench .log used ("" if none) */
	char label[128];                /* default label: the file's base name */
	struct run_result *runs;        /* the model of each run it holds */
	size_t nruns;
	struct paired_row *paired;      /* a paired run's comparison rows (paired_table.h's) */
	size_t npaired;
	int have_samples;
	char stranger[512];             /* why a sibling's samples were ignored, or "" */
	int cut_short;                  /* a UnixBench report without results, read from its .log */
	/* While loading a file of text: its parse tables and the samples beside it. */
	struct tp_doc doc;
	struct tp_samples samples;
};

/*
 * An input's header as compare reads it, from its run's model: a run's
 * figures through the writers' functions, a report read from text as it
 * printed them (compare_model.c).
 */
struct cmp_head {
	char title[160];        /* "BYTE UNIX Benchmarks (Version 6.0.0; sysindex 1.2)" */
	char version[32];       /* the UnixBench layout's version, "" if unknown */
	char sysindex_version[32]; /* "" for a UnixBench report */
	char host[128];
	char system[128];
	char host_id[TP_HOST_ID_LEN + 1];
	char virt[32];
	char compiler[256];
	char mode[160];
	char dir_label[TP_LABEL_MAX];   /* a paired run: this input's directory */
	struct intf_shares intf;        /* the "Interference:" line's figures (have 0: none) */
	int have_state[HS_COUNT];
	char state[HS_COUNT][HS_VALUE_MAX];
	char cpu_limits[256];
};

/* One column of the table: one report (a run, or one directory of a paired run). */
struct input {
	char label[160];
	char given[160];        /* the label before "(2)" made it unique: --group-by label's key */
	const struct source *src;
	const struct run_result *run;   /* its model */
	size_t dir;             /* a paired run: its directory; 0 otherwise */
	struct cmp_head head;
	int samples;            /* samples came with it (a record, a CSV or a UnixBench log) */
	char host[128];         /* host identity id, else the header's hostname */
	size_t nruns;           /* --group-by: runs averaged in this column */
	char members[1024];     /* and their labels, ", " between them */
	char abbrev[16];        /* matrix column head: the label or A, B, ... */
};

/* One input's figure in one row. */
struct cell {
	int present;
	enum test_status status;
	double value;           /* headline: UnixBench's score, or the index score */
	char unit[16];
	double time;            /* seconds per sample, -1 unknown */
	unsigned samples;       /* samples behind the headline, 0 unknown */
	int has_stats;
	size_t n;
	double mean, sd;
	/* score rows: the run and copy count whose index rows made it */
	const struct run_result *model;
	const struct copy_run *block;
	unsigned runs;          /* --group-by host: value is the mean of this many runs */
	/*
	 * Score rows: the standard error of ln(score) and its df, where the
	 * score's interval is known (set by whoever reads it; has_log_se 0:
	 * not known, and the row is not judged).
	 */
	int has_log_se;
	double log_se, log_df;
	/*
	 * Test rows with samples: the figure shown (UnixBench's trimmed
	 * geometric mean) as an estimator, its log and winsorized variance
	 * (stats_trimmed_log), which its change is judged by.
	 */
	int has_tlog;
	struct trimmed_log tlog;
	/*
	 * --group-by, a score row whose runs were pooled: the 95 % prediction
	 * interval of the column's next run's score (stats/randeff.h: the
	 * between-run spread, a run's own noise and the pool's se, t on runs -
	 * 1 df); has_pred 0: none.
	 */
	int has_pred;
	double pred_lo, pred_hi;
	/*
	 * A test row: its program's note ("tmpfs", "buffered"), NULL for none.
	 * Two notes that differ did not do the same work: the change is shown,
	 * not judged (NOTE_UNLIKE_VERDICT), and not charted.
	 */
	const char *note;
};

/* Where an unjudged change stands against the control tests' noise floor. */
enum floor_mark { FLOOR_NONE, FLOOR_WITHIN, FLOOR_BEYOND, FLOOR_CONTROL };

/* Input i against input 0 in one row. */
struct delta {
	double change;          /* %, NAN when not computed */
	int judged;             /* a log-ratio with its se: ci and p are set */
	double est, se;         /* ln(b / a) of the figures shown and its standard error */
	int lower_better;       /* the unit is a time */
	double ci_lo, ci_hi;    /* the 95 % interval, % change (this row alone) */
	double p, df;           /* raw two-sided p, df */
	struct verdict_out vd;  /* over the whole output's family */
	const char *verdict;    /* "" when there is nothing to say */
	char word[64];          /* verdict's storage where it is built ("inconclusive: 3 samples") */
	enum floor_mark floor;  /* against the noise floor (unjudged changes only) */
};

struct row {
	unsigned copies;
	int is_score;
	char key[ROW_TITLE_MAX];        /* the test's name (else its title): rows match on it */
	char title[ROW_TITLE_MAX];      /* shown: the title of the first input that has it */
	char category[64];      /* score rows */
	struct cell *cells;     /* one per input */
	struct delta *deltas;   /* one per input; [0] unused */
};

struct compare {
	struct options opt;
	struct source *src;
	size_t nsrc;
	struct input in[CMP_MAX_INPUTS];
	size_t nin;
	struct row *rows;
	size_t nrows;
	size_t row_hint;        /* find_row tries this row first */
	char **warnings;
	size_t nwarnings;
	struct noise {
		unsigned copies;
		double pct;             /* control tests vary by up to this, % */
		size_t ntests;          /* control tests behind it */
		char widest[ROW_TITLE_MAX];     /* the control test that varied most */
		double lo, hi;          /* its smallest and largest result */
		char unit[16];          /* and their unit */
	} noise[8];
	size_t nnoise;
	enum group_key grouped; /* --group-by made the columns (GROUP_NONE: it did not) */
	const char *pm;         /* "\u00b1" for text and Markdown in a UTF-8 locale, else "+-" */
	const char *noise_why;  /* why no floor was computed, NULL when one was */
	struct verdict_family family;   /* every judged change of the output */
	int one_run;            /* every input is the same run (cmp_same_run): nothing varied */
};

/* A grid of strings, printed as text or Markdown. */
struct grid {
	size_t ncols, nrows;
	char **cell;            /* nrows * ncols, malloc'd strings */
	int *right;             /* per column: right-aligned */
};

/* compare_msg.c: cmp_usage_error prints "sysindex compare: <message>" and
 * returns 2; cmp_warn prints "sysindex compare: warning: <message>" and keeps
 * it in c->warnings. */
int cmp_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cmp_warn(struct compare *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/*
 * What compare's interval is an interval of, said once for every output
 * (the verdict rule's own words: verdict_explain).
 */
#define CMP_CI_WORDS "Change: of the figure shown, against the baseline's. Its 95% CI: " \
	"Yuen's t on each side's kept log rates (winsorized variance, Welch's df) where " \
	"samples are known, else Welch's t with each side's (sd / mean)^2 / n; index scores: " \
	"the delta method over their tests."
/* text word-wrapped to CMP_TEXT_WIDTH columns, each line after indent. */
void cmp_wrapped(FILE *out, const char *indent, const char *text);

/* compare_gate.c: --fail-on.  cmp_parse_fail_on: "slower" or "slower=2%" into
 * margin (a fraction; 0 for "slower"), 0, or -1 with err.  cmp_gate: 1 (after
 * one stderr line per slower row and a total) when a row or score is judged
 * slower by more than the margin, else 0; 0 without --fail-on. */
int cmp_parse_fail_on(const char *arg, double *margin, char *err, size_t errlen);
int cmp_gate(const struct compare *c);

/* compare_scoreci.c: a score cell's SE of log(score) from its block's tests'
 * samples (or statistics rows); has_log_se stays 0 when a test has one sample. */
void cmp_score_ci(const struct input *in, const struct copy_run *bl, const char *category,
		  struct cell *cell);

/*
 * compare_model.c: what compare reads of a run's model.  A test shows the
 * lines of its report (enum import_shown's bits, and CMP_SAMPLES): a report
 * read from text those it printed, a run its result line, its index row
 * when indexed and its statistics and samples when it ran.
 */
#define CMP_SAMPLES 8u
unsigned cmp_shows(const struct run_result *r, const struct bench_result *t);
/* The key rows match on: the test's name, else its title. */
const char *cmp_key(const struct bench_result *t);
/*
 * The test of key in the block showing one of the lines in shows; NULL.
 * hint (NULL: none): where to look first, left after the test found.
 * Inputs list their tests in much the same order, so a row's test is
 * tried after the last one found: 50 inputs of 500 tests cost a pass each,
 * not 500 searches.
 */
const struct bench_result *cmp_find(const struct run_result *r, const struct copy_run *run,
				    const char *key, unsigned shows, size_t *hint);
/* Its tests in the order its report shows them (order: ntests entries). */
void cmp_order(const struct run_result *r, const struct copy_run *run, size_t *order);
/* A block's copy count; 1 when its report did not say. */
unsigned cmp_copies(const struct copy_run *run);
/* Input in's next block (*k from 0), or NULL. */
const struct copy_run *cmp_next_block(const struct input *in, size_t *k);
/* Its result line's figures (value, seconds per sample -1 unknown, samples). */
void cmp_result(const struct run_result *r, const struct bench_result *t, double *value,
		double *time, unsigned *samples);
/* Its index row: baseline (-1 for "---"), result, category. */
void cmp_index(const struct run_result *r, const struct bench_result *t, double *baseline,
	       double *result, const char **category);
/*
 * Its valid samples' rates and UnixBench's dropped marks (a run's over
 * those samples, a text's as its file gave them): n, with *rate and
 * *dropped malloc'd (free both), or 0 (nothing allocated).
 */
size_t cmp_samples(const struct run_result *r, const struct bench_result *t, double **rate,
		   unsigned char **dropped);
/* --repeat: block's score pooled over its passes (passes >= 2), else 0 passes. */
unsigned cmp_between(const struct run_result *r, const struct copy_run *run, double *score,
		     double *lo, double *hi);
/* input's header; a run's comparison rows appended to *rows (*n of them; realloc'd): 0, -1 OOM. */
void cmp_head(const struct run_result *r, size_t dir, struct cmp_head *h);
int cmp_paired_rows(const struct run_result *r, struct paired_row **rows, size_t *n);

/* compare_load.c */
int cmp_load_source(struct source *s, const char *arg);
int cmp_make_inputs(struct compare *c);
void cmp_describe_version(const struct cmp_head *h, char *out, size_t len);
const char *cmp_mode_of(const struct cmp_head *h);
void cmp_warn_inputs(struct compare *c);
/*
 * Whether inputs a and b are the same run (the same directory of it): the
 * same file, or two files of one run (its start and end, host and base
 * name alike).  Comparing a run with itself measures nothing.
 */
int cmp_same_run(const struct input *a, const struct input *b);
/* Warn of each input that repeats an earlier one; set c->one_run when all do. */
void cmp_warn_same_runs(struct compare *c);

/* Input i's line of the inputs' key (label: file: version, host, mode; samples), controls made '?'. */
void cmp_input_line(const struct compare *c, size_t i, int say_baseline, char *line, size_t len);

/* --format html: a self-contained page (compare_html.c). */
int cmp_print_html(FILE *out, const struct compare *c);

/* The warnings, inside an output too (not only on stderr): text or Markdown. */
void cmp_print_warnings(FILE *out, const struct compare *c, int md);

/* compare_judge.c */
int cmp_collect_rows(struct compare *c, const unsigned *copies, size_t ncopies);
void cmp_fill_cells(struct compare *c);
void cmp_judge(const struct row *row, const struct cell *a, const struct cell *b,
	   struct delta *d);
/*
 * Whether input i against input 0 is a comparison of single runs: either
 * column is one run (not runs pooled by --group-by), so its interval holds
 * each run's own noise (or its --repeat passes') and not the spread between
 * runs.  Such rows are shown, with their within-run interval, and not judged (verdict.h's
 * VERDICT_WHY_SINGLE).
 */
int cmp_single_runs(const struct compare *c, size_t i);
/*
 * Whether the verdict rule tested d (its p-value, df and simultaneous
 * interval mean something): a change with its se, neither unmeasured
 * (single runs) nor below the rule's minimum df (VD_FEW: too few runs or
 * samples, no spread).  JSON's "judged"; an untested row's p, df, adjusted
 * p-values and simultaneous interval are null (empty in CSV).
 */
int cmp_tested(const struct delta *d);
/*
 * The verdict rule's words (verdict_explain) for this output and, between
 * single runs, that their rows are not tested and their interval is within-run.
 * Fits VERDICT_EXPLAIN_MAX.
 */
void cmp_explain(const struct compare *c, char *out, size_t len);
/* Every judged change as one family: Holm and TOST at the margin (the verdict words). */
void cmp_judge_family(struct compare *c);

/* compare_load.c: --baseline moves its input to column 0 (0, or 2 after a usage error). */
int cmp_pick_baseline(struct compare *c);

/* compare_out.c */
const char *cmp_samples_source(const struct input *in, int *any);
int cmp_build_grid(const struct compare *c, struct grid *g);
int cmp_build_long_grid(const struct compare *c, struct grid *g);
size_t cmp_grid_width(const struct grid *g);
void cmp_grid_free(struct grid *g);
void cmp_print_text(FILE *out, const struct compare *c, const struct grid *g);
/* Each "+-" of s (a verdict method, say) as c->pm, in place: U+00B1 is two bytes too. */
void cmp_pm(const struct compare *c, char *s);
void cmp_print_md(FILE *out, const struct compare *c, const struct grid *g);
/* The heads and alignment rule of compare's Markdown tables ("| --- | ---: |"). */
extern const struct table_heads cmp_md_heads;
void cmp_print_csv(FILE *out, const struct compare *c);
int cmp_print_json(FILE *out, const struct compare *c);

/* compare_paired.c: one paired run's own comparison (0, or -1 on a write error). */
int cmp_print_paired(FILE *out, const struct compare *c);

/* compare_matrix.c: more than two inputs (text, Markdown, CSV). */
void cmp_print_matrix_text(FILE *out, const struct compare *c);
void cmp_print_matrix_md(FILE *out, const struct compare *c);
void cmp_print_matrix_csv(FILE *out, const struct compare *c);

/* compare_noise.c: the control tests' noise floor of inputs without samples. */
void cmp_noise_floor(struct compare *c);
const char *cmp_floor_note(const struct delta *d);     /* "", or "; beyond the noise floor" */
/* md: Markdown (the message escaped, one line) rather than wrapped text. */
void cmp_print_noise(FILE *out, const struct compare *c, const char *indent, int md);

/*
 * compare_next.c: a grouped column's next run: row r, input i's sentence
 * (1), or 0 when the cell has no prediction; the block of them for text or
 * Markdown (nothing when none).
 */
int cmp_next_run_words(const struct compare *c, size_t r, size_t i, char *out, size_t len);
void cmp_print_next_run(FILE *out, const struct compare *c, const char *before, int md);

/* compare_instance.c: several paired runs: the instance term estimated from them (a warning). */
void cmp_instance_estimate(struct compare *c);

/* compare_group.c: --group-by host or label. */
int cmp_group_runs(struct compare *c);
/* Grouped columns with too few runs for a verdict: how many runs per side one needs (a warning). */
void cmp_note_runs_needed(struct compare *c);

/* compare_chart.c: a row's title, with its copy count when the rows have several. */
void cmp_row_name(const struct compare *c, const struct row *row, char *out, size_t len);
/* "+2.1 % (95 % CI +0.4..+3.8 %): faster", or what can be said. */
void cmp_change_words(const struct delta *d, char *out, size_t len);
/* Every finite change as a row of cc (0, or -1 out of memory; free cc after). */
int cmp_change_chart(const struct compare *c, struct change_chart *cc);

/* compare_plot.c */
int cmp_draw_plot(const struct compare *c);

#endif
