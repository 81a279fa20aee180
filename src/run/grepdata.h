/*
 * grepdata.h: large.txt, the grep test's input, generated (sysindex's own
 * text, not UnixBench's file) with the reference file's shape: 708,495
 * bytes in 10,000 lines, 1,032 of which contain "gimp" (what the test greps
 * for), lines of 43 to 196 bytes in a system-call-trace layout.
 */
#ifndef SYSINDEX_GREPDATA_H
#define SYSINDEX_GREPDATA_H

#include <stdio.h>

#define GREPDATA_BYTES 708495u
#define GREPDATA_LINES 10000u
#define GREPDATA_MATCHES 1032u     /* lines containing GREPDATA_WORD */
#define GREPDATA_WORD "gimp"

/* Write the whole text to out (always the same bytes); 0, or -1 on error. */
int grepdata_write(FILE *out);

#endif
