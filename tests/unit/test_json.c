/* test_json.c: the JSON emitter's escaping, nesting, numbers and misuse checks. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/json_out.h"

/* A capture buffer: the emitter writes to a FILE, the test reads a string. */
struct cap {
	char *buf;
	size_t len;
	FILE *f;
	struct json_out j;
};

static void cap_open(struct cap *c, int pretty)
{
	c->buf = NULL;
	c->len = 0;
	c->f = open_memstream(&c->buf, &c->len);
	ck_assert_ptr_nonnull(c->f);
	json_init(&c->j, c->f, pretty);
}

/* Finish the document; returns json_finish's verdict, text in c->buf. */
static int cap_close(struct cap *c)
{
	int rc = json_finish(&c->j);

	ck_assert_int_eq(fclose(c->f), 0);
	/* json_finish adds a newline: drop it so expectations stay short. */
	if (c->len > 0 && c->buf[c->len - 1] == '\n')
		c->buf[--c->len] = '\0';
	return rc;
}

static void expect_string(const char *in, size_t len, const char *want)
{
	struct cap c;

	cap_open(&c, 0);
	json_string_n(&c.j, in, len);
	ck_assert_int_eq(cap_close(&c), 0);
	ck_assert_str_eq(c.buf, want);
	free(c.buf);
}

#define EXPECT_STRING(lit, want) expect_string(lit, sizeof(lit) - 1, want)

START_TEST(test_escape_basic)
{
	EXPECT_STRING("plain", "\"plain\"");
	EXPECT_STRING("", "\"\"");
	EXPECT_STRING("say \"hi\"", "\"say \\\"hi\\\"\"");
	EXPECT_STRING("C:\\dir\\", "\"C:\\\\dir\\\\\"");
	EXPECT_STRING("a/b", "\"a/b\"");
	EXPECT_STRING("line1\nline2\r\n", "\"line1\\nline2\\r\\n\"");
	EXPECT_STRING("tab\there", "\"tab\\there\"");
	EXPECT_STRING("\b\f", "\"\\b\\f\"");
}
END_TEST

START_TEST(test_escape_controls)
{
	EXPECT_STRING("\x01\x1f", "\"\\u0001\\u001f\"");
	EXPECT_STRING("a\x1b[0m", "\"a\\u001b[0m\"");
	/* An embedded NUL is data too when the length is given. */
	EXPECT_STRING("a\0b", "\"a\\u0000b\"");
	/* DEL is allowed raw in JSON. */
	EXPECT_STRING("\x7f", "\"\x7f\"");
}
END_TEST

START_TEST(test_utf8_valid_kept)
{
	EXPECT_STRING("caf\xc3\xa9", "\"caf\xc3\xa9\"");                 /* é */
	EXPECT_STRING("\xe2\x82\xac", "\"\xe2\x82\xac\"");               /* € */
	EXPECT_STRING("\xf0\x9f\x98\x80", "\"\xf0\x9f\x98\x80\"");       /* 😀 */
	EXPECT_STRING("\xef\xbf\xbd", "\"\xef\xbf\xbd\"");               /* U+FFFD itself */
	EXPECT_STRING("\xf4\x8f\xbf\xbf", "\"\xf4\x8f\xbf\xbf\"");       /* U+10FFFF */
}
END_TEST

