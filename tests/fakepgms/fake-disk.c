/*
 * fake-disk: a stand-in disk program whose throughput drops at a known
 * time, on the disk programs' own main (src/progs/lib/diskmain.h), so the
 * sustained mode's intervals, stop rule and summary are the real ones.  It
 * does no I/O: its loop sleeps until the alarm, and its work in MB is the
 * rate integrated over the loop's time, FAKE_DISK_HIGH MB/s (default 200)
 * until FAKE_DISK_DROP seconds (default 0.6) after its first loop began,
 * FAKE_DISK_LOW (default 100) after.  Takes every disk program option.
 */
#include "diskmain.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static const char usage[] = "fake-disk -t <seconds> -f <file> [-s <size>] [-R <ramp s> "
	"[-I <interval ms>]]";

struct run {
	double t0;              /* when the first loop began; 0 before */
	double drop, high, low;
	double amount, seconds; /* the last loop's MB and seconds */
	double total, total_s;
};

static double env_number(const char *name, double def)
{
	const char *v = getenv(name);
	char *end;
	double x;

	if (v == NULL || *v == '\0')
		return def;
	errno = 0;
	x = strtod(v, &end);
	if (errno != 0 || *end != '\0' || !(x >= 0))
		harness_usage(usage);
	return x;
}

/* MB done between a and b seconds after t0. */
static double work(const struct run *r, double a, double b)
{
	double hi_end = b < r->drop ? b : r->drop;
	double lo_start = a > r->drop ? a : r->drop;

	return (hi_end > a ? (hi_end - a) * r->high : 0) +
	       (b > lo_start ? (b - lo_start) * r->low : 0);
}

static void setup(void *st, const struct diskio_opts *o)
{
	struct run *r = st;

	(void)o;
	r->drop = env_number("FAKE_DISK_DROP", 0.6);
	r->high = env_number("FAKE_DISK_HIGH", 200);
	r->low = env_number("FAKE_DISK_LOW", 100);
	printf("fake-disk: %.6g MB/s until %.3f s, then %.6g\n", r->high, r->drop, r->low);
}

static void loop(void *st)
{
	struct run *r = st;
	const struct timespec nap = { 0, 5 * 1000 * 1000 };
	double a = harness_now(), b;

	if (r->t0 == 0)
		r->t0 = a;
	while (!harness_stop)
		nanosleep(&nap, NULL);
	b = harness_now();
	r->seconds = b - a;
	r->amount = work(r, a - r->t0, b - r->t0);
	r->total += r->amount;
	r->total_s += r->seconds;
}

static void finish(void *st) { (void)st; }
static void cleanup(void *st) { (void)st; }
static void slice_begin(void *st) { (void)st; }

static void tally(const void *st, double *amount, double *seconds)
{
	const struct run *r = st;

	*amount = r->amount;
	*seconds = r->seconds;
}

static void report(const void *st)
{
	const struct run *r = st;

	harness_count(r->total_s > 0 ? r->total / r->total_s : 0, 0, "MB/s");
	harness_time(r->total_s);
}

DISKIO_PROGRAM("fake-disk", usage, 0, 1, "MB/s", NULL)
