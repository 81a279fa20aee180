/*
 * context1: pipe-based context switching (UnixBench "Pipe-based Context
 * Switching").
 *
 *   context1 [-p CPU_A,CPU_B] <seconds>
 *
 * Two pipes and a fork.  The parent sends an 8-byte counter down the first
 * pipe; the child checks it and echoes it back up the second; the parent
 * checks the echo and counts one round trip (two context switches).  Only the
 * parent is timed and reports COUNT|<round trips>|1|lps.  -p pins the
 * parent to CPU_A and the child to CPU_B.
 *
 * Placement is sampled during the loop: every PLACE_EVERY round trips the
 * child stores its CPU (sched_getcpu()) in a shared page before it echoes,
 * and the parent, once the echo is back, compares it with its own CPU.  Both
 * readings are taken within one round trip of each other.  After the count:
 *   METRIC|placement_samples|<n>|count            readings (summed over copies)
 *   METRIC|shared_cpu_fraction|<f>|fraction|mean  readings with both on one CPU
 *   METRIC|placement_changed|1/0|bool|max     a process moved between readings
 *   METRIC|shared_cpu|1/0|bool|mean           every reading shared / none
 *                                             (absent when mixed or none)
 */
#define _GNU_SOURCE
#include "harness.h"

#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/metrics.h"

#define USAGE "context1 [-p CPU_A,CPU_B] <seconds>"

/*
 * One placement sample per this many round trips (a power of two: the test
 * is a mask and a branch).  At 16k round trips/s (processes on two CPUs) a
 * 10 s sample gives 160 readings; at 550k/s (one CPU), 5000.
 */
#define PLACE_EVERY 1024UL
#define PLACE_DUE(n) (((n) & (PLACE_EVERY - 1)) == 0)

/* The child never prints; the parent turns these exit codes into ERRORs. */
enum child_exit {
	CHILD_OK = 0,
	CHILD_READ_FAILED = 10,
	CHILD_WRITE_FAILED = 11,
	CHILD_MISMATCH = 12,
};

struct ctx_opts {
	unsigned seconds;
	int pin;           /* 1 when -p was given */
	int cpu_parent, cpu_child;
};

/* The page both processes share: the child's CPU at its last sample. */
struct ctx_shared {
	atomic_int child_cpu;
};

/* What the parent learned from the samples (outside the shared page). */
struct placement {
	unsigned long samples, shared;
	int last_parent, last_child;
	int changed;
};

struct ctx_run {
	int to_child;      /* parent's write end of pipe 1 */
	int from_child;    /* parent's read end of pipe 2 */
	pid_t child;
	struct ctx_shared *sh;
	struct placement place;
	volatile unsigned long loops;
};

static int parse_cpu(const char *s, char **end)
{
	long v;

	if (*s < '0' || *s > '9')
		harness_usage(USAGE);
	errno = 0;
	v = strtol(s, end, 10);
	if (errno != 0 || *end == s || v < 0 || v >= CPU_SETSIZE)
		harness_usage(USAGE);
	return (int)v;
}

static void parse_args(int argc, char **argv, struct ctx_opts *o)
{
	int i = 1;

	if (argc == 4 && argv[1][0] == '-' && argv[1][1] == 'p' &&
	    argv[1][2] == '\0') {
		char *end;

		o->pin = 1;
		o->cpu_parent = parse_cpu(argv[2], &end);
		if (*end != ',')
			harness_usage(USAGE);
		o->cpu_child = parse_cpu(end + 1, &end);
		if (*end != '\0')
			harness_usage(USAGE);
		i = 3;
	} else if (argc != 2) {
		harness_usage(USAGE);
	}
	o->seconds = harness_seconds(argv[i], USAGE);
}

