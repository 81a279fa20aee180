/*
 * compare_scoreci.c: the index score rows of `sysindex compare` judged from
 * the samples: each score's SE of log(score) by the delta method over its
 * tests (score/score_ci.c), then the log-ratio of two scores with Welch-
 * Satterthwaite df.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare_int.h"
#include "score/score_ci.h"
#include "stats/stats.h"

/* One index test's Var(log result): its samples, else its statistics row. */
static int test_var(const struct input *in, const struct tp_block *bl, const char *title,
		    struct log_var *lv)
{
	const struct tp_sample_set *set = in->samples
		? tp_find_samples_in(in->samples, bl->copies, title,
				     in->rep->dir_label[0] ? in->rep->dir_label : NULL) : NULL;
	const struct tp_stats_row *st = tp_find_stats(bl, title);

	if (set != NULL && set->n > 0)
		return score_ci_kept(set->rate, set->dropped, set->n, lv);
	return st != NULL ? score_ci_summary(st->n, st->mean, st->sd, lv) : -1;
}

void cmp_score_ci(const struct input *in, const struct tp_block *bl, const char *category,
		  struct cell *cell)
{
	struct log_var *lv = calloc(bl->nindex ? bl->nindex : 1, sizeof(*lv));
	struct score_ci ci;
	size_t k = 0, missing = 0;

	cell->has_log_se = 0;
	if (lv == NULL)
		return;
	for (size_t i = 0; i < bl->nindex; i++) {
		const struct tp_index_row *x = &bl->index[i];

		if (x->baseline <= 0 || strcmp(x->category, category) != 0)
			continue;
		if (test_var(in, bl, x->title, &lv[k]) == 0)
			k++;
		else
			missing++;
	}
	if (k > 0 && missing == 0) {
		score_ci_combine(cell->value, lv, k, &ci);
		if (ci.ok) {
			cell->has_log_se = 1;
			cell->log_se = ci.log_se;
			cell->log_df = ci.df;
		}
	}
	free(lv);
}
