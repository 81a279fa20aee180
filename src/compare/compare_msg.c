/*
 * compare_msg.c: how every step of `sysindex compare` speaks: a usage error
 * (one line, exit 2), a warning (one line on stderr, kept for the JSON), and
 * text wrapped to the output's width.
 * The lowest layer of compare: it calls no other compare file.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare_int.h"
#include "util/quote.h"

int cmp_usage_error(const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	/* File names and labels in it: no control byte reaches the terminal. */
	fputs("sysindex compare: ", stderr);
	put_message(stderr, msg);
	return 2;
}

/* A warning: one line on stderr now, and kept for the JSON output. */
void cmp_warn(struct compare *c, const char *fmt, ...)
{
	char msg[512], **grown;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fputs("sysindex compare: warning: ", stderr);
	put_message(stderr, msg);
	grown = realloc(c->warnings, (c->nwarnings + 1) * sizeof(*grown));
	if (grown == NULL)
		return;
	c->warnings = grown;
	if ((c->warnings[c->nwarnings] = strdup(msg)) != NULL)
		c->nwarnings++;
}

void cmp_wrapped(FILE *out, const char *indent, const char *text)
{
	const char *s = text;
	size_t width = CMP_TEXT_WIDTH - strlen(indent);

	while (*s) {
		size_t n = strlen(s), cut = n;

		if (n > width) {
			cut = width;
			while (cut > 0 && s[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = width;
		}
		fprintf(out, "%s%.*s\n", indent, (int)cut, s);
		s += cut;
		while (*s == ' ')
			s++;
	}
}
