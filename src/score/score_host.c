/* score_host.c: the host's speed over a copy run's samples (score.h's score_host). */
#include "score/score.h"

#include <math.h>
#include <stdlib.h>

void score_host(struct copy_run *run)
{
	size_t n = 0, cap = 0;
	double *t, *y;
	unsigned *k;

	for (size_t i = 0; i < run->ntests && run->tests != NULL; i++)
		cap += run->tests[i].npasses;
	t = malloc((cap ? cap : 1) * sizeof(*t));
	y = malloc((cap ? cap : 1) * sizeof(*y));
	k = malloc((cap ? cap : 1) * sizeof(*k));
	if (t == NULL || y == NULL || k == NULL) {
		free(t);
		free(y);
		free(k);
		run->host.ok = 0;
		return;
	}
	for (size_t i = 0; i < run->ntests && run->tests != NULL; i++) {
		const struct bench_result *tr = &run->tests[i];

		for (size_t p = 0; p < tr->npasses && tr->def != NULL; p++) {
			const struct pass_result *pr = &tr->passes[p];

			if (!pr->ok || pr->excluded || pr->at < 0 || !(pr->rate > 0))
				continue;
			t[n] = pr->at;
			/* A time (TF_LOWER) grows when the host slows: negated, it moves with the rates. */
			y[n] = (tr->def->flags & TF_LOWER) ? -log(pr->rate) : log(pr->rate);
			k[n++] = (unsigned)i;
		}
	}
	host_speed_fit(t, k, y, n, &run->host);
	free(t);
	free(y);
	free(k);
}
