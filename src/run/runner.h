/*
 * runner.h: copies x tests x passes.  Settles before each pass, expands a
 * test's arguments, runs its copies through spawn, turns what they printed
 * into copy/pass results, writes the log, shows progress, and stops cleanly
 * on a signal.
 */
#ifndef SYSINDEX_RUNNER_H
#define SYSINDEX_RUNNER_H

#include <stdint.h>
#include <stdio.h>

#include "cli/cli.h"
#include "core/result.h"
#include "run/plan.h"
#include "run/journal.h"
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
	size_t *repeat_done;      /* --repeat: per cfg->tests[i], the passes of this count
				    * that ran it (repeat.c, for the budget's plan); else NULL */
	struct testprep prep;    /* the set-up steps' view of the above, and state */
	char intf_missing[512];  /* interference counters left out, and why (said once) */
	int intf_said;
	struct journal_out *journal; /* each sample appended (journal.h); --resume's replay; NULL */
	int journal_dir;         /* paired mode: the directory measured (JOURNAL_ALL_DIRS); else 0 */
	unsigned repeat_pass;    /* --repeat: the pass running (from 1); else 0 */
	uint64_t seed;           /* --repeat's orders (the journal keeps it for --resume) */
};

/*
 * Run every selected test at 'copies' copies into run (allocated here).
 * Returns 0, or the terminating signal's number when one interrupted it.
 */
int runner_copy_run(struct run_env *env, unsigned copies, struct copy_run *run);

/*
 * Before test ti: plan again what is left (plan_again: with --time-budget
 * the tests left share what is left of it, with what each test has cost
 * so far), and the ETA and the log follow; otherwise nothing.
 */
void runner_replan(struct run_env *env, size_t ti);

/* Seconds of the budget spent (since env->budget_start). */
double runner_spent(const struct run_env *env);

/* Append printf-style text to the log (best effort: the log is not the result). */
void runner_log(const struct run_env *env, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
