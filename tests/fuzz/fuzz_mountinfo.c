/*
 * fuzz_mountinfo.c: libFuzzer entry point for the /proc/self/mountinfo
 * parser (see tests/fuzz/README.md).  The input is the text of a mountinfo
 * file: every line goes through mountinfo_parse_line() from its own heap
 * block (so a read past the line's end is caught), and the whole text
 * through mountinfo_find() and mountinfo_find_dev() for a few paths,
 * including the first parsed mount point and one below it.  It checks the
 * parser's promises: strings always terminated, a mount point that is
 * absolute, and a found mount that really contains the path.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sysinfo/mountinfo.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(int ok)
{
	if (!ok)
		abort();
}

static void check_text(const char *s, size_t size)
{
	require(memchr(s, '\0', size) != NULL);
}

static void check_entry(const struct mount_entry *m)
{
	check_text(m->root, sizeof(m->root));
	check_text(m->mount_point, sizeof(m->mount_point));
	check_text(m->options, sizeof(m->options));
	check_text(m->fstype, sizeof(m->fstype));
	check_text(m->source, sizeof(m->source));
	check_text(m->super_options, sizeof(m->super_options));
	require(m->mount_point[0] == '/' && m->mount_id >= 0 && m->parent_id >= 0);
}

/* mp (trailing slashes aside) is "/" or a whole-component prefix of path. */
static int holds(const char *mp, const char *path)
{
	size_t n = strlen(mp);

	while (n > 1 && mp[n - 1] == '/')
		n--;
	if (n == 1)
		return 1;
	return strncmp(path, mp, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

static void find_one(const char *text, const char *path, const struct mount_entry *first)
{
	static struct mount_entry m;	/* 14 KiB: kept off the stack */

	if (mountinfo_find(text, path, &m) == 0) {
		check_entry(&m);
		require(holds(m.mount_point, path));
	} else {
		require(m.mount_point[0] == '\0');
	}
	if (first != NULL &&
	    mountinfo_find_dev(text, path, first->major, first->minor, &m) == 0) {
		check_entry(&m);
		require(holds(m.mount_point, path));
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct mount_entry e, first;
	static char below[MOUNTINFO_PATH_LEN + 8];
	char *text = malloc(size + 1);
	int have_first = 0;

	require(text != NULL);
	memcpy(text, data, size);
	text[size] = '\0';
	for (size_t start = 0; start <= size;) {
		const char *nl = memchr(data + start, '\n', size - start);
		size_t len = nl != NULL ? (size_t)((const uint8_t *)nl - data) - start : size - start;
		char *line = malloc(len ? len : 1);

		require(line != NULL);
		memcpy(line, data + start, len);
		if (mountinfo_parse_line(line, len, &e) == 0) {
			check_entry(&e);
			if (!have_first) {
				first = e;
				have_first = 1;
			}
		}
		free(line);
		start += len + 1;
	}
	find_one(text, "/", NULL);
	find_one(text, "/home/user/sysindex/testdir", NULL);
	if (have_first) {
		find_one(text, first.mount_point, &first);
		memcpy(below, first.mount_point, strlen(first.mount_point) + 1);
		strcat(below, "/x");
		find_one(text, below, &first);
	}
	free(text);
	return 0;
}
