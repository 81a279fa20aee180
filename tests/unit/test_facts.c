/*
 * test_facts.c: the facts written once, read both ways: the test status
 * words (core/status.h), the verdict words (stats/verdict.h), the units
 * table (core/units.h) and the group table's own groups, and the test
 * table's checks against them on fixture rows that break one fact each.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "core/status.h"
#include "core/units.h"
#include "stats/verdict.h"
#include "core/testtab.h"

/* Every status's word reads back as that status; the words and keys are today's. */
START_TEST(status_words_round_trip)
{
	static const char *const word[TS_COUNT] = { "NOT RUN", "OK", "FAILED", "SKIPPED", "N/A" };
	static const char *const key[TS_COUNT] = { "not_run", "ok", "failed", "skipped",
						   "unavailable" };

	for (int s = 0; s < TS_COUNT; s++) {
		enum test_status back = TS_COUNT;
		const char *w = status_word((enum test_status)s);

		ck_assert_str_eq(w, word[s]);
		ck_assert_str_eq(status_key((enum test_status)s), key[s]);
		ck_assert_int_eq(status_parse_word(w, strlen(w), &back), 0);
		ck_assert_int_eq(back, s);
	}
}
END_TEST

START_TEST(status_unknown_word_refused)
{
	enum test_status s = TS_OK;

	ck_assert_int_eq(status_parse_word("FAIL", 4, &s), -1);
	ck_assert_int_eq(status_parse_word("FAILED", 5, &s), -1);
	ck_assert_int_eq(status_parse_word("failed", 6, &s), -1);
	ck_assert_int_eq(s, TS_OK);
	/* Outside the enum: never run, as the writers always printed it. */
	ck_assert_str_eq(status_word(TS_COUNT), "NOT RUN");
	ck_assert_str_eq(status_key((enum test_status)99), "not_run");
}
END_TEST

/* Each verdict's word reads back as that verdict, VD_FEW's cell as VD_FEW. */
START_TEST(verdict_words_round_trip)
{
	static const enum verdict vs[] = { VD_FASTER, VD_SLOWER, VD_EQUIVALENT, VD_INCONCLUSIVE };
	char cell[64];
	enum verdict v = VD_NONE;

	for (size_t i = 0; i < sizeof(vs) / sizeof(vs[0]); i++) {
		ck_assert_int_eq(verdict_parse(verdict_word(vs[i]), &v), 0);
		ck_assert_int_eq(v, vs[i]);
	}
	ck_assert_str_eq(verdict_word(VD_FASTER), "faster");
	ck_assert_str_eq(verdict_word(VD_EQUIVALENT), "equivalent");
	ck_assert_str_eq(verdict_word(VD_FEW), "inconclusive");
	ck_assert_str_eq(verdict_word(VD_NONE), "");
	verdict_few(cell, sizeof(cell), "%d round%s", 3, "s");
	ck_assert_str_eq(cell, "inconclusive: 3 rounds");
	ck_assert_int_eq(verdict_parse(cell, &v), 0);
	ck_assert_int_eq(v, VD_FEW);
	/* What reports before the equivalence test printed, read only. */
	ck_assert_int_eq(verdict_parse("no difference proven", &v), 0);
	ck_assert_int_eq(v, VD_INCONCLUSIVE);
	ck_assert_int_eq(verdict_parse("", &v), -1);
	ck_assert_int_eq(verdict_parse("faster!", &v), -1);
	ck_assert_int_eq(verdict_parse("units differ", &v), -1);
}
END_TEST

/* A row's last cell: the word after a space, nothing glued on. */
START_TEST(verdict_word_ends_a_row)
{
	const char *row = "Pipe Throughput noatime 1.0 2.0 +1.00% -1%..+2% +-1% 9 equivalent";

	ck_assert_uint_eq(verdict_word_at_end(row, strlen(row)), strlen("equivalent"));
	ck_assert_uint_eq(verdict_word_at_end("unfaster", 8), 0);
	ck_assert_uint_eq(verdict_word_at_end("faster", 6), 0);
	ck_assert_uint_eq(verdict_word_at_end("x no difference proven", 22), 20);
}
END_TEST

/* Every row's unit is in the units table, with TF_LOWER as its direction. */
START_TEST(every_test_unit_is_in_the_table)
{
	for (size_t i = 0; i < test_table_len; i++) {
		const struct test_def *t = &test_table[i];
		const struct unit_def *u = unit_find(t->unit);

		ck_assert_msg(u != NULL, "test %s: unit %s not in the units table", t->name, t->unit);
		ck_assert_msg(u->dir != UNIT_NEUTRAL, "test %s: unit %s", t->name, t->unit);
		ck_assert_msg(((t->flags & TF_LOWER) != 0) == (u->dir == UNIT_LOWER),
			      "test %s: TF_LOWER against unit %s", t->name, t->unit);
	}
}
END_TEST

