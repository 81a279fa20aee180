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

/*
 * The run's scratch folder in dir: dir/sysindex-XXXXXX (mkdtemp), holding
 * PATHS_OWNER_FILE with this process's owner (util/owner.h) so that a later
 * run can tell it was left behind.  0; or 2 after one line on stderr (out "").
 */
#define PATHS_OWNER_FILE ".sysindex-owner"
int paths_make_scratch(const char *dir, char *out, size_t len);

/*
 * Remove the scratch folders in dir that a run left behind (killed, a power
 * cut): sysindex-XXXXXX folders of this user whose owner file names a
 * process that is gone.  A folder without the file (not sysindex's, or a
 * run still starting) is left alone.  Says so in one line each unless quiet;
 * returns how many it removed.
 */
size_t paths_sweep_scratch(const char *dir, int quiet);

#endif
