/* md_out.h: text for the Markdown writers (the run's .md and compare's). */
#ifndef SYSINDEX_MD_OUT_H
#define SYSINDEX_MD_OUT_H

#include <stdio.h>

/*
 * s as Markdown text that cannot become markup: the punctuation Markdown and
 * HTML act on (\ | * _ ` < > [ ] # ~, and & that starts an entity)
 * backslash-escaped, newlines and tabs as spaces, and bytes that are not
 * UTF-8 as U+FFFD, so the page stays valid text.  Safe in a table cell (a
 * '|' cannot end it) and in a paragraph.
 */
void md_text(FILE *out, const char *s);

#endif
