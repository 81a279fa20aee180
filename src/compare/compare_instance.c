/*
 * compare_instance.c: the instance term from the data.  Several paired runs
 * given to compare (each file a run of two or more directories made alike,
 * or of the same pair) show how far their mean log-ratios scatter beyond
 * what each run's rounds allow: per row (test, copies, directory), the
 * runs' y_j = ln(ratio) and v_j = the rounds' se^2 (from the row's "rounds
 * alone" interval, t on rounds - 1 df) give the between-run SD by
 * stats/randeff.h (re_instance_sd); over the rows, the root mean square.
 * That is what PAIRED_INSTANCE_SD assumes (docs/paired.md):
 * the output says both.  Control rows (no directory) are left out.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare/compare_int.h"
#include "stats/paired.h"
#include "stats/randeff.h"
#include "stats/stats.h"

/* Row r's log-ratio and rounds' variance: 0, or -1 when the row lacks them. */
static int row_figures(const struct paired_row *r, double *y, double *v)
{
	double t, h;

	if (r->control || r->rounds < 2 || !isfinite(r->change_pct) ||
	    !isfinite(r->rounds_lo_pct) || !isfinite(r->rounds_hi_pct) ||
	    !(r->rounds_lo_pct > -100) || !(r->rounds_hi_pct >= r->rounds_lo_pct))
		return -1;
	t = stats_t_quantile(0.975, (double)(r->rounds - 1));
	h = (log1p(r->rounds_hi_pct / 100) - log1p(r->rounds_lo_pct / 100)) / 2;
	*y = log1p(r->change_pct / 100);
	*v = (h / t) * (h / t);
	return isfinite(*y) && *v > 0 ? 0 : -1;
}

static int same_row(const struct paired_row *a, const struct paired_row *b)
{
	return a->copies == b->copies && strcmp(a->title, b->title) == 0 &&
		strcmp(a->label, b->label) == 0;
}

void cmp_instance_estimate(struct compare *c)
{
	const struct source *first = NULL;
	size_t nruns = 0, nrows = 0;
	double sum_tau2 = 0;

	for (size_t s = 0; s < c->nsrc; s++)
		if (c->src[s].npaired > 0) {
			nruns++;
			if (first == NULL)
				first = &c->src[s];
		}
	if (nruns < 2)
		return;
	for (size_t i = 0; i < first->npaired; i++) {
		double y[CMP_MAX_FILES], v[CMP_MAX_FILES], sd;
		size_t k = 0;

		for (size_t s = 0; s < c->nsrc && k < CMP_MAX_FILES; s++) {
			const struct source *d = &c->src[s];

			for (size_t j = 0; j < d->npaired; j++)
				if (same_row(&first->paired[i], &d->paired[j])) {
					if (row_figures(&d->paired[j], &y[k], &v[k]) == 0)
						k++;
					break;
				}
		}
		sd = k >= 2 ? re_instance_sd(y, v, k) : NAN;
		if (isfinite(sd)) {
			sum_tau2 += sd * sd;
			nrows++;
		}
	}
	if (nrows == 0) {
		cmp_warn(c, "%zu paired runs, no row with its rounds alone in two: no instance term",
			 nruns);
		return;
	}
	/* One line on stderr with its prefix: the rows' spread beyond their rounds, RMS. */
	cmp_warn(c, "instance term from %zu paired runs: %.2f %% (%zu row%s); they assumed %.1f %%",
		 nruns, 100 * sqrt(sum_tau2 / (double)nrows), nrows, nrows == 1 ? "" : "s",
		 100 * PAIRED_INSTANCE_SD);
}
