/*
 * steady.h: whether a series of equal intervals (a disk's throughput, one
 * figure per second) has reached a steady state, and what it was before
 * (pure maths, no I/O).  The disk programs' sustained mode (-R, diskmain.h)
 * stops on it; they link this file (docs/architecture.md, the programs
 * block).
 *
 * The rule is SNIA's Performance Test Specification's, which fio's
 * steadystate option follows: over a window of w consecutive intervals
 * (5), with mean m,
 *
 *   every |x_i - m| <= dev * m                 (data excursion, 20 %)
 *   |b| * (w - 1)   <= slope * m               (slope excursion, 10 %)
 *
 * where b is the least-squares slope of x_i against i (per interval), so
 * |b| (w - 1) is how far the fitted line moves across the window.  A window
 * with m <= 0 is never steady.
 *
 * A series x_0 .. x_{n-1} after a ramp of k intervals (the first window
 * considered starts at k) gives:
 *
 *   steady:    the first window [s, s + w) with s >= k that meets the rule
 *              (none: not steady; the last w intervals stand in for it)
 *   sustained: that window's mean
 *   change:    one past the last interval before s whose |x_j - sustained|
 *              exceeds dev * sustained: from there on the series was within
 *              the steady band.  0: it never left the band (no change)
 *   burst:     the mean of the intervals before the change (at most w of
 *              them, from the start); with no change, of the first w.  A
 *              burst itself within the band is no change (a stray
 *              interval, not another level): change 0
 *
 * So a disk that gives 200 MB/s for 3 intervals and 100 after has burst 200,
 * sustained 100 and a change at interval 3, whatever ramp found it.
 */
#ifndef SYSINDEX_STEADY_H
#define SYSINDEX_STEADY_H

#include <stddef.h>

struct steady_rule {
	size_t window;          /* w, intervals (>= 2) */
	double dev;             /* largest |x - mean| / mean */
	double slope;           /* largest |b| (w - 1) / mean */
};

/* SNIA's and fio's: 5 intervals, 20 %, 10 %. */
#define STEADY_RULE_SNIA { 5, 0.20, 0.10 }

/* One window's figures, as a fraction of its mean. */
struct steady_fit {
	double mean;
	double dev;             /* max |x_i - mean| / mean */
	double slope;           /* |b| (w - 1) / mean */
};

/* Fit x[0..w-1] (w = r->window); 1 if it meets r, 0 if not (or m <= 0). */
int steady_window(const double *x, const struct steady_rule *r, struct steady_fit *fit);

/* The series' summary (the header's rules). */
struct steady_summary {
	int steady;             /* a window met the rule */
	size_t start;           /* that window's first interval (else n - w) */
	size_t end;             /* one past its last: the interval the rule was met at */
	struct steady_fit fit;  /* that window's fit */
	double sustained;       /* the window's mean */
	size_t change;          /* intervals before the change; 0: none */
	double burst;           /* mean before the change (or of the first w) */
};

/*
 * Summarise x[0..n-1] after a ramp of k intervals; -1 when n < w (no
 * window at all).
 */
int steady_summarise(const double *x, size_t n, size_t k, const struct steady_rule *r,
		     struct steady_summary *out);

/* Whether the last window of x[0..n-1] meets r and starts at or after k. */
int steady_reached(const double *x, size_t n, size_t k, const struct steady_rule *r);

#endif
