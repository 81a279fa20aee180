/*
 * compare_opts.c: the options of `./Run compare`, one row each (see
 * cli/opt.h): cmd_compare.c parses through them, and both its --help and the
 * run command's --help print them.
 */
#include "compare/cmd_compare.h"

#include "cli/opt.h"
#include "cli/opt_rows.h"
#include "compare/compare_int.h"
#include "util/util.h"
#include "util/quote.h"

#define OFF(f) offsetof(struct options, f)

_Static_assert(sizeof(enum format) == sizeof(int), "OPT_CHOICE stores an int");

/* The order of enum format. */
static const char *const format_names[] = { "text", "md", "csv", "json", "html", NULL };

/* --group-by: the values of opt.group_by, in enum group_key's order. */
static const char *const group_names[] = { "none", "host", "label", NULL };

static int check_plot(const char *arg, char *err, size_t errlen)
{
	char q[QUOTE_BUF];

	if (str_ends_with(arg, ".svg") || str_ends_with(arg, ".png"))
		return 0;
	fmt(err, errlen, "--plot: '%s' must end in .svg or .png", quote(arg, q));
	return -1;
}

static int check_fail_on(const char *arg, char *err, size_t errlen)
{
	double margin;

	return cmp_parse_fail_on(arg, &margin, err, errlen);
}

static const struct opt_def compare_rows[] = {
	{ .lname = "label", .kind = OPT_STR_LIST, .off = OFF(labels), .count_off = OFF(nlabels),
	  .cap = CMP_MAX_INPUTS, .argname = "L",
	  .help = "name the next input's column (repeat, in input order)" },
	{ .lname = "format", .kind = OPT_CHOICE, .off = OFF(format), .choices = format_names,
	  .argname = "F", .def = "text",
	  .help = "text, md (Markdown table), csv, json or html (a self-contained page)" },
	{ .lname = "plot", .kind = OPT_STR, .off = OFF(plot), .argname = "FILE",
	  .check = check_plot,
	  .help = "grouped bar chart of each input relative to the baseline (gnuplot; .svg or .png)" },
	{ .lname = "copies", .kind = OPT_UINT, .off = OFF(copies), .min = 1, .max = 1000000,
	  .argname = "N", .def_note = "every copy count",
	  .help = "only the runs with N parallel copies" },
	{ .lname = "baseline", .kind = OPT_STR, .off = OFF(baseline), .argname = "N|LABEL",
	  .def_note = "the first input",
	  .help = "compare every input against this one: its number (from 1) or its label" },
	{ .lname = "long", .kind = OPT_FLAG, .off = OFF(long_rows),
	  .help = "one row per test and input, for any number of inputs (text, md, csv); "
		  "otherwise more than two inputs print a matrix of values and one of changes" },
	{ .lname = "group-by", .kind = OPT_CHOICE, .off = OFF(group_by), .choices = group_names,
	  .argname = "KEY", .def = "none",
	  .help = "host: one column per host, the mean and spread of its runs (by the report's "
		  "host identity, else its hostname); label: one column per --label, its runs "
		  "pooled (alternate runs of each setting on one host)" },
	OPT_ROW_MARGIN(OFF(margin), ""),
	{ .lname = "fail-on", .kind = OPT_STR, .off = OFF(fail_on), .argname = "slower[=P]",
	  .check = check_fail_on,
	  .help = "exit 1 when any row or score is judged slower than the baseline (by more "
		  "than P), for CI; 0 otherwise; 2 (fails closed) when an input was interrupted "
		  "or a row measured nothing on one side" },
	{ .lname = "help", .sname = 'h', .kind = OPT_ACTION, .action = 1,
	  .help = "show this help, then exit" },
};

const struct opt_cmd compare_opts = {
	"./Run compare", compare_rows, sizeof(compare_rows) / sizeof(compare_rows[0]), "REPORT...",
};
