/*
 * compare_next.c: `sysindex compare --group-by`: what a column's runs say of
 * its next run.  compare_group.c fills a pooled score row's 95 % prediction
 * interval into the cell (the between-run spread, a run's own noise and the
 * pool's uncertainty, t on runs - 1 df); here it becomes one sentence per
 * column, which text and Markdown print under the tables and HTML in its
 * summary.  It answers "what would I get if I ran it again", which the ± of
 * the Values table (the interval of the column's mean, what the verdicts
 * use) does not.
 */
#include <stdio.h>

#include "compare/compare_int.h"
#include "util/md_out.h"
#include "util/util.h"

#define NEXT_HEAD "Next run (95 % prediction from a column's runs: the spread between them, " \
	"a run's own noise and the pool's uncertainty; methodology):"

int cmp_next_run_words(const struct compare *c, size_t r, size_t i, char *out, size_t len)
{
	const struct row *row = &c->rows[r];
	const struct cell *x = &row->cells[i];
	char name[ROW_TITLE_MAX + 32];

	if (!row->is_score || !x->present || !x->has_pred || !(x->value > 0))
		return 0;
	cmp_row_name(c, row, name, sizeof(name));
	fmt(out, len, "%s, %s: %.1f from %u runs; the next run between %.1f and %.1f "
	    "(%+.1f %% to %+.1f %%)", c->in[i].label, name, x->value, x->runs, x->pred_lo,
	    x->pred_hi, 100 * (x->pred_lo / x->value - 1), 100 * (x->pred_hi / x->value - 1));
	return 1;
}

void cmp_print_next_run(FILE *out, const struct compare *c, const char *before, int md)
{
	char line[CMP_PATH_MAX];
	int head = 0;

	for (size_t r = 0; r < c->nrows; r++)
		for (size_t i = 0; i < c->nin; i++) {
			if (!cmp_next_run_words(c, r, i, line, sizeof(line)))
				continue;
			if (!head) {
				fputs(before, out);
				if (md)
					fputs(NEXT_HEAD "\n\n", out);
				else
					cmp_wrapped(out, "", NEXT_HEAD);
				head = 1;
			}
			if (md) {
				fputs("- ", out);
				md_text(out, line);
				fputc('\n', out);
			} else {
				cmp_wrapped(out, "  ", line);
			}
		}
}
