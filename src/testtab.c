/*
 * testtab.c: every test sysindex knows, with UnixBench's display names,
 * programs, seconds per sample, sample classes, units and baselines
 * (pgms/index.base, the SPARCstation 20-61 "George" = 10.0).
 */
#include "testtab.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define SYS (G_SYSTEM | G_OLDSYSTEM)
#define IDX G_INDEX
#define FSARGS(mode, b, m) { mode, "-t", "@SECS@", "-d", "@DIR@", "-b", b, "-m", m, "-s", "@SETTLE@", NULL }
#define DISKARGS { "-t", "@SECS@", "-f", "@FILE@", "-s", "@SIZE@", NULL }

const struct test_def test_table[] = {
	/* The System Benchmarks Index, in UnixBench's run order. */
	{ "dhry2reg", "Dhrystone 2 using register variables", "dhry2reg",
	  { "@SECS@", NULL }, NULL, 10, SAMPLES_LONG, "lps", 116700.0,
	  IDX | G_DHRY, 0 },
	{ "whetstone-double", "Double-Precision Whetstone", "whetstone-double",
	  { "-t", "@SECS@", NULL }, NULL, 10, SAMPLES_LONG, "MWIPS", 55.0,
	  IDX | G_ARITH | G_WHETS, 0 },
	{ "execl", "Execl Throughput", "execl",
	  { "@SECS@", NULL }, NULL, 30, SAMPLES_SHORT, "lps", 43.0,
	  IDX | SYS, 0 },
	{ "fstime", "File Copy 1024 bufsize 2000 maxblocks", "fstime",
	  FSARGS("-c", "1024", "2000"), NULL, 30, SAMPLES_SHORT, "KBps", 3960.0,
	  IDX | SYS | G_FS, TF_TESTDIR },
	{ "fsbuffer", "File Copy 256 bufsize 500 maxblocks", "fstime",
	  FSARGS("-c", "256", "500"), NULL, 30, SAMPLES_SHORT, "KBps", 1655.0,
	  IDX | SYS | G_FS, TF_TESTDIR },
	{ "fsdisk", "File Copy 4096 bufsize 8000 maxblocks", "fstime",
	  FSARGS("-c", "4096", "8000"), NULL, 30, SAMPLES_SHORT, "KBps", 5800.0,
	  IDX | SYS | G_FS, TF_TESTDIR },
	{ "pipe", "Pipe Throughput", "pipe",
	  { "@SECS@", NULL }, NULL, 10, SAMPLES_LONG, "lps", 12440.0,
	  IDX | SYS, 0 },
	{ "context1", "Pipe-based Context Switching", "context1",
	  { "@SECS@", NULL }, NULL, 10, SAMPLES_LONG, "lps", 4000.0,
	  IDX | SYS, TF_PLACEMENT },
	{ "spawn", "Process Creation", "spawn",
	  { "@SECS@", NULL }, NULL, 30, SAMPLES_SHORT, "lps", 126.0,
	  IDX | SYS, 0 },
	{ "syscall", "System Call Overhead", "syscall",
	  { "@SECS@", NULL }, NULL, 10, SAMPLES_LONG, "lps", 15000.0,
	  IDX | SYS, 0 },
	{ "shell1", "Shell Scripts (1 concurrent)", "looper",
	  { "@SECS@", "@PGMS@/multi.sh", "1", NULL }, NULL, 60, SAMPLES_SHORT,
	  "lpm", 42.4, IDX | G_SYSTEM | G_SHELL, TF_SHELL | TF_TESTDIR },
	{ "shell8", "Shell Scripts (8 concurrent)", "looper",
	  { "@SECS@", "@PGMS@/multi.sh", "8", NULL }, NULL, 60, SAMPLES_SHORT,
	  "lpm", 6.0, IDX | G_SYSTEM | G_SHELL, TF_SHELL | TF_TESTDIR },

	/* Other system tests (no baseline: "---" in the index table). */
	{ "shell16", "Shell Scripts (16 concurrent)", "looper",
	  { "@SECS@", "@PGMS@/multi.sh", "16", NULL }, NULL, 60, SAMPLES_SHORT,
	  "lpm", 0, G_SYSTEM | G_SHELL, TF_SHELL | TF_TESTDIR },
	{ "fstime-w", "File Write 1024 bufsize 2000 maxblocks", "fstime",
	  FSARGS("-w", "1024", "2000"), NULL, 30, SAMPLES_SHORT, "KBps", 0,
	  G_FS, TF_TESTDIR },
	{ "fstime-r", "File Read 1024 bufsize 2000 maxblocks", "fstime",
	  FSARGS("-r", "1024", "2000"), NULL, 30, SAMPLES_SHORT, "KBps", 0,
	  G_FS, TF_TESTDIR },
	{ "fsbuffer-w", "File Write 256 bufsize 500 maxblocks", "fstime",
	  FSARGS("-w", "256", "500"), NULL, 30, SAMPLES_SHORT, "KBps", 0,
	  G_FS, TF_TESTDIR },
	{ "fsbuffer-r", "File Read 256 bufsize 500 maxblocks", "fstime",
	  FSARGS("-r", "256", "500"), NULL, 30, SAMPLES_SHORT, "KBps", 0,
	  G_FS, TF_TESTDIR },
	{ "fsdisk-w", "File Write 4096 bufsize 8000 maxblocks", "fstime",
	  FSARGS("-w", "4096", "8000"), NULL, 30, SAMPLES_SHORT, "KBps", 0,
	  G_FS, TF_TESTDIR },
	{ "fsdisk-r", "File Read 4096 bufsize 8000 maxblocks", "fstime",
	  FSARGS("-r", "4096", "8000"), NULL, 30, SAMPLES_SHORT, "KBps", 0,
	  G_FS, TF_TESTDIR },

	/* Non-index benchmarks (UnixBench's "misc" category). */
	{ "dhry2", "Dhrystone 2 without register variables", "dhry2",
	  { "@SECS@", NULL }, NULL, 10, SAMPLES_LONG, "lps", 0, 0, 0 },
	{ "arithoh", "Arithoh", "arithoh",
	  { "@SECS@", NULL }, NULL, 10, SAMPLES_SHORT, "lps", 0, G_ARITH, 0 },
	{ "short", "Arithmetic Test (short)", "short",
	  { "@SECS@", NULL }, NULL, 10, SAMPLES_SHORT, "lps", 0, G_ARITH, 0 },
	{ "int", "Arithmetic Test (int)", "int",
	  { "@SECS@", NULL }, NULL, 10, SAMPLES_SHORT, "lps", 0, G_ARITH, 0 },
	{ "long", "Arithmetic Test (long)", "long",
	  { "@SECS@", NULL }, NULL, 10, SAMPLES_SHORT, "lps", 0, G_ARITH, 0 },
	{ "float", "Arithmetic Test (float)", "float",
	  { "@SECS@", NULL }, NULL, 10, SAMPLES_SHORT, "lps", 0, G_ARITH, 0 },
	{ "double", "Arithmetic Test (double)", "double",
	  { "@SECS@", NULL }, NULL, 10, SAMPLES_SHORT, "lps", 0, G_ARITH, 0 },
	{ "hanoi", "Recursion Test -- Tower of Hanoi", "hanoi",
	  { "@SECS@", NULL }, NULL, 20, SAMPLES_SHORT, "lps", 0, G_MISC, 0 },
	{ "C", "C Compiler Throughput (cc)", "looper",
	  { "@SECS@", "cc", "-o", "cctest.out", "@PGMS@/cctest.c", NULL }, NULL,
	  60, SAMPLES_SHORT, "lpm", 0, G_MISC, TF_NEEDS_CC | TF_TESTDIR },
	{ "dc", "Dc: sqrt(2) to 99 decimal places", "looper",
	  { "-i", "@PGMS@/dc.dat", "@SECS@", "dc", NULL }, NULL,
	  30, SAMPLES_SHORT, "lpm", 0, G_MISC, TF_NEEDS_DC },
	{ "grep", "Grep a large file (system's grep)", "looper",
	  { "@SECS@", "grep", "-c", "gimp", "large.txt", NULL }, NULL,
	  30, SAMPLES_SHORT, "lpm", 1.0, 0, TF_GREPDATA | TF_TESTDIR },
	{ "sysexec", "Exec System Call Overhead", "syscall",
	  { "@SECS@", "exec", NULL }, NULL, 10, SAMPLES_LONG, "lps", 25.0, 0, 0 },

	/* sysindex's disk tests: what people run by hand with dd and fio. */
	{ "seqwrite-dsync", "Seq Write 1 MiB O_DSYNC", "seqwrite-dsync",
	  DISKARGS, NULL, 10, SAMPLES_SHORT, "MB/s", 0, G_DISK, TF_DISK | TF_TESTDIR },
	{ "seqwrite-fdatasync", "Seq Write 1 MiB + fdatasync", "seqwrite-fdatasync",
	  DISKARGS, NULL, 10, SAMPLES_SHORT, "MB/s", 0, G_DISK, TF_DISK | TF_TESTDIR },
	{ "seqread-direct", "Seq Read 1 MiB O_DIRECT", "seqread-direct",
	  DISKARGS, NULL, 10, SAMPLES_SHORT, "MB/s", 0, G_DISK, TF_DISK | TF_TESTDIR },
	{ "fsync-4k", "Write 4 KiB + fdatasync, QD1", "fsync-4k",
	  DISKARGS, NULL, 10, SAMPLES_SHORT, "IOPS", 0, G_DISK, TF_DISK | TF_TESTDIR },
	{ "randrw-4k-qd64", "Random R/W 75/25 4 KiB QD64", "randrw-4k-qd64",
	  DISKARGS, NULL, 10, SAMPLES_SHORT, "IOPS", 0, G_DISK, TF_DISK | TF_TESTDIR },
	{ "randread-4k-qd1", "Random Read 4 KiB QD1", "randread-4k-qd1",
	  DISKARGS, NULL, 10, SAMPLES_SHORT, "IOPS", 0, G_DISK, TF_DISK | TF_TESTDIR },
};
const size_t test_table_len = sizeof(test_table) / sizeof(test_table[0]);

