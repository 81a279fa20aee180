/*
 * paired_run.h: paired mode's measurement.  Two or more --testdir values:
 * every test that uses the test directory (test_interleaved) runs its
 * samples in rounds, each round one sample per directory in a balanced
 * order (order.h), with the usual settle rule before every sample; the
 * others run once in the baseline directory, as in a normal run.  Each
 * directory has its own run_env (its scratch folder and disk test file);
 * env[0] is the run's own and keeps the log, the progress line and the ETA.
 *
 * Lifecycle: paired_check() before anything is created (the directories:
 * exist, writable, not the same one twice; their mount information);
 * paired_make_scratch() after the baseline's scratch folder is made;
 * paired_sync() after plan_run(); paired_copy_run() per copy count;
 * paired_compare() (score/score.h) once at the end; paired_cleanup() on every exit path,
 * Ctrl-C included.
 *
 * Settings mode (--setting, setting.h): the "directories" are settings of
 * one test directory and share env[0] (one scratch folder, one disk test
 * file: one instance); before each sample the hook setting_apply() runs the
 * setting's command and records what is in force.
 */
#ifndef SYSINDEX_PAIRED_RUN_H
#define SYSINDEX_PAIRED_RUN_H

#include "run/runner.h"

struct setting_run;

struct paired_env {
	size_t n;                               /* directories; 0: not paired mode */
	struct setting_run *set;                /* settings mode (setting.h), else NULL */
	struct run_env *env[MAX_TESTDIRS];      /* env[0] is the run's own */
	struct run_env extra[MAX_TESTDIRS];     /* storage behind env[1..n-1] */
};

/* The directories into r->dirs; 0, or 2 after one line on stderr. */
int paired_check(struct paired_env *pe, struct run_env *base, const struct config *cfg,
		 struct run_result *r);

/* A scratch folder in every directory but the baseline's; 0, or 2 after one line. */
int paired_make_scratch(struct paired_env *pe, const struct run_result *r);

/* Give env[1..] the plans and settings of env[0] (their own folders kept). */
void paired_sync(struct paired_env *pe);

/*
 * One copy count: runs[d] (d < pe->n) is directory d's block, allocated
 * here.  Returns 0, or the signal that interrupted it.
 */
int paired_copy_run(struct paired_env *pe, unsigned copies, struct copy_run *runs);

/* Remove every directory's scratch folder but the baseline's. */
void paired_cleanup(struct paired_env *pe);

#endif
