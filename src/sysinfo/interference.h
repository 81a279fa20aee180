/*
 * interference.h: what the kernel counts about time a sample lost to
 * something else, read before the copies start and after they are reaped
 * (never during a sample: the driver sleeps then).
 *
 *   steal      /proc/stat, per CPU, 8th value (USER_HZ ticks)
 *   pressure   /proc/pressure/cpu, "some" total (µs some task waited for a CPU)
 *   ivcsw      wait4()'s ru_nivcsw of each copy (spawn.c)
 *   throttling cgroup v2 cpu.stat of our own cgroup (/proc/self/cgroup)
 *
 * The parsers are pure functions over file text; intf_read() does the I/O.
 * A file missing or unreadable leaves its counter out (its INTF_HAVE_* bit
 * clear); intf_read() says which, and the caller says so once.
 */
#ifndef SYSINDEX_INTERFERENCE_H
#define SYSINDEX_INTERFERENCE_H

#include <stddef.h>

#define INTF_MAX_CPUS 256

enum {
	INTF_HAVE_STEAL = 1u << 0,
	INTF_HAVE_PSI = 1u << 1,
	INTF_HAVE_IVCSW = 1u << 2,
	INTF_HAVE_THROTTLE = 1u << 3,
	INTF_HAVE_DELAY = 1u << 4,     /* the copies' schedstat run delay */
};

/* A sample's flags (bits): the share it lost passed the threshold. */
enum {
	INTF_STEAL = 1u << 0,
	INTF_CONTENDED = 1u << 1,
	INTF_THROTTLED = 1u << 2,
};

/*
 * Thresholds (docs/methodology.md, "Interference").  The run delay's is
 * calibrated against a measured slowdown (bench/verdicts.md section 4,
 * bench/intf-calibrate.sh): a CPU-bound sample loses the share of its time
 * it waited (least squares slope 1.02 over 45 samples beside a busy loop),
 * and no sample of 120 quiet ones, nor of the quiet runs' other tests at 1
 * and 2 copies but one, waited 5 %; so 5 % flags a sample that lost about
 * 5 %, several times a quiet test's noise.  The others rest on the
 * reasoning in that table (counter resolution; a loss as large as the
 * run-to-run noise of the steadiest tests, methodology section 5) and the
 * busy-loop runs of bench/interference.md: steal cannot be caused from
 * inside a guest, nor throttling without a cgroup v2 cpu controller, so
 * this machine could not calibrate them.
 */
#define INTF_STEAL_SHARE 0.02      /* steal / CPU time of the CPUs used */
#define INTF_DELAY_SHARE 0.05      /* copies' wait for a CPU / copy-seconds */
#define INTF_PSI_SHARE 0.10        /* PSI "some" / wall time (no schedstat) */
#define INTF_IVCSW_RATE 20.0       /* involuntary switches per copy-second (no schedstat) */
#define INTF_THROTTLE_SHARE 0.01   /* throttled_usec / wall time */

/* The counters at one moment. */
struct intf_snap {
	unsigned have;                 /* INTF_HAVE_* read this time */
	unsigned absent;               /* INTF_HAVE_* missing as on a normal machine (no
					* cgroup cpu controller): said, not warned of */
	unsigned long long steal[INTF_MAX_CPUS]; /* ticks, per CPU */
	int ncpu;                      /* highest CPU seen + 1 */
	unsigned long long psi_some_us;
	unsigned long long nr_throttled, throttled_us;
};

/* One sample's interference (the differences, in seconds). */
struct intf_sample {
	unsigned have;                 /* INTF_HAVE_* measured; 0: not measured */
	unsigned flags;                /* INTF_STEAL | INTF_CONTENDED | INTF_THROTTLED */
	double wall;                   /* s between the two readings */
	unsigned ncpus;                /* CPUs the steal is over */
	double steal;                  /* s stolen on those CPUs */
	double psi_some;               /* s some task waited for a CPU */
	unsigned long long ivcsw;      /* summed over the copies */
	double run_delay;              /* s the copies waited for a CPU, summed */
	unsigned copies;
	double throttled;              /* s the cgroup was throttled */
	unsigned long long nr_throttled;
};

/* Parsers: 0 on success, -1 when the text has no such counter. */
int intf_parse_stat(const char *text, unsigned long long *steal, int max, int *ncpu);
int intf_parse_psi(const char *text, unsigned long long *some_us);
int intf_parse_cpustat(const char *text, unsigned long long *nr_throttled,
		       unsigned long long *throttled_us);
/* The cgroup v2 path ("0::/a/b") from /proc/self/cgroup text into out. */
int intf_parse_cgroup(const char *text, char *out, size_t len);

/*
 * Read every counter into s.  root is "" for the real files (a prefix for
 * tests).  Returns the INTF_HAVE_* bits that could not be read, with why
 * in why[] (one line per counter, "" if none).  No cpu.stat in our cgroup
 * (its cpu controller not enabled: most containers and desktops) is a
 * normal machine: "cgroup throttling: not available (...)", its bit in
 * s->absent as well.
 */
unsigned intf_read(const char *root, struct intf_snap *s, char *why, size_t len);

/* What the copies' own counters said (spawn.c), summed over the copies. */
struct intf_copies {
	unsigned copies;
	int have_ivcsw, have_delay;    /* every copy's was read */
	unsigned long long ivcsw;
	double run_delay;              /* s */
};

/*
 * The sample between a and b over 'wall' seconds: steal over cpus[0..n-1]
 * (n == 0: every CPU), the copies' switches and run delay; then its flags.
 * online is the number of online CPUs (contention among the copies
 * themselves is not interference: no contended flag when copies > online).
 */
void intf_diff(const struct intf_snap *a, const struct intf_snap *b, double wall,
	       const int *cpus, size_t n, const struct intf_copies *cp,
	       unsigned online, long hz, struct intf_sample *out);
unsigned intf_flags(const struct intf_sample *s, unsigned online);
/* "steal,contended" or "" into out. */
const char *intf_flag_names(unsigned flags, char *out, size_t len);

/* Run totals: summed samples. */
struct intf_total {
	unsigned have;                 /* counters some sample had */
	double wall, cpu_time;         /* s; cpu_time = sum of wall x ncpus */
	double steal, psi_some, throttled;
	unsigned long long ivcsw;
	double run_delay;
	double copy_seconds;           /* sum of wall x copies */
	size_t samples, flagged[3];    /* steal, contended, throttled */
};
void intf_add(struct intf_total *t, const struct intf_sample *s);

/*
 * A run's interference as its report's "Interference:" line states it
 * (report/report_intf.c writes it from the totals, reader/ reads it back):
 * samples disturbed of how many, and CPU steal, the copies' wait for a CPU
 * and cgroup throttling in percent (NAN: not counted).  have 0: no line.
 */
struct intf_shares {
	int have;
	double steal_pct, wait_pct, throttled_pct;
	unsigned long disturbed, samples;
};

/*
 * Share i (from 0) of n equal shares of sample s: a sliced round's one
 * process alternates equal slices over n directories, so each one's sample
 * gets 1/n of every amount (the counts' remainders to the first shares, so
 * the shares sum to s) and s's flags, which are ratios of amounts over the
 * same time and so the same for a share.
 */
void intf_share(const struct intf_sample *s, size_t i, size_t n, struct intf_sample *out);

#endif
