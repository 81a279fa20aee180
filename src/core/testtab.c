/*
 * testtab.c: every test sysindex knows, with UnixBench's display names,
 * programs, seconds per sample, sample classes, units and baselines
 * (pgms/index.base, the SPARCstation 20-61 "George" = 10.0).
 */
#include "core/testtab.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/metrics.h"
#include "core/units.h"

#define SYS (G_SYSTEM | G_OLDSYSTEM)
#define IDX G_INDEX
/* fstime's arguments; names: "pid" (6.0's per-copy files) or "shared" (5.1.3's). */
#define FSLIST(names, mode, b, m) { mode, "-n", names, "-t", "@SECS@", "-d", "@DIR@", \
	"-b", b, "-m", m, "-s", "@SETTLE@", NULL }
#define FSARGS(mode, b, m) FSLIST("pid", mode, b, m)
/* 5.1.3's fstime: every copy uses the same two files, dummy0 and dummy1. */
#define FS513(mode, b, m) .ub513 = &(const struct test_alt){ .args = FSLIST("shared", mode, b, m) }
/*
 * Paired mode's sliced shell test: one looper per round runs the loops in
 * the directories in turn (looper.c); per directory the tail of its last
 * loop, which is not counted.
 */
#define SHSLICED(n) .paired_sliced = &(const struct test_sliced){ \
	.args = { "@DIRS@", "@SECS@", "@PGMS@/multi.sh", n, NULL }, \
	.overhead_s = 0.1, .overhead_quick_s = 0.1, \
	.dir_overhead_s = 0.3, .dir_overhead_quick_s = 0.3 }
/* 5.1.3's multi.sh counts its copies with expr(1). */
#define SH513(n) .ub513 = &(const struct test_alt){ \
	.args = { "@SECS@", "@PGMS@/multi.sh", "-5", n, NULL } }
/*
 * Paired mode's sliced file tests: one process per round runs the phases
 * (the copy's priming write and read, the read's priming write, 250 ms per
 * directory each, not 2 s, then the timed phase) each in 20 ms slices across
 * the directories.  Per round: the start, the phases' syncs and, outside
 * --quick, fstime's own sleeps (4 s before each priming phase and the write
 * or read, 3 s before the copy); per directory: its priming and the last
 * slice past -t.
 */
#define FSSLICED(mode, b, m, over, dir) .paired_sliced = &(const struct test_sliced){ \
	.args = { mode, "-t", "@SECS@", "@DIRS@", "-b", b, "-m", m, "-s", "@SETTLE@", \
		  "-p", "250", "-q", "20", NULL }, \
	.overhead_s = (over), .overhead_quick_s = 0.1, \
	.dir_overhead_s = (dir), .dir_overhead_quick_s = (dir) }
#define DISKARGS { "-t", "@SECS@", "-f", "@FILE@", "-s", "@SIZE@", "@SUSTAIN@", NULL }
/*
 * fstime's sleeps and priming around the timed part, per mode: the copy
 * primes with a write and a read (2 s each, at most the duration) after 4 s
 * of settle each and settles 3 s before the copy (15 s; 4 s of priming with
 * no sleeps under --quick or a budget); the read primes with a write (10 s;
 * 2 s); the write only settles (4 s; none).
 */
#define FSTIME_RUN(over, quick) .prog = "fstime", .seconds = 30, .samples = SAMPLES_SHORT, \
	.unit = "KBps", .flags = TF_TESTDIR | TF_PAGE_CACHE, \
	.overhead_s = (over), .overhead_quick_s = (quick), .extra_grace_s = 20
#define FSCOPY(b, m) FSTIME_RUN(15, 4), .args = FSARGS("-c", b, m), FS513("-c", b, m), \
	FSSLICED("-c", b, m, 11.1, 0.5)
#define FSREAD(b, m) FSTIME_RUN(10, 2), .args = FSARGS("-r", b, m), FS513("-r", b, m), \
	FSSLICED("-r", b, m, 8.1, 0.3)
#define FSWRITE(b, m) FSTIME_RUN(4, 0.1), .args = FSARGS("-w", b, m), FS513("-w", b, m), \
	FSSLICED("-w", b, m, 4.1, 0.05)
