/*
 * json_out.h: a small write-only JSON emitter.
 *
 * The caller walks its data and calls begin/end/key/value in document order;
 * the emitter writes commas, indentation and escapes, and tracks the nesting
 * in a fixed-depth stack inside struct json_out (no allocation, no globals).
 * Whatever the input, the output is valid JSON: strings are escaped (quotes,
 * backslash, control characters as \u00XX) and bytes that are not valid
 * UTF-8 become U+FFFD; numbers that are not finite become null.  A misuse
 * (a value where a key is due, too deep, unbalanced end) sets j->error and
 * json_finish() reports it, so a writer cannot silently produce garbage.
 */
#ifndef SYSINDEX_JSON_OUT_H
#define SYSINDEX_JSON_OUT_H

#include <stddef.h>
#include <stdio.h>

#define JSON_MAX_DEPTH 32

struct json_out {
	FILE *f;
	int pretty;                     /* newline and two spaces per level */
	int depth;                      /* open containers */
	char kind[JSON_MAX_DEPTH];      /* '{' or '[' per open container */
	unsigned char filled[JSON_MAX_DEPTH]; /* 1 once it holds a member */
	int want_value;                 /* a key was written, its value is due */
	int error;                      /* misuse seen: json_finish() fails */
	int done;                       /* the top-level value is complete */
};

void json_init(struct json_out *j, FILE *f, int pretty);

void json_object_begin(struct json_out *j);
void json_object_end(struct json_out *j);
void json_array_begin(struct json_out *j);
void json_array_end(struct json_out *j);

/* Inside an object: the next member's name (escaped like any string). */
void json_key(struct json_out *j, const char *key);

void json_string(struct json_out *j, const char *s);       /* NULL -> null */
void json_string_n(struct json_out *j, const char *s, size_t len);
void json_double(struct json_out *j, double v);            /* NaN/inf -> null */
void json_int(struct json_out *j, long long v);
void json_uint(struct json_out *j, unsigned long long v);
void json_bool(struct json_out *j, int v);
void json_null(struct json_out *j);

/* key + value in one call, for the common case of an object member. */
void json_kv_string(struct json_out *j, const char *key, const char *s);
void json_kv_double(struct json_out *j, const char *key, double v);
void json_kv_int(struct json_out *j, const char *key, long long v);
void json_kv_uint(struct json_out *j, const char *key, unsigned long long v);
void json_kv_bool(struct json_out *j, const char *key, int v);
void json_kv_null(struct json_out *j, const char *key);
/* A string member that is null when s is empty ("no note", "no reason"). */
void json_kv_string_or_null(struct json_out *j, const char *key, const char *s);
/* An unsigned member that is null where the value was not measured (!have). */
void json_kv_uint_or_null(struct json_out *j, const char *key, int have, unsigned long long v);

/* Ends the document (newline); 0 if complete, balanced and written, else -1. */
int json_finish(struct json_out *j);

/*
 * Shortest "%.Ng" (N = 1..17) that reads back as exactly v, with '.' as the
 * decimal separator whatever the locale.  Returns 0, or -1 when v is not
 * finite (buf then holds "null").  buf needs 32 bytes.
 */
int json_format_double(double v, char *buf, size_t len);

#endif
