/*
 * textparse.h: read benchmark reports back: sysindex text reports and plain
 * UnixBench 5.x/6.x reports, also as pasted from web pages and forums (runs
 * of spaces collapsed, tabs, CRLF, "> " quote marks, text around them,
 * several reports in one file, missing header lines), plus the per-sample
 * CSV that sysindex writes beside its text report.
 *
 * Pure parsing: no policy, no output.  Lines are read with a bounded reader
 * (at most TP_LINE_MAX bytes each), every table is a counted array with a
 * hard cap, and every error is one "file:line: message" string.
 *
 * Result lines are parsed from the right, never by column position:
 *   <title> <value> <unit> (<time> s, <n> samples) [<note>]
 * so a title may contain numbers ("File Copy 1024 bufsize 2000 maxblocks").
 */
#ifndef SYSINDEX_TEXTPARSE_H
#define SYSINDEX_TEXTPARSE_H

#include <stddef.h>

#include "core/paired_row.h"
#include "core/status.h"
#include "sysinfo/hoststate.h"
#include "sysinfo/interference.h"

#define TP_LINE_MAX 65536       /* longest accepted line, bytes (without newline) */
#define TP_TITLE_MAX 96         /* display names are at most ~40 characters */
#define TP_NAME_MAX 32          /* a test's name ("dhry2reg") */
#define TP_MAX_ROWS 1024        /* rows of one table in one copy block */
#define TP_MAX_BLOCKS 64        /* copy blocks in one report */
#define TP_MAX_REPORTS 256      /* reports in one file */
#define TP_MAX_SCORES 8         /* index score lines in one block */
#define TP_LABEL_MAX 32         /* a paired run's directory label */
#define TP_HOST_ID_LEN 16       /* hex digits of a host identity id */

/* "Dhrystone 2 using register variables 55041744.2 lps (10.0 s, 2 samples)" */
struct tp_result {
	char title[TP_TITLE_MAX];
	char name[TP_NAME_MAX]; /* the test's name (core/testtab.c), "" when unknown */
	char unit[16];
	char note[64];          /* "[buffered]" after the samples, without brackets */
	enum test_status status; /* sysindex prints a word instead of failed results */
	double value;           /* the headline score (0 unless TS_OK) */
	double time;            /* seconds per sample; -1 when not given */
	unsigned samples;       /* samples the score is made of */
	unsigned line;
	/*
	 * A --repeat run's record only (score_test_passes): the figure pooled
	 * over its passes, its log SE over them (N - 1 df); 0 passes: none.
	 */
	unsigned between_passes;
	double between_value, between_log_se;
};

/* "Dhrystone 2 using register variables 116700.0 55041744.2 4716.5" */
struct tp_index_row {
	char title[TP_TITLE_MAX];
	char name[TP_NAME_MAX]; /* the test's name, "" when unknown */
	char category[64];      /* the table's: "System Benchmarks" */
	double baseline;        /* -1 for "---" (no baseline) */
	double result;
	double index;           /* -1 for "---" */
	unsigned line;
};

/* "System Benchmarks Index Score (Partial Only) 693.5" */
struct tp_score {
	char category[64];      /* "System Benchmarks" */
	double score;
	int partial;
	unsigned line;
};

/* A row of sysindex's statistics block (every sample's rate). */
struct tp_stats_row {
	char title[TP_TITLE_MAX];
	char name[TP_NAME_MAX]; /* the test's name, "" when unknown */
	unsigned n;
	double mean, sd;
	double ci_pct;          /* CI95 half-width, % of the mean */
	double cv_pct;
	char flags[64];         /* "high-cv bimodal", "" when none */
	unsigned line;
};

/* One "N CPUs in system; running C parallel copies" block. */
struct tp_block {
	unsigned copies;        /* 0: unknown (the header line was not there) */
	unsigned cpus;          /* 0: unknown */
	unsigned line;          /* where the block starts */
	struct tp_result *results;
	size_t nresults;
	struct tp_index_row *index;
	size_t nindex;
	struct tp_score scores[TP_MAX_SCORES];
	size_t nscores;
	struct tp_stats_row *stats;
	size_t nstats;
	/*
	 * ./Run --repeat N's "Between passes" line: the System Benchmarks score
	 * pooled over the passes and its 95 % interval over them (N - 1 df);
	 * between_passes 0: none.
	 */
	unsigned between_passes;
	double between_score, between_lo, between_hi;
};

