/*
 * textparse_line.c: the report parser's lowest layer: a bounded line
 * reader (file or buffer, at most TP_LINE_MAX bytes a line, no NUL bytes),
 * the cleaning of pasted lines (tabs, CR, no-break spaces, leading '>'
 * quote marks, runs of blanks), tokens taken from the right, and strict
 * numbers (NaN, infinities and negative values are errors, not zeros).
 */
#include "reader/textparse_int.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- bounded line reader --------------------------------------------- */

static int lr_getc(struct lreader *lr)
{
	if (lr->f != NULL)
		return getc(lr->f);
	return lr->pos < lr->memlen ? lr->mem[lr->pos++] : EOF;
}

/* 1: a line in buf (NUL-terminated, len bytes); 0: end of input; -1: error. */
int tp_lr_next(struct lreader *lr, char *err, size_t errlen)
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
void tp_copy_text(char *out, size_t outlen, const char *s, size_t n)
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

int tp_starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/*
 * Normalize a line: control characters, tabs, CR and Unicode no-break or
 * thin spaces become blanks; runs of blanks collapse to one space; leading
 * blanks and '>' quote marks and trailing blanks go.  out has len+1 bytes.
 */
size_t tp_normalize(const char *in, size_t len, char *out)
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

/* Take the last token of [s, *end); *end moves before it.  0 when none left. */
int tp_take_last(const char *s, const char **end, struct tok *t)
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

int tp_tok_is(const struct tok *t, const char *word)
{
	return t->n == strlen(word) && memcmp(t->p, word, t->n) == 0;
}

/* Length of [s, end) without trailing blanks. */
size_t tp_trimmed_len(const char *s, const char *end)
{
	while (end > s && end[-1] == ' ')
		end--;
	return (size_t)(end - s);
}

/* ---- numbers ------------------------------------------------------------ */

/* Whether a token was meant as a number (then it must parse, or it is an error). */
int tp_numberish(const char *p, size_t n)
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
int tp_parse_num(const char *p, size_t n, double *v, const char **why)
{
	char buf[64];
	size_t i = 0, digits = 0;
	char *end;

	if (!tp_numberish(p, n))
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
int tp_parse_count(const char *p, size_t n, unsigned *v, const char **why)
{
	double d;
	int r = tp_parse_num(p, n, &d, why);

	if (r != NUM_OK)
		return r;
	if (d != floor(d) || d > 999999999.0) {
		*why = "not a whole number";
		return NUM_BAD;
	}
	*v = (unsigned)d;
	return NUM_OK;
}

int tp_samples_from_buffer(tp_samples_parser parse, const char *name, const void *buf,
			   size_t len, struct tp_samples *s, char *err, size_t errlen)
{
	struct lreader lr = { 0 };

	lr.name = name;
	lr.mem = buf;
	lr.memlen = len;
	return parse(&lr, s, err, errlen);
}

int tp_samples_from_file(tp_samples_parser parse, const char *path, struct tp_samples *s,
			 char *err, size_t errlen)
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
	rc = parse(&lr, s, err, errlen);
	fclose(lr.f);
	return rc;
}
