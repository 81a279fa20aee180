/*
 * textparse.c: read sysindex and UnixBench text reports back, tolerating
 * pastes.  Every line is first normalized (tabs, CR, no-break spaces and
 * other blanks become one space, leading "> " quote marks go), then matched
 * against the few line shapes a report has, always parsed from the right so
 * that titles may contain numbers and column positions never matter.
 */
#include "textparse.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "testtab.h"

/* ---- bounded line reader --------------------------------------------- */

struct lreader {
	FILE *f;                        /* NULL: read from mem */
	const unsigned char *mem;
	size_t memlen, pos;
	char *buf;                      /* TP_LINE_MAX + 1 bytes */
	size_t len;
	unsigned lineno;
	const char *name;
};

static int lr_getc(struct lreader *lr)
{
	if (lr->f != NULL)
		return getc(lr->f);
	return lr->pos < lr->memlen ? lr->mem[lr->pos++] : EOF;
}

/* 1: a line in buf (NUL-terminated, len bytes); 0: end of input; -1: error. */
static int lr_next(struct lreader *lr, char *err, size_t errlen)
{
	int c, any = 0;

	lr->len = 0;
	lr->lineno++;
	while ((c = lr_getc(lr)) != EOF) {
		any = 1;
		if (c == '\n')
			break;
		if (c == '\0') {
			snprintf(err, errlen, "%s:%u: not a text report (NUL byte)", lr->name,
				 lr->lineno);
			return -1;
		}
		if (lr->len == TP_LINE_MAX) {
			snprintf(err, errlen, "%s:%u: line longer than %d bytes", lr->name,
				 lr->lineno, TP_LINE_MAX);
			return -1;
		}
		lr->buf[lr->len++] = (char)c;
	}
	if (c == EOF && lr->f != NULL && ferror(lr->f)) {
		snprintf(err, errlen, "%s:%u: read error: %s", lr->name, lr->lineno,
			 strerror(errno));
		return -1;
	}
	lr->buf[lr->len] = '\0';
	return any;
}

/* ---- small string helpers --------------------------------------------- */

/*
 * Copy at most n bytes of s into out (size outlen).  A cut backs up to the
 * start of a UTF-8 sequence (at most 3 bytes), never further: bytes that are
 * not UTF-8 at all must not shrink the text to nothing.
 */
static void copy_text(char *out, size_t outlen, const char *s, size_t n)
{
	if (n >= outlen) {
		size_t cut = outlen - 1;

		n = cut;
		while (n > 0 && cut - n < 3 && ((unsigned char)s[n] & 0xc0) == 0x80)
			n--;
		if (((unsigned char)s[n] & 0xc0) == 0x80)
			n = cut;
	}
	memcpy(out, s, n);
	out[n] = '\0';
}

static int starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static int ends(const char *s, size_t len, const char *suffix)
{
	size_t k = strlen(suffix);

	return len >= k && memcmp(s + len - k, suffix, k) == 0;
}

/* The last occurrence of needle in s, or NULL. */
static const char *last_strstr(const char *s, const char *needle)
{
	const char *hit = NULL, *p = s;

	while ((p = strstr(p, needle)) != NULL)
		hit = p++;
	return hit;
}

/*
 * Normalize a line: control characters, tabs, CR and Unicode no-break or
 * thin spaces become blanks; runs of blanks collapse to one space; leading
 * blanks and '>' quote marks and trailing blanks go.  out has len+1 bytes.
 */
static size_t normalize(const char *in, size_t len, char *out)
{
	size_t o = 0;
	int pending = 0, lead = 1;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)in[i];
		int blank = c <= ' ' || c == 0x7f;

		if (c == 0xc2 && i + 1 < len && (unsigned char)in[i + 1] == 0xa0) {
			blank = 1;      /* U+00A0 NO-BREAK SPACE, as web pages paste */
			i++;
		} else if (c == 0xe2 && i + 2 < len && (unsigned char)in[i + 1] == 0x80 &&
			   ((unsigned char)in[i + 2] == 0xaf || (unsigned char)in[i + 2] == 0x89)) {
			blank = 1;      /* U+202F narrow no-break, U+2009 thin space */
			i += 2;
		}
		if (lead && (blank || c == '>'))
			continue;
		lead = 0;
		if (blank) {
			pending = 1;
			continue;
		}
		if (pending)
			out[o++] = ' ';
		pending = 0;
		out[o++] = (char)c;
	}
	out[o] = '\0';
	return o;
}

/* A token of a normalized line (single spaces between tokens). */
struct tok {
	const char *p;
	size_t n;
};

