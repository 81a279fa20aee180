/* diskio.c: options, data, files, latency histogram for the disk tests. */
#define _GNU_SOURCE     /* O_DIRECT, fstatfs */
#include "diskio.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/vfs.h>
#include <unistd.h>

#define DISKIO_PATH_MAX 4096

/* ---- sizes and options ------------------------------------------------------ */

int diskio_parse_size(const char *s, uint64_t *bytes)
{
	const char *p = s;
	uint64_t v = 0;
	unsigned shift = 0;

	if (s == NULL || !isdigit((unsigned char)*p))
		return -1;
	for (; isdigit((unsigned char)*p); p++) {
		uint64_t d = (uint64_t)(*p - '0');

		if (v > (UINT64_MAX - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	switch (toupper((unsigned char)*p)) {
	case 'K': shift = 10; break;
	case 'M': shift = 20; break;
	case 'G': shift = 30; break;
	case 'T': shift = 40; break;
	case 'P': shift = 50; break;
	default: break;
	}
	if (shift != 0) {
		p++;
		/* "KiB", "GiB": the binary prefix spelled out. */
		if ((p[0] == 'i' || p[0] == 'I') && (p[1] == 'B' || p[1] == 'b'))
			p += 2;
	} else if (*p == 'B' || *p == 'b') {
		p++;
	}
	if (*p != '\0' || v == 0 || v > (UINT64_MAX >> shift))
		return -1;
	*bytes = v << shift;
	return 0;
}

/* Without -s: the existing file's size, else the default. */
static uint64_t default_size(const char *file)
{
	struct stat st;

	if (stat(file, &st) == 0 && S_ISREG(st.st_mode) &&
	    (uint64_t)st.st_size >= DISKIO_MIN_SIZE)
		return (uint64_t)st.st_size;
	return DISKIO_DEFAULT_SIZE;
}

static enum diskio_engine parse_engine(const char *arg, const char *usage)
{
	if (strcmp(arg, "io_uring") == 0 || strcmp(arg, "uring") == 0)
		return DISKIO_ENGINE_URING;
	if (strcmp(arg, "aio") == 0 || strcmp(arg, "libaio") == 0)
		return DISKIO_ENGINE_AIO;
	harness_usage(usage);
}

void diskio_parse(int argc, char **argv, const char *usage, unsigned allowed,
		  unsigned default_depth, struct diskio_opts *o)
{
	int c, have_t = 0;

	memset(o, 0, sizeof(*o));
	o->depth = default_depth;
	o->engine = DISKIO_ENGINE_AUTO;
	opterr = 0;     /* our usage line replaces getopt's messages */
	while ((c = getopt(argc, argv, "t:f:s:q:e:l")) != -1) {
		switch (c) {
		case 't':
			o->seconds = harness_seconds(optarg, usage);
			have_t = 1;
			break;
		case 'f':
			if (*optarg == '\0' || strlen(optarg) > DISKIO_PATH_MAX - 16)
				harness_usage(usage);
			o->file = optarg;
			break;
		case 's':
			if (diskio_parse_size(optarg, &o->size) != 0 ||
			    o->size < DISKIO_MIN_SIZE || o->size > DISKIO_MAX_SIZE)
				harness_usage(usage);
			o->size_given = 1;
			break;
		case 'q':
			if (!(allowed & DISKIO_OPT_DEPTH))
				harness_usage(usage);
			o->depth = (unsigned)harness_long(optarg, 1, 4096, usage);
			break;
		case 'e':
			if (!(allowed & DISKIO_OPT_ENGINE))
				harness_usage(usage);
			o->engine = parse_engine(optarg, usage);
			break;
		case 'l':
			o->latency = 1;
			break;
		default:
			harness_usage(usage);
		}
	}
	/* Past a file size limit, write() should fail with EFBIG (reported,
	 * files cleaned up) rather than SIGXFSZ killing us. */
	if (signal(SIGXFSZ, SIG_IGN) == SIG_ERR)
		harness_fail_errno("signal(SIGXFSZ)");
	if (optind != argc || o->file == NULL ||
	    (!have_t && !(allowed & DISKIO_OPT_NOTIME)))
		harness_usage(usage);
	if (!o->size_given)
		o->size = default_size(o->file);
	/* Whole 4 KiB blocks, so every O_DIRECT offset stays aligned. */
	o->size -= o->size % DISKIO_SMALL;
}

/* ---- data ------------------------------------------------------------------- */

uint64_t diskio_seed(void)
{
	struct timespec ts;
	struct diskio_rng r;

	if (clock_gettime(CLOCK_REALTIME, &ts) != 0)
		harness_fail_errno("clock_gettime");
	r.state = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
	r.state ^= (uint64_t)getpid() << 40;
	return diskio_rand(&r);
}

void diskio_fill(void *buf, size_t len, struct diskio_rng *r)
{
	unsigned char *p = buf;

	for (size_t off = 0; off + 8 <= len; off += 8) {
		uint64_t w = diskio_rand(r);

		memcpy(p + off, &w, sizeof(w));
	}
}

void *diskio_buffer(size_t len)
{
	void *p = NULL;
	int err = posix_memalign(&p, DISKIO_ALIGN, len);

	if (err != 0) {
		errno = err;
		harness_fail_errno("allocating a %zu-byte I/O buffer", len);
	}
	memset(p, 0, len);
	return p;
}

/* ---- files the program owns --------------------------------------------------- */

/*
 * Paths to remove at exit or on a fatal signal.  A signal handler can only
 * see static storage; used[] is set after the path is complete, so the
 * handler never reads a half-written path.
 */
static char owned[DISKIO_MAX_OWNED][DISKIO_PATH_MAX];
static volatile sig_atomic_t owned_used[DISKIO_MAX_OWNED];
static int cleanup_installed;

static void remove_owned(void)
{
	for (int i = 0; i < DISKIO_MAX_OWNED; i++)
		if (owned_used[i])
			unlink(owned[i]);
}

static void on_fatal_signal(int sig)
{
	int saved = errno;

	remove_owned();
	/* SA_RESETHAND restored the default action: die of the same signal so
	 * the parent sees how we ended. */
	raise(sig);
	errno = saved;
}

static void install_cleanup(void)
{
	static const int sigs[] = { SIGTERM, SIGINT, SIGHUP };
	struct sigaction sa, old;

	if (cleanup_installed)
		return;
	cleanup_installed = 1;
	if (atexit(remove_owned) != 0)
		harness_fail("atexit: cannot register the test file cleanup");
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fatal_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESETHAND | SA_NODEFER;
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		if (sigaction(sigs[i], NULL, &old) != 0)
			harness_fail_errno("sigaction");
		/* A signal the parent chose to ignore stays ignored. */
		if (old.sa_handler == SIG_IGN)
			continue;
		if (sigaction(sigs[i], &sa, NULL) != 0)
			harness_fail_errno("sigaction");
	}
}

void diskio_own(const char *path)
{
	install_cleanup();
	for (int i = 0; i < DISKIO_MAX_OWNED; i++) {
		if (owned_used[i])
			continue;
		if (strlen(path) >= sizeof(owned[i]))
			harness_fail("%s: path too long", path);
		strcpy(owned[i], path);
		atomic_signal_fence(memory_order_seq_cst);
		owned_used[i] = 1;
		return;
	}
	harness_fail("%s: too many files to clean up", path);
}

void diskio_disown(const char *path)
{
	for (int i = 0; i < DISKIO_MAX_OWNED; i++)
		if (owned_used[i] && strcmp(owned[i], path) == 0)
			owned_used[i] = 0;
}

void diskio_check_path(const char *path)
{
	struct stat st;

	if (stat(path, &st) == 0) {
		if (!S_ISREG(st.st_mode))
			harness_fail("%s: not a regular file (disk tests only use "
				     "files, never devices or directories)", path);
		return;
	}
	if (errno != ENOENT)
		harness_fail_errno("%s", path);
}

void diskio_derive(char *out, size_t outlen, const char *base, const char *suffix)
{
	int n = snprintf(out, outlen, "%s%s", base, suffix);

	if (n < 0 || (size_t)n >= outlen)
		harness_fail("%s%s: path too long", base, suffix);
}

noreturn void diskio_fail_io(const char *path, const char *op)
{
	if (errno == 0)
		harness_fail("%s: %s: unexpected end of file", path, op);
	harness_fail_errno("%s: %s", path, op);
}

int diskio_pread_full(int fd, void *buf, size_t len, uint64_t off)
{
	unsigned char *p = buf;

	while (len > 0) {
		ssize_t n = pread(fd, p, len, (off_t)off);

		if (n < 0)
			return -1;
		if (n == 0) {
			errno = 0;
			return -1;
		}
		p += n;
		len -= (size_t)n;
		off += (uint64_t)n;
	}
	return 0;
}

int diskio_pwrite_full(int fd, const void *buf, size_t len, uint64_t off)
{
	const unsigned char *p = buf;

	while (len > 0) {
		ssize_t n = pwrite(fd, p, len, (off_t)off);

		if (n < 0)
			return -1;
		if (n == 0) {
			errno = ENOSPC;
			return -1;
		}
		p += n;
		len -= (size_t)n;
		off += (uint64_t)n;
	}
	return 0;
}

/* ---- laying out the test file -------------------------------------------------- */

/* Undo a failed layout: an extended file goes back to its old size (a file
 * we created is removed by the exit cleanup). */
static noreturn void layout_fail(const char *path, int fd, int created,
				 uint64_t old, const char *op)
{
	int err = errno;

	if (!created && ftruncate(fd, (off_t)old) != 0)
		printf("disk-layout: %s: cannot truncate back to %llu bytes\n",
		       path, (unsigned long long)old);
	errno = err;
	diskio_fail_io(path, op);
}

static void check_free_space(const char *path, int fd, int created,
			     uint64_t old, uint64_t need)
{
	struct statvfs vfs;
	uint64_t avail;

	if (fstatvfs(fd, &vfs) != 0)
		layout_fail(path, fd, created, old, "statvfs");
	avail = (uint64_t)vfs.f_bavail * (uint64_t)vfs.f_frsize;
	/* ramfs and some FUSE file systems report no size at all: let the
	 * writes find out. */
	if (vfs.f_blocks != 0 && avail < need) {
		if (!created && ftruncate(fd, (off_t)old) != 0)
			printf("disk-layout: %s: cannot truncate\n", path);
		harness_fail("%s: not enough free space: %llu MiB needed, "
			     "%llu MiB free", path,
			     (unsigned long long)(need >> 20),
			     (unsigned long long)(avail >> 20));
	}
}

uint64_t diskio_layout(const char *path, uint64_t size, int keep)
{
	struct diskio_rng rng = { diskio_seed() };
	struct stat st;
	int created = 0, fd, err;
	uint64_t old, off;
	unsigned char *buf;

	diskio_check_path(path);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd >= 0) {
		created = 1;
		diskio_own(path);
	} else if (errno == EEXIST) {
		fd = open(path, O_WRONLY | O_CLOEXEC);
	}
	if (fd < 0)
		harness_fail_errno("%s: open", path);
	if (fstat(fd, &st) != 0)
		harness_fail_errno("%s: fstat", path);
	if (!S_ISREG(st.st_mode))
		harness_fail("%s: not a regular file", path);
	old = (uint64_t)st.st_size;
	if (old >= size) {
		if (close(fd) != 0)
			harness_fail_errno("%s: close", path);
		return 0;
	}
	check_free_space(path, fd, created, old, size - old);
	buf = diskio_buffer(DISKIO_BIG);
	for (off = old; off < size; off += DISKIO_BIG) {
		size_t len = size - off < DISKIO_BIG ? (size_t)(size - off) : DISKIO_BIG;

		/* Fresh random data per block: nothing to compress or dedupe. */
		diskio_fill(buf, DISKIO_BIG, &rng);
		if (diskio_pwrite_full(fd, buf, len, off) != 0)
			layout_fail(path, fd, created, old, "writing the test file");
	}
	free(buf);
	if (fdatasync(fd) != 0)
		layout_fail(path, fd, created, old, "fdatasync");
	/* The tests must find the data on the disk, not in the page cache. */
	err = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	if (err != 0)
		printf("disk-layout: %s: posix_fadvise: %s\n", path, strerror(err));
	if (close(fd) != 0)
		layout_fail(path, fd, created, old, "close");
	if (created && keep)
		diskio_disown(path);
	return size - old;
}

/* ---- opening test files ---------------------------------------------------------- */

static void check_regular(int fd, const char *path)
{
	struct stat st;

	if (fstat(fd, &st) != 0)
		harness_fail_errno("%s: fstat", path);
	if (!S_ISREG(st.st_mode))
		harness_fail("%s: not a regular file", path);
}

/* Memory-backed file systems: their figures are never disk figures. */
static void fs_kind(int fd, const char *path, char *out, size_t outlen)
{
	struct statfs sfs;

	out[0] = '\0';
	if (fstatfs(fd, &sfs) != 0)
		harness_fail_errno("%s: fstatfs", path);
	if (sfs.f_type == TMPFS_MAGIC)
		snprintf(out, outlen, "tmpfs");
	else if (sfs.f_type == RAMFS_MAGIC)
		snprintf(out, outlen, "ramfs");
}

void diskio_open_direct(struct diskio_file *f, const char *path, int flags)
{
	int fd;

	memset(f, 0, sizeof(*f));
	diskio_check_path(path);
	fd = open(path, flags | O_DIRECT | O_CLOEXEC);
	if (fd >= 0) {
		/* Some file systems accept the flag and refuse the I/O. */
		void *probe = diskio_buffer(DISKIO_SMALL);

		check_regular(fd, path);
		if (diskio_pread_full(fd, probe, DISKIO_SMALL, 0) == 0) {
			f->direct = 1;
		} else if (errno == EINVAL) {
			snprintf(f->why, sizeof(f->why),
				 "an aligned 4 KiB O_DIRECT read failed: %s",
				 strerror(errno));
			if (close(fd) != 0)
				harness_fail_errno("%s: close", path);
			fd = -1;
		} else {
			diskio_fail_io(path, "read");
		}
		free(probe);
	} else if (errno == EINVAL) {
		snprintf(f->why, sizeof(f->why), "open with O_DIRECT: %s",
			 strerror(errno));
	} else {
		harness_fail_errno("%s: open", path);
	}
	if (fd < 0) {
		fd = open(path, flags | O_CLOEXEC);
		if (fd < 0)
			harness_fail_errno("%s: open", path);
		check_regular(fd, path);
	}
	f->fd = fd;
	fs_kind(fd, path, f->fs, sizeof(f->fs));
}

void diskio_open_own(struct diskio_file *f, const char *path, int extra_flags)
{
	memset(f, 0, sizeof(*f));
	diskio_check_path(path);
	f->fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC | extra_flags,
		     0644);
	if (f->fd < 0)
		harness_fail_errno("%s: create", path);
	diskio_own(path);
	check_regular(f->fd, path);
	fs_kind(f->fd, path, f->fs, sizeof(f->fs));
}

