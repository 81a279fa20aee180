/* ioengine.c: io_uring and Linux AIO through raw system calls (ioengine.h). */
#define _GNU_SOURCE     /* MAP_POPULATE, syscall() */
#include "ioengine.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

/* ---- io_uring ------------------------------------------------------------- */

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

static void uring_exit(struct ioengine_uring *u)
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

static void uring_push(struct ioengine_uring *u, const struct io_uring_sqe *src)
{
	unsigned idx = u->tail & u->sq_mask;

	u->sqes[idx] = *src;
	u->sq_array[idx] = idx;
	u->tail++;
	/* The kernel must see the entry before the new tail. */
	__atomic_store_n(u->sq_tail, u->tail, __ATOMIC_RELEASE);
}

static unsigned uring_reap(struct ioengine_uring *u, struct io_done *out, unsigned max)
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
static int uring_init(struct ioengine_uring *u, unsigned depth, char *why, size_t len)
{
	struct io_uring_params p;
	struct io_uring_sqe nop;
	struct io_done d = { 0, 0 };

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

static void uring_queue(struct ioengine_uring *u, unsigned idx, struct io_slot *s, int fd)
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
static int uring_cycle(struct ioengine_uring *u, unsigned wait, struct io_done *out,
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

static int aio_init(struct ioengine_aio *a, unsigned depth, char *why, size_t len)
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

static void aio_exit(struct ioengine_aio *a, const char *prog)
{
	if (syscall(__NR_io_destroy, a->ctx) != 0)
		printf("%s: io_destroy: %s\n", prog, strerror(errno));
	free(a->queue);
	free(a->events);
}

static void aio_queue(struct ioengine_aio *a, unsigned idx, struct io_slot *s, int fd)
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

static int aio_cycle(struct ioengine_aio *a, unsigned wait, struct io_done *out,
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

const char *ioengine_name(const struct ioengine *e)
{
	return e->kind == DISKIO_ENGINE_URING ? "io_uring" : "aio";
}

void ioengine_init(struct ioengine *e, enum diskio_engine want, unsigned depth,
		   const char *prog)
{
	char why_uring[160] = "", why_aio[160] = "";

	e->kind = DISKIO_ENGINE_AUTO;
	e->prog = prog;
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
		printf("%s: io_uring unavailable (%s), using Linux AIO\n", prog, why_uring);
}

void ioengine_queue(struct ioengine *e, unsigned idx, struct io_slot *s, int fd)
{
	if (e->kind == DISKIO_ENGINE_URING)
		uring_queue(&e->u, idx, s, fd);
	else
		aio_queue(&e->a, idx, s, fd);
}

int ioengine_cycle(struct ioengine *e, unsigned wait, struct io_done *out, unsigned max)
{
	if (e->kind == DISKIO_ENGINE_URING)
		return uring_cycle(&e->u, wait, out, max);
	return aio_cycle(&e->a, wait, out, max);
}

void ioengine_exit(struct ioengine *e)
{
	if (e->kind == DISKIO_ENGINE_URING)
		uring_exit(&e->u);
	else
		aio_exit(&e->a, e->prog);
}
