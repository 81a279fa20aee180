/*
 * steps.h: the steps of one test and the one loop that runs them, defined
 * in runner.c.  A normal test (runner_test) and a paired one (paired_run.c)
 * both run test_loop_run(): the replan before it, the stop rules, the
 * budget, settle, progress, the ETA, the precision and interruption are the
 * loop's; what one step does (a sample; a round across the directories) is
 * the caller's.  This header is the whole interface between the two: paired
 * mode uses nothing else of the runner's but runner.h's run_env, its log and
 * its replanning.
 */
#ifndef SYSINDEX_STEPS_H
#define SYSINDEX_STEPS_H

#include <stddef.h>

#include "core/result.h"
#include "run/runner.h"

/* A test's expanded command: argv[] points into store[]. */
struct argv_buf {
	char store[TEST_MAX_ARGS + 2 * MAX_TESTDIRS + 1][1200];
	char *argv[TEST_MAX_ARGS + 2 * MAX_TESTDIRS + 2];
};

/* TS_OK when t can run here at this copy count, else why not (testprep_check). */
enum test_status runner_can_run(struct run_env *env, const struct test_def *t,
				unsigned copies, char *reason, size_t len);

/* t's command for samples of secs seconds, and its text in cmd; 0 or -1. */
int runner_build_argv(const struct run_env *env, const struct test_def *t, unsigned secs,
		      unsigned copies, struct argv_buf *b, char *cmd, size_t cmdlen);

/* A sliced row's command (plan_sliced) for the directories dirs[], in order. */
int runner_build_sliced_argv(const struct run_env *env, const struct test_def *t,
			     const char *const *dirs, size_t ndirs, unsigned secs,
			     unsigned copies, struct argv_buf *b, char *cmd, size_t cmdlen);

/* The settle pause of 'seconds'; 1 if a signal arrived. */
int runner_settle(double seconds);

/*
 * Before a message on stderr while the live line shows: clear it, so that
 * the message starts a line of its own (the next step draws it again).
 */
void runner_progress_break(const struct run_env *env);

/* The progress line: step "pass" 2 of 3, "round" 4 of 10, "LABEL round" ... */
void runner_progress(struct run_env *env, const struct test_def *t, const char *step,
		     unsigned n, unsigned of, unsigned copies);

/*
 * One pass of 'copies' copies into pr, each killed after 'timeout' seconds
 * (plan_pass_timeout, or a sliced round's plan_sliced_round_timeout): 0, or
 * -1 when a signal interrupted it.
 */
int runner_pass(struct run_env *env, const struct test_def *t, char *const *argv,
		unsigned copies, double timeout, struct pass_result *pr);

/*
 * The test's scoring, its plain progress result and its log lines; label
 * names a paired run's directory in the progress ("1 x Pipe [ssd]: ..."),
 * NULL outside paired mode.
 */
void runner_finish_test(struct run_env *env, struct bench_result *tr, const char *label);

/*
 * One test's loop, the same for a normal test and a paired one: before each
 * step, the plan's stop rule (enough samples or rounds, or the precision
 * reached) and the time budget's; then the step, which is the caller's (a
 * normal test's one sample; paired mode's round across its directories,
 * sliced or sample by sample).  After the last step: the ETA credited with
 * what was planned but not run, the stop rule once more for the capped flag
 * when every step ran, and each result marked if a signal interrupted it,
 * then finished (runner_finish_test).
 *
 * The loop's unit is the step: test_loop_step runs one (its stop rules
 * first), so that runner_tests can take the steps of several tests in the
 * order --order asks for (run/schedule.h); test_loop_run takes one test's
 * steps back to back.  The time cap and the precision rule see the test's
 * own seconds (own: its steps' wall time), whatever ran between them.
 */
struct test_loop {
	struct run_env *env;
	const struct test_def *t, *prev;  /* prev: the test before, for the settle rule */
	const struct test_plan *plan;     /* the test's: &env->plans[ti] */
	size_t ti;
	unsigned copies;
	unsigned nsteps;                  /* planned: samples, or rounds */
	unsigned width;                   /* samples a step plans: 1, or the directories */
	const char *steps_word;           /* "samples" or "rounds", for the log */
	struct bench_result *const *trs;  /* the results it fills, ntrs of them */
	size_t ntrs;
	const char *const *labels;        /* paired mode: each result's label, else NULL */
	/* Samples the next step would take (0: none is left to run). */
	unsigned (*active)(struct test_loop *L);
	/* 1 when the plan is met after k steps; sets *capped as plan_done does. */
	int (*done)(struct test_loop *L, unsigned k, double elapsed, int *capped);
	/* Step k: 0 to go on, 1 to stop (a normal test's failed sample), -1 on a
	 * signal, TEST_LOOP_ABORT to end the whole run (a setting's command failed). */
	int (*step)(struct test_loop *L, unsigned k);
	void *ctx;                        /* the caller's, for the three above */
	int sig;                          /* a signal that came before the first step: none runs;
					   * after: what ended it (-1: TEST_LOOP_ABORT) */
	unsigned nsample, ndone;          /* samples begun (the settle rule), accounted */
	unsigned k;                       /* steps run */
	double own;                       /* seconds its steps took */
	int capped, over;                 /* the stop rule's capped flag; no step is left */
};

#define TEST_LOOP_ABORT (-2)

/* Run L: 0, the signal that interrupted it, or -1 when a step said TEST_LOOP_ABORT. */
int test_loop_run(struct test_loop *L);
/* L's next step after its stop rules: 1 when it ran, 0 when L is over (L->over). */
int test_loop_step(struct test_loop *L);
/* After L's last step (test_loop_run's end): L->sig, as test_loop_run returns. */
int test_loop_end(struct test_loop *L);
/* Before one sample (or a sliced round): the progress line ("pass", "round",
 * "LABEL round": n of L->nsteps) and the settle pause; 1 if a signal came. */
int test_loop_settle(struct test_loop *L, const char *step, unsigned n);
/* After n samples begun at t0: the ETA and the measured cost per sample. */
void test_loop_account(struct test_loop *L, unsigned n, double t0);

/*
 * Test ti (prev: the test before it, for the settle rule) as a normal run
 * runs it, every step above in turn: 0, or the signal that interrupted it.
 */
int runner_test(struct run_env *env, size_t ti, const struct test_def *prev,
		unsigned copies, struct bench_result *tr);

/*
 * The tests tis[0..n-1] at 'copies' copies into trs[0..n-1] (prev: the
 * test before the first), in cfg's --order: grouped, runner_test for each
 * in turn; spread, every test begun (the plan made once, before the first),
 * then their samples in sched_spread's order, each a step of its test's
 * loop, then each ended.  With --repeat (env->repeat_done) each test's
 * count of passes is raised as it ends.  0, or the signal that stopped it.
 */
int runner_tests(struct run_env *env, const size_t *tis, size_t n, const struct test_def *prev,
		 unsigned copies, struct bench_result *const *trs);

/* A copy count's end: the live progress line cleared, the end time, the scores. */
void runner_end_copy_run(struct run_env *env, struct copy_run *run);

#endif