/* Names unique, factors positive, and a base unit is its own base at factor 1. */
START_TEST(units_table_consistent)
{
	for (size_t i = 0; i < unit_table_len; i++) {
		const struct unit_def *u = &unit_table[i], *b = unit_find(u->base);

		ck_assert_ptr_eq(unit_find(u->name), u);
		ck_assert_msg(u->factor > 0, "unit %s", u->name);
		if (b != NULL) {
			ck_assert_str_eq(b->base, b->name);
			ck_assert_msg(b->factor == 1 && b->dir == u->dir, "unit %s's base %s",
				      u->name, b->name);
		}
	}
	ck_assert_double_eq(unit_find("KBps")->factor, 1024);
	ck_assert_double_eq_tol(unit_find("lpm")->factor * 60, 1, 1e-12);
	ck_assert_str_eq(unit_find("Gbit/s")->base, "B/s");
}
END_TEST

/*
 * Every test's unit names its base unit as a member name (the JSON's base
 * figure), one name per base; the six the JSON had are unchanged.
 */
START_TEST(every_test_unit_has_a_base_key)
{
	static const struct { const char *unit, *key; double factor; } json_v1[] = {
		{ "lps", "operations_per_second", 1 }, { "lpm", "operations_per_second", 1.0 / 60 },
		{ "IOPS", "operations_per_second", 1 }, { "MWIPS", "operations_per_second", 1e6 },
		{ "KBps", "bytes_per_second", 1024 }, { "MB/s", "bytes_per_second", 1e6 },
	};

	for (size_t i = 0; i < test_table_len; i++) {
		const struct unit_def *u = unit_find(test_table[i].unit);

		ck_assert_ptr_nonnull(u);
		ck_assert_msg(u->base_key != NULL, "test %s: unit %s has no base key",
			      test_table[i].name, u->name);
	}
	for (size_t i = 0; i < unit_table_len; i++)
		for (size_t j = 0; j < unit_table_len; j++)
			if (strcmp(unit_table[i].base, unit_table[j].base) == 0)
				ck_assert_ptr_eq(unit_table[i].base_key, unit_table[j].base_key);
	for (size_t i = 0; i < sizeof(json_v1) / sizeof(json_v1[0]); i++) {
		const struct unit_def *u = unit_find(json_v1[i].unit);

		ck_assert_str_eq(u->base_key, json_v1[i].key);
		ck_assert_double_eq(u->factor, json_v1[i].factor);
	}
	ck_assert_str_eq(unit_find("ns")->base_key, "seconds");
	ck_assert_str_eq(unit_find("Gbit/s")->base_key, "bytes_per_second");
	ck_assert_str_eq(unit_find("tps")->base_key, "operations_per_second");
}
END_TEST

/* Each category's key and title are one row: today's words, in the enum's order. */
START_TEST(category_rows)
{
	static const char *const key[CAT_COUNT] = { "system", "misc", "disk", "memory", "network" };

	for (int c = 0; c < CAT_COUNT; c++) {
		ck_assert_str_eq(category_key[c], key[c]);
		ck_assert_ptr_nonnull(category_title[c]);
	}
	ck_assert_str_eq(category_title[CAT_NET], "Network Benchmarks");
}
END_TEST

/* What compare judged a time before the table (its own list), and nothing else. */
START_TEST(units_lower_is_better)
{
	static const char *const lower[] = { "s", "ms", "us", "ns", "sec", "usec", "nsec" };
	size_t n = 0;

	for (size_t i = 0; i < sizeof(lower) / sizeof(lower[0]); i++)
		ck_assert_msg(unit_lower_better(lower[i]), "%s", lower[i]);
	for (size_t i = 0; i < unit_table_len; i++)
		n += unit_lower_better(unit_table[i].name) != 0;
	ck_assert_uint_eq(n, sizeof(lower) / sizeof(lower[0]));
	ck_assert(!unit_lower_better("lps"));
	ck_assert(!unit_lower_better("furlongs"));
	ck_assert(!unit_lower_better(""));
}
END_TEST

