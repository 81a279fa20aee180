/*
 * textparse.c: read sysindex and UnixBench text reports back, tolerating
 * pastes: the public entry points, and the document they build.  Every line
 * is first normalized (textparse_line.c), then matched against the few line
 * shapes a report has (textparse_head.c, textparse_rows.c), always parsed
 * from the right so that titles may contain numbers and column positions
 * never matter.  Here: reports and copy blocks are opened as those lines
 * ask, and empty ones are dropped at the end.
 */
#include "reader/textparse_int.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/testtab.h"

/* ---- the document being built ----------------------------------------- */

int tp_fail(struct parser *p, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(p->err, p->errlen, "%s:%u: %s", p->lr.name, p->lr.lineno, msg);
	return -1;
}

int tp_bad_number(struct parser *p, const struct tok *t, const char *why)
{
	return tp_fail(p, "%s \"%.*s\"", why, (int)(t->n > 40 ? 40 : t->n), t->p);
}

/* Counted arrays grow by doubling: capacity 4, 8, 16, ... from the count alone. */
void *tp_grow(void *arr, size_t n, size_t elem)
{
	if (n != 0 && (n < 4 || (n & (n - 1)) != 0))
		return arr;
	return realloc(arr, (n == 0 ? 4 : n * 2) * elem);
}

struct tp_report *tp_cur_report(struct parser *p)
{
	return p->doc->nreports ? &p->doc->reports[p->doc->nreports - 1] : NULL;
}

struct tp_block *tp_cur_block(struct parser *p)
{
	struct tp_report *r = tp_cur_report(p);

	return r && r->nblocks ? &r->blocks[r->nblocks - 1] : NULL;
}

void tp_free_block(struct tp_block *b)
{
	free(b->results);
	free(b->index);
	free(b->stats);
}

unsigned tp_block_copies(const struct tp_block *b)
{
	return b->copies ? b->copies : 1;
}

int tp_block_empty(const struct tp_block *b)
{
	return b->nresults == 0 && b->nindex == 0 && b->nstats == 0 && b->nscores == 0;
}

struct tp_report *tp_new_report(struct parser *p)
{
	struct tp_report *r;

	APPEND(p->doc->reports, p->doc->nreports, TP_MAX_REPORTS, r);

	if (r == NULL) {
		tp_fail(p, "too many reports in one file (more than %d)", TP_MAX_REPORTS);
		return NULL;
	}
	r->line = p->lr.lineno;
	p->mode = M_NONE;
	return r;
}

struct tp_block *tp_new_block(struct parser *p, unsigned copies)
{
	struct tp_report *r = tp_cur_report(p);
	struct tp_block *b;

	if (r == NULL && (r = tp_new_report(p)) == NULL)
		return NULL;
	APPEND(r->blocks, r->nblocks, TP_MAX_BLOCKS, b);
	if (b == NULL) {
		tp_fail(p, "too many benchmark runs in one report (more than %d)", TP_MAX_BLOCKS);
		return NULL;
	}
	b->copies = copies;
	b->line = p->lr.lineno;
	p->mode = M_NONE;
	return b;
}

struct tp_block *tp_need_block(struct parser *p)
{
	struct tp_block *b = tp_cur_block(p);

	return b != NULL ? b : tp_new_block(p, 0);
}

/* ---- one line ----------------------------------------------------------- */

static int ends(const char *s, size_t len, const char *suffix)
{
	size_t k = strlen(suffix);

	return len >= k && memcmp(s + len - k, suffix, k) == 0;
}

