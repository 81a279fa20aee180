/*
 * fuzz_csvout.c: libFuzzer entry point for the one CSV encoder
 * (src/util/csv_out.c; see tests/fuzz/README.md).  Each line of the input is
 * one text cell and, read with strtod(), one number cell: both are written as
 * a record by csv_field() and csv_number(), and the record is read back by
 * a strict RFC 4180 reader of this file.  It checks the encoder's promises:
 * the record splits into exactly its two cells; no text cell starts with a
 * character a spreadsheet runs as a formula (= + - @ tab CR); the text comes
 * back byte for byte once csv_unguard() takes the guard off; a number cell
 * is never guarded and reads back as the same double (or is empty when the
 * number is not finite).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/csv_out.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(int ok)
{
	if (!ok)
		abort();
}

/* Split rec (len bytes, no NUL inside) into at most max cells, in place. */
static int split(char *rec, size_t len, char **cell, int *quoted, int max)
{
	char *r = rec, *w = rec, *end = rec + len;
	int n = 0;

	for (;;) {
		require(n < max);
		cell[n] = w;
		quoted[n] = r < end && *r == '"';
		if (quoted[n]) {
			for (r++;; r++) {
				require(r < end);
				if (*r == '"' && r + 1 < end && r[1] == '"') {
					*w++ = '"';
					r++;
				} else if (*r == '"') {
					r++;
					break;
				} else {
					*w++ = *r;
				}
			}
		} else {
			while (r < end && *r != ',') {
				require(*r != '"' && *r != '\n' && *r != '\r');
				*w++ = *r++;
			}
		}
		n++;
		if (r == end) {
			*w = '\0';
			return n;
		}
		require(*r == ',');
		*w++ = '\0';
		r++;
	}
}

static void one(const char *text)
{
	char *buf = NULL, *cell[4];
	size_t len = 0;
	int quoted[4];
	double v = strtod(text, NULL);
	FILE *m = open_memstream(&buf, &len);

	require(m != NULL);
	csv_field(m, text);
	fputc(',', m);
	csv_number(m, v);
	require(fclose(m) == 0);
	require(strlen(buf) == len);
	require(split(buf, len, cell, quoted, 4) == 2);
	/* The text cell: never a formula, and the same text once unguarded. */
	require(strchr("=+-@\t\r", cell[0][0]) == NULL || cell[0][0] == '\0');
	require(!csv_guarded(text) || (quoted[0] && cell[0][0] == '\''));
	require(!quoted[0] || strcmp(csv_unguard(cell[0]), text) == 0);
	require(quoted[0] || strcmp(cell[0], text) == 0);
	/* The number cell: bare, and the same double. */
	require(!quoted[1]);
	if (isfinite(v)) {
		char *e;
		double back = strtod(cell[1], &e);

		require(*cell[1] != '\0' && *e == '\0' && cell[1][0] != '\'');
		require(back == v && signbit(back) == signbit(v));
	} else {
		require(cell[1][0] == '\0');
	}
	free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *p = (const char *)data, *end = p + size;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char *line = malloc(len + 1);

		require(line != NULL);
		memcpy(line, p, len);
		line[len] = '\0';
		/* A NUL ends the text as it ends a C string in the writers. */
		one(line);
		free(line);
		p += len + 1;
	}
	return 0;
}
