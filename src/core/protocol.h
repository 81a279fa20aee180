/*
 * protocol.h: the facts both halves of the test programs' wire protocol
 * share, written once: the programs' harness (src/progs/lib/harness.c)
 * writes them, the driver (src/run/proto.c, src/run/spawn.c) reads and sets
 * them.  Pure: no code the two would build apart but these inline helpers.
 *
 * The lines themselves (COUNT, TIME, METRIC, NOTE, ERROR, SKIP, START,
 * INTERVAL) are
 * described in src/progs/lib/harness.h and docs/methodology.md §1.  Only the
 * harness writes them (the driver's child, before exec, writes ERROR lines).
 */
#ifndef SYSINDEX_CORE_PROTOCOL_H
#define SYSINDEX_CORE_PROTOCOL_H

#include <string.h>

/* A line's first field, and the separator of its fields. */
#define PROTOCOL_COUNT  "COUNT"
#define PROTOCOL_TIME   "TIME"
#define PROTOCOL_METRIC "METRIC"
#define PROTOCOL_NOTE   "NOTE"
#define PROTOCOL_ERROR  "ERROR"
#define PROTOCOL_SKIP   "SKIP"
#define PROTOCOL_START  "START"
#define PROTOCOL_INTERVAL "INTERVAL"
#define PROTOCOL_SEP    "|"

/* A program's exit status: what the driver makes of it. */
enum protocol_exit {
	PROTOCOL_EXIT_OK = 0,
	PROTOCOL_EXIT_FAILED = 1,
	PROTOCOL_EXIT_USAGE = 2,
	PROTOCOL_EXIT_SKIPPED = 3,   /* the test cannot run here (after a SKIP line) */
};

/* Directory indexes a COUNT or TIME line may carry (= MAX_TESTDIRS). */
#define PROTOCOL_MAX_DIRS 8

/* The start gate's descriptor number, in the copies' environment. */
#define PROTOCOL_START_FD_ENV "SYSINDEX_START_FD"

/*
 * How the copies of one pass combine a METRIC: its optional fifth field.
 * Over passes the combined values are averaged.
 */
enum metric_combine {
	MC_SUM = 0,     /* "sum", or no fifth field: rates and counts add up */
	MC_MEAN,        /* "mean": times, latencies, flags */
	MC_MAX,         /* "max": worst cases */
	MC_NCOMBINE
};

/* The word a METRIC line carries for c ("sum" for anything unknown). */
static inline const char *metric_combine_word(enum metric_combine c)
{
	switch (c) {
	case MC_MEAN: return "mean";
	case MC_MAX: return "max";
	default: return "sum";
	}
}

/* The combine a METRIC line's fifth field names; -1 if none. */
static inline int metric_combine_parse(const char *s, enum metric_combine *out)
{
	for (int c = 0; c < MC_NCOMBINE; c++)
		if (strcmp(s, metric_combine_word((enum metric_combine)c)) == 0) {
			*out = (enum metric_combine)c;
			return 0;
		}
	return -1;
}

#endif
