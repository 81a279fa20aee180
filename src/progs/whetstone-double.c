/*
 * whetstone-double: Roy Longbottom's C Whetstone in double precision, as
 * UnixBench runs it ("Double-Precision Whetstone", whets.c built with -DDP
 * -DGTODay -DUNIXBENCH).
 *
 *   whetstone-double [-t <seconds>]     (target time, default 10)
 *
 * First a calibration: one pass-unit (xtra = 1), then x5 until a run takes
 * more than 0.5 s (at most 10 tries); xtra is then scaled so that the timed
 * run lasts about <seconds>.  The timed run does the 8 sections N1..N8, each
 * xtra times over its loop constant x 100; N1 runs 10 times longer and its
 * time counts at 1/10.  Times are wall clock.  MWIPS = xtra*100 /
 * (10 * TimeUsed).  Output COUNT|<mwips>|0|MWIPS and TIME|<TimeUsed>; the
 * per-section table goes to stdout.
 */
#include "harness.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define USAGE "whetstone-double [-t <seconds>]"
#define SECTIONS 8
#define X100 100L		/* inner loops are 100 x the loop constants */
#define N1_MULT 10L		/* N1 runs 10 times longer, timed at 1/10 */
#define CALIBRATE_TRIES 10
#define CALIBRATE_ENOUGH 0.5	/* seconds: a long enough calibration run */

/* Per-section bookkeeping of one whetstones() run. */
struct whet_run {
	double time_used;		/* sum of the section times */
	double check;			/* sum of the section results */
	double seconds[SECTIONS];
	double ops[SECTIONS];		/* operations done by the section */
	double result[SECTIONS];	/* numeric result after the section */
};

struct whet_section {
	const char *title;
	int flops;			/* 1: rated in MFLOPS, 0: in MOPS */
	long ops_per_loop;		/* operations per inner loop */
};

/* Titles and operation counts of Longbottom's result table. */
static const struct whet_section sections[SECTIONS] = {
	{ "N1 floating point", 1, 16 },
	{ "N2 floating point", 1, 96 },
	{ "N3 if then else  ", 0, 3 },
	{ "N4 fixed point   ", 0, 15 },
	{ "N5 sin,cos etc.  ", 0, 26 },
	{ "N6 floating point", 1, 6 },
	{ "N7 assignments   ", 0, 3 },
	{ "N8 exp,sqrt etc. ", 0, 4 },
};

/* Section 2's procedure: six rounds over an array passed by reference. */
static void pa(double e[4], double t, double t2)
{
	for (long j = 0; j < 6; j++) {
		e[0] = (e[0] + e[1] + e[2] - e[3]) * t;
		e[1] = (e[0] + e[1] - e[2] + e[3]) * t;
		e[2] = (e[0] - e[1] + e[2] + e[3]) * t;
		e[3] = (-e[0] + e[1] + e[2] + e[3]) / t2;
	}
}

/* Section 6's procedure: arithmetic through pointer parameters. */
static void p3(double *x, double *y, double *z, double t, double t1,
	       double t2)
{
	*x = *y;
	*y = *z;
	*x = t * (*x + *y);
	*y = t1 * (*x + *y);
	*z = (*x + *y) / t2;
}

/* Section 7's procedure: three array element copies. */
static void po(double e1[4], long j, long k, long l)
{
	e1[j] = e1[k];
	e1[k] = e1[l];
	e1[l] = e1[j];
}

static void record(struct whet_run *run, int section, double seconds,
		   double ops, double result)
{
	run->seconds[section] = seconds;
	run->ops[section] = ops;
	run->result[section] = result;
	run->time_used += seconds;
	run->check += result;
}

/*
 * One full Whetstone run of xtra pass-units.  State flows from section to
 * section (e1 and t) exactly as in the original; each section is timed on
 * its own with two clock reads outside its loops.
 */
