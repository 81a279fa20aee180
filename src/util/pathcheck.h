/* pathcheck.h: why a path cannot be reached (no policy, no messages). */
#ifndef SYSINDEX_PATHCHECK_H
#define SYSINDEX_PATHCHECK_H

#include <stddef.h>

/*
 * The first folder on the way to 'path' (its leading components, in order,
 * not 'path' itself) that this user may not search (access X_OK fails with
 * EACCES), written to out: 0 if one was found, -1 if none blocks (or out is
 * too small).  A relative path is walked from the current directory.
 */
int path_blocker(const char *path, char *out, size_t outlen);

#endif
