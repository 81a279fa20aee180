/*
 * units.h: every unit a test row's figure or a program's METRIC line is in,
 * written once: which way is better, and how it converts to its base unit.
 * testtab_validate refuses a row whose unit is not here or whose TF_LOWER
 * disagrees with its unit's direction; compare asks it which way a change
 * of a unit is better.  A new unit is one row of unit_table (units.c).
 */
#ifndef SYSINDEX_CORE_UNITS_H
#define SYSINDEX_CORE_UNITS_H

#include <stddef.h>

enum unit_dir {
	UNIT_HIGHER,            /* a rate: more is better */
	UNIT_LOWER,             /* a time: less is better */
	UNIT_NEUTRAL,           /* a size, count, share or flag: no figure of merit */
};

struct unit_def {
	const char *name;       /* as printed: "KBps", "MB/s", "ns" */
	enum unit_dir dir;
	const char *base;       /* the base unit it converts to: "B/s", "s" */
	double factor;          /* one of it in the base unit: KBps is 1024 B/s */
	/* The base unit as a member name (the JSON's): "bytes_per_second";
	 * loops, transactions, I/Os and instructions per second are all
	 * "operations_per_second".  The same for every row of one base; NULL
	 * for the sizes, counts, shares and flags (no test is in them). */
	const char *base_key;
};

extern const struct unit_def unit_table[];
extern const size_t unit_table_len;

/* The row of tab[0..n) named name, or NULL. */
const struct unit_def *unit_find_in(const struct unit_def *tab, size_t n, const char *name);
/* The row of unit_table named name, or NULL. */
const struct unit_def *unit_find(const char *name);
/* Whether a smaller figure in unit name is better (unknown units: no). */
int unit_lower_better(const char *name);

#endif