/* sysindex's own groups, asked of the group table: disk, memory, net. */
START_TEST(own_groups_from_the_table)
{
	const struct group_def *all = group_find("all");

	ck_assert(group_find("disk")->own && group_find("memory")->own && group_find("net")->own);
	ck_assert(!group_find("index")->own && !all->own && !group_find("misc")->own);
	ck_assert(test_is_own(test_find("mem-latency")));
	ck_assert(test_is_own(test_find("tcp-rr")));
	ck_assert(test_is_own(test_find("fsync-4k")));
	ck_assert(!test_is_own(test_find("dhry2reg")));
	ck_assert(!test_is_own(test_find("fstime-w")));
	for (size_t i = 0; i < test_table_len; i++)
		ck_assert_int_eq(group_selects(all, &test_table[i]), !test_is_own(&test_table[i]));
}
END_TEST

/*
 * One broken fact each in a fixture copy of the tables: testtab_check
 * refuses the row and says which and why.
 */
struct broken {
	const char *name;
	const char *unit;
	unsigned flags;
	unsigned groups;
	const char *want;       /* in the message */
};

static const struct broken broken[] = {
	{ "no-unit", "furlongs/fortnight", 0, 0, "test no-unit: unit \"furlongs/fortnight\" is not "
	  "in the units table" },
	{ "wrong-way", "ns", 0, 0, "test wrong-way: TF_LOWER not set, but its unit ns is "
	  "lower-is-better" },
	{ "wrong-way2", "MB/s", TF_LOWER, 0, "test wrong-way2: TF_LOWER set, but its unit MB/s "
	  "is higher-is-better" },
	{ "no-merit", "bool", 0, 0, "test no-merit: unit bool says neither" },
	{ "no-group", "lps", 0, 1u << 20, "test no-group: group bits 0x100000 are no row of "
	  "the group table" },
	{ "all-bit", "lps", 0, G_ALL, "test all-bit: group bits" },
};

START_TEST(broken_row_refused)
{
	struct test_def *rows = malloc((test_table_len + 1) * sizeof(*rows));
	struct testtab tab = testtab_real();
	char err[256] = "";

	ck_assert_ptr_nonnull(rows);
	memcpy(rows, test_table, test_table_len * sizeof(*rows));
	rows[test_table_len] = (struct test_def){ .name = broken[_i].name, .title = "Broken",
		.prog = "hanoi", .args = { "@SECS@", NULL }, .seconds = 10,
		.unit = broken[_i].unit, .flags = broken[_i].flags,
		.groups = broken[_i].groups };
	tab.tests = rows;
	tab.ntests = test_table_len + 1;
	ck_assert_int_eq(testtab_check(&tab, err, sizeof(err)), -1);
	ck_assert_msg(strstr(err, broken[_i].want) != NULL, "'%s' lacks '%s'", err,
		      broken[_i].want);
	/* The same row, mended, passes. */
	rows[test_table_len].unit = "lps";
	rows[test_table_len].flags = 0;
	rows[test_table_len].groups = 0;
	ck_assert_msg(testtab_check(&tab, err, sizeof(err)) == 0, "%s", err);
	free(rows);
}
END_TEST

/* Without its unit's row, the real table is refused at the first row in that unit. */
START_TEST(unit_row_missing_refused)
{
	struct unit_def units[64];
	struct testtab tab = testtab_real();
	size_t n = 0;
	char err[256] = "";

	ck_assert_uint_le(unit_table_len, 64);
	for (size_t i = 0; i < unit_table_len; i++)
		if (strcmp(unit_table[i].name, "MWIPS") != 0)
			units[n++] = unit_table[i];
	tab.units = units;
	tab.nunits = n;
	ck_assert_int_eq(testtab_check(&tab, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "test whetstone-double: unit \"MWIPS\" is not in the units table "
			 "(src/core/units.c)");
}
END_TEST

Suite *suite_facts(void)
{
	Suite *s = suite_create("facts");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, status_words_round_trip);
	tcase_add_test(tc, status_unknown_word_refused);
	tcase_add_test(tc, verdict_words_round_trip);
	tcase_add_test(tc, verdict_word_ends_a_row);
	tcase_add_test(tc, every_test_unit_is_in_the_table);
	tcase_add_test(tc, units_table_consistent);
	tcase_add_test(tc, units_lower_is_better);
	tcase_add_test(tc, every_test_unit_has_a_base_key);
	tcase_add_test(tc, category_rows);
	tcase_add_test(tc, own_groups_from_the_table);
	tcase_add_loop_test(tc, broken_row_refused, 0, sizeof(broken) / sizeof(broken[0]));
	tcase_add_test(tc, unit_row_missing_refused);
	suite_add_tcase(s, tc);
	return s;
}
