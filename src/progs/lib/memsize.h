/*
 * memsize.h: what the memory tests need to know about the machine's memory:
 * the cache sizes sysfs reports for CPU 0, the memory still available, and
 * the array size that follows from them (STREAM's rule: each array at least
 * four times the last-level cache).
 */
#ifndef SYSINDEX_MEMSIZE_H
#define SYSINDEX_MEMSIZE_H

#define MEMSIZE_LEVELS 5          /* cache levels 1..4 (index 0 unused) */
#define MEMSIZE_SYSFS "/sys/devices/system/cpu/cpu0/cache"
#define MEMSIZE_UNKNOWN_LLC (32ull << 20) /* assumed when sysfs says nothing */

struct mem_caches {
	/* Data or unified cache bytes per level (1 = L1d); 0 = none reported. */
	unsigned long long size[MEMSIZE_LEVELS];
	int llc_level;                /* highest level reported, 0 = none */
	unsigned long long llc;       /* its size, 0 = unknown */
};

/*
 * Read dir/index*\/{level,type,size} (dir: MEMSIZE_SYSFS, or
 * $SYSINDEX_CACHE_DIR when set, for tests).  Instruction caches are left out.
 * Returns the number of caches found (0 when sysfs has none: some VMs).
 */
int memsize_caches(const char *dir, struct mem_caches *c);

/* MemAvailable from /proc/meminfo in bytes, 0 when unknown. */
unsigned long long memsize_available(void);

/* Bytes per array: 4 x LLC (MEMSIZE_UNKNOWN_LLC if unknown), at least 16 MiB. */
unsigned long long memsize_array_default(const struct mem_caches *c);

/*
 * Refuse (harness_fail) when 'copies' programs each needing 'bytes' would not
 * fit in 90% of the available memory: touching them would summon the OOM
 * killer instead of measuring anything.
 */
void memsize_check_fits(unsigned long long bytes, unsigned copies, const char *what);

/* METRIC lines l1d/l2/l3/l4 (KiB) for the caches found, for the report. */
void memsize_report(const struct mem_caches *c);

/* The cache name of a level: "L1d", "L2", "L3", "L4". */
const char *memsize_level_name(int level);

#endif