/*
 * Paired mode's sliced disk tests: one process per round runs the loop in
 * 250 ms slices alternating across the directories (src/progs/lib/diskmain.h),
 * on the file laid out in each (TEST_DISK_FILE, -f inside each -d).
 * Measured on two directories of one ext4 (virtio disk, 256 MiB files laid
 * out), rounds at -t 1 and -t 2: the start and set-up, 0.05 s per round;
 * per directory what its slices cost outside their measured time (drain,
 * truncating what a slice wrote, a flush's overshoot).  For the readers and
 * randrw that is at most 0.1 s; for the two sequential writers it grows with
 * the seconds (0.23 s at -t 1, 0.35 s at -t 2 for O_DSYNC; 0.53 s, 0.96 s
 * for fdatasync), so the 10 s sample's figure is the -t 2 one carried on
 * linearly (dir) and --quick's 2 s sample's the measured one (quick).
 */
#define DISKSLICED(dir, quick) .paired_sliced = &(const struct test_sliced){ \
	.args = { "-t", "@SECS@", "@DIRS@", "-f", TEST_DISK_FILE, "-s", "@SIZE@", NULL }, \
	.overhead_s = 0.05, .overhead_quick_s = 0.05, \
	.dir_overhead_s = (dir), .dir_overhead_quick_s = (quick) }
/* The disk programs share the file laid out by disk-layout; their final
 * flush may take long on a slow device. */
#define DISK_RUN .args = DISKARGS, .seconds = 10, .samples = SAMPLES_SHORT, \
	.groups = G_DISK, .flags = TF_TESTDIR | TF_SUSTAIN, .prep = PREP_DISK_FILE, .flush_grace_s = 120
/* mem-stream allocates, first-touches and afterwards checks 3 x 4 x LLC. */
#define MEMARGS(k) { "-k", k, "-t", "@SECS@", "-s", "@MEMSIZE@", "-n", "@COPIES@", NULL }
#define MEM_RUN .prog = "mem-stream", .seconds = 10, .samples = SAMPLES_SHORT, \
	.unit = "MB/s", .groups = G_MEM, .overhead_s = 1, .overhead_quick_s = 1
/* A net program forks its server (or reaches --peer) and waits for its result. */
#define NETARGS(...) { __VA_ARGS__, "-t", "@SECS@", "-p", "@PEER@", NULL }
#define NET_RUN .seconds = 10, .samples = SAMPLES_SHORT, .groups = G_NET, .flags = TF_PEER, \
	.overhead_s = 0.2, .overhead_quick_s = 0.2

