/* williams.c: Williams-design rows (williams.h). */
#include "shared/williams.h"

size_t williams_period(size_t k)
{
	return k % 2 == 0 ? k : 2 * k;
}

void williams_row(size_t k, size_t r, size_t *out)
{
	size_t row, shift;

	if (k == 0)
		return;
	row = r % williams_period(k);
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