/* Take the last token of [s, *end); *end moves before it.  0 when none left. */
static int take_last(const char *s, const char **end, struct tok *t)
{
	const char *e = *end, *b;

	while (e > s && e[-1] == ' ')
		e--;
	if (e == s)
		return 0;
	b = e;
	while (b > s && b[-1] != ' ')
		b--;
	t->p = b;
	t->n = (size_t)(e - b);
	*end = b;
	return 1;
}

static int tok_is(const struct tok *t, const char *word)
{
	return t->n == strlen(word) && memcmp(t->p, word, t->n) == 0;
}

/* Length of [s, end) without trailing blanks. */
static size_t trimmed_len(const char *s, const char *end)
{
	while (end > s && end[-1] == ' ')
		end--;
	return (size_t)(end - s);
}

/* ---- numbers ------------------------------------------------------------ */

enum { NUM_NO, NUM_OK, NUM_BAD };

/* Whether a token was meant as a number (then it must parse, or it is an error). */
static int numberish(const char *p, size_t n)
{
	size_t k;

	if (n == 0)
		return 0;
	if (isdigit((unsigned char)p[0]))
		return 1;
	k = (p[0] == '-' || p[0] == '+') ? 1 : 0;
	if (n > k && (isdigit((unsigned char)p[k]) || (p[k] == '.' && n > k + 1 &&
						       isdigit((unsigned char)p[k + 1]))))
		return 1;
	if (k == 0 && p[0] == '.' && n > 1 && isdigit((unsigned char)p[1]))
		return 1;
	return n >= k + 3 && (strncasecmp(p + k, "nan", 3) == 0 || strncasecmp(p + k, "inf", 3) == 0);
}

/*
 * Strict decimal: [+]digits[.digits][e[+-]digits], finite, not negative.
 * why gets the reason on NUM_BAD.
 */
static int parse_num(const char *p, size_t n, double *v, const char **why)
{
	char buf[64];
	size_t i = 0, digits = 0;
	char *end;

	if (!numberish(p, n))
		return NUM_NO;
	if (n >= sizeof(buf)) {
		*why = "malformed number";
		return NUM_BAD;
	}
	memcpy(buf, p, n);
	buf[n] = '\0';
	if (buf[0] == '-' || buf[0] == '+')
		i++;
	if (strncasecmp(buf + i, "nan", 3) == 0 || strncasecmp(buf + i, "inf", 3) == 0) {
		*why = "not a finite number";
		return NUM_BAD;
	}
	for (; isdigit((unsigned char)buf[i]); i++)
		digits++;
	if (buf[i] == '.')
		for (i++; isdigit((unsigned char)buf[i]); i++)
			digits++;
	if (digits > 0 && (buf[i] == 'e' || buf[i] == 'E')) {
		size_t exp = 0;

		i++;
		if (buf[i] == '+' || buf[i] == '-')
			i++;
		for (; isdigit((unsigned char)buf[i]); i++)
			exp++;
		if (exp == 0)
			digits = 0;
	}
	if (digits == 0 || buf[i] != '\0') {
		*why = "malformed number";
		return NUM_BAD;
	}
	if (buf[0] == '-') {
		*why = "negative number";
		return NUM_BAD;
	}
	errno = 0;
	*v = strtod(buf, &end);
	if (*end != '\0' || !isfinite(*v) || (errno == ERANGE && fabs(*v) > 1)) {
		*why = "number out of range";
		return NUM_BAD;
	}
	return NUM_OK;
}

/* A whole number of at most 9 digits (copies, CPUs, samples). */
static int parse_count(const char *p, size_t n, unsigned *v, const char **why)
{
	double d;
	int r = parse_num(p, n, &d, why);

	if (r != NUM_OK)
		return r;
	if (d != floor(d) || d > 999999999.0) {
		*why = "not a whole number";
		return NUM_BAD;
	}
	*v = (unsigned)d;
	return NUM_OK;
}

/* ---- known names -------------------------------------------------------- */

/*
 * Resolve a title: a known display name (case-insensitive) gives its exact
 * spelling; with allow_suffix, a known name that ends the text at a word
 * boundary wins (drops text pasted before it).  Otherwise the text itself.
 * Returns 1 when the title is known.
 */
static int resolve_title(const char *s, size_t n, int allow_suffix, char *out, size_t outlen)
{
	const char *best = NULL;
	size_t bestlen = 0;

	for (size_t i = 0; i < test_table_len; i++) {
		const char *t = test_table[i].title;
		size_t k = strlen(t);

		if (k == n && strncasecmp(s, t, n) == 0) {
			copy_text(out, outlen, t, k);
			return 1;
		}
		if (allow_suffix && k < n && s[n - k - 1] == ' ' &&
		    strncasecmp(s + n - k, t, k) == 0 && k > bestlen) {
			best = t;
			bestlen = k;
		}
	}
	if (best != NULL) {
		copy_text(out, outlen, best, bestlen);
		return 1;
	}
	copy_text(out, outlen, s, n);
	return 0;
}

