/*
 * test_disk.c: the disk tests' shared code (src/progs/lib/diskio.c): the
 * latency histogram and its percentiles (hand-worked answers),
 * the PRNG data, laying out a test file, and the sliced sample's schedule
 * and per-directory tally (src/progs/lib/diskslice.c).
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diskio.h"
#include "diskslice.h"

/* ---- histogram buckets -------------------------------------------------------- */

START_TEST(hist_index_known)
{
	/* Exact below 128 ns. */
	ck_assert_uint_eq(diskio_hist_index(0), 0);
	ck_assert_uint_eq(diskio_hist_index(1), 1);
	ck_assert_uint_eq(diskio_hist_index(127), 127);
	/* [128, 256): 64 buckets 2 ns wide. */
	ck_assert_uint_eq(diskio_hist_index(128), 128);
	ck_assert_uint_eq(diskio_hist_index(129), 128);
	ck_assert_uint_eq(diskio_hist_index(130), 129);
	ck_assert_uint_eq(diskio_hist_index(255), 191);
	/* [256, 512): 4 ns wide. */
	ck_assert_uint_eq(diskio_hist_index(256), 192);
	ck_assert_uint_eq(diskio_hist_index(259), 192);
	ck_assert_uint_eq(diskio_hist_index(260), 193);
	/* 1000 ns: msb 9, shift 3, 1000 >> 3 = 125: 3 * 64 + 125 = 317,
	 * bucket [1000, 1008). */
	ck_assert_uint_eq(diskio_hist_index(1000), 317);
	ck_assert_uint_eq(diskio_hist_lower(317), 1000);
	ck_assert_uint_eq(diskio_hist_upper(317), 1008);
	/* 100 us: msb 16, shift 10, 100000 >> 10 = 97: 10 * 64 + 97 = 737,
	 * bucket [99328, 100352). */
	ck_assert_uint_eq(diskio_hist_index(100000), 737);
	ck_assert_uint_eq(diskio_hist_lower(737), 99328);
	ck_assert_uint_eq(diskio_hist_upper(737), 100352);
	/* The top: 2^40 ns and beyond share the last bucket. */
	ck_assert_uint_eq(diskio_hist_index((1ull << 40) - 1), DISKIO_HIST_BUCKETS - 1);
	ck_assert_uint_eq(diskio_hist_index(1ull << 40), DISKIO_HIST_BUCKETS - 1);
	ck_assert_uint_eq(diskio_hist_index(UINT64_MAX), DISKIO_HIST_BUCKETS - 1);
	ck_assert_uint_eq(diskio_hist_upper(DISKIO_HIST_BUCKETS - 1), 1ull << 40);
}
END_TEST

START_TEST(hist_bounds_contiguous)
{
	for (unsigned i = 0; i < DISKIO_HIST_BUCKETS; i++) {
		uint64_t lo = diskio_hist_lower(i), hi = diskio_hist_upper(i);

		ck_assert_msg(lo < hi, "bucket %u empty", i);
		ck_assert_msg(diskio_hist_index(lo) == i, "lower of %u", i);
		ck_assert_msg(diskio_hist_index(hi - 1) == i, "upper of %u", i);
		if (i + 1 < DISKIO_HIST_BUCKETS)
			ck_assert_msg(hi == diskio_hist_lower(i + 1), "gap after %u", i);
		/* Relative width at most 1/64 above the exact range. */
		if (i >= 128)
			ck_assert_msg((hi - lo) * 64 <= lo, "bucket %u too wide", i);
		else
			ck_assert_msg(hi - lo == 1, "bucket %u not exact", i);
	}
}
END_TEST

/* ---- percentiles (nearest rank, bucket midpoint clamped to [min, max]) ------ */

static struct diskio_hist h;

static void hist_fill(const uint64_t *v, size_t n)
{
	diskio_hist_init(&h);
	for (size_t i = 0; i < n; i++)
		diskio_hist_add(&h, v[i]);
}

