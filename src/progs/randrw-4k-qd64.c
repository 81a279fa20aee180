/*
 * randrw-4k-qd64: random aligned 4 KiB I/O on the test file, 75% reads and
 * 25% writes chosen per request by the PRNG, O_DIRECT, 64 requests in
 * flight from one submitting thread; what
 * `fio --ioengine=libaio --direct=1 --bs=4k --iodepth=64 --readwrite=randrw
 *  --rwmixread=75` measures.
 *
 * The kernel's asynchronous interfaces are used through raw system calls so
 * the build needs nothing but the kernel headers: io_uring first, Linux
 * native AIO if io_uring is missing or forbidden (containers often block
 * it), and SKIP with both reasons if neither works.  -e forces one.
 *
 * Latency of a request: from just before the system call that submits it to
 * just after the one that reaps it (fio's "lat"); one clock read per batch.
 * Reports total IOPS, read/write IOPS, MB/s and per-direction percentiles.
 */
#define _GNU_SOURCE     /* O_DIRECT, MAP_POPULATE, syscall() */
#include "diskio.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/aio_abi.h>
#include <linux/io_uring.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

static const char usage[] =
	"randrw-4k-qd64 -t <seconds> -f <file> [-s <size>] [-q <depth>] "
	"[-e io_uring|aio] [-l]";

#define READ_PERCENT 75

/* One request slot: a buffer that is either in flight or being refilled. */
struct slot {
	unsigned char *buf;
	uint64_t off;
	uint64_t t_submit;
	int write;
	struct iovec iov;       /* io_uring before 5.6 only has READV/WRITEV */
	struct iocb cb;         /* Linux AIO */
};

struct done {
	unsigned slot;
	int64_t res;
};

/* ---- io_uring through raw system calls ----------------------------------- */

struct uring {
	int fd;
	unsigned *sq_head, *sq_tail, *sq_array, sq_mask;
	unsigned *cq_head, *cq_tail, cq_mask;
	struct io_uring_sqe *sqes;
	struct io_uring_cqe *cqes;
	void *sq_map, *cq_map, *sqe_map;
	size_t sq_len, cq_len, sqe_len;
	unsigned tail;          /* our copy of the SQ tail */
	int vectored;
};

/* Kernel headers older than 6.1 lack these; the values are ABI. */
#ifndef IORING_SETUP_COOP_TASKRUN
#define IORING_SETUP_COOP_TASKRUN (1u << 8)
#endif
#ifndef IORING_SETUP_SINGLE_ISSUER
#define IORING_SETUP_SINGLE_ISSUER (1u << 12)
#endif
#ifndef IORING_SETUP_DEFER_TASKRUN
#define IORING_SETUP_DEFER_TASKRUN (1u << 13)
#endif

/*
 * GETEVENTS always: with DEFER_TASKRUN completions are only posted while
 * the submitter is inside io_uring_enter asking for events.
 */
static int uring_enter(int fd, unsigned submit, unsigned wait)
{
	return (int)syscall(__NR_io_uring_enter, fd, submit, wait,
			    IORING_ENTER_GETEVENTS, NULL, 0);
}

/*
 * One submitting thread that also reaps: tell the kernel so (fio does the
 * same), so completions run in our context when we ask for them instead of
 * interrupting us.  Kernels before 6.1 refuse the flags: retry without.
 */
static int uring_setup(unsigned depth, struct io_uring_params *p)
{
	int fd;

	memset(p, 0, sizeof(*p));
	p->flags = IORING_SETUP_COOP_TASKRUN | IORING_SETUP_SINGLE_ISSUER |
		   IORING_SETUP_DEFER_TASKRUN;
	fd = (int)syscall(__NR_io_uring_setup, depth, p);
	if (fd < 0 && errno == EINVAL) {
		memset(p, 0, sizeof(*p));
		fd = (int)syscall(__NR_io_uring_setup, depth, p);
	}
	return fd;
}

static void *ring_map(int fd, size_t len, off_t what)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_POPULATE, fd, what);

	return p == MAP_FAILED ? NULL : p;
}

static void uring_exit(struct uring *u)
{
	if (u->sqe_map != NULL)
		munmap(u->sqe_map, u->sqe_len);
	if (u->cq_map != NULL && u->cq_map != u->sq_map)
		munmap(u->cq_map, u->cq_len);
	if (u->sq_map != NULL)
		munmap(u->sq_map, u->sq_len);
	if (u->fd >= 0)
		close(u->fd);
	u->fd = -1;
}

static void uring_push(struct uring *u, const struct io_uring_sqe *src)
{
	unsigned idx = u->tail & u->sq_mask;

	u->sqes[idx] = *src;
	u->sq_array[idx] = idx;
	u->tail++;
	/* The kernel must see the entry before the new tail. */
	__atomic_store_n(u->sq_tail, u->tail, __ATOMIC_RELEASE);
}

