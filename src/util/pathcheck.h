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

/*
 * Why this user cannot execute 'path', from the errno of access(path, X_OK)
 * (or of building the path): EXEC_MISSING for no such file; EXEC_DENIED for
 * EACCES, with out saying what denies it ("is not executable by this user
 * (uid U): folder D is not searchable by it", or the file's mode, or a
 * noexec mount); EXEC_OTHER otherwise ("cannot be run: <strerror>").  out
 * continues a sentence that starts with the path.
 */
enum exec_problem { EXEC_MISSING, EXEC_DENIED, EXEC_OTHER };
enum exec_problem path_exec_problem(const char *path, int err, char *out, size_t outlen);

#endif