static void note_add(char *note, size_t len, const char *label)
{
	size_t n = strlen(note);

	snprintf(note + n, len - n, "%s%s", n ? ", " : "", label);
}

void diskio_announce(const struct diskio_file *f, const char *prog,
		     const char *extra)
{
	char note[64] = "";

	if (!f->direct && f->why[0] != '\0') {
		printf("%s: O_DIRECT refused (%s): using buffered I/O, the "
		       "figures include the page cache\n", prog, f->why);
		note_add(note, sizeof(note), "buffered");
	}
	if (f->fs[0] != '\0') {
		printf("%s: the test file is on %s (memory): not a disk figure\n",
		       prog, f->fs);
		note_add(note, sizeof(note), f->fs);
	}
	if (extra != NULL)
		note_add(note, sizeof(note), extra);
	if (note[0] != '\0')
		harness_note(note);
}

void diskio_prepare_shared(struct diskio_file *f, const struct diskio_opts *o,
			   const char *prog, int flags, const char *extra)
{
	uint64_t wrote = diskio_layout(o->file, o->size, 0);

	if (wrote > 0)
		printf("%s: wrote %llu MiB of test data to %s (a file created "
		       "here is removed at exit)\n", prog,
		       (unsigned long long)(wrote >> 20), o->file);
	diskio_open_direct(f, o->file, flags);
	printf("%s: %s, %llu MiB used, %s\n", prog, o->file,
	       (unsigned long long)(o->size >> 20),
	       f->direct ? "O_DIRECT" : "buffered");
	diskio_announce(f, prog, extra);
}