static void resolve_category(const char *s, size_t n, char *out, size_t outlen)
{
	for (int c = 0; c < CAT_COUNT; c++) {
		const char *t = category_title[c];
		size_t k = strlen(t);

		if (k <= n && strncasecmp(s + n - k, t, k) == 0 && (k == n || s[n - k - 1] == ' ')) {
			copy_text(out, outlen, t, k);
			return;
		}
	}
	copy_text(out, outlen, s, n);
}

/* ---- the document being built ----------------------------------------- */

enum mode { M_NONE, M_INDEX, M_STATS };

struct parser {
	struct lreader lr;
	struct tp_doc *doc;
	enum mode mode;
	int index_partial;
	char index_category[64];        /* of the index table being read */
	char *err;
	size_t errlen;
};

static int fail(struct parser *p, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(p->err, p->errlen, "%s:%u: %s", p->lr.name, p->lr.lineno, msg);
	return -1;
}

static int bad_number(struct parser *p, const struct tok *t, const char *why)
{
	return fail(p, "%s \"%.*s\"", why, (int)(t->n > 40 ? 40 : t->n), t->p);
}

/* Counted arrays grow by doubling: capacity 4, 8, 16, ... from the count alone. */
static void *grow(void *arr, size_t n, size_t elem)
{
	if (n != 0 && (n < 4 || (n & (n - 1)) != 0))
		return arr;
	return realloc(arr, (n == 0 ? 4 : n * 2) * elem);
}

/* out = a new zeroed last element of arr[n], or NULL at the cap or out of memory. */
#define APPEND(arr, n, max, out) do { \
		void *g_ = (n) < (max) ? grow((arr), (n), sizeof(*(arr))) : NULL; \
		(out) = NULL; \
		if (g_ != NULL) { \
			(arr) = g_; \
			(out) = &(arr)[(n)++]; \
			memset((out), 0, sizeof(*(arr))); \
		} \
	} while (0)

static struct tp_report *cur_report(struct parser *p)
{
	return p->doc->nreports ? &p->doc->reports[p->doc->nreports - 1] : NULL;
}

static struct tp_block *cur_block(struct parser *p)
{
	struct tp_report *r = cur_report(p);

	return r && r->nblocks ? &r->blocks[r->nblocks - 1] : NULL;
}

static void free_block(struct tp_block *b)
{
	free(b->results);
	free(b->index);
	free(b->stats);
}

static int block_empty(const struct tp_block *b)
{
	return b->nresults == 0 && b->nindex == 0 && b->nstats == 0 && b->nscores == 0;
}

static struct tp_report *new_report(struct parser *p)
{
	struct tp_report *r;

	APPEND(p->doc->reports, p->doc->nreports, TP_MAX_REPORTS, r);

	if (r == NULL) {
		fail(p, "too many reports in one file (more than %d)", TP_MAX_REPORTS);
		return NULL;
	}
	r->line = p->lr.lineno;
	p->mode = M_NONE;
	return r;
}

static struct tp_block *new_block(struct parser *p, unsigned copies)
{
	struct tp_report *r = cur_report(p);
	struct tp_block *b;

	if (r == NULL && (r = new_report(p)) == NULL)
		return NULL;
	APPEND(r->blocks, r->nblocks, TP_MAX_BLOCKS, b);
	if (b == NULL) {
		fail(p, "too many benchmark runs in one report (more than %d)", TP_MAX_BLOCKS);
		return NULL;
	}
	b->copies = copies;
	b->line = p->lr.lineno;
	p->mode = M_NONE;
	return b;
}

static struct tp_block *need_block(struct parser *p)
{
	struct tp_block *b = cur_block(p);

	return b != NULL ? b : new_block(p, 0);
}

/* ---- header lines ------------------------------------------------------- */

static int on_title(struct parser *p, const char *s)
{
	struct tp_report *r = cur_report(p);
	const char *t = strstr(s, "BYTE UNIX Benchmarks"), *v, *close;

	if (r == NULL || r->nblocks > 0 || r->title[0])
		if ((r = new_report(p)) == NULL)
			return -1;
	close = strchr(t, ')');
	copy_text(r->title, sizeof(r->title), t, close ? (size_t)(close - t + 1) : strlen(t));
	v = strstr(t, "(Version ");
	if (v != NULL) {
		const char *si;

		v += strlen("(Version ");
		copy_text(r->version, sizeof(r->version), v, strcspn(v, "); "));
		si = strstr(v, "sysindex ");
		if (si != NULL && (close == NULL || si < close)) {
			si += strlen("sysindex ");
			copy_text(r->sysindex_version, sizeof(r->sysindex_version), si,
				  strcspn(si, "); "));
		}
	}
	return 0;
}

