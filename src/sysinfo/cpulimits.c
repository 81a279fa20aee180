/* cpulimits.c: the CPUs this process may use (cpulimits.h). */
#define _GNU_SOURCE
#include "sysinfo/cpulimits.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sysinfo/rootfile.h"
#include "util/util.h"

#define CG_PATH_MAX 4096

int cpulist_count(const char *list)
{
	const char *p = list;
	long total = 0;

	while (*p == ' ' || *p == '\t')
		p++;
	if (*p == '\0' || *p == '\n')
		return 0;       /* an empty list: no CPUs */
	for (;;) {
		char *end;
		long a, b;

		if (!isdigit((unsigned char)*p))
			return -1;
		a = strtol(p, &end, 10);
		b = a;
		p = end;
		if (*p == '-') {
			if (!isdigit((unsigned char)p[1]))
				return -1;
			b = strtol(p + 1, &end, 10);
			p = end;
		}
		if (b < a || a > INT_MAX / 2 || b > INT_MAX / 2)
			return -1;
		total += b - a + 1;
		if (total > INT_MAX / 2)
			return -1;
		if (*p == ',') {
			p++;
			continue;
		}
		break;
	}
	while (*p == ' ' || *p == '\t' || *p == '\n')
		p++;
	return *p == '\0' ? (int)total : -1;
}

/* Whether a comma-separated list holds item. */
static int has_item(const char *list, const char *item)
{
	size_t n = strlen(item);

	for (const char *p = list; *p; p += strcspn(p, ",") + (p[strcspn(p, ",")] == ',')) {
		if (strncmp(p, item, n) == 0 && (p[n] == ',' || p[n] == '\0'))
			return 1;
	}
	return 0;
}

/* The first line of root/path: 0, or -1 if unreadable or empty. */
static int first_line(const char *root, const char *path, char *out, size_t len)
{
	return rootfile_line(root, path, out, len) == 0 && out[0] ? 0 : -1;
}

/*
 * This process's cgroup path from /proc/self/cgroup: v2's "0::<path>" line
 * (ctl NULL), or the v1 line whose controller list holds ctl
 * ("4:cpu,cpuacct:<path>"), that list into hier ("cpu,cpuacct").
 */
static int cgroup_path(const char *root, const char *ctl, char *hier, size_t hlen, char *out,
		       size_t len)
{
	char full[CG_PATH_MAX], line[CG_PATH_MAX];
	FILE *f;
	int rc = -1;

	if (fmt(full, sizeof(full), "%s/proc/self/cgroup", root) != 0 ||
	    (f = fopen(full, "r")) == NULL)
		return -1;
	while (rc != 0 && fgets(line, sizeof(line), f) != NULL) {
		char *list = strchr(line, ':'), *path = list ? strchr(list + 1, ':') : NULL;

		line[strcspn(line, "\n")] = '\0';
		if (path == NULL || path[1] != '/')
			continue;
		*path++ = '\0';
		*list++ = '\0';
		if (ctl == NULL ? *list == '\0' && strcmp(line, "0") == 0
				: *list != '\0' && has_item(list, ctl))
			rc = fmt(hier, hlen, "%s", list) == 0 && fmt(out, len, "%s", path) == 0 ? 0 : -1;
	}
	fclose(f);
	return rc;
}

/* "200000 100000" is 2 CPUs; "max 100000" and anything else 0 (no quota). */
static double parse_cpu_max(const char *s)
{
	double quota, period;
	char tail;

	if (sscanf(s, "%lf %lf %c", &quota, &period, &tail) != 2 || !(quota > 0) ||
	    !(period > 0) || !isfinite(quota) || !isfinite(period))
		return 0;
	return quota / period;
}

/* Drop the last component of a cgroup path: "/a/b" -> "/a", "/a" -> "". */
static void up(char *path)
{
	char *slash = strrchr(path, '/');

	if (slash != NULL)
		*slash = '\0';
}

/* A level's quota in CPUs: v2's cpu.max, else v1's cfs quota / period; 0: none. */
static double level_quota(const char *root, const char *dir)
{
	char file[CG_PATH_MAX + 64], val[256], per[64];

	if (fmt(file, sizeof(file), "%s/cpu.max", dir) == 0 &&
	    first_line(root, file, val, sizeof(val)) == 0)
		return parse_cpu_max(val);
	if (fmt(file, sizeof(file), "%s/cpu.cfs_quota_us", dir) == 0 &&
	    first_line(root, file, val, sizeof(val)) == 0 &&
	    fmt(file, sizeof(file), "%s/cpu.cfs_period_us", dir) == 0 &&
	    first_line(root, file, per, sizeof(per)) == 0 &&
	    strlen(val) + strlen(per) + 2 < sizeof(val)) {
		size_t n = strlen(val);

		fmt(val + n, sizeof(val) - n, " %s", per);
		return parse_cpu_max(val);      /* -1 (no quota) gives 0 */
	}
	return 0;
}

