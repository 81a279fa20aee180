/*
 * report.h: the writers.  Each takes the finished run_result and prints one
 * format; none computes anything (score.c and stats.c did).  The table drives
 * which files a run writes: results/<base><ext>.
 */
#ifndef SYSINDEX_REPORT_H
#define SYSINDEX_REPORT_H

#include <stdio.h>

#include "result.h"

struct report_writer {
	const char *name;       /* "text", "json", ... */
	const char *ext;        /* "" for the text report, ".json", ... */
	int (*write)(FILE *out, const struct run_result *r);
};

extern const struct report_writer report_writers[];
extern const size_t report_writers_len;

/* The classic UnixBench text report, plus sysindex's statistics block. */
int report_text(FILE *out, const struct run_result *r);

/* Machine-readable and publishable formats (docs/results.md). */
int report_json(FILE *out, const struct run_result *r);  /* schema_version 1 */
int report_csv(FILE *out, const struct run_result *r);   /* one row per sample */
int report_html(FILE *out, const struct run_result *r);  /* self-contained page */
int report_md(FILE *out, const struct run_result *r);    /* Markdown tables */

/* The "Test dir:" lines of the header (also used by the HTML/MD writers). */
void report_testdir_lines(FILE *out, const struct sys_info *si, const char *indent);

/* Display text for a test's state: "FAILED", "SKIPPED", "NOT RUN", "N/A". */
const char *report_status_word(enum test_status s);

/* Sorted by display name, as UnixBench prints results: indexes into run->tests. */
void report_sorted(const struct copy_run *run, size_t *order);

#endif
