/*
 * diskio_report.c: the disk programs' latency histogram (log-linear buckets,
 * as fio's) and the lines they report with (diskio.h).
 */
#include "diskio.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/metrics.h"

/* ---- latency histogram -------------------------------------------------------------- */

void diskio_hist_init(struct diskio_hist *h)
{
	memset(h, 0, sizeof(*h));
	h->min_ns = UINT64_MAX;
}

uint64_t diskio_hist_lower(unsigned idx)
{
	unsigned shift, m;

	if (idx < 2 * DISKIO_HIST_SUB)
		return idx;
	shift = idx / DISKIO_HIST_SUB - 1;
	m = idx - shift * DISKIO_HIST_SUB;      /* in [64, 128) */
	return (uint64_t)m << shift;
}

uint64_t diskio_hist_upper(unsigned idx)
{
	unsigned shift, m;

	if (idx < 2 * DISKIO_HIST_SUB)
		return (uint64_t)idx + 1;
	shift = idx / DISKIO_HIST_SUB - 1;
	m = idx - shift * DISKIO_HIST_SUB;
	return (uint64_t)(m + 1) << shift;
}

double diskio_hist_percentile(const struct diskio_hist *h, double pct)
{
	uint64_t milli, rank, cum = 0;

	if (h->count == 0)
		return 0;
	if (pct <= 0)
		return (double)h->min_ns;
	if (pct >= 100)
		return (double)h->max_ns;
	/* Integer rank: 99.9% of 1000 samples must be rank 999 exactly, which
	 * ceil() of a rounded double does not guarantee. */
	milli = (uint64_t)(pct * 1000.0 + 0.5);
	rank = (h->count * milli + 99999) / 100000;
	if (rank == 0)
		rank = 1;
	for (unsigned i = 0; i < DISKIO_HIST_BUCKETS; i++) {
		double v;

		cum += h->bucket[i];
		if (cum < rank)
			continue;
		v = (double)(diskio_hist_lower(i) + diskio_hist_upper(i) - 1) / 2.0;
		if (v < (double)h->min_ns)
			v = (double)h->min_ns;
		if (v > (double)h->max_ns)
			v = (double)h->max_ns;
		return v;
	}
	return (double)h->max_ns;
}

double diskio_hist_mean(const struct diskio_hist *h)
{
	return h->count ? (double)h->sum_ns / (double)h->count : 0;
}

void diskio_report_latency(const struct diskio_hist *h, const char *prefix)
{
	static const struct { const char *name; double pct; } pcts[] = {
		{ "lat_p50", 50 }, { "lat_p99", 99 }, { "lat_p99.9", 99.9 },
	};
	char name[48];

	if (h->count == 0)
		return;
	for (size_t i = 0; i < sizeof(pcts) / sizeof(pcts[0]); i++) {
		snprintf(name, sizeof(name), "%s%s", prefix, pcts[i].name);
		harness_metric_as(name, diskio_hist_percentile(h, pcts[i].pct) / 1e3, "us",
				  MC_MEAN);
	}
	snprintf(name, sizeof(name), "%slat_mean", prefix);
	harness_metric_as(name, diskio_hist_mean(h) / 1e3, "us", MC_MEAN);
	snprintf(name, sizeof(name), "%slat_max", prefix);
	harness_metric_as(name, (double)h->max_ns / 1e3, "us", MC_MAX);
}

/* ---- reports ------------------------------------------------------------------------- */

void diskio_report_seq(uint64_t bytes, double seconds)
{
	if (seconds <= 0)
		harness_fail("no time measured");
	harness_count((double)bytes / seconds / 1e6, 0, "MB/s");
	harness_time(seconds);
	harness_metric("mib_s", (double)bytes / seconds / 1048576.0, "MiB/s");
	harness_metric_u("bytes", bytes, "B");
}

void diskio_report_passes(uint64_t first_bytes, double first_seconds,
			  uint64_t rewrite_bytes, double rewrite_seconds)
{
	if (first_seconds > 0)
		harness_metric(METRIC_FIRST_WRITE_MB_S, (double)first_bytes / first_seconds / 1e6,
			       "MB/s");
	harness_metric_u("first_write_bytes", first_bytes, "B");
	if (rewrite_bytes > 0 && rewrite_seconds > 0)
		harness_metric(METRIC_REWRITE_MB_S, (double)rewrite_bytes / rewrite_seconds / 1e6,
			       "MB/s");
	harness_metric_u("rewrite_bytes", rewrite_bytes, "B");
}
