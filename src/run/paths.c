/* paths.c: the test program folder, the test and results directories, result names. */
#define _XOPEN_SOURCE 700   /* readlink */
#include "run/paths.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#include "buildinfo.h"
#include "run/runner.h"
#include "util/owner.h"
#include "util/util.h"
#include "util/quote.h"

int paths_fail(const char *fmt, const char *a, const char *b)
{
	char qa[QUOTE_BUF], qb[QUOTE_BUF];

	/* a and b may be outside text (paths): escaped and cut. */
	fprintf(stderr, "sysindex: ");
	fprintf(stderr, fmt, quote(a, qa), quote(b, qb));
	fprintf(stderr, "\n");
	return 2;
}

int find_pgmdir(char *out, size_t len)
{
	const char *env = getenv("SYSINDEX_PGMDIR");
	char exe[PATH_MAX];
	ssize_t n;

	if (env != NULL && *env) {
		fmt(out, len, "%s", env);
		return 0;
	}
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		char *slash;

		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash != NULL) {
			struct stat st;

			*slash = '\0';
			if (path_join(out, len, exe, "pgms") == 0 && stat(out, &st) == 0 &&
			    S_ISDIR(st.st_mode))
				return 0;
		}
	}
	fmt(out, len, "%s", SYSINDEX_LIBEXECDIR);
	return 0;
}