const struct test_def test_table[] = {
	/* The System Benchmarks Index, in UnixBench's run order. */
	{ .name = "dhry2reg", .title = "Dhrystone 2 using register variables",
	  .prog = "dhry2reg", .args = { "@SECS@", NULL },
	  .seconds = 10, .samples = SAMPLES_LONG, .unit = "lps", .baseline = 116700.0,
	  .groups = IDX | G_DHRY },
	{ .name = "whetstone-double", .title = "Double-Precision Whetstone",
	  .prog = "whetstone-double", .args = { "-t", "@SECS@", NULL },
	  .seconds = 10, .samples = SAMPLES_LONG, .unit = "MWIPS", .baseline = 55.0,
	  .groups = IDX | G_ARITH | G_WHETS,
	  .overhead_s = 2, .overhead_quick_s = 0.5 },
	{ .name = "execl", .title = "Execl Throughput",
	  .prog = "execl", .args = { "@SECS@", NULL },
	  .seconds = 30, .samples = SAMPLES_SHORT, .unit = "lps", .baseline = 43.0,
	  .groups = IDX | SYS },
	{ .name = "fstime", .title = "File Copy 1024 bufsize 2000 maxblocks",
	  FSCOPY("1024", "2000"),
	  .baseline = 3960.0,
	  .groups = IDX | SYS | G_FS },
	{ .name = "fsbuffer", .title = "File Copy 256 bufsize 500 maxblocks",
	  FSCOPY("256", "500"),
	  .baseline = 1655.0,
	  .groups = IDX | SYS | G_FS },
	{ .name = "fsdisk", .title = "File Copy 4096 bufsize 8000 maxblocks",
	  FSCOPY("4096", "8000"),
	  .baseline = 5800.0,
	  .groups = IDX | SYS | G_FS },
	{ .name = "pipe", .title = "Pipe Throughput",
	  .prog = "pipe", .args = { "@SECS@", NULL },
	  .seconds = 10, .samples = SAMPLES_LONG, .unit = "lps", .baseline = 12440.0,
	  .groups = IDX | SYS },
	{ .name = "context1", .title = "Pipe-based Context Switching",
	  .prog = "context1", .args = { "@SECS@", NULL },
	  .seconds = 10, .samples = SAMPLES_LONG, .unit = "lps", .baseline = 4000.0,
	  .groups = IDX | SYS, .flags = TF_PLACEMENT, .procs = 2,
	  .placement_metric = METRIC_SHARED_CPU_FRACTION },
	{ .name = "spawn", .title = "Process Creation",
	  .prog = "spawn", .args = { "@SECS@", NULL },
	  .seconds = 30, .samples = SAMPLES_SHORT, .unit = "lps", .baseline = 126.0,
	  .groups = IDX | SYS },
	{ .name = "syscall", .title = "System Call Overhead",
	  .prog = "syscall", .args = { "@SECS@", NULL },
	  .seconds = 10, .samples = SAMPLES_LONG, .unit = "lps", .baseline = 15000.0,
	  .groups = IDX | SYS,
	  /* 5.1.3: close(dup(0)) on the stdin all copies share, libc's getpid() */
	  .ub513 = &(const struct test_alt){ .args = { "@SECS@", "mix-5.1.3", NULL } } },
	{ .name = "shell1", .title = "Shell Scripts (1 concurrent)",
	  .prog = "looper", .args = { "@SECS@", "@PGMS@/multi.sh", "1", NULL }, SH513("1"), SHSLICED("1"),
	  .seconds = 60, .samples = SAMPLES_SHORT, .unit = "lpm", .baseline = 42.4,
	  .groups = IDX | G_SYSTEM | G_SHELL, .flags = TF_SHELL | TF_TESTDIR },
	{ .name = "shell8", .title = "Shell Scripts (8 concurrent)",
	  .prog = "looper", .args = { "@SECS@", "@PGMS@/multi.sh", "8", NULL }, SH513("8"), SHSLICED("8"),
	  .seconds = 60, .samples = SAMPLES_SHORT, .unit = "lpm", .baseline = 6.0,
	  .groups = IDX | G_SYSTEM | G_SHELL, .flags = TF_SHELL | TF_TESTDIR },

	/* Other system tests (no baseline: "---" in the index table). */
	{ .name = "shell16", .title = "Shell Scripts (16 concurrent)",
	  .prog = "looper", .args = { "@SECS@", "@PGMS@/multi.sh", "16", NULL }, SH513("16"), SHSLICED("16"),
	  .seconds = 60, .samples = SAMPLES_SHORT, .unit = "lpm",
	  .groups = G_SYSTEM | G_SHELL, .flags = TF_SHELL | TF_TESTDIR },
	{ .name = "fstime-w", .title = "File Write 1024 bufsize 2000 maxblocks",
	  FSWRITE("1024", "2000"), .groups = G_FS },
	{ .name = "fstime-r", .title = "File Read 1024 bufsize 2000 maxblocks",
	  FSREAD("1024", "2000"), .groups = G_FS },
	{ .name = "fsbuffer-w", .title = "File Write 256 bufsize 500 maxblocks",
	  FSWRITE("256", "500"), .groups = G_FS },
	{ .name = "fsbuffer-r", .title = "File Read 256 bufsize 500 maxblocks",
	  FSREAD("256", "500"), .groups = G_FS },
	{ .name = "fsdisk-w", .title = "File Write 4096 bufsize 8000 maxblocks",
	  FSWRITE("4096", "8000"), .groups = G_FS },
	{ .name = "fsdisk-r", .title = "File Read 4096 bufsize 8000 maxblocks",
	  FSREAD("4096", "8000"), .groups = G_FS },

	/* Non-index benchmarks (UnixBench's "misc" category). */
	{ .name = "dhry2", .title = "Dhrystone 2 without register variables",
	  .prog = "dhry2", .args = { "@SECS@", NULL },
	  .seconds = 10, .samples = SAMPLES_LONG, .unit = "lps" },
	{ .name = "arithoh", .title = "Arithoh",
	  .prog = "arithoh", .args = { "@SECS@", NULL },
	  .seconds = 10, .samples = SAMPLES_SHORT, .unit = "lps", .groups = G_ARITH },
	{ .name = "short", .title = "Arithmetic Test (short)",
	  .prog = "short", .args = { "@SECS@", NULL },
	  .seconds = 10, .samples = SAMPLES_SHORT, .unit = "lps", .groups = G_ARITH },
	{ .name = "int", .title = "Arithmetic Test (int)",
	  .prog = "int", .args = { "@SECS@", NULL },
	  .seconds = 10, .samples = SAMPLES_SHORT, .unit = "lps", .groups = G_ARITH },
	{ .name = "long", .title = "Arithmetic Test (long)",
	  .prog = "long", .args = { "@SECS@", NULL },
	  .seconds = 10, .samples = SAMPLES_SHORT, .unit = "lps", .groups = G_ARITH },
	{ .name = "float", .title = "Arithmetic Test (float)",
	  .prog = "float", .args = { "@SECS@", NULL },
	  .seconds = 10, .samples = SAMPLES_SHORT, .unit = "lps", .groups = G_ARITH },
	{ .name = "double", .title = "Arithmetic Test (double)",
	  .prog = "double", .args = { "@SECS@", NULL },
	  .seconds = 10, .samples = SAMPLES_SHORT, .unit = "lps", .groups = G_ARITH },
	{ .name = "hanoi", .title = "Recursion Test -- Tower of Hanoi",
	  .prog = "hanoi", .args = { "@SECS@", NULL },
	  .seconds = 20, .samples = SAMPLES_SHORT, .unit = "lps", .groups = G_MISC },
	/* UnixBench's command and title: gcc, or the test is skipped. */
	{ .name = "C", .title = "C Compiler Throughput (gcc)",
	  .prog = "looper", .args = { "@SECS@", "gcc", "@PGMS@/cctest.c", NULL },
	  .seconds = 60, .samples = SAMPLES_SHORT, .unit = "lpm", .groups = G_MISC,
	  .flags = TF_TESTDIR,
	  .needs = "gcc", .needs_hint = "UnixBench's C test runs gcc; Debian/Ubuntu: apt-get install gcc" },
	{ .name = "dc", .title = "Dc: sqrt(2) to 99 decimal places",
	  .prog = "looper", .args = { "-i", "@PGMS@/dc.dat", "@SECS@", "dc", NULL },
	  .seconds = 30, .samples = SAMPLES_SHORT, .unit = "lpm", .groups = G_MISC,
	  .needs = "dc", .needs_hint = "Debian/Ubuntu: apt-get install dc" },
	{ .name = "grep", .title = "Grep a large file (system's grep)",
	  .prog = "looper", .args = { "@SECS@", "grep", "-c", "gimp", "large.txt", NULL },
	  .seconds = 30, .samples = SAMPLES_SHORT, .unit = "lpm", .baseline = 1.0,
	  .flags = TF_TESTDIR, .prep = PREP_GREP_DATA },
	{ .name = "sysexec", .title = "Exec System Call Overhead",
	  .prog = "syscall", .args = { "@SECS@", "exec", NULL },
	  .seconds = 10, .samples = SAMPLES_LONG, .unit = "lps", .baseline = 25.0 },

	/* sysindex's disk tests: what people run by hand with dd and fio. */
	{ .name = "seqwrite-dsync", .title = "Seq Write 1 MiB O_DSYNC",
	  .prog = "seqwrite-dsync", .unit = "MB/s", DISK_RUN,
	  DISKSLICED(1.3, 0.35) },
	{ .name = "seqwrite-fdatasync", .title = "Seq Write 1 MiB + fdatasync",
	  .prog = "seqwrite-fdatasync", .unit = "MB/s", DISK_RUN,
	  DISKSLICED(4.4, 1.0) },
	{ .name = "seqread-direct", .title = "Seq Read 1 MiB O_DIRECT",
	  .prog = "seqread-direct", .unit = "MB/s", DISK_RUN,
	  DISKSLICED(0.1, 0.1) },
	{ .name = "fsync-4k", .title = "Write 4 KiB + fdatasync, QD1",
	  .prog = "fsync-4k", .unit = "IOPS", DISK_RUN,
	  DISKSLICED(0.1, 0.1) },
	{ .name = "randrw-4k-qd64", .title = "Random R/W 75/25 4 KiB QD64",
	  .prog = "randrw-4k-qd64", .unit = "IOPS", DISK_RUN,
	  DISKSLICED(0.1, 0.1) },
	{ .name = "randread-4k-qd1", .title = "Random Read 4 KiB QD1",
	  .prog = "randread-4k-qd1", .unit = "IOPS", DISK_RUN,
	  DISKSLICED(0.1, 0.1) },

	/* sysindex's memory tests: STREAM's four kernels, lmbench-style latency. */
	{ .name = "mem-copy", .title = "Memory Copy (STREAM c = a)",
	  .args = MEMARGS("copy"), MEM_RUN },
	{ .name = "mem-scale", .title = "Memory Scale (STREAM b = q*c)",
	  .args = MEMARGS("scale"), MEM_RUN },
	{ .name = "mem-add", .title = "Memory Add (STREAM c = a+b)",
	  .args = MEMARGS("add"), MEM_RUN },
	{ .name = "mem-triad", .title = "Memory Triad (STREAM a = b+q*c)",
	  .args = MEMARGS("triad"), MEM_RUN },
	{ .name = "mem-latency", .title = "Memory Latency (random chain, largest)",
	  .prog = "mem-latency",
	  .args = { "-t", "@SECS@", "-s", "@MEMSIZE@", "-n", "@COPIES@", NULL },
	  .seconds = 10, .samples = SAMPLES_SHORT, .unit = "ns", .groups = G_MEM,
	  .flags = TF_LOWER | TF_CURVE, .overhead_s = 1.5, .overhead_quick_s = 1.5 },

	/* sysindex's network tests: loopback, or --peer against `sysindex serve`. */
	{ .name = "tcp-stream", .title = "TCP Stream (1 x 128 KiB writes)", .prog = "net-stream",
	  .args = NETARGS("-m", "tcp", "-P", "1"), .unit = "Gbit/s", NET_RUN },
	{ .name = "tcp-stream-4", .title = "TCP Stream (4 x 128 KiB writes)", .prog = "net-stream",
	  .args = NETARGS("-m", "tcp", "-P", "4"), .unit = "Gbit/s", NET_RUN },
	{ .name = "unix-stream", .title = "Unix Socket Stream (128 KiB writes)", .prog = "net-stream",
	  .args = NETARGS("-m", "unix", "-P", "1"), .unit = "Gbit/s", NET_RUN },
	{ .name = "tcp-rr", .title = "TCP Request/Response (1 byte)", .prog = "net-rr",
	  .args = NETARGS("-m", "rr"), .unit = "tps", NET_RUN },
	{ .name = "tcp-crr", .title = "TCP Connect/Request/Response/Close", .prog = "net-rr",
	  .args = NETARGS("-m", "crr"), .unit = "tps", NET_RUN },
	{ .name = "udp-rr", .title = "UDP Request/Response (1 byte)", .prog = "net-rr",
	  .args = NETARGS("-m", "udp"), .unit = "tps", NET_RUN },
};
const size_t test_table_len = sizeof(test_table) / sizeof(test_table[0]);

