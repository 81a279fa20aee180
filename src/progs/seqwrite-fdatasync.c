/*
 * seqwrite-fdatasync: sequential 1 MiB buffered writes to <file>.w, then one
 * fdatasync, the flush counted in the time; what
 * `dd if=/dev/zero of=f bs=1M count=N conv=fdatasync` measures.  Writes the
 * -s size once from offset 0, or less if the time runs out first (the
 * flush still follows).  Random data, not zeros.  Reports MB/s (10^6
 * bytes/s) over the time including fdatasync; <file>.w is removed at exit.
 * The one pass is over a fresh file, so the headline is the first-write
 * regime: first_write_mb_s is the same figure, rewrite_bytes is 0.
 */
#include "diskmain.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static const char usage[] =
	"seqwrite-fdatasync -t <seconds> -f <file> [-s <size>] [-l] [-R <ramp s> [-I <interval ms>]] "
	"| -t <seconds> -d <dir> -d <dir> ... -f <name> [-s <size>] [-S <slice ms>]";

struct run {
	struct diskio_file f;
	char path[4112];
	unsigned char *buf;
	uint64_t size;          /* whole MiB */
	int latency;
	struct diskio_hist lat; /* per write(): the page cache copy only */
	uint64_t bytes;
	double seconds, flush_seconds;
};

static void write_loop(struct run *r)
{
	uint64_t off = 0, seq = 0, t0 = 0;
	double start = harness_now(), flush;

	while (!harness_stop && off < r->size) {
		diskio_stamp(r->buf, DISKIO_BIG, ++seq);
		if (r->latency)
			t0 = diskio_ns();
		if (diskio_pwrite_full(r->f.fd, r->buf, DISKIO_BIG, off) != 0) {
			if (errno == EINTR && harness_stop)
				break;
			diskio_fail_io(r->path, "write");
		}
		if (r->latency)
			diskio_hist_add(&r->lat, diskio_ns() - t0);
		off += DISKIO_BIG;
	}
	flush = harness_now();
	if (fdatasync(r->f.fd) != 0)
		diskio_fail_io(r->path, "fdatasync");
	r->seconds = harness_now() - start;
	r->flush_seconds = r->seconds - (flush - start);
	r->bytes = off;
}

static void setup(void *st, const struct diskio_opts *o)
{
	struct run *r = st;
	struct diskio_rng rng = { diskio_seed() };

	diskio_check_path(o->file);
	diskio_derive(r->path, sizeof(r->path), o->file, ".w");
	r->size = o->size - o->size % DISKIO_BIG;
	r->latency = o->latency;
	diskio_hist_init(&r->lat);
	r->buf = diskio_buffer(DISKIO_BIG);
	diskio_fill(r->buf, DISKIO_BIG, &rng);
	diskio_open_own(&r->f, r->path, 0);
	diskio_announce(&r->f, "seqwrite-fdatasync", NULL, o->note_dir);
}

DISKIO_PLAIN_CALLBACKS(write_loop)

static void slice_begin(void *st)
{
	struct run *r = st;

	/* Each slice writes an empty file from offset 0, then flushes it. */
	diskio_truncate(&r->f, r->path);
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

	printf("seqwrite-fdatasync: %llu MiB in 1 MiB writes to %s, then "
	       "fdatasync: %.3f s (%.3f s in fdatasync)\n",
	       (unsigned long long)(r->bytes >> 20), r->path, r->seconds,
	       r->flush_seconds);
	diskio_report_seq(r->bytes, r->seconds);
	harness_metric_as("fdatasync_s", r->flush_seconds, "s", MC_MEAN);
	diskio_report_passes(r->bytes, r->seconds, 0, 0);
	if (r->latency)
		diskio_report_latency(&r->lat, "");
}

DISKIO_PROGRAM("seqwrite-fdatasync", usage, 0, 1, "MB/s", NULL)