START_TEST(pct_exact_1_to_100)
{
	diskio_hist_init(&h);
	for (uint64_t v = 100; v >= 1; v--)     /* order must not matter */
		diskio_hist_add(&h, v);
	/* ranks: ceil(0.5 * 100) = 50, ceil(0.99 * 100) = 99,
	 * ceil(0.999 * 100) = 100, ceil(0.01 * 100) = 1 */
	ck_assert_double_eq(diskio_hist_percentile(&h, 50), 50);
	ck_assert_double_eq(diskio_hist_percentile(&h, 99), 99);
	ck_assert_double_eq(diskio_hist_percentile(&h, 99.9), 100);
	ck_assert_double_eq(diskio_hist_percentile(&h, 1), 1);
	ck_assert_double_eq(diskio_hist_percentile(&h, 0.5), 1);
	ck_assert_double_eq(diskio_hist_percentile(&h, 25.5), 26);
	ck_assert_double_eq(diskio_hist_percentile(&h, 0), 1);
	ck_assert_double_eq(diskio_hist_percentile(&h, 100), 100);
	ck_assert_double_eq(diskio_hist_mean(&h), 50.5);
	ck_assert_uint_eq(h.count, 100);
	ck_assert_uint_eq(h.min_ns, 1);
	ck_assert_uint_eq(h.max_ns, 100);
}
END_TEST

START_TEST(pct_rank_is_integer_exact)
{
	/* 999 x 5 ns and 1 x 7 ns: p99.9 is rank 999 exactly, i.e. 5; a
	 * floating-point ceil(0.999 * 1000) could give 1000 and 7. */
	diskio_hist_init(&h);
	for (int i = 0; i < 999; i++)
		diskio_hist_add(&h, 5);
	diskio_hist_add(&h, 7);
	ck_assert_double_eq(diskio_hist_percentile(&h, 99.9), 5);
	ck_assert_double_eq(diskio_hist_percentile(&h, 99.95), 7);
	ck_assert_double_eq(diskio_hist_percentile(&h, 100), 7);
}
END_TEST

START_TEST(pct_tail_bucket_midpoint)
{
	/* 998 x 10 ns, 2 x 100 us (bucket [99328, 100352), midpoint
	 * (99328 + 100351) / 2 = 99839.5). */
	diskio_hist_init(&h);
	for (int i = 0; i < 998; i++)
		diskio_hist_add(&h, 10);
	diskio_hist_add(&h, 100000);
	diskio_hist_add(&h, 100000);
	ck_assert_double_eq(diskio_hist_percentile(&h, 50), 10);
	ck_assert_double_eq(diskio_hist_percentile(&h, 99), 10);
	ck_assert_double_eq(diskio_hist_percentile(&h, 99.8), 10);   /* rank 998 */
	ck_assert_double_eq(diskio_hist_percentile(&h, 99.9), 99839.5); /* rank 999 */
	ck_assert_double_eq(diskio_hist_percentile(&h, 100), 100000);
	/* mean = (998 * 10 + 200000) / 1000 */
	ck_assert_double_eq(diskio_hist_mean(&h), 209.98);
}
END_TEST

START_TEST(pct_clamped_to_seen)
{
	/* One sample: the bucket [1000, 1008) midpoint 1003.5 is clamped. */
	static const uint64_t one[] = { 1000 };
	/* Two in one bucket: the midpoint is above the largest seen. */
	static const uint64_t two[] = { 1000, 1001 };
	/* Below the smallest seen: bucket [1024, 1040) midpoint 1031.5,
	 * samples 1038 and 1039. */
	static const uint64_t low[] = { 1038, 1039 };

	hist_fill(one, 1);
	ck_assert_double_eq(diskio_hist_percentile(&h, 50), 1000);
	ck_assert_double_eq(diskio_hist_percentile(&h, 99.9), 1000);
	hist_fill(two, 2);
	ck_assert_double_eq(diskio_hist_percentile(&h, 50), 1001);
	hist_fill(low, 2);
	ck_assert_uint_eq(diskio_hist_lower(diskio_hist_index(1038)), 1024);
	ck_assert_double_eq(diskio_hist_percentile(&h, 50), 1038);
}
END_TEST

