/* test_proto.c: the protocol line parser, good and malformed lines. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "run/progout.h"
#include "run/proto.h"

static const struct {
	const char *line;
	enum proto_kind kind;
	double value;
	int timebase;
	const char *unit;
} cases[] = {
	{ "COUNT|533910795|1|lps", PL_COUNT, 533910795, 1, "lps" },
	{ "COUNT|7148|60|lpm\n", PL_COUNT, 7148, 60, "lpm" },
	{ "COUNT|8832.701|0|MWIPS", PL_COUNT, 8832.701, 0, "MWIPS" },
	{ "COUNT|749366|0|KBps\r\n", PL_COUNT, 749366, 0, "KBps" },
	{ "TIME|30.0", PL_TIME, 30, 0, "" },
	{ "TIME|10.177", PL_TIME, 10.177, 0, "" },
	{ "START|12345.678901", PL_START, 12345.678901, 0, "" },
	{ "START|", PL_INVALID, 0, 0, "" },
	{ "START|-2", PL_INVALID, 0, 0, "" },
	{ "METRIC|lat_p99|250.5|us", PL_METRIC, 250.5, 0, "us" },
	{ "NOTE|buffered", PL_NOTE, 0, 0, "" },
	{ "ERROR|disk full: No space left on device", PL_ERROR, 0, 0, "" },
	{ "SKIP|O_DIRECT not supported", PL_SKIP, 0, 0, "" },
	{ "FOO|bar", PL_OTHER, 0, 0, "" },
	{ "hello world", PL_INVALID, 0, 0, "" },
	{ "", PL_INVALID, 0, 0, "" },
	{ "COUNT|", PL_INVALID, 0, 0, "" },
	{ "COUNT|abc|1|lps", PL_INVALID, 0, 0, "" },
	{ "COUNT|12|x|lps", PL_INVALID, 0, 0, "" },
	{ "COUNT|-5|1|lps", PL_INVALID, 0, 0, "" },
	{ "COUNT|nan|1|lps", PL_INVALID, 0, 0, "" },
	{ "COUNT|inf|1|lps", PL_INVALID, 0, 0, "" },
	{ "COUNT|1e999|1|lps", PL_INVALID, 0, 0, "" },
	{ "COUNT|5|1.5|lps", PL_INVALID, 0, 0, "" },
	{ "COUNT|5|1", PL_INVALID, 0, 0, "" },
	{ "TIME|", PL_INVALID, 0, 0, "" },
	{ "TIME|-1", PL_INVALID, 0, 0, "" },
	{ "METRIC||1|us", PL_INVALID, 0, 0, "" },
	{ "METRIC|x|y|us", PL_INVALID, 0, 0, "" },
	{ "METRIC|own_seconds|2.5|s|mean", PL_METRIC, 2.5, 0, "s" },
	{ "METRIC|lat_max|9|us|max", PL_METRIC, 9, 0, "us" },
	{ "METRIC|ios|9|ops|sum", PL_METRIC, 9, 0, "ops" },
	{ "METRIC|x|1|us|median", PL_INVALID, 0, 0, "" },
	{ "METRIC|x|1|us|", PL_INVALID, 0, 0, "" },
	{ "METRIC|x|1|us|mean|later", PL_METRIC, 1, 0, "us" },   /* later fields: ignored */
};

START_TEST(parse_lines)
{
	struct proto_line pl;

	proto_parse_line(cases[_i].line, &pl);
	ck_assert_msg(pl.kind == cases[_i].kind, "line '%s': kind %d, want %d",
		      cases[_i].line, pl.kind, cases[_i].kind);
	if (pl.kind == PL_COUNT || pl.kind == PL_TIME || pl.kind == PL_METRIC ||
	    pl.kind == PL_START)
		ck_assert_double_eq_tol(pl.value, cases[_i].value, 1e-9);
	if (pl.kind == PL_COUNT) {
		ck_assert_int_eq(pl.timebase, cases[_i].timebase);
		ck_assert_str_eq(pl.unit, cases[_i].unit);
	}
}
END_TEST

