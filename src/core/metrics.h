/*
 * metrics.h: the names of the METRIC lines the driver reads, written once.
 * The programs that print them (src/progs/) and the driver's readers (the
 * test table's placement metric, the reports' placement, curve and CSV
 * columns) use these macros.  Every other METRIC a program prints is shown
 * as it is and read by name nowhere.  Pure: names only.
 */
#ifndef SYSINDEX_CORE_METRICS_H
#define SYSINDEX_CORE_METRICS_H

/*
 * The write tests' two regimes (lib/diskio_report.c), in MB/s (10^6 B/s),
 * summed over copies: writes to new blocks, and rewrites of blocks written
 * before (the CSV's first_write_rate and rewrite_rate columns).
 */
#define METRIC_FIRST_WRITE_MB_S "first_write_mb_s"
#define METRIC_REWRITE_MB_S "rewrite_mb_s"

/*
 * The disk programs' sustained mode (-R, lib/diskmain.c; stats/steady.h):
 * the burst and sustained rates (the COUNT's unit, summed over copies),
 * whether the steady-state rule was met (1) or the time limit came first
 * (0), when the steady window ended and when the rate changed from the
 * burst to the sustained level (s since the work began; 0: it did not),
 * the interval's and the ramp's length (s).
 */
#define METRIC_BURST "burst"
#define METRIC_SUSTAINED "sustained"
#define METRIC_STEADY "steady"
#define METRIC_STEADY_AT_S "steady_at_s"
#define METRIC_CHANGE_AT_S "change_at_s"
#define METRIC_INTERVAL_S "interval_s"
#define METRIC_RAMP_S "ramp_s"

/*
 * Placement (context1.c; report_placement.c): how many times the two
 * processes' CPUs were read, the share of readings with both on one CPU
 * (the test table's placement_metric), whether a process moved between
 * readings.
 */
#define METRIC_PLACEMENT_SAMPLES "placement_samples"
#define METRIC_SHARED_CPU_FRACTION "shared_cpu_fraction"
#define METRIC_PLACEMENT_CHANGED "placement_changed"

/*
 * A TF_CURVE test's curve (mem-latency.c; report_curve.c): one metric per
 * working set, named the prefix and its size ("lat_16K", "lat_1M"), in ns
 * per load.
 */
#define METRIC_CURVE_PREFIX "lat_"
#define METRIC_CURVE_UNIT "ns"

/* The cache sizes sysfs reports, in KiB (lib/memsize.c; report_curve.c). */
#define METRIC_CACHE_L1D "l1d"
#define METRIC_CACHE_L2 "l2"
#define METRIC_CACHE_L3 "l3"
#define METRIC_CACHE_L4 "l4"

/* Every name above but the curve's prefix, for tables and tests: { METRIC_NAMES }. */
#define METRIC_NAMES \
	METRIC_FIRST_WRITE_MB_S, METRIC_REWRITE_MB_S, METRIC_BURST, METRIC_SUSTAINED, \
	METRIC_STEADY, METRIC_STEADY_AT_S, METRIC_CHANGE_AT_S, METRIC_INTERVAL_S, \
	METRIC_RAMP_S, METRIC_PLACEMENT_SAMPLES, \
	METRIC_SHARED_CPU_FRACTION, METRIC_PLACEMENT_CHANGED, METRIC_CACHE_L1D, \
	METRIC_CACHE_L2, METRIC_CACHE_L3, METRIC_CACHE_L4

#endif
