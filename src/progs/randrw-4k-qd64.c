/*
 * randrw-4k-qd64: random aligned 4 KiB I/O on the test file, 75% reads and
 * 25% writes chosen per request by the PRNG, O_DIRECT, 64 requests in
 * flight from one submitting thread; what
 * `fio --ioengine=libaio --direct=1 --bs=4k --iodepth=64 --readwrite=randrw
 *  --rwmixread=75` measures.
 *
 * The I/O goes through lib/ioengine: io_uring, or Linux native AIO when
 * io_uring is missing or forbidden; -e forces one.
 *
 * Latency of a request: from just before the system call that submits it to
 * just after the one that reaps it (fio's "lat"); one clock read per batch.
 * Reports total IOPS, read/write IOPS, MB/s and per-direction percentiles.
 */
#define _GNU_SOURCE     /* O_DIRECT */
#include "diskmain.h"
#include "ioengine.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
	"randrw-4k-qd64 -t <seconds> -f <file> [-s <size>] [-q <depth>] "
	"[-e io_uring|aio] [-l] [-R <ramp s> [-I <interval ms>]] | -t <seconds> -d <dir> -d <dir> ... -f <name> "
	"[-s <size>] [-q <depth>] [-e io_uring|aio] [-S <slice ms>]";

#define READ_PERCENT 75

/* ---- the test ------------------------------------------------------------------ */

struct run {
	struct diskio_file f;
	const char *path;
	struct ioengine eng;
	unsigned depth;
	struct io_slot *slots;
	struct io_done *done;
	uint64_t nblocks, seq;
	struct diskio_rng rng;
	struct diskio_hist rlat, wlat;
	double seconds;
	uint64_t slice_base;    /* reads + writes when the slice began */
};

/* Give slot idx its next request and queue it. */
static void next_request(struct run *r, unsigned idx)
{
	struct io_slot *s = &r->slots[idx];

	s->write = diskio_rand(&r->rng) % 100 >= READ_PERCENT;
	s->off = diskio_rand(&r->rng) % r->nblocks * DISKIO_SMALL;
	if (s->write)
		diskio_stamp(s->buf, DISKIO_SMALL, ++r->seq);
	ioengine_queue(&r->eng, idx, s, r->f.fd);
}

static void check_done(const struct run *r, const struct io_done *d)
{
	if (d->res == DISKIO_SMALL)
		return;
	errno = d->res < 0 ? (int)-d->res : 0;
	diskio_fail_io(r->path, r->slots[d->slot].write ? "write" : "read");
}

static void io_loop(struct run *r)
{
	double start = harness_now();
	uint64_t now = diskio_ns();
	int n;

	for (unsigned i = 0; i < r->depth; i++) {
		next_request(r, i);
		r->slots[i].t_submit = now;
	}
	while (!harness_stop) {
		n = ioengine_cycle(&r->eng, 1, r->done, r->depth);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			harness_fail_errno("%s: %s", r->path, ioengine_name(&r->eng));
		}
		now = diskio_ns();
		for (int i = 0; i < n; i++) {
			const struct io_done *d = &r->done[i];
			struct io_slot *s = &r->slots[d->slot];

			check_done(r, d);
			diskio_hist_add(s->write ? &r->wlat : &r->rlat,
					now - s->t_submit);
			next_request(r, d->slot);
			s->t_submit = now;
		}
	}
	r->seconds = harness_now() - start;
}

/* Let every slot's request finish (uncounted) before the buffers go away. */
static void drain(struct run *r)
{
	unsigned left = r->depth;

	while (left > 0) {
		int n = ioengine_cycle(&r->eng, 1, r->done, r->depth);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			harness_fail_errno("%s: %s", r->path, ioengine_name(&r->eng));
		}
		for (int i = 0; i < n; i++)
			check_done(r, &r->done[i]);
		left -= (unsigned)n;
	}
}

static void setup(void *st, const struct diskio_opts *o)
{
	struct run *r = st;
	struct diskio_rng data = { diskio_seed() };
	char label[32];

	r->path = o->file;
	r->depth = o->depth;
	r->nblocks = o->size / DISKIO_SMALL;
	r->rng.state = 0x7a4d0b64ull;   /* same offsets every run (randrepeat) */
	diskio_hist_init(&r->rlat);
	diskio_hist_init(&r->wlat);
	r->slots = calloc(r->depth, sizeof(*r->slots));
	r->done = calloc(r->depth, sizeof(*r->done));
	if (r->slots == NULL || r->done == NULL)
		harness_fail("out of memory");
	for (unsigned i = 0; i < r->depth; i++) {
		struct io_slot *s = &r->slots[i];

		s->buf = diskio_buffer(DISKIO_SMALL);
		diskio_fill(s->buf, DISKIO_SMALL, &data);
		s->iov.iov_base = s->buf;
		s->iov.iov_len = DISKIO_SMALL;
	}
	ioengine_init(&r->eng, o->engine, r->depth, "randrw-4k-qd64");
	snprintf(label, sizeof(label), "engine=%s", ioengine_name(&r->eng));
	diskio_prepare_shared(&r->f, o, "randrw-4k-qd64", O_RDWR, label);
}

static void report(const void *st)
{
	const struct run *r = st;
	uint64_t ios = r->rlat.count + r->wlat.count;
	double bytes = (double)ios * DISKIO_SMALL;

	if (r->seconds <= 0)
		harness_fail("no time measured");
	printf("randrw-4k-qd64: %s, QD%u, %s: %llu reads, %llu writes in %.3f s\n",
	       ioengine_name(&r->eng), r->depth, r->f.direct ? "O_DIRECT" : "buffered",
	       (unsigned long long)r->rlat.count,
	       (unsigned long long)r->wlat.count, r->seconds);
	harness_count((double)ios / r->seconds, 0, "IOPS");
	harness_time(r->seconds);
	harness_metric("read_iops", (double)r->rlat.count / r->seconds, "IOPS");
	harness_metric("write_iops", (double)r->wlat.count / r->seconds, "IOPS");
	harness_metric("mb_s", bytes / r->seconds / 1e6, "MB/s");
	harness_metric("mib_s", bytes / r->seconds / 1048576.0, "MiB/s");
	harness_metric_u("ios", ios, "ops");
	diskio_report_latency(&r->rlat, "read_");
	diskio_report_latency(&r->wlat, "write_");
}

static void loop(void *st)
{
	io_loop(st);
}

/* After each loop: every request in flight finishes, uncounted, so none
 * carries into the next slice (another directory's). */
static void drain_slots(void *st)
{
	drain(st);
}

static void finish(void *st)
{
	struct run *r = st;

	ioengine_exit(&r->eng);
	diskio_close(&r->f, r->path);
}

static void cleanup(void *st)
{
	struct run *r = st;

	for (unsigned i = 0; i < r->depth; i++)
		free(r->slots[i].buf);
	free(r->slots);
	free(r->done);
}

static void slice_begin(void *st)
{
	struct run *r = st;

	r->slice_base = r->rlat.count + r->wlat.count;
}

static void tally(const void *st, double *amount, double *seconds)
{
	const struct run *r = st;

	*amount = (double)(r->rlat.count + r->wlat.count - r->slice_base);
	*seconds = r->seconds;
}

DISKIO_PROGRAM("randrw-4k-qd64", usage, DISKIO_OPT_DEPTH | DISKIO_OPT_ENGINE, 64, "IOPS",
	       drain_slots)
