/*
 * seqwrite-dsync: sequential 1 MiB writes to <file>.w opened with O_DSYNC,
 * every write on stable storage before the next one starts; what
 * `dd if=/dev/zero of=f bs=1M count=N oflag=dsync` measures.  Writes from
 * offset 0 until the time is up; at the -s size the file is truncated and
 * written again from 0 (like dd run again, which truncates its output), so
 * every write allocates.  The data is random (unlike dd's zeros), so nothing
 * can be compressed or skipped.
 * Reports MB/s (10^6 bytes/s) over the whole sample (the headline), and the
 * first pass over the fresh file and the later passes (rewrites after the
 * truncation) as separate figures: first_write_mb_s, rewrite_mb_s.
 * <file>.w is removed at exit.
 */
#include "diskmain.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static const char usage[] =
	"seqwrite-dsync -t <seconds> -f <file> [-s <size>] [-l] [-R <ramp s> [-I <interval ms>]] "
	"| -t <seconds> -d <dir> -d <dir> ... -f <name> [-s <size>] [-S <slice ms>]";

struct run {
	struct diskio_file f;
	char path[4112];
	unsigned char *buf;
	uint64_t wrap;          /* whole MiB */
	int latency;
	struct diskio_hist lat;
	uint64_t bytes;
	double seconds;
	uint64_t first_bytes;   /* the first pass: 0 .. wrap of the new file */
	double first_seconds;
};

static void write_loop(struct run *r)
{
	uint64_t off = 0, seq = 0, t0 = 0;
	double start = harness_now();

	while (!harness_stop) {
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
		r->bytes += DISKIO_BIG;
		off += DISKIO_BIG;
		/* Start over on an empty file, as a new dd would: every pass
		 * allocates, instead of cheaper overwrites after the first. */
		if (off >= r->wrap) {
			if (r->first_bytes == 0) {
				r->first_bytes = r->bytes;
				r->first_seconds = harness_now() - start;
			}
			if (ftruncate(r->f.fd, 0) != 0)
				diskio_fail_io(r->path, "ftruncate");
			off = 0;
		}
	}
	r->seconds = harness_now() - start;
	if (r->first_bytes == 0) {      /* the sample ended in the first pass */
		r->first_bytes = r->bytes;
		r->first_seconds = r->seconds;
	}
}

static void setup(void *st, const struct diskio_opts *o)
{
	struct run *r = st;
	struct diskio_rng rng = { diskio_seed() };

	diskio_check_path(o->file);
	diskio_derive(r->path, sizeof(r->path), o->file, ".w");
	r->wrap = o->size - o->size % DISKIO_BIG;
	r->latency = o->latency;
	diskio_hist_init(&r->lat);
	r->buf = diskio_buffer(DISKIO_BIG);
	diskio_fill(r->buf, DISKIO_BIG, &rng);
	diskio_open_own(&r->f, r->path, O_DSYNC);
	diskio_announce(&r->f, "seqwrite-dsync", NULL, o->note_dir);
}

DISKIO_PLAIN_CALLBACKS(write_loop)

static void slice_begin(void *st)
{
	struct run *r = st;

	/* Each slice on an empty file from offset 0, as a new dd would. */
	diskio_truncate(&r->f, r->path);
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

	printf("seqwrite-dsync: %llu MiB in 1 MiB O_DSYNC writes to %s in %.3f s\n",
	       (unsigned long long)(r->bytes >> 20), r->path, r->seconds);
	diskio_report_seq(r->bytes, r->seconds);
	diskio_report_passes(r->first_bytes, r->first_seconds, r->bytes - r->first_bytes,
			     r->seconds - r->first_seconds);
	if (r->latency)
		diskio_report_latency(&r->lat, "");
}

DISKIO_PROGRAM("seqwrite-dsync", usage, 0, 1, "MB/s", NULL)
