/*
 * test_testprep.c: the checks and set-up steps before a test's first sample,
 * in a temporary pgms folder: a missing program, a missing tool, the grep
 * data, the disk layout (its failure remembered for the rest of the run).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "run/grepdata.h"
#include "run/testprep.h"
#include "util/util.h"

static char top[64], pgms[128], scratch[128];
static struct testprep tp;

static void put(const char *dir, const char *name, const char *text, mode_t mode)
{
	char path[512];
	FILE *f;

	ck_assert_int_eq(path_join(path, sizeof(path), dir, name), 0);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_int_eq(chmod(path, mode), 0);
}

static void setup(void)
{
	snprintf(top, sizeof(top), "/tmp/sysindex-testprep-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(top));
	snprintf(pgms, sizeof(pgms), "%s/pgms", top);
	snprintf(scratch, sizeof(scratch), "%s/scratch", top);
	ck_assert_int_eq(mkdir(pgms, 0700), 0);
	ck_assert_int_eq(mkdir(scratch, 0700), 0);
	put(pgms, "prog", "#!/bin/sh\nexit 0\n", 0755);
	memset(&tp, 0, sizeof(tp));
	tp.pgmdir = pgms;
	tp.scratch = scratch;
	tp.disk_file = "disk.dat";
	tp.disk_size = 1 << 20;
	tp.log_fd = -1;
}

static void teardown(void)
{
	remove_tree(top);
}

START_TEST(missing_program_is_unavailable)
{
	const struct test_def t = { .name = "x", .prog = "not-there" };
	char reason[256];

	ck_assert_int_eq(testprep_check(&tp, &t, reason, sizeof(reason)), TS_UNAVAILABLE);
	ck_assert_ptr_nonnull(strstr(reason, "not-there is not built"));
}
END_TEST

START_TEST(missing_tool_skips)
{
	const struct test_def t = { .name = "x", .prog = "prog",
				    .needs = "sysindex-no-such-tool", .needs_hint = "get it" };
	const struct test_def sh = { .name = "y", .prog = "prog", .needs = "sh" };
	char reason[256];

	ck_assert_int_eq(testprep_check(&tp, &t, reason, sizeof(reason)), TS_SKIPPED);
	ck_assert_str_eq(reason, "sysindex-no-such-tool is not installed (get it)");
	ck_assert_int_eq(testprep_check(&tp, &sh, reason, sizeof(reason)), TS_OK);
}
END_TEST

START_TEST(grep_data_made_once)
{
	const struct test_def t = { .name = "x", .prog = "prog", .prep = PREP_GREP_DATA };
	char reason[256], path[256], line[256];
	struct stat st;
	size_t gimps = 0, lines = 0;
	FILE *f;

	/* Generated: nothing needed from the pgms folder. */
	ck_assert_ptr_null(testprep_pgm_file(PREP_GREP_DATA));
	ck_assert_int_eq(testprep_check(&tp, &t, reason, sizeof(reason)), TS_OK);
	snprintf(path, sizeof(path), "%s/large.txt", scratch);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_eq(st.st_size, GREPDATA_BYTES);
	f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	while (fgets(line, sizeof(line), f) != NULL) {
		lines++;
		gimps += strstr(line, GREPDATA_WORD) != NULL;
	}
	fclose(f);
	ck_assert_uint_eq(lines, GREPDATA_LINES);
	ck_assert_uint_eq(gimps, GREPDATA_MATCHES);
	/* Made once: a second check keeps the file. */
	ck_assert_int_eq(testprep_check(&tp, &t, reason, sizeof(reason)), TS_OK);
}
END_TEST

START_TEST(disk_layout_failure_is_remembered)
{
	const struct test_def t = { .name = "x", .prog = "prog", .prep = PREP_DISK_FILE };
	char reason[256];

	ck_assert_str_eq(testprep_pgm_file(PREP_DISK_FILE), "disk-layout");
	ck_assert_ptr_null(testprep_pgm_file(PREP_NONE));
	put(pgms, "disk-layout", "#!/bin/sh\necho 'ERROR|no room' >&2\nexit 1\n", 0755);
	ck_assert_int_eq(testprep_check(&tp, &t, reason, sizeof(reason)), TS_FAILED);
	ck_assert_ptr_nonnull(strstr(reason, "laying out disk.dat"));
	ck_assert_ptr_nonnull(strstr(reason, "no room"));
	/* A working layout program now: the run still says what failed. */
	put(pgms, "disk-layout", "#!/bin/sh\nexit 0\n", 0755);
	ck_assert_int_eq(testprep_check(&tp, &t, reason, sizeof(reason)), TS_FAILED);
	ck_assert_ptr_nonnull(strstr(reason, "no room"));
	/* A new run lays it out. */
	tp.disk_ready = 0;
	ck_assert_int_eq(testprep_check(&tp, &t, reason, sizeof(reason)), TS_OK);
	ck_assert_int_eq(tp.disk_ready, 1);
}
END_TEST

Suite *suite_testprep(void)
{
	Suite *s = suite_create("testprep");
	TCase *tc = tcase_create("testprep");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, missing_program_is_unavailable);
	tcase_add_test(tc, missing_tool_skips);
	tcase_add_test(tc, grep_data_made_once);
	tcase_add_test(tc, disk_layout_failure_is_remembered);
	suite_add_tcase(s, tc);
	return s;
}
