/*
 * textparse_int.h: what the report parser's files share (private to
 * src/textparse*.c; the public API is textparse.h).
 *
 *   textparse_line.c   bounded line reader, line cleaning, tokens, numbers
 *   textparse.c        public entry points, one line's dispatch, the
 *                      document being built (reports and copy blocks)
 *   textparse_head.c   header and structure lines: title, System:, Compiler:,
 *                      Mode:, Benchmark Run:, copies, index headers and scores
 *   textparse_rows.c   per-test rows: results, statuses, statistics, index rows
 *   textparse_csv.c    the per-sample CSV
 *   textparse_host.c   the header's "Host identity:" line
 *   textparse_ublog.c  UnixBench's per-pass .log, as samples
 */
#ifndef SYSINDEX_TEXTPARSE_INT_H
#define SYSINDEX_TEXTPARSE_INT_H

#include <stdio.h>
#include <string.h>

#include "reader/textparse.h"

/* ---- textparse_line.c ------------------------------------------------- */

struct lreader {
	FILE *f;                        /* NULL: read from mem */
	const unsigned char *mem;
	size_t memlen, pos;
	char *buf;                      /* TP_LINE_MAX + 1 bytes */
	size_t len;
	unsigned lineno;
	const char *name;
};

/* 1: a line in buf (NUL-terminated, len bytes); 0: end of input; -1: error. */
int tp_lr_next(struct lreader *lr, char *err, size_t errlen);

/* A sample-file parser (the samples CSV, a UnixBench .log) over a reader,
 * and running one over a buffer or a file. */
typedef int (*tp_samples_parser)(struct lreader *lr, struct tp_samples *s, char *err,
				 size_t errlen);
int tp_samples_from_buffer(tp_samples_parser parse, const char *name, const void *buf,
			   size_t len, struct tp_samples *s, char *err, size_t errlen);
int tp_samples_from_file(tp_samples_parser parse, const char *path, struct tp_samples *s,
			 char *err, size_t errlen);

void tp_copy_text(char *out, size_t outlen, const char *s, size_t n);
int tp_starts(const char *s, const char *prefix);
size_t tp_normalize(const char *in, size_t len, char *out);

/* A token of a normalized line (single spaces between tokens). */
struct tok {
	const char *p;
	size_t n;
};

int tp_take_last(const char *s, const char **end, struct tok *t);
int tp_tok_is(const struct tok *t, const char *word);
size_t tp_trimmed_len(const char *s, const char *end);

enum { NUM_NO, NUM_OK, NUM_BAD };

int tp_numberish(const char *p, size_t n);
int tp_parse_num(const char *p, size_t n, double *v, const char **why);
int tp_parse_count(const char *p, size_t n, unsigned *v, const char **why);

/* ---- textparse.c: the document being built ------------------------------ */

/* M_PLACEMENT: in sysindex's Placement block, whose rows are skipped;
 * M_SUMMARY: in the Summary after a report, which repeats its figures in
 * words and is read past until the next report or block. */
enum mode { M_NONE, M_INDEX, M_STATS, M_PAIRED, M_PLACEMENT, M_SUMMARY };

struct parser {
	struct lreader lr;
	struct tp_doc *doc;
	enum mode mode;
	int index_partial;
	char index_category[64];        /* of the index table being read */
	unsigned paired_copies;         /* M_PAIRED: the block's copy count */
	int paired_control;             /* M_PAIRED: in its control table */
	char paired_baseline[TP_LABEL_MAX];
	char *err;
	size_t errlen;
};

/* err = "name:line: <message>"; returns -1. */
int tp_fail(struct parser *p, const char *fmt, ...);
int tp_bad_number(struct parser *p, const struct tok *t, const char *why);
void *tp_grow(void *arr, size_t n, size_t elem);

/* out = a new zeroed last element of arr[n], or NULL at the cap or out of memory. */
#define APPEND(arr, n, max, out) do { \
		void *g_ = (n) < (max) ? tp_grow((arr), (n), sizeof(*(arr))) : NULL; \
		(out) = NULL; \
		if (g_ != NULL) { \
			(arr) = g_; \
			(out) = &(arr)[(n)++]; \
			memset((out), 0, sizeof(*(arr))); \
		} \
	} while (0)

struct tp_report *tp_cur_report(struct parser *p);
struct tp_block *tp_cur_block(struct parser *p);
void tp_free_block(struct tp_block *b);
int tp_block_empty(const struct tp_block *b);
struct tp_report *tp_new_report(struct parser *p);
struct tp_block *tp_new_block(struct parser *p, unsigned copies);
struct tp_block *tp_need_block(struct parser *p);

/*
 * ---- line shapes: textparse_head.c and textparse_rows.c -----------------
 * on_*: 0, or -1 after tp_fail().  try_*: 0 when the line is not that shape,
 * 1 when it was taken, -1 after tp_fail().
 */
int tp_on_title(struct parser *p, const char *s);
int tp_on_system(struct parser *p, const char *s);
/* sysindex's "Interference: ..." header line (the text after the colon). */
int tp_on_interference(struct parser *p, const char *value);
int tp_on_header_field(struct parser *p, const char *value, int compiler);
/* sysindex's "*** Interrupted by signal N: partial results ***" (text after
 * "signal "): the report's run was cut short. */
int tp_on_interrupted(struct parser *p, const char *value);
int tp_on_benchmark_run(struct parser *p);
int tp_try_copies(struct parser *p, const char *s);
int tp_on_index_header(struct parser *p, const char *s);
int tp_try_score(struct parser *p, const char *s);
/* "Between passes (--repeat N): index score S, 95% interval over the passes L to H": 1, 0, -1. */
int tp_try_between(struct parser *p, const char *s);
int tp_try_host_identity(struct parser *p, const char *s);     /* textparse_host.c */
int tp_try_host_state(struct parser *p, const char *s);        /* textparse_host.c */

int tp_try_result(struct parser *p, const char *s);
int tp_try_status(struct parser *p, const char *s);
int tp_try_stats(struct parser *p, const char *s);
int tp_try_index_row(struct parser *p, const char *s);

/* textparse_paired.c: paired mode's lines ("Test directory", the comparison block). */
int tp_try_paired(struct parser *p, const char *s);

#endif
