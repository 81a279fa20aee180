/* testprep.h: checks and set-up a test needs before its first sample. */
#ifndef SYSINDEX_TESTPREP_H
#define SYSINDEX_TESTPREP_H

#include <stddef.h>

#include "run/runner.h"

/*
 * TS_OK when t can run here (its grep data or disk file made if needed);
 * otherwise TS_UNAVAILABLE, TS_SKIPPED, TS_FAILED or TS_NOT_RUN (a signal
 * arrived) with the reason in reason[].
 */
enum test_status testprep_check(struct run_env *env, const struct test_def *t,
				char *reason, size_t len);

#endif
