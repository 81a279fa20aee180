/*
 * textparse_csv.c: the per-sample CSV that sysindex writes beside its text
 * report (RFC 4180 quoting, columns found by name in the header), grouped
 * per (copies, title).  Any other CSV, such as UnixBench's UB_OUTPUT_CSV
 * file, is recognised as not ours and left alone.
 */
#include "reader/textparse_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/testtab.h"
#include "util/csv_out.h"

/* ---- the samples CSV ---------------------------------------------------- */

#define CSV_MAX_FIELDS 32
#define CSV_MAX_SETS 4096
#define CSV_MAX_SAMPLES 1000000

/* Split one RFC 4180 record in place; the field count, or -1 on bad quoting. */
static int csv_split(char *line, char **fields, int max)
{
	char *r = line, *w = line;
	int n = 0;

	for (;;) {
		int quoted = *r == '"', last;

		if (n == max)
			return -1;
		fields[n++] = w;
		if (quoted) {
			for (r++;; r++) {
				if (*r == '\0')
					return -1;
				if (*r == '"' && r[1] == '"') {
					*w++ = '"';
					r++;
				} else if (*r == '"') {
					r++;
					break;
				} else {
					*w++ = *r;
				}
			}
			if (*r != ',' && *r != '\0')
				return -1;
		} else {
			while (*r != ',' && *r != '\0')
				*w++ = *r++;
		}
		last = *r == '\0';
		*w++ = '\0';   /* may be where *r was */
		/* The ' the writer put before a formula-like text (csv_out.h). */
		if (quoted)
			csv_unguard(fields[n - 1]);
		if (last)
			return n;
		r++;
	}
}

enum { C_COPIES, C_TEST, C_TITLE, C_RATE, C_UNIT, C_DROPPED, C_OK, C_COUNT };

/* col[C_LABEL]: paired mode's optional "label" column, -1 when absent;
 * col[C_EXCLUDED]: --exclude-disturbed's, -1 in older files;
 * col[C_STATUS]: "run_status" (complete, interrupted, stopped), -1 in older files. */
#define C_LABEL C_COUNT
#define C_EXCLUDED (C_COUNT + 1)
#define C_STATUS (C_COUNT + 2)

static int csv_flag(const char *s, int *v)
{
	if (strcmp(s, "1") == 0 || strcasecmp(s, "true") == 0 || strcasecmp(s, "yes") == 0)
		*v = 1;
	else if (strcmp(s, "0") == 0 || strcasecmp(s, "false") == 0 ||
		 strcasecmp(s, "no") == 0 || *s == '\0')
		*v = 0;
	else
		return -1;
	return 0;
}

/* The header: 0 and the columns; 1 when it is not sysindex's samples CSV. */
static int csv_header(char *line, int *col)
{
	static const char *const names[C_COUNT] = {
		"copies", "test", "title", "rate", "unit", "dropped", "ok",
	};
	char *f[CSV_MAX_FIELDS];
	int n;

	if ((unsigned char)line[0] == 0xef && (unsigned char)line[1] == 0xbb &&
	    (unsigned char)line[2] == 0xbf)
		memmove(line, line + 3, strlen(line + 3) + 1);
	n = csv_split(line, f, CSV_MAX_FIELDS);
	if (n < 1 || strcmp(f[0], "format_version") != 0)
		return 1;
	for (int c = 0; c < C_COUNT; c++) {
		col[c] = -1;
		for (int i = 0; i < n; i++)
			if (strcmp(f[i], names[c]) == 0)
				col[c] = i;
		if (col[c] < 0)
			return 1;
	}
	col[C_LABEL] = col[C_EXCLUDED] = col[C_STATUS] = -1;
	for (int i = 0; i < n; i++) {
		if (strcmp(f[i], "run_status") == 0)
			col[C_STATUS] = i;
		if (strcmp(f[i], "label") == 0)
			col[C_LABEL] = i;
		if (strcmp(f[i], "excluded") == 0)
			col[C_EXCLUDED] = i;
	}
	return 0;
}