const struct group_def group_table[] = {
	{ "index", G_INDEX, "the 12 tests of the System Benchmarks Index (default)" },
	{ "system", G_SYSTEM, "oldsystem plus shell1, shell8, shell16" },
	{ "oldsystem", G_OLDSYSTEM, "execl, file copy, pipe, context1, spawn, syscall" },
	{ "arithmetic", G_ARITH, "arithoh, short, int, long, float, double, whetstone" },
	{ "fs", G_FS, "the nine file read, write and copy tests" },
	{ "shell", G_SHELL, "shell1, shell8, shell16" },
	{ "load", G_SHELL, "same as shell (broken in UnixBench, works here)" },
	{ "misc", G_MISC, "C, dc, hanoi" },
	{ "speed", G_ARITH | G_SYSTEM, "arithmetic plus system" },
	{ "dhry", G_DHRY, "dhry2reg" },
	{ "dhrystone", G_DHRY, "dhry2reg" },
	{ "whets", G_WHETS, "whetstone-double" },
	{ "whetstone", G_WHETS, "whetstone-double" },
	{ "disk", G_DISK, "sysindex's dd/fio-style disk tests (not in the index)" },
	{ "all", G_ALL, "every test except the disk group" },
};
const size_t group_table_len = sizeof(group_table) / sizeof(group_table[0]);