START_TEST(test_utf8_invalid_replaced)
{
	EXPECT_STRING("caf\xe9", "\"caf\\ufffd\"");                      /* Latin-1 é */
	EXPECT_STRING("\xff\xfe", "\"\\ufffd\\ufffd\"");
	EXPECT_STRING("\xc0\xaf", "\"\\ufffd\\ufffd\"");                 /* overlong '/' */
	EXPECT_STRING("\xe0\x80\xaf", "\"\\ufffd\\ufffd\\ufffd\"");      /* overlong */
	EXPECT_STRING("\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"");      /* surrogate */
	EXPECT_STRING("\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\""); /* > U+10FFFF */
	EXPECT_STRING("\x80x", "\"\\ufffdx\"");                          /* lone continuation */
	EXPECT_STRING("ab\xe2\x82", "\"ab\\ufffd\\ufffd\"");             /* cut at the end */
	EXPECT_STRING("\xe2\x82z", "\"\\ufffd\\ufffdz\"");               /* cut in the middle */
}
END_TEST

START_TEST(test_nesting_compact)
{
	struct cap c;

	cap_open(&c, 0);
	json_object_begin(&c.j);
	json_key(&c.j, "a");
	json_array_begin(&c.j);
	json_int(&c.j, 1);
	json_int(&c.j, -2);
	json_object_begin(&c.j);
	json_kv_null(&c.j, "b");
	json_kv_bool(&c.j, "t", 1);
	json_object_end(&c.j);
	json_array_begin(&c.j);
	json_array_end(&c.j);
	json_array_end(&c.j);
	json_key(&c.j, "c");
	json_object_begin(&c.j);
	json_object_end(&c.j);
	json_kv_string(&c.j, "k\"ey", "v");
	json_kv_uint(&c.j, "u", 18446744073709551615ULL);
	json_kv_string_or_null(&c.j, "empty", "");
	json_kv_string(&c.j, "nul", NULL);
	json_object_end(&c.j);
	ck_assert_int_eq(cap_close(&c), 0);
	ck_assert_str_eq(c.buf, "{\"a\":[1,-2,{\"b\":null,\"t\":true},[]],\"c\":{},"
			 "\"k\\\"ey\":\"v\",\"u\":18446744073709551615,\"empty\":null,"
			 "\"nul\":null}");
	free(c.buf);
}
END_TEST

START_TEST(test_nesting_pretty)
{
	struct cap c;

	cap_open(&c, 1);
	json_object_begin(&c.j);
	json_kv_int(&c.j, "n", 1);
	json_key(&c.j, "list");
	json_array_begin(&c.j);
	json_bool(&c.j, 0);
	json_object_begin(&c.j);
	json_object_end(&c.j);
	json_array_end(&c.j);
	json_object_end(&c.j);
	ck_assert_int_eq(cap_close(&c), 0);
	ck_assert_str_eq(c.buf, "{\n  \"n\": 1,\n  \"list\": [\n    false,\n    {}\n  ]\n}");
	free(c.buf);
}
END_TEST

START_TEST(test_deep_nesting)
{
	struct cap c;

	cap_open(&c, 0);
	for (int i = 0; i < JSON_MAX_DEPTH; i++)
		json_array_begin(&c.j);
	for (int i = 0; i < JSON_MAX_DEPTH; i++)
		json_array_end(&c.j);
	ck_assert_int_eq(cap_close(&c), 0);
	ck_assert_uint_eq(c.len, 2 * JSON_MAX_DEPTH);
	free(c.buf);

	cap_open(&c, 0);
	for (int i = 0; i <= JSON_MAX_DEPTH; i++)
		json_array_begin(&c.j);
	ck_assert_int_eq(cap_close(&c), -1);
	free(c.buf);
}
END_TEST

static const char *fmt(double v, char *buf, size_t len)
{
	json_format_double(v, buf, len);
	return buf;
}

START_TEST(test_numbers)
{
	char b[40];
	const double round[] = { 1.0 / 3, 0.1, 2.0 / 3 * 1e-300, 1.7976931348623157e308,
				 4.9406564584124654e-324, 53377969.9, 12345678.123456789 };

	ck_assert_str_eq(fmt(0, b, sizeof(b)), "0");
	ck_assert_str_eq(fmt(100, b, sizeof(b)), "100");
	ck_assert_str_eq(fmt(1500, b, sizeof(b)), "1500");
	ck_assert_str_eq(fmt(0.1, b, sizeof(b)), "0.1");
	ck_assert_str_eq(fmt(-0.5, b, sizeof(b)), "-0.5");
	ck_assert_str_eq(fmt(53377969.9, b, sizeof(b)), "53377969.9");
	ck_assert_str_eq(fmt(1e16, b, sizeof(b)), "10000000000000000");
	ck_assert_str_eq(fmt(1e21, b, sizeof(b)), "1e+21");
	ck_assert_str_eq(fmt(1e-7, b, sizeof(b)), "1e-07");
	ck_assert_str_eq(fmt(1024.0 * 3960, b, sizeof(b)), "4055040");
	ck_assert_int_eq(json_format_double(NAN, b, sizeof(b)), -1);
	ck_assert_str_eq(b, "null");
	ck_assert_int_eq(json_format_double(-INFINITY, b, sizeof(b)), -1);
	for (size_t i = 0; i < sizeof(round) / sizeof(round[0]); i++) {
		fmt(round[i], b, sizeof(b));
		ck_assert_msg(strtod(b, NULL) == round[i], "%s does not round-trip", b);
		ck_assert_msg(strlen(b) <= 24, "%s is too long", b);
	}
}
END_TEST

START_TEST(test_non_finite_is_null)
{
	struct cap c;

	cap_open(&c, 0);
	json_array_begin(&c.j);
	json_double(&c.j, NAN);
	json_double(&c.j, INFINITY);
	json_double(&c.j, -INFINITY);
	json_double(&c.j, 2.5);
	json_array_end(&c.j);
	ck_assert_int_eq(cap_close(&c), 0);
	ck_assert_str_eq(c.buf, "[null,null,null,2.5]");
	free(c.buf);
}
END_TEST

START_TEST(test_misuse_detected)
{
	struct cap c;

	/* A value in an object without a key. */
	cap_open(&c, 0);
	json_object_begin(&c.j);
	json_int(&c.j, 1);
	json_object_end(&c.j);
	ck_assert_int_eq(cap_close(&c), -1);
	free(c.buf);
	/* A key in an array. */
	cap_open(&c, 0);
	json_array_begin(&c.j);
	json_key(&c.j, "k");
	json_array_end(&c.j);
	ck_assert_int_eq(cap_close(&c), -1);
	free(c.buf);
	/* A key without its value. */
	cap_open(&c, 0);
	json_object_begin(&c.j);
	json_key(&c.j, "k");
	json_object_end(&c.j);
	ck_assert_int_eq(cap_close(&c), -1);
	free(c.buf);
	/* Mismatched and missing ends. */
	cap_open(&c, 0);
	json_object_begin(&c.j);
	json_array_end(&c.j);
	ck_assert_int_eq(cap_close(&c), -1);
	free(c.buf);
	cap_open(&c, 0);
	json_array_begin(&c.j);
	ck_assert_int_eq(cap_close(&c), -1);
	free(c.buf);
	/* Two top-level values, and none. */
	cap_open(&c, 0);
	json_int(&c.j, 1);
	json_int(&c.j, 2);
	ck_assert_int_eq(cap_close(&c), -1);
	free(c.buf);
	cap_open(&c, 0);
	ck_assert_int_eq(cap_close(&c), -1);
	free(c.buf);
}
END_TEST

Suite *suite_json(void)
{
	Suite *s = suite_create("json");
	TCase *tc = tcase_create("emitter");

	tcase_add_test(tc, test_escape_basic);
	tcase_add_test(tc, test_escape_controls);
	tcase_add_test(tc, test_utf8_valid_kept);
	tcase_add_test(tc, test_utf8_invalid_replaced);
	tcase_add_test(tc, test_nesting_compact);
	tcase_add_test(tc, test_nesting_pretty);
	tcase_add_test(tc, test_deep_nesting);
	tcase_add_test(tc, test_numbers);
	tcase_add_test(tc, test_non_finite_is_null);
	tcase_add_test(tc, test_misuse_detected);
	suite_add_tcase(s, tc);
	return s;
}
