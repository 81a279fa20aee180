/*
 * fstime: file write, read and copy throughput (UnixBench "File Copy" etc.).
 *
 *   fstime [-c|-r|-w] [-b bufsize] [-m maxblocks] [-t seconds] [-d dir]
 *          [-s settle] [-p prime-ms] [-q slice-ms] [-z spacer-MiB] [-n pid|shared]
 *
 * The work per loop is the reference's: two files dummy0-<pid> and
 * dummy1-<pid> in dir, a file size of maxblocks KB swept in bufsize chunks
 * and rewound after each sweep, a priming write (and read, for copy) before
 * the timed phase, byte accounting in 256-byte units with proportional
 * credit for a buffer cut short by the alarm, and the rate from the true
 * elapsed time.  Result: COUNT|<KBps>|0|KBps and TIME|<seconds>.
 *
 * Both files are unlinked as soon as they are open.  The test runs on the
 * open descriptors, so no exit path (error, Ctrl-C, SIGTERM, even SIGKILL)
 * can leave a test file behind, and no signal handler has to know the names.
 *
 * -n shared: UnixBench 5.1.3's names instead, plain dummy0 and dummy1, so
 * every copy started in the same directory opens (and truncates) the same
 * two files, as under 5.1.3; the names then stay until the end of the test
 * (an early exit leaves them in the scratch directory, which the driver
 * removes).  -n pid is the default.
 *
 * -s N replaces every settle sleep by N seconds (-s 0: none, for --quick;
 * -s -1: the reference's sleeps, the default);
 * without it the reference's sleeps are used.  Priming phases last 2 s, or
 * the -t duration when that is shorter; -p MS sets them to MS milliseconds
 * (at most the -t duration; paired mode's sliced samples use a short one).
 *
 * Several -d (at most FST_MAX_DIRS): paired mode's sliced sample.  Every
 * directory gets its own two files.  Each phase (for the copy the priming
 * write, the priming read and the timed copy; for the read the priming
 * write and the timed read; for the write the timed write alone, as the
 * single-directory phases) comes after one settle and runs
 * for all the directories at once, in slices of -q milliseconds (default
 * 20) alternating across them, each cycle of slices in the next row of a
 * Williams design (williams.h: A B B A A B B A ... for two), so that the
 * host's speed changes, which last seconds, fall on every directory alike.
 * Each directory adds up its own units and its own measured slice time
 * until each has had the phase's time (-p, then -t seconds; whole cycles:
 * the last may pass it by a slice).  Unlike the single-directory copy, which
 * starts on an empty dummy1, the sliced priming write lays out dummy1 too
 * (write_buffer says why).
 * Before it creates the files, a sliced sample takes a placement spacer:
 * -z MiB of memory (default a random 1..SPACER_MAX_MIB, -z 0 none),
 * written and held until the end.  Without it every round's process got
 * back the pages the last round's files had freed, in the same directory
 * order, so each directory kept its memory for a whole test and the
 * host's slowly changing speed of that memory (a virtual machine's pages
 * are the host's) showed as a difference between the directories that
 * wandered for minutes: the per-round log-ratios of an A/A test were
 * autocorrelated (+0.3 to +0.4 at lags 1 to 5, tmpfs) and their t
 * interval too narrow.  With a spacer of random size the files land on
 * other pages every round, and the rounds are independent again
 * (bench/paired.md).
 * The slice clock is read once every SLICE_CHECK_BYTES of copying, never
 * per buffer.  Result: COUNT|<KBps>|0|KBps|<i> and TIME|<seconds>|<i> for
 * directory i (from 0, in the order given).  With one -d, -q has no effect
 * and the program does exactly the single-directory work above.
 */
/* sync() is XSI. */
#define _XOPEN_SOURCE 700
#include "diskio.h"
#include "harness.h"
#include "shared/williams.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#define USAGE "fstime [-c|-r|-w] [-b bufsize 256..8192] [-m maxblocks KB] " \
	"[-t seconds] [-d dir]... [-s settle seconds] [-p prime ms] " \
	"[-q slice ms 1..1000] [-z spacer MiB 0..1024] [-n pid|shared]; " \
	"several -d: one sliced sample for each"
