/*
 * main.c: the one Check runner for every unit-test suite.
 *
 * Each tests/unit/test_<module>.c defines Suite *suite_<module>(void).  The
 * declarations are weak so that a suite whose file is not there yet (or was
 * removed) is skipped instead of breaking the link; the list below is the
 * only place a new suite is registered.  CK_RUN_SUITE=<name> selects one.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#define SUITES(X) \
	X(testtab) X(cli) X(proto) X(stats) X(score) X(report_text) \
	X(runner) X(sysinfo) X(mountinfo) X(json) X(writers) X(compare) \
	X(plot) X(disk) X(sizes) X(plan) X(textparse) X(util) X(testprep) X(hostid) \
	X(memnet) X(workload) X(paired)

#define DECLARE(n) Suite *suite_##n(void) __attribute__((weak));
SUITES(DECLARE)
#undef DECLARE

int main(void)
{
	typedef Suite *(*suite_fn)(void);
#define ENTRY(n) suite_##n,
	suite_fn suites[] = { SUITES(ENTRY) };
#undef ENTRY
	SRunner *sr = NULL;
	int failed;

	for (size_t i = 0; i < sizeof(suites) / sizeof(suites[0]); i++) {
		if (suites[i] == NULL)
			continue;
		if (sr == NULL)
			sr = srunner_create(suites[i]());
		else
			srunner_add_suite(sr, suites[i]());
	}
	if (sr == NULL) {
		fprintf(stderr, "unit: no suites linked\n");
		return EXIT_FAILURE;
	}
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