static int on_system(struct parser *p, const char *s)
{
	struct tp_report *r = cur_report(p);
	const char *colon = strstr(s, ": ");

	if (r == NULL || r->nblocks > 0 || r->host[0])
		if ((r = new_report(p)) == NULL)
			return -1;
	if (colon == NULL) {
		copy_text(r->host, sizeof(r->host), s, strlen(s));
		return 0;
	}
	copy_text(r->host, sizeof(r->host), s, (size_t)(colon - s));
	copy_text(r->system, sizeof(r->system), colon + 2, strlen(colon + 2));
	return 0;
}

/* "Compiler:" and "Mode:" belong to the header: a report whose runs began is done. */
static int on_header_field(struct parser *p, const char *value, int compiler)
{
	struct tp_report *r = cur_report(p);
	char *field;
	size_t len;

	if (r == NULL || r->nblocks > 0)
		if ((r = new_report(p)) == NULL)
			return -1;
	field = compiler ? r->compiler : r->mode;
	len = compiler ? sizeof(r->compiler) : sizeof(r->mode);
	copy_text(field, len, value, strlen(value));
	return 0;
}

static int on_benchmark_run(struct parser *p)
{
	struct tp_block *b = cur_block(p);

	if (b != NULL && block_empty(b)) {
		b->line = p->lr.lineno;
		p->mode = M_NONE;
		return 0;
	}
	return new_block(p, 0) ? 0 : -1;
}

/*
 * "2 CPUs in system; running 1 parallel copy of tests".  A copy count seen
 * twice in one report means a second report whose header is missing.
 */
static int try_copies(struct parser *p, const char *s)
{
	const char *mid = strstr(s, " in system; running "), *end = mid, *after;
	struct tok cpu, ncpu, ncopies;
	unsigned cpus = 0, copies = 0;
	const char *why = "";
	struct tp_block *b;
	struct tp_report *r;
	int rc;

	if (!take_last(s, &end, &cpu) || !(tok_is(&cpu, "CPU") || tok_is(&cpu, "CPUs")) ||
	    !take_last(s, &end, &ncpu))
		return 0;
	after = mid + strlen(" in system; running ");
	ncopies.p = after;
	ncopies.n = strcspn(after, " ");
	if (!starts(after + ncopies.n, " parallel cop"))
		return 0;
	if ((rc = parse_count(ncpu.p, ncpu.n, &cpus, &why)) == NUM_BAD)
		return bad_number(p, &ncpu, why);
	if (rc == NUM_NO)
		cpus = 0;
	rc = parse_count(ncopies.p, ncopies.n, &copies, &why);
	if (rc == NUM_BAD)
		return bad_number(p, &ncopies, why);
	if (rc == NUM_NO)
		return 0;
	if (copies == 0)
		return fail(p, "zero parallel copies");
	b = cur_block(p);
	if (b == NULL || !block_empty(b) || b->copies != 0)
		if ((b = new_block(p, 0)) == NULL)
			return -1;
	r = cur_report(p);
	for (size_t i = 0; i + 1 < r->nblocks; i++) {
		if (r->blocks[i].copies == copies) {
			/* The current block is empty: move it into a new report. */
			unsigned line = b->line;

			free_block(&r->blocks[--r->nblocks]);
			if (new_report(p) == NULL || (b = new_block(p, 0)) == NULL)
				return -1;
			b->line = cur_report(p)->line = line;
			break;
		}
	}
	b->copies = copies;
	b->cpus = cpus;
	return 1;
}

/* ---- result lines ------------------------------------------------------- */

/* A new result in the current block; a title seen twice starts a new report. */
static struct tp_result *add_result(struct parser *p, const char *title)
{
	struct tp_block *b = need_block(p);
	struct tp_result *res;

	if (b == NULL)
		return NULL;
	if (tp_find_result(b, title) != NULL) {
		unsigned copies = b->copies;

		if (new_report(p) == NULL || (b = new_block(p, copies)) == NULL)
			return NULL;
	}
	APPEND(b->results, b->nresults, TP_MAX_ROWS, res);
	if (res == NULL)
		fail(p, "too many results in one benchmark run (more than %d)", TP_MAX_ROWS);
	return res;
}

static int is_time_unit(const char *s, size_t n)
{
	static const char *const units[] = { "s", "sec", "secs", "seconds" };

	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (strlen(units[i]) == n && strncmp(s, units[i], n) == 0)
			return 1;
	return 0;
}