START_TEST(texts_keep_bars_and_drop_newline)
{
	struct proto_line pl;

	proto_parse_line("ERROR|a|b|c\n", &pl);
	ck_assert_int_eq(pl.kind, PL_ERROR);
	ck_assert_str_eq(pl.text, "a|b|c");
	proto_parse_line("METRIC|read_iops|1234.5|IOPS", &pl);
	ck_assert_str_eq(pl.name, "read_iops");
	ck_assert_str_eq(pl.unit, "IOPS");
	ck_assert_int_eq(pl.combine, MC_SUM);
	proto_parse_line("METRIC|own_seconds|2|s|mean", &pl);
	ck_assert_str_eq(pl.unit, "s");
	ck_assert_int_eq(pl.combine, MC_MEAN);
	proto_parse_line("METRIC|lat_max|2|us|max\n", &pl);
	ck_assert_int_eq(pl.combine, MC_MAX);
}
END_TEST

/*
 * Both halves of the protocol, end to end: what the programs' harness writes
 * for each way of combining a METRIC, the driver's parser reads back as that
 * way (the words live once, in core/protocol.h).
 */
START_TEST(metric_combine_round_trip)
{
	for (int c = 0; c < MC_NCOMBINE; c++) {
		char line[256] = "";
		struct proto_line pl;
		FILE *f = tmpfile();
		int saved = dup(STDERR_FILENO);

		ck_assert_ptr_nonnull(f);
		ck_assert_int_ge(saved, 0);
		fflush(stderr);
		ck_assert_int_ge(dup2(fileno(f), STDERR_FILENO), 0);
		harness_metric_as("lat", 1.5, "us", (enum metric_combine)c);
		fflush(stderr);
		ck_assert_int_ge(dup2(saved, STDERR_FILENO), 0);
		close(saved);
		rewind(f);
		ck_assert_ptr_nonnull(fgets(line, sizeof(line), f));
		fclose(f);
		proto_parse_line(line, &pl);
		ck_assert_int_eq(pl.kind, PL_METRIC);
		ck_assert_str_eq(pl.name, "lat");
		ck_assert_int_eq(pl.combine, c);
		ck_assert_str_eq(metric_combine_word(pl.combine), metric_combine_word((enum metric_combine)c));
	}
}
END_TEST

START_TEST(long_line_is_invalid)
{
	char line[2000];
	struct proto_line pl;

	memset(line, 'x', sizeof(line) - 1);
	line[sizeof(line) - 1] = '\0';
	memcpy(line, "COUNT|1|1|", 10);
	proto_parse_line(line, &pl);
	ck_assert_int_eq(pl.kind, PL_INVALID);
}
END_TEST

/* INTERVAL lines: parsed, refused when malformed, and a copy's series in order. */
START_TEST(interval_lines)
{
	static const char err[] = "START|1.0\nINTERVAL|0.200|200|MB/s|5242.88\n"
		"METRIC|burst|200|MB/s\nINTERVAL|0.400|100.5|MB/s|10433\nINTERVAL|x|1|MB/s|1\n"
		"COUNT|100|0|MB/s\n";
	struct proto_line pl;
	struct series_pt *s;
	size_t n;

	proto_parse_line("INTERVAL|1.5|200|IOPS|12.5", &pl);
	ck_assert_int_eq(pl.kind, PL_INTERVAL);
	ck_assert_double_eq(pl.value, 1.5);
	ck_assert_double_eq(pl.rate, 200);
	ck_assert_double_eq(pl.io_us, 12.5);
	ck_assert_str_eq(pl.unit, "IOPS");
	proto_parse_line("INTERVAL|1.5|200|IOPS", &pl);
	ck_assert_int_eq(pl.kind, PL_INVALID);
	proto_parse_line("INTERVAL|1.5|fast|IOPS|1", &pl);
	ck_assert_int_eq(pl.kind, PL_INVALID);
	n = progout_series(err, &s);
	ck_assert_uint_eq(n, 2);
	ck_assert_double_eq(s[0].t, 0.2);
	ck_assert_double_eq(s[1].rate, 100.5);
	ck_assert_double_eq(s[1].io_us, 10433);
	free(s);
	ck_assert_uint_eq(progout_series("COUNT|1|0|MB/s\n", &s), 0);
	ck_assert_ptr_null(s);
}
END_TEST

Suite *suite_proto(void)
{
	Suite *s = suite_create("proto");
	TCase *tc = tcase_create("lines");

	tcase_add_loop_test(tc, parse_lines, 0, sizeof(cases) / sizeof(cases[0]));
	tcase_add_test(tc, texts_keep_bars_and_drop_newline);
	tcase_add_test(tc, long_line_is_invalid);
	tcase_add_test(tc, metric_combine_round_trip);
	tcase_add_test(tc, interval_lines);
	suite_add_tcase(s, tc);
	return s;
}