START_TEST(pct_mixed_hand_worked)
{
	/* 10 samples: 50, 60, 70, 80, 90, 300, 300, 1000, 5000, 20000 ns.
	 *   p50: rank 5 -> 90 (exact bucket)
	 *   p60: rank 6 -> 300: msb 8, shift 2, bucket [300, 304), mid 301.5
	 *   p80: rank 8 -> 1000: [1000, 1008), mid 1003.5
	 *   p90: rank 9 -> 5000: msb 12, shift 6, 5000 >> 6 = 78,
	 *        bucket [4992, 5056), mid 5023.5
	 *   p99: rank 10 -> 20000: msb 14, shift 8, 20000 >> 8 = 78,
	 *        bucket [19968, 20224), mid 20095.5 > max: 20000 */
	static const uint64_t v[] = { 20000, 50, 300, 60, 5000, 70, 80, 90, 300, 1000 };

	hist_fill(v, sizeof(v) / sizeof(v[0]));
	ck_assert_double_eq(diskio_hist_percentile(&h, 10), 50);
	ck_assert_double_eq(diskio_hist_percentile(&h, 50), 90);
	ck_assert_double_eq(diskio_hist_percentile(&h, 60), 301.5);
	ck_assert_double_eq(diskio_hist_percentile(&h, 70), 301.5);
	ck_assert_double_eq(diskio_hist_percentile(&h, 80), 1003.5);
	ck_assert_double_eq(diskio_hist_percentile(&h, 90), 5023.5);
	ck_assert_double_eq(diskio_hist_percentile(&h, 99), 20000);
	ck_assert_double_eq(diskio_hist_percentile(&h, 99.9), 20000);
	ck_assert_double_eq(diskio_hist_mean(&h), 2695);
}
END_TEST

START_TEST(pct_empty)
{
	diskio_hist_init(&h);
	ck_assert_double_eq(diskio_hist_percentile(&h, 50), 0);
	ck_assert_double_eq(diskio_hist_mean(&h), 0);
}
END_TEST

START_TEST(pct_large_uniform_error)
{
	/* 1..100000 ns: the true p50 is 50000, p99 99000, p99.9 99900; the
	 * histogram may be off by at most half a bucket (1/128). */
	static const double want[][2] = { { 50, 50000 }, { 99, 99000 }, { 99.9, 99900 } };

	diskio_hist_init(&h);
	for (uint64_t v = 1; v <= 100000; v++)
		diskio_hist_add(&h, v);
	for (size_t i = 0; i < 3; i++) {
		double got = diskio_hist_percentile(&h, want[i][0]);
		double err = got > want[i][1] ? got - want[i][1] : want[i][1] - got;

		ck_assert_msg(err <= want[i][1] / 128.0, "p%g = %g", want[i][0], got);
	}
}
END_TEST

/* ---- data ----------------------------------------------------------------------- */

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

START_TEST(data_incompressible)
{
	const size_t len = 1u << 20;
	unsigned char *buf = diskio_buffer(len);
	uint64_t *words = malloc(len);
	struct diskio_rng r = { 42 };
	unsigned counts[256] = { 0 };

	ck_assert_ptr_nonnull(words);
	ck_assert_uint_eq((uintptr_t)buf % DISKIO_ALIGN, 0);
	diskio_fill(buf, len, &r);
	/* No 4 KiB block is all zeros (what a file system could skip). */
	for (size_t off = 0; off < len; off += DISKIO_SMALL) {
		size_t nz = 0;

		for (size_t i = 0; i < DISKIO_SMALL; i++)
			nz += buf[off + i] != 0;
		ck_assert_msg(nz > DISKIO_SMALL / 2, "block at %zu mostly zero", off);
	}
	/* Byte values uniform: 4096 expected each, sd 64; 12 sd of slack. */
	for (size_t i = 0; i < len; i++)
		counts[buf[i]]++;
	for (int b = 0; b < 256; b++)
		ck_assert_msg(counts[b] > 3328 && counts[b] < 4864,
			      "byte %d seen %u times", b, counts[b]);
	/* No 8-byte word repeats: nothing for a compressor or dedupe to find. */
	memcpy(words, buf, len);
	qsort(words, len / 8, 8, cmp_u64);
	for (size_t i = 1; i < len / 8; i++)
		ck_assert_msg(words[i] != words[i - 1], "repeated word");
	free(words);
	free(buf);
}
END_TEST

START_TEST(data_streams_differ)
{
	unsigned char a[4096], b[4096];
	struct diskio_rng r1 = { 1 }, r2 = { 1 }, r3 = { 2 };

	diskio_fill(a, sizeof(a), &r1);
	diskio_fill(b, sizeof(b), &r2);
	ck_assert_mem_eq(a, b, sizeof(a));      /* same seed, same data */
	diskio_fill(b, sizeof(b), &r1);         /* continued: new data */
	ck_assert(memcmp(a, b, sizeof(a)) != 0);
	diskio_fill(b, sizeof(b), &r3);         /* other seed */
	ck_assert(memcmp(a, b, sizeof(a)) != 0);
	ck_assert(diskio_seed() != 0);
}
END_TEST

