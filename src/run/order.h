/*
 * order.h: the order in which paired mode measures k directories in each
 * round (pure).
 *
 * Rows of a Williams design: round r uses row r mod k (k even) or r mod 2k
 * (k odd, where the square and its mirror image are needed).  Over every k
 * (or 2k) rounds each directory takes each position equally often and
 * follows each other directory equally often, so a linear drift or a
 * "runs after X" effect falls on every directory alike.  For two directories
 * this is A B, B A, A B, B A, ...: the A B B A A B B A sequence.
 */
#ifndef SYSINDEX_ORDER_H
#define SYSINDEX_ORDER_H

#include <stddef.h>

#include "testtab.h"

/* Fill out[0..k-1] with the directories (0..k-1) in round r's order (r from 0). */
void order_round(size_t k, size_t r, size_t *out);

/* Rounds after which every position is balanced: k (even) or 2k (odd). */
size_t order_period(size_t k);

/*
 * Whether paired mode (ndirs >= 2) runs t interleaved in every directory:
 * it uses the test directory (the table's TF_TESTDIR), or --control asks
 * for the A/A check.  Otherwise t runs once, in the baseline directory.
 */
int order_interleaved(size_t ndirs, int control, const struct test_def *t);

#endif