/* "(10.0 s, 2 samples)" between open and samp: time and sample count. */
static int parse_samples_paren(struct parser *p, const char *open, const char *samp,
			       double *time, unsigned *n)
{
	char buf[96];
	struct tok t[4];
	size_t nt = 0, len = (size_t)(samp - open - 1);
	const char *why = "", *q;
	int rc;

	if (len >= sizeof(buf))
		return 0;
	memcpy(buf, open + 1, len);
	buf[len] = '\0';
	for (char *c = buf; *c; c++)
		if (*c == ',')
			*c = ' ';
	for (q = buf; *q;) {
		while (*q == ' ')
			q++;
		if (!*q)
			break;
		if (nt == 4)
			return 0;
		t[nt].p = q;
		t[nt].n = strcspn(q, " ");
		q += t[nt++].n;
	}
	if (nt == 2) {
		/* "10.0s": split the unit off the number. */
		size_t k = t[0].n;

		while (k > 0 && isalpha((unsigned char)t[0].p[k - 1]))
			k--;
		if (k == t[0].n || !is_time_unit(t[0].p + k, t[0].n - k))
			return 0;
		t[0].n = k;
	} else if (nt != 3 || !is_time_unit(t[1].p, t[1].n)) {
		return 0;
	}
	if ((rc = parse_num(t[0].p, t[0].n, time, &why)) != NUM_OK)
		return rc == NUM_BAD ? bad_number(p, &t[0], why) : 0;
	if ((rc = parse_count(t[nt - 1].p, t[nt - 1].n, n, &why)) != NUM_OK)
		return rc == NUM_BAD ? bad_number(p, &t[nt - 1], why) : 0;
	return 1;
}

/* "<title> <value> <unit> (<time> s, <n> samples) [<note>]" */
static int try_result(struct parser *p, const char *s)
{
	const char *samp = last_strstr(s, "sample"), *after, *open = NULL, *end;
	struct tok unit, value;
	struct tp_result *res;
	char title[TP_TITLE_MAX];
	double v, time = -1;
	unsigned n = 0;
	const char *why = "";
	int rc;

	if (samp == NULL)
		return 0;
	after = samp + strlen("sample");
	if (*after == 's')
		after++;
	if (*after != ')')
		return 0;
	for (const char *c = s; c < samp; c++)
		if (*c == '(')
			open = c;
	if (open == NULL || open == s)
		return 0;
	if ((rc = parse_samples_paren(p, open, samp, &time, &n)) != 1)
		return rc;
	end = open;
	if (!take_last(s, &end, &unit) || numberish(unit.p, unit.n) || unit.n >= 16 ||
	    !take_last(s, &end, &value) || trimmed_len(s, end) == 0)
		return 0;
	rc = parse_num(value.p, value.n, &v, &why);
	if (rc == NUM_BAD)
		return bad_number(p, &value, why);
	if (rc == NUM_NO)
		return 0;
	resolve_title(s, trimmed_len(s, end), 1, title, sizeof(title));
	if ((res = add_result(p, title)) == NULL)
		return -1;
	memcpy(res->title, title, sizeof(title));
	copy_text(res->unit, sizeof(res->unit), unit.p, unit.n);
	res->status = TP_OK;
	res->value = v;
	res->time = time;
	res->samples = n;
	res->line = p->lr.lineno;
	after++;
	while (*after == ' ')
		after++;
	if (*after == '[') {
		size_t k = strcspn(after + 1, "]");

		if (after[1 + k] == ']')
			copy_text(res->note, sizeof(res->note), after + 1, k);
	}
	return 1;
}

/* sysindex's line for a test without a result: "<title> FAILED <unit> (<reason>)". */
static int try_status(struct parser *p, const char *s)
{
	static const struct { const char *word; enum tp_status st; } words[] = {
		{ " FAILED ", TP_FAILED }, { " SKIPPED ", TP_SKIPPED },
		{ " N/A ", TP_UNAVAILABLE }, { " NOT RUN ", TP_NOT_RUN },
	};

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		const char *w = strstr(s, words[i].word), *u;
		char title[TP_TITLE_MAX];
		struct tp_result *res;
		size_t ulen;

		if (w == NULL || w == s)
			continue;
		u = w + strlen(words[i].word);
		ulen = strcspn(u, " ");
		if (ulen == 0 || ulen >= 16 || numberish(u, ulen) || u[ulen] != ' ' ||
		    u[ulen + 1] != '(')
			continue;
		resolve_title(s, (size_t)(w - s), 1, title, sizeof(title));
		if ((res = add_result(p, title)) == NULL)
			return -1;
		memcpy(res->title, title, sizeof(title));
		copy_text(res->unit, sizeof(res->unit), u, ulen);
		res->status = words[i].st;
		res->time = -1;
		res->line = p->lr.lineno;
		return 1;
	}
	return 0;
}

