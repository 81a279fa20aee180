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
static int test_var(const struct run_result *r, const struct bench_result *t, struct log_var *lv)
{
	unsigned shows = cmp_shows(r, t);
	double *rate;
	unsigned char *dropped;
	size_t n = (shows & CMP_SAMPLES) ? cmp_samples(r, t, &rate, &dropped) : 0;
	int rc;

	if (n > 0) {
		rc = score_ci_kept(rate, dropped, n, lv);
		free(rate);
		free(dropped);
		return rc;
	}
	return (shows & IMPORT_STATS) ? score_ci_summary(t->stats.n, t->stats.mean, t->stats.sd, lv)
		: -1;
}

void cmp_score_ci(const struct input *in, const struct copy_run *bl, const char *category,
		  struct cell *cell)
{
	const struct run_result *r = in->run;
	struct log_var *lv = calloc(bl->ntests ? bl->ntests : 1, sizeof(*lv));
	size_t *order = malloc((bl->ntests ? bl->ntests : 1) * sizeof(*order));
	struct score_ci ci;
	size_t k = 0, missing = 0;

	cell->has_log_se = 0;
	if (lv == NULL || order == NULL) {
		free(lv);
		free(order);
		return;
	}
	cmp_order(r, bl, order);        /* the report's order, the sums' too */
	for (size_t i = 0; i < bl->ntests; i++) {
		const struct bench_result *t = &bl->tests[order[i]];
		double baseline, result;
		const char *cat;

		if (!(cmp_shows(r, t) & IMPORT_INDEX))
			continue;
		cmp_index(r, t, &baseline, &result, &cat);
		if (baseline <= 0 || strcmp(cat, category) != 0)
			continue;
		if (test_var(r, t, &lv[k]) == 0)
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
	free(order);
}
