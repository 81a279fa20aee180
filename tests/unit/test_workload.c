/*
 * test_workload.c: the inputs of the shell and grep tests have the shape of
 * UnixBench's (sizes, lines, matching lines), and --compat's table plumbing.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "report/report.h"
#include "run/grepdata.h"
#include "core/testtab.h"

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

/* Whether argv contains word. */
static int has_arg(const char *const *argv, const char *word)
{
	for (size_t i = 0; i < TEST_MAX_ARGS && argv[i] != NULL; i++)
		if (strcmp(argv[i], word) == 0)
			return 1;
	return 0;
}

START_TEST(compat_513_rows_carry_their_own_work)
{
	const struct test_def *sc = test_find("syscall");
	size_t n513 = 0;

	ck_assert_str_eq(workload_names[WL_UB60], "6.0");
	ck_assert_str_eq(workload_names[WL_UB513], "5.1.3");
	ck_assert_ptr_null(workload_names[WL_COUNT]);
	ck_assert_ptr_nonnull(sc);
	ck_assert(has_arg(test_args(sc, WL_UB513), "mix-5.1.3"));
	ck_assert(!has_arg(test_args(sc, WL_UB60), "mix-5.1.3"));
	ck_assert_str_eq(test_prog(sc, WL_UB513), "syscall");
	for (size_t i = 0; i < test_table_len; i++) {
		const struct test_def *t = &test_table[i];

		/* 6.0 is the row itself. */
		ck_assert_ptr_eq(test_args(t, WL_UB60), (const char *const *)t->args);
		ck_assert_ptr_eq(test_prog(t, WL_UB60), t->prog);
		if (t->ub513 != NULL)
			n513++;
		if (strcmp(t->prog, "fstime") == 0) {
			ck_assert_msg(has_arg(test_args(t, WL_UB513), "shared"), "%s", t->name);
			ck_assert_msg(has_arg(t->args, "pid"), "%s", t->name);
		}
		if (t->groups & G_SHELL)
			ck_assert_msg(has_arg(test_args(t, WL_UB513), "-5"), "%s", t->name);
	}
	/* syscall, the nine file tests, the three shell tests. */
	ck_assert_uint_eq(n513, 13);
}
END_TEST

START_TEST(compat_option)
{
	struct config cfg;
	char err[256];
	char *ok[] = { "sysindex", "--compat", "5.1.3", "syscall", NULL };
	char *dflt[] = { "sysindex", "syscall", NULL };
	char *bad[] = { "sysindex", "--compat", "5.2", NULL };

	ck_assert_int_eq(cli_parse(4, ok, &cfg, err, sizeof(err)), CLI_RUN);
	ck_assert_int_eq(cfg.workload, WL_UB513);
	ck_assert_int_eq(cli_parse(2, dflt, &cfg, err, sizeof(err)), CLI_RUN);
	ck_assert_int_eq(cfg.workload, WL_UB60);
	ck_assert_int_eq(cli_parse(3, bad, &cfg, err, sizeof(err)), CLI_USAGE);
	ck_assert_ptr_nonnull(strstr(err, "--compat"));
}
END_TEST

START_TEST(zero_sample_flag_word)
{
	struct run_result r;
	struct bench_result t;
	char buf[128];

	memset(&r, 0, sizeof(r));
	memset(&t, 0, sizeof(t));
	t.def = test_find("pipe");
	t.stats.n = 3;
	t.shared_cpu = -1;	/* placement unknown */
	t.stats.flags = SF_ZERO;
	r.pinned = 1;
	ck_assert_str_eq(report_flag_words(&r, &t, buf, sizeof(buf)), "zero-sample");
	t.stats.flags = 0;
	ck_assert_str_eq(report_flag_words(&r, &t, buf, sizeof(buf)), "");
}
END_TEST

Suite *suite_workload(void)
{
	Suite *s = suite_create("workload");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, grep_data_has_the_reference_shape);
	tcase_add_test(tc, sort_src_has_the_reference_shape);
	tcase_add_test(tc, compat_513_rows_carry_their_own_work);
	tcase_add_test(tc, compat_option);
	tcase_add_test(tc, zero_sample_flag_word);
	suite_add_tcase(s, tc);
	return s;
}
