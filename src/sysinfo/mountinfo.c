/*
 * mountinfo.c: parse /proc/self/mountinfo, find the mount holding a path,
 * and describe it on the live system (the block device under it comes from
 * mountinfo_sysfs.c).
 *
 * mountinfo line (proc(5)):
 *   36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue
 *   id parent maj:min root mount-point options [optional...] - fstype source super
 * Fields are separated by single spaces; the kernel writes space, tab,
 * newline and backslash inside paths as octal escapes (\040 \011 \012 \134).
 * Lines are parsed in place, so memory use does not depend on their length.
 */
/* realpath() is XSI; major()/minor() come from <sys/sysmacros.h> on Linux. */
#define _XOPEN_SOURCE 700
#include "sysinfo/mountinfo.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/types.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/sysmacros.h>
#endif


struct span {
	const char *p;
	size_t len;
};

/* Next space-separated field of *rest; 0 when there is none. */
static int next_field(struct span *rest, struct span *field)
{
	while (rest->len > 0 && *rest->p == ' ') {
		rest->p++;
		rest->len--;
	}
	if (rest->len == 0)
		return 0;
	field->p = rest->p;
	field->len = 0;
	while (rest->len > 0 && *rest->p != ' ') {
		rest->p++;
		rest->len--;
		field->len++;
	}
	return 1;
}

static int is_octal(char c)
{
	return c >= '0' && c <= '7';
}

/*
 * Copy a field into out, decoding \ooo escapes.  On overflow out holds the
 * part that fits and -1 is returned.  \000 and other backslashes stay literal.
 */
static int decode(struct span f, char *out, size_t size)
{
	size_t o = 0;

	for (size_t i = 0; i < f.len; i++) {
		char c = f.p[i];

		if (c == '\\' && i + 3 < f.len && is_octal(f.p[i + 1]) &&
		    is_octal(f.p[i + 2]) && is_octal(f.p[i + 3])) {
			int v = (f.p[i + 1] - '0') * 64 + (f.p[i + 2] - '0') * 8 +
				(f.p[i + 3] - '0');

			if (v > 0 && v < 256) {
				c = (char)v;
				i += 3;
			}
		}
		if (c == '\0' || o + 1 >= size) {
			out[o] = '\0';
			return -1;
		}
		out[o++] = c;
	}
	out[o] = '\0';
	return 0;
}

/* An option list too long for its buffer is cut after its last whole option. */
static void decode_options(struct span f, char *out, size_t size)
{
	if (decode(f, out, size) != 0) {
		char *comma = strrchr(out, ',');

		if (comma != NULL)
			*comma = '\0';
	}
}

/* Decimal number (1..10 digits) up to 'stop' or the end of the field. */
static int parse_uint(struct span f, char stop, unsigned long max,
		      unsigned long *val, struct span *rest)
{
	unsigned long v = 0;
	size_t i = 0;

	for (; i < f.len && f.p[i] != stop; i++) {
		if (f.p[i] < '0' || f.p[i] > '9' || i >= 10)
			return -1;
		v = v * 10 + (unsigned long)(f.p[i] - '0');
	}
	if (i == 0 || v > max)
		return -1;
	*val = v;
	if (rest != NULL) {
		rest->p = f.p + i + (i < f.len);
		rest->len = f.len - i - (i < f.len);
	}
	return 0;
}

static int parse_ids(struct span id, struct span parent, struct span dev,
		     struct mount_entry *out)
{
	unsigned long a, b;
	struct span minor;

	if (parse_uint(id, ' ', INT_MAX, &a, NULL) != 0 ||
	    parse_uint(parent, ' ', INT_MAX, &b, NULL) != 0)
		return -1;
	out->mount_id = (int)a;
	out->parent_id = (int)b;
	if (memchr(dev.p, ':', dev.len) == NULL ||
	    parse_uint(dev, ':', UINT_MAX, &a, &minor) != 0 ||
	    parse_uint(minor, ' ', UINT_MAX, &b, NULL) != 0)
		return -1;
	out->major = (unsigned)a;
	out->minor = (unsigned)b;
	return 0;
}

int mountinfo_parse_line(const char *line, size_t len, struct mount_entry *out)
{
	struct span rest = { line, len }, f[6], x;
	int i;

	if (line == NULL || out == NULL)
		return -1;
	memset(out, 0, sizeof(*out));
	for (i = 0; i < 6; i++)
		if (!next_field(&rest, &f[i]))
			return -1;
	if (parse_ids(f[0], f[1], f[2], out) != 0 ||
	    decode(f[3], out->root, sizeof(out->root)) != 0 ||
	    decode(f[4], out->mount_point, sizeof(out->mount_point)) != 0 ||
	    out->mount_point[0] != '/')
		return -1;
	decode_options(f[5], out->options, sizeof(out->options));
	/* Optional fields (shared:N, master:N, ...) up to a lone "-". */
	do {
		if (!next_field(&rest, &x))
			return -1;
	} while (!(x.len == 1 && x.p[0] == '-'));
	if (!next_field(&rest, &x))
		return -1;
	(void)decode(x, out->fstype, sizeof(out->fstype));
	if (!next_field(&rest, &x))
		return -1;
	(void)decode(x, out->source, sizeof(out->source));
	if (next_field(&rest, &x))
		decode_options(x, out->super_options, sizeof(out->super_options));
	return 0;
}

