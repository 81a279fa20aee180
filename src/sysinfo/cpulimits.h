/*
 * cpulimits.h: the CPUs this process may use, which decide the default copy
 * count.  Online CPUs alone overstate them in a container: `docker
 * --cpus=2` on a 64-CPU host leaves 64 online CPUs but a cgroup v2 cpu.max
 * quota of two.  The usable count is the least of the online CPUs, the
 * affinity mask, the cgroup's effective cpuset and the cpu.max quota
 * (quota / period, rounded up) of this cgroup and its ancestors; at least 1.
 * Under cgroup v1 the cpu hierarchy's cfs quota and period and the cpuset
 * hierarchy's cpuset.effective_cpus count the same way.
 *
 * The reader takes a root directory prefix ("" for the machine) so the unit
 * tests read fixture trees of /proc and /sys (tests/data/cpulimits/).
 */
#ifndef SYSINDEX_CPULIMITS_H
#define SYSINDEX_CPULIMITS_H

#include <stddef.h>

/* The report header's label of cpu_limits (written and read back by compare). */
#define CPULIMITS_LABEL "CPU limits"

/* Which limit set the usable count (the first that gives it, in this order). */
enum cpu_limit_by { CL_ONLINE, CL_QUOTA, CL_CPUSET, CL_AFFINITY };

struct cpu_limits {
	unsigned online;        /* online CPUs (sysconf) */
	unsigned affinity;      /* CPUs in this process's affinity mask; 0: unknown */
	char cpuset[256];       /* cpuset.cpus.effective, "" when not read */
	unsigned cpuset_n;      /* its CPUs; 0: not read */
	double quota;           /* cpu.max quota / period in CPUs; 0: no quota (or not read) */
	unsigned usable;        /* the least of the above, quota rounded up; >= 1 */
	enum cpu_limit_by by;   /* which one that is (CL_ONLINE: none lowers it) */
	int defaulted;          /* the run's copy counts came from usable (no -c) */
};

/*
 * Fill l from online and affinity (the caller's sysconf and
 * sched_getaffinity; 0 affinity: unknown) and the cgroup files under root:
 * /proc/self/cgroup's "0::<path>", then <root>/sys/fs/cgroup<path>'s
 * cpuset.cpus.effective (the nearest that has one, walking up) and the
 * smallest cpu.max quota from <path> up to the root; the same for v1's
 * "N:cpu,...:<path>" and "N:cpuset:<path>" lines under
 * /sys/fs/cgroup/<controllers>.  Files that are not there leave their
 * limit unknown.
 */
void cpulimits_read(const char *root, unsigned online, unsigned affinity, struct cpu_limits *l);

/* The machine's: sysconf, sched_getaffinity and the files under "/". */
void cpulimits_collect(struct cpu_limits *l);

/* The CPUs a kernel CPU list names ("0-3,8,10-11" is 7); -1 if malformed. */
int cpulist_count(const char *list);

/* The header's CPU limits line (and the JSON's cpu_limits.summary):
 * "64 online; affinity 64; cpuset 0-63 (64 CPUs); cpu.max quota 2.0 CPUs; usable 2". */
void cpulimits_describe(const struct cpu_limits *l, char *out, size_t len);

/* A quota as the texts say it: "1.5 CPUs", "1.0 CPU"; under 0.05 CPU two
 * significant digits ("0.02 CPUs", "0.005 CPUs"), not "0.0". */
void cpulimits_quota_text(double quota, char *out, size_t len);

/* The name of what set the usable count: "cpu.max quota", "cpuset", ... */
const char *cpulimits_by_name(enum cpu_limit_by by);

#endif