static int parse_line(struct parser *p, const char *s, size_t len)
{
	int rc;

	if (len == 0) {
		if (p->mode == M_PLACEMENT)
			p->mode = M_NONE;       /* the Placement block has no blank line */
		return 0;
	}
	/* A host-state line first: its value (the kernel command line) is
	 * anyone's text, which must not pass for a title or a copies line. */
	if ((rc = tp_try_host_state(p, s)) != 0)
		return rc < 0 ? -1 : 0;
	if (strstr(s, "BYTE UNIX Benchmarks") != NULL)
		return tp_on_title(p, s);
	if (tp_starts(s, "*** Interrupted by signal "))
		return tp_on_interrupted(p, s + strlen("*** Interrupted by signal "));
	/* The Summary repeats header fields ("Mode: "): read past up to the next title. */
	if (p->mode == M_SUMMARY)
		return 0;
	if (tp_starts(s, "System: "))
		return tp_on_system(p, s + strlen("System: "));
	if (tp_starts(s, "Compiler: "))
		return tp_on_header_field(p, s + strlen("Compiler: "), 1);
	if (tp_starts(s, "Mode: "))
		return tp_on_header_field(p, s + strlen("Mode: "), 0);
	if (tp_starts(s, "Interference: "))
		return tp_on_interference(p, s + strlen("Interference: "));
	if ((rc = tp_try_host_identity(p, s)) != 0)
		return rc < 0 ? -1 : 0;
	if (tp_starts(s, "Benchmark Run:"))
		return tp_on_benchmark_run(p);
	if (strstr(s, " in system; running ") != NULL && (rc = tp_try_copies(p, s)) != 0)
		return rc < 0 ? -1 : 0;
	if ((rc = tp_try_paired(p, s)) != 0)
		return rc < 0 ? -1 : 0;
	if ((rc = tp_try_between(p, s)) != 0)
		return rc < 0 ? -1 : 0;
	if (tp_starts(s, "Statistics (every sample's rate)")) {
		p->mode = M_STATS;
		return tp_need_block(p) ? 0 : -1;
	}
	if (ends(s, len, "BASELINE RESULT INDEX"))
		return tp_on_index_header(p, s);
	/*
	 * The Placement block (after the statistics) is read past: its rows
	 * must not be taken for results or statistics.  Reports written before
	 * it had a "placement:" line and its continuation under the result
	 * line, which match no shape and are skipped as any other text.
	 */
	if (tp_starts(s, "Placement (read during")) {
		p->mode = M_PLACEMENT;
		return 0;
	}
	if (len == strlen("Summary") && strcmp(s, "Summary") == 0) {
		p->mode = M_SUMMARY;
		return 0;
	}
	if (p->mode == M_PLACEMENT)
		return 0;
	if ((rc = tp_try_result(p, s)) != 0 || (rc = tp_try_status(p, s)) != 0 ||
	    (rc = tp_try_stats(p, s)) != 0 || (rc = tp_try_score(p, s)) != 0 ||
	    (rc = tp_try_index_row(p, s)) != 0)
		return rc < 0 ? -1 : 0;
	return 0;
}

int tp_report_has_tests(const struct tp_report *r)
{
	for (size_t i = 0; i < r->nblocks; i++)
		if (r->blocks[i].nresults || r->blocks[i].nindex || r->blocks[i].nstats)
			return 1;
	return 0;
}

/* Drop empty blocks and reports without tests. */
static void prune(struct tp_doc *doc)
{
	size_t keep = 0;

	for (size_t i = 0; i < doc->nreports; i++) {
		struct tp_report *r = &doc->reports[i];
		size_t kb = 0;

		for (size_t j = 0; j < r->nblocks; j++) {
			/* Through a copy: in place, clang's analyzer (make lint) sees a
			 * double free once the line shapes are in other files. */
			struct tp_block b = r->blocks[j];

			if (tp_block_empty(&b))
				tp_free_block(&b);
			else
				r->blocks[kb++] = b;
		}
		r->nblocks = kb;
		if (!tp_report_has_tests(r)) {
			for (size_t j = 0; j < r->nblocks; j++)
				tp_free_block(&r->blocks[j]);
			free(r->blocks);
			continue;
		}
		doc->reports[keep++] = *r;
	}
	doc->nreports = keep;
}

