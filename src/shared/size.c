/* size.c: byte counts like 4G or 1.5GiB (size.h), in exact integer arithmetic. */
#include "shared/size.h"

#include <limits.h>
#include <stddef.h>

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static unsigned long long gcd(unsigned long long a, unsigned long long b)
{
	while (b != 0) {
		unsigned long long t = a % b;

		a = b;
		b = t;
	}
	return a;
}

/* The power of 1024 a unit letter stands for (as a shift), -1 if none. */
static int unit_shift(char c)
{
	static const char units[] = "KMGTP";

	for (int i = 0; units[i] != '\0'; i++)
		if (c == units[i] || c == units[i] + ('a' - 'A'))
			return 10 * (i + 1);
	return -1;
}

int parse_size(const char *s, unsigned long long *bytes)
{
	unsigned long long m = 0, scale = 1, g;
	int shift = 0, frac = 0;
	const char *p = s;

	if (s == NULL || !is_digit(*p))
		return -1;
	/* The digits as one integer m, with scale = 10^(fraction digits). */
	for (; is_digit(*p) || (*p == '.' && !frac); p++) {
		unsigned d;

		if (*p == '.') {
			frac = 1;
			if (!is_digit(p[1]))
				return -1;
			continue;
		}
		d = (unsigned)(*p - '0');
		if (m > (ULLONG_MAX - d) / 10 || (frac && scale > ULLONG_MAX / 10))
			return -1;
		m = m * 10 + d;
		if (frac)
			scale *= 10;
	}
	if ((shift = unit_shift(*p)) >= 0) {
		p++;
		if ((p[0] == 'i' || p[0] == 'I') && (p[1] == 'B' || p[1] == 'b'))
			p += 2;
		else if (p[0] == 'B' || p[0] == 'b')
			p++;
	} else {
		shift = 0;
		if (*p == 'B' || *p == 'b')
			p++;
	}
	if (*p != '\0' || m == 0)
		return -1;
	/* m / scale * 2^shift is whole only if what is left of scale after
	 * cancelling divides 2^shift, i.e. is a power of two up to it. */
	g = gcd(m, scale);
	m /= g;
	scale /= g;
	while (scale > 1) {
		if (scale % 2 != 0 || shift == 0)
			return -1;
		scale /= 2;
		shift--;
	}
	if (shift >= 64 || m > (ULLONG_MAX >> shift))
		return -1;
	*bytes = m << shift;
	return 0;
}
