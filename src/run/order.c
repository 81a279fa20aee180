/* order.c: which tests paired mode interleaves (order.h). */
#include "run/order.h"

int order_interleaved(size_t ndirs, int control, const struct test_def *t)
{
	return ndirs >= 2 && ((t->flags & TF_TESTDIR) || control);
}