/* Depth of mount point mp if it contains path (its length), else -1. */
static long contains(const char *mp, const char *path)
{
	size_t n = strlen(mp);

	while (n > 1 && mp[n - 1] == '/')
		n--;
	if (mp[0] != '/' || path[0] != '/')
		return -1;
	if (n == 1)
		return 1;
	if (strncmp(path, mp, n) != 0 || (path[n] != '\0' && path[n] != '/'))
		return -1;
	return (long)n;
}

static int find(const char *text, const char *path, int want_dev,
		unsigned major, unsigned minor, struct mount_entry *out)
{
	static const struct mount_entry zero;
	struct mount_entry cur;
	long best = -1;

	if (text == NULL || path == NULL || out == NULL)
		return -1;
	while (*text != '\0') {
		const char *nl = strchr(text, '\n');
		size_t len = nl != NULL ? (size_t)(nl - text) : strlen(text);
		long depth;

		if (mountinfo_parse_line(text, len, &cur) == 0 &&
		    (!want_dev || (cur.major == major && cur.minor == minor)) &&
		    (depth = contains(cur.mount_point, path)) >= best) {
			best = depth;
			*out = cur;
		}
		text += len + (nl != NULL);
	}
	if (best < 0)
		*out = zero;
	return best < 0 ? -1 : 0;
}

int mountinfo_find(const char *mountinfo_text, const char *abs_path,
		   struct mount_entry *out)
{
	return find(mountinfo_text, abs_path, 0, 0, 0, out);
}

int mountinfo_find_dev(const char *mountinfo_text, const char *abs_path,
		       unsigned major, unsigned minor, struct mount_entry *out)
{
	if (find(mountinfo_text, abs_path, 1, major, minor, out) == 0)
		return 0;
	return find(mountinfo_text, abs_path, 0, 0, 0, out);
}

/* ---- live system ------------------------------------------------------ */

/* Whole file as a string, at most 'limit' bytes (cut at a line end). */
static char *read_text(const char *path, size_t limit)
{
	size_t cap = 64 * 1024, len = 0;
	char *buf = malloc(cap + 1), *nl;
	ssize_t n;
	int fd;

	if (buf == NULL || (fd = open(path, O_RDONLY)) < 0) {
		free(buf);
		return NULL;
	}
	while ((n = read(fd, buf + len, cap - len)) > 0 || (n < 0 && errno == EINTR)) {
		if (n < 0)
			continue;
		len += (size_t)n;
		if (len == cap) {
			char *bigger;

			if (cap >= limit)
				break;
			cap = cap * 2 > limit ? limit : cap * 2;
			if ((bigger = realloc(buf, cap + 1)) == NULL)
				break;
			buf = bigger;
		}
	}
	(void)close(fd);
	buf[len] = '\0';
	if (len == cap && (nl = strrchr(buf, '\n')) != NULL)
		nl[1] = '\0';	/* hit the limit: drop the partial last line */
	return buf;
}

static int fail(char *err, size_t errlen, const char *what, const char *path)
{
	if (err != NULL && errlen > 0)
		snprintf(err, errlen, "%s: %s: %s", path, what, strerror(errno));
	return -1;
}

int mountinfo_describe(const char *path, struct mount_entry *m,
		       struct device_info *d, char *err, size_t errlen)
{
	char real[PATH_MAX];
	struct stat st, bst;
	struct statvfs vfs;
	unsigned maj, min;
	char *text;
	int r;

	if (path == NULL || m == NULL || d == NULL)
		return -1;
	mountinfo_device_unknown(d);
	if (realpath(path, real) == NULL)
		return fail(err, errlen, "cannot resolve", path);
	if (stat(real, &st) != 0)
		return fail(err, errlen, "stat", real);
	if ((text = read_text("/proc/self/mountinfo", MOUNTINFO_MAX_TEXT)) == NULL)
		return fail(err, errlen, "read", "/proc/self/mountinfo");
	r = mountinfo_find_dev(text, real, major(st.st_dev), minor(st.st_dev), m);
	free(text);
	if (r != 0) {
		errno = ENOENT;
		return fail(err, errlen, "no mount found in /proc/self/mountinfo", real);
	}
	maj = m->major;
	min = m->minor;
	/* btrfs and friends show an anonymous device; the source names the disk. */
	if (maj == 0 && strncmp(m->source, "/dev/", 5) == 0 &&
	    stat(m->source, &bst) == 0 && S_ISBLK(bst.st_mode)) {
		maj = major(bst.st_rdev);
		min = minor(bst.st_rdev);
	}
	(void)mountinfo_device_info("/sys", maj, min, d);
	if (statvfs(real, &vfs) == 0) {
		m->space_known = 1;
		m->total_bytes = (unsigned long long)vfs.f_blocks * vfs.f_frsize;
		m->free_bytes = (unsigned long long)vfs.f_bfree * vfs.f_frsize;
		m->avail_bytes = (unsigned long long)vfs.f_bavail * vfs.f_frsize;
	}
	return 0;
}