static unsigned uring_reap(struct uring *u, struct done *out, unsigned max)
{
	unsigned head = *u->cq_head, n = 0;
	unsigned tail = __atomic_load_n(u->cq_tail, __ATOMIC_ACQUIRE);

	while (head != tail && n < max) {
		const struct io_uring_cqe *c = &u->cqes[head & u->cq_mask];

		out[n].slot = (unsigned)c->user_data;
		out[n].res = c->res;
		n++;
		head++;
	}
	__atomic_store_n(u->cq_head, head, __ATOMIC_RELEASE);
	return n;
}

/* Set up the rings and prove they work with a no-op; 0 or -1 and why. */
static int uring_init(struct uring *u, unsigned depth, char *why, size_t len)
{
	struct io_uring_params p;
	struct io_uring_sqe nop;
	struct done d = { 0, 0 };

	memset(u, 0, sizeof(*u));
	u->fd = uring_setup(depth, &p);
	if (u->fd < 0) {
		snprintf(why, len, "io_uring_setup: %s", strerror(errno));
		return -1;
	}
	u->sq_len = p.sq_off.array + p.sq_entries * sizeof(unsigned);
	u->cq_len = p.cq_off.cqes + p.cq_entries * sizeof(struct io_uring_cqe);
	if (p.features & IORING_FEAT_SINGLE_MMAP) {
		if (u->cq_len > u->sq_len)
			u->sq_len = u->cq_len;
		u->cq_len = u->sq_len;
	}
	u->sqe_len = p.sq_entries * sizeof(struct io_uring_sqe);
	u->sq_map = ring_map(u->fd, u->sq_len, IORING_OFF_SQ_RING);
	if (u->sq_map != NULL)
		u->cq_map = (p.features & IORING_FEAT_SINGLE_MMAP) ? u->sq_map :
			ring_map(u->fd, u->cq_len, IORING_OFF_CQ_RING);
	if (u->cq_map != NULL)
		u->sqe_map = ring_map(u->fd, u->sqe_len, IORING_OFF_SQES);
	if (u->sq_map == NULL || u->cq_map == NULL || u->sqe_map == NULL) {
		snprintf(why, len, "io_uring mmap: %s", strerror(errno));
		uring_exit(u);
		return -1;
	}
	u->sq_head = (unsigned *)((char *)u->sq_map + p.sq_off.head);
	u->sq_tail = (unsigned *)((char *)u->sq_map + p.sq_off.tail);
	u->sq_array = (unsigned *)((char *)u->sq_map + p.sq_off.array);
	u->sq_mask = *(unsigned *)((char *)u->sq_map + p.sq_off.ring_mask);
	u->cq_head = (unsigned *)((char *)u->cq_map + p.cq_off.head);
	u->cq_tail = (unsigned *)((char *)u->cq_map + p.cq_off.tail);
	u->cq_mask = *(unsigned *)((char *)u->cq_map + p.cq_off.ring_mask);
	u->cqes = (struct io_uring_cqe *)((char *)u->cq_map + p.cq_off.cqes);
	u->sqes = u->sqe_map;
	u->tail = *u->sq_tail;
	/* IORING_OP_READ/WRITE came with this feature flag (5.6). */
	u->vectored = !(p.features & IORING_FEAT_RW_CUR_POS);

	memset(&nop, 0, sizeof(nop));
	nop.opcode = IORING_OP_NOP;
	uring_push(u, &nop);
	if (uring_enter(u->fd, 1, 1) < 0)
		snprintf(why, len, "io_uring_enter: %s", strerror(errno));
	else if (uring_reap(u, &d, 1) != 1)
		snprintf(why, len, "io_uring: no completion for a no-op");
	else if (d.res < 0)
		snprintf(why, len, "io_uring no-op: %s", strerror((int)-d.res));
	else
		return 0;
	uring_exit(u);
	return -1;
}

static void uring_queue(struct uring *u, unsigned idx, struct slot *s, int fd)
{
	struct io_uring_sqe sqe;

	memset(&sqe, 0, sizeof(sqe));
	sqe.fd = fd;
	sqe.off = s->off;
	sqe.user_data = idx;
	if (u->vectored) {
		sqe.opcode = s->write ? IORING_OP_WRITEV : IORING_OP_READV;
		sqe.addr = (uint64_t)(uintptr_t)&s->iov;
		sqe.len = 1;
	} else {
		sqe.opcode = s->write ? IORING_OP_WRITE : IORING_OP_READ;
		sqe.addr = (uint64_t)(uintptr_t)s->buf;
		sqe.len = DISKIO_SMALL;
	}
	uring_push(u, &sqe);
}