struct tp_report {
	unsigned line;          /* where the report starts */
	char title[160];        /* "BYTE UNIX Benchmarks (Version 6.0.0)", "" if missing */
	char version[32];       /* "6.0.0", "" if unknown */
	char sysindex_version[32]; /* "" for a UnixBench report */
	char host[128];         /* from "System: <host>: <system>" */
	char system[128];
	char host_id[TP_HOST_ID_LEN + 1];  /* "Host identity: id ...", "" if absent */
	char virt[32];                  /* its "virt <name>" */
	char compiler[256];     /* sysindex's "Compiler:" line, "" if absent */
	char mode[160];         /* sysindex's "Mode:" line, "" if absent */
	int interrupted;        /* "*** Interrupted by signal N ...": 1 (partial results) */
	int signal;             /* its N, 0 if not a number */
	char dir_label[TP_LABEL_MAX]; /* paired mode: the test directory of this report's blocks */
	struct intf_shares intf;        /* sysindex's "Interference:" line (have 0 if absent) */
	/* sysindex's host-state lines ("CPU frequency governor: performance",
	 * hoststate_rows' labels) and "CPU limits:"; have 0 / "" if absent. */
	int have_state[HS_COUNT];
	char state[HS_COUNT][HS_VALUE_MAX];
	char cpu_limits[256];
	struct tp_block *blocks;
	size_t nblocks;
};

/*
 * sysindex's "Paired comparison" block (paired mode: one run, two or more
 * test directories; the first is the baseline) is read into the table's
 * own rows (core/paired_row.h), a row from
 *   <title> <dir> <baseline> <result> <change> <lo>..<hi> +-<detect> <rounds> <verdict>
 * and "(rounds alone: lo..hi)" under it; figures that are "-" read as NAN,
 * the name is the test table's for the title ("" when unknown).
 */
/* Everything found in one file: reports in file order (empty ones dropped). */
struct tp_doc {
	struct tp_report *reports;
	size_t nreports;
	struct paired_row *paired;      /* a paired run's comparison rows */
	size_t npaired;
};

/*
 * Parse a report file (or buffer; name is used in messages).  Returns 0 and
 * fills doc, or -1 with err = "name:line: message" (or "name: message") and
 * doc empty.  A file without any result is an error.
 */
int tp_parse_file(const char *path, struct tp_doc *doc, char *err, size_t errlen);
int tp_parse_buffer(const char *name, const void *buf, size_t len, struct tp_doc *doc,
		    char *err, size_t errlen);
void tp_doc_free(struct tp_doc *doc);

/*
 * A row's key: the test's name where known (a record gives it; a text
 * report's title names it through the test table), else its title.
 * Rows of different reports are matched by key, so a title that changed
 * between versions still meets its test.
 */
const char *tp_key(const char *name, const char *title);
int tp_key_is(const char *name, const char *title, const char *key);

/* Lookups by key (the name) or display name (exact); NULL when absent. */
const struct tp_result *tp_find_result(const struct tp_block *b, const char *key);
const struct tp_index_row *tp_find_index(const struct tp_block *b, const char *key);
const struct tp_stats_row *tp_find_stats(const struct tp_block *b, const char *key);

/* Each row's name from its title through the test table (tp_parse_* do it). */
void tp_name_rows(struct tp_doc *doc);

/* A block's copy count; 1 when the report did not say (no "copies" line). */
unsigned tp_block_copies(const struct tp_block *b);

/* Whether a report has any test (result, index or statistics row). */
int tp_report_has_tests(const struct tp_report *r);

/*
 * The per-sample CSV written beside a sysindex report (header
 * "format_version,run_id,copies,test,title,pass,count,seconds,rate,unit,dropped,ok").
 * Samples are grouped per (copies, title) in file order.
 */
struct tp_sample_set {
	unsigned copies;
	char test[32];
	char title[TP_TITLE_MAX];
	char unit[16];
	char label[TP_LABEL_MAX]; /* a paired run's directory ("label" column), else "" */
	double *rate;           /* every ok sample's rate */
	unsigned char *dropped; /* 1 if UnixBench's lowest-third rule dropped it */
	size_t n;
};

struct tp_samples {
	struct tp_sample_set *sets;
	size_t nsets;
	int interrupted;        /* a CSV's run_status said "interrupted" or "stopped" */
};

/*
 * Returns 0 and fills s; 1 when the file is not sysindex's samples CSV (for
 * instance UnixBench's UB_OUTPUT_CSV file): s is left empty; -1 on a read
 * error or a malformed row, with err = "path:line: message".
 */
int tp_parse_samples_csv(const char *path, struct tp_samples *s, char *err, size_t errlen);
int tp_parse_samples_buffer(const char *name, const void *buf, size_t len, struct tp_samples *s,
			    char *err, size_t errlen);
void tp_samples_free(struct tp_samples *s);

/*
 * UnixBench's raw log (<report>.log, 5.1.3 or 6.0) as samples: every
 * complete pass of every test, its rate computed as UnixBench does, and
 * UnixBench's dropped passes marked.  A run cut short keeps the passes it
 * finished.  Returns 0; 1 when the file is not a UnixBench log (s empty);
 * -1 on a read error, with err.
 */
int tp_parse_ublog(const char *path, struct tp_samples *s, char *err, size_t errlen);
int tp_parse_ublog_buffer(const char *name, const void *buf, size_t len, struct tp_samples *s,
			  char *err, size_t errlen);
const struct tp_sample_set *tp_find_samples(const struct tp_samples *s, unsigned copies,
					    const char *title);
/* The same for one directory of a paired run (label NULL: any). */
const struct tp_sample_set *tp_find_samples_in(const struct tp_samples *s, unsigned copies,
					       const char *title, const char *label);

#endif
