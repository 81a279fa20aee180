/* md_out.c: Markdown text escaping, shared by the run's writer and compare's. */
#include "util/md_out.h"

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
