/*
 * paths.h: where a run finds its programs and puts its files: the test
 * directory, the results directory and the result name.  Each check refuses
 * with one line on stderr and exit status 2, before anything runs.
 */
#ifndef SYSINDEX_PATHS_H
#define SYSINDEX_PATHS_H

#include <stddef.h>

#include "cli/cli.h"

/* Print "sysindex: " + the message (fmt takes two strings); returns 2. */
int paths_fail(const char *fmt, const char *a, const char *b);

/* $SYSINDEX_PGMDIR, else pgms/ beside the binary, else the install folder. */
int find_pgmdir(char *out, size_t len);

/* dir exists, is a directory and is writable: 0, or 2 after one line ("<what> <dir> ..."). */
int paths_check_dir(const char *what, const char *dir);

/* The test and results directories from options, environment or defaults. */
int resolve_dirs(const struct config *cfg, char *testdir, char *resdir, size_t len);

/*
 * Claim results/<host>-<YYYY-MM-DD>-<NN> (base, without the folder) by
 * creating its .log with O_EXCL; *fd is that log, open for appending.
 */
int claim_name(const char *resdir, const char *host, char *base, size_t len, int *fd);

#endif