#define UNIT 256		/* accounting unit in bytes, as the reference */
#define BUF_MAX 8192
/*
 * Where in its page the copy buffer starts: 0x1e0, where UnixBench 6.0's
 * own fstime buffer lands when Debian 12's gcc builds it (nm: buf at
 * 0x41e0).  Measured here, the copy rate moves by up to 7% between page
 * offsets 0, 0x160 and 0x1e0 (35% slower at 0x10), so the offset is fixed.
 */
#define BUF_PAGE_OFFSET 0x1e0
#define PRIME_MS 2000u
#define FST_MAX_DIRS PROTOCOL_MAX_DIRS
#define SLICE_MS 20u
#define SLICE_CHECK_BYTES 16384	/* copied between two reads of the slice clock */
#define SPACER_MAX_MIB 64	/* the default spacer: 1..64 MiB at random */
#define SPACER_PAGE 4096	/* the spacer is written once every this many bytes */

enum mode { MODE_COPY, MODE_READ, MODE_WRITE };

struct fst {
	enum mode mode;
	size_t bufsize;
	long maxblocks;
	unsigned seconds;
	long settle;		/* -1: the reference's sleeps */
	const char *dir;
	const char *dirs[FST_MAX_DIRS];	/* every -d, in order */
	size_t ndirs;
	unsigned prime_ms;	/* -p; 0: PRIME_MS */
	unsigned slice_ms;	/* -q */
	int shared_names;	/* -n shared: 5.1.3's dummy0/dummy1 */
	long spacer_mib;	/* -z; -1: random 1..SPACER_MAX_MIB */
	long buffers;		/* bufsize chunks per file sweep */
	long written;		/* of them, written in the sliced write's sweep */
	char *buf;
	int fd[2];		/* 0: written then read, 1: copy target */
	double read_kbps, write_kbps;	/* from the priming phases */
};

struct sample {
	unsigned long long units;	/* 256-byte units moved */
	double elapsed;			/* seconds, monotonic */
};

/* Fail naming the test directory, so a full or read-only disk is obvious. */
static noreturn void fail_dir(const struct fst *f, const char *op)
{
	harness_fail_errno("%s: %s", f->dir, op);
}

static unsigned long long units_of(size_t bytes)
{
	return (bytes + UNIT - 1) / UNIT;
}

static void parse_args(struct fst *f, int argc, char **argv)
{
	int c;

	*f = (struct fst){ .mode = MODE_COPY, .bufsize = 1024, .maxblocks = 2000,
			   .seconds = 30, .settle = -1, .dir = ".",
			   .slice_ms = SLICE_MS, .spacer_mib = -1, .fd = { -1, -1 } };
	while ((c = getopt(argc, argv, "crwb:m:t:d:s:n:p:q:z:")) != -1) {
		switch (c) {
		case 'c': f->mode = MODE_COPY; break;
		case 'r': f->mode = MODE_READ; break;
		case 'w': f->mode = MODE_WRITE; break;
		case 'b': f->bufsize = (size_t)harness_long(optarg, UNIT, BUF_MAX, USAGE); break;
		case 'm': f->maxblocks = harness_long(optarg, 1, 64L * 1024 * 1024, USAGE); break;
		case 't': f->seconds = harness_seconds(optarg, USAGE); break;
		case 'd':
			if (f->ndirs == FST_MAX_DIRS || *optarg == '\0')
				harness_usage(USAGE);
			f->dirs[f->ndirs++] = f->dir = optarg;
			break;
		case 'p': f->prime_ms = (unsigned)harness_long(optarg, 1, 3600000, USAGE); break;
		case 'q': f->slice_ms = (unsigned)harness_long(optarg, 1, 1000, USAGE); break;
		case 's': f->settle = harness_long(optarg, -1, 3600, USAGE); break;
		case 'z': f->spacer_mib = harness_long(optarg, 0, 1024, USAGE); break;
		case 'n':
			if (strcmp(optarg, "pid") != 0 && strcmp(optarg, "shared") != 0)
				harness_usage(USAGE);
			f->shared_names = optarg[0] == 's';
			break;
		default: harness_usage(USAGE);
		}
	}
	if (optind != argc || *f->dir == '\0')
		harness_usage(USAGE);
	f->buffers = f->maxblocks * 1024 / (long)f->bufsize;
	if (f->buffers < 1)
		harness_usage(USAGE);
}

/* dir/dummy<i>-<pid>, or dir/dummy<i> with -n shared. */
static void file_name(const struct fst *f, int i, char *path, size_t len)
{
	int n = f->shared_names
		? snprintf(path, len, "%s/dummy%d", f->dir, i)
		: snprintf(path, len, "%s/dummy%d-%ld", f->dir, i, (long)getpid());

	if (n < 0 || (size_t)n >= len)
		harness_fail("%s: path too long", f->dir);
}

