/*
 * test_workload.c: the inputs of the shell and grep tests have the shape of
 * UnixBench's (sizes, lines, matching lines), and --compat's table plumbing.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run/grepdata.h"

struct shape {
	size_t bytes, lines, matches, match_bytes, longest;
};

/* Lines of text (each ends in '\n') and those containing word. */
static void shape_of(const char *text, size_t len, const char *word, struct shape *s)
{
	memset(s, 0, sizeof(*s));
	s->bytes = len;
	for (size_t i = 0; i < len;) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t n = nl ? (size_t)(nl - (text + i)) + 1 : len - i;
		char line[1024];

		ck_assert(nl != NULL);
		ck_assert_uint_lt(n, sizeof(line));
		memcpy(line, text + i, n);
		line[n] = '\0';
		s->lines++;
		if (strstr(line, word) != NULL) {
			s->matches++;
			s->match_bytes += n;
		}
		if (n - 1 > s->longest)
			s->longest = n - 1;
		i += n;
	}
}

static char *slurp(FILE *f, size_t *len)
{
	size_t cap = 1 << 20, n = 0, r;
	char *buf = malloc(cap);

	ck_assert_ptr_nonnull(buf);
	while ((r = fread(buf + n, 1, cap - n, f)) > 0) {
		n += r;
		if (n == cap) {
			cap *= 2;
			buf = realloc(buf, cap);
			ck_assert_ptr_nonnull(buf);
		}
	}
	*len = n;
	return buf;
}

START_TEST(grep_data_has_the_reference_shape)
{
	FILE *f = tmpfile();
	struct shape s;
	size_t len, len2;
	char *a, *b;

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(grepdata_write(f), 0);
	rewind(f);
	a = slurp(f, &len);
	shape_of(a, len, GREPDATA_WORD, &s);
	ck_assert_uint_eq(s.bytes, 708495);
	ck_assert_uint_eq(s.lines, 10000);
	ck_assert_uint_eq(s.matches, 1032);
	ck_assert_uint_le(s.longest, 196);
	/* UnixBench's matching lines average 89 bytes. */
	ck_assert_uint_ge(s.match_bytes / s.matches, 80);
	ck_assert_uint_le(s.match_bytes / s.matches, 100);
	/* The same bytes every time. */
	rewind(f);
	ck_assert_int_eq(ftruncate(fileno(f), 0), 0);
	ck_assert_int_eq(grepdata_write(f), 0);
	rewind(f);
	b = slurp(f, &len2);
	ck_assert_uint_eq(len, len2);
	ck_assert(memcmp(a, b, len) == 0);
	free(a);
	free(b);
	fclose(f);
}
END_TEST

START_TEST(sort_src_has_the_reference_shape)
{
	FILE *f = fopen("src/progs/data/sort.src", "r");
	struct shape s;
	size_t len;
	char *a;

	ck_assert_ptr_nonnull(f);
	a = slurp(f, &len);
	fclose(f);
	shape_of(a, len, "the", &s);
	/* UnixBench's sort.src: 8546 bytes, 362 lines, 35 contain "the" (924
	 * bytes of grep output), the longest has 82 characters. */
	ck_assert_uint_eq(s.bytes, 8546);
	ck_assert_uint_eq(s.lines, 362);
	ck_assert_uint_eq(s.matches, 35);
	ck_assert_uint_eq(s.match_bytes, 924);
	ck_assert_uint_eq(s.longest, 82);
	free(a);
}
END_TEST

Suite *suite_workload(void)
{
	Suite *s = suite_create("workload");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, grep_data_has_the_reference_shape);
	tcase_add_test(tc, sort_src_has_the_reference_shape);
	suite_add_tcase(s, tc);
	return s;
}