/* ---- statistics rows ---------------------------------------------------- */

static int flag_word(const struct tok *t)
{
	for (size_t i = 0; i < t->n; i++)
		if (!isalpha((unsigned char)t->p[i]) && t->p[i] != '-')
			return 0;
	return t->n > 0;
}

/* "<title> <n> <mean> <sd> <ci>% <cv>% [flags...]" */
static int try_stats(struct parser *p, const char *s)
{
	const char *end = s + strlen(s), *flags_end = end, *flags_start = NULL, *why = "";
	struct tok t, cv, ci, sd, mean, n;
	struct tp_stats_row *row;
	struct tp_block *b;
	char title[TP_TITLE_MAX];
	double v[4];
	unsigned count = 0;
	int known;

	for (int k = 0;; k++) {
		if (k > 8 || !take_last(s, &end, &t))
			return 0;
		if (t.n > 1 && t.p[t.n - 1] == '%')
			break;
		if (!flag_word(&t))
			return 0;
		flags_start = t.p;
	}
	cv = t;
	cv.n--;
	if (!take_last(s, &end, &ci) || ci.n < 2 || ci.p[ci.n - 1] != '%')
		return 0;
	ci.n--;
	if (!take_last(s, &end, &sd) || !take_last(s, &end, &mean) || !take_last(s, &end, &n) ||
	    trimmed_len(s, end) == 0)
		return 0;
	if (!numberish(cv.p, cv.n) || !numberish(ci.p, ci.n) || !numberish(sd.p, sd.n) ||
	    !numberish(mean.p, mean.n) || !numberish(n.p, n.n))
		return 0;
	known = resolve_title(s, trimmed_len(s, end), p->mode == M_STATS, title, sizeof(title));
	if (!known && p->mode != M_STATS)
		return 0;
	if (parse_count(n.p, n.n, &count, &why) != NUM_OK)
		return bad_number(p, &n, why);
	{
		const struct tok *nums[4] = { &mean, &sd, &ci, &cv };

		for (int k = 0; k < 4; k++)
			if (parse_num(nums[k]->p, nums[k]->n, &v[k], &why) != NUM_OK)
				return bad_number(p, nums[k], why);
	}
	if ((b = need_block(p)) == NULL)
		return -1;
	if (tp_find_stats(b, title) != NULL)
		return 1;
	APPEND(b->stats, b->nstats, TP_MAX_ROWS, row);
	if (row == NULL)
		return fail(p, "too many statistics rows in one benchmark run (more than %d)",
			    TP_MAX_ROWS);
	memcpy(row->title, title, sizeof(title));
	row->n = count;
	row->mean = v[0];
	row->sd = v[1];
	row->ci_pct = v[2];
	row->cv_pct = v[3];
	if (flags_start != NULL)
		copy_text(row->flags, sizeof(row->flags), flags_start,
			  (size_t)(flags_end - flags_start));
	row->line = p->lr.lineno;
	return 1;
}

/* ---- index tables ------------------------------------------------------- */

/* "System Benchmarks Index Values BASELINE RESULT INDEX" (or "Partial Index"). */
static int on_index_header(struct parser *p, const char *s)
{
	const char *at = strstr(s, " Index Values");

	if (at == NULL)
		at = strstr(s, " Partial Index");
	if (need_block(p) == NULL)
		return -1;
	p->mode = M_INDEX;
	p->index_partial = strstr(s, "Partial Index") != NULL;
	if (at != NULL)
		resolve_category(s, (size_t)(at - s), p->index_category, sizeof(p->index_category));
	else
		p->index_category[0] = '\0';
	return 0;
}

/* The category of an index row: its table's, else the test table's. */
static void row_category(const struct parser *p, const char *title, char *out, size_t len)
{
	if (p->mode == M_INDEX && p->index_category[0]) {
		copy_text(out, len, p->index_category, strlen(p->index_category));
		return;
	}
	out[0] = '\0';
	for (size_t i = 0; i < test_table_len; i++)
		if (strcmp(test_table[i].title, title) == 0) {
			const char *c = category_title[test_category(&test_table[i])];

			copy_text(out, len, c, strlen(c));
		}
}

