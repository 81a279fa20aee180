/*
 * order.h: the order in which paired mode measures k directories in each
 * round (pure).
 *
 * Rows of a Williams design: round r (from 0) measures the directories in
 * the order williams_row(k, r) gives (shared/williams.h, shared with
 * fstime's slices), row r mod k (k even) or r mod 2k (k odd, where the
 * square and its mirror image are needed).  Over every williams_period(k)
 * rounds each directory takes each position equally often and follows each
 * other directory equally often, so a linear drift or a "runs after X"
 * effect falls on every directory alike.  For two directories this is
 * A B, B A, A B, B A, ...: the A B B A A B B A sequence.
 */
#ifndef SYSINDEX_ORDER_H
#define SYSINDEX_ORDER_H

#include "shared/williams.h"

/* Which tests are interleaved at all: test_interleaved() (testtab.h). */

#endif
