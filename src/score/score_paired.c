/* score_paired.c: a paired run's verdicts, judged as one family (score.h). */
#include "score/score.h"

#include <stdlib.h>

#include "stats/paired.h"
#include "stats/verdict.h"

/*
 * Every comparison that both sides ran is judged as one family (the
 * report's rows: tests x copy counts x directories, control rows too, and
 * each directory's partial score ratio).
 */
int score_paired_judge(struct run_result *r)
{
	size_t cap = r->ncmps + r->npscores;
	struct paired_stats **ps = calloc(cap ? cap : 1, sizeof(*ps));
	int *lower = calloc(cap ? cap : 1, sizeof(*lower));
	size_t n = 0;

	if (r->family.margin <= 0)
		r->family.margin = VERDICT_MARGIN;
	if (r->family.alpha <= 0)
		r->family.alpha = VERDICT_ALPHA;
	if (ps == NULL || lower == NULL) {
		free(ps);
		free(lower);
		return -1;
	}
	for (size_t i = 0; i < r->ncmps; i++) {
		struct paired_cmp *c = &r->cmps[i];

		/* Out of the family: a side that did not run, or sides that did not do the same work. */
		if (c->base_status != TS_OK || c->status != TS_OK || !result_cmp_same_work(r, c))
			continue;
		lower[n] = (c->def->flags & TF_LOWER) != 0;
		ps[n++] = &c->st;
	}
	for (size_t i = 0; i < r->npscores; i++)
		if (r->pscores[i].ntests > 0)
			ps[n++] = &r->pscores[i].st;   /* an index score: higher is better */
	paired_judge(ps, lower, n, &r->family);
	free(ps);
	free(lower);
	return 0;
}