/* name, mask, own (1: sysindex's own group, 0: UnixBench's), help. */
const struct group_def group_table[] = {
	{ "index", G_INDEX, 0, "the 12 tests of the System Benchmarks Index (default)" },
	{ "system", G_SYSTEM, 0, "oldsystem plus shell1, shell8, shell16" },
	{ "oldsystem", G_OLDSYSTEM, 0, "execl, file copy, pipe, context1, spawn, syscall" },
	{ "arithmetic", G_ARITH, 0, "arithoh, short, int, long, float, double, whetstone" },
	{ "fs", G_FS, 0, "the nine file read, write and copy tests" },
	{ "shell", G_SHELL, 0, "shell1, shell8, shell16" },
	{ "load", G_SHELL, 0, "same as shell (broken in UnixBench, works here)" },
	{ "misc", G_MISC, 0, "C, dc, hanoi" },
	{ "speed", G_ARITH | G_SYSTEM, 0, "arithmetic plus system" },
	{ "dhry", G_DHRY, 0, "dhry2reg" },
	{ "dhrystone", G_DHRY, 0, "dhry2reg" },
	{ "whets", G_WHETS, 0, "whetstone-double" },
	{ "whetstone", G_WHETS, 0, "whetstone-double" },
	{ "disk", G_DISK, 1,
	  "sysindex's dd/fio-style disk tests (not in the index)" },
	{ "memory", G_MEM, 1,
	  "STREAM copy/scale/add/triad and memory latency (not in the index)" },
	{ "net", G_NET, 1,
	  "loopback (or --peer) TCP, UDP and Unix socket tests (not in the index)" },
	{ "all", G_ALL, 0, "every test except the disk, memory and net groups" },
};
const size_t group_table_len = sizeof(group_table) / sizeof(group_table[0]);

