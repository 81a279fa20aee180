/*
 * ioengine.h: asynchronous 4 KiB direct I/O for the disk programs, through
 * raw system calls so the build needs nothing but the kernel headers:
 * io_uring first, Linux native AIO if io_uring is missing or forbidden
 * (containers often block it), and SKIP with both reasons if neither works.
 *
 * The caller owns the request slots and their buffers; the engine queues a
 * slot's request, submits what is queued and reaps completions in one call
 * (ioengine_cycle), so the measured loop makes one system call per batch.
 */
#ifndef SYSINDEX_IOENGINE_H
#define SYSINDEX_IOENGINE_H

#include <linux/aio_abi.h>
#include <linux/io_uring.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/uio.h>

#include "diskio.h"

/* One request slot: a buffer that is either in flight or being refilled. */
struct io_slot {
	unsigned char *buf;
	uint64_t off;
	uint64_t t_submit;
	int write;
	struct iovec iov;       /* io_uring before 5.6 only has READV/WRITEV */
	struct iocb cb;         /* Linux AIO */
};

struct io_done {
	unsigned slot;
	int64_t res;
};

/* io_uring's rings, mapped from the kernel. */
struct ioengine_uring {
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

/* Linux AIO: a context and the iocbs queued for the next io_submit. */
struct ioengine_aio {
	aio_context_t ctx;
	struct iocb **queue;
	unsigned nqueued;
	struct io_event *events;
};

/* The engine a test uses: kind says which of the two is set up. */
struct ioengine {
	enum diskio_engine kind;
	const char *prog;       /* the program, for its messages */
	struct ioengine_uring u;
	struct ioengine_aio a;
};

/*
 * Set up the engine 'want' (AUTO: io_uring, else AIO) for 'depth' requests
 * in flight; SKIP when it cannot.  prog names the program in the engine's
 * messages (AUTO fell back to AIO; io_destroy failed).
 */
void ioengine_init(struct ioengine *e, enum diskio_engine want, unsigned depth,
		   const char *prog);
/* "io_uring" or "aio". */
const char *ioengine_name(const struct ioengine *e);
/* Queue slot idx's request (s->write, s->off, s->buf; DISKIO_SMALL bytes). */
void ioengine_queue(struct ioengine *e, unsigned idx, struct io_slot *s, int fd);
/* Submit what is queued, wait for at least 'wait' completions, reap up to max. */
int ioengine_cycle(struct ioengine *e, unsigned wait, struct io_done *out, unsigned max);
void ioengine_exit(struct ioengine *e);

#endif
