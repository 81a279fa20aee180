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

/* The first line of root/path, without its newline: 0, or -1 if unreadable or empty. */
static int first_line(const char *root, const char *path, char *out, size_t len)
{
	char full[CG_PATH_MAX + 64];
	FILE *f;
	int rc = -1;

	out[0] = '\0';
	if (fmt(full, sizeof(full), "%s%s", root, path) != 0 || (f = fopen(full, "r")) == NULL)
		return -1;
	if (fgets(out, (int)len, f) != NULL) {
		out[strcspn(out, "\n")] = '\0';
		rc = out[0] ? 0 : -1;
	}
	fclose(f);
	return rc;
}

/* This process's cgroup v2 path ("/user.slice/x"), from /proc/self/cgroup's "0::" line. */
static int cgroup_path(const char *root, char *out, size_t len)
{
	char full[CG_PATH_MAX], line[CG_PATH_MAX];
	FILE *f;
	int rc = -1;

	if (fmt(full, sizeof(full), "%s/proc/self/cgroup", root) != 0 ||
	    (f = fopen(full, "r")) == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL)
		if (strncmp(line, "0::/", 4) == 0) {
			line[strcspn(line, "\n")] = '\0';
			rc = fmt(out, len, "%s", line + 3);
			break;
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

void cpulimits_read(const char *root, unsigned online, unsigned affinity, struct cpu_limits *l)
{
	char path[CG_PATH_MAX], file[CG_PATH_MAX + 64], val[256];
	unsigned least;

	memset(l, 0, sizeof(*l));
	l->online = online > 0 ? online : 1;
	l->affinity = affinity;
	if (cgroup_path(root, path, sizeof(path)) == 0) {
		/* From the leaf up to the hierarchy's root ("" after the last up()):
		 * the nearest effective cpuset, the smallest quota of any level. */
		for (int last = 0; !last; up(path)) {
			const char *p = strcmp(path, "/") == 0 ? "" : path;

			last = p[0] == '\0';
			if (l->cpuset[0] == '\0' &&
			    fmt(file, sizeof(file), "/sys/fs/cgroup%s/cpuset.cpus.effective", p) == 0 &&
			    first_line(root, file, val, sizeof(val)) == 0) {
				int n = cpulist_count(val);

				if (n > 0) {
					fmt(l->cpuset, sizeof(l->cpuset), "%s", val);
					l->cpuset_n = (unsigned)n;
				}
			}
			if (fmt(file, sizeof(file), "/sys/fs/cgroup%s/cpu.max", p) == 0 &&
			    first_line(root, file, val, sizeof(val)) == 0) {
				double q = parse_cpu_max(val);

				if (q > 0 && (l->quota == 0 || q < l->quota))
					l->quota = q;
			}
		}
	}
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
