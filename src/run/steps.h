/*
 * steps.h: the steps of one test, defined in runner.c.  A normal run's loop
 * (runner_test, runner_copy_run) strings them together one pass after
 * another; paired mode's (paired_run.c) interleaves the same steps across
 * its directories.  This header is the whole interface between the two:
 * paired mode uses nothing else of the runner's but runner.h's run_env, its
 * log and its replanning.
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

/* The progress line: step "pass" 2 of 3, "round" 4 of 10, "LABEL round" ... */
void runner_progress(struct run_env *env, const struct test_def *t, const char *step,
		     unsigned n, unsigned of, unsigned copies);

/* One pass of 'copies' copies into pr: 0, or -1 when a signal interrupted it. */
int runner_pass(struct run_env *env, const struct test_def *t, char *const *argv,
		unsigned copies, unsigned secs, struct pass_result *pr);

/* The test's scoring, its plain progress result and its log lines. */
void runner_finish_test(struct run_env *env, struct bench_result *tr);

/*
 * Test ti (prev: the test before it, for the settle rule) as a normal run
 * runs it, every step above in turn: 0, or the signal that interrupted it.
 */
int runner_test(struct run_env *env, size_t ti, const struct test_def *prev,
		unsigned copies, struct bench_result *tr);

/* A copy count's end: the live progress line cleared, the end time, the scores. */
void runner_end_copy_run(struct run_env *env, struct copy_run *run);

#endif