/* Submit what is queued, wait for at least 'wait' completions, reap. */
static int uring_cycle(struct uring *u, unsigned wait, struct done *out,
		       unsigned max)
{
	unsigned pending = u->tail - __atomic_load_n(u->sq_head, __ATOMIC_ACQUIRE);
	unsigned ready = __atomic_load_n(u->cq_tail, __ATOMIC_ACQUIRE) - *u->cq_head;

	if (pending > 0 || ready < wait) {
		if (uring_enter(u->fd, pending, ready < wait ? wait : 0) < 0)
			return -1;
	}
	return (int)uring_reap(u, out, max);
}

/* ---- Linux native AIO through raw system calls ------------------------------ */

struct aio {
	aio_context_t ctx;
	struct iocb **queue;
	unsigned nqueued;
	struct io_event *events;
};

static int aio_init(struct aio *a, unsigned depth, char *why, size_t len)
{
	memset(a, 0, sizeof(*a));
	if (syscall(__NR_io_setup, depth, &a->ctx) != 0) {
		snprintf(why, len, "io_setup: %s", strerror(errno));
		return -1;
	}
	a->queue = calloc(depth, sizeof(*a->queue));
	a->events = calloc(depth, sizeof(*a->events));
	if (a->queue == NULL || a->events == NULL)
		harness_fail("out of memory");
	return 0;
}

static void aio_exit(struct aio *a)
{
	if (syscall(__NR_io_destroy, a->ctx) != 0)
		printf("randrw-4k-qd64: io_destroy: %s\n", strerror(errno));
	free(a->queue);
	free(a->events);
}

static void aio_queue(struct aio *a, unsigned idx, struct slot *s, int fd)
{
	struct iocb *cb = &s->cb;

	memset(cb, 0, sizeof(*cb));
	cb->aio_data = idx;
	cb->aio_lio_opcode = s->write ? IOCB_CMD_PWRITE : IOCB_CMD_PREAD;
	cb->aio_fildes = (uint32_t)fd;
	cb->aio_buf = (uint64_t)(uintptr_t)s->buf;
	cb->aio_nbytes = DISKIO_SMALL;
	cb->aio_offset = (int64_t)s->off;
	a->queue[a->nqueued++] = cb;
}

static int aio_cycle(struct aio *a, unsigned wait, struct done *out,
		     unsigned max)
{
	long n;

	if (a->nqueued > 0) {
		n = syscall(__NR_io_submit, a->ctx, (long)a->nqueued, a->queue);
		if (n < 0)
			return -1;
		/* Keep what the kernel did not take for the next round. */
		memmove(a->queue, a->queue + n,
			(a->nqueued - (unsigned)n) * sizeof(*a->queue));
		a->nqueued -= (unsigned)n;
	}
	n = syscall(__NR_io_getevents, a->ctx, (long)wait, (long)max,
		    a->events, NULL);
	if (n < 0)
		return -1;
	for (long i = 0; i < n; i++) {
		out[i].slot = (unsigned)a->events[i].data;
		out[i].res = a->events[i].res;
	}
	return (int)n;
}

/* ---- the engine the test uses ------------------------------------------------ */

struct engine {
	enum diskio_engine kind;
	struct uring u;
	struct aio a;
};

static const char *engine_name(const struct engine *e)
{
	return e->kind == DISKIO_ENGINE_URING ? "io_uring" : "aio";
}

static void engine_init(struct engine *e, enum diskio_engine want,
			unsigned depth)
{
	char why_uring[160] = "", why_aio[160] = "";

	e->kind = DISKIO_ENGINE_AUTO;
	if (want != DISKIO_ENGINE_AIO &&
	    uring_init(&e->u, depth, why_uring, sizeof(why_uring)) == 0)
		e->kind = DISKIO_ENGINE_URING;
	else if (want != DISKIO_ENGINE_URING &&
		 aio_init(&e->a, depth, why_aio, sizeof(why_aio)) == 0)
		e->kind = DISKIO_ENGINE_AIO;
	if (e->kind == DISKIO_ENGINE_AUTO && want == DISKIO_ENGINE_URING)
		harness_skip("io_uring (forced by -e): %s", why_uring);
	if (e->kind == DISKIO_ENGINE_AUTO && want == DISKIO_ENGINE_AIO)
		harness_skip("Linux AIO (forced by -e): %s", why_aio);
	if (e->kind == DISKIO_ENGINE_AUTO)
		harness_skip("no asynchronous I/O interface: io_uring: %s; "
			     "Linux AIO: %s", why_uring, why_aio);
	if (want == DISKIO_ENGINE_AUTO && e->kind == DISKIO_ENGINE_AIO)
		printf("randrw-4k-qd64: io_uring unavailable (%s), using "
		       "Linux AIO\n", why_uring);
}

