/*
 * report_repeat.c: --repeat N's figures of a copy count (run/repeat.h), as
 * every writer prints them: the score pooled over the passes, its 95 %
 * interval over the passes (the between-pass spread included: HKSJ on
 * N - 1 df) and the 95 % prediction interval of the score of the next run
 * of the same command (its N passes pooled: run/repeat.h).
 */
#include "report/report.h"

#include <math.h>
#include <string.h>

#include "util/util.h"

const struct repeat_score *report_repeat_of(const struct run_result *r, const struct copy_run *run)
{
	if (r->repeat < 2 || r->reps == NULL || r->ndirs >= 2)
		return NULL;
	for (size_t i = 0; i < r->nreps; i++)
		if (r->reps[i].copies == run->copies)
			return &r->reps[i];
	return NULL;
}

void report_repeat_text(const struct run_result *r, const struct copy_run *run, char *out,
			size_t len)
{
	const struct repeat_score *rs = report_repeat_of(r, run);
	const struct re_pool *p;
	size_t used;

	out[0] = '\0';
	if (rs == NULL)
		return;
	if (!rs->ok) {
		fmt(out, len, "Between passes (--repeat %u): %zu pass%s with a score: no interval "
		    "over the passes\n", r->repeat, rs->n, rs->n == 1 ? "" : "es");
		return;
	}
	p = &rs->pool;
	fmt(out, len, "Between passes (--repeat %u): index score %.1f, 95%% interval over the "
	    "passes %.1f to %.1f\n  (%+.1f%% %+.1f%%; between-pass SD %.2f%%, HKSJ on %.0f df%s)\n"
	    "Next run's score (the same command: %u passes again), 95%% prediction interval: "
	    "%.1f to %.1f (%+.1f%% %+.1f%%)\n"
	    "Each pass's score:", r->repeat, exp(p->mean), exp(p->lo), exp(p->hi),
	    100 * expm1(p->lo - p->mean), 100 * expm1(p->hi - p->mean), 100 * sqrt(p->tau2), p->df,
	    rs->within ? ", each pass's own variance weighed in" : ", one figure per pass",
	    r->repeat, exp(p->pred_lo), exp(p->pred_hi), 100 * expm1(p->pred_lo - p->mean),
	    100 * expm1(p->pred_hi - p->mean));
	used = strlen(out);
	for (size_t i = 0; i < rs->n && used + 16 < len; i++) {
		fmt(out + used, len - used, " %.1f", rs->pass_score[i]);
		used = strlen(out);
	}
	if (used + 2 < len)
		fmt(out + used, len - used, "\n");
}
