/*
 * import.h: a report read from text, held in the run's model.
 *
 * reader/text_import.c puts what `compare` reads from text (a UnixBench
 * report and its .log, pasted text, a sysindex text report without its
 * record, a samples CSV alone) into struct run_result, as far as the
 * model holds it: the tests at each copy count, their results, samples and
 * statistics, the index scores, the pool of --repeat's passes, the test
 * directories, the host and the mode.  What the model cannot hold is kept
 * here, as the text printed it:
 *   - what a run's model computes and the text only shows (the title and
 *     compiler lines, the interference totals, a row's index figures, the
 *     CPU limits line, a paired run's comparison rows);
 *   - what a run never has (a test the test table does not know, an index
 *     category it does not have, a block that did not say its copies:
 *     copy_run.copies 0).
 * A run read from its own record has none of it (run_result.import NULL).
 */
#ifndef SYSINDEX_IMPORT_H
#define SYSINDEX_IMPORT_H

#include <stddef.h>

#include "core/paired_row.h"
#include "core/testtab.h"
#include "sysinfo/interference.h"

#define IMPORT_MAX_SCORES 8     /* score lines of unknown categories in one block */

/* The lines of its report that named a test (enum bits). */
enum import_shown {
	IMPORT_RESULT = 1,      /* "<title> <value> <unit> (<time> s, <n> samples)" */
	IMPORT_INDEX = 2,       /* "<title> <baseline> <result> <index>" */
	IMPORT_STATS = 4,       /* the statistics block's row */
};

/*
 * A test as a report read from text named it at one copy count: its
 * bench_result's def points at def, the first member, so import_test_of()
 * finds the rest.  def is the test table's row where the name is known,
 * with the title and unit the text printed; a test the table lacks gets a
 * row of its own (name "").
 */
struct import_test {
	struct test_def def;
	char name[32], title[96], unit[16];
	unsigned shown;                 /* enum import_shown */
	char category[64];              /* its index row's category ("System Benchmarks") */
	double baseline, index_result, index;   /* its index row's figures; -1: "---" */
};
_Static_assert(offsetof(struct import_test, def) == 0, "import_test_of() casts def back");

/* A score line of a category the test table does not have (UnixBench's graphics). */
struct import_score {
	char category[64];
	double score;
	int partial;
};

/* Beside run_result.runs[i]: that block's score lines of unknown categories. */
struct import_run {
	struct import_score extra[IMPORT_MAX_SCORES];
	size_t nextra;
};

struct run_import {
	char title[160];                /* "BYTE UNIX Benchmarks (Version 5.1.3)", "" */
	char layout[32];                /* the UnixBench version of its layout ("5.1.3"), "" */
	char compiler[256];             /* sysindex's "Compiler:" line, "" */
	char cpu_limits[256];           /* sysindex's "CPU limits:" line, "" */
	struct intf_shares intf;        /* sysindex's "Interference:" line (have 0: none) */
	struct import_test *tests;      /* every bench_result's def, in one array */
	size_t ntests;
	struct import_run *runs;        /* one per run_result.runs[i] */
	struct paired_row *paired;      /* a paired run's comparison rows, as printed */
	size_t npaired;
};

/* The import row of a test of an imported run (def is its first member). */
static inline const struct import_test *import_test_of(const struct test_def *def)
{
	return (const struct import_test *)(const void *)def;
}

#endif
