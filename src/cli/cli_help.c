/*
 * cli_help.c: what --help, --list and --version print, generated from the
 * option, subcommand, group and test tables (cmd_run.c prints them; the
 * subcommand table is the entry point's, passed down).
 */
#include "cli/cli.h"

#include <string.h>

#include "buildinfo.h"

void cli_usage(FILE *out, const struct subcmd *others, size_t nothers)
{
	fprintf(out, "usage: %s [options] %s\n", cli_cmd.name, cli_cmd.operands);
	for (size_t i = 0; i < nothers; i++)
		if (others[i].opts != NULL)
			opt_synopsis(out, "       ", others[i].opts);
	fprintf(out,
		"\nRuns the selected tests (default: index) with 1 copy and with one copy\n"
		"per CPU and prints a UnixBench-compatible System Benchmarks Index Score.\n"
		"\noptions:\n");
	opt_help(out, &cli_cmd);
	fprintf(out, "\ngroups:\n");
	for (size_t g = 0; g < group_table_len; g++)
		fprintf(out, "  %-12s %s\n", group_table[g].name, group_table[g].help);
	fprintf(out, "\ntests (./Run --list for titles and units):\n ");
	for (size_t i = 0, col = 1; i < test_table_len; i++) {
		size_t len = strlen(test_table[i].name) + 1;

		if (col + len > 78) {
			fprintf(out, "\n ");
			col = 1;
		}
		fprintf(out, " %s", test_table[i].name);
		col += len;
	}
	fprintf(out, "\n\nEnvironment: UB_TMPDIR (test directory).  See sysindex(1).\n");
}

void cli_list(FILE *out)
{
	fprintf(out, "%-20s %-40s %-6s %8s %s\n", "TEST", "TITLE", "UNIT", "BASELINE", "GROUP");
	for (size_t i = 0; i < test_table_len; i++) {
		const struct test_def *t = &test_table[i];
		char base[32] = "---";

		if (t->baseline > 0)
			snprintf(base, sizeof(base), "%.1f", t->baseline);
		fprintf(out, "%-20s %-40s %-6s %8s %s\n", t->name, t->title, t->unit,
			base, category_title[test_category(t)]);
	}
	fprintf(out, "\n%-12s %s\n", "GROUP", "TESTS");
	for (size_t g = 0; g < group_table_len; g++) {
		fprintf(out, "%-12s", group_table[g].name);
		for (size_t i = 0; i < test_table_len; i++)
			if (group_selects(&group_table[g], &test_table[i]))
				fprintf(out, " %s", test_table[i].name);
		fprintf(out, "\n");
	}
}

void cli_version(FILE *out)
{
	fprintf(out, "sysindex %s (UnixBench 6.0 compatible index)\n", SYSINDEX_VERSION);
}
