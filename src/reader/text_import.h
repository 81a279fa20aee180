/*
 * text_import.h: reports read from text (textparse.h's tables, with the
 * samples read beside them) into the run's model, struct run_result, with
 * what the model cannot hold kept as printed in run_result.import
 * (core/import.h).  `compare` holds every input so: a run read from its
 * record, anything else through this.
 *
 * A report becomes one run: each copy-count block one copy_run (copies 0
 * where the report did not say), each test it names one bench_result in
 * the report's order (its result line, else its index row, else its
 * statistics row, else its samples alone), every sample one pass.  The
 * directory reports of a paired run ("Test directory <label>") become one
 * run with those directories, and the comparison rows go with it.
 */
#ifndef SYSINDEX_TEXT_IMPORT_H
#define SYSINDEX_TEXT_IMPORT_H

#include <stddef.h>

#include "core/result.h"
#include "reader/textparse.h"

/*
 * doc's reports as runs, samples (NULL: none) matched to the tests by copy
 * count, name (else title) and directory.  0 with *runs, *n of them (free
 * each with result_free, then the array), or -1 when out of memory.
 */
int text_import(const struct tp_doc *doc, const struct tp_samples *samples,
		struct run_result **runs, size_t *n);

#endif