static struct tp_sample_set *sample_set(struct tp_samples *s, unsigned copies, const char *test,
					const char *title, const char *unit, const char *label)
{
	struct tp_sample_set *set;

	for (size_t i = 0; i < s->nsets; i++)
		if (s->sets[i].copies == copies && strcmp(s->sets[i].title, title) == 0 &&
		    strcmp(s->sets[i].label, label) == 0)
			return &s->sets[i];
	APPEND(s->sets, s->nsets, CSV_MAX_SETS, set);
	if (set == NULL)
		return NULL;
	set->copies = copies;
	tp_copy_text(set->label, sizeof(set->label), label, strlen(label));
	tp_copy_text(set->test, sizeof(set->test), test, strlen(test));
	tp_copy_text(set->title, sizeof(set->title), title, strlen(title));
	tp_copy_text(set->unit, sizeof(set->unit), unit, strlen(unit));
	return set;
}

static int csv_row(struct lreader *lr, char *line, const int *col, int ncol,
		   struct tp_samples *s, char *err, size_t errlen)
{
	char *f[CSV_MAX_FIELDS], title[TP_TITLE_MAX];
	const char *why = "";
	struct tp_sample_set *set;
	unsigned copies;
	int n = csv_split(line, f, CSV_MAX_FIELDS), ok, dropped;
	double rate, *pr;
	unsigned char *pd;
	size_t k;

#define CSV_FAIL(...) do { \
		int o_ = snprintf(err, errlen, "%s:%u: ", lr->name, lr->lineno); \
		if (o_ >= 0 && (size_t)o_ < errlen) \
			snprintf(err + o_, errlen - (size_t)o_, __VA_ARGS__); \
		return -1; \
	} while (0)

	if (n < 0)
		CSV_FAIL("bad quoting");
	if (n < ncol)
		CSV_FAIL("expected %d fields, found %d", ncol, n);
	if (csv_flag(f[col[C_OK]], &ok) != 0 || csv_flag(f[col[C_DROPPED]], &dropped) != 0)
		CSV_FAIL("bad ok/dropped flag");
	/* A sample --exclude-disturbed left out counts nowhere, as a failed one. */
	if (col[C_EXCLUDED] >= 0 && col[C_EXCLUDED] < n) {
		int excluded;

		if (csv_flag(f[col[C_EXCLUDED]], &excluded) != 0)
			CSV_FAIL("bad excluded flag");
		ok = ok && !excluded;
	}
	/* A run that did not end by itself: its samples are a partial run. */
	if (col[C_STATUS] >= 0 && col[C_STATUS] < n) {
		if (strcmp(f[col[C_STATUS]], "interrupted") == 0 ||
		    strcmp(f[col[C_STATUS]], "stopped") == 0)
			s->interrupted = 1;
		else if (strcmp(f[col[C_STATUS]], "complete") != 0 && f[col[C_STATUS]][0] != '\0')
			CSV_FAIL("bad run_status \"%.40s\"", f[col[C_STATUS]]);
	}
	if (!ok)
		return 0;
	if (tp_parse_count(f[col[C_COPIES]], strlen(f[col[C_COPIES]]), &copies, &why) != NUM_OK ||
	    copies == 0)
		CSV_FAIL("bad copies \"%.40s\"", f[col[C_COPIES]]);
	if (tp_parse_num(f[col[C_RATE]], strlen(f[col[C_RATE]]), &rate, &why) != NUM_OK)
		CSV_FAIL("bad rate \"%.40s\"%s%s", f[col[C_RATE]], *why ? ": " : "", why);
	if (f[col[C_TITLE]][0] != '\0') {
		tp_copy_text(title, sizeof(title), f[col[C_TITLE]], strlen(f[col[C_TITLE]]));
	} else {
		const struct test_def *t = test_find(f[col[C_TEST]]);

		if (t == NULL)
			CSV_FAIL("sample without a title");
		tp_copy_text(title, sizeof(title), t->title, strlen(t->title));
	}
	set = sample_set(s, copies, f[col[C_TEST]], title, f[col[C_UNIT]],
			 col[C_LABEL] >= 0 && col[C_LABEL] < n ? f[col[C_LABEL]] : "");
	if (set == NULL)
		CSV_FAIL("too many tests (more than %d)", CSV_MAX_SETS);
	if (set->n >= CSV_MAX_SAMPLES)
		CSV_FAIL("too many samples for one test (more than %d)", CSV_MAX_SAMPLES);
	k = set->n;
	APPEND(set->rate, k, CSV_MAX_SAMPLES, pr);
	if (pr == NULL)
		CSV_FAIL("out of memory");
	APPEND(set->dropped, set->n, CSV_MAX_SAMPLES, pd);
	if (pd == NULL)
		CSV_FAIL("out of memory");
	*pr = rate;
	*pd = (unsigned char)dropped;
