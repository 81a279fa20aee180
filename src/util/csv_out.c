/* csv_out.c: quoting and numbers for CSV fields. */
#include "util/csv_out.h"

#include <string.h>

#include "util/json_out.h"

void csv_field(FILE *out, const char *s)
{
	size_t len = strlen(s);

	if (strpbrk(s, ",\"\r\n") == NULL && (len == 0 || (s[0] != ' ' && s[len - 1] != ' '))) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

void csv_number(FILE *out, double v)
{
	char buf[40];

	/* The JSON number format is the shortest exact one, '.' always. */
	if (json_format_double(v, buf, sizeof(buf)) == 0)
		fputs(buf, out);
}