/* -n shared: remove the names; another copy may have done so already. */
static void remove_shared(const struct fst *f)
{
	char path[4096];

	for (int i = 0; i < 2 && f->shared_names; i++) {
		file_name(f, i, path, sizeof(path));
		if (unlink(path) != 0 && errno != ENOENT)
			fail_dir(f, "unlink");
	}
}

/*
 * Create both files and unlink them at once.  Termination signals are held
 * off in between so that not even a Ctrl-C at that instant leaves a name.
 */
static void open_files(struct fst *f)
{
	sigset_t hold, old;
	char path[4096];

	sigemptyset(&hold);
	sigaddset(&hold, SIGINT);
	sigaddset(&hold, SIGTERM);
	sigaddset(&hold, SIGHUP);
	sigaddset(&hold, SIGQUIT);
	if (sigprocmask(SIG_BLOCK, &hold, &old) != 0)
		harness_fail_errno("sigprocmask");
	for (int i = 0; i < 2; i++) {
		file_name(f, i, path, sizeof(path));
		f->fd[i] = open(path, O_RDWR | O_CREAT | O_TRUNC | O_NOFOLLOW, 0600);
		if (f->fd[i] < 0)
			fail_dir(f, i ? "create dummy1" : "create dummy0");
		if (!f->shared_names && unlink(path) != 0)
			fail_dir(f, "unlink");
	}
	if (sigprocmask(SIG_SETMASK, &old, NULL) != 0)
		harness_fail_errno("sigprocmask");
}

static void rewind_fd(const struct fst *f, int fd)
{
	if (lseek(fd, 0, SEEK_SET) != 0)
		fail_dir(f, "lseek");
}

static void nap(unsigned seconds)
{
	while (seconds > 0)
		seconds = sleep(seconds);
}

/* The reference's sync/sleep/sync/sleep before each phase. */
static void settle(const struct fst *f, unsigned first, unsigned second)
{
	sync();
	nap(f->settle < 0 ? first : (unsigned)f->settle);
	sync();
	nap(f->settle < 0 ? second : (unsigned)f->settle);
}

/*
 * Finish a write that came back short.  Returns the bytes written in all;
 * fewer than len only when the alarm stopped the test.  A short write with
 * no alarm is retried, so a full disk surfaces as ENOSPC on the next call.
 */
static size_t write_rest(const struct fst *f, int fd, const char *p,
			 size_t len, ssize_t first)
{
	size_t done = 0;
	ssize_t n = first;

	for (;;) {
		if (n < 0 && errno != EINTR)
			fail_dir(f, "write");
		if (n == 0) {
			errno = ENOSPC;
			fail_dir(f, "write");
		}
		if (n > 0)
			done += (size_t)n;
		if (done == len || harness_stop)
			return done;
		n = write(fd, p + done, len - done);
	}
}

/* Write one buffer to fd, finishing a short write; the units written. */
static unsigned long long write_one(const struct fst *f, int fd, unsigned long long per_buf)
{
	ssize_t n = write(fd, f->buf, f->bufsize);

	if ((size_t)n == f->bufsize)
		return per_buf;
	return units_of(write_rest(f, fd, f->buf, f->bufsize, n));
}

/* Read one buffer of dummy0, rewound at the end of the file; the units read. */
static unsigned long long read_buffer(struct fst *f, unsigned long long per_buf)
{
	ssize_t n = read(f->fd[0], f->buf, f->bufsize);

	if ((size_t)n == f->bufsize)
		return per_buf;
	if (n > 0)
		return units_of((size_t)n);
	if (n == 0)
		rewind_fd(f, f->fd[0]);
	else if (errno != EINTR)
		fail_dir(f, "read");
	return 0;
}

static struct sample phase_write(struct fst *f, unsigned ms)
{
	const unsigned long long per_buf = f->bufsize / UNIT;
	const int fd = f->fd[0];
	struct sample s = { 0, 0.0 };
	double t0;

	settle(f, 2, 2);
	rewind_fd(f, fd);
	harness_arm_ms(ms);
	t0 = harness_now();
	while (!harness_stop) {
		for (long b = 0; b < f->buffers && !harness_stop; b++)
			s.units += write_one(f, fd, per_buf);
		if (!harness_stop)
			rewind_fd(f, fd);
	}
	s.elapsed = harness_now() - t0;
	return s;
}