static void engine_queue(struct engine *e, unsigned idx, struct slot *s, int fd)
{
	if (e->kind == DISKIO_ENGINE_URING)
		uring_queue(&e->u, idx, s, fd);
	else
		aio_queue(&e->a, idx, s, fd);
}

static int engine_cycle(struct engine *e, unsigned wait, struct done *out,
			unsigned max)
{
	if (e->kind == DISKIO_ENGINE_URING)
		return uring_cycle(&e->u, wait, out, max);
	return aio_cycle(&e->a, wait, out, max);
}

static void engine_exit(struct engine *e)
{
	if (e->kind == DISKIO_ENGINE_URING)
		uring_exit(&e->u);
	else
		aio_exit(&e->a);
}

/* ---- the test ------------------------------------------------------------------ */

struct run {
	struct diskio_file f;
	const char *path;
	struct engine eng;
	unsigned depth;
	struct slot *slots;
	struct done *done;
	uint64_t nblocks, seq;
	struct diskio_rng rng;
	struct diskio_hist rlat, wlat;
	double seconds;
};

/* Give slot idx its next request and queue it. */
static void next_request(struct run *r, unsigned idx)
{
	struct slot *s = &r->slots[idx];

	s->write = diskio_rand(&r->rng) % 100 >= READ_PERCENT;
	s->off = diskio_rand(&r->rng) % r->nblocks * DISKIO_SMALL;
	if (s->write)
		diskio_stamp(s->buf, DISKIO_SMALL, ++r->seq);
	engine_queue(&r->eng, idx, s, r->f.fd);
}

static void check_done(const struct run *r, const struct done *d)
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
		n = engine_cycle(&r->eng, 1, r->done, r->depth);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			harness_fail_errno("%s: %s", r->path, engine_name(&r->eng));
		}
		now = diskio_ns();
		for (int i = 0; i < n; i++) {
			const struct done *d = &r->done[i];
			struct slot *s = &r->slots[d->slot];

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
		int n = engine_cycle(&r->eng, 1, r->done, r->depth);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			harness_fail_errno("%s: %s", r->path, engine_name(&r->eng));
		}
		for (int i = 0; i < n; i++)
			check_done(r, &r->done[i]);
		left -= (unsigned)n;
	}
}

static void setup(struct run *r, const struct diskio_opts *o)
{
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
		struct slot *s = &r->slots[i];

		s->buf = diskio_buffer(DISKIO_SMALL);
		diskio_fill(s->buf, DISKIO_SMALL, &data);
		s->iov.iov_base = s->buf;
		s->iov.iov_len = DISKIO_SMALL;
	}
	engine_init(&r->eng, o->engine, r->depth);
	snprintf(label, sizeof(label), "engine=%s", engine_name(&r->eng));
	diskio_prepare_shared(&r->f, o, "randrw-4k-qd64", O_RDWR, label);
}

static void report(const struct run *r)
{
	uint64_t ios = r->rlat.count + r->wlat.count;
	double bytes = (double)ios * DISKIO_SMALL;

	if (r->seconds <= 0)
		harness_fail("no time measured");
	printf("randrw-4k-qd64: %s, QD%u, %s: %llu reads, %llu writes in %.3f s\n",
	       engine_name(&r->eng), r->depth, r->f.direct ? "O_DIRECT" : "buffered",
	       (unsigned long long)r->rlat.count,
	       (unsigned long long)r->wlat.count, r->seconds);
	harness_count((double)ios / r->seconds, 0, "IOPS");
	harness_time(r->seconds);
	harness_metric("read_iops", (double)r->rlat.count / r->seconds, "IOPS");
	harness_metric("write_iops", (double)r->wlat.count / r->seconds, "IOPS");
	harness_metric("mb_s", bytes / r->seconds / 1e6, "MB/s");
	harness_metric("mib_s", bytes / r->seconds / 1048576.0, "MiB/s");
	diskio_metric_u64("ios", ios, "ops");
	diskio_report_latency(&r->rlat, "read_");
	diskio_report_latency(&r->wlat, "write_");
}

int main(int argc, char **argv)
{
	struct run r = { .f.fd = -1 };
	struct diskio_opts o;

	diskio_parse(argc, argv, usage, DISKIO_OPT_DEPTH | DISKIO_OPT_ENGINE,
		     64, &o);
	setup(&r, &o);

	harness_arm(o.seconds);
	io_loop(&r);
	drain(&r);

	engine_exit(&r.eng);
	if (close(r.f.fd) != 0)
		diskio_fail_io(r.path, "close");
	report(&r);
	for (unsigned i = 0; i < r.depth; i++)
		free(r.slots[i].buf);
	free(r.slots);
	free(r.done);
	return 0;
}