const char *const workload_names[WL_COUNT + 1] = {
	[WL_UB60] = "6.0", [WL_UB513] = "5.1.3", [WL_COUNT] = NULL,
};
const char *const workload_tags[WL_COUNT] = {
	[WL_UB60] = "UnixBench 6.0", [WL_UB513] = "UnixBench 5.1.3 (--compat 5.1.3)",
};

static const struct test_alt *test_alt_of(const struct test_def *t, enum workload w)
{
	return w == WL_UB513 ? t->ub513 : NULL;
}

const char *test_prog(const struct test_def *t, enum workload w)
{
	const struct test_alt *a = test_alt_of(t, w);

	return a != NULL && a->prog != NULL ? a->prog : t->prog;
}

const char *const *test_args(const struct test_def *t, enum workload w)
{
	const struct test_alt *a = test_alt_of(t, w);

	return a != NULL ? a->args : t->args;
}

const struct test_sliced *test_sliced(const struct test_def *t, enum workload w)
{
	return w == WL_UB60 ? t->paired_sliced : NULL;
}

int test_interleaved(const struct test_def *t, size_t ndirs, int control)
{
	return ndirs >= 2 && ((t->flags & TF_TESTDIR) || control);
}

#define CATEGORY_KEY(e, key, title) [e] = (key),
#define CATEGORY_TITLE(e, key, title) [e] = (title),
const char *const category_key[CAT_COUNT] = { CATEGORY_ROWS(CATEGORY_KEY) };
const char *const category_title[CAT_COUNT] = { CATEGORY_ROWS(CATEGORY_TITLE) };
#undef CATEGORY_KEY
#undef CATEGORY_TITLE

