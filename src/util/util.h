/* util.h: small helpers with no policy: clocks, numbers, paths, files. */
#ifndef SYSINDEX_UTIL_H
#define SYSINDEX_UTIL_H

#include <stddef.h>
#include <stdio.h>

double now_mono(void);

/* Strict whole-number parse within [min, max]; 0 or -1. */
int parse_ulong(const char *s, unsigned long min, unsigned long max, unsigned long *out);
/*
 * Strict decimal number: an optional '-', digits with at most one '.', an
 * optional exponent ("1e-3"), nothing else (no space, no hex, no inf or
 * nan, which strtod alone takes); finite.  The number's length in *used
 * when used is not NULL (then anything may follow), else the whole string.
 * 0 or -1.
 */
int parse_decimal(const char *s, double *out, size_t *used);
/* A percentage like "2%", "2" or "0.5%" from 0 to below 100, as a fraction
 * (0.02); strict as parse_decimal.  0 or -1. */
int parse_percent(const char *s, double *out);

/* Edit distance, for "did you mean". */
size_t edit_distance(const char *a, const char *b);

/* The executable 'name' in $PATH (or 'name' itself if it has a '/'); 0 if found. */
int find_in_path(const char *name, char *out, size_t outlen);

/* Join dir and name into out; -1 if it does not fit. */
int path_join(char *out, size_t outlen, const char *dir, const char *name);

/* Remove a directory tree (no symlink following); 0 or -1. */
int remove_tree(const char *path);

/*
 * Write a file atomically: the callback writes to a temporary file in the
 * same folder, which is flushed, fsync'd and renamed over 'path' only when
 * everything succeeded.  On failure nothing is left behind and err says why.
 */
typedef int (*write_fn)(FILE *out, const void *ctx);
int write_atomic(const char *path, write_fn fn, const void *ctx, char *err, size_t errlen);

/*
 * A secret kept in a file, not on a command line (which ps shows): its one
 * line into out (the line break after it dropped).  -1 with "<path>: why"
 * in err when it cannot be read, is empty, is longer than outlen - 1 bytes
 * or holds more than one line.  A pipe (--token-file <(...)) reads too.
 */
int read_secret_file(const char *path, char *out, size_t outlen, char *err, size_t errlen);

/* Human-readable byte count with binary units: "1.5 GiB". */
void format_bytes(unsigned long long bytes, char *out, size_t outlen);

/*
 * A figure (a rate, a mean, a score, a change in %) as the reports print it:
 * one decimal ("%.1f") up to FIGURE_FIXED_MAX, above that compact
 * ("1.2346e+308"), so a 1e308 takes 11 characters, not 311, and keeps the
 * columns; '+' in front of a positive one when plus is set.  Into buf.
 */
#define FIGURE_BUF 32
#define FIGURE_FIXED_MAX 1e15
const char *figure(char buf[FIGURE_BUF], double v, int plus);
/* The same with that many decimals in the fixed form. */
const char *figure_n(char buf[FIGURE_BUF], double v, int plus, int decimals);

/*
 * s as one safe file-name component in out: letters, digits, '.', '_' and
 * '-' kept, every other byte '_', a leading '.' '_' (so "..", "../x" and
 * hidden names cannot arise); an empty s gives "unnamed".
 */
void name_component(char *out, size_t len, const char *s);

/*
 * text's words (split at spaces) wrapped to width columns, each line after
 * indent and ended by a newline; a word longer than the line stands alone.
 */
void text_wrapped(FILE *out, const char *indent, const char *text, size_t width);

/* Control characters (a newline, a tab, ESC ...) in s replaced by '?', in place. */
void strip_controls(char *s);

/* Whether s ends in suffix. */
int str_ends_with(const char *s, const char *suffix);

/*
 * Length (1-4) of the well-formed UTF-8 sequence at s (at most len bytes),
 * or 0 if the bytes there are not one (overlong forms, surrogates and code
 * points above U+10FFFF are rejected): the JSON, HTML and Markdown writers
 * keep their text valid with it.
 */
size_t utf8_seq_len(const unsigned char *s, size_t len);

/* Columns s takes on a terminal: its bytes that start a character (UTF-8). */
size_t utf8_cols(const char *s);

/*
 * Whether the environment's LC_CTYPE is UTF-8: setlocale(LC_CTYPE, "") and
 * nl_langinfo(CODESET), then LC_CTYPE set back to "C" (nothing else in the
 * process changes).  Where it is, a human-readable output may write U+00B1
 * for "+-"; the C locale and machine-readable files keep "+-".
 */
int locale_utf8(void);

/*
 * Write len bytes of s as valid UTF-8 through a writer's escape: sub(c, buf)
 * gives what replaces the ASCII byte c (it may format into buf; NULL: c as
 * it is); bytes that are not a well-formed sequence are written as bad, one
 * each (the JSON, HTML and Markdown writers' text).
 */
void put_utf8_escaped(FILE *out, const char *s, size_t len,
		      const char *(*sub)(unsigned char c, char buf[8]), const char *bad);

/* snprintf that says whether it fit: 0, or -1 when cut (out is still terminated). */
int fmt(char *out, size_t len, const char *format, ...)
	__attribute__((format(printf, 3, 4)));
/* fmt() after the text out[0..len) already holds: what fits is appended. */
void fmt_cat(char *out, size_t len, const char *format, ...)
	__attribute__((format(printf, 3, 4)));
#endif