static struct sample phase_read(struct fst *f, unsigned ms)
{
	const unsigned long long per_buf = f->bufsize / UNIT;
	struct sample s = { 0, 0.0 };
	double t0;

	settle(f, 2, 2);
	rewind_fd(f, f->fd[0]);
	harness_arm_ms(ms);
	t0 = harness_now();
	while (!harness_stop)
		s.units += read_buffer(f, per_buf);
	s.elapsed = harness_now() - t0;
	return s;
}

/*
 * Credit for a buffer whose write the alarm cut short: the read part counts
 * by its share of the time a whole copy takes (1/r of 1/r + 1/w, from the
 * priming rates), the written bytes by the write share.
 */
static unsigned long long partial_copy(const struct fst *f, size_t got,
				       size_t put)
{
	double r = f->read_kbps, w = f->write_kbps;
	double read_share = (r > 0 && w > 0) ? w / (r + w) : 0.5;

	return (unsigned long long)((double)units_of(got) * read_share +
				    (double)units_of(put) * (1.0 - read_share));
}

/*
 * One buffer of the copy: read from in, write to out, rewind both at the
 * end of the file.  Returns the units credited (0 at the end of the file).
 */
static inline unsigned long long copy_buffer(struct fst *f, int in, int out,
					     unsigned long long per_buf)
{
	ssize_t n = read(in, f->buf, f->bufsize), w;
	size_t put;

	if (n <= 0) {
		if (n < 0 && errno != EINTR)
			fail_dir(f, "read");
		if (n == 0) {
			rewind_fd(f, in);
			rewind_fd(f, out);
		}
		return 0;
	}
	w = write(out, f->buf, (size_t)n);
	if (w == n)
		return (size_t)n == f->bufsize ? per_buf : units_of((size_t)n);
	put = write_rest(f, out, f->buf, (size_t)n, w);
	return put == (size_t)n ? units_of(put) : partial_copy(f, (size_t)n, put);
}

static struct sample phase_copy(struct fst *f, unsigned seconds)
{
	const unsigned long long per_buf = f->bufsize / UNIT;
	const int in = f->fd[0], out = f->fd[1];
	struct sample s = { 0, 0.0 };
	double t0;

	settle(f, 2, 1);
	rewind_fd(f, in);
	rewind_fd(f, out);
	harness_arm(seconds);
	t0 = harness_now();
	while (!harness_stop)
		s.units += copy_buffer(f, in, out, per_buf);
	s.elapsed = harness_now() - t0;
	return s;
}

/* Chatter on stdout (the run log); returns the rate in KB/s. */
static double report(const char *what, struct sample s)
{
	double kb = (double)s.units * UNIT / 1024.0;
	double kbps = s.elapsed > 0 ? kb / s.elapsed : 0.0;

	printf("%s done: %llu bytes in %.4f s, %.0f KBps\n", what,
	       s.units * UNIT, s.elapsed, kbps);
	return kbps;
}

/* How a directory's slices went, for the log: a long one is a stall. */
struct slices {
	unsigned long n;
	double longest;		/* seconds */
};

/* The sliced phases' buffers: one write, read or copy; the units moved. */
typedef unsigned long long buffer_op(struct fst *f, unsigned long long per_buf);

/*
 * The priming write's buffer: the sweep of phase_write on dummy0, and the
 * same buffer laid out in dummy1 at the same offset (both rewound
 * together), so that the copy overwrites in every directory.  Left empty,
 * dummy1 got its blocks in the copy's first slices, and the directory
 * whose copy began the cycle copied 4-7% slower for the whole 1-second
 * copy (the other one's first slice followed; measured on ext4, 4 KiB
 * buffers): the order of the round, not the directory, decided.  Only
 * dummy0's bytes count.
 */
static unsigned long long write_buffer(struct fst *f, unsigned long long per_buf)
{
	if (f->written == f->buffers) {
		rewind_fd(f, f->fd[0]);
		rewind_fd(f, f->fd[1]);
		f->written = 0;
	}
	f->written++;
	(void)write_one(f, f->fd[1], per_buf);
	return write_one(f, f->fd[0], per_buf);
}

