/*
 * repeat.h: ./Run --repeat N: N independent passes of the chosen tests at
 * one copy count, so that each score's interval holds the spread between
 * runs, which no run's own samples show (bench/interference.md: the score
 * moved 8 % between two runs minutes apart; docs/paired.md).
 *
 * A pass is a whole run of the tests: every test in it is a fresh set of
 * processes, each pass draws its own random test order, and what holds for
 * a whole run is drawn again per pass (under --pin, which CPU each copy is
 * pinned to).  Passes run one after the other, each whole (issue 48): the
 * host's speed has a memory of about 30 s (its correlation time; pairs of
 * samples decorrelate by 60-90 s), and passes interleaved test by test put
 * the k-th test of every pass within seconds of each other, sharing the
 * host's state, so their spread understated the runs'.  A pass planned
 * under REPEAT_MIN_PASS_S is warned about (not refused: a short check may
 * want it): its spread understates the runs'.  Within a pass the tests run
 * in --order's order (run/schedule.h).
 *
 * Each pass is scored on its own (score_run); its System Benchmarks Index
 * Score y_p = ln S_p with, where every pass has one, its within-pass
 * variance v_p (score_ci_run's log_se^2), else none (v_p = 0 for all).
 * stats/randeff.h pools them: the between-pass variance, the HKSJ interval
 * of the score on N - 1 df, and the prediction interval of the score of
 * the next run of the same command (N passes pooled again): mean -+
 * t(0.975, N - 1) sqrt((tau^2 + vbar) / N + se^2), vbar the passes' mean
 * within-pass variance.  The copy run the writers show holds every pass's samples (so the
 * per-test results and statistics are over all of them).
 */
#ifndef SYSINDEX_REPEAT_H
#define SYSINDEX_REPEAT_H

#include <stdint.h>

#include "core/result.h"
#include "run/runner.h"

/* The shortest pass that outlasts the host's memory of its speed (issue 48's audit). */
#define REPEAT_MIN_PASS_S 90.0

/*
 * npass passes at 'copies' copies: every pass's samples merged into run
 * (allocated here, as runner_copy_run's), each pass's score and their pool
 * into rs.  0, or the signal that interrupted it (run then holds what ran).
 */
/* A fresh seed for --repeat's orders (the clock and the pid): the run's, kept in its journal. */
uint64_t repeat_fresh_seed(void);

int repeat_copy_run(struct run_env *env, unsigned copies, unsigned npass, struct copy_run *run,
		    struct repeat_score *rs);

/* The pool of passes' scores s[0..n-1] (their within-pass log variances v, NULL: none) into rs. */
void repeat_pool(const double *s, const double *v, size_t n, struct repeat_score *rs);

#endif
