/*
 * test_addtest.c: docs/adding-a-test.md holds as written.  A fixture adds
 * nothing but what the checklist names: one program (tests/fixture/frob.c,
 * over the harness, built as a program of src/progs/ is), one row of the
 * test table, its new unit as one row of the units table and its new group
 * as one row of the group table.  The tables with those rows pass the same
 * checks as the real ones; without the unit's or the group's row they do
 * not; the group selects the row; and the program, run with the row's
 * arguments expanded, prints a result in the row's unit whose other figures
 * are all in units of the table.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/units.h"
#include "run/proto.h"
#include "run/spawn.h"
#include "core/testtab.h"

#define FROB_PROG "build/fixture/frob"
#define G_FROB (1u << 12)       /* the new group's bit: the next free one */

/* The checklist's rows: one of each table. */
static const struct test_def frob_row = {
	.name = "frob", .title = "Frob Throughput (fixture)",
	.prog = "frob", .args = { "-t", "@SECS@", NULL },
	.seconds = 1, .samples = SAMPLES_SHORT, .unit = "frobs/s", .groups = G_FROB,
};
static const struct unit_def frob_unit = { "frobs/s", UNIT_HIGHER, "frobs/s", 1,
					   "operations_per_second" };
static const struct group_def frob_group = { "frobs", G_FROB, 1, "the fixture's one test" };

/* The real tables and the fixture's rows after them. */
struct fixture {
	struct test_def *tests;
	struct unit_def *units;
	struct group_def *groups;
	struct testtab tab;
};

static void *grown(const void *real, size_t n, const void *row, size_t size)
{
	char *p = malloc((n + 1) * size);

	ck_assert_ptr_nonnull(p);
	memcpy(p, real, n * size);
	memcpy(p + n * size, row, size);
	return p;
}

static void fixture_make(struct fixture *f)
{
	f->tests = grown(test_table, test_table_len, &frob_row, sizeof(frob_row));
	f->units = grown(unit_table, unit_table_len, &frob_unit, sizeof(frob_unit));
	f->groups = grown(group_table, group_table_len, &frob_group, sizeof(frob_group));
	f->tab = (struct testtab){ f->tests, test_table_len + 1, f->groups, group_table_len + 1,
				   f->units, unit_table_len + 1 };
}

static void fixture_free(struct fixture *f)
{
	free(f->tests);
	free(f->units);
	free(f->groups);
}

START_TEST(new_row_validates)
{
	struct fixture f;
	char err[256] = "";

	fixture_make(&f);
	ck_assert_msg(testtab_check(&f.tab, err, sizeof(err)) == 0, "%s", err);
	fixture_free(&f);
}
END_TEST

/* Each row the checklist names is needed: without it the row is refused. */
START_TEST(each_row_needed)
{
	struct fixture f;
	char err[256] = "";

	fixture_make(&f);
	f.tab.nunits--;
	ck_assert_int_eq(testtab_check(&f.tab, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "test frob: unit \"frobs/s\" is not in the units table"));
	f.tab.nunits++;
	f.tab.ngroups--;
	ck_assert_int_eq(testtab_check(&f.tab, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "test frob: group bits 0x1000 are no row"));
	fixture_free(&f);
}
END_TEST

/* The new group selects the new row alone; as sysindex's own, "all" does not. */
START_TEST(group_selects_row)
{
	struct fixture f;
	const struct group_def *g, *all = group_find("all");

	fixture_make(&f);
	g = &f.groups[group_table_len];
	for (size_t i = 0; i < f.tab.ntests; i++)
		ck_assert_int_eq(testtab_group_selects(&f.tab, g, &f.tests[i]),
				 i == test_table_len);
	ck_assert(!testtab_group_selects(&f.tab, all, &f.tests[test_table_len]));
	ck_assert(testtab_group_selects(&f.tab, all, test_find("dhry2reg")));
	fixture_free(&f);
}
END_TEST

/* The row's arguments as the runner expands them: @SECS@ is the row's seconds. */
static void row_argv(const struct test_def *t, char *store, size_t len, char **argv)
{
	size_t n = 0;

	argv[n++] = FROB_PROG;
	for (size_t i = 0; t->args[i] != NULL; i++) {
		switch (test_placeholder(t->args[i])) {
		case PH_LITERAL:
			argv[n++] = (char *)t->args[i];
			break;
		case PH_SECS:
			snprintf(store, len, "%u", t->seconds);
			argv[n++] = store;
			break;
		default:
			ck_abort_msg("the fixture's row uses only @SECS@: %s", t->args[i]);
		}
	}
	argv[n] = NULL;
}

/* Every line the program printed; counts its COUNT lines in the row's unit. */
static size_t check_lines(char *err, const struct testtab *tab, const char *unit)
{
	size_t counts = 0;

	for (char *line = strtok(err, "\n"); line != NULL; line = strtok(NULL, "\n")) {
		struct proto_line pl;

		proto_parse_line(line, &pl);
		ck_assert_msg(pl.kind != PL_INVALID && pl.kind != PL_OTHER, "line '%s'", line);
		if (pl.kind == PL_COUNT) {
			ck_assert_str_eq(pl.unit, unit);
			ck_assert(pl.value > 0);
			counts++;
		}
		if (pl.kind == PL_METRIC)
			ck_assert_msg(unit_find_in(tab->units, tab->nunits, pl.unit) != NULL,
				      "METRIC %s: unit %s not in the table", pl.name, pl.unit);
	}
	return counts;
}

START_TEST(program_runs_as_row_says)
{
	struct fixture f;
	struct spawn_spec spec;
	struct spawn_out out;
	char secs[16], *argv[TEST_MAX_ARGS + 2];

	ck_assert_msg(access(FROB_PROG, X_OK) == 0, "%s not built (make unit builds it)",
		      FROB_PROG);
	fixture_make(&f);
	row_argv(&f.tests[test_table_len], secs, sizeof(secs), argv);
	spec = (struct spawn_spec){ .argv = argv, .cwd = ".", .log_fd = -1, .timeout = 10 };
	ck_assert_int_eq(spawn_pass(&spec, 1, &out), 0);
	ck_assert_msg(WIFEXITED(out.status) && WEXITSTATUS(out.status) == 0, "status %d",
		      out.status);
	ck_assert_uint_eq(check_lines(out.err, &f.tab, f.tests[test_table_len].unit), 1);
	spawn_free(&out, 1);
	fixture_free(&f);
}
END_TEST

Suite *suite_addtest(void)
{
	Suite *s = suite_create("addtest");
	TCase *tc = tcase_create("checklist");

	tcase_add_test(tc, new_row_validates);
	tcase_add_test(tc, each_row_needed);
	tcase_add_test(tc, group_selects_row);
	tcase_add_test(tc, program_runs_as_row_says);
	suite_add_tcase(s, tc);
	return s;
}
