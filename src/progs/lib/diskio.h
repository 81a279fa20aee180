/*
 * diskio.h: what the disk test programs share (seqwrite-dsync,
 * seqwrite-fdatasync, seqread-direct, fsync-4k, randrw-4k-qd64,
 * randread-4k-qd1 and disk-layout).
 *
 * Common command line:
 *   <prog> -t <seconds> -f <file> [-s <size>] [-q <depth>] [-e <engine>] [-l]
 *     -t  seconds to run (the program measures its own TIME)
 *     -f  the test file, a regular file or a path that does not exist yet;
 *         never a device.  Tests that write use <file>.w or <file>.sync.
 *     -s  bytes of the file to use: 1048576, 256M, 4G, 4GiB (binary
 *         multiples); default: the file's size, or 1 GiB if it is missing
 *     -q  requests in flight (randrw-4k-qd64 only)
 *     -e  io_uring or aio: force the asynchronous engine (randrw only)
 *     -l  also report per-I/O latency percentiles for the sequential tests
 *         (the 4 KiB tests always do)
 *   <prog> -t <seconds> -f <file> -R <ramp s> [-I <interval ms>] ...
 *     the sustained mode (diskmain.h): the loop in intervals (1000 ms)
 *     until the steady-state rule (stats/steady.h) holds on a window past
 *     the ramp, or -t seconds; an INTERVAL line per interval
 *   <prog> -t <seconds> -d <dir> -d <dir> ... -f <name> [-S <slice ms>] ...
 *     paired mode's sliced sample (diskmain.h): the test file <dir>/<name>
 *     in each directory, the loop run in slices alternating across them;
 *     COUNT and TIME per directory (COUNT|...|i, harness.h)
 *
 * Files a program creates are removed when it exits, fails or gets SIGTERM,
 * SIGINT or SIGHUP; a file that already existed is left in place.
 */
#ifndef SYSINDEX_DISKIO_H
#define SYSINDEX_DISKIO_H

#include <stddef.h>
#include <stdint.h>
#include <stdnoreturn.h>
#include <string.h>
#include <time.h>

#include "diskfile.h"
#include "diskslice.h"
#include "harness.h"

#define DISKIO_ALIGN 4096u              /* buffer and O_DIRECT alignment */
#define DISKIO_SMALL 4096u              /* the 4 KiB tests' block */
#define DISKIO_BIG (1024u * 1024u)      /* the sequential tests' block */
#define DISKIO_MIN_SIZE DISKIO_BIG
#define DISKIO_MAX_SIZE (1ull << 50)    /* 1 PiB: keeps offsets far from overflow */
#define DISKIO_DEFAULT_SIZE DISKFILE_DEFAULT_SIZE
#define DISKIO_PATH_MAX 4096           /* longest test file path (-f), with room for a suffix */

/* ---- sizes and options ---------------------------------------------------- */

/*
 * Parse "<digits>[K|M|G|T|P][iB]" (suffix letters in either case, binary
 * multiples, "B" alone allowed: 4096, 4096B, 64K, 256M, 4G, 4GiB).  "4GB" is
 * refused: dd reads it as 10^9, fio as 2^30.  Returns 0 and sets *bytes, or
 * -1 for anything else (empty, sign, fraction, junk, 0, overflow).
 */

enum diskio_optmask {
	DISKIO_OPT_DEPTH = 1u << 0,     /* -q accepted */
	DISKIO_OPT_ENGINE = 1u << 1,    /* -e accepted */
	DISKIO_OPT_NOTIME = 1u << 2,    /* -t not needed (disk-layout) */
	DISKIO_OPT_DIRS = 1u << 3,      /* -d and -S accepted (diskmain.h) */
};

/*
 * A sliced sample's slice, in milliseconds (-S).  Long enough that the work
 * one directory's slice leaves behind is small against the slice: randrw
 * drains its 64 requests in flight at each slice's end, uncounted (a few ms
 * on an SSD, up to ~0.4 s at 150 IOPS on a disk); seqwrite-fdatasync's
 * flush and fsync-4k's syncs end inside the slice that wrote; and a slice
 * holds enough I/Os to measure (randread-4k-qd1 at 100 IOPS: 25, where
 * fstime's 20 ms would hold 2).  Short enough that -t 1 still alternates
 * the directories 4 times, and that drift between the directories (another
 * tenant, thermal state, a journal commit every 5 s) is shared by both.
 */
#define DISKIO_SLICE_MS 250

enum diskio_engine { DISKIO_ENGINE_AUTO, DISKIO_ENGINE_URING, DISKIO_ENGINE_AIO };

