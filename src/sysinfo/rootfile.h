/*
 * rootfile.h: one line of a /proc or /sys file read under a root prefix
 * ("" for the machine, a fixture tree in tests/data for the unit tests), as
 * the host-state rows and the CPU limits read them.
 */
#ifndef SYSINDEX_ROOTFILE_H
#define SYSINDEX_ROOTFILE_H

#include <stddef.h>

#define ROOTFILE_PATH_MAX 4096

/* The first line of root/path, trailing blanks cut, controls replaced ("" for
 * an empty file): 0, or -1 if unreadable. */
int rootfile_line(const char *root, const char *path, char *out, size_t len);

#endif