/* The write's buffer: phase_write's sweep of dummy0, in slices. */
static unsigned long long write0_buffer(struct fst *f, unsigned long long per_buf)
{
	if (f->written == f->buffers) {
		rewind_fd(f, f->fd[0]);
		f->written = 0;
	}
	f->written++;
	return write_one(f, f->fd[0], per_buf);
}

/* The copy's buffer, copy_buffer on the directory's two files. */
static unsigned long long copy_one(struct fst *f, unsigned long long per_buf)
{
	return copy_buffer(f, f->fd[0], f->fd[1], per_buf);
}

/*
 * One slice of a sliced phase: op for at least ms milliseconds, reading
 * the clock once every 'check' buffers, and add the units and the slice's
 * own time to s.  No alarm runs here, so every write completes (and no
 * partial credit is ever needed).  Inlined at each call, where op is known.
 */
__attribute__((always_inline)) static inline void
slice_run(struct fst *f, buffer_op *op, long check, double ms, struct sample *s,
	  struct slices *sl)
{
	const unsigned long long per_buf = f->bufsize / UNIT;
	const double t0 = harness_now(), len = ms / 1000.0;
	double t;

	do {
		for (long i = 0; i < check; i++)
			s->units += op(f, per_buf);
		t = harness_now();
	} while (t - t0 < len);
	s->elapsed += t - t0;
	sl->n++;
	if (t - t0 > sl->longest)
		sl->longest = t - t0;
}

/* Whether every directory has had the phase's seconds. */
static int all_done(const struct sample *s, size_t k, double seconds)
{
	for (size_t d = 0; d < k; d++)
		if (s[d].elapsed < seconds)
			return 0;
	return 1;
}

/*
 * One phase across the directories in slices, cycle c of them in Williams
 * row c, from the start of the files; s and sl start zeroed.  The caller
 * settles first, as the single-directory phase does.
 */
__attribute__((always_inline)) static inline void
sliced_phase(struct fst *fs, size_t k, const struct fst *opt, buffer_op *op, double seconds,
	     struct sample *s, struct slices *sl)
{
	long check = SLICE_CHECK_BYTES / (long)opt->bufsize;
	size_t ord[FST_MAX_DIRS];

	if (check < 1)
		check = 1;
	memset(s, 0, k * sizeof(*s));
	memset(sl, 0, k * sizeof(*sl));
	for (size_t d = 0; d < k; d++) {
		rewind_fd(&fs[d], fs[d].fd[0]);
		rewind_fd(&fs[d], fs[d].fd[1]);
		fs[d].written = 0;
	}
	for (size_t c = 0; !all_done(s, k, seconds); c++) {
		williams_row(k, c, ord);
		for (size_t j = 0; j < k; j++)
			slice_run(&fs[ord[j]], op, check, opt->slice_ms, &s[ord[j]], &sl[ord[j]]);
	}
}

static void close_files(struct fst *f)
{
	if (close(f->fd[0]) != 0 || close(f->fd[1]) != 0)
		fail_dir(f, "close");
	remove_shared(f);
}

/*
 * The placement spacer (see the top of the file): -z MiB, or a random size
 * from the clock and the pid (diskio_seed), written a byte a page so that
 * every page is really taken; NULL for none.
 */
static char *take_spacer(const struct fst *opt)
{
	long mib = opt->spacer_mib >= 0 ? opt->spacer_mib
		   : (long)(diskio_seed() % SPACER_MAX_MIB) + 1;
	size_t len = (size_t)mib << 20;
	char *sp;

	printf("Placement spacer: %ld MiB\n", mib);
	if (len == 0)
		return NULL;
	sp = malloc(len);
	if (sp == NULL)
		harness_fail("placement spacer: %ld MiB: out of memory", mib);
	for (size_t i = 0; i < len; i += SPACER_PAGE)
		((volatile char *)sp)[i] = 1;
	return sp;
}

/* One sliced phase after a settle; each directory's rate into kbps[] (as 'name d'). */
static void settled_phase(struct fst *fs, size_t k, const struct fst *opt, buffer_op *op,
			  double seconds, unsigned sleep2, const char *name, struct sample *s,
			  struct slices *sl, double *kbps)
{
	char what[32];

	settle(opt, 2, sleep2);
	sliced_phase(fs, k, opt, op, seconds, s, sl);
	for (size_t d = 0; d < k; d++) {
		snprintf(what, sizeof(what), "%s %zu", name, d);
		kbps[d] = report(what, s[d]);
	}
}

