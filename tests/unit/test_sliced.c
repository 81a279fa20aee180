/*
 * test_sliced.c: paired mode's sliced samples: the per-directory COUNT and
 * TIME lines, one copy's per-directory results, the split of a round's one
 * pass into each directory's, a round's cost, the slice order fstime uses,
 * and the rows that ask for it (the planner's estimate is in test_plan.c).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "shared/williams.h"
#include "run/progout.h"
#include "run/proto.h"
#include "run/sliced.h"
#include "core/testtab.h"

#define W_EXIT(n) ((n) << 8)

START_TEST(dir_lines)
{
	struct proto_line pl;

	proto_parse_line("COUNT|180125|0|KBps|1", &pl);
	ck_assert_int_eq(pl.kind, PL_COUNT);
	ck_assert_int_eq(pl.dir, 1);
	ck_assert_double_eq(pl.value, 180125);
	proto_parse_line("COUNT|180125|0|KBps", &pl);
	ck_assert_int_eq(pl.dir, -1);
	proto_parse_line("TIME|1.027|0", &pl);
	ck_assert_int_eq(pl.kind, PL_TIME);
	ck_assert_int_eq(pl.dir, 0);
	ck_assert_double_eq_tol(pl.value, 1.027, 1e-9);
	proto_parse_line("TIME|1.0", &pl);
	ck_assert_int_eq(pl.dir, -1);
	/* An index must be a whole number below PROTOCOL_MAX_DIRS. */
	proto_parse_line("COUNT|1|0|KBps|8", &pl);
	ck_assert_int_eq(pl.kind, PL_INVALID);
	proto_parse_line("COUNT|1|0|KBps|x", &pl);
	ck_assert_int_eq(pl.kind, PL_INVALID);
	proto_parse_line("COUNT|1|0|KBps|0.5", &pl);
	ck_assert_int_eq(pl.kind, PL_INVALID);
	proto_parse_line("TIME|1|-1", &pl);
	ck_assert_int_eq(pl.kind, PL_INVALID);
	/* A NOTE's last field is its directory when it is an index. */
	proto_parse_line("NOTE|buffered, tmpfs|1", &pl);
	ck_assert_int_eq(pl.kind, PL_NOTE);
	ck_assert_int_eq(pl.dir, 1);
	ck_assert_str_eq(pl.text, "buffered, tmpfs");
	proto_parse_line("NOTE|engine=io_uring", &pl);
	ck_assert_int_eq(pl.dir, -1);
	ck_assert_str_eq(pl.text, "engine=io_uring");
	/* Otherwise the bars are the text's own. */
	proto_parse_line("NOTE|a|b", &pl);
	ck_assert_int_eq(pl.dir, -1);
	ck_assert_str_eq(pl.text, "a|b");
	proto_parse_line("NOTE|a|8", &pl);
	ck_assert_int_eq(pl.dir, -1);
	ck_assert_str_eq(pl.text, "a|8");
	proto_parse_line("NOTE|a|", &pl);
	ck_assert_str_eq(pl.text, "a|");
}
END_TEST

START_TEST(copy_per_dir)
{
	struct copy_result cr;
	char reason[REASON_MAX];
	int skipped;

	progout_parse_copy("START|5.0\nCOUNT|100|0|KBps|0\nTIME|1.02|0\n"
			   "COUNT|200|0|KBps|1\nTIME|1.01|1\nNOTE|tmpfs|1\nNOTE|shared\n",
			   0, W_EXIT(0), 0, 3.5, &cr, reason, sizeof(reason), &skipped);
	ck_assert_int_eq(cr.ok, 1);
	ck_assert_uint_eq(cr.dir_seen, 3);
	ck_assert_double_eq(cr.dir_count[0], 100);
	ck_assert_double_eq(cr.dir_count[1], 200);
	ck_assert_double_eq_tol(cr.dir_time[0], 1.02, 1e-9);
	ck_assert_double_eq_tol(cr.dir_time[1], 1.01, 1e-9);
	ck_assert_double_eq(cr.dir_time[2], -1);
	ck_assert_double_eq(cr.time, -1);   /* no plain TIME line */
	ck_assert_str_eq(cr.dir_note[0], "");
	ck_assert_str_eq(cr.dir_note[1], "tmpfs");
	ck_assert_str_eq(cr.note, "shared");
}
END_TEST

