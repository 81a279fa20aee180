/* test_cli.c: option and group parsing, samples and seconds. */
#include <check.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

static int parse(struct config *cfg, char *err, size_t len, ...)
{
	char *argv[32];
	int argc = 0;
	va_list ap;

	argv[argc++] = "sysindex";
	va_start(ap, len);
	for (char *a; (a = va_arg(ap, char *)) != NULL && argc < 31;)
		argv[argc++] = a;
	va_end(ap);
	argv[argc] = NULL;
	return cli_parse(argc, argv, cfg, err, len);
}

static struct config cfg;
static char err[512];

START_TEST(defaults_select_index)
{
	unsetenv("UB_TMPDIR");
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), NULL), 0);
	ck_assert_uint_eq(cfg.ntests, 12);
	ck_assert_str_eq(cfg.tests[0]->name, "dhry2reg");
	ck_assert_uint_eq(cfg.ncopies, 0);
	ck_assert_uint_eq(cli_samples(&cfg, test_find("dhry2reg")), 10);
	ck_assert_uint_eq(cli_samples(&cfg, test_find("spawn")), 3);
	ck_assert_uint_eq(cli_seconds(&cfg, test_find("spawn")), 30);
	ck_assert_ptr_null(cfg.testdir);
}
END_TEST

START_TEST(iterations_rule)
{
	static const unsigned want[][3] = { { 1, 1, 1 }, { 3, 3, 1 }, { 10, 10, 3 }, { 5, 5, 2 } };
	char buf[16];

	snprintf(buf, sizeof(buf), "%u", want[_i][0]);
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "-i", buf, NULL), 0);
	ck_assert_uint_eq(cli_samples(&cfg, test_find("pipe")), want[_i][1]);
	ck_assert_uint_eq(cli_samples(&cfg, test_find("execl")), want[_i][2]);
}
END_TEST

START_TEST(repeated_copies_and_mixed_order)
{
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "pipe", "-c", "1", "spawn", "-c", "4",
			       "-q", NULL), 0);
	ck_assert_uint_eq(cfg.ncopies, 2);
	ck_assert_uint_eq(cfg.copies[1], 4);
	ck_assert_uint_eq(cfg.ntests, 2);
	ck_assert_str_eq(cfg.tests[1]->name, "spawn");
	ck_assert_int_eq(cfg.quiet, 1);
}
END_TEST

START_TEST(quick_mode)
{
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--quick", "shell", "pipe", NULL), 0);
	ck_assert_uint_eq(cli_samples(&cfg, test_find("pipe")), 1);
	ck_assert_uint_eq(cli_seconds(&cfg, test_find("pipe")), 2);
	ck_assert_uint_eq(cli_seconds(&cfg, test_find("shell8")), 5);
	ck_assert_uint_eq(cfg.ntests, 4);
}
END_TEST

START_TEST(groups_expand_without_duplicates)
{
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "index", "system", "dhry", NULL), 0);
	/* 12 index tests + shell16 (the rest of system is in the index). */
	ck_assert_uint_eq(cfg.ntests, 13);
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "load", NULL), 0);
	ck_assert_uint_eq(cfg.ntests, 3);
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "disk", NULL), 0);
	ck_assert_uint_eq(cfg.ntests, 6);
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "all", NULL), 0);
	for (size_t i = 0; i < cfg.ntests; i++)
		ck_assert(!(cfg.tests[i]->groups & G_DISK));
}
END_TEST

static const char *const bad[][4] = {
	{ "-c", "0" }, { "-c", "100000" }, { "-i", "-1" }, { "-i", "x" },
	{ "--duration", "1e99" }, { "--duration", "0" }, { "--bogus" }, { "-z" },
	{ "pipee" }, { "nosuchtest" }, { "-c" }, { "--disk-size", "12Q" },
	{ "--settle", "-3" }, { "" }, { "--testdir", "" },
};

START_TEST(bad_input_one_line)
{
	char *argv[6] = { "sysindex" };
	int argc = 1;

	for (int k = 0; k < 4 && bad[_i][k] != NULL; k++)
		argv[argc++] = (char *)bad[_i][k];
	argv[argc] = NULL;
	err[0] = '\0';
	ck_assert_int_eq(cli_parse(argc, argv, &cfg, err, sizeof(err)), -1);
	ck_assert_msg(err[0] != '\0' && strchr(err, '\n') == NULL, "bad message '%s'", err);
}
END_TEST

START_TEST(did_you_mean)
{
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "pipee", NULL), -1);
	ck_assert_msg(strstr(err, "did you mean pipe") != NULL, "%s", err);
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--quik", NULL), -1);
	ck_assert_msg(strstr(err, "did you mean --quick") != NULL, "%s", err);
	ck_assert_str_eq(cli_suggest("dhry2re"), "dhry2reg");
	ck_assert_ptr_null(cli_suggest("zzzzzzzz"));
}
END_TEST

START_TEST(ub_tmpdir_env)
{
	setenv("UB_TMPDIR", "/some/where", 1);
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), NULL), 0);
	ck_assert_str_eq(cfg.testdir, "/some/where");
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--testdir", "/x", NULL), 0);
	ck_assert_str_eq(cfg.testdir, "/x");
	unsetenv("UB_TMPDIR");
}
END_TEST

Suite *suite_cli(void)
{
	Suite *s = suite_create("cli");
	TCase *tc = tcase_create("options");

	tcase_add_test(tc, defaults_select_index);
	tcase_add_loop_test(tc, iterations_rule, 0, 4);
	tcase_add_test(tc, repeated_copies_and_mixed_order);
	tcase_add_test(tc, quick_mode);
	tcase_add_test(tc, groups_expand_without_duplicates);
	tcase_add_loop_test(tc, bad_input_one_line, 0, sizeof(bad) / sizeof(bad[0]));
	tcase_add_test(tc, did_you_mean);
	tcase_add_test(tc, ub_tmpdir_env);
	suite_add_tcase(s, tc);
	return s;
}