/*
 * Several -d: the single-directory phases of the mode, each sliced across
 * the directories; the last one timed, its rate per directory the result.
 */
static void run_sliced(struct fst *opt, unsigned prime)
{
	static const char *const names[] = { [MODE_COPY] = "Copy", [MODE_READ] = "Read",
					     [MODE_WRITE] = "Write" };
	char *spacer = take_spacer(opt);
	struct fst fs[FST_MAX_DIRS];
	struct sample s[FST_MAX_DIRS];
	struct slices sl[FST_MAX_DIRS];
	double kbps[FST_MAX_DIRS], w[FST_MAX_DIRS], r[FST_MAX_DIRS];
	size_t k = opt->ndirs;

	for (size_t d = 0; d < k; d++) {
		fs[d] = *opt;
		fs[d].dir = opt->dirs[d];
		fs[d].fd[0] = fs[d].fd[1] = -1;
		open_files(&fs[d]);
		printf("Directory %zu: %s\n", d, fs[d].dir);
	}
	if (opt->mode == MODE_WRITE) {
		settled_phase(fs, k, opt, write0_buffer, opt->seconds, 2, "Write", s, sl, kbps);
	} else if (opt->mode == MODE_READ) {
		settled_phase(fs, k, opt, write0_buffer, prime / 1000.0, 2, "Write", s, sl, w);
		settled_phase(fs, k, opt, read_buffer, opt->seconds, 2, "Read", s, sl, kbps);
	} else {
		settled_phase(fs, k, opt, write_buffer, prime / 1000.0, 2, "Write", s, sl, w);
		settled_phase(fs, k, opt, read_buffer, prime / 1000.0, 2, "Read", s, sl, r);
		for (size_t d = 0; d < k; d++) {
			struct stat st;

			fs[d].write_kbps = w[d];
			fs[d].read_kbps = r[d];
			if (fstat(fs[d].fd[1], &st) != 0)
				fail_dir(&fs[d], "fstat dummy1");
			printf("Copy %zu: dummy1 holds %lld bytes before the copy\n", d,
			       (long long)st.st_size);
		}
		settled_phase(fs, k, opt, copy_one, opt->seconds, 1, "Copy", s, sl, kbps);
	}
	for (size_t d = 0; d < k; d++) {
		printf("%s %zu: %lu slices of %u ms, the longest %.1f ms\n", names[opt->mode], d,
		       sl[d].n, opt->slice_ms, sl[d].longest * 1e3);
		close_files(&fs[d]);
		harness_count_dir((unsigned long long)kbps[d], 0, "KBps", (unsigned)d);
		harness_time_dir(s[d].elapsed, (unsigned)d);
	}
	free(spacer);
}

int main(int argc, char **argv)
{
	/*
	 * The buffer sits at a fixed offset into a page, BUF_PAGE_OFFSET, so
	 * that where the linker puts it (which moves as unrelated code changes)
	 * cannot change the kernel's copies to and from it, whose speed depends
	 * on that offset (docs/unixbench-fidelity.md).
	 */
	static _Alignas(4096) char page[BUF_PAGE_OFFSET + BUF_MAX];
	char *const buf = page + BUF_PAGE_OFFSET;
	struct fst f;
	unsigned prime;
	struct sample s;
	double kbps;

	parse_args(&f, argc, argv);
	prime = f.prime_ms ? f.prime_ms : PRIME_MS;
	if (prime > f.seconds * 1000u)
		prime = f.seconds * 1000u;
	for (size_t i = 0; i < BUF_MAX; i++)
		buf[i] = (char)(i & 0xff);
	f.buf = buf;
	if (f.ndirs > 1) {
		run_sliced(&f, prime);
		return 0;
	}
	open_files(&f);

	if (f.mode == MODE_WRITE) {
		s = phase_write(&f, f.seconds * 1000u);
		kbps = report("Write", s);
	} else {
		f.write_kbps = report("Write", phase_write(&f, prime));
		if (f.mode == MODE_READ) {
			s = phase_read(&f, f.seconds * 1000u);
			kbps = report("Read", s);
		} else {
			f.read_kbps = report("Read", phase_read(&f, prime));
			s = phase_copy(&f, f.seconds);
			kbps = report("Copy", s);
		}
	}
	close_files(&f);
	harness_count_u((unsigned long long)kbps, 0, "KBps");
	harness_time_digits(s.elapsed, 1);
	return 0;
}