struct diskio_opts {
	unsigned seconds;
	const char *file;
	uint64_t size;          /* never below DISKIO_MIN_SIZE */
	int size_given;
	unsigned depth;
	enum diskio_engine engine;
	int latency;            /* -l */
	const char *dirs[DISKSLICE_MAX_DIRS]; /* -d, in order; file is a name in each */
	size_t ndirs;
	unsigned slice_ms;      /* -S */
	int note_dir;           /* the NOTE's directory index (-1: none) */
	int sustained;          /* -R given: the sustained mode */
	unsigned ramp_s;        /* -R */
	unsigned interval_ms;   /* -I */
};

/* The sustained mode's interval without -I, and -I's bounds (ms). */
#define DISKIO_INTERVAL_MS 1000
#define DISKIO_INTERVAL_MIN_MS 50
#define DISKIO_INTERVAL_MAX_MS 60000

/* Parse the common options; usage line and exit 2 on any error. */
void diskio_parse(int argc, char **argv, const char *usage, unsigned allowed,
		  unsigned default_depth, struct diskio_opts *o);

/*
 * The options for directory d of a sliced sample: o's, with the file
 * <dir>/<name> (written into path, len bytes) and, without -s, that file's
 * size.  ERROR and exit 1 when the path does not fit.
 */
void diskio_opts_dir(const struct diskio_opts *o, size_t d, char *path, size_t len,
		     struct diskio_opts *out);

/* ---- data ----------------------------------------------------------------- */

/*
 * splitmix64: one add, two multiply-xorshift rounds; passes BigCrush, and
 * its output cannot be compressed, which is all the data needs.  Used for
 * buffer contents and for offsets / read-or-write choices.
 */
struct diskio_rng {
	uint64_t state;
};

