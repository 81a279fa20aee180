/* json_out.c: the write-only JSON emitter (see json_out.h). */
#include "util/json_out.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/util.h"

void json_init(struct json_out *j, FILE *f, int pretty)
{
	memset(j, 0, sizeof(*j));
	j->f = f;
	j->pretty = pretty;
}

static void newline_indent(struct json_out *j, int level)
{
	if (!j->pretty)
		return;
	fputc('\n', j->f);
	for (int i = 0; i < level; i++)
		fputs("  ", j->f);
}

/*
 * Called before every value: inside an object the value must follow a key
 * (which already wrote the comma); inside an array it needs a comma after
 * the first element.  At the top level only one value is allowed.
 */
static void before_value(struct json_out *j)
{
	if (j->done) {
		j->error = 1;
		return;
	}
	if (j->depth == 0)
		return;
	if (j->kind[j->depth - 1] == '{') {
		if (!j->want_value)
			j->error = 1;
		j->want_value = 0;
		return;
	}
	if (j->filled[j->depth - 1])
		fputc(',', j->f);
	j->filled[j->depth - 1] = 1;
	newline_indent(j, j->depth);
}

static void after_value(struct json_out *j)
{
	if (j->depth == 0)
		j->done = 1;
}


/* JSON's escapes; other control characters as \u00XX. */
static const char *json_sub(unsigned char c, char buf[8])
{
	switch (c) {
	case '"': return "\\\"";
	case '\\': return "\\\\";
	case '\b': return "\\b";
	case '\f': return "\\f";
	case '\n': return "\\n";
	case '\r': return "\\r";
	case '\t': return "\\t";
	default: break;
	}
	if (c >= 0x20)
		return NULL;
	snprintf(buf, 8, "\\u%04x", (unsigned)c);
	return buf;
}

/* Not UTF-8 (a Latin-1 host name, a truncated copy): U+FFFD. */
static void write_escaped(FILE *f, const char *str, size_t len)
{
	fputc('"', f);
	put_utf8_escaped(f, str, len, json_sub, "\\ufffd");
	fputc('"', f);
}

static void push(struct json_out *j, char kind)
{
	before_value(j);
	if (j->depth >= JSON_MAX_DEPTH) {
		j->error = 1;
		return;
	}
	fputc(kind, j->f);
	j->kind[j->depth] = kind;
	j->filled[j->depth] = 0;
	j->depth++;
}

static void pop(struct json_out *j, char kind)
{
	if (j->depth == 0 || j->kind[j->depth - 1] != kind || j->want_value) {
		j->error = 1;
		return;
	}
	j->depth--;
	if (j->filled[j->depth])
		newline_indent(j, j->depth);
	fputc(kind == '{' ? '}' : ']', j->f);
	after_value(j);
}

void json_object_begin(struct json_out *j) { push(j, '{'); }
void json_object_end(struct json_out *j) { pop(j, '{'); }
void json_array_begin(struct json_out *j) { push(j, '['); }
void json_array_end(struct json_out *j) { pop(j, '['); }

void json_key(struct json_out *j, const char *key)
{
	if (j->depth == 0 || j->kind[j->depth - 1] != '{' || j->want_value) {
		j->error = 1;
		return;
	}
	if (j->filled[j->depth - 1])
		fputc(',', j->f);
	j->filled[j->depth - 1] = 1;
	newline_indent(j, j->depth);
	write_escaped(j->f, key ? key : "", key ? strlen(key) : 0);
	fputs(j->pretty ? ": " : ":", j->f);
	j->want_value = 1;
}

void json_string_n(struct json_out *j, const char *s, size_t len)
{
	before_value(j);
	write_escaped(j->f, s, len);
	after_value(j);
}

void json_string(struct json_out *j, const char *s)
{
	if (s == NULL)
		json_null(j);
	else
		json_string_n(j, s, strlen(s));
}

int json_format_double(double v, char *buf, size_t len)
{
	char *e;
	int prec;

	if (!isfinite(v)) {
		snprintf(buf, len, "null");
		return -1;
	}
	/* The shortest precision that reads back as the same double. */
	for (prec = 1; prec < 17; prec++) {
		snprintf(buf, len, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	snprintf(buf, len, "%.*g", prec, v);
	/*
	 * %g switches to an exponent when it has fewer digits than the integer
	 * part (100 -> "1e+02"); widen the precision to print it plainly.
	 */
	e = strpbrk(buf, "eE");
	if (e != NULL) {
		long x = strtol(e + 1, NULL, 10);

		if (x >= 0 && x < 17 && x + 1 > prec)
			snprintf(buf, len, "%.*g", (int)x + 1, v);
	}
	/* A locale with a decimal comma must not leak into JSON or CSV. */
	for (char *p = buf; *p; p++)
		if (strchr("0123456789+-eE.", *p) == NULL)
			*p = '.';
	return 0;
}

void json_double(struct json_out *j, double v)
{
	char buf[40];

	before_value(j);
	json_format_double(v, buf, sizeof(buf));
	fputs(buf, j->f);
	after_value(j);
}

void json_int(struct json_out *j, long long v)
{
	before_value(j);
	fprintf(j->f, "%lld", v);
	after_value(j);
}

void json_uint(struct json_out *j, unsigned long long v)
{
	before_value(j);
	fprintf(j->f, "%llu", v);
	after_value(j);
}

void json_bool(struct json_out *j, int v)
{
	before_value(j);
	fputs(v ? "true" : "false", j->f);
	after_value(j);
}

void json_null(struct json_out *j)
{
	before_value(j);
	fputs("null", j->f);
	after_value(j);
}

void json_kv_string(struct json_out *j, const char *key, const char *s)
{
	json_key(j, key);
	json_string(j, s);
}

void json_kv_double(struct json_out *j, const char *key, double v)
{
	json_key(j, key);
	json_double(j, v);
}

void json_kv_int(struct json_out *j, const char *key, long long v)
{
	json_key(j, key);
	json_int(j, v);
}

void json_kv_uint(struct json_out *j, const char *key, unsigned long long v)
{
	json_key(j, key);
	json_uint(j, v);
}

void json_kv_bool(struct json_out *j, const char *key, int v)
{
	json_key(j, key);
	json_bool(j, v);
}

void json_kv_null(struct json_out *j, const char *key)
{
	json_key(j, key);
	json_null(j);
}

void json_kv_uint_or_null(struct json_out *j, const char *key, int have, unsigned long long v)
{
	if (have)
		json_kv_uint(j, key, v);
	else
		json_kv_null(j, key);
}

void json_kv_string_or_null(struct json_out *j, const char *key, const char *s)
{
	json_key(j, key);
	if (s == NULL || s[0] == '\0')
		json_null(j);
	else
		json_string(j, s);
}

int json_finish(struct json_out *j)
{
	if (j->depth != 0 || j->want_value || !j->done)
		j->error = 1;
	fputc('\n', j->f);
	return j->error || ferror(j->f) ? -1 : 0;
}
