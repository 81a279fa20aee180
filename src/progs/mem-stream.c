/*
 * mem-stream: memory bandwidth with one of the four STREAM kernels
 * (McCalpin's definitions, written here from the published formulas).
 *
 *   mem-stream -k copy|scale|add|triad -t <seconds> [-s <bytes>] [-n <copies>]
 *
 *   copy   c[j] = a[j]               16 bytes per element (read a, write c)
 *   scale  b[j] = q * c[j]           16 bytes per element
 *   add    c[j] = a[j] + b[j]        24 bytes per element
 *   triad  a[j] = b[j] + q * c[j]    24 bytes per element
 *
 * Three double arrays of -s bytes each (0 = four times the last-level cache
 * sysfs reports, STREAM's rule), allocated and first touched by this process,
 * so that every copy's arrays sit where it runs.  The kernel repeats until the
 * duration is over; each repetition is timed on its own and the result is the
 * best repetition's rate, the first (warm-up) left out: STREAM's rule.  Bytes
 * are counted as STREAM counts them (write-allocate traffic is not counted),
 * MB = 10^6 bytes.  -n is the number of copies running at once, only to check
 * that they all fit in memory.
 *
 * Output: COUNT|<best MB/s>|0|MB/s, METRIC avg_mb_s, array_mib, cache sizes.
 * Afterwards every element is checked against the value the kernel must have
 * left there, so a compiler that dropped or merged a repetition would fail.
 */
#include "harness.h"
#include "memsize.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define USAGE "mem-stream -k copy|scale|add|triad -t <seconds> [-s <bytes>] [-n <copies>]"
#define SCALAR 3.0
#define MIN_TIMED 0.001   /* seconds: shorter repetitions are grouped */

/* Start values; each kernel leaves a known exact value in its target. */
#define A0 1.0
#define B0 2.0
#define C0 0.5

struct kernel {
	const char *name;
	void (*run)(double *restrict a, double *restrict b, double *restrict c, size_t n);
	double expect;     /* the value every element of the target must hold */
	unsigned bytes_per_elem;
	char target;       /* the array it writes */
};

/* noinline: each repetition is a real call between two clock reads, so the
 * compiler can neither drop a repetition nor fuse two of them. */
__attribute__((noinline)) static void k_copy(double *restrict a, double *restrict b,
					     double *restrict c, size_t n)
{
	(void)b;
	for (size_t j = 0; j < n; j++)
		c[j] = a[j];
}

__attribute__((noinline)) static void k_scale(double *restrict a, double *restrict b,
					      double *restrict c, size_t n)
{
	(void)a;
	for (size_t j = 0; j < n; j++)
		b[j] = SCALAR * c[j];
}

__attribute__((noinline)) static void k_add(double *restrict a, double *restrict b,
					    double *restrict c, size_t n)
{
	for (size_t j = 0; j < n; j++)
		c[j] = a[j] + b[j];
}

__attribute__((noinline)) static void k_triad(double *restrict a, double *restrict b,
					      double *restrict c, size_t n)
{
	for (size_t j = 0; j < n; j++)
		a[j] = b[j] + SCALAR * c[j];
}

static const struct kernel kernels[] = {
	{ "copy", k_copy, A0, 16, 'c' },
	{ "scale", k_scale, SCALAR * C0, 16, 'b' },
	{ "add", k_add, A0 + B0, 24, 'c' },
	{ "triad", k_triad, B0 + SCALAR * C0, 24, 'a' },
};

struct stream_run {
	const struct kernel *k;
	unsigned seconds, copies;
	unsigned long long bytes;     /* per array */
	size_t n;                     /* elements per array */
	double *a, *b, *c;
	double best, sum;             /* seconds per repetition: best, total */
	unsigned long reps;           /* timed repetitions after the warm-up */
	unsigned group;               /* kernel calls per timed repetition */
};

