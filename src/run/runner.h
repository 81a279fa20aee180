/*
 * runner.h: copies x tests x passes.  Settles before each pass, expands a
 * test's arguments, runs its copies through spawn, turns what they printed
 * into copy/pass results, writes the log, shows progress, and stops cleanly
 * on a signal.
 */
#ifndef SYSINDEX_RUNNER_H
#define SYSINDEX_RUNNER_H

#include <stdio.h>

#include "cli/cli.h"
#include "result.h"
#include "run/plan.h"
#include "run/progout.h"
#include "run/testprep.h"

struct run_env {
	const struct config *cfg;
	char pgmdir[1024];       /* test programs */
	char scratch[1024];      /* this run's private folder in the test dir */
	char disk_file[1100];    /* shared disk test file, laid out on first use */
	unsigned long long disk_size;
	int log_fd;              /* the run log (children's stdout too) */
	FILE *progress;          /* where progress goes (--progress), or NULL */
	int progress_plain;      /* one line per test start and result, not a live line */
	unsigned copies;         /* the copy count of the progress shown */
	struct test_plan plans[MAX_SELECTED]; /* per cfg->tests[i] (plan_run) */
	int cpus[MAX_PIN];       /* --pin: the CPUs copies are pinned to, in order */
	size_t ncpus;
	double eta_total;        /* planned seconds for the whole run */
	double eta_done;         /* planned seconds already done */
	double started;          /* monotonic start of the run */
	double budget_start;     /* monotonic time --time-budget counts from */
	struct plan_measured measured; /* each test's real cost per sample so far */
	size_t count, ncounts;   /* the copy count being run (from 0), of how many */
	struct testprep prep;    /* the set-up steps' view of the above, and state */
	char intf_missing[512];  /* interference counters left out, and why (said once) */
	int intf_said;
};

/*
 * Run every selected test at 'copies' copies into run (allocated here).
 * Returns 0, or the terminating signal's number when one interrupted it.
 */
int runner_copy_run(struct run_env *env, unsigned copies, struct copy_run *run);

void runner_free(struct copy_run *run);

/*
 * The steps of one test, for paired mode (paired_run.c), which interleaves
 * them across directories: the expanded command, the settle pause (1 if a
 * signal arrived), the progress line ("pass 2/3", "round 4/10"), one pass
 * (0, or -1 when a signal interrupted it), the scoring and log lines, and a
 * whole test run as runner_copy_run() runs it (0 or the signal).
 */
struct argv_buf {
	char store[TEST_MAX_ARGS + 2 * MAX_TESTDIRS + 1][1200];
	char *argv[TEST_MAX_ARGS + 2 * MAX_TESTDIRS + 2];
};
/* TS_OK when t can run here at this copy count, else why not (testprep_check). */
enum test_status runner_can_run(struct run_env *env, const struct test_def *t,
				unsigned copies, char *reason, size_t len);
int runner_build_argv(const struct run_env *env, const struct test_def *t, unsigned secs,
		      unsigned copies, struct argv_buf *b, char *cmd, size_t cmdlen);
/* A sliced row's command (test_sliced) for the directories dirs[], in order. */
int runner_build_sliced_argv(const struct run_env *env, const struct test_def *t,
			     const char *const *dirs, size_t ndirs, unsigned secs,
			     unsigned copies, struct argv_buf *b, char *cmd, size_t cmdlen);
int runner_settle(double seconds);
void runner_progress(struct run_env *env, const struct test_def *t, const char *step,
		     unsigned n, unsigned of, unsigned copies);
int runner_pass(struct run_env *env, const struct test_def *t, char *const *argv,
		unsigned copies, unsigned secs, struct pass_result *pr);
void runner_finish_test(struct run_env *env, struct bench_result *tr);
int runner_test(struct run_env *env, size_t ti, const struct test_def *prev,
		unsigned copies, struct bench_result *tr);
/*
 * Before test ti: with --time-budget, the tests left share what is left of
 * the budget (plan_rest, with what each test has cost so far), and the ETA
 * follows; otherwise nothing.
 */
void runner_replan(struct run_env *env, size_t ti);

/* Seconds of the budget spent (since env->budget_start). */
double runner_spent(const struct run_env *env);

/* Append printf-style text to the log (best effort: the log is not the result). */
void runner_log(const struct run_env *env, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
