/* order.c: Williams-design orders for paired mode's rounds. */
#include "run/order.h"

#include "progs/lib/williams.h"

size_t order_period(size_t k)
{
	return williams_period(k);
}

void order_round(size_t k, size_t r, size_t *out)
{
	williams_row(k, r, out);
}

int order_interleaved(size_t ndirs, int control, const struct test_def *t)
{
	return ndirs >= 2 && ((t->flags & TF_TESTDIR) || control);
}