/* A per-user folder for an installed sysindex: $XDG_x_HOME/sysindex/<leaf>. */
static int user_dir(const char *xdg, const char *fallback, const char *leaf,
		    char *out, size_t len)
{
	const char *base = getenv(xdg), *home = getenv("HOME");
	char tmp[PATH_MAX - 64];

	if (base != NULL && *base)
		fmt(tmp, sizeof(tmp), "%s/sysindex", base);
	else if (home != NULL && *home)
		fmt(tmp, sizeof(tmp), "%s/%s/sysindex", home, fallback);
	else
		return -1;
	fmt(out, len, "%s/%s", tmp, leaf);
	/* mkdir -p for the two or three levels that may be missing. */
	for (char *p = out + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(out, 0755) != 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return mkdir(out, 0755) != 0 && errno != EEXIST ? -1 : 0;
}

/* The directory must exist, be a directory and be writable: 0 or exit code 2. */
int paths_check_dir(const char *what, const char *dir)
{
	struct stat st;

	if (stat(dir, &st) != 0) {
		int err = errno;

		if (err == ENOENT)
			return paths_fail("%s %s does not exist", what, dir);
		char q[QUOTE_BUF];

		fprintf(stderr, "sysindex: %s %s: %s\n", what, quote(dir, q),
			err == ENAMETOOLONG ? "the path is longer than the system allows" : strerror(err));
		return 2;
	}
	if (!S_ISDIR(st.st_mode))
		return paths_fail("%s %s is not a directory", what, dir);
	if (access(dir, W_OK | X_OK) != 0)
		return paths_fail("%s %s is not writable", what, dir);
	return 0;
}

/*
 * One of the two directories: the option's value, else $env (./Run sets it
 * to the checkout's folder), else the per-user folder; then checked.
 */
static int pick_dir(const char *given, const char *env, const char *xdg, const char *fallback,
		    const char *leaf, const char *what, const char *opt, char *out, size_t len)
{
	const char *e = getenv(env), *from = given != NULL ? given : e != NULL && *e ? e : NULL;

	if (from != NULL && fmt(out, len, "%s", from) != 0) {
		fprintf(stderr, "sysindex: %s: the path is %zu characters, longer than the %zu "
			"sysindex allows\n", given != NULL ? opt : env, strlen(from), len - 1);
		return 2;
	}
	if (from == NULL && user_dir(xdg, fallback, leaf, out, len) != 0)
		return paths_fail("no %s: use %s DIR", what, opt);
	return paths_check_dir(what, out);
}

#define TESTDIR_MAX ((int)sizeof(((struct run_env *)0)->scratch) - 64)

int resolve_dirs(const struct config *cfg, char *testdir, char *resdir, size_t len)
{
	struct statvfs vfs;
	int rc;

	if ((rc = pick_dir(cfg->testdir, "SYSINDEX_TESTDIR_DEFAULT", "XDG_CACHE_HOME", ".cache",
			   "testdir", "test directory", "--testdir", testdir, len)) != 0 ||
	    (rc = pick_dir(cfg->resultsdir, "SYSINDEX_RESULTS", "XDG_DATA_HOME", ".local/share",
			   "results", "results directory", "--results", resdir, len)) != 0)
		return rc;
	/* The scratch folder and the files in it are named below the test dir. */
	if (strlen(testdir) > TESTDIR_MAX) {
		fprintf(stderr, "sysindex: --testdir: the path is %zu characters; at most %d leave "
			"room for the test files' names below it\n", strlen(testdir), TESTDIR_MAX);
		return 2;
	}
	if (statvfs(resdir, &vfs) == 0 &&
	    (unsigned long long)vfs.f_bavail * vfs.f_frsize < (1ull << 20))
		return paths_fail("results directory %s is full (less than 1 MiB free)", resdir, "");
	return 0;
}

#define NN_MAX 10000

/*
 * taken[nn] for each file of resdir named <prefix>NN, <prefix>NN.<ext> or
 * <prefix>NN-<more>: every file a run writes (its report, .log, .json,
 * .csv, .html, .md and charts, whichever it wrote) holds its name so.
 * 0, or -1 with errno when resdir cannot be listed.
 */
static int names_taken(const char *resdir, const char *prefix, unsigned char *taken)
{
	size_t plen = strlen(prefix);
	struct dirent *e;
	DIR *d = opendir(resdir);

	if (d == NULL)
		return -1;
	errno = 0;
	while ((e = readdir(d)) != NULL) {
		const char *p = e->d_name + plen;
		unsigned long nn = 0;
		size_t k = 0;

		if (strncmp(e->d_name, prefix, plen) != 0)
			continue;
		while (p[k] >= '0' && p[k] <= '9' && k < 6)
			nn = nn * 10 + (unsigned long)(p[k++] - '0');
		if (k > 0 && nn < NN_MAX && (p[k] == '\0' || p[k] == '.' || p[k] == '-'))
			taken[nn] = 1;
		errno = 0;
	}
	if (errno != 0) {
		int err = errno;

		closedir(d);
		errno = err;
		return -1;
	}
	closedir(d);
	return 0;
}

/*
 * Claim results/<host>-<YYYY-MM-DD>-<NN>: the first NN that no file of the
 * folder is named with, taken by creating its .log with O_EXCL so two runs
 * never share one.
 */
int claim_name(const char *resdir, const char *host, char *base, size_t len, int *fd)
{
	char day[16], path[PATH_MAX], name[256], prefix[300];
	static unsigned char taken[NN_MAX];
	time_t now = time(NULL);
	struct tm tm;

	/* The hostname is outside text: "../x" must not leave resdir. */
	name_component(name, sizeof(name), host);
	localtime_r(&now, &tm);
	strftime(day, sizeof(day), "%Y-%m-%d", &tm);
	fmt(prefix, sizeof(prefix), "%s-%s-", name, day);
	memset(taken, 0, sizeof(taken));
	if (names_taken(resdir, prefix, taken) != 0)
		return paths_fail("cannot list %s: %s", resdir, strerror(errno));
	for (int nn = 1; nn < NN_MAX; nn++) {
		if (taken[nn])
			continue;
		fmt(base, len, "%s%02d", prefix, nn);
		fmt(path, sizeof(path), "%s/%s", resdir, base);
		if (access(path, F_OK) == 0)
			continue;
		fmt(path, sizeof(path), "%s/%s.log", resdir, base);
		*fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
		if (*fd >= 0)
			return 0;
		if (errno != EEXIST)
			return paths_fail("cannot create %s: %s", path, strerror(errno));
	}
	return paths_fail("no free result name for %s in %s", base, resdir);
}


/* write_atomic()'s callback: the owner line. */
static int write_owner(FILE *out, const void *ctx)
{
	char line[96];

	if (owner_format(ctx, line, sizeof(line)) != 0)
		return -1;
	return fputs(line, out) == EOF ? -1 : 0;
}

int paths_make_scratch(const char *dir, char *out, size_t len)
{
	char owner[PATH_MAX], err[PATH_MAX + 64], q[QUOTE_BUF];
	struct owner me;

	if (path_join(out, len, dir, "sysindex-XXXXXX") != 0 || mkdtemp(out) == NULL) {
		fprintf(stderr, "sysindex: cannot create a folder in %s: %s\n", quote(dir, q),
			strerror(errno));
		out[0] = '\0';
		return 2;
	}
	owner_self(&me);
	if (path_join(owner, sizeof(owner), out, PATHS_OWNER_FILE) != 0 ||
	    write_atomic(owner, write_owner, &me, err, sizeof(err)) != 0) {
		fprintf(stderr, "sysindex: cannot write %s/%s: %s\n", quote(out, q),
			PATHS_OWNER_FILE, err);
		remove_tree(out);
		out[0] = '\0';
		return 2;
	}
	return 0;
}

/* Whether name is what mkdtemp made of "sysindex-XXXXXX". */
static int scratch_name(const char *name)
{
	if (strncmp(name, "sysindex-", 9) != 0 || strlen(name) != 15)
		return 0;
	for (const char *p = name + 9; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9')))
			return 0;
	return 1;
}

/* Whether dir/name is a scratch folder of this user that a dead run left. */
static int left_behind(int dfd, const char *name)
{
	char line[128];
	struct owner o;
	struct stat st;
	ssize_t n;
	int dir, fd;

	if (!scratch_name(name) || fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
	    !S_ISDIR(st.st_mode) || st.st_uid != geteuid())
		return 0;
	if ((dir = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0)
		return 0;
	fd = openat(dir, PATHS_OWNER_FILE, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	(void)close(dir);
	if (fd < 0)
		return 0;
	n = read(fd, line, sizeof(line) - 1);
	(void)close(fd);
	if (n <= 0)
		return 0;
	line[n] = '\0';
	return owner_parse(line, &o) == 0 && !owner_alive(&o);
}

size_t paths_sweep_scratch(const char *dir, int quiet)
{
	char path[PATH_MAX], q[QUOTE_BUF];
	struct dirent *e;
	size_t removed = 0;
	DIR *d = opendir(dir);

	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if (!left_behind(dirfd(d), e->d_name) ||
		    path_join(path, sizeof(path), dir, e->d_name) != 0)
			continue;
		if (remove_tree(path) == 0) {
			removed++;
			if (!quiet)
				fprintf(stderr, "sysindex: removed %s, the scratch folder of a run "
					"that is gone\n", quote(path, q));
		}
	}
	closedir(d);
	return removed;
}
