/*
 * record_json.c: the strict, table-driven JSON walker of record_int.h.
 * It knows JSON's tokens (RFC 8259: strings with their escapes, numbers,
 * true, false, null) and nothing of sysindex: the tables say what may
 * appear where.  No recursion follows the input's nesting, only the
 * tables'; no token is longer than its bound.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "reader/record_int.h"

/* ---- messages ----------------------------------------------------------- */

/* The path walked so far, "runs[0].tests[3].rate". */
static void path_text(const struct rec *rd, char *out, size_t len)
{
	size_t o = 0;

	out[0] = '\0';
	for (int i = 0; i < rd->depth && o < len; i++) {
		int n;

		if (rd->path[i].key != NULL)
			n = snprintf(out + o, len - o, "%s%s", o ? "." : "", rd->path[i].key);
		else
			n = snprintf(out + o, len - o, "[%ld]", rd->path[i].index);
		if (n < 0)
			break;
		o += (size_t)n;
	}
}

int rec_fail(struct rec *rd, const char *fmt, ...)
{
	char path[256], msg[256];
	va_list ap;

	if (rd->failed)
		return -1;
	rd->failed = 1;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	path_text(rd, path, sizeof(path));
	snprintf(rd->err, rd->errlen, "%s: %s%s%s", rd->name, path, path[0] ? ": " : "", msg);
	/* One line whatever the input held. */
	for (char *c = rd->err; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			*c = '?';
	return -1;
}

/* ---- tokens ------------------------------------------------------------- */

static void skip_ws(struct rec *rd)
{
	while (rd->p < rd->end && (*rd->p == ' ' || *rd->p == '\t' || *rd->p == '\n' ||
				   *rd->p == '\r'))
		rd->p++;
}

static int peek(struct rec *rd)
{
	skip_ws(rd);
	return rd->p < rd->end ? (unsigned char)*rd->p : -1;
}

static int expect(struct rec *rd, char c)
{
	if (peek(rd) != (unsigned char)c)
		return rec_fail(rd, rd->p < rd->end ? "expected '%c'" : "expected '%c', the "
				"file ends", c);
	rd->p++;
	return 0;
}

static int literal(struct rec *rd, const char *word)
{
	size_t n = strlen(word);

	skip_ws(rd);
	if ((size_t)(rd->end - rd->p) >= n && memcmp(rd->p, word, n) == 0) {
		rd->p += n;
		return 1;
	}
	return 0;
}

int rec_null(struct rec *rd)
{
	return peek(rd) == 'n' && literal(rd, "null");
}

static int hex4(const char *p, unsigned *out)
{
	unsigned v = 0;

	for (int i = 0; i < 4; i++) {
		char c = p[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned)(c - 'A' + 10);
		else
			return -1;
	}
	*out = v;
	return 0;
}

/* Append code point cp as UTF-8 to out[*o] (size bytes with the NUL). */
static int put_utf8(struct rec *rd, char *out, size_t size, size_t *o, unsigned cp)
{
	unsigned char b[4];
	size_t n;

	if (cp == 0)
		return rec_fail(rd, "a NUL character in a string");
	if (cp < 0x80) {
		b[0] = (unsigned char)cp;
		n = 1;
	} else if (cp < 0x800) {
		b[0] = (unsigned char)(0xc0 | cp >> 6);
		b[1] = (unsigned char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		b[0] = (unsigned char)(0xe0 | cp >> 12);
		b[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
		b[2] = (unsigned char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		b[0] = (unsigned char)(0xf0 | cp >> 18);
		b[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3f));
		b[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3f));
		b[3] = (unsigned char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	if (*o + n >= size)
		return rec_fail(rd, "string longer than %zu bytes", size - 1);
	memcpy(out + *o, b, n);
	*o += n;
	return 0;
}

/* A string into out (size bytes with the NUL; out NULL: read and dropped). */
int rec_string(struct rec *rd, char *out, size_t size, int null_ok)
{
	size_t o = 0;

	if (out == NULL) {
		out = rd->sink;
		size = sizeof(rd->sink);
	}
	out[0] = '\0';
	if (null_ok && rec_null(rd))
		return 0;
	if (peek(rd) != '"')
		return rec_fail(rd, null_ok ? "expected a string or null" : "expected a string");
	rd->p++;
	while (rd->p < rd->end && *rd->p != '"') {
		unsigned char c = (unsigned char)*rd->p;
		unsigned cp, lo;

		if (c < 0x20)
			return rec_fail(rd, "a control character inside a string");
		if (c != '\\') {
			if (o + 1 >= size)
				return rec_fail(rd, "string longer than %zu bytes", size - 1);
			out[o++] = (char)c;
			rd->p++;
			continue;
		}
		if (rd->end - rd->p < 2)
			break;
		switch (rd->p[1]) {
		case '"': cp = '"'; break;
		case '\\': cp = '\\'; break;
		case '/': cp = '/'; break;
		case 'b': cp = '\b'; break;
		case 'f': cp = '\f'; break;
		case 'n': cp = '\n'; break;
		case 'r': cp = '\r'; break;
		case 't': cp = '\t'; break;
		case 'u':
			if (rd->end - rd->p < 6 || hex4(rd->p + 2, &cp) != 0)
				return rec_fail(rd, "a bad \\u escape");
			if (cp >= 0xdc00 && cp <= 0xdfff)
				return rec_fail(rd, "a lone low surrogate");
			if (cp >= 0xd800 && cp <= 0xdbff) {
				if (rd->end - rd->p < 12 || rd->p[6] != '\\' || rd->p[7] != 'u' ||
				    hex4(rd->p + 8, &lo) != 0 || lo < 0xdc00 || lo > 0xdfff)
					return rec_fail(rd, "a high surrogate without its low one");
				cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
				rd->p += 6;
			}
			rd->p += 4;
			break;
		default:
			return rec_fail(rd, "a bad escape in a string");
		}
		rd->p += 2;
		if (put_utf8(rd, out, size, &o, cp) != 0)
			return -1;
	}
	if (rd->p >= rd->end)
		return rec_fail(rd, "a string runs to the end of the file");
	rd->p++;
	out[o] = '\0';
	return 0;
}

/* A JSON number token into tok; 1 if it has a fraction or an exponent. */
static int number_token(struct rec *rd, char *tok, int *real)
{
	const char *s = rd->p, *q = s;
	size_t n;

	*real = 0;
	if (q < rd->end && *q == '-')
		q++;
	if (q < rd->end && *q == '0')
		q++;
	else if (q < rd->end && *q >= '1' && *q <= '9')
		while (q < rd->end && *q >= '0' && *q <= '9')
			q++;
	else
		return rec_fail(rd, "expected a number");
	if (q < rd->end && *q == '.') {
		*real = 1;
		if (++q >= rd->end || *q < '0' || *q > '9')
			return rec_fail(rd, "a number without digits after its point");
		while (q < rd->end && *q >= '0' && *q <= '9')
			q++;
	}
	if (q < rd->end && (*q == 'e' || *q == 'E')) {
		*real = 1;
		q++;
		if (q < rd->end && (*q == '+' || *q == '-'))
			q++;
		if (q >= rd->end || *q < '0' || *q > '9')
			return rec_fail(rd, "a number without exponent digits");
		while (q < rd->end && *q >= '0' && *q <= '9')
			q++;
	}
	n = (size_t)(q - s);
	if (n >= REC_NUM_MAX)
		return rec_fail(rd, "a number longer than %d characters", REC_NUM_MAX - 1);
	memcpy(tok, s, n);
	tok[n] = '\0';
	rd->p = q;
	return 0;
}

/* A number's token, or null (*is_null): 0, or -1 after rec_fail. */
static int number_or_null(struct rec *rd, char *tok, int *real, int *is_null)
{
	*is_null = 0;
	if (rec_null(rd)) {
		*is_null = 1;
		return 0;
	}
	skip_ws(rd);
	return number_token(rd, tok, real);
}

int rec_number(struct rec *rd, double *out, int *is_null)
{
	char tok[REC_NUM_MAX], *e;
	int real;

	*out = NAN;
	if (number_or_null(rd, tok, &real, is_null) != 0 || *is_null)
		return rd->failed ? -1 : 0;
	*out = strtod(tok, &e);
	if (*e != '\0' || !isfinite(*out))
		return rec_fail(rd, "a number out of range");
	return 0;
}

int rec_uint(struct rec *rd, unsigned long long *out, int *is_null)
{
	char tok[REC_NUM_MAX], *e;
	int real;

	*out = 0;
	if (number_or_null(rd, tok, &real, is_null) != 0 || *is_null)
		return rd->failed ? -1 : 0;
	if (real || tok[0] == '-')
		return rec_fail(rd, "expected a whole number >= 0");
	errno = 0;
	*out = strtoull(tok, &e, 10);
	if (*e != '\0' || errno == ERANGE)
		return rec_fail(rd, "a number out of range");
	return 0;
}

static int read_int(struct rec *rd, long long lo, long long hi, long long *out, int *is_null)
{
	char tok[REC_NUM_MAX], *e;
	int real;

	*out = 0;
	if (number_or_null(rd, tok, &real, is_null) != 0 || *is_null)
		return rd->failed ? -1 : 0;
	if (real)
		return rec_fail(rd, "expected a whole number");
	errno = 0;
	*out = strtoll(tok, &e, 10);
	if (*e != '\0' || errno == ERANGE || *out < lo || *out > hi)
		return rec_fail(rd, "a number out of range");
	return 0;
}

static int read_bool(struct rec *rd, int *out, int null_ok)
{
	if (literal(rd, "true"))
		*out = 1;
	else if (literal(rd, "false"))
		*out = 0;
	else if (null_ok && rec_null(rd))
		*out = -1;
	else
		return rec_fail(rd, null_ok ? "expected true, false or null" : "expected true or false");
	return 0;
}

int rec_bool(struct rec *rd, int *out)
{
	return read_bool(rd, out, 0);
}

/* ---- memory ------------------------------------------------------------- */

int rec_grow(struct rec *rd, void **arr, size_t *cap, size_t n, size_t size, size_t max)
{
	size_t ncap;
	void *p;

	if (n >= max)
		return rec_fail(rd, "more than %zu entries", max);
	if (n < *cap)
		return 0;
	ncap = *cap ? *cap * 2 : 4;
	if (ncap > max)
		ncap = max;
	if ((ncap - *cap) > rd->budget / size)
		return rec_fail(rd, "more data than a record of this size can hold");
	p = realloc(*arr, ncap * size);
	if (p == NULL)
		return rec_fail(rd, "out of memory");
	memset((char *)p + *cap * size, 0, (ncap - *cap) * size);
	rd->budget -= (ncap - *cap) * size;
	*arr = p;
	*cap = ncap;
	return 0;
}

/* ---- the walk ----------------------------------------------------------- */

static int push(struct rec *rd, const char *key, long index)
{
	if (rd->depth >= REC_MAX_DEPTH)
		return rec_fail(rd, "nested too deep");
	rd->path[rd->depth].key = key;
	rd->path[rd->depth].index = index;
	rd->depth++;
	return 0;
}

int rec_array(struct rec *rd, size_t n_max, size_t *n,
	      int (*one)(struct rec *rd, void *ctx, size_t i), void *ctx)
{
	*n = 0;
	if (expect(rd, '[') != 0)
		return -1;
	if (peek(rd) == ']') {
		rd->p++;
		return 0;
	}
	for (;;) {
		if (*n >= n_max)
			return rec_fail(rd, "more than %zu entries", n_max);
		if (push(rd, NULL, (long)*n) != 0 || one(rd, ctx, *n) != 0)
			return -1;
		rd->depth--;
		(*n)++;
		if (peek(rd) == ',') {
			rd->p++;
			continue;
		}
		return expect(rd, ']');
	}
}

struct arr_ctx {
	const struct rec_field *f;
	void *obj;
};

static int arr_one(struct rec *rd, void *ctx, size_t i)
{
	const struct arr_ctx *a = ctx;
	void *el = a->f->elem(rd, a->obj, i);

	if (el == NULL)
		return -1;
	return rec_object(rd, a->f->sub, el, a->obj);
}

static int store_uint(struct rec *rd, void *at, size_t width, unsigned long long v)
{
	if (width == sizeof(unsigned)) {
		unsigned u = (unsigned)v;

		if (v > (unsigned)-1)
			return rec_fail(rd, "a number out of range");
		memcpy(at, &u, sizeof(u));
	} else {
		memcpy(at, &v, sizeof(v));
	}
	return 0;
}

/* One member's value, as its row says. */
static int field_value(struct rec *rd, const struct rec_field *f, void *obj)
{
	char *at = (char *)obj + f->off;
	unsigned long long u;
	long long ll;
	double d;
	int isnull, b = 0;
	size_t n;

	switch (f->kind) {
	case RK_STR:
		return rec_string(rd, at, f->size, 1);
	case RK_STRHAVE:
		if (rec_null(rd)) {
			*at = '\0';
			return 0;
		}
		*(int *)(void *)((char *)obj + f->aux) = 1;
		return rec_string(rd, at, f->size, 0);
	case RK_DBL:
	case RK_DBL0:
	case RK_DBLM1:
		if (rec_number(rd, &d, &isnull) != 0)
			return -1;
		if (isnull)
			d = f->kind == RK_DBL ? (double)NAN : f->kind == RK_DBL0 ? 0 : -1;
		memcpy(at, &d, sizeof(d));
		return 0;
	case RK_DBLBIT:
		if (rec_number(rd, &d, &isnull) != 0)
			return -1;
		if (!isnull) {
			memcpy(at, &d, sizeof(d));
			*(unsigned *)(void *)((char *)obj + f->aux) |= f->bit;
		}
		return 0;
	case RK_UINT:
	case RK_U64BIT:
	case RK_U64HAVE:
		if (rec_uint(rd, &u, &isnull) != 0 || store_uint(rd, at, f->size, u) != 0)
			return -1;
		if (!isnull && f->kind == RK_U64BIT)
			*(unsigned *)(void *)((char *)obj + f->aux) |= f->bit;
		if (!isnull && f->kind == RK_U64HAVE)
			*(int *)(void *)((char *)obj + f->aux) = 1;
		return 0;
	case RK_INT:
	case RK_INTM1:
		if (read_int(rd, INT32_MIN, INT32_MAX, &ll, &isnull) != 0)
			return -1;
		*(int *)(void *)at = isnull && f->kind == RK_INTM1 ? -1 : (int)ll;
		return 0;
	case RK_TIME:
		if (read_int(rd, 0, INT64_MAX, &ll, &isnull) != 0)
			return -1;
		*(time_t *)(void *)at = (time_t)ll;
		return 0;
	case RK_BOOL:
	case RK_TRI:
		if (read_bool(rd, &b, f->kind == RK_TRI) != 0)
			return -1;
		*(int *)(void *)at = b;
		return 0;
	case RK_BOOLBIT:
		if (read_bool(rd, &b, 0) != 0)
			return -1;
		if (b)
			*(unsigned *)(void *)at |= f->bit;
		return 0;
	case RK_OBJ:
		if (f->aux != REC_NONE && rec_null(rd))
			return 0;
		if (f->aux != REC_NONE)
			*(int *)(void *)((char *)obj + f->aux) = 1;
		return rec_object(rd, f->sub, at, obj);
	case RK_ARR: {
		struct arr_ctx a = { f, obj };

		return rec_array(rd, (size_t)-1, &n, arr_one, &a);
	}
	case RK_FN:
		return f->fn(rd, obj);
	case RK_SKIPNUM:
		return rec_number(rd, &d, &isnull);
	case RK_SKIPSTR:
		return rec_string(rd, NULL, 0, 1);
	case RK_SKIPBOOL:
		return read_bool(rd, &b, 0);
	}
	return rec_fail(rd, "internal: a field of no kind");
}

static const struct rec_field *find_field(const struct rec_schema *sch, const char *key)
{
	for (size_t i = 0; i < sch->nfields; i++)
		if (strcmp(sch->fields[i].key, key) == 0)
			return &sch->fields[i];
	return NULL;
}

int rec_object(struct rec *rd, const struct rec_schema *sch, void *obj, void *parent)
{
	char key[64];
	unsigned char seen[64] = { 0 };

	if (expect(rd, '{') != 0)
		return -1;
	if (peek(rd) == '}') {
		rd->p++;
		return sch->done ? sch->done(rd, obj, parent) : 0;
	}
	for (;;) {
		const struct rec_field *f;
		size_t idx;

		if (rec_string(rd, key, sizeof(key), 0) != 0)
			return -1;
		f = find_field(sch, key);
		if (f == NULL)
			return rec_fail(rd, "unknown field \"%.40s\"", key);
		idx = (size_t)(f - sch->fields);
		if (idx < sizeof(seen) * 8) {
			if (seen[idx / 8] & (1u << (idx % 8)))
				return rec_fail(rd, "field \"%s\" given twice", f->key);
			seen[idx / 8] |= (unsigned char)(1u << (idx % 8));
		}
		if (expect(rd, ':') != 0 || push(rd, f->key, 0) != 0)
			return -1;
		if (field_value(rd, f, obj) != 0)
			return -1;
		rd->depth--;
		if (peek(rd) == ',') {
			rd->p++;
			continue;
		}
		if (expect(rd, '}') != 0)
			return -1;
		return sch->done ? sch->done(rd, obj, parent) : 0;
	}
}