START_TEST(data_stamp_every_sector)
{
	unsigned char buf[3 * 4096];
	uint64_t w;

	memset(buf, 0xab, sizeof(buf));
	diskio_stamp(buf, sizeof(buf), 0x1122334455667788ull);
	for (size_t off = 0; off < sizeof(buf); off += 4096) {
		memcpy(&w, buf + off, 8);
		ck_assert_uint_eq(w, 0x1122334455667788ull);
		ck_assert_uint_eq(buf[off + 8], 0xab);
	}
}
END_TEST

/* ---- laying out a file -------------------------------------------------------------- */

START_TEST(layout_create_and_extend)
{
	char dir[] = "/tmp/sysindex-test-disk-XXXXXX";
	char path[64];
	struct stat st;
	unsigned char block[4096];
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/d", dir);
	ck_assert_uint_eq(diskio_layout(path, 1u << 20, 1), 1u << 20);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_eq(st.st_size, 1 << 20);
	/* Already large enough: nothing written. */
	ck_assert_uint_eq(diskio_layout(path, 1u << 20, 1), 0);
	ck_assert_uint_eq(diskio_layout(path, 4096, 1), 0);
	/* Extended by what is missing. */
	ck_assert_uint_eq(diskio_layout(path, (1u << 20) + 8192, 1), 8192);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_eq(st.st_size, (1 << 20) + 8192);
	/* The extension is data, not a hole of zeros. */
	f = fopen(path, "rb");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(fseek(f, 1 << 20, SEEK_SET), 0);
	ck_assert_uint_eq(fread(block, 1, sizeof(block), f), sizeof(block));
	fclose(f);
	{
		size_t nz = 0;

		for (size_t i = 0; i < sizeof(block); i++)
			nz += block[i] != 0;
		ck_assert_uint_gt(nz, sizeof(block) / 2);
	}
	ck_assert_int_eq(unlink(path), 0);
	ck_assert_int_eq(rmdir(dir), 0);
}
END_TEST

/* ---- sliced samples ------------------------------------------------------------- */

/*
 * Run the schedule with every slice measuring 'took' seconds (NULL: its
 * length exactly); record the directories and lengths in order, at most max.
 */
static size_t schedule(struct diskslice *s, const double *took, size_t *dirs,
		       unsigned *ms, size_t max)
{
	size_t n = 0, d;
	unsigned len;

	while ((d = diskslice_next(s, &len)) < s->n && n < max) {
		dirs[n] = d;
		ms[n] = len;
		diskslice_add(s, d, 1.0, took ? took[d] : len / 1000.0);
		n++;
	}
	return n;
}

START_TEST(slice_two_dirs_abba)
{
	struct diskslice s;
	size_t dirs[32], want[] = { 0, 1, 1, 0, 0, 1, 1, 0 };
	unsigned ms[32];
	size_t n;

	diskslice_init(&s, 2, 1.0, 250);
	n = schedule(&s, NULL, dirs, ms, 32);
	ck_assert_uint_eq(n, 8);
	for (size_t i = 0; i < n; i++) {
		ck_assert_uint_eq(dirs[i], want[i]);
		ck_assert_uint_eq(ms[i], 250);
	}
	for (size_t d = 0; d < 2; d++) {
		ck_assert_uint_eq(s.dir[d].slices, 4);
		ck_assert_double_eq_tol(s.dir[d].seconds, 1.0, 1e-9);
	}
	/* Done: it stays done. */
	ck_assert_uint_eq(diskslice_next(&s, ms), 2);
}
END_TEST

START_TEST(slice_last_cut_to_need)
{
	struct diskslice s;
	size_t dirs[32];
	unsigned ms[32];

	/* 1 s in 400 ms slices: 400, 400, then the 200 ms still needed. */
	diskslice_init(&s, 2, 1.0, 400);
	ck_assert_uint_eq(schedule(&s, NULL, dirs, ms, 32), 6);
	ck_assert_uint_eq(ms[0], 400);
	ck_assert_uint_eq(ms[3], 400);
	ck_assert_uint_eq(ms[4], 200);
	ck_assert_uint_eq(ms[5], 200);
	/* A slice that measured a hair short asks for 1 ms more, not 0. */
	diskslice_init(&s, 1, 1.0, 250);
	diskslice_add(&s, 0, 1, 0.9999);
	ck_assert_uint_eq(diskslice_next(&s, ms), 0);
	ck_assert_uint_eq(ms[0], 1);
}
END_TEST