/*
 * From the cgroup path up to the hierarchy's root under base: the nearest
 * effective cpuset (v2 cpuset.cpus.effective, v1 cpuset.effective_cpus),
 * the smallest quota of any level.  A path the hierarchy does not hold (a
 * container that sees the host's path but its own cgroup at base) is walked
 * up to base itself.
 */
static void walk(const char *root, const char *base, char *path, struct cpu_limits *l)
{
	static const char *const cpuset_files[] = { "cpuset.cpus.effective",
						    "cpuset.effective_cpus" };
	char dir[CG_PATH_MAX + 64], file[CG_PATH_MAX + 96], val[256];

	for (int last = 0; !last; up(path)) {
		const char *p = strcmp(path, "/") == 0 ? "" : path;
		double q;

		last = p[0] == '\0';
		if (fmt(dir, sizeof(dir), "%s%s", base, p) != 0)
			continue;
		for (size_t k = 0; k < 2 && l->cpuset[0] == '\0'; k++) {
			int n;

			if (fmt(file, sizeof(file), "%s/%s", dir, cpuset_files[k]) == 0 &&
			    first_line(root, file, val, sizeof(val)) == 0 &&
			    (n = cpulist_count(val)) > 0) {
				fmt(l->cpuset, sizeof(l->cpuset), "%s", val);
				l->cpuset_n = (unsigned)n;
			}
		}
		q = level_quota(root, dir);
		if (q > 0 && (l->quota == 0 || q < l->quota))
			l->quota = q;
	}
}

void cpulimits_read(const char *root, unsigned online, unsigned affinity, struct cpu_limits *l)
{
	static const char *const v1_ctls[] = { "cpu", "cpuset" };
	char path[CG_PATH_MAX], hier[256], base[CG_PATH_MAX];
	unsigned least;

	memset(l, 0, sizeof(*l));
	l->online = online > 0 ? online : 1;
	l->affinity = affinity;
	if (cgroup_path(root, NULL, hier, sizeof(hier), path, sizeof(path)) == 0)
		walk(root, "/sys/fs/cgroup", path, l);
	/* cgroup v1 (docker on older hosts): the cpu and cpuset hierarchies. */
	for (size_t i = 0; i < 2; i++)
		if (cgroup_path(root, v1_ctls[i], hier, sizeof(hier), path, sizeof(path)) == 0 &&
		    fmt(base, sizeof(base), "/sys/fs/cgroup/%s", hier) == 0)
			walk(root, base, path, l);
	least = l->online;
	l->by = CL_ONLINE;
	if (l->quota > 0 && ceil(l->quota) < least) {
		least = l->quota < 1 ? 1 : (unsigned)ceil(l->quota);
		l->by = CL_QUOTA;
	}
	if (l->cpuset_n > 0 && l->cpuset_n < least) {
		least = l->cpuset_n;
		l->by = CL_CPUSET;
	}
	if (l->affinity > 0 && l->affinity < least) {
		least = l->affinity;
		l->by = CL_AFFINITY;
	}
	l->usable = least > 0 ? least : 1;
}

void cpulimits_collect(struct cpu_limits *l)
{
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	cpu_set_t set;
	unsigned affinity = 0;

	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof(set), &set) == 0)
		affinity = (unsigned)CPU_COUNT(&set);
	cpulimits_read("", online > 0 ? (unsigned)online : 1, affinity, l);
}

void cpulimits_describe(const struct cpu_limits *l, char *out, size_t len)
{
	size_t used;

	fmt(out, len, "%u online", l->online);
	if (l->affinity > 0) {
		used = strlen(out);
		fmt(out + used, len - used, "; affinity %u", l->affinity);
	}
	if (l->cpuset_n > 0) {
		used = strlen(out);
		fmt(out + used, len - used, "; cpuset %s (%u CPU%s)", l->cpuset, l->cpuset_n,
		    l->cpuset_n == 1 ? "" : "s");
	}
	used = strlen(out);
	if (l->quota > 0) {
		char q[48];

		cpulimits_quota_text(l->quota, q, sizeof(q));
		fmt(out + used, len - used, "; cpu.max quota %s", q);
	} else
		fmt(out + used, len - used, "; no cpu.max quota");
	used = strlen(out);
	fmt(out + used, len - used, "; usable %u", l->usable);
}

void cpulimits_quota_text(double quota, char *out, size_t len)
{
	fmt(out, len, quota < 0.05 ? "%.2g CPU%s" : "%.1f CPU%s", quota, quota == 1 ? "" : "s");
}

const char *cpulimits_by_name(enum cpu_limit_by by)
{
	switch (by) {
	case CL_QUOTA:
		return "cpu.max quota";
	case CL_CPUSET:
		return "cpuset";
	case CL_AFFINITY:
		return "affinity";
	case CL_ONLINE:
		break;
	}
	return "online CPUs";
}
