/* setting_native.c: mount: and sysfs: settings, parsed (setting_native.h). */
#include "core/setting_native.h"

#include <stdio.h>
#include <string.h>

/* Each mount word: the bits it sets within the bits it decides. */
static const struct {
	const char *word;
	unsigned set, decides;
} mount_words[] = {
	{ "relatime", NATIVE_MNT_RELATIME, NATIVE_MNT_ATIME_MASK },
	{ "noatime", NATIVE_MNT_NOATIME, NATIVE_MNT_ATIME_MASK },
	{ "strictatime", NATIVE_MNT_STRICTATIME, NATIVE_MNT_ATIME_MASK },
	{ "nodiratime", NATIVE_MNT_NODIRATIME, NATIVE_MNT_NODIRATIME },
	{ "diratime", 0, NATIVE_MNT_NODIRATIME },
	{ "nosuid", NATIVE_MNT_NOSUID, NATIVE_MNT_NOSUID },
	{ "suid", 0, NATIVE_MNT_NOSUID },
	{ "nodev", NATIVE_MNT_NODEV, NATIVE_MNT_NODEV },
	{ "dev", 0, NATIVE_MNT_NODEV },
	{ "noexec", NATIVE_MNT_NOEXEC, NATIVE_MNT_NOEXEC },
	{ "exec", 0, NATIVE_MNT_NOEXEC },
	{ "rw", 0, NATIVE_MNT_RDONLY },
};
#define NWORDS (sizeof(mount_words) / sizeof(mount_words[0]))

static int parse_mount(const char *list, struct native_setting *out, char *why, size_t len)
{
	unsigned decided = 0;
	const char *p = list;

	if (*p == '\0') {
		snprintf(why, len, "mount: names no flag (say mount:noatime)");
		return -1;
	}
	while (*p) {
		size_t n = strcspn(p, ","), i;
		int shown = (int)(n < 40 ? n : 40);

		for (i = 0; i < NWORDS; i++)
			if (strlen(mount_words[i].word) == n &&
			    strncmp(p, mount_words[i].word, n) == 0)
				break;
		if (i == NWORDS && n == 2 && strncmp(p, "ro", 2) == 0) {
			snprintf(why, len, "mount:ro: the test directory must stay writable");
			return -1;
		}
		if (i == NWORDS) {
			snprintf(why, len, "mount: '%.*s' is not a per-mount flag sysindex sets "
				 "(relatime, noatime, strictatime, [no]diratime, [no]suid, [no]dev, "
				 "[no]exec, rw; a file system's own option needs a NAME=COMMAND "
				 "setting)", shown, p);
			return -1;
		}
		if (decided & mount_words[i].decides) {
			snprintf(why, len, "mount: '%s' decides what an earlier flag did",
				 mount_words[i].word);
			return -1;
		}
		decided |= mount_words[i].decides;
		out->attr_set |= mount_words[i].set;
		p += n;
		if (*p == ',' && *++p == '\0') {
			snprintf(why, len, "mount: the list ends with a comma");
			return -1;
		}
	}
	/* The atime mode and diratime are set as a whole: relatime, diratime unless named. */
	out->attr_clr = decided | NATIVE_MNT_ATIME_MASK | NATIVE_MNT_NODIRATIME;
	return 0;
}

/* Whether path names a file below dir (a prefix ending in '/'), cleanly. */
static int clean_under(const char *path, const char *dir)
{
	size_t k = strlen(dir);

	if (strncmp(path, dir, k) != 0 || path[k] == '\0')
		return 0;
	for (const char *s = path; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c <= 0x20 || c == 0x7f || (c == '/' && s[1] == '/'))
			return 0;
		if (c == '/' && s[1] == '.' &&
		    (s[2] == '/' || s[2] == '\0' || (s[2] == '.' && (s[3] == '/' || s[3] == '\0'))))
			return 0;
	}
	return path[strlen(path) - 1] != '/';
}

static int parse_sysfs(const char *spec, struct native_setting *out, char *why, size_t len)
{
	const char *eq = strchr(spec, '=');
	size_t n = eq ? (size_t)(eq - spec) : 0;

	if (eq == NULL || n == 0) {
		snprintf(why, len, "sysfs: wants PATH=VALUE (say sysfs:/sys/kernel/mm/"
			 "transparent_hugepage/enabled=always)");
		return -1;
	}
	if (n >= sizeof(out->path)) {
		snprintf(why, len, "sysfs: the path is longer than %zu bytes",
			 sizeof(out->path) - 1);
		return -1;
	}
	memcpy(out->path, spec, n);
	out->path[n] = '\0';
	if (!clean_under(out->path, "/sys/") && !clean_under(out->path, "/proc/sys/")) {
		snprintf(why, len, "sysfs: '%.60s' is not a file under /sys/ or /proc/sys/ (an "
			 "absolute path, no . or .. or //)", out->path);
		return -1;
	}
	n = strlen(eq + 1);
	if (n == 0 || n >= sizeof(out->value)) {
		snprintf(why, len, "sysfs: the value must be 1 to %zu characters",
			 sizeof(out->value) - 1);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)eq[1 + i];

		if (c <= 0x20 || c >= 0x7f) {
			snprintf(why, len, "sysfs: the value holds a space or a control or "
				 "non-ASCII byte (byte %zu): one word", i + 1);
			return -1;
		}
	}
	memcpy(out->value, eq + 1, n + 1);
	return 0;
}

int native_parse(const char *value, struct native_setting *out, char *why, size_t len)
{
	memset(out, 0, sizeof(*out));
	if (strncmp(value, NATIVE_MOUNT_PREFIX, strlen(NATIVE_MOUNT_PREFIX)) == 0) {
		out->kind = NATIVE_MOUNT;
		return parse_mount(value + strlen(NATIVE_MOUNT_PREFIX), out, why, len);
	}
	if (strncmp(value, NATIVE_SYSFS_PREFIX, strlen(NATIVE_SYSFS_PREFIX)) == 0) {
		out->kind = NATIVE_SYSFS;
		return parse_sysfs(value + strlen(NATIVE_SYSFS_PREFIX), out, why, len);
	}
	return 0;
}
