/* csv_out.h: RFC 4180 fields for the CSV writers (results and compare). */
#ifndef SYSINDEX_CSV_OUT_H
#define SYSINDEX_CSV_OUT_H

#include <stdio.h>

/*
 * Write s as one text field: quoted (quotes doubled) when it holds a comma, a
 * quote, a line break or leading/trailing spaces a spreadsheet would trim.
 * A text a spreadsheet would run as a formula (first character = + - @, tab
 * or CR, after any leading ') is written quoted with a ' in front (OWASP's
 * CSV-injection guidance), so every text cell of every CSV stays text.
 * Numbers go through csv_number(), never through here, and stay numbers.
 */
void csv_field(FILE *out, const char *s);

/* 1 when csv_field() puts a ' in front of s. */
int csv_guarded(const char *s);

/*
 * The reader's inverse for a quoted field (in place, returned): the ' that
 * csv_field() added is taken off again, so text round-trips exactly.
 */
char *csv_unguard(char *s);

/* A number with '.' as decimal separator; nothing (an empty field) if not finite. */
void csv_number(FILE *out, double v);

#endif