enum test_category test_category(const struct test_def *t)
{
	if (t->groups & G_DISK)
		return CAT_DISK;
	if (t->groups & G_MEM)
		return CAT_MEMORY;
	if (t->groups & G_NET)
		return CAT_NET;
	if (t->groups & (G_INDEX | G_SYSTEM | G_FS))
		return CAT_SYSTEM;
	return CAT_MISC;
}

const struct test_def *test_find(const char *name)
{
	for (size_t i = 0; i < test_table_len; i++)
		if (strcmp(test_table[i].name, name) == 0)
			return &test_table[i];
	return NULL;
}

const struct test_def *test_find_title(const char *title)
{
	for (size_t i = 0; i < test_table_len; i++)
		if (strcmp(test_table[i].title, title) == 0)
			return &test_table[i];
	return NULL;
}

const struct group_def *group_find(const char *name)
{
	for (size_t i = 0; i < group_table_len; i++)
		if (strcmp(group_table[i].name, name) == 0)
			return &group_table[i];
	return NULL;
}

/* The groups of gs[0..n) that are sysindex's own, as one mask. */
static unsigned own_mask(const struct group_def *gs, size_t n)
{
	unsigned m = 0;

	for (size_t i = 0; i < n; i++)
		if (gs[i].own)
			m |= gs[i].mask;
	return m;
}

/* Whether g selects t, "all" leaving out the groups of the mask own. */
static int selects(unsigned own, const struct group_def *g, const struct test_def *t)
{
	if (g->mask & G_ALL)
		return !(t->groups & own);
	return (t->groups & g->mask) != 0;
}

int group_selects(const struct group_def *g, const struct test_def *t)
{
	return selects(own_mask(group_table, group_table_len), g, t);
}

int testtab_group_selects(const struct testtab *tab, const struct group_def *g,
			  const struct test_def *t)
{
	return selects(own_mask(tab->groups, tab->ngroups), g, t);
}

int test_is_own(const struct test_def *t)
{
	return (t->groups & own_mask(group_table, group_table_len)) != 0;
}

int test_zero_as_one(const struct test_def *t)
{
	return t->baseline > 0;
}

unsigned test_copy_slots(const struct test_def *t, unsigned online)
{
	unsigned procs = t->procs ? t->procs : 1;

	return online / procs ? online / procs : 1;
}

