/* order.c: Williams-design orders for paired mode's rounds. */
#include "run/order.h"

size_t order_period(size_t k)
{
	return k % 2 == 0 ? k : 2 * k;
}

void order_round(size_t k, size_t r, size_t *out)
{
	size_t row, shift;

	if (k == 0)
		return;
	row = r % order_period(k);
	shift = row % k;
	/* First row 0, 1, k-1, 2, k-2, 3, ...; row i adds i (mod k). */
	for (size_t j = 0; j < k; j++) {
		size_t f = j == 0 ? 0 : j % 2 ? (j + 1) / 2 : k - j / 2;

		out[j] = (f + shift) % k;
	}
	if (row >= k)
		for (size_t a = 0, b = k - 1; a < b; a++, b--) {
			size_t t = out[a];

			out[a] = out[b];
			out[b] = t;
		}
}

int order_interleaved(size_t ndirs, int control, const struct test_def *t)
{
	return ndirs >= 2 && ((t->flags & TF_TESTDIR) || control);
}