/* ---- latency histogram -------------------------------------------------------------- */

void diskio_hist_init(struct diskio_hist *h)
{
	memset(h, 0, sizeof(*h));
	h->min_ns = UINT64_MAX;
}

uint64_t diskio_hist_lower(unsigned idx)
{
	unsigned shift, m;

	if (idx < 2 * DISKIO_HIST_SUB)
		return idx;
	shift = idx / DISKIO_HIST_SUB - 1;
	m = idx - shift * DISKIO_HIST_SUB;      /* in [64, 128) */
	return (uint64_t)m << shift;
}

uint64_t diskio_hist_upper(unsigned idx)
{
	unsigned shift, m;

	if (idx < 2 * DISKIO_HIST_SUB)
		return (uint64_t)idx + 1;
	shift = idx / DISKIO_HIST_SUB - 1;
	m = idx - shift * DISKIO_HIST_SUB;
	return (uint64_t)(m + 1) << shift;
}

double diskio_hist_percentile(const struct diskio_hist *h, double pct)
{
	uint64_t milli, rank, cum = 0;

	if (h->count == 0)
		return 0;
	if (pct <= 0)
		return (double)h->min_ns;
	if (pct >= 100)
		return (double)h->max_ns;
	/* Integer rank: 99.9% of 1000 samples must be rank 999 exactly, which
	 * ceil() of a rounded double does not guarantee. */
	milli = (uint64_t)(pct * 1000.0 + 0.5);
	rank = (h->count * milli + 99999) / 100000;
	if (rank == 0)
		rank = 1;
	for (unsigned i = 0; i < DISKIO_HIST_BUCKETS; i++) {
		double v;

		cum += h->bucket[i];
		if (cum < rank)
			continue;
		v = (double)(diskio_hist_lower(i) + diskio_hist_upper(i) - 1) / 2.0;
		if (v < (double)h->min_ns)
			v = (double)h->min_ns;
		if (v > (double)h->max_ns)
			v = (double)h->max_ns;
		return v;
	}
	return (double)h->max_ns;
}

