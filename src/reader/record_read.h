/*
 * record_read.h: a run's record (the JSON sysindex writes, schema
 * RECORD_SCHEMA_OLDEST to RECORD_SCHEMA of core/result.h) read back into
 * the run's model, struct run_result, at full precision: every double as
 * it was written (the writer prints the shortest form that reads back to
 * the same bits).  Strict: it accepts the documents sysindex writes and
 * nothing else; any other key, type or size is one line naming the field.
 */
#ifndef SYSINDEX_RECORD_READ_H
#define SYSINDEX_RECORD_READ_H

#include <stddef.h>

#include "core/result.h"

#define RECORD_MAX_BYTES (256u << 20)   /* the largest record read */

/*
 * Whether buf is meant as a sysindex record (its first non-blank byte is
 * '{'): 1 or 0.  Text reports never start so.
 */
int record_looks_like(const void *buf, size_t len);

/*
 * Read a record into r (zeroed first; result_free gives it back).  0, or
 * -1 with err = "name: field: message" (one line) and r empty.  A record
 * newer than this reader: the message names the schema it has and the one
 * this sysindex reads.
 */
int record_read_buffer(const char *name, const void *buf, size_t len, struct run_result *r,
		       char *err, size_t errlen);
int record_read_file(const char *path, struct run_result *r, char *err, size_t errlen);

#endif