const char *const test_placeholders[PH_COUNT] = {
	[PH_SECS] = "@SECS@", [PH_DIR] = "@DIR@", [PH_PGMS] = "@PGMS@", [PH_FILE] = "@FILE@",
	[PH_SIZE] = "@SIZE@", [PH_SETTLE] = "@SETTLE@", [PH_MEMSIZE] = "@MEMSIZE@",
	[PH_COPIES] = "@COPIES@", [PH_PEER] = "@PEER@", [PH_DIRS] = "@DIRS@", [PH_SUSTAIN] = "@SUSTAIN@",
};

enum test_placeholder test_placeholder(const char *arg)
{
	size_t plen = strlen(test_placeholders[PH_PGMS]);

	if (strchr(arg, '@') == NULL)
		return PH_LITERAL;
	if (strncmp(arg, test_placeholders[PH_PGMS], plen) == 0 && strchr(arg + plen, '@') == NULL)
		return PH_PGMS;
	for (int p = 0; p < PH_COUNT; p++)
		if (strcmp(arg, test_placeholders[p]) == 0)
			return (enum test_placeholder)p;
	return PH_UNKNOWN;
}

/* The first argument of args (NULL-terminated) that is no placeholder but has '@'. */
static const char *unknown_placeholder(const char *const *args)
{
	for (size_t i = 0; i < TEST_MAX_ARGS && args[i] != NULL; i++)
		if (test_placeholder(args[i]) == PH_UNKNOWN)
			return args[i];
	return NULL;
}

int test_args_validate(const struct test_def *t, char *err, size_t errlen)
{
	const char *bad = unknown_placeholder(t->args);

	if (bad == NULL && t->ub513 != NULL)
		bad = unknown_placeholder(t->ub513->args);
	if (bad == NULL && t->paired_sliced != NULL)
		bad = unknown_placeholder(t->paired_sliced->args);
	if (bad == NULL)
		return 0;
	snprintf(err, errlen, "test %s: argument \"%.40s\" is no known placeholder", t->name, bad);
	return -1;
}

/* A sliced row uses the test dir and names its directories once. */
static int sliced_ok(const struct test_def *t)
{
	size_t n = 0;

	for (size_t i = 0; i < TEST_MAX_ARGS && t->paired_sliced->args[i] != NULL; i++)
		n += test_placeholder(t->paired_sliced->args[i]) == PH_DIRS;
	return n == 1 && (t->flags & TF_TESTDIR) && t->paired_sliced->overhead_s >= 0 &&
	       t->paired_sliced->overhead_quick_s >= 0 && t->paired_sliced->dir_overhead_s >= 0 &&
	       t->paired_sliced->dir_overhead_quick_s >= 0;
}

struct testtab testtab_real(void)
{
	return (struct testtab){ test_table, test_table_len, group_table, group_table_len,
				 unit_table, unit_table_len };
}

/* The row of tab's tests or groups named name, or NULL. */
static const struct test_def *tab_test(const struct testtab *tab, const char *name)
{
	for (size_t i = 0; i < tab->ntests; i++)
		if (strcmp(tab->tests[i].name, name) == 0)
			return &tab->tests[i];
	return NULL;
}

static const struct group_def *tab_group(const struct testtab *tab, const char *name)
{
	for (size_t i = 0; i < tab->ngroups; i++)
		if (strcmp(tab->groups[i].name, name) == 0)
			return &tab->groups[i];
	return NULL;
}

/* Row i's fields alone: complete, unique, indexed with a baseline, ... */
static int row_fields_ok(const struct testtab *tab, size_t i, char *err, size_t errlen)
{
	const struct test_def *t = &tab->tests[i];

	if (t->name == NULL || t->title == NULL || t->prog == NULL || t->unit == NULL ||
	    t->seconds == 0) {
		snprintf(err, errlen, "test row %zu is incomplete", i);
		return -1;
	}
	for (size_t j = 0; j < i; j++) {
		if (strcmp(tab->tests[j].name, t->name) == 0 ||
		    strcmp(tab->tests[j].title, t->title) == 0) {
			snprintf(err, errlen, "test %s: duplicate name or title", t->name);
			return -1;
		}
	}
	if (tab_group(tab, t->name) != NULL) {
		snprintf(err, errlen, "test %s: same name as a group", t->name);
		return -1;
	}
	if ((t->groups & G_INDEX) && !(t->baseline > 0 && isfinite(t->baseline))) {
		snprintf(err, errlen, "test %s: indexed without a baseline", t->name);
		return -1;
	}
	if (strlen(t->title) > 40) {
		snprintf(err, errlen, "test %s: title longer than the 40-column field", t->name);
		return -1;
	}
	if (!(t->overhead_s >= 0) || !(t->overhead_quick_s >= 0) ||
	    (t->needs_hint != NULL && t->needs == NULL) ||
	    (t->placement_metric != NULL && !(t->flags & TF_PLACEMENT))) {
		snprintf(err, errlen, "test %s: inconsistent behaviour fields", t->name);
		return -1;
	}
	return 0;
}

