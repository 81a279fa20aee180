/* schedule.c: the order of a copy count's samples (schedule.h). */
#include "run/schedule.h"

#include <stdlib.h>

struct placed {
	double at;      /* fraction of the run */
	size_t test;
	unsigned j;
};

static int by_place(const void *a, const void *b)
{
	const struct placed *x = a, *y = b;

	if (x->at != y->at)
		return x->at < y->at ? -1 : 1;
	if (x->test != y->test)
		return x->test < y->test ? -1 : 1;
	return x->j < y->j ? -1 : x->j > y->j;
}

size_t sched_spread(const unsigned *count, const int *together, size_t n, size_t *order)
{
	struct placed *p;
	size_t len = 0, k = 0;

	for (size_t i = 0; i < n; i++)
		len += count[i];
	p = malloc((len ? len : 1) * sizeof(*p));
	if (p == NULL) {
		/* No memory to sort: the grouped order, still every sample. */
		for (size_t i = 0; i < n; i++)
			for (unsigned j = 0; j < count[i]; j++)
				order[k++] = i;
		return k;
	}
	for (size_t i = 0; i < n; i++)
		for (unsigned j = 0; j < count[i]; j++) {
			p[k].at = together != NULL && together[i] ? ((double)i + 0.5) / (double)n
				: ((double)j + 0.5) / (double)count[i];
			p[k].test = i;
			p[k++].j = j;
		}
	qsort(p, len, sizeof(*p), by_place);
	for (size_t s = 0; s < len; s++)
		order[s] = p[s].test;
	free(p);
	return len;
}

double sched_min_gap(const size_t *order, size_t len, const double *cost, size_t n)
{
	double best = -1, now = 0;
	double *last = malloc((n ? n : 1) * sizeof(*last));

	if (last == NULL)
		return -1;
	for (size_t i = 0; i < n; i++)
		last[i] = -1;
	for (size_t s = 0; s < len; s++) {
		size_t i = order[s];

		if (i >= n)
			continue;
		if (last[i] >= 0 && (best < 0 || now - last[i] < best))
			best = now - last[i];
		last[i] = now;
		now += cost[i];
	}
	free(last);
	return best;
}
