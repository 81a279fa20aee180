/* pathcheck.c: the folder that stops a user from reaching a path. */
#include "util/pathcheck.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

int path_blocker(const char *path, char *out, size_t outlen)
{
	size_t n = strlen(path);

	if (n >= outlen)
		return -1;
	/* Each prefix that ends just before a '/' is a folder on the way;
	 * the root (a leading '/') is the first. */
	for (size_t i = 0; i < n; i++) {
		if (path[i] != '/')
			continue;
		size_t end = i == 0 ? 1 : i;

		if (i > 0 && path[i - 1] == '/')
			continue;       /* "a//b": the folder was checked already */
		memcpy(out, path, end);
		out[end] = '\0';
		if (access(out, X_OK) != 0 && errno == EACCES)
			return 0;
	}
	out[0] = '\0';
	return -1;
}
