/*
 * mountinfo_sysfs.c: the block device behind a mount, from sysfs: kind
 * (disk, partition, loop, dm, md, virtual), whole disk, model, rotational,
 * I/O scheduler, loop backing file, dm name and members.  Anything sysfs
 * does not tell reads "unknown"; the root is a parameter so tests can point
 * it at a fake tree (tests/data/sysfs/).
 */
#define _XOPEN_SOURCE 700
#include "sysinfo/mountinfo.h"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define UNKNOWN "unknown"
#define MAX_SLAVES 32

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

void mountinfo_device_unknown(struct device_info *d)
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
	mountinfo_device_unknown(out);
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