/* A round's pass with two copies, each reporting dirs 0 and 1 (or not). */
static void two_copies(struct pass_result *all, struct copy_result *c, unsigned seen1)
{
	memset(all, 0, sizeof(*all));
	memset(c, 0, 2 * sizeof(*c));
	for (int i = 0; i < 2; i++) {
		c[i].ok = 1;
		c[i].elapsed = 3.5;
		c[i].dir_seen = 1u | (i == 1 ? seen1 : 2u);
		c[i].dir_count[0] = 100 + i;
		c[i].dir_count[1] = 200 + i;
		c[i].dir_time[0] = 1.0 + i;
		c[i].dir_time[1] = -1;     /* no TIME for dir 1: its elapsed */
		c[i].count = 999;
	}
	all->ok = 1;
	all->start_spread = 0.001;
	all->copies = c;
	all->ncopies = 2;
}

START_TEST(split_per_dir)
{
	struct copy_result c[2];
	struct pass_result all, out;

	two_copies(&all, c, 2u);
	ck_assert_int_eq(sliced_split(&all, 0, &out), 0);
	ck_assert_int_eq(out.ok, 1);
	ck_assert_uint_eq(out.ncopies, 2);
	ck_assert_double_eq(out.count, 201);             /* 100 + 101 */
	ck_assert_double_eq_tol(out.time, 1.5, 1e-12);   /* mean of 1 and 2 */
	ck_assert_double_eq(out.copies[1].count, 101);
	ck_assert_double_eq_tol(out.start_spread, 0.001, 1e-12);
	free(out.copies);
	ck_assert_int_eq(sliced_split(&all, 1, &out), 0);
	ck_assert_double_eq(out.count, 401);
	ck_assert_double_eq_tol(out.time, 3.5, 1e-12);
	free(out.copies);
	/* The second copy said nothing for dir 1: that sample fails. */
	two_copies(&all, c, 0);
	ck_assert_int_eq(sliced_split(&all, 1, &out), 0);
	ck_assert_int_eq(out.ok, 0);
	ck_assert_str_eq(out.reason, "copy 2 printed no result for test dir 2");
	free(out.copies);
	/* One directory left: the program's plain COUNT and TIME are its. */
	two_copies(&all, c, 2u);
	for (int k = 0; k < 2; k++) {
		c[k].dir_seen = 0;
		c[k].count = 50;
		c[k].time = 1.25;
	}
	ck_assert_int_eq(sliced_split(&all, 0, &out), 0);
	ck_assert_int_eq(out.ok, 1);
	ck_assert_double_eq(out.count, 100);
	ck_assert_double_eq_tol(out.time, 1.25, 1e-12);
	free(out.copies);
	ck_assert_int_eq(sliced_split(&all, 1, &out), 0);
	ck_assert_int_eq(out.ok, 0);
	free(out.copies);
	/* A directory's own NOTE replaces the shared one; without, it stays. */
	two_copies(&all, c, 2u);
	for (int k = 0; k < 2; k++) {
		strcpy(c[k].note, "shared");
		strcpy(c[k].dir_note[1], "buffered");
	}
	ck_assert_int_eq(sliced_split(&all, 0, &out), 0);
	ck_assert_str_eq(out.copies[1].note, "shared");
	free(out.copies);
	ck_assert_int_eq(sliced_split(&all, 1, &out), 0);
	ck_assert_str_eq(out.copies[0].note, "buffered");
	ck_assert_str_eq(out.copies[1].note, "buffered");
	free(out.copies);
	/* A failed round fails every directory with its reason. */
	two_copies(&all, c, 2u);
	all.ok = 0;
	strcpy(all.reason, "exited with status 1: /x: write: No space left on device");
	ck_assert_int_eq(sliced_split(&all, 0, &out), 0);
	ck_assert_int_eq(out.ok, 0);
	ck_assert_str_eq(out.reason, all.reason);
	free(out.copies);
}
END_TEST

