/*
 * html_out.h: what every HTML page sysindex writes shares (the run's report,
 * compare's page): text escaped for element content and attribute values,
 * and the pages' style and head.
 */
#ifndef SYSINDEX_HTML_OUT_H
#define SYSINDEX_HTML_OUT_H

#include <stdio.h>

/* Text for element content and attribute values: always well-formed UTF-8,
 * & < > " ' as entities, C0 controls as U+FFFD. */
void html_text(FILE *out, const char *s);

/* The pages' inline style (no external file, no script). */
extern const char html_style[];

/* "<!DOCTYPE html>...<title>" title "</title><style>...</style></head><body>". */
void html_head(FILE *out, const char *title);

/* The palette of chart series. */
extern const char *const html_colours[];
extern const unsigned html_ncolours;

#endif
