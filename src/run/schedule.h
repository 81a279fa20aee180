/*
 * schedule.h: --order (cli.h's enum run_order), the order in which a copy count's samples run
 * (pure; issue 48).
 *
 * grouped (UnixBench's, the default): each test's samples back to back,
 * test after test.  A test's samples then fall inside one or two of the
 * host's correlation windows (about 30 s here; pairs of samples decorrelate
 * by 60-90 s: issue 48's audit of bench/between-runs-runs/), so its spread misses most of the
 * host's variance and the run's interval is too narrow.
 *
 * spread: every test's samples spread over the copy count's run: with T
 * the planned seconds of all samples, sample j
 * of test i (from 0) is placed at (j + 1/2) / count[i] of T, and the samples
 * run in the order of those places (ties: the lower test first, then the
 * lower sample).  A test's consecutive samples are then about T / count[i]
 * apart; with the index (12 tests, 10 or 3 samples of 10-30 s) that is
 * minutes.  A test flagged together[i] keeps its samples back to back, at
 * its place in the tests' order ((i + 1/2) / n of T).  Sample lengths,
 * counts, the lowest-third rule, the settle pause and the formula are
 * UnixBench's either way: only the order differs.
 */
#ifndef SYSINDEX_SCHEDULE_H
#define SYSINDEX_SCHEDULE_H

#include <stddef.h>

/* The gap the spread order aims to keep between a test's samples: the
 * host's memory is gone by then (issue 48's audit: correlation 0.05 at
 * 60-90 s).  The log says when a plan cannot keep it. */
#define SCHED_GAP_S 60.0

/*
 * The spread order of n tests: order[0 .. sum count - 1] receives test
 * indexes, test i appearing count[i] times (its samples in turn).
 * Returns the length.
 */
size_t sched_spread(const unsigned *count, const int *together, size_t n, size_t *order);

/*
 * The shortest time between the starts of two consecutive samples of one
 * test in order[0..len-1] (each sample cost[test] seconds), over the tests
 * with two samples or more; -1 when none has two.
 */
double sched_min_gap(const size_t *order, size_t len, const double *cost, size_t n);

#endif