/* "System Benchmarks Index Score (Partial Only) 693.5" */
static int try_score(struct parser *p, const char *s)
{
	const char *at = strstr(s, " Index Score"), *end = s + strlen(s), *why = "";
	struct tok num;
	struct tp_block *b;
	struct tp_score *sc;
	double v;
	int rc;

	if (at == NULL || !take_last(s, &end, &num) || end <= at + strlen(" Index Score") - 1)
		return 0;
	rc = parse_num(num.p, num.n, &v, &why);
	if (rc == NUM_NO)
		return 0;
	if (rc == NUM_BAD)
		return bad_number(p, &num, why);
	if ((b = need_block(p)) == NULL)
		return -1;
	if (b->nscores == TP_MAX_SCORES)
		return fail(p, "too many index scores in one benchmark run (more than %d)",
			    TP_MAX_SCORES);
	sc = &b->scores[b->nscores++];
	memset(sc, 0, sizeof(*sc));
	resolve_category(s, (size_t)(at - s), sc->category, sizeof(sc->category));
	sc->score = v;
	sc->partial = p->index_partial || strstr(at, "Partial") != NULL;
	sc->line = p->lr.lineno;
	p->mode = M_NONE;
	p->index_partial = 0;
	return 1;
}

static int index_cell(const struct tok *t, int dashes_ok)
{
	return numberish(t->p, t->n) || (dashes_ok && tok_is(t, "---"));
}

/* "<title> <baseline|---> <result> <index|--->" */
static int try_index_row(struct parser *p, const char *s)
{
	const char *end = s + strlen(s), *why = "";
	struct tok idx, res, base;
	const struct tok *cells[3] = { &base, &res, &idx };
	double v[3] = { -1, -1, -1 };
	char title[TP_TITLE_MAX];
	struct tp_index_row *row;
	struct tp_block *b;
	int known;

	if (!take_last(s, &end, &idx) || !take_last(s, &end, &res) || !take_last(s, &end, &base) ||
	    trimmed_len(s, end) == 0)
		return 0;
	if (!index_cell(&idx, 1) || !index_cell(&res, 0) || !index_cell(&base, 1))
		return 0;
	known = resolve_title(s, trimmed_len(s, end), p->mode == M_INDEX, title, sizeof(title));
	if (!known && p->mode != M_INDEX)
		return 0;
	for (int k = 0; k < 3; k++)
		if (!tok_is(cells[k], "---") &&
		    parse_num(cells[k]->p, cells[k]->n, &v[k], &why) != NUM_OK)
			return bad_number(p, cells[k], why);
	if ((b = need_block(p)) == NULL)
		return -1;
	if (tp_find_index(b, title) != NULL)
		return 1;
	APPEND(b->index, b->nindex, TP_MAX_ROWS, row);
	if (row == NULL)
		return fail(p, "too many index rows in one benchmark run (more than %d)",
			    TP_MAX_ROWS);
	memcpy(row->title, title, sizeof(title));
	row_category(p, title, row->category, sizeof(row->category));
	row->baseline = v[0];
	row->result = v[1];
	row->index = v[2];
	row->line = p->lr.lineno;
	return 1;
}

/* ---- one line ----------------------------------------------------------- */

static int parse_line(struct parser *p, const char *s, size_t len)
{
	int rc;

	if (len == 0)
		return 0;
	if (strstr(s, "BYTE UNIX Benchmarks") != NULL)
		return on_title(p, s);
	if (starts(s, "System: "))
		return on_system(p, s + strlen("System: "));
	if (starts(s, "Compiler: "))
		return on_header_field(p, s + strlen("Compiler: "), 1);
	if (starts(s, "Mode: "))
		return on_header_field(p, s + strlen("Mode: "), 0);
	if (starts(s, "Benchmark Run:"))
		return on_benchmark_run(p);
	if (strstr(s, " in system; running ") != NULL && (rc = try_copies(p, s)) != 0)
		return rc < 0 ? -1 : 0;
	if (starts(s, "Statistics (every sample's rate)")) {
		p->mode = M_STATS;
		return need_block(p) ? 0 : -1;
	}
	if (ends(s, len, "BASELINE RESULT INDEX"))
		return on_index_header(p, s);
	if ((rc = try_result(p, s)) != 0 || (rc = try_status(p, s)) != 0 ||
	    (rc = try_stats(p, s)) != 0 || (rc = try_score(p, s)) != 0 ||
	    (rc = try_index_row(p, s)) != 0)
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
			if (block_empty(&r->blocks[j]))
				free_block(&r->blocks[j]);
			else
				r->blocks[kb++] = r->blocks[j];
		}
		r->nblocks = kb;
		if (!tp_report_has_tests(r)) {
			for (size_t j = 0; j < r->nblocks; j++)
				free_block(&r->blocks[j]);
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
	while ((rc = lr_next(&p->lr, p->err, p->errlen)) > 0) {
		size_t n = normalize(p->lr.buf, p->lr.len, norm);

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
	return parse_all(&p);
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
	fclose(p.lr.f);
	return rc;
}

void tp_doc_free(struct tp_doc *doc)
{
	for (size_t i = 0; i < doc->nreports; i++) {
		for (size_t j = 0; j < doc->reports[i].nblocks; j++)
			free_block(&doc->reports[i].blocks[j]);
		free(doc->reports[i].blocks);
	}
	free(doc->reports);
	memset(doc, 0, sizeof(*doc));
}

const struct tp_result *tp_find_result(const struct tp_block *b, const char *title)
{
	for (size_t i = 0; i < b->nresults; i++)
		if (strcmp(b->results[i].title, title) == 0)
			return &b->results[i];
	return NULL;
}

const struct tp_index_row *tp_find_index(const struct tp_block *b, const char *title)
{
	for (size_t i = 0; i < b->nindex; i++)
		if (strcmp(b->index[i].title, title) == 0)
			return &b->index[i];
	return NULL;
}

const struct tp_stats_row *tp_find_stats(const struct tp_block *b, const char *title)
{
	for (size_t i = 0; i < b->nstats; i++)
		if (strcmp(b->stats[i].title, title) == 0)
			return &b->stats[i];
	return NULL;
}

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
		if (n == max)
			return -1;
		fields[n++] = w;
		if (*r == '"') {
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
		if (*r == '\0') {
			*w = '\0';
			return n;
		}
		*w++ = '\0';
		r++;
	}
}

