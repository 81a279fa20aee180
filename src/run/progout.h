/*
 * progout.h: the test programs' output parser, one copy at a time: its
 * stderr (line by line through proto.h), exit status and timing as a copy
 * result (pure).
 */
#ifndef SYSINDEX_PROGOUT_H
#define SYSINDEX_PROGOUT_H

#include <stddef.h>

#include "core/result.h"

/*
 * Interpret one copy's stderr (dropped: bytes of it not kept), exit status
 * and timing into cr; when it is not ok, why in reason[] and *skipped set
 * if the program said SKIP (exit 3).
 */
void progout_parse_copy(const char *err, size_t dropped, int status, int timed_out,
			double elapsed, struct copy_result *cr, char *reason,
			size_t reasonlen, int *skipped);

/*
 * The INTERVAL lines of a copy's output (a --sustained sample), in order:
 * a malloc'd array in *out (NULL when none or out of memory); how many.
 */
size_t progout_series(const char *err, struct series_pt **out);

/* Seconds between the first and the last copy's START line; -1 when any
 * copy did not say. */
double progout_start_spread(const struct copy_result *copies, size_t n);

#endif
