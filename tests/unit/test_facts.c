/*
 * test_facts.c: the facts written once, read both ways: the test status
 * words (core/status.h) and the verdict words (stats/verdict.h).
 */
#include <check.h>
#include <string.h>

#include "core/status.h"
#include "stats/verdict.h"

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

Suite *suite_facts(void)
{
	Suite *s = suite_create("facts");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, status_words_round_trip);
	tcase_add_test(tc, status_unknown_word_refused);
	tcase_add_test(tc, verdict_words_round_trip);
	tcase_add_test(tc, verdict_word_ends_a_row);
	suite_add_tcase(s, tc);
	return s;
}