/* Which side a failed round names (issue 49): the one that printed no result. */
START_TEST(round_culprit)
{
	struct copy_result c[2];
	struct pass_result all;

	/* Killed while slicing: no side printed, so none can be told. */
	two_copies(&all, c, 0);
	c[0].dir_seen = c[1].dir_seen = 0;
	all.ok = 0;
	ck_assert_int_eq(sliced_culprit(&all, 2), -1);
	/* Every side printed and the process still failed: the round's. */
	two_copies(&all, c, 2u);
	all.ok = 0;
	ck_assert_int_eq(sliced_culprit(&all, 2), -1);
	/* Side 0 printed in every copy, side 1 not in copy 2: side 1. */
	two_copies(&all, c, 0);
	all.ok = 0;
	ck_assert_int_eq(sliced_culprit(&all, 2), 1);
	/* Of three sides, the first that lacks a result. */
	two_copies(&all, c, 2u);
	c[0].dir_seen = c[1].dir_seen = 1u | 4u;
	all.ok = 0;
	ck_assert_int_eq(sliced_culprit(&all, 3), 1);
	/* One side left: the failure is its own. */
	c[0].dir_seen = c[1].dir_seen = 0;
	ck_assert_int_eq(sliced_culprit(&all, 1), 0);
}
END_TEST

START_TEST(round_cost)
{
	const struct test_sliced sl = { .args = { "@DIRS@", NULL }, .overhead_s = 3,
					.overhead_quick_s = 0.1, .dir_overhead_s = 8,
					.dir_overhead_quick_s = 0.5 };

	ck_assert_double_eq_tol(sliced_round_seconds(&sl, 1, 1, 2), 0.1 + 2 * 1.5, 1e-12);
	ck_assert_double_eq_tol(sliced_round_seconds(&sl, 0, 10, 3), 3 + 3 * 18, 1e-12);
}
END_TEST

/* fstime's slices for two dirs: A B B A A B B A; k dirs: balanced positions. */
START_TEST(slice_order)
{
	static const size_t want[] = { 0, 1, 1, 0, 0, 1, 1, 0 };
	size_t o[8], seq[8], n = 0, place[3][3] = { { 0 } };

	for (size_t c = 0; c < 4; c++) {
		williams_row(2, c, o);
		seq[n++] = o[0];
		seq[n++] = o[1];
	}
	ck_assert_mem_eq(seq, want, sizeof(want));
	for (size_t c = 0; c < williams_period(3); c++) {
		williams_row(3, c, o);
		for (size_t j = 0; j < 3; j++)
			place[o[j]][j]++;
	}
	for (size_t d = 0; d < 3; d++)
		for (size_t j = 0; j < 3; j++)
			ck_assert_uint_eq(place[d][j], 2);
}
END_TEST

START_TEST(sliced_rows)
{
	static const char *const sliced[] = { "fstime", "fsbuffer", "fsdisk",
					      "fstime-w", "fstime-r", "fsbuffer-w",
					      "fsbuffer-r", "fsdisk-w", "fsdisk-r",
					      "shell1", "shell8", "shell16",
					      "seqwrite-dsync", "seqwrite-fdatasync",
					      "seqread-direct", "fsync-4k", "randrw-4k-qd64",
					      "randread-4k-qd1" };

	for (size_t i = 0; i < sizeof(sliced) / sizeof(sliced[0]); i++) {
		const struct test_def *t = test_find(sliced[i]);

		ck_assert_ptr_nonnull(test_sliced(t, WL_UB60));
		/* --compat 5.1.3 keeps 5.1.3's work: a process per sample. */
		ck_assert_ptr_null(test_sliced(t, WL_UB513));
	}
	ck_assert_ptr_null(test_sliced(test_find("dhry2reg"), WL_UB60));
}
END_TEST

Suite *suite_sliced(void)
{
	Suite *s = suite_create("sliced");
	TCase *c = tcase_create("sliced");

	tcase_add_test(c, dir_lines);
	tcase_add_test(c, copy_per_dir);
	tcase_add_test(c, split_per_dir);
	tcase_add_test(c, round_culprit);
	tcase_add_test(c, round_cost);
	tcase_add_test(c, slice_order);
	tcase_add_test(c, sliced_rows);
	suite_add_tcase(s, c);
	return s;
}
