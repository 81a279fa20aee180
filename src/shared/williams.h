/*
 * williams.h: rows of a Williams design (pure), shared by the driver's
 * paired rounds (src/run/paired_run.c) and fstime's slices across directories.
 *
 * Row r of k items: r mod k (k even) or r mod 2k (k odd, where the square
 * and its mirror image are needed).  Over one period every item takes every
 * position equally often and follows every other item equally often.  For
 * two items: 0 1, 1 0, 0 1, ...: the A B B A A B B A sequence.
 */
#ifndef SYSINDEX_WILLIAMS_H
#define SYSINDEX_WILLIAMS_H

#include <stddef.h>

/* Fill out[0..k-1] with the items 0..k-1 in row r's order (r from 0). */
void williams_row(size_t k, size_t r, size_t *out);

/* Rows after which every position is balanced: k (even) or 2k (odd). */
size_t williams_period(size_t k);

#endif
