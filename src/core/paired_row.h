/*
 * paired_row.h: one row of the paired comparison table, as every writer
 * shows it (report/paired_table.h builds and draws it) and as a report
 * read from text printed it (core/import.h keeps those rows).
 */
#ifndef SYSINDEX_PAIRED_ROW_H
#define SYSINDEX_PAIRED_ROW_H

#include <stddef.h>

#include "core/status.h"

/*
 * One comparison: directory label against the baseline's at one copy
 * count.  Figures are NAN where there is none (no paired round: no
 * geometric means or change; fewer than two: no interval or detect).
 * Percentages are changes: 100 * (ratio - 1).
 */
/* Room for a label read from a report (up to 31 bytes), beyond a run's own. */
#define PAIRED_LABEL_MAX 32

struct paired_row {
	unsigned copies;
	int control;                    /* a --control (A/A) row */
	char name[64];                  /* the test's key ("fstime"); "" if unknown (a text report) */
	char title[96];                 /* its display title */
	char label[PAIRED_LABEL_MAX];   /* this side's directory */
	char baseline[PAIRED_LABEL_MAX];
	double base, other;             /* each side's geometric mean over the paired rounds */
	double change_pct, ci_lo_pct, ci_hi_pct, detect_pct;
	double rounds_lo_pct, rounds_hi_pct; /* the interval from the rounds alone, without the instance term */
	unsigned rounds;
	size_t family;                  /* rows judged together (the verdict family's m); 0 unknown */
	char verdict[128];              /* "faster", "inconclusive: 3 rounds", "not compared: SKIPPED b" */
	char reason[REASON_MAX];        /* what the reader must know beside the figures; "" */
};

#endif
