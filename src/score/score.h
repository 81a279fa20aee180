/* score.h: turn passes into results, indexes and index scores (pure). */
#ifndef SYSINDEX_SCORE_H
#define SYSINDEX_SCORE_H

#include "core/result.h"

/*
 * A pass's rate: count / (time / timebase), or the count when timebase is
 * 0 (a run's passes, and UnixBench's .log read back by reader/).
 */
double score_rate(double count, double time, double timebase);
/* A pass's figure, as the score and every writer use it: score_rate of its
 * count, time and timebase, a time (TF_LOWER) averaged over the copies. */
double score_pass_rate(const struct test_def *def, const struct pass_result *p);
/* The count UnixBench's lowest-third rule orders a pass by: a time's (TF_LOWER)
 * negated, so that its slowest passes are the lowest. */
double score_pass_order(const struct test_def *def, const struct pass_result *p);

/*
 * The host's speed over run's samples (stats/hostfactor.h) into run->host:
 * every valid sample not left out that has a start time (at), as its
 * test's log figure (a time's negated: a slower host lowers every figure).
 * The runner calls it at a copy count's end; a record keeps its result.
 */
void score_host(struct copy_run *run);

/*
 * Complete one test from its passes: each pass's rate, UnixBench's dropped
 * flags, score and time, the statistics, averaged metrics and the index.
 * A test whose passes are not all ok keeps its status and reason.
 */
void score_test(struct bench_result *t);

/*
 * Metric name in one pass: its copies' values combined as how says (MC_SUM
 * adds them, MC_MEAN divides the sum by the pass's copies, MC_MAX keeps the
 * largest) into *out; returns 1, or 0 (*out 0) when no copy reported it.
 */
int score_pass_metric(const struct pass_result *pr, const char *name, enum metric_combine how,
		      double *out);

/*
 * --exclude-disturbed, before score_test: mark every valid pass whose
 * interference flags are set as excluded, so that it counts nowhere (not in
 * the score, the statistics, the score's interval or a paired round);
 * when every valid pass is flagged, none is (a test keeps its samples) and
 * t->flagged_kept says how many.
 */
void score_exclude_disturbed(struct bench_result *t);

/*
 * A --repeat run's test over its passes (run/repeat.h; each sample's
 * repeat_pass says its pass).  Pass p's figure f_p is UnixBench's over that
 * pass's own valid samples (the geometric mean of the rates its
 * lowest-third rule keeps, as score_test over the pass alone), y_p = ln f_p.
 * The passes pool as runs of one figure each (stats/randeff.h with no
 * within-pass variance): the test's figure exp(mean y_p), the geometric mean
 * of the passes' figures, and its log SE s_y / sqrt(N) on N - 1 df (HKSJ,
 * whose q is then 1): the spread between passes, which the samples of all
 * passes scored as one set do not show.  Returns how many passes were
 * pooled (2 or more) with *p filled, or 0 (p unchanged) when fewer than two
 * passes have a figure or the samples carry no pass.
 */
size_t score_test_passes(const struct bench_result *t, struct re_pool *p);

/* The per-category index tables of one copy count (after score_test), and
 * the System Benchmarks Index Score's 95% interval (run->score_ci). */
void score_run(struct copy_run *run);

/*
 * Scaling efficiency of every N-copy result: its score divided by N times
 * the same test's 1-copy score (1.0 = perfect scaling); needs a 1-copy run.
 */
void score_scaling(struct run_result *r);

/*
 * Paired mode: r->cmps and r->pscores from the blocks (r->runs in paired
 * layout: copy count i, directory d at [i * ndirs + d]), judged as one
 * family (score_paired.c).  A side that is not OK (a test cut short
 * included) gives its row no verdict.  0, or -1 out of memory.
 */
int paired_compare(struct run_result *r);
/*
 * A paired run's verdicts (score_paired.c): every comparison both sides ran
 * with the same work, and each directory's partial score ratio, judged as
 * one family (stats/paired.h's paired_judge) with r->family's margin and
 * alpha (the defaults when 0).  The run calls it after its estimates; the
 * record's reader calls it on the estimates it read.  0, or -1 out of memory.
 */
int score_paired_judge(struct run_result *r);

#endif