static int pin_self(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

/* The child: echo every counter until the parent closes pipe 1. */
static noreturn void child_main(int rd, int wr, struct ctx_shared *sh)
{
	unsigned long expect = 0, got;

	for (;;) {
		ssize_t n = read(rd, &got, sizeof(got));

		if (n == 0)
			break;
		if (n != (ssize_t)sizeof(got))
			_exit(CHILD_READ_FAILED);
		if (got != expect)
			_exit(CHILD_MISMATCH);
		/* Stored before the echo, so the parent sees it once the echo is back. */
		if (PLACE_DUE(expect))
			atomic_store_explicit(&sh->child_cpu, sched_getcpu(),
					      memory_order_relaxed);
		if (write(wr, &expect, sizeof(expect)) != (ssize_t)sizeof(expect))
			_exit(CHILD_WRITE_FAILED);
		expect++;
	}
	_exit(CHILD_OK);
}

/* Describe a child that did not exit 0, for an ERROR line. */
static void describe_child(int status, char *buf, size_t size)
{
	if (WIFSIGNALED(status)) {
		snprintf(buf, size, "child killed by signal %d", WTERMSIG(status));
		return;
	}
	switch (WEXITSTATUS(status)) {
	case CHILD_READ_FAILED:
		snprintf(buf, size, "child: read from pipe failed");
		break;
	case CHILD_WRITE_FAILED:
		snprintf(buf, size, "child: write to pipe failed");
		break;
	case CHILD_MISMATCH:
		snprintf(buf, size, "child: counter mismatch");
		break;
	default:
		snprintf(buf, size, "child exited with status %d",
			 WEXITSTATUS(status));
	}
}

/*
 * Never leave the child behind: kill and reap it before failing.  If it had
 * already died, that is most likely the cause, so say so.
 */
static noreturn void fail_run(struct ctx_run *r, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static noreturn void fail_run(struct ctx_run *r, int err, const char *fmt, ...)
{
	char msg[256], why[64] = "";
	int status;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (waitpid(r->child, &status, WNOHANG) == r->child) {
		describe_child(status, why, sizeof(why));
	} else {
		kill(r->child, SIGKILL);
		harness_reap(r->child);
	}
	if (why[0] != '\0')
		harness_fail("%s (%s)", msg, why);
	if (err == 0)
		harness_fail("%s", msg);
	errno = err;
	harness_fail_errno("%s", msg);
}

/* The child closed its end of a pipe, which it only does by dying: wait for
 * it and report why it died. */
static noreturn void fail_child_gone(struct ctx_run *r, const char *what)
{
	char why[64];
	int status = harness_reap(r->child);

	if (status < 0)
		harness_fail_errno("%s: child vanished: waitpid", what);
	describe_child(status, why, sizeof(why));
	harness_fail("%s: %s", what, why);
}

/* 1 to go on, 0 when the alarm interrupted the transfer; fails otherwise. */
static int check_io(struct ctx_run *r, ssize_t got, const char *what)
{
	if (got == (ssize_t)sizeof(unsigned long))
		return 1;
	if (got < 0 && errno == EINTR && harness_stop)
		return 0;
	if (got == 0 || (got < 0 && errno == EPIPE))
		fail_child_gone(r, what);
	fail_run(r, got < 0 ? errno : 0, "%s", what);
}

/* A sampled round trip is back: both processes' CPUs, read within one round trip. */
static void sample_placement(struct ctx_run *r)
{
	struct placement *pl = &r->place;
	int me = sched_getcpu();
	int child = atomic_load_explicit(&r->sh->child_cpu, memory_order_relaxed);

	if (me < 0 || child < 0)
		return;
	if (pl->samples > 0 && (me != pl->last_parent || child != pl->last_child))
		pl->changed = 1;
	pl->last_parent = me;
	pl->last_child = child;
	pl->samples++;
	pl->shared += me == child;
}

static void parent_loop(struct ctx_run *r)
{
	unsigned long token, echo;

	while (!harness_stop) {
		token = r->loops;
		if (!check_io(r, write(r->to_child, &token, sizeof(token)),
			      "write to child"))
			break;
		if (!check_io(r, read(r->from_child, &echo, sizeof(echo)),
			      "read from child"))
			break;
		if (echo != token)
			fail_run(r, 0, "echo does not match the counter sent");
		if (PLACE_DUE(token))
			sample_placement(r);
		r->loops++;
	}
}

/*
 * After the loop: close pipe 1 so the child sees EOF, then read pipe 2 to
 * EOF (an echo may still be in flight).
 */
static void drain_child(struct ctx_run *r)
{
	unsigned long msg;
	ssize_t n;

	if (close(r->to_child) != 0)
		fail_run(r, errno, "close pipe to child");
	while ((n = read(r->from_child, &msg, sizeof(msg))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n != (ssize_t)sizeof(msg))
			fail_run(r, n < 0 ? errno : 0, "read from child at exit");
	}
	if (close(r->from_child) != 0)
		fail_run(r, errno, "close pipe from child");
}

static void start_child(struct ctx_run *r, const struct ctx_opts *o)
{
	int down[2], up[2];

	if (pipe(down) != 0 || pipe(up) != 0)
		harness_fail_errno("pipe");
	r->sh = mmap(NULL, sizeof(*r->sh), PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (r->sh == MAP_FAILED)
		harness_fail_errno("mmap(shared page)");
	atomic_init(&r->sh->child_cpu, -1);
	/* The child inherits the affinity in force at fork time. */
	if (o->pin && pin_self(o->cpu_child) != 0)
		harness_fail_errno("sched_setaffinity(child CPU %d)", o->cpu_child);
	r->child = fork();
	if (r->child < 0)
		harness_fail_errno("fork");
	if (r->child == 0) {
		close(down[1]);
		close(up[0]);
		child_main(down[0], up[1], r->sh);
	}
	r->to_child = down[1];
	r->from_child = up[0];
	if (close(down[0]) != 0 || close(up[1]) != 0)
		fail_run(r, errno, "close child's pipe ends");
	if (o->pin && pin_self(o->cpu_parent) != 0)
		fail_run(r, errno, "sched_setaffinity(parent CPU %d)",
			 o->cpu_parent);
}

static void report_placement(const struct placement *pl)
{
	double frac = pl->samples ? (double)pl->shared / (double)pl->samples : -1;

	harness_metric(METRIC_PLACEMENT_SAMPLES, (double)pl->samples, "count");
	if (pl->samples == 0)
		return;
	harness_metric_as(METRIC_SHARED_CPU_FRACTION, frac, "fraction", MC_MEAN);
	harness_metric_as(METRIC_PLACEMENT_CHANGED, pl->changed, "bool", MC_MAX);
	/* Metric values are never negative: a mixed placement has no flag. */
	if (frac == 1 || frac == 0)
		harness_metric_as("shared_cpu", frac == 1, "bool", MC_MEAN);
}

int main(int argc, char **argv)
{
	struct ctx_opts opts = { 0 };
	struct ctx_run run = { .to_child = -1, .from_child = -1 };
	int status;

	parse_args(argc, argv, &opts);
	/* A dead peer must show up as EPIPE, not kill us silently. */
	if (signal(SIGPIPE, SIG_IGN) == SIG_ERR)
		harness_fail_errno("signal(SIGPIPE)");
	start_child(&run, &opts);

	harness_arm(opts.seconds);
	parent_loop(&run);

	drain_child(&run);
	status = harness_reap(run.child);
	if (status < 0)
		harness_fail_errno("waitpid");
	if (!WIFEXITED(status) || WEXITSTATUS(status) != CHILD_OK) {
		char why[64];

		describe_child(status, why, sizeof(why));
		harness_fail("%s", why);
	}

	harness_count_u(run.loops, 1, "lps");
	report_placement(&run.place);
	return HARNESS_OK;
}
