/*
 * report_curve.c: a TF_CURVE test's lat_<size> metrics (mem-latency) as a
 * curve of working-set size to ns per load, each point named after the cache
 * level sysfs says it fits in (the metrics l1d, l2, l3, l4 in KiB), or DRAM.
 * Every writer prints the same points and names.
 */
#include "report/report.h"

#include <stdio.h>
#include <string.h>

#include "core/metrics.h"
#include "shared/size.h"
#include "util/util.h"

int report_is_curve_metric(const struct metric *m)
{
	return strncmp(m->name, METRIC_CURVE_PREFIX, strlen(METRIC_CURVE_PREFIX)) == 0 &&
	       strcmp(m->unit, METRIC_CURVE_UNIT) == 0;
}

/* The level a working set of 'bytes' fits in. */
static void level_of(const struct bench_result *t, unsigned long long bytes, char *out,
		     size_t len)
{
	static const char *const keys[] = {
		METRIC_CACHE_L1D, METRIC_CACHE_L2, METRIC_CACHE_L3, METRIC_CACHE_L4,
	};
	static const char *const names[] = { "L1d", "L2", "L3", "L4" };
	int known = 0;

	for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
		for (size_t m = 0; m < t->nmetrics; m++) {
			if (strcmp(t->metrics[m].name, keys[k]) != 0)
				continue;
			known = 1;
			if ((double)bytes <= t->metrics[m].value * 1024) {
				fmt(out, len, "%s", names[k]);
				return;
			}
		}
	fmt(out, len, "%s", known ? "DRAM" : "?");
}

size_t report_curve(const struct bench_result *t, struct curve_point *pts, size_t max)
{
	size_t n = 0;

	if (!(t->def->flags & TF_CURVE) || t->status != TS_OK)
		return 0;
	for (size_t m = 0; m < t->nmetrics && n < max; m++) {
		unsigned long long bytes;
		size_t j;

		if (!report_is_curve_metric(&t->metrics[m]) ||
		    parse_size(t->metrics[m].name + strlen(METRIC_CURVE_PREFIX), &bytes) != 0)
			continue;
		/* Insertion by size: the program prints them in order, but be sure. */
		for (j = n; j > 0 && pts[j - 1].bytes > bytes; j--)
			pts[j] = pts[j - 1];
		pts[j].bytes = bytes;
		pts[j].ns = t->metrics[m].value;
		n++;
	}
	for (size_t i = 0; i < n; i++) {
		level_of(t, pts[i].bytes, pts[i].level, sizeof(pts[i].level));
		if (pts[i].bytes >= (1ull << 20) && pts[i].bytes % (1ull << 20) == 0)
			fmt(pts[i].size, sizeof(pts[i].size), "%llu MiB", pts[i].bytes >> 20);
		else
			fmt(pts[i].size, sizeof(pts[i].size), "%llu KiB", pts[i].bytes >> 10);
	}
	return n;
}