static inline uint64_t diskio_rand(struct diskio_rng *r)
{
	uint64_t z = (r->state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* A seed that differs between runs (clock and pid), for data only. */
uint64_t diskio_seed(void);

/* Fill len bytes (a multiple of 8) with PRNG output. */
void diskio_fill(void *buf, size_t len, struct diskio_rng *r);

/*
 * Make a reused buffer unique before each write: store 'stamp' (a sequence
 * number) in the first 8 bytes of every 4 KiB sector.  Defeats block
 * deduplication in the file system or device at the cost of len/4096 stores
 * (fio's scramble_buffers serves the same purpose).
 */
static inline void diskio_stamp(void *buf, size_t len, uint64_t stamp)
{
	unsigned char *p = buf;

	for (size_t off = 0; off < len; off += DISKIO_SMALL)
		memcpy(p + off, &stamp, sizeof(stamp));
}

/* A zero-filled buffer aligned to DISKIO_ALIGN; ERROR and exit 1 on failure. */
void *diskio_buffer(size_t len);

/* ---- files ------------------------------------------------------------------ */

/* ERROR unless path is a regular file or does not exist (never a device). */
void diskio_check_path(const char *path);

/* base + suffix into out (size outlen); usage error when it does not fit. */
void diskio_derive(char *out, size_t outlen, const char *base, const char *suffix);

/*
 * Remove path when the program exits (normally, through harness_fail or
 * harness_skip) or is killed by SIGTERM, SIGINT or SIGHUP.  At most
 * DISKIO_MAX_OWNED paths.  diskio_disown() keeps the file after all.
 */
#define DISKIO_MAX_OWNED (2 * DISKSLICE_MAX_DIRS)     /* two per directory */
void diskio_own(const char *path);
void diskio_disown(const char *path);

/*
 * Make sure path is a regular file of at least size bytes whose contents
 * cannot be compressed or deduplicated: create it or extend it with PRNG
 * data in 1 MiB buffered writes, then fdatasync and drop it from the page
 * cache.  Checks free space first.  A file it creates is owned (removed at
 * exit) unless keep is set; on failure an extended file is truncated back.
 * Failures print ERROR naming the file and exit 1.
 * Returns the bytes written (0: the file was already large enough).
 */
uint64_t diskio_layout(const char *path, uint64_t size, int keep);

/* An open test file and how it is accessed. */
struct diskio_file {
	int fd;
	int direct;             /* O_DIRECT in effect */
	char why[160];          /* why not, when O_DIRECT was wanted */
	char fs[16];            /* "tmpfs"/"ramfs" when memory-backed, else "" */
};

/*
 * Open an existing test file with O_DIRECT (flags: O_RDONLY or O_RDWR),
 * probing that an aligned 4 KiB read works; if the file system refuses,
 * reopen it buffered and say why in f->why.
 */
void diskio_open_direct(struct diskio_file *f, const char *path, int flags);

/* Open (create or truncate) a file the program writes itself and owns. */
void diskio_open_own(struct diskio_file *f, const char *path, int extra_flags);

/*
 * Print the one NOTE line: "buffered" when O_DIRECT was wanted and refused,
 * "tmpfs"/"ramfs" for a memory file system, then 'extra' (e.g.
 * "engine=io_uring"; NULL for none), comma-separated; and a stdout line for
 * each, so a page-cache figure is never shown as a disk figure.  dir >= 0:
 * directory dir's NOTE of a sliced sample (o->note_dir).
 */
void diskio_announce(const struct diskio_file *f, const char *prog,
		     const char *extra, int dir);

/*
 * For the tests that read the shared file: lay it out if it is missing or
 * short (diskio_layout, removed at exit if created here), open it with
 * O_DIRECT or buffered (diskio_open_direct) and print the NOTE (with
 * 'extra') and stdout chatter.
 */
void diskio_prepare_shared(struct diskio_file *f, const struct diskio_opts *o,
			   const char *prog, int flags, const char *extra);

/* pread/pwrite the whole buffer (retrying short transfers); -1 + errno on
 * failure, errno 0 for an unexpected end of file. */
int diskio_pread_full(int fd, void *buf, size_t len, uint64_t off);
int diskio_pwrite_full(int fd, const void *buf, size_t len, uint64_t off);

/* ERROR|<path>: <op>: <strerror(errno)> (or "unexpected end of file" when
 * errno is 0), exit 1; owned files are removed on the way out. */
noreturn void diskio_fail_io(const char *path, const char *op);

/* ---- clock and latency histogram ------------------------------------------ */

static inline uint64_t diskio_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
		harness_fail_errno("clock_gettime");
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/*
 * Log-linear latency histogram, the layout fio uses: values below 128 ns have
 * a bucket each; above, every power of two [2^k, 2^(k+1)) is split into 64
 * equal buckets, so a bucket is at most 1/64 (1.6%) of its value wide.
 * Values up to 2^40 ns (18 minutes) are kept apart; longer ones share the
 * last bucket.  Fixed size (about 18 KiB), no allocation when recording.
 */
#define DISKIO_HIST_SUB_BITS 6
#define DISKIO_HIST_SUB (1u << DISKIO_HIST_SUB_BITS)
#define DISKIO_HIST_MAX_BITS 40
#define DISKIO_HIST_BUCKETS \
	((DISKIO_HIST_MAX_BITS - DISKIO_HIST_SUB_BITS + 1) * DISKIO_HIST_SUB)

struct diskio_hist {
	uint64_t count, sum_ns, min_ns, max_ns;
	uint64_t bucket[DISKIO_HIST_BUCKETS];
};

void diskio_hist_init(struct diskio_hist *h);

static inline unsigned diskio_hist_index(uint64_t ns)
{
	unsigned shift;

	if (ns < 2 * DISKIO_HIST_SUB)
		return (unsigned)ns;
	if (ns >> DISKIO_HIST_MAX_BITS)
		return DISKIO_HIST_BUCKETS - 1;
	/* shift = msb - 6, so ns >> shift is in [64, 128). */
	shift = (unsigned)(63 - __builtin_clzll(ns)) - DISKIO_HIST_SUB_BITS;
	return shift * DISKIO_HIST_SUB + (unsigned)(ns >> shift);
}

static inline void diskio_hist_add(struct diskio_hist *h, uint64_t ns)
{
	h->bucket[diskio_hist_index(ns)]++;
	h->count++;
	h->sum_ns += ns;
	if (ns < h->min_ns)
		h->min_ns = ns;
	if (ns > h->max_ns)
		h->max_ns = ns;
}

/* Smallest value falling in bucket idx, and one past the largest. */
uint64_t diskio_hist_lower(unsigned idx);
uint64_t diskio_hist_upper(unsigned idx);

/*
 * The pct-th percentile in ns, nearest-rank definition: the value of the
 * sample of rank ceil(pct/100 * count) (at least 1) in ascending order.  The
 * histogram knows that sample's bucket, like fio, and returns the bucket's
 * midpoint, clamped to [min, max] seen (exact below 128 ns).  pct is taken to
 * 0.001.  Returns 0 for an empty histogram.
 */
double diskio_hist_percentile(const struct diskio_hist *h, double pct);
double diskio_hist_mean(const struct diskio_hist *h);

/* METRIC lines <prefix>lat_p50, _p99, _p99.9, _mean, _max in microseconds. */
void diskio_report_latency(const struct diskio_hist *h, const char *prefix);

/* ---- reports ---------------------------------------------------------------- */

/* Sequential tests: COUNT MB/s (10^6 B/s), TIME, METRIC mib_s and bytes. */
void diskio_report_seq(uint64_t bytes, double seconds);

/*
 * Sequential write tests: which regime the sample measured.  The first pass
 * writes blocks the file did not have (a fresh file from offset 0); a host
 * whose virtual disk pays for blocks written for the first time shows it
 * here, as a user's single dd does.  Later passes, after the file was
 * truncated and written again, are rewrites.  METRIC first_write_mb_s and
 * first_write_bytes always; rewrite_mb_s (when any) and rewrite_bytes.
 * The headline COUNT stays the whole sample (diskio_report_seq).
 */
void diskio_report_passes(uint64_t first_bytes, double first_seconds,
			  uint64_t rewrite_bytes, double rewrite_seconds);

#endif
