/* units.c: the units table. */
#include "core/units.h"

#include <string.h>

#define RATE(n, b, f, k) { n, UNIT_HIGHER, b, f, k }
#define TIME(n, f) { n, UNIT_LOWER, "s", f, "seconds" }
#define PLAIN(n, b, f) { n, UNIT_NEUTRAL, b, f, NULL }
#define OPS "operations_per_second"
#define BYTES "bytes_per_second"

const struct unit_def unit_table[] = {
	/* Loops, transactions and I/Os per second (UnixBench's lps, lpm). */
	RATE("lps", "lps", 1, OPS),
	RATE("lpm", "lps", 1.0 / 60, OPS),
	RATE("tps", "tps", 1, OPS),
	RATE("IOPS", "IOPS", 1, OPS),
	RATE("MWIPS", "WIPS", 1e6, OPS),
	/* Throughput: fstime's KBps is KiB/s. */
	RATE("KBps", "B/s", 1024, BYTES),
	RATE("MB/s", "B/s", 1e6, BYTES),
	RATE("MiB/s", "B/s", 1048576, BYTES),
	RATE("Gbit/s", "B/s", 1e9 / 8, BYTES),
	/* Times and latencies: compare reads reports with any of these. */
	TIME("s", 1),
	TIME("sec", 1),
	TIME("ms", 1e-3),
	TIME("us", 1e-6),
	TIME("usec", 1e-6),
	TIME("ns", 1e-9),
	TIME("nsec", 1e-9),
	/* The programs' other METRIC lines: sizes, counts, shares, flags. */
	PLAIN("B", "B", 1),
	PLAIN("KiB", "B", 1024),
	PLAIN("MiB", "B", 1048576),
	PLAIN("ops", "ops", 1),
	PLAIN("count", "count", 1),
	PLAIN("datagrams", "datagrams", 1),
	PLAIN("fraction", "fraction", 1),
	PLAIN("bool", "bool", 1),
};
const size_t unit_table_len = sizeof(unit_table) / sizeof(unit_table[0]);

const struct unit_def *unit_find_in(const struct unit_def *tab, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(tab[i].name, name) == 0)
			return &tab[i];
	return NULL;
}

const struct unit_def *unit_find(const char *name)
{
	return unit_find_in(unit_table, unit_table_len, name);
}

int unit_lower_better(const char *name)
{
	const struct unit_def *u = unit_find(name);

	return u != NULL && u->dir == UNIT_LOWER;
}
