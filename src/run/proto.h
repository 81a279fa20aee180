/*
 * proto.h: parse one stderr line of the test program protocol (pure);
 * progout.h parses a copy's whole output with it.
 */
#ifndef SYSINDEX_PROTO_H
#define SYSINDEX_PROTO_H

#include <stddef.h>

#include "core/protocol.h"   /* PROTOCOL_START_FD_ENV, enum metric_combine */


enum proto_kind {
	PL_COUNT,       /* COUNT|count|timebase|unit[|dir] */
	PL_TIME,        /* TIME|seconds[|dir] */
	PL_METRIC,      /* METRIC|name|value|unit[|sum|mean|max] */
	PL_NOTE,        /* NOTE|text[|dir] */
	PL_ERROR,       /* ERROR|message */
	PL_SKIP,        /* SKIP|reason */
	PL_START,       /* START|monotonic seconds its work began */
	PL_INTERVAL,    /* INTERVAL|end s|rate|unit|us per I/O */
	PL_OTHER,       /* has '|' but an unknown field: logged, ignored */
	PL_INVALID,     /* no '|', or a known field that does not parse */
};

struct proto_line {
	enum proto_kind kind;
	double value;           /* COUNT count, TIME/START seconds, METRIC value,
				 * INTERVAL end */
	double rate, io_us;     /* INTERVAL */
	int timebase;           /* COUNT */
	int dir;                /* COUNT/TIME/NOTE: the directory index of a program
				 * that measures several at once (fstime's
				 * sliced samples); -1: none given */
	enum metric_combine combine; /* METRIC */
	char name[32];          /* METRIC name */
	char unit[16];          /* COUNT / METRIC unit */
	char text[256];         /* NOTE/ERROR/SKIP text; for PL_INVALID why */
};

/* Parse 'line' (no trailing newline needed; one is ignored). */
void proto_parse_line(const char *line, struct proto_line *out);

#endif
