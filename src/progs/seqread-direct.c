/*
 * seqread-direct: sequential 1 MiB reads of the test file with O_DIRECT,
 * bypassing the page cache; what
 * `dd if=f of=/dev/null bs=1M iflag=direct` measures.  Reads from offset 0,
 * wrapping at the -s size, until the time is up.  Where the file system
 * refuses O_DIRECT the reads are buffered and labelled so.  Reports MB/s
 * (10^6 bytes/s).
 */
#define _GNU_SOURCE     /* O_DIRECT (via diskio) */
#include "diskmain.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static const char usage[] =
	"seqread-direct -t <seconds> -f <file> [-s <size>] [-l] [-R <ramp s> [-I <interval ms>]] "
	"| -t <seconds> -d <dir> -d <dir> ... -f <name> [-s <size>] [-S <slice ms>]";

struct run {
	struct diskio_file f;
	const char *path;
	unsigned char *buf;
	uint64_t wrap;          /* whole MiB */
	int latency;
	struct diskio_hist lat;
	uint64_t bytes;
	double seconds;
	uint64_t off;           /* where the last loop stopped */
};

static void read_loop(struct run *r)
{
	/* A sliced sample's next slice reads on from where the last one
	 * stopped, not the same first megabytes again (a cache would serve
	 * them); a whole sample starts at 0. */
	uint64_t off = r->off, t0 = 0;
	double start = harness_now();

	while (!harness_stop) {
		if (r->latency)
			t0 = diskio_ns();
		if (diskio_pread_full(r->f.fd, r->buf, DISKIO_BIG, off) != 0) {
			if (errno == EINTR && harness_stop)
				break;
			diskio_fail_io(r->path, "read");
		}
		if (r->latency)
			diskio_hist_add(&r->lat, diskio_ns() - t0);
		r->bytes += DISKIO_BIG;
		off += DISKIO_BIG;
		if (off >= r->wrap)
			off = 0;
	}
	r->seconds = harness_now() - start;
	r->off = off;
}

static void setup(void *st, const struct diskio_opts *o)
{
	struct run *r = st;

	r->path = o->file;
	r->wrap = o->size - o->size % DISKIO_BIG;
	r->latency = o->latency;
	diskio_hist_init(&r->lat);
	r->buf = diskio_buffer(DISKIO_BIG);
	diskio_prepare_shared(&r->f, o, "seqread-direct", O_RDONLY, NULL);
}

DISKIO_PLAIN_CALLBACKS(read_loop)

static void slice_begin(void *st)
{
	struct run *r = st;

	r->bytes = 0;
}

static void tally(const void *st, double *amount, double *seconds)
{
	const struct run *r = st;

	*amount = (double)r->bytes / 1e6;
	*seconds = r->seconds;
}

static void report(const void *st)
{
	const struct run *r = st;

	printf("seqread-direct: %llu MiB in 1 MiB reads in %.3f s\n",
	       (unsigned long long)(r->bytes >> 20), r->seconds);
	diskio_report_seq(r->bytes, r->seconds);
	if (r->latency)
		diskio_report_latency(&r->lat, "");
}

DISKIO_PROGRAM("seqread-direct", usage, 0, 1, "MB/s", NULL)
