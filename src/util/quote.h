/* quote.h: outside text as an error message may show it. */
#ifndef SYSINDEX_QUOTE_H
#define SYSINDEX_QUOTE_H

#include <stddef.h>
#include <stdio.h>

/* A buffer for quote(): room for QUOTE_SHOWN bytes of text, escaped, and "...". */
#define QUOTE_SHOWN 160
#define QUOTE_BUF (4 * QUOTE_SHOWN + 8)

/*
 * s (an argument, a file name, a value from the environment or a file) as
 * one line a message can quote to a terminal: control bytes, DEL and bytes
 * that are not UTF-8 (C1 controls too) as C escapes (\n, \t, \r, \x1b, ...),
 * a backslash doubled, the rest as it is; at most QUOTE_SHOWN bytes of s,
 * then "..." when s is longer.  Into buf (QUOTE_BUF bytes), which it returns,
 * so that it fits in a printf argument list.
 */
const char *quote(const char *s, char buf[QUOTE_BUF]);

/*
 * A whole message onto out (stderr) with the same escapes but not cut, then
 * a newline: the net under the printers of messages, so that a control byte
 * a site did not quote() cannot reach the terminal either.
 */
void put_message(FILE *out, const char *msg);

/*
 * s on one line as the text report and the run's log write paths and
 * commands: each control byte (a newline in a folder name) as an octal
 * escape ("\\012"), as the kernel writes mountinfo; the rest as it is.  Into
 * out (len bytes, cut there), which it returns.
 */
const char *octal_controls(const char *s, char *out, size_t len);

#endif
