/*
 * main.c: the one Check runner for every unit-test suite.
 *
 * Each tests/unit/test_<module>.c defines Suite *suite_<module>(void), whose
 * suite_create() name is <module>.  The table below is the only place a new
 * suite is registered: a listed suite whose file is missing is a link error,
 * not a suite that silently never runs.  CK_RUN_SUITE=<name> selects one; a
 * name that is not in the table is an error (Check would run nothing and
 * report success).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Suite *suite_testtab(void);
Suite *suite_cli(void);
Suite *suite_proto(void);
Suite *suite_stats(void);
Suite *suite_score(void);
Suite *suite_score_ci(void);
Suite *suite_report_text(void);
Suite *suite_runner(void);
Suite *suite_sysinfo(void);
Suite *suite_mountinfo(void);
Suite *suite_json(void);
Suite *suite_writers(void);
Suite *suite_redact(void);
Suite *suite_compare(void);
Suite *suite_plot(void);
Suite *suite_change_chart(void);
Suite *suite_disk(void);
Suite *suite_sizes(void);
Suite *suite_plan(void);
Suite *suite_textparse(void);
Suite *suite_util(void);
Suite *suite_testprep(void);
Suite *suite_hostid(void);
Suite *suite_memnet(void);
Suite *suite_workload(void);
Suite *suite_paired(void);
Suite *suite_verdict(void);
Suite *suite_randeff(void);
Suite *suite_steady(void);
Suite *suite_sliced(void);
Suite *suite_interference(void);
Suite *suite_facts(void);
Suite *suite_addtest(void);
Suite *suite_settings(void);
Suite *suite_hoststate(void);
Suite *suite_record(void);
Suite *suite_import(void);
Suite *suite_hostfactor(void);
Suite *suite_schedule(void);
Suite *suite_journal(void);
Suite *suite_answer(void);
Suite *suite_setting_native(void);

static const struct {
	const char *name;
	Suite *(*make)(void);
} suites[] = {
	{ "testtab", suite_testtab },
	{ "cli", suite_cli },
	{ "proto", suite_proto },
	{ "stats", suite_stats },
	{ "verdict", suite_verdict },
	{ "randeff", suite_randeff },
	{ "steady", suite_steady },
	{ "score", suite_score },
	{ "score_ci", suite_score_ci },
	{ "report_text", suite_report_text },
	{ "runner", suite_runner },
	{ "sysinfo", suite_sysinfo },
	{ "mountinfo", suite_mountinfo },
	{ "json", suite_json },
	{ "writers", suite_writers },
	{ "redact", suite_redact },
	{ "compare", suite_compare },
	{ "plot", suite_plot },
	{ "change_chart", suite_change_chart },
	{ "disk", suite_disk },
	{ "sizes", suite_sizes },
	{ "plan", suite_plan },
	{ "textparse", suite_textparse },
	{ "record", suite_record },
	{ "import", suite_import },
	{ "hostfactor", suite_hostfactor },
	{ "schedule", suite_schedule },
	{ "journal", suite_journal },
	{ "util", suite_util },
	{ "testprep", suite_testprep },
	{ "hostid", suite_hostid },
	{ "memnet", suite_memnet },
	{ "workload", suite_workload },
	{ "paired", suite_paired },
	{ "sliced", suite_sliced },
	{ "interference", suite_interference },
	{ "facts", suite_facts },
	{ "addtest", suite_addtest },
	{ "settings", suite_settings },
	{ "hoststate", suite_hoststate },
	{ "answer", suite_answer },
	{ "setting_native", suite_setting_native },
};

int main(void)
{
	const char *only = getenv("CK_RUN_SUITE");
	SRunner *sr = srunner_create(NULL);
	int failed, known = only == NULL || *only == '\0';

	for (size_t i = 0; i < sizeof(suites) / sizeof(suites[0]); i++) {
		srunner_add_suite(sr, suites[i].make());
		if (!known && strcmp(only, suites[i].name) == 0)
			known = 1;
	}
	if (!known) {
		fprintf(stderr, "unit: CK_RUN_SUITE=%s: no such suite\n", only);
		srunner_free(sr);
		return EXIT_FAILURE;
	}
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