const char *const category_title[CAT_COUNT] = {
	"System Benchmarks", "Non-Index Benchmarks", "Disk Benchmarks",
};

enum test_category test_category(const struct test_def *t)
{
	if (t->groups & G_DISK)
		return CAT_DISK;
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

const struct group_def *group_find(const char *name)
{
	for (size_t i = 0; i < group_table_len; i++)
		if (strcmp(group_table[i].name, name) == 0)
			return &group_table[i];
	return NULL;
}

int group_selects(const struct group_def *g, const struct test_def *t)
{
	if (g->mask & G_ALL)
		return !(t->groups & G_DISK);
	return (t->groups & g->mask) != 0;
}

int testtab_validate(char *err, size_t errlen)
{
	size_t nindex = 0;

	for (size_t i = 0; i < test_table_len; i++) {
		const struct test_def *t = &test_table[i];

		if (t->name == NULL || t->title == NULL || t->prog == NULL ||
		    t->unit == NULL || t->seconds == 0) {
			snprintf(err, errlen, "test row %zu is incomplete", i);
			return -1;
		}
		for (size_t j = 0; j < i; j++) {
			if (strcmp(test_table[j].name, t->name) == 0 ||
			    strcmp(test_table[j].title, t->title) == 0) {
				snprintf(err, errlen, "test %s: duplicate name or title", t->name);
				return -1;
			}
		}
		if (group_find(t->name) != NULL) {
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
		if (t->groups & G_INDEX)
			nindex++;
	}
	if (nindex != 12) {
		snprintf(err, errlen, "the index has %zu tests, not 12", nindex);
		return -1;
	}
	for (size_t g = 0; g < group_table_len; g++) {
		size_t n = 0;

		for (size_t i = 0; i < test_table_len; i++)
			if (group_selects(&group_table[g], &test_table[i]))
				n++;
		if (n == 0) {
			snprintf(err, errlen, "group %s selects no test", group_table[g].name);
			return -1;
		}
		if (test_find(group_table[g].name) != NULL) {
			snprintf(err, errlen, "group %s: same name as a test", group_table[g].name);
			return -1;
		}
	}
	return 0;
}