static int parse_all(struct parser *p)
{
	/* Zeroed, so no byte past a line's end is ever indeterminate. */
	char *norm = calloc(1, TP_LINE_MAX + 1);
	int rc;

	p->lr.buf = calloc(1, TP_LINE_MAX + 1);
	if (norm == NULL || p->lr.buf == NULL) {
		free(norm);
		free(p->lr.buf);
		snprintf(p->err, p->errlen, "%s: out of memory", p->lr.name);
		return -1;
	}
	while ((rc = tp_lr_next(&p->lr, p->err, p->errlen)) > 0) {
		size_t n = tp_normalize(p->lr.buf, p->lr.len, norm);

		if (parse_line(p, norm, n) != 0) {
			rc = -1;
			break;
		}
	}
	free(norm);
	free(p->lr.buf);
	if (rc < 0) {
		tp_doc_free(p->doc);
		return -1;
	}
	prune(p->doc);
	if (p->doc->nreports == 0) {
		tp_doc_free(p->doc);
		snprintf(p->err, p->errlen, "%s: no benchmark results found", p->lr.name);
		return -1;
	}
	return 0;
}

int tp_parse_buffer(const char *name, const void *buf, size_t len, struct tp_doc *doc,
		    char *err, size_t errlen)
{
	struct parser p = { 0 };

	memset(doc, 0, sizeof(*doc));
	p.doc = doc;
	p.err = err;
	p.errlen = errlen;
	p.lr.name = name;
	p.lr.mem = buf;
	p.lr.memlen = len;
	if (parse_all(&p) != 0)
		return -1;
	tp_name_rows(doc);
	return 0;
}

int tp_parse_file(const char *path, struct tp_doc *doc, char *err, size_t errlen)
{
	struct parser p = { 0 };
	int rc;

	memset(doc, 0, sizeof(*doc));
	p.lr.f = fopen(path, "r");
	if (p.lr.f == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	p.doc = doc;
	p.err = err;
	p.errlen = errlen;
	p.lr.name = path;
	rc = parse_all(&p);
	if (rc == 0)
		tp_name_rows(doc);
	fclose(p.lr.f);
	return rc;
}

void tp_doc_free(struct tp_doc *doc)
{
	for (size_t i = 0; i < doc->nreports; i++) {
		for (size_t j = 0; j < doc->reports[i].nblocks; j++)
			tp_free_block(&doc->reports[i].blocks[j]);
		free(doc->reports[i].blocks);
	}
	free(doc->reports);
	free(doc->paired);
	memset(doc, 0, sizeof(*doc));
}

const char *tp_key(const char *name, const char *title)
{
	return name[0] ? name : title;
}

int tp_key_is(const char *name, const char *title, const char *key)
{
	return (name[0] && strcmp(name, key) == 0) || strcmp(title, key) == 0;
}

const struct tp_result *tp_find_result(const struct tp_block *b, const char *key)
{
	for (size_t i = 0; i < b->nresults; i++)
		if (tp_key_is(b->results[i].name, b->results[i].title, key))
			return &b->results[i];
	return NULL;
}

const struct tp_index_row *tp_find_index(const struct tp_block *b, const char *key)
{
	for (size_t i = 0; i < b->nindex; i++)
		if (tp_key_is(b->index[i].name, b->index[i].title, key))
			return &b->index[i];
	return NULL;
}

const struct tp_stats_row *tp_find_stats(const struct tp_block *b, const char *key)
{
	for (size_t i = 0; i < b->nstats; i++)
		if (tp_key_is(b->stats[i].name, b->stats[i].title, key))
			return &b->stats[i];
	return NULL;
}

static void name_of(char *name, const char *title)
{
	const struct test_def *t = name[0] ? NULL : test_find_title(title);

	if (t != NULL)
		snprintf(name, TP_NAME_MAX, "%s", t->name);
}

void tp_name_rows(struct tp_doc *doc)
{
	for (size_t r = 0; r < doc->nreports; r++)
		for (size_t b = 0; b < doc->reports[r].nblocks; b++) {
			struct tp_block *bl = &doc->reports[r].blocks[b];

			for (size_t i = 0; i < bl->nresults; i++)
				name_of(bl->results[i].name, bl->results[i].title);
			for (size_t i = 0; i < bl->nindex; i++)
				name_of(bl->index[i].name, bl->index[i].title);
			for (size_t i = 0; i < bl->nstats; i++)
				name_of(bl->stats[i].name, bl->stats[i].title);
		}
}
