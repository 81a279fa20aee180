/*
 * mountinfo.c: parse /proc/self/mountinfo, find the mount holding a path,
 * and describe the block device under it from sysfs.
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
#include "mountinfo.h"

#include <dirent.h>
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

#define UNKNOWN "unknown"
#define MAX_SLAVES 32

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

/* ---- sysfs ---------------------------------------------------------- */

/* Bounded copy, always terminated (a long name is cut, never overrun). */
static void copy_str(char *dst, size_t size, const char *src)
{
	size_t n = strlen(src);

	if (n >= size)
		n = size - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/*
 * Read a small sysfs attribute: surrounding white space trimmed, anything
 * not printable ASCII replaced by '?'.  Returns 0 when non-empty.
 */
static int read_attr(const char *dir, const char *name, char *buf, size_t size)
{
	char path[PATH_MAX];
	ssize_t n;
	size_t start = 0, end;
	int fd;

	buf[0] = '\0';
	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >= sizeof(path))
		return -1;
	if ((fd = open(path, O_RDONLY)) < 0)
		return -1;
	n = read(fd, buf, size - 1);
	(void)close(fd);
	if (n <= 0)
		return -1;
	end = (size_t)n;
	while (end > 0 && (buf[end - 1] == ' ' || buf[end - 1] == '\n' ||
			   buf[end - 1] == '\t' || buf[end - 1] == '\r'))
		end--;
	while (start < end && (buf[start] == ' ' || buf[start] == '\t'))
		start++;
	for (size_t i = start; i < end; i++)
		if ((unsigned char)buf[i] < 0x20 || (unsigned char)buf[i] > 0x7e)
			buf[i] = '?';
	memmove(buf, buf + start, end - start);
	buf[end - start] = '\0';
	return buf[0] != '\0' ? 0 : -1;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash != NULL ? slash + 1 : path;
}

/* "mq-deadline kyber [bfq] none" -> "bfq"; a lone word stands for itself. */
static void scheduler_of(const char *queue_dir, char *out, size_t size)
{
	char buf[256], *open_b, *close_b;

	copy_str(out, size, UNKNOWN);
	if (read_attr(queue_dir, "scheduler", buf, sizeof(buf)) != 0)
		return;
	open_b = strchr(buf, '[');
	close_b = open_b != NULL ? strchr(open_b, ']') : NULL;
	if (open_b != NULL && close_b != NULL && close_b > open_b + 1) {
		*close_b = '\0';
		copy_str(out, size, open_b + 1);
	} else if (open_b == NULL && strchr(buf, ' ') == NULL) {
		copy_str(out, size, buf);
	}
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

/* Entries of dir/slaves, sorted and joined with commas. */
static void slaves_of(const char *dir, char *out, size_t size)
{
	char path[PATH_MAX], names[MAX_SLAVES][64];
	size_t n = 0, used = 0;
	struct dirent *e;
	DIR *d;

	out[0] = '\0';
	if ((size_t)snprintf(path, sizeof(path), "%s/slaves", dir) >= sizeof(path) ||
	    (d = opendir(path)) == NULL)
		return;
	while (n < MAX_SLAVES && (e = readdir(d)) != NULL)
		if (e->d_name[0] != '.')
			copy_str(names[n++], sizeof(names[0]), e->d_name);
	(void)closedir(d);
	qsort(names, n, sizeof(names[0]), cmp_names);
	for (size_t i = 0; i < n && used < size; i++) {
		int w = snprintf(out + used, size - used, "%s%s", i ? "," : "", names[i]);

		if (w < 0 || (size_t)w >= size - used) {
			out[used] = '\0';	/* keep whole names only */
			break;
		}
		used += (size_t)w;
	}
}

static void set_unknown(struct device_info *d)
{
	memset(d, 0, sizeof(*d));
	copy_str(d->kind, sizeof(d->kind), UNKNOWN);
	copy_str(d->name, sizeof(d->name), UNKNOWN);
	copy_str(d->disk, sizeof(d->disk), UNKNOWN);
	copy_str(d->scheduler, sizeof(d->scheduler), UNKNOWN);
	copy_str(d->model, sizeof(d->model), UNKNOWN);
	d->rotational = -1;
}

static void kind_of(const char *name, int partition, char *out, size_t size)
{
	const char *k = "disk";

	if (partition)
		k = "partition";
	else if (strncmp(name, "loop", 4) == 0)
		k = "loop";
	else if (strncmp(name, "dm-", 3) == 0)
		k = "dm";
	else if (strncmp(name, "md", 2) == 0)
		k = "md";
	copy_str(out, size, k);
}

int mountinfo_device_info(const char *sysfs_root, unsigned major,
			  unsigned minor, struct device_info *out)
{
	char link[PATH_MAX], dev[PATH_MAX], disk[PATH_MAX], attr[PATH_MAX];
	char *slash;

	if (out == NULL)
		return -1;
	set_unknown(out);
	if (major == 0) {	/* anonymous device: tmpfs, overlay, proc, ... */
		copy_str(out->kind, sizeof(out->kind), "virtual");
		return 0;
	}
	if (sysfs_root == NULL ||
	    (size_t)snprintf(link, sizeof(link), "%s/dev/block/%u:%u", sysfs_root,
			     major, minor) >= sizeof(link) ||
	    realpath(link, dev) == NULL)
		return -1;
	copy_str(out->name, sizeof(out->name), base_name(dev));
	copy_str(disk, sizeof(disk), dev);
	if (read_attr(dev, "partition", attr, sizeof(attr)) == 0 &&
	    (slash = strrchr(disk, '/')) != NULL && slash != disk)
		*slash = '\0';		/* a partition's queue is its disk's */
	kind_of(out->name, strcmp(disk, dev) != 0, out->kind, sizeof(out->kind));
	copy_str(out->disk, sizeof(out->disk), base_name(disk));

	if (read_attr(disk, "queue/rotational", attr, sizeof(attr)) == 0 &&
	    (strcmp(attr, "0") == 0 || strcmp(attr, "1") == 0))
		out->rotational = attr[0] - '0';
	if ((size_t)snprintf(attr, sizeof(attr), "%s/queue", disk) < sizeof(attr))
		scheduler_of(attr, out->scheduler, sizeof(out->scheduler));
	if (read_attr(disk, "device/model", out->model, sizeof(out->model)) != 0)
		copy_str(out->model, sizeof(out->model), UNKNOWN);
	if (strncmp(base_name(disk), "loop", 4) == 0 &&
	    read_attr(disk, "loop/backing_file", out->backing_file,
		      sizeof(out->backing_file)) != 0)
		copy_str(out->backing_file, sizeof(out->backing_file), UNKNOWN);
	if (strncmp(out->name, "dm-", 3) == 0 &&
	    read_attr(dev, "dm/name", out->dm_name, sizeof(out->dm_name)) != 0)
		copy_str(out->dm_name, sizeof(out->dm_name), UNKNOWN);
	slaves_of(dev, out->slaves, sizeof(out->slaves));
	return 0;
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
	set_unknown(d);
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
