/* diskslice.c: the order and length of a disk program's slices (diskslice.h). */
#include "diskslice.h"

#include <math.h>
#include <string.h>

#include "shared/williams.h"

void diskslice_init(struct diskslice *s, size_t n, double target, unsigned slice_ms)
{
	memset(s, 0, sizeof(*s));
	s->n = n > DISKSLICE_MAX_DIRS ? DISKSLICE_MAX_DIRS : n;
	s->target = target;
	s->slice_ms = slice_ms ? slice_ms : 1;
	if (s->n > 0)
		williams_row(s->n, 0, s->row);
}

static int dir_done(const struct diskslice *s, size_t d)
{
	return s->dir[d].seconds >= s->target;
}

static int all_done(const struct diskslice *s)
{
	for (size_t d = 0; d < s->n; d++)
		if (!dir_done(s, d))
			return 0;
	return 1;
}

/* The slice length for d: slice_ms, or less when d needs less. */
static unsigned slice_length(const struct diskslice *s, size_t d)
{
	double left_ms = ceil((s->target - s->dir[d].seconds) * 1000.0);

	if (left_ms < 1)
		return 1;
	return left_ms < s->slice_ms ? (unsigned)left_ms : s->slice_ms;
}

size_t diskslice_next(struct diskslice *s, unsigned *ms)
{
	size_t d;

	if (s->n == 0 || all_done(s))
		return s->n;
	for (;;) {
		if (s->pos == s->n) {
			s->pos = 0;
			williams_row(s->n, ++s->cycle, s->row);
		}
		d = s->row[s->pos++];
		if (!dir_done(s, d)) {
			*ms = slice_length(s, d);
			return d;
		}
	}
}

void diskslice_add(struct diskslice *s, size_t d, double amount, double seconds)
{
	struct diskslice_dir *x = &s->dir[d];

	x->amount += amount;
	x->seconds += seconds;
	x->slices++;
	if (seconds > x->longest)
		x->longest = seconds;
}

double diskslice_rate(const struct diskslice *s, size_t d)
{
	return s->dir[d].seconds > 0 ? s->dir[d].amount / s->dir[d].seconds : 0;
}
