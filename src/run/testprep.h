/*
 * testprep.h: checks and set-up a test needs before its first sample: its
 * program, the tool its row needs on PATH, its row's preparation step
 * (enum test_prep).  Knows nothing of the runner: it gets what it reads in
 * struct testprep.
 */
#ifndef SYSINDEX_TESTPREP_H
#define SYSINDEX_TESTPREP_H

#include <stddef.h>

#include "core/result.h"

struct testprep {
	/* Set by the caller before each check. */
	const char *pgmdir;      /* the test programs and their data files */
	const char *scratch;     /* this run's private folder */
	const char *disk_file;   /* the shared disk test file (PREP_DISK_FILE) */
	unsigned long long disk_size;
	int log_fd;              /* the run log, or -1 */
	enum workload workload;  /* --compat: which program a row runs */
	/* Kept between checks of one run (zeroed at the start). */
	int disk_ready;          /* 1 laid out, -1 failed, 0 not yet */
	char disk_error[REASON_MAX];
};

/*
 * TS_OK when t can run here (its preparation step done if needed);
 * otherwise TS_UNAVAILABLE, TS_SKIPPED, TS_FAILED or TS_NOT_RUN (a signal
 * arrived) with the reason in reason[].
 */
enum test_status testprep_check(struct testprep *tp, const struct test_def *t,
				char *reason, size_t len);

/* The file in the pgms folder a preparation step uses, or NULL. */
const char *testprep_pgm_file(enum test_prep prep);

#endif
