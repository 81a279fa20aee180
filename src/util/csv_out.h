/* csv_out.h: RFC 4180 fields for the CSV writers (results and compare). */
#ifndef SYSINDEX_CSV_OUT_H
#define SYSINDEX_CSV_OUT_H

#include <stdio.h>

/*
 * Write s as one field: quoted (quotes doubled) when it holds a comma, a
 * quote, a line break or leading/trailing spaces a spreadsheet would trim.
 */
void csv_field(FILE *out, const char *s);

/* A number with '.' as decimal separator; nothing (an empty field) if not finite. */
void csv_number(FILE *out, double v);

#endif
