/* memsize.c: cache sizes from sysfs, available memory from /proc/meminfo. */
#define _POSIX_C_SOURCE 200809L
#include "memsize.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/metrics.h"
#include "harness.h"
#include "shared/size.h"

/* The first line of dir/name/file into buf; -1 if unreadable. */
static int read_line(const char *dir, const char *name, const char *file, char *buf,
		     size_t len)
{
	char path[1024];
	FILE *f;
	int ok;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s/%s", dir, name, file) >= sizeof(path))
		return -1;
	f = fopen(path, "r");
	if (f == NULL)
		return -1;
	ok = fgets(buf, (int)len, f) != NULL;
	fclose(f);
	if (!ok)
		return -1;
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

int memsize_caches(const char *dir, struct mem_caches *c)
{
	const char *env = getenv("SYSINDEX_CACHE_DIR");
	struct dirent *de;
	DIR *d;
	int found = 0;

	memset(c, 0, sizeof(*c));
	if (env != NULL && *env != '\0')
		dir = env;
	d = opendir(dir);
	if (d == NULL)
		return 0;
	while ((de = readdir(d)) != NULL) {
		char level[16], type[32], size[32];
		unsigned long long bytes = 0;
		long lv;

		if (strncmp(de->d_name, "index", 5) != 0 ||
		    read_line(dir, de->d_name, "level", level, sizeof(level)) != 0 ||
		    read_line(dir, de->d_name, "type", type, sizeof(type)) != 0 ||
		    read_line(dir, de->d_name, "size", size, sizeof(size)) != 0)
			continue;
		lv = strtol(level, NULL, 10);
		/* sysfs writes "32K", "1024K", "32768K": the size syntax of size.h. */
		if (parse_size(size, &bytes) != 0 || lv < 1 || lv >= MEMSIZE_LEVELS ||
		    bytes == 0 || strcmp(type, "Instruction") == 0)
			continue;
		c->size[lv] = bytes;
		found++;
		if (lv > c->llc_level) {
			c->llc_level = (int)lv;
			c->llc = bytes;
		}
	}
	closedir(d);
	return found;
}

unsigned long long memsize_available(void)
{
	FILE *f = fopen("/proc/meminfo", "r");
	char line[256];
	unsigned long long kb = 0;

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1)
			break;
	fclose(f);
	return kb << 10;
}

unsigned long long memsize_array_default(const struct mem_caches *c)
{
	unsigned long long b = 4 * (c->llc ? c->llc : MEMSIZE_UNKNOWN_LLC);

	return b < (16ull << 20) ? 16ull << 20 : b;
}

void memsize_check_fits(unsigned long long bytes, unsigned copies, const char *what)
{
	unsigned long long avail = memsize_available();

	if (avail == 0)
		return;   /* no /proc/meminfo: nothing to check against */
	if ((double)bytes * copies > 0.9 * (double)avail)
		harness_fail("%s: %u cop%s x %llu MiB do not fit in the %llu MiB of memory available (use --mem-size)",
			     what, copies, copies == 1 ? "y" : "ies", bytes >> 20, avail >> 20);
}

const char *memsize_level_name(int level)
{
	static const char *const names[MEMSIZE_LEVELS] = { "L0", "L1d", "L2", "L3", "L4" };

	return level > 0 && level < MEMSIZE_LEVELS ? names[level] : "cache";
}

void memsize_report(const struct mem_caches *c)
{
	static const char *const names[MEMSIZE_LEVELS] = {
		NULL, METRIC_CACHE_L1D, METRIC_CACHE_L2, METRIC_CACHE_L3, METRIC_CACHE_L4,
	};

	for (int lv = 1; lv < MEMSIZE_LEVELS; lv++)
		if (c->size[lv] != 0)
			harness_metric_as(names[lv], (double)(c->size[lv] >> 10), "KiB", MC_MEAN);
}
