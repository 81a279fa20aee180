/*
 * randread-4k-qd1: random aligned 4 KiB reads of the test file with
 * O_DIRECT, one at a time (fio --rw=randread --bs=4k --direct=1
 * --iodepth=1): the latency of a single request to the device.  Offsets are
 * uniform over the -s size (with repetition; fio's default random map
 * avoids repeats, which makes no difference without a cache).  Reports IOPS
 * and latency percentiles; buffered and labelled so where O_DIRECT is
 * refused.
 */
#define _GNU_SOURCE     /* O_DIRECT (via diskio) */
#include "diskmain.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static const char usage[] =
	"randread-4k-qd1 -t <seconds> -f <file> [-s <size>] [-l] [-R <ramp s> [-I <interval ms>]] "
	"| -t <seconds> -d <dir> -d <dir> ... -f <name> [-s <size>] [-S <slice ms>]";

struct run {
	struct diskio_file f;
	const char *path;
	unsigned char *buf;
	uint64_t nblocks;
	struct diskio_rng rng;
	struct diskio_hist lat;
	double seconds;
	uint64_t slice_base;    /* lat.count when the slice began */
};

static void read_loop(struct run *r)
{
	uint64_t off, t0, t1;
	double start = harness_now();

	while (!harness_stop) {
		off = diskio_rand(&r->rng) % r->nblocks * DISKIO_SMALL;
		t0 = diskio_ns();
		if (diskio_pread_full(r->f.fd, r->buf, DISKIO_SMALL, off) != 0) {
			if (errno == EINTR && harness_stop)
				break;
			diskio_fail_io(r->path, "read");
		}
		t1 = diskio_ns();
		diskio_hist_add(&r->lat, t1 - t0);
	}
	r->seconds = harness_now() - start;
}

static void setup(void *st, const struct diskio_opts *o)
{
	struct run *r = st;

	r->path = o->file;
	r->nblocks = o->size / DISKIO_SMALL;
	/* A fixed seed: the same offsets every run, like fio's randrepeat. */
	r->rng.state = 0x5eed4b1dull;
	diskio_hist_init(&r->lat);
	r->buf = diskio_buffer(DISKIO_SMALL);
	diskio_prepare_shared(&r->f, o, "randread-4k-qd1", O_RDONLY, NULL);
}

DISKIO_PLAIN_CALLBACKS(read_loop)

static void slice_begin(void *st)
{
	struct run *r = st;

	r->slice_base = r->lat.count;
}

static void tally(const void *st, double *amount, double *seconds)
{
	const struct run *r = st;

	*amount = (double)(r->lat.count - r->slice_base);
	*seconds = r->seconds;
}

static void report(const void *st)
{
	const struct run *r = st;

	if (r->seconds <= 0)
		harness_fail("no time measured");
	printf("randread-4k-qd1: %llu random 4 KiB reads in %.3f s\n",
	       (unsigned long long)r->lat.count, r->seconds);
	harness_count((double)r->lat.count / r->seconds, 0, "IOPS");
	harness_time(r->seconds);
	harness_metric_u("ios", r->lat.count, "ops");
	diskio_report_latency(&r->lat, "");
}

DISKIO_PROGRAM("randread-4k-qd1", usage, 0, 1, "IOPS", NULL)