double diskio_hist_mean(const struct diskio_hist *h)
{
	return h->count ? (double)h->sum_ns / (double)h->count : 0;
}

void diskio_report_latency(const struct diskio_hist *h, const char *prefix)
{
	static const struct { const char *name; double pct; } pcts[] = {
		{ "lat_p50", 50 }, { "lat_p99", 99 }, { "lat_p99.9", 99.9 },
	};
	char name[48];

	if (h->count == 0)
		return;
	for (size_t i = 0; i < sizeof(pcts) / sizeof(pcts[0]); i++) {
		snprintf(name, sizeof(name), "%s%s", prefix, pcts[i].name);
		harness_metric(name, diskio_hist_percentile(h, pcts[i].pct) / 1e3, "us");
	}
	snprintf(name, sizeof(name), "%slat_mean", prefix);
	harness_metric(name, diskio_hist_mean(h) / 1e3, "us");
	snprintf(name, sizeof(name), "%slat_max", prefix);
	harness_metric(name, (double)h->max_ns / 1e3, "us");
}

/* ---- reports ------------------------------------------------------------------------- */

void diskio_metric_u64(const char *name, uint64_t value, const char *unit)
{
	fprintf(stderr, "METRIC|%s|%llu|%s\n", name, (unsigned long long)value, unit);
}

void diskio_report_seq(uint64_t bytes, double seconds)
{
	if (seconds <= 0)
		harness_fail("no time measured");
	harness_count((double)bytes / seconds / 1e6, 0, "MB/s");
	harness_time(seconds);
	harness_metric("mib_s", (double)bytes / seconds / 1048576.0, "MiB/s");
	diskio_metric_u64("bytes", bytes, "B");
}
