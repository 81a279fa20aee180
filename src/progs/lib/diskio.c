/* diskio.c: data, the files a disk program owns, laying out and opening them. */
#define _GNU_SOURCE     /* O_DIRECT, fstatfs */
#include "diskio.h"

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
		     const char *extra, int dir)
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
		harness_note_dir(note, dir);
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
	diskio_announce(f, prog, extra, o->note_dir);
}