static void whetstones(long xtra, struct whet_run *run)
{
	const long n1 = 12 * X100, n2 = 14 * X100, n3 = 345 * X100;
	const long n4 = 210 * X100, n5 = 32 * X100, n6 = 899 * X100;
	const long n7 = 616 * X100, n8 = 93 * X100;
	/* T and T1 just off 0.5, so the sums neither grow nor underflow. */
	const double t0 = 0.49999975;
	double t = t0;
	const double t1 = 0.50000025;
	const double t2 = 2.0;
	double e1[4], x, y, z, start;
	long i, ix, j, k, l;

	memset(run, 0, sizeof(*run));

	/* N1: array elements */
	e1[0] = 1.0;
	e1[1] = -1.0;
	e1[2] = -1.0;
	e1[3] = -1.0;
	start = harness_now();
	for (ix = 0; ix < xtra; ix++) {
		for (i = 0; i < n1 * N1_MULT; i++) {
			e1[0] = (e1[0] + e1[1] + e1[2] - e1[3]) * t;
			e1[1] = (e1[0] + e1[1] - e1[2] + e1[3]) * t;
			e1[2] = (e1[0] - e1[1] + e1[2] + e1[3]) * t;
			e1[3] = (-e1[0] + e1[1] + e1[2] + e1[3]) * t;
		}
		t = 1.0 - t;
	}
	t = t0;
	record(run, 0, (harness_now() - start) / (double)N1_MULT,
	       (double)(n1 * 16) * (double)xtra, e1[3]);

	/* N2: array as parameter */
	start = harness_now();
	for (ix = 0; ix < xtra; ix++) {
		for (i = 0; i < n2; i++)
			pa(e1, t, t2);
		t = 1.0 - t;
	}
	t = t0;
	record(run, 1, harness_now() - start,
	       (double)(n2 * 96) * (double)xtra, e1[3]);

	/* N3: conditional jumps */
	j = 1;
	start = harness_now();
	for (ix = 0; ix < xtra; ix++) {
		for (i = 0; i < n3; i++) {
			if (j == 1)
				j = 2;
			else
				j = 3;
			if (j > 2)
				j = 0;
			else
				j = 1;
			if (j < 1)
				j = 1;
			else
				j = 0;
		}
	}
	record(run, 2, harness_now() - start,
	       (double)(n3 * 3) * (double)xtra, (double)j);

	/* N4: integer arithmetic (j, k, l stay 1, 2, 3: indexes 0 and 1) */
	j = 1;
	k = 2;
	l = 3;
	start = harness_now();
	for (ix = 0; ix < xtra; ix++) {
		for (i = 0; i < n4; i++) {
			j = j * (k - j) * (l - k);
			k = l * k - (l - j) * k;
			l = (l - k) * (k + j);
			e1[l - 2] = (double)(j + k + l);
			e1[k - 2] = (double)(j * k * l);
		}
	}
	record(run, 3, harness_now() - start,
	       (double)(n4 * 15) * (double)xtra, e1[0] + e1[1]);

	/* N5: trigonometric functions (the inner loop starts at 1) */
	x = 0.5;
	y = 0.5;
	start = harness_now();
	for (ix = 0; ix < xtra; ix++) {
		for (i = 1; i < n5; i++) {
			x = t * atan(t2 * sin(x) * cos(x) /
				     (cos(x + y) + cos(x - y) - 1.0));
			y = t * atan(t2 * sin(y) * cos(y) /
				     (cos(x + y) + cos(x - y) - 1.0));
		}
		t = 1.0 - t;
	}
	t = t0;
	record(run, 4, harness_now() - start,
	       (double)(n5 * 26) * (double)xtra, y);

	/* N6: procedure calls */
	x = 1.0;
	y = 1.0;
	z = 1.0;
	start = harness_now();
	for (ix = 0; ix < xtra; ix++)
		for (i = 0; i < n6; i++)
			p3(&x, &y, &z, t, t1, t2);
	record(run, 5, harness_now() - start,
	       (double)(n6 * 6) * (double)xtra, z);

	/* N7: array references */
	j = 0;
	k = 1;
	l = 2;
	e1[0] = 1.0;
	e1[1] = 2.0;
	e1[2] = 3.0;
	start = harness_now();
	for (ix = 0; ix < xtra; ix++)
		for (i = 0; i < n7; i++)
			po(e1, j, k, l);
	record(run, 6, harness_now() - start,
	       (double)(n7 * 3) * (double)xtra, e1[2]);

	/* N8: standard functions */
	x = 0.75;
	start = harness_now();
	for (ix = 0; ix < xtra; ix++)
		for (i = 0; i < n8; i++)
			x = sqrt(exp(log(x) / t1));
	record(run, 7, harness_now() - start,
	       (double)(n8 * 4) * (double)xtra, x);
}

/*
 * Find xtra for a timed run of about 'target' seconds.  'first' receives the
 * first (xtra = 1) run, whose results are the ones the table shows.
 */
static long calibrate(unsigned target, struct whet_run *first)
{
	struct whet_run run;
	long xtra = 1;

	printf("Calibrate\n");
	for (int tries = 0; tries < CALIBRATE_TRIES; tries++) {
		whetstones(xtra, &run);
		if (tries == 0)
			*first = run;
		printf("%11.2f Seconds %10ld   Passes (x 100)\n",
		       run.time_used, xtra);
		if (run.time_used > CALIBRATE_ENOUGH)
			break;
		if (tries + 1 < CALIBRATE_TRIES)
			xtra *= 5;
	}
	if (run.time_used > 0)
		xtra = (long)((double)target * (double)xtra / run.time_used);
	return xtra < 1 ? 1 : xtra;
}

static void print_table(const struct whet_run *run,
			const struct whet_run *first, double mwips)
{
	printf("\nLoop content                  Result              MFLOPS"
	       "      MOPS   Seconds\n\n");
	for (int s = 0; s < SECTIONS; s++) {
		double rate = run->seconds[s] > 0
			? run->ops[s] / (1e6 * run->seconds[s]) : 0.0;

		printf("%s %24.17f    ", sections[s].title, first->result[s]);
		if (sections[s].flops)
			printf(" %9.3f          %9.3f\n", rate, run->seconds[s]);
		else
			printf("           %9.3f%9.3f\n", rate, run->seconds[s]);
	}
	printf("\nMWIPS            %39.3f%19.3f\n\n", mwips, run->time_used);
	if (run->check == 0)
		printf("Wrong answer\n");
}

/* The only option: -t <seconds>, the target time of the timed run. */
static unsigned parse_args(int argc, char **argv)
{
	if (argc == 1)
		return 10;
	if (argc == 3 && strcmp(argv[1], "-t") == 0)
		return harness_seconds(argv[2], USAGE);
	harness_usage(USAGE);
}

int main(int argc, char **argv)
{
	struct whet_run first, run;
	unsigned target = parse_args(argc, argv);
	long xtra;
	double mwips;

	harness_start_gate();
	xtra = calibrate(target, &first);
	printf("\nUse %ld  passes (x 100)\n", xtra);
	printf("\n          Double Precision C Whetstone Benchmark\n");

	whetstones(xtra, &run);
	mwips = run.time_used > 0
		? (double)xtra * (double)X100 / (10.0 * run.time_used) : 0.0;
	print_table(&run, &first, mwips);

	/* Always three decimals, as UnixBench prints it. */
	harness_count_digits(mwips, 0, "MWIPS", 3);
	harness_time(run.time_used);
	return HARNESS_OK;
}
