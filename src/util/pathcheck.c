/* pathcheck.c: the folder that stops a user from reaching a path. */
#include "util/pathcheck.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/util.h"

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

enum exec_problem path_exec_problem(const char *path, int err, char *out, size_t outlen)
{
	char dir[4096];
	struct stat st;

	if (err == ENOENT || err == ENOTDIR) {
		fmt(out, outlen, "does not exist");
		return EXEC_MISSING;
	}
	if (err == EACCES && path_blocker(path, dir, sizeof(dir)) == 0) {
		fmt(out, outlen, "is not executable by this user (uid %ld): folder %s is not "
		    "searchable by it", (long)geteuid(), dir);
		return EXEC_DENIED;
	}
	if (err != EACCES || stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
		fmt(out, outlen, "cannot be run: %s", strerror(err));
		return EXEC_OTHER;
	}
	if ((st.st_mode & 0111) == 0)
		fmt(out, outlen, "is not executable: mode %04o", (unsigned)(st.st_mode & 07777));
	else
		fmt(out, outlen, "is not executable by this user (uid %ld): mode %04o, owner "
		    "uid %ld, or a noexec mount", (long)geteuid(), (unsigned)(st.st_mode & 07777),
		    (long)st.st_uid);
	return EXEC_DENIED;
}
