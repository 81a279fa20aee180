/*
 * arith: UnixBench's arithmetic tests, one program per data type.
 *
 *   arithoh|short|int|long|float|double <seconds>
 *
 * Built with -DARITH_<type>.  Each loop calls a function that sums
 * y / (y - 1) with y = x * x for x = 2..101 in that type; arithoh runs the
 * same loop with an empty body (the loop overhead alone).  Output
 * COUNT|<loops>|1|lps; the last sum goes to stdout.
 */
#include "harness.h"

#include <stdio.h>

#if defined(ARITH_arithoh)
#define ARITH_NAME "arithoh"
#define ARITH_EMPTY 1
typedef int datum;
#elif defined(ARITH_short)
#define ARITH_NAME "short"
typedef short datum;
#elif defined(ARITH_int)
#define ARITH_NAME "int"
typedef int datum;
#elif defined(ARITH_long)
#define ARITH_NAME "long"
typedef long datum;
#elif defined(ARITH_float)
#define ARITH_NAME "float"
typedef float datum;
#elif defined(ARITH_double)
#define ARITH_NAME "double"
typedef double datum;
#else
#error "define one of ARITH_arithoh, _short, _int, _long, _float, _double"
#endif

#define USAGE ARITH_NAME " <seconds>"

struct arith_run {
	/*
	 * The first x, always 2, read through a volatile on every call: the
	 * compiler cannot then compute the sum once and reuse it.
	 */
	int first;
	/* Every sum is stored here, so the arithmetic cannot be dropped. */
	datum sink;
};

/*
 * The loop counter lives in static storage, as UnixBench's does.  arithoh
 * measures nothing but the loop overhead, and a volatile counter in memory
 * costs several times one kept in a register or on the stack: where the
 * counter lives decides arithoh's figure, so it lives where the reference's
 * does.  (A deliberate exception to "no globals", as are hanoi's pegs.)
 */
static volatile unsigned long arith_loops;

/* The work of one loop: the sum of x*x / (x*x - 1) for x = first..101. */
static datum arith_sum(int first)
{
	datum z = 0;

	for (int i = first; i <= 101; i++) {
#ifndef ARITH_EMPTY
		datum x = (datum)i;
		datum y = (datum)(x * x);

		z += (datum)(y / (y - 1));
#endif
	}
	return z;
}

/* Through a pointer to volatile, so GCC keeps every access in memory. */
static void run_loop(volatile struct arith_run *r)
{
	while (!harness_stop) {
		r->sink = arith_sum(r->first);
		arith_loops++;
	}
}

int main(int argc, char **argv)
{
	volatile struct arith_run run = { .first = 2 };
	unsigned seconds;

	if (argc != 2)
		harness_usage(USAGE);
	seconds = harness_seconds(argv[1], USAGE);

	harness_arm(seconds);
	run_loop(&run);
	harness_count_u(arith_loops, 1, "lps");
	printf("%s: sum of x*x/(x*x-1), x = 2..101: %g\n", ARITH_NAME,
	       (double)run.sink);
	return HARNESS_OK;
}