/* Row t's unit is in the units table, a figure of merit, and agrees with TF_LOWER. */
static int row_unit_ok(const struct testtab *tab, const struct test_def *t, char *err,
		       size_t errlen)
{
	const struct unit_def *u = unit_find_in(tab->units, tab->nunits, t->unit);

	if (u == NULL) {
		snprintf(err, errlen, "test %s: unit \"%.20s\" is not in the units table "
			 "(src/core/units.c)", t->name, t->unit);
		return -1;
	}
	if (u->dir == UNIT_NEUTRAL) {
		snprintf(err, errlen, "test %s: unit %s says neither higher nor lower is better",
			 t->name, u->name);
		return -1;
	}
	if (((t->flags & TF_LOWER) != 0) != (u->dir == UNIT_LOWER)) {
		snprintf(err, errlen, "test %s: TF_LOWER %s, but its unit %s is %s-is-better",
			 t->name, (t->flags & TF_LOWER) ? "set" : "not set", u->name,
			 u->dir == UNIT_LOWER ? "lower" : "higher");
		return -1;
	}
	return 0;
}

/* Every group bit of row t is some row of the group table ("all" is none). */
static int row_groups_ok(const struct testtab *tab, const struct test_def *t, char *err,
			 size_t errlen)
{
	unsigned known = 0;

	for (size_t g = 0; g < tab->ngroups; g++)
		known |= tab->groups[g].mask & ~(unsigned)G_ALL;
	if (t->groups & ~known) {
		snprintf(err, errlen, "test %s: group bits 0x%x are no row of the group table",
			 t->name, t->groups & ~known);
		return -1;
	}
	return 0;
}

/* Row t's variants: arguments, 5.1.3's work, paired mode's sliced sample. */
static int row_variants_ok(const struct test_def *t, char *err, size_t errlen)
{
	if (test_args_validate(t, err, errlen) != 0)
		return -1;
	if (t->ub513 != NULL && t->ub513->args[0] == NULL) {
		snprintf(err, errlen, "test %s: its 5.1.3 variant has no arguments", t->name);
		return -1;
	}
	if (t->paired_sliced != NULL && !sliced_ok(t)) {
		snprintf(err, errlen, "test %s: a sliced row needs the test dir and one @DIRS@",
			 t->name);
		return -1;
	}
	return 0;
}

/* Every group selects a test and is not named like one. */
static int groups_ok(const struct testtab *tab, char *err, size_t errlen)
{
	unsigned own = own_mask(tab->groups, tab->ngroups);

	for (size_t g = 0; g < tab->ngroups; g++) {
		size_t n = 0;

		for (size_t i = 0; i < tab->ntests; i++)
			n += selects(own, &tab->groups[g], &tab->tests[i]) != 0;
		if (n == 0) {
			snprintf(err, errlen, "group %s selects no test", tab->groups[g].name);
			return -1;
		}
		if (tab_test(tab, tab->groups[g].name) != NULL) {
			snprintf(err, errlen, "group %s: same name as a test", tab->groups[g].name);
			return -1;
		}
	}
	return 0;
}

int testtab_check(const struct testtab *tab, char *err, size_t errlen)
{
	size_t nindex = 0;

	for (size_t i = 0; i < tab->ntests; i++) {
		const struct test_def *t = &tab->tests[i];

		if (row_fields_ok(tab, i, err, errlen) != 0 || row_unit_ok(tab, t, err, errlen) != 0 ||
		    row_groups_ok(tab, t, err, errlen) != 0 || row_variants_ok(t, err, errlen) != 0)
			return -1;
		if (t->groups & G_INDEX)
			nindex++;
	}
	if (nindex != 12) {
		snprintf(err, errlen, "the index has %zu tests, not 12", nindex);
		return -1;
	}
	return groups_ok(tab, err, errlen);
}

int testtab_validate(char *err, size_t errlen)
{
	struct testtab tab = testtab_real();

	return testtab_check(&tab, err, errlen);
}
