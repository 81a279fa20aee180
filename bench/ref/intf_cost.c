/*
 * intf_cost: what the interference readings cost a sample (bench/interference.sh).
 *
 *   intf_cost [SECONDS [PAIRS]]
 *
 * The driver reads the counters (sysinfo/interference.c: /proc/stat,
 * /proc/pressure/cpu, the cgroup's cpu.stat) once before a pass's copies
 * start and once after they are reaped, and each copy's
 * /proc/<pid>/schedstat once as it exits (run/spawn.c).  This program times
 * exactly that code, linked from build/libsysindex.a:
 *
 *  1. one reading, alternating with an empty step, 2000 times each: the
 *     median wall time of each;
 *  2. PAIRS pairs of SECONDS-long samples of a counting loop, alternating
 *     "with the readings around it" and "without": the loop's rate and the
 *     wall time of the whole sample in each, so the readings' share of a
 *     sample is measured side by side, not only worked out.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "sysinfo/interference.h"

static double now(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		return 0;
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_d);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* One copy's exit reading, as spawn.c does it for a zombie. */
static void schedstat(void)
{
	unsigned long long run, wait;
	FILE *f = fopen("/proc/self/schedstat", "r");

	if (f == NULL)
		return;
	if (fscanf(f, "%llu %llu", &run, &wait) != 2)
		run = 0;
	fclose(f);
}

/* A sample: count until SECONDS have passed; its rate in loops/s. */
static double sample(double secs, int with, double *wall)
{
	static volatile unsigned long sink;
	struct intf_snap s[2];
	double t0 = now(), a, b;
	unsigned long n = 0;

	if (with)
		intf_read("", &s[0], NULL, 0);
	a = now();
	do {
		for (int k = 0; k < 4096; k++)
			sink += (unsigned long)k;
		n++;
	} while ((b = now()) - a < secs);
	if (with) {
		schedstat();
		intf_read("", &s[1], NULL, 0);
	}
	*wall = now() - t0;
	return (double)n / (b - a);
}

int main(int argc, char **argv)
{
	enum { N = 2000 };
	static double rd[N], empty[N], ss[N];
	double secs = argc > 1 ? atof(argv[1]) : 2, wall;
	int pairs = argc > 2 ? atoi(argv[2]) : 10;
	double *rate[2], *walls[2];
	struct intf_snap s;

	if (secs <= 0 || pairs < 1) {
		fprintf(stderr, "usage: intf_cost [SECONDS [PAIRS]]\n");
		return 2;
	}
	for (int i = 0; i < N; i++) {
		double t0 = now(), t1, t2, t3;

		intf_read("", &s, NULL, 0);
		t1 = now();
		t2 = now();
		schedstat();
		t3 = now();
		empty[i] = now() - t3;
		rd[i] = t1 - t0;
		ss[i] = t3 - t2;
	}
	double r = median(rd, N), e = median(empty, N), q = median(ss, N);
	printf("one reading of the counters: median %.1f us; one copy's schedstat: %.1f us; "
	       "an empty step: %.2f us (%d of each, alternating)\n", r * 1e6, q * 1e6, e * 1e6, N);
	printf("two readings + one schedstat per 1-copy sample: %.4f %% of a %g-s sample, "
	       "%.4f %% of a 10-s one\n", 100 * (2 * r + q) / secs, secs, 100 * (2 * r + q) / 10);

	for (int w = 0; w < 2; w++) {
		rate[w] = calloc((size_t)pairs, sizeof(double));
		walls[w] = calloc((size_t)pairs, sizeof(double));
		if (rate[w] == NULL || walls[w] == NULL)
			return 1;
	}
	for (int i = 0; i < pairs; i++) {
		for (int k = 0; k < 2; k++) {
			int w = (i + k) % 2;   /* alternate which goes first */

			rate[w][i] = sample(secs, w, &wall);
			walls[w][i] = wall;
		}
	}
	double ratio[pairs > 0 ? pairs : 1], extra[pairs > 0 ? pairs : 1];

	for (int i = 0; i < pairs; i++) {
		ratio[i] = rate[1][i] / rate[0][i];
		extra[i] = walls[1][i] - walls[0][i];
	}
	double mr = median(ratio, (size_t)pairs), me = median(extra, (size_t)pairs);

	printf("%d pairs of %g-s samples, with the readings against without (alternating): "
	       "rate ratio median %.4f (min %.4f, max %.4f); extra wall per sample median %.1f us "
	       "(%.4f %% of the sample)\n", pairs, secs, mr, ratio[0], ratio[pairs - 1],
	       me * 1e6, 100 * me / secs);
	return 0;
}
