/* test_testtab.c: the test table's invariants, and that the docs follow it. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "cli/cli.h"
#include "cmds.h"
#include "run/testprep.h"
#include "core/testtab.h"

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	if (f == NULL)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	if (buf != NULL && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	} else if (buf != NULL) {
		buf[n] = '\0';
	}
	fclose(f);
	return buf;
}

START_TEST(table_validates)
{
	char err[256];

	ck_assert_msg(testtab_validate(err, sizeof(err)) == 0, "%s", err);
}
END_TEST

/* An @X@ the runner does not know would reach the program as literal text. */
START_TEST(unknown_placeholder_refused)
{
	static const struct test_alt alt = { NULL, { "-t", "@SECS@", "x@DIR@", NULL } };
	struct test_def row = *test_find("fstime");
	char err[256];

	ck_assert_int_eq(test_args_validate(&row, err, sizeof(err)), 0);
	row.args[1] = "@BOGUS@";
	ck_assert_int_eq(test_args_validate(&row, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "test fstime: argument \"@BOGUS@\" is no known placeholder");
	row = *test_find("fstime");
	row.ub513 = &alt;
	ck_assert_int_eq(test_args_validate(&row, err, sizeof(err)), -1);
	for (int p = 0; p < PH_COUNT; p++)
		ck_assert_int_eq(test_placeholder(test_placeholders[p]), p);
	ck_assert_int_eq(test_placeholder("@PGMS@/sort.src"), PH_PGMS);
	ck_assert_int_eq(test_placeholder("@PGMS@/a@b"), PH_UNKNOWN);
	ck_assert_int_eq(test_placeholder("-t"), PH_LITERAL);
}
END_TEST

START_TEST(index_set_and_baselines)
{
	static const struct { const char *name; double base; } index[] = {
		{ "dhry2reg", 116700 }, { "whetstone-double", 55 }, { "execl", 43 },
		{ "fstime", 3960 }, { "fsbuffer", 1655 }, { "fsdisk", 5800 },
		{ "pipe", 12440 }, { "context1", 4000 }, { "spawn", 126 },
		{ "syscall", 15000 }, { "shell1", 42.4 }, { "shell8", 6 },
	};
	size_t k = 0;

	/* The index tests come first, in UnixBench's run order. */
	for (size_t i = 0; i < test_table_len; i++) {
		if (!(test_table[i].groups & G_INDEX))
			continue;
		ck_assert_str_eq(test_table[i].name, index[k].name);
		ck_assert_double_eq(test_table[i].baseline, index[k].base);
		k++;
	}
	ck_assert_uint_eq(k, 12);
	ck_assert_double_eq(test_find("grep")->baseline, 1);
	ck_assert_double_eq(test_find("sysexec")->baseline, 25);
	ck_assert_double_eq(test_find("shell16")->baseline, 0);
}
END_TEST

START_TEST(sample_classes_and_seconds)
{
	ck_assert_int_eq(test_find("dhry2reg")->samples, SAMPLES_LONG);
	ck_assert_int_eq(test_find("spawn")->samples, SAMPLES_SHORT);
	ck_assert_uint_eq(test_find("spawn")->seconds, 30);
	ck_assert_uint_eq(test_find("shell8")->seconds, 60);
	ck_assert_uint_eq(test_find("hanoi")->seconds, 20);
	ck_assert_str_eq(test_find("fstime")->title, "File Copy 1024 bufsize 2000 maxblocks");
}
END_TEST

START_TEST(no_test_or_group_named_like_a_command)
{
	for (size_t i = 0; i < subcmd_table_len; i++) {
		ck_assert_ptr_null(test_find(subcmd_table[i].name));
		ck_assert_ptr_null(group_find(subcmd_table[i].name));
	}
}
END_TEST

START_TEST(load_group_works)
{
	const struct group_def *g = group_find("load");
	size_t n = 0;

	ck_assert_ptr_nonnull(g);
	for (size_t i = 0; i < test_table_len; i++)
		n += group_selects(g, &test_table[i]) ? 1 : 0;
	ck_assert_uint_eq(n, 3);
}
END_TEST

START_TEST(man_page_lists_every_option)
{
	char *man = slurp("docs/sysindex.1"), want[64];

	ck_assert_msg(man != NULL, "docs/sysindex.1 missing");
	for (size_t i = 0; i < opt_table_len; i++) {
		/* groff writes each '-' of an option as backslash-minus */
		size_t w = 0;

		memcpy(want, "\\-\\-", 4);
		w = 4;
		for (const char *p = opt_table[i].lname; *p && w < sizeof(want) - 3; p++) {
			if (*p == '-')
				want[w++] = '\\';
			want[w++] = *p;
		}
		want[w] = '\0';
		ck_assert_msg(strstr(man, want) != NULL, "option --%s not in docs/sysindex.1",
			      opt_table[i].lname);
	}
	free(man);
}
END_TEST

START_TEST(methodology_describes_every_test)
{
	char *doc = slurp("docs/methodology.md"), want[64];

	ck_assert_msg(doc != NULL, "docs/methodology.md missing");
	for (size_t i = 0; i < test_table_len; i++) {
		snprintf(want, sizeof(want), "`%s`", test_table[i].name);
		ck_assert_msg(strstr(doc, want) != NULL, "test %s not in docs/methodology.md",
			      test_table[i].name);
	}
	free(doc);
}
END_TEST

/* A file the table refers to must be in pgms/ (make check runs `make all` first). */
static void require_in_pgms(const struct test_def *t, const char *file, int mode)
{
	char path[512];

	snprintf(path, sizeof(path), "pgms/%s", file);
	ck_assert_msg(access(path, mode) == 0,
		      "test %s: %s is not built by make (see docs/adding-a-test.md)",
		      t->name, path);
}

/*
 * Every row's program, every pgms file its arguments name (@PGMS@/...) and
 * what its preparation step uses are built by `make` into pgms/.  The
 * system tools rows run (.needs, or a bare command like grep) are not.
 */
START_TEST(every_program_is_built)
{
	for (size_t i = 0; i < test_table_len; i++) {
		const struct test_def *t = &test_table[i];
		const char *prep = testprep_pgm_file(t->prep);

		for (int w = 0; w < WL_COUNT; w++) {
			const char *const *args = test_args(t, (enum workload)w);

			require_in_pgms(t, test_prog(t, (enum workload)w), X_OK);
			for (size_t a = 0; a < TEST_MAX_ARGS && args[a] != NULL; a++)
				if (strncmp(args[a], "@PGMS@/", 7) == 0)
					require_in_pgms(t, args[a] + 7, R_OK);
		}
		if (prep != NULL)
			require_in_pgms(t, prep, R_OK);
	}
}
END_TEST

Suite *suite_testtab(void)
{
	Suite *s = suite_create("testtab");
	TCase *tc = tcase_create("table");

	tcase_add_test(tc, table_validates);
	tcase_add_test(tc, index_set_and_baselines);
	tcase_add_test(tc, sample_classes_and_seconds);
	tcase_add_test(tc, no_test_or_group_named_like_a_command);
	tcase_add_test(tc, load_group_works);
	tcase_add_test(tc, unknown_placeholder_refused);
	tcase_add_test(tc, man_page_lists_every_option);
	tcase_add_test(tc, methodology_describes_every_test);
	tcase_add_test(tc, every_program_is_built);
	suite_add_tcase(s, tc);
	return s;
}
