/* setting_native.c: mount: and sysfs: settings applied (setting_native.h). */
#define _GNU_SOURCE   /* realpath() */
#include "run/setting_native.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "core/setting_native.h"
#include "sysinfo/mountinfo.h"
#include "util/util.h"

/* mount_setattr(2)'s argument (the kernel's ABI, linux/mount.h). */
struct mnt_attr {
	uint64_t attr_set, attr_clr, propagation, userns_fd;
};

static int set_mount(const struct native_setting *ns, const char *testdir, char *why,
		     size_t len)
{
	struct mount_entry m;
	struct device_info dev;
	char err[256];

	if (mountinfo_describe(testdir, &m, &dev, err, sizeof(err)) != 0) {
		fmt(why, len, "cannot find the test directory's mount: %s", err);
		return -1;
	}
#ifdef SYS_mount_setattr
	{
		struct mnt_attr a = { .attr_set = ns->attr_set, .attr_clr = ns->attr_clr };

		if (syscall(SYS_mount_setattr, AT_FDCWD, m.mount_point, 0, &a, sizeof(a)) != 0) {
			fmt(why, len, "mount_setattr on %s: %s", m.mount_point, strerror(errno));
			return -1;
		}
	}
	return 0;
#else
	(void)ns;
	fmt(why, len, "mount_setattr(2) is not known to this build (Linux 5.12 or later)");
	return -1;
#endif
}

/* Whether the resolved path is still under /sys/ or /proc/sys/. */
static int still_under(const char *real)
{
	return strncmp(real, "/sys/", 5) == 0 || strncmp(real, "/proc/sys/", 10) == 0;
}

static int set_file(const struct native_setting *ns, char *why, size_t len)
{
	char real[PATH_MAX];
	struct stat st;
	size_t n = strlen(ns->value);
	ssize_t w;
	int fd;

	if (realpath(ns->path, real) == NULL) {
		fmt(why, len, "%s: %s", ns->path, strerror(errno));
		return -1;
	}
	if (!still_under(real)) {
		fmt(why, len, "%s leads to %s, outside /sys and /proc/sys: not written", ns->path,
		    real);
		return -1;
	}
	if ((fd = open(real, O_WRONLY | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY)) < 0) {
		fmt(why, len, "cannot open %s for writing: %s", real, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		fmt(why, len, "%s is not a regular file: not written", real);
		(void)close(fd);
		return -1;
	}
	while ((w = write(fd, ns->value, n)) < 0 && errno == EINTR)
		;
	if (w != (ssize_t)n) {
		fmt(why, len, "writing '%s' to %s: %s", ns->value, real,
		    w < 0 ? strerror(errno) : "a short write");
		(void)close(fd);
		return -1;
	}
	if (close(fd) != 0) {
		fmt(why, len, "writing '%s' to %s: %s", ns->value, real, strerror(errno));
		return -1;
	}
	return 0;
}

int setting_native_apply(const char *value, const char *testdir, char *why, size_t len)
{
	struct native_setting ns;

	if (native_parse(value, &ns, why, len) != 0)
		return -1;
	if (ns.kind == NATIVE_MOUNT)
		return set_mount(&ns, testdir, why, len);
	if (ns.kind == NATIVE_SYSFS)
		return set_file(&ns, why, len);
	return 1;
}
