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
/*
 * s as a code span (a command, shown as code): fenced by one backtick more
 * than its longest run of them, so none inside ends it; line breaks as
 * spaces, controls and bytes that are not UTF-8 as U+FFFD.  in_table: each
 * '|' written "\|", which GFM reads as a '|' of the cell.  Nothing for "".
 */
void md_code(FILE *out, const char *s, int in_table);
/*
 * A line that quotes a command between its first and last backtick
 * ("Setting a: `cmd`; in force: ..."): the quote as a code span
 * (md_code), the rest as md_text; a line without two backticks as md_text.
 */
void md_text_code(FILE *out, const char *s);

#endif