#undef CSV_FAIL
	return 0;
}

static int parse_csv(struct lreader *lr, struct tp_samples *s, char *err, size_t errlen)
{
	int col[C_COUNT + 3], ncol = 0, rc;

	memset(s, 0, sizeof(*s));
	lr->buf = calloc(1, TP_LINE_MAX + 1);
	if (lr->buf == NULL) {
		snprintf(err, errlen, "%s: out of memory", lr->name);
		return -1;
	}
	rc = tp_lr_next(lr, err, errlen);
	if (rc <= 0) {
		free(lr->buf);
		return rc < 0 ? -1 : 1;
	}
	if (lr->len > 0 && lr->buf[lr->len - 1] == '\r')
		lr->buf[--lr->len] = '\0';
	if (csv_header(lr->buf, col) != 0) {
		free(lr->buf);
		return 1;
	}
	for (int c = 0; c < C_COUNT; c++)
		if (col[c] + 1 > ncol)
			ncol = col[c] + 1;
	while ((rc = tp_lr_next(lr, err, errlen)) > 0) {
		if (lr->len > 0 && lr->buf[lr->len - 1] == '\r')
			lr->buf[--lr->len] = '\0';
		if (lr->len == 0)
			continue;
		if ((rc = csv_row(lr, lr->buf, col, ncol, s, err, errlen)) != 0)
			break;
	}
	free(lr->buf);
	if (rc < 0) {
		tp_samples_free(s);
		return -1;
	}
	return 0;
}

int tp_parse_samples_buffer(const char *name, const void *buf, size_t len, struct tp_samples *s,
			    char *err, size_t errlen)
{
	return tp_samples_from_buffer(parse_csv, name, buf, len, s, err, errlen);
}

int tp_parse_samples_csv(const char *path, struct tp_samples *s, char *err, size_t errlen)
{
	return tp_samples_from_file(parse_csv, path, s, err, errlen);
}

void tp_samples_free(struct tp_samples *s)
{
	for (size_t i = 0; i < s->nsets; i++) {
		free(s->sets[i].rate);
		free(s->sets[i].dropped);
	}
	free(s->sets);
	memset(s, 0, sizeof(*s));
}

const struct tp_sample_set *tp_find_samples(const struct tp_samples *s, unsigned copies,
					    const char *title)
{
	return tp_find_samples_in(s, copies, title, NULL);
}

const struct tp_sample_set *tp_find_samples_in(const struct tp_samples *s, unsigned copies,
					       const char *title, const char *label)
{
	for (size_t i = 0; i < s->nsets; i++)
		if (s->sets[i].copies == copies && tp_key_is(s->sets[i].test, s->sets[i].title, title) &&
		    (label == NULL || strcmp(s->sets[i].label, label) == 0))
			return &s->sets[i];
	return NULL;
}
