/*
 * fake.h: helpers shared by the fake test programs (libc only).
 *
 * The fakes stand in for real benchmark programs in the driver's tests: each
 * one misbehaves (or behaves) in one specific way.
 */
#ifndef SYSINDEX_FAKE_H
#define SYSINDEX_FAKE_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static inline void fake_usage(const char *usage)
{
	fprintf(stderr, "usage: %s\n", usage);
	exit(2);
}

/* A non-negative number of seconds, fractions allowed ("0.2"). */
static inline double fake_seconds(const char *arg, const char *usage)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(arg, &end);
	if (errno != 0 || end == arg || *end != '\0' || !(v >= 0) || v > 86400)
		fake_usage(usage);
	return v;
}

/* Sleep the whole duration, resuming after any signal. */
static inline void fake_sleep(double seconds)
{
	struct timespec ts;

	ts.tv_sec = (time_t)seconds;
	ts.tv_nsec = (long)((seconds - (double)ts.tv_sec) * 1e9);
	if (ts.tv_nsec >= 1000000000L)
		ts.tv_nsec = 999999999L;
	while (nanosleep(&ts, &ts) != 0)
		if (errno != EINTR)
			break;
}

#endif
