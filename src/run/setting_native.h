/*
 * setting_native.h: applying the settings sysindex sets itself, with no
 * shell (core/setting_native.h's mount: and sysfs: values): the test
 * directory's mount's per-mount flags by mount_setattr(2), a value written
 * to one file under /sys or /proc/sys.  Used where a setting's command
 * would run (run/setting.c), between whole samples.
 */
#ifndef SYSINDEX_RUN_SETTING_NATIVE_H
#define SYSINDEX_RUN_SETTING_NATIVE_H

#include <stddef.h>

/*
 * Apply value to testdir's mount (the mount it is on, by its mount point in
 * /proc/self/mountinfo) or to its file: 0; -1 with why (one line); 1 when
 * value is not a native setting (a shell command: the caller runs it).
 * For sysfs: the path, its links resolved, must still be a regular file
 * under /sys/ or /proc/sys/; only that file is opened for writing.
 */
int setting_native_apply(const char *value, const char *testdir, char *why, size_t len);

#endif
