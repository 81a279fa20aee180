/* csv_out.c: quoting, formula guard and numbers for CSV fields. */
#include "util/csv_out.h"

#include <string.h>

#include "util/json_out.h"

/* The first characters a spreadsheet reads as a formula (OWASP's list). */
static int formula_start(char c)
{
	return c != '\0' && strchr("=+-@\t\r", c) != NULL;
}

int csv_guarded(const char *s)
{
	/* Leading quotes are skipped so that a text that already starts with
	 * one round-trips: the reader drops exactly one quote again. */
	while (*s == '\'')
		s++;
	return formula_start(*s);
}

void csv_field(FILE *out, const char *s)
{
	size_t len = strlen(s);
	int guard = csv_guarded(s);

	if (!guard && strpbrk(s, ",\"\r\n") == NULL &&
	    (len == 0 || (s[0] != ' ' && s[len - 1] != ' '))) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	if (guard)
		fputc('\'', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

char *csv_unguard(char *s)
{
	if (s[0] == '\'' && csv_guarded(s + 1))
		memmove(s, s + 1, strlen(s + 1) + 1);
	return s;
}

void csv_number(FILE *out, double v)
{
	char buf[40];

	/* The JSON number format is the shortest exact one, '.' always. */
	if (json_format_double(v, buf, sizeof(buf)) == 0)
		fputs(buf, out);
}
