/*
 * fsync-4k: 4 KiB writes at sequential offsets of <file>.sync, each followed
 * by fdatasync, one at a time: the write-ahead-log pattern of databases and
 * journals (fio --rw=write --bs=4k --fdatasync=1 --ioengine=sync
 * --fallocate=none).  Appends to an empty file, so each sync also commits
 * the new block and size; at the -s size the file is truncated to 0 and
 * appended again.  (fio's default fallocate=native preallocates unwritten
 * extents, whose conversion makes each sync dearer: ~30% fewer IOPS on ext4.)  Reports operations (write + fdatasync) per second and their
 * latency percentiles; <file>.sync is removed at exit.
 */
#include "diskmain.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static const char usage[] = "fsync-4k -t <seconds> -f <file> [-s <size>] [-l] [-R <ramp s> [-I <interval ms>]] "
	"| -t <seconds> -d <dir> -d <dir> ... -f <name> [-s <size>] [-S <slice ms>]";

struct run {
	struct diskio_file f;
	char path[4112];
	unsigned char *buf;
	uint64_t wrap;          /* whole 4 KiB blocks */
	struct diskio_hist lat; /* pwrite + fdatasync */
	double seconds;
	uint64_t slice_base;    /* lat.count when the slice began */
};

static void sync_loop(struct run *r)
{
	uint64_t off = 0, seq = 0, t0, t1;
	double start = harness_now();

	while (!harness_stop) {
		diskio_stamp(r->buf, DISKIO_SMALL, ++seq);
		t0 = diskio_ns();
		if (diskio_pwrite_full(r->f.fd, r->buf, DISKIO_SMALL, off) != 0) {
			if (errno == EINTR && harness_stop)
				break;
			diskio_fail_io(r->path, "write");
		}
		if (fdatasync(r->f.fd) != 0) {
			if (errno == EINTR && harness_stop)
				break;
			diskio_fail_io(r->path, "fdatasync");
		}
		t1 = diskio_ns();
		diskio_hist_add(&r->lat, t1 - t0);
		off += DISKIO_SMALL;
		/* Keep appending: at the size limit start over on an empty file. */
		if (off >= r->wrap) {
			if (ftruncate(r->f.fd, 0) != 0)
				diskio_fail_io(r->path, "ftruncate");
			off = 0;
		}
	}
	r->seconds = harness_now() - start;
}

static void setup(void *st, const struct diskio_opts *o)
{
	struct run *r = st;
	struct diskio_rng rng = { diskio_seed() };

	diskio_check_path(o->file);
	diskio_derive(r->path, sizeof(r->path), o->file, ".sync");
	r->wrap = o->size;
	diskio_hist_init(&r->lat);
	r->buf = diskio_buffer(DISKIO_SMALL);
	diskio_fill(r->buf, DISKIO_SMALL, &rng);
	diskio_open_own(&r->f, r->path, 0);
	diskio_announce(&r->f, "fsync-4k", NULL, o->note_dir);
}

DISKIO_PLAIN_CALLBACKS(sync_loop)

static void slice_begin(void *st)
{
	struct run *r = st;

	/* Each slice appends to an empty file. */
	diskio_truncate(&r->f, r->path);
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
	printf("fsync-4k: %llu x (4 KiB write + fdatasync) to %s in %.3f s\n",
	       (unsigned long long)r->lat.count, r->path, r->seconds);
	harness_count((double)r->lat.count / r->seconds, 0, "IOPS");
	harness_time(r->seconds);
	harness_metric_u("ios", r->lat.count, "ops");
	diskio_report_latency(&r->lat, "");
}

DISKIO_PROGRAM("fsync-4k", usage, 0, 1, "IOPS", NULL)