START_TEST(slice_done_dir_skipped)
{
	struct diskslice s;
	/* Dir 1's slices each overrun to 0.5 s (a flush): it is done after
	 * two, and dir 0 goes on alone until its own second. */
	const double took[] = { 0.25, 0.5 };
	size_t dirs[32], want[] = { 0, 1, 1, 0, 0, 0 };
	unsigned ms[32];
	size_t n;

	diskslice_init(&s, 2, 1.0, 250);
	n = schedule(&s, took, dirs, ms, 32);
	ck_assert_uint_eq(n, 6);
	for (size_t i = 0; i < n; i++)
		ck_assert_uint_eq(dirs[i], want[i]);
	ck_assert_uint_eq(s.dir[0].slices, 4);
	ck_assert_uint_eq(s.dir[1].slices, 2);
}
END_TEST

START_TEST(slice_three_dirs_balanced)
{
	struct diskslice s;
	size_t dirs[64], first[3] = { 0, 0, 0 };
	unsigned ms[64];
	size_t n;

	/* 3 directories (Williams rows of 3: period 6), 6 slices each: every
	 * directory opens a cycle twice. */
	diskslice_init(&s, 3, 1.5, 250);
	n = schedule(&s, NULL, dirs, ms, 64);
	ck_assert_uint_eq(n, 18);
	for (size_t c = 0; c < 6; c++) {
		size_t seen = 0;

		first[dirs[3 * c]]++;
		for (size_t j = 0; j < 3; j++)
			seen |= (size_t)1 << dirs[3 * c + j];
		ck_assert_uint_eq(seen, 7);     /* each cycle visits all three */
	}
	for (size_t d = 0; d < 3; d++)
		ck_assert_uint_eq(first[d], 2);
}
END_TEST

START_TEST(slice_tally)
{
	struct diskslice s;
	unsigned ms;

	diskslice_init(&s, 2, 2.0, 250);
	ck_assert_double_eq(diskslice_rate(&s, 0), 0);
	diskslice_add(&s, 0, 100.0, 0.25);
	diskslice_add(&s, 1, 50.0, 0.30);
	diskslice_add(&s, 0, 60.0, 0.15);
	/* 160 units in 0.4 s; 50 in 0.3 s. */
	ck_assert_double_eq_tol(diskslice_rate(&s, 0), 400.0, 1e-9);
	ck_assert_double_eq_tol(diskslice_rate(&s, 1), 50.0 / 0.3, 1e-9);
	ck_assert_uint_eq(s.dir[0].slices, 2);
	ck_assert_double_eq_tol(s.dir[0].longest, 0.25, 1e-12);
	/* No directories: nothing to run. */
	diskslice_init(&s, 0, 1.0, 250);
	ck_assert_uint_eq(diskslice_next(&s, &ms), 0);
}
END_TEST

Suite *suite_disk(void)
{
	Suite *s = suite_create("disk");
	TCase *tc;

	tc = tcase_create("sizes");
	suite_add_tcase(s, tc);

	tc = tcase_create("histogram");
	tcase_add_test(tc, hist_index_known);
	tcase_add_test(tc, hist_bounds_contiguous);
	suite_add_tcase(s, tc);

	tc = tcase_create("percentiles");
	tcase_add_test(tc, pct_exact_1_to_100);
	tcase_add_test(tc, pct_rank_is_integer_exact);
	tcase_add_test(tc, pct_tail_bucket_midpoint);
	tcase_add_test(tc, pct_clamped_to_seen);
	tcase_add_test(tc, pct_mixed_hand_worked);
	tcase_add_test(tc, pct_empty);
	tcase_add_test(tc, pct_large_uniform_error);
	suite_add_tcase(s, tc);

	tc = tcase_create("data");
	tcase_add_test(tc, data_incompressible);
	tcase_add_test(tc, data_streams_differ);
	tcase_add_test(tc, data_stamp_every_sector);
	suite_add_tcase(s, tc);

	tc = tcase_create("layout");
	tcase_add_test(tc, layout_create_and_extend);
	suite_add_tcase(s, tc);

	tc = tcase_create("slices");
	tcase_add_test(tc, slice_two_dirs_abba);
	tcase_add_test(tc, slice_last_cut_to_need);
	tcase_add_test(tc, slice_done_dir_skipped);
	tcase_add_test(tc, slice_three_dirs_balanced);
	tcase_add_test(tc, slice_tally);
	suite_add_tcase(s, tc);
	return s;
}