enum { C_COPIES, C_TEST, C_TITLE, C_RATE, C_UNIT, C_DROPPED, C_OK, C_COUNT };

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
	return 0;
}

static struct tp_sample_set *sample_set(struct tp_samples *s, unsigned copies, const char *test,
					const char *title, const char *unit)
{
	struct tp_sample_set *set;

	for (size_t i = 0; i < s->nsets; i++)
		if (s->sets[i].copies == copies && strcmp(s->sets[i].title, title) == 0)
			return &s->sets[i];
	APPEND(s->sets, s->nsets, CSV_MAX_SETS, set);
	if (set == NULL)
		return NULL;
	set->copies = copies;
	copy_text(set->test, sizeof(set->test), test, strlen(test));
	copy_text(set->title, sizeof(set->title), title, strlen(title));
	copy_text(set->unit, sizeof(set->unit), unit, strlen(unit));
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
	if (!ok)
		return 0;
	if (parse_count(f[col[C_COPIES]], strlen(f[col[C_COPIES]]), &copies, &why) != NUM_OK ||
	    copies == 0)
		CSV_FAIL("bad copies \"%.40s\"", f[col[C_COPIES]]);
	if (parse_num(f[col[C_RATE]], strlen(f[col[C_RATE]]), &rate, &why) != NUM_OK)
		CSV_FAIL("bad rate \"%.40s\"%s%s", f[col[C_RATE]], *why ? ": " : "", why);
	if (f[col[C_TITLE]][0] != '\0') {
		copy_text(title, sizeof(title), f[col[C_TITLE]], strlen(f[col[C_TITLE]]));
	} else {
		const struct test_def *t = test_find(f[col[C_TEST]]);

		if (t == NULL)
			CSV_FAIL("sample without a title");
		copy_text(title, sizeof(title), t->title, strlen(t->title));
	}
	set = sample_set(s, copies, f[col[C_TEST]], title, f[col[C_UNIT]]);
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
	int col[C_COUNT], ncol = 0, rc;

	memset(s, 0, sizeof(*s));
	lr->buf = calloc(1, TP_LINE_MAX + 1);
	if (lr->buf == NULL) {
		snprintf(err, errlen, "%s: out of memory", lr->name);
		return -1;
	}
	rc = lr_next(lr, err, errlen);
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
	while ((rc = lr_next(lr, err, errlen)) > 0) {
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
	struct lreader lr = { 0 };

	lr.name = name;
	lr.mem = buf;
	lr.memlen = len;
	return parse_csv(&lr, s, err, errlen);
}

int tp_parse_samples_csv(const char *path, struct tp_samples *s, char *err, size_t errlen)
{
	struct lreader lr = { 0 };
	int rc;

	memset(s, 0, sizeof(*s));
	lr.name = path;
	lr.f = fopen(path, "r");
	if (lr.f == NULL) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	rc = parse_csv(&lr, s, err, errlen);
	fclose(lr.f);
	return rc;
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
	for (size_t i = 0; i < s->nsets; i++)
		if (s->sets[i].copies == copies && strcmp(s->sets[i].title, title) == 0)
			return &s->sets[i];
	return NULL;
}
