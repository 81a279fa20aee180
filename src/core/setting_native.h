/*
 * setting_native.h: the --setting values sysindex applies itself, with no
 * shell (issue 49), parsed (pure).  Besides NAME=COMMAND, a setting's value
 * may be
 *
 *   mount:FLAG[,FLAG...]   the test directory's mount's per-mount flags,
 *       set by mount_setattr(2) as a whole: its atime mode is the one named
 *       (relatime, noatime or strictatime; relatime, the kernel's default,
 *       when none is) and nodiratime is on exactly when named, so nothing
 *       merges with what was in force before (util-linux's `mount -o
 *       remount,relatime` leaves noatime on).  nosuid/suid, nodev/dev and
 *       noexec/exec change those flags only when named.  ro is refused (the
 *       test directory must be writable), and so are the file system's own
 *       options (lazytime, sync, ...): a superblock option is not per mount,
 *       give a NAME=COMMAND setting for it.
 *   sysfs:PATH=VALUE       VALUE written to PATH, a file under /sys/ or
 *       /proc/sys/ (THP's mode, a queue's scheduler, a sysctl); nothing
 *       else is written.  PATH is absolute, without "." or ".." components
 *       or doubled slashes; VALUE is 1 to NATIVE_VALUE_MAX - 1 printable
 *       characters without spaces.  run/setting_native.c checks again
 *       that PATH, its links resolved, is still under /sys/ or /proc/sys/.
 *
 * Anything else is a shell command (NATIVE_NONE).  An odd value is refused
 * with one line (cli: exit 2).
 */
#ifndef SYSINDEX_SETTING_NATIVE_H
#define SYSINDEX_SETTING_NATIVE_H

#include <stddef.h>

#define NATIVE_MOUNT_PREFIX "mount:"
#define NATIVE_SYSFS_PREFIX "sysfs:"
#define NATIVE_PATH_MAX 256
#define NATIVE_VALUE_MAX 128

/* mount_setattr(2)'s MOUNT_ATTR_* bits (the kernel's ABI values). */
#define NATIVE_MNT_RDONLY 0x1u
#define NATIVE_MNT_NOSUID 0x2u
#define NATIVE_MNT_NODEV 0x4u
#define NATIVE_MNT_NOEXEC 0x8u
#define NATIVE_MNT_ATIME_MASK 0x70u     /* MOUNT_ATTR__ATIME: the mode, set as one */
#define NATIVE_MNT_RELATIME 0x0u
#define NATIVE_MNT_NOATIME 0x10u
#define NATIVE_MNT_STRICTATIME 0x20u
#define NATIVE_MNT_NODIRATIME 0x80u

enum native_kind {
	NATIVE_NONE = 0,        /* a shell command */
	NATIVE_MOUNT,
	NATIVE_SYSFS,
};

struct native_setting {
	enum native_kind kind;
	unsigned attr_set, attr_clr;    /* NATIVE_MOUNT: mount_setattr's two sets */
	char path[NATIVE_PATH_MAX];     /* NATIVE_SYSFS */
	char value[NATIVE_VALUE_MAX];
};

/*
 * Parse a setting's value: 0 (out->kind NATIVE_NONE for a shell command),
 * or -1 with a one-line reason (no "--setting NAME: " before it).
 */
int native_parse(const char *value, struct native_setting *out, char *why, size_t len);

#endif
