/*
 * mem-latency: load-to-use latency through a pointer chain, lmbench style.
 *
 *   mem-latency -t <seconds> [-s <bytes>] [-n <copies>]
 *
 * For each working set from 16 KiB, doubling up to the first size >= -s
 * (0 = four times the last-level cache), one pointer per cache line is linked
 * into a single cycle in a random order (Fisher-Yates shuffle), so each load
 * depends on the previous one and no prefetcher can guess the next line.  The
 * time is split evenly over the sizes; at each size the chain is walked in
 * rounds of ROUND loads (one untimed round first) and the best round gives
 * ns per load.  Random order over the whole set also misses the TLB at the
 * large sizes, as lmbench's random chain does.
 *
 * Output: COUNT|<ns per load at the largest size>|0|ns (lower is better),
 * METRIC lat_<size>|<ns>|ns for each size, the cache sizes sysfs reports.
 * Each chain is checked afterwards to be one cycle through every line.
 */
#include "harness.h"
#include "memsize.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/metrics.h"

#define USAGE "mem-latency -t <seconds> [-s <bytes>] [-n <copies>]"
#define LINE 64                  /* bytes per chain link: one cache line */
#define MIN_SET (16ull << 10)
#define ROUND (1u << 14)         /* loads per timed round: ~2 ms from DRAM */
#define MAX_SIZES 24

struct lat_run {
	unsigned seconds, copies;
	unsigned long long max_bytes;
	char *buf;                   /* max_bytes, first touched here */
	size_t *order;               /* the shuffled line indices */
	uint64_t rng;
	void *volatile sink;         /* the chain's end: the loads are used */
	unsigned long long sizes[MAX_SIZES];
	double ns[MAX_SIZES];
	size_t nsizes;
};

static void parse(int argc, char **argv, struct lat_run *r)
{
	for (int i = 1; i < argc; i++) {
		if (i + 1 >= argc)
			harness_usage(USAGE);
		if (strcmp(argv[i], "-t") == 0)
			r->seconds = harness_seconds(argv[++i], USAGE);
		else if (strcmp(argv[i], "-s") == 0)
			r->max_bytes = (unsigned long long)harness_long(argv[++i], 0, 1L << 46, USAGE);
		else if (strcmp(argv[i], "-n") == 0)
			r->copies = (unsigned)harness_long(argv[++i], 1, 4096, USAGE);
		else
			harness_usage(USAGE);
	}
	if (r->seconds == 0)
		harness_usage(USAGE);
}

/* xorshift64*: a fixed seed, so every run walks the same kind of chain. */
static uint64_t next_rand(struct lat_run *r)
{
	r->rng ^= r->rng >> 12;
	r->rng ^= r->rng << 25;
	r->rng ^= r->rng >> 27;
	return r->rng * 0x2545F4914F6CDD1Dull;
}

/* Link the first 'lines' lines of buf into one cycle in a random order. */
static void build_chain(struct lat_run *r, size_t lines)
{
	for (size_t i = 0; i < lines; i++)
		r->order[i] = i;
	for (size_t i = lines - 1; i > 0; i--) {
		size_t j = (size_t)(next_rand(r) % (i + 1)), t = r->order[i];

		r->order[i] = r->order[j];
		r->order[j] = t;
	}
	for (size_t i = 0; i < lines; i++)
		*(void **)(r->buf + r->order[i] * LINE) =
			r->buf + r->order[(i + 1) % lines] * LINE;
}

/* ROUND dependent loads from p; returns where the chain got to. */
__attribute__((noinline)) static void *walk(void *p)
{
	for (unsigned i = 0; i < ROUND / 16; i++) {
#define STEP p = *(void **)p;
		STEP STEP STEP STEP STEP STEP STEP STEP
		STEP STEP STEP STEP STEP STEP STEP STEP
#undef STEP
	}
	return p;
}

/*
 * The chain must still link every line to the next one in the shuffled
 * order: one cycle through all 'lines' lines (checked in order, so the loads
 * overlap: far cheaper than walking the cycle).
 */
static void verify_chain(const struct lat_run *r, size_t lines, unsigned long long size)
{
	for (size_t i = 0; i < lines; i++)
		if (*(void **)(r->buf + r->order[i] * LINE) != r->buf + r->order[(i + 1) % lines] * LINE)
			harness_fail("the %llu-byte chain is broken at line %zu", size, r->order[i]);
}

static double measure_size(struct lat_run *r, unsigned long long size, double budget)
{
	size_t lines = (size_t)(size / LINE);
	double best = 0, until;
	void *p;

	build_chain(r, lines);
	p = walk(r->buf + r->order[0] * LINE);   /* untimed: warm caches and TLB */
	until = harness_now() + budget;
	for (unsigned n = 0; n < 3 || harness_now() < until; n++) {
		double t0 = harness_now(), t;

		p = walk(p);
		t = harness_now() - t0;
		if (n == 0 || t < best)
			best = t;
	}
	r->sink = p;
	verify_chain(r, lines, size);
	return best / ROUND * 1e9;
}

/* "lat_16K", "lat_512K", "lat_128M": the size in the name, KiB or MiB. */
static void size_name(unsigned long long size, char *out, size_t len)
{
	if (size >= (1ull << 20) && size % (1ull << 20) == 0)
		snprintf(out, len, METRIC_CURVE_PREFIX "%lluM", size >> 20);
	else
		snprintf(out, len, METRIC_CURVE_PREFIX "%lluK", size >> 10);
}

int main(int argc, char **argv)
{
	struct lat_run run = { .copies = 1, .rng = 0x9E3779B97F4A7C15ull };
	struct mem_caches mc;
	double budget;
	char name[32], note[96];

	parse(argc, argv, &run);
	memsize_caches(MEMSIZE_SYSFS, &mc);
	if (run.max_bytes == 0)
		run.max_bytes = memsize_array_default(&mc);
	if (run.max_bytes < MIN_SET)
		harness_fail("--mem-size: %llu bytes is below the 16 KiB smallest working set",
			     run.max_bytes);
	for (unsigned long long s = MIN_SET; run.nsizes < MAX_SIZES; s *= 2) {
		run.sizes[run.nsizes++] = s;
		if (s >= run.max_bytes)
			break;
	}
	run.max_bytes = run.sizes[run.nsizes - 1];
	memsize_check_fits(run.max_bytes + run.max_bytes / LINE * sizeof(size_t), run.copies,
			   "mem-latency");
	run.buf = malloc(run.max_bytes);
	run.order = malloc(run.max_bytes / LINE * sizeof(size_t));
	if (run.buf == NULL || run.order == NULL)
		harness_fail("cannot allocate %llu MiB", run.max_bytes >> 20);
	memset(run.buf, 0, run.max_bytes);   /* first touch, in this process */
	budget = (double)run.seconds / (double)run.nsizes;
	harness_arm(run.seconds + 60);       /* the sizes keep time themselves */
	for (size_t i = 0; i < run.nsizes; i++)
		run.ns[i] = measure_size(&run, run.sizes[i], budget);
	for (size_t i = 0; i < run.nsizes; i++) {
		size_name(run.sizes[i], name, sizeof(name));
		harness_metric_as(name, run.ns[i], METRIC_CURVE_UNIT, MC_MEAN);
	}
	memsize_report(&mc);
	snprintf(note, sizeof(note), "random chain, %d B lines, 16 KiB to %llu MiB", LINE,
		 run.max_bytes >> 20);
	harness_note(note);
	harness_count(run.ns[run.nsizes - 1], 0, "ns");
	free(run.buf);
	free(run.order);
	return HARNESS_OK;
}