static void parse(int argc, char **argv, struct stream_run *r)
{
	const char *kname = NULL;

	for (int i = 1; i < argc; i++) {
		if (i + 1 >= argc)
			harness_usage(USAGE);
		if (strcmp(argv[i], "-k") == 0)
			kname = argv[++i];
		else if (strcmp(argv[i], "-t") == 0)
			r->seconds = harness_seconds(argv[++i], USAGE);
		else if (strcmp(argv[i], "-s") == 0)
			r->bytes = (unsigned long long)harness_long(argv[++i], 0, 1L << 46, USAGE);
		else if (strcmp(argv[i], "-n") == 0)
			r->copies = (unsigned)harness_long(argv[++i], 1, 4096, USAGE);
		else
			harness_usage(USAGE);
	}
	for (size_t i = 0; kname && i < sizeof(kernels) / sizeof(kernels[0]); i++)
		if (strcmp(kernels[i].name, kname) == 0)
			r->k = &kernels[i];
	if (r->k == NULL || r->seconds == 0)
		harness_usage(USAGE);
}

/* Allocate and first-touch the three arrays in this process. */
static void setup(struct stream_run *r)
{
	r->n = (size_t)(r->bytes / sizeof(double));
	if (r->n < 1024)
		harness_fail("--mem-size: %llu bytes is too small for the arrays", r->bytes);
	memsize_check_fits(3 * r->bytes, r->copies, "memory tests");
	r->a = malloc(r->n * sizeof(double));
	r->b = malloc(r->n * sizeof(double));
	r->c = malloc(r->n * sizeof(double));
	if (r->a == NULL || r->b == NULL || r->c == NULL)
		harness_fail("cannot allocate 3 x %llu MiB", r->bytes >> 20);
	for (size_t j = 0; j < r->n; j++) {
		r->a[j] = A0;
		r->b[j] = B0;
		r->c[j] = C0;
	}
}

static double timed_rep(struct stream_run *r)
{
	double t0 = harness_now(), t;

	for (unsigned g = 0; g < r->group; g++)
		r->k->run(r->a, r->b, r->c, r->n);
	t = harness_now() - t0;
	return t / r->group;
}

static void measure(struct stream_run *r)
{
	double warm;

	r->group = 1;
	harness_arm(r->seconds);
	warm = timed_rep(r);
	/* Tiny arrays (cache sizes): group calls so one timing spans >= 1 ms. */
	if (warm > 0 && warm < MIN_TIMED)
		r->group = (unsigned)(MIN_TIMED / warm) + 1;
	r->best = 0;
	while (!harness_stop || r->reps < 2) {
		double t = timed_rep(r);

		if (r->reps == 0 || t < r->best)
			r->best = t;
		r->sum += t;
		r->reps++;
	}
}

static void verify(const struct stream_run *r)
{
	const double *v = r->k->target == 'a' ? r->a : r->k->target == 'b' ? r->b : r->c;

	for (size_t j = 0; j < r->n; j++)
		if (v[j] != r->k->expect)
			harness_fail("%s: %c[%zu] is %g, not %g: the kernel did not run as written",
				     r->k->name, r->k->target, j, v[j], r->k->expect);
}

static void report(const struct stream_run *r, const struct mem_caches *mc)
{
	double bytes = (double)r->k->bytes_per_elem * (double)r->n;
	char note[96];

	harness_metric("avg_mb_s", bytes / (r->sum / (double)r->reps) / 1e6, "MB/s");
	harness_metric_as("array_mib", (double)r->bytes / (1 << 20), "MiB", MC_MEAN);
	memsize_report(mc);
	if (mc->llc)
		snprintf(note, sizeof(note), "3 x %llu MiB, %.2gx %s %llu MiB%s", r->bytes >> 20,
			 (double)r->bytes / (double)mc->llc, memsize_level_name(mc->llc_level),
			 mc->llc >> 20, r->bytes < 4 * mc->llc ? ": in cache" : "");
	else
		snprintf(note, sizeof(note), "3 x %llu MiB, LLC unknown", r->bytes >> 20);
	harness_note(note);
	harness_count(bytes / r->best / 1e6, 0, "MB/s");
}

int main(int argc, char **argv)
{
	struct stream_run run = { .copies = 1 };
	struct mem_caches mc;

	parse(argc, argv, &run);
	memsize_caches(MEMSIZE_SYSFS, &mc);
	if (run.bytes == 0)
		run.bytes = memsize_array_default(&mc);
	setup(&run);
	measure(&run);
	verify(&run);
	report(&run, &mc);
	free(run.a);
	free(run.b);
	free(run.c);
	return HARNESS_OK;
}
