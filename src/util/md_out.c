/* md_out.c: Markdown text escaping, shared by the run's writer and compare's. */
#include "util/md_out.h"

#include <stdlib.h>
#include <string.h>

#include "util/util.h"

static const char *md_sub(unsigned char c, char buf[8])
{
	if (c == '\n' || c == '\r' || c == '\t')
		return " ";
	if (c == 0 || strchr("\\|*_`<>[]#~&", c) == NULL)
		return NULL;
	buf[0] = '\\';
	buf[1] = (char)c;
	buf[2] = '\0';
	return buf;
}

void md_text(FILE *out, const char *s)
{
	put_utf8_escaped(out, s, strlen(s), md_sub, "\xef\xbf\xbd");
}

/* In a code span: a line break or tab as a space, another control as U+FFFD. */
static const char *code_sub(unsigned char c, char buf[8])
{
	(void)buf;
	if (c == '\n' || c == '\r' || c == '\t')
		return " ";
	return c < 0x20 || c == 0x7f ? "\xef\xbf\xbd" : NULL;
}

/* The same in a table cell, where GFM splits at every '|' but "\|", even in code. */
static const char *cell_code_sub(unsigned char c, char buf[8])
{
	return c == '|' ? "\\|" : code_sub(c, buf);
}

void md_code(FILE *out, const char *s, int in_table)
{
	size_t run = 0, longest = 0, len = strlen(s);
	int pad;

	if (len == 0)
		return;
	for (const char *p = s; *p; p++) {
		run = *p == '`' ? run + 1 : 0;
		longest = run > longest ? run : longest;
	}
	/* A space inside the fence where s starts or ends with a backtick or a space
	 * (CommonMark strips one space from each end of a span that has both). */
	pad = s[0] == '`' || s[len - 1] == '`' || s[0] == ' ' || s[len - 1] == ' ';
	for (size_t i = 0; i <= longest; i++)
		fputc('`', out);
	fputs(pad ? " " : "", out);
	put_utf8_escaped(out, s, len, in_table ? cell_code_sub : code_sub, "\xef\xbf\xbd");
	fputs(pad ? " " : "", out);
	for (size_t i = 0; i <= longest; i++)
		fputc('`', out);
}

void md_text_code(FILE *out, const char *s)
{
	const char *a = strchr(s, '`'), *b = strrchr(s, '`');
	char *head, *mid;

	if (a == NULL || b == a || (head = strndup(s, (size_t)(a - s))) == NULL) {
		md_text(out, s);
		return;
	}
	if ((mid = strndup(a + 1, (size_t)(b - a - 1))) == NULL) {
		free(head);
		md_text(out, s);
		return;
	}
	md_text(out, head);
	if (mid[0])
		md_code(out, mid, 0);
	md_text(out, b + 1);
	free(head);
	free(mid);
}
