/* quote.c: outside text escaped and cut for messages (see quote.h). */
#include "util/quote.h"

#include <stdio.h>
#include <string.h>

#include "util/util.h"

/* The escape of byte c ("\n", "\x1b", "\\"), or NULL to keep it. */
static const char *escape(unsigned char c, char esc[8])
{
	switch (c) {
	case '\n': return "\\n";
	case '\t': return "\\t";
	case '\r': return "\\r";
	case '\\': return "\\\\";
	default: break;
	}
	if (c < 0x20 || c == 0x7f || c >= 0x80) {
		snprintf(esc, 8, "\\x%02x", c);
		return esc;
	}
	return NULL;
}

/* How many bytes the character at p spans (1 to 4); *e: its escape, NULL to keep it. */
static size_t keep_or_escape(const unsigned char *p, size_t left, char esc[8], const char **e)
{
	size_t n = utf8_seq_len(p, left);

	*e = NULL;
	/* UTF-8 is kept whole, but not U+0080..U+009F (C1 controls). */
	if (n <= 1 || (p[0] == 0xc2 && p[1] < 0xa0)) {
		*e = escape(p[0], esc);
		return 1;
	}
	return n;
}

void put_message(FILE *out, const char *msg)
{
	size_t len = strlen(msg);

	for (size_t in = 0; in < len; ) {
		const unsigned char *p = (const unsigned char *)msg + in;
		char esc[8];
		const char *e;
		size_t n = keep_or_escape(p, len - in, esc, &e);

		/* A message's own backslashes (quote()'s escapes) stay single. */
		if (e != NULL && p[0] != '\\')
			fputs(e, out);
		else
			fwrite(p, 1, n, out);
		in += n;
	}
	fputc('\n', out);
}

const char *quote(const char *s, char buf[QUOTE_BUF])
{
	size_t len = strlen(s), in = 0, out = 0;

	while (in < len && in < QUOTE_SHOWN) {
		const unsigned char *p = (const unsigned char *)s + in;
		char esc[8];
		const char *e;
		size_t n = keep_or_escape(p, len - in, esc, &e);

		if (in + n > QUOTE_SHOWN)
			break;
		if (e != NULL) {
			memcpy(buf + out, e, strlen(e));
			out += strlen(e);
		} else {
			memcpy(buf + out, p, n);
			out += n;
		}
		in += n;
	}
	if (in < len) {
		memcpy(buf + out, "...", 3);
		out += 3;
	}
	buf[out] = '\0';
	return buf;
}

const char *octal_controls(const char *s, char *out, size_t len)
{
	size_t used = 0;

	if (len == 0)
		return "";
	for (; *s && used + 1 < len; s++) {
		unsigned char c = (unsigned char)*s;

		if (c < 0x20 || c == 0x7f) {
			if (used + 5 > len)
				break;
			snprintf(out + used, 5, "\\%03o", c);
			used += 4;
		} else {
			out[used++] = (char)c;
		}
	}
	out[used] = '\0';
	return out;
}
