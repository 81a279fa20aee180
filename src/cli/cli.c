/* cli.c: option table, parsing, generated help and "did you mean". */
#define _GNU_SOURCE   /* getopt_long */
#include "cli/cli.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buildinfo.h"
#include "util/util.h"

#define OFF(f) offsetof(struct config, f)

const struct opt_def opt_table[] = {
	{ "iterations", 'i', OPT_UINT, OFF(iterations), 1, 1000, "N",
	  "samples: N for long tests, max(1,(N+1)/3) for short ones (default 10)" },
	{ "copies", 'c', OPT_COPIES, OFF(copies), 1, 4096, "N",
	  "run N parallel copies; repeat for several passes (default 1 and CPUs)" },
	{ "quiet", 'q', OPT_FLAG, OFF(quiet), 0, 0, NULL,
	  "print only the final report on stdout" },
	{ "verbose", 'v', OPT_FLAG, OFF(verbose), 0, 0, NULL,
	  "print each command and each copy's result" },
	{ "brief", 'b', OPT_FLAG, OFF(brief), 0, 0, NULL,
	  "no per-CPU lines in the report header" },
	{ "quick", 0, OPT_FLAG, OFF(quick), 0, 0, NULL,
	  "1 sample per test, 2 s samples (5 s for shell tests), no settle pause" },
	{ "duration", 0, OPT_UINT, OFF(duration), 1, 3600, "S",
	  "seconds per sample for every test (overrides the table)" },
	{ "settle", 0, OPT_DOUBLE, OFF(settle), 0, 600, "S",
	  "sync and pause S seconds before each sample (default 3, as UnixBench)" },
	{ "grace", 0, OPT_DOUBLE, OFF(grace), 0, 3600, "S",
	  "kill a test program S seconds after its duration (default 15 + duration/2)" },
	{ "precision", 0, OPT_PERCENT, OFF(precision), 0.01, 50, "P",
	  "sample each test until its 95% CI is within P of the mean (e.g. 1%)" },
	{ "time-budget", 0, OPT_DOUBLE, OFF(time_budget), 1, 100000, "MIN",
	  "plan samples so the whole run fits in MIN minutes" },
	{ "pin", 0, OPT_FLAG, OFF(pin), 0, 0, NULL,
	  "pin each copy (and both ends of context1) to its own CPU" },
	{ "testdir", 0, OPT_STR, OFF(testdir), 0, 0, "DIR",
	  "where tests write files (also $UB_TMPDIR; default testdir/)" },
	{ "results", 0, OPT_STR, OFF(resultsdir), 0, 0, "DIR",
	  "where reports are written (default results/)" },
	{ "disk-size", 0, OPT_SIZE, OFF(disk_size), 16 << 20, 1e15, "SIZE",
	  "disk test file size, e.g. 256M or 4G (default 1G, less if space is short)" },
	{ "no-charts", 0, OPT_FLAG, OFF(no_charts), 0, 0, NULL,
	  "do not draw charts with gnuplot" },
	{ "list", 0, OPT_FLAG, OFF(list), 0, 0, NULL,
	  "list tests and groups, then exit" },
	{ "help", 'h', OPT_FLAG, 0, 0, 0, NULL, "show this help, then exit" },
	{ "version", 0, OPT_FLAG, 0, 0, 0, NULL, "show the version, then exit" },
};
const size_t opt_table_len = sizeof(opt_table) / sizeof(opt_table[0]);

void cli_usage(FILE *out)
{
	fprintf(out,
		"usage: ./Run [options] [test|group ...]\n"
		"       ./Run compare [--label L ...] [--format F] [--plot FILE] REPORT...\n"
		"\nRuns the selected tests (default: index) with 1 copy and with one copy\n"
		"per CPU and prints a UnixBench-compatible System Benchmarks Index Score.\n"
		"\noptions:\n");
	for (size_t i = 0; i < opt_table_len; i++) {
		const struct opt_def *o = &opt_table[i];
		char left[64];

		if (o->sname)
			snprintf(left, sizeof(left), "-%c, --%s%s%s", o->sname, o->lname,
				 o->argname ? " " : "", o->argname ? o->argname : "");
		else
			snprintf(left, sizeof(left), "    --%s%s%s", o->lname,
				 o->argname ? " " : "", o->argname ? o->argname : "");
		fprintf(out, "  %-24s %s\n", left, o->help);
	}
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

static void list_tests(FILE *out)
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

const char *cli_suggest(const char *word)
{
	const char *best = NULL;
	size_t bestd = (size_t)-1, limit;

	while (*word == '-')
		word++;
	limit = strlen(word) <= 4 ? 1 : 2;
	for (size_t i = 0; i < test_table_len; i++) {
		size_t d = edit_distance(word, test_table[i].name);

		if (d < bestd) {
			bestd = d;
			best = test_table[i].name;
		}
	}
	for (size_t i = 0; i < group_table_len; i++) {
		size_t d = edit_distance(word, group_table[i].name);

		if (d < bestd) {
			bestd = d;
			best = group_table[i].name;
		}
	}
	for (size_t i = 0; i < opt_table_len; i++) {
		size_t d = edit_distance(word, opt_table[i].lname);

		if (d < bestd) {
			bestd = d;
			best = opt_table[i].lname;
		}
	}
	return bestd <= limit ? best : NULL;
}

static int set_option(const struct opt_def *o, const char *arg, struct config *cfg,
		      char *err, size_t errlen)
{
	char *base = (char *)cfg + o->off;
	unsigned long u;
	double d;
	char *end;

	switch (o->kind) {
	case OPT_FLAG:
		*(int *)base = 1;
		return 0;
	case OPT_UINT:
		if (parse_ulong(arg, (unsigned long)o->min, (unsigned long)o->max, &u) != 0)
			break;
		*(unsigned *)base = (unsigned)u;
		return 0;
	case OPT_COPIES:
		if (parse_ulong(arg, (unsigned long)o->min, (unsigned long)o->max, &u) != 0)
			break;
		if (cfg->ncopies == MAX_COPY_COUNTS) {
			snprintf(err, errlen, "too many -c options (at most %d)", MAX_COPY_COUNTS);
			return -1;
		}
		cfg->copies[cfg->ncopies++] = (unsigned)u;
		return 0;
	case OPT_DOUBLE:
		d = strtod(arg, &end);
		if (end == arg || *end != '\0' || !isfinite(d) || d < o->min || d > o->max)
			break;
		*(double *)base = d;
		return 0;
	case OPT_STR:
		if (*arg == '\0')
			break;
		*(const char **)base = arg;
		return 0;
	case OPT_SIZE: {
		unsigned long long sz;

		if (parse_size(arg, &sz) != 0)
			break;
		if ((double)sz < o->min || (double)sz > o->max) {
			if ((double)sz < o->min)
				fmt(err, errlen, "--%s: '%s' is below the %gM minimum", o->lname,
				    arg, o->min / (1 << 20));
			else
				fmt(err, errlen, "--%s: '%s' is too large", o->lname, arg);
			return -1;
		}
		*(unsigned long long *)base = sz;
		return 0;
	}
	case OPT_PERCENT:
		if (parse_percent(arg, &d) != 0 || d * 100 < o->min || d * 100 > o->max)
			break;
		*(double *)base = d;
		return 0;
	case OPT_PIN:
		break;
	}
	if (o->kind == OPT_UINT || o->kind == OPT_COPIES || o->kind == OPT_DOUBLE)
		snprintf(err, errlen, "--%s: '%s' is not a number from %g to %g",
			 o->lname, arg, o->min, o->max);
	else
		snprintf(err, errlen, "--%s: invalid value '%s'", o->lname, arg);
	return -1;
}

static int add_test(struct config *cfg, const struct test_def *t, char *err, size_t errlen)
{
	for (size_t i = 0; i < cfg->ntests; i++)
		if (cfg->tests[i] == t)
			return 0;   /* a test named twice runs once, where first named */
	if (cfg->ntests == MAX_SELECTED) {
		snprintf(err, errlen, "too many tests selected");
		return -1;
	}
	cfg->tests[cfg->ntests++] = t;
	return 0;
}

static int select_word(struct config *cfg, const char *w, char *err, size_t errlen)
{
	const struct test_def *t = test_find(w);
	const struct group_def *g;
	const char *hint;

	if (t != NULL)
		return add_test(cfg, t, err, errlen);
	g = group_find(w);
	if (g != NULL) {
		for (size_t i = 0; i < test_table_len; i++)
			if (group_selects(g, &test_table[i]) &&
			    add_test(cfg, &test_table[i], err, errlen) != 0)
				return -1;
		return 0;
	}
	hint = cli_suggest(w);
	if (hint != NULL)
		snprintf(err, errlen, "unknown test \"%s\" (did you mean %s?); see ./Run --list", w, hint);
	else
		snprintf(err, errlen, "unknown test \"%s\"; see ./Run --list", w);
	return -1;
}

int cli_parse(int argc, char **argv, struct config *cfg, char *err, size_t errlen)
{
	struct option longopts[sizeof(opt_table) / sizeof(opt_table[0]) + 1];
	char shortopts[64] = "+";   /* placeholder, replaced below */
	size_t sl = 0;
	int c, idx, want_help = 0, want_version = 0;

	memset(cfg, 0, sizeof(*cfg));
	cfg->settle = -1;
	cfg->grace = -1;
	shortopts[sl++] = ':';      /* report a missing argument as ':' */
	for (size_t i = 0; i < opt_table_len; i++) {
		longopts[i].name = opt_table[i].lname;
		longopts[i].has_arg = opt_table[i].argname ? required_argument : no_argument;
		longopts[i].flag = NULL;
		longopts[i].val = 256 + (int)i;
		if (opt_table[i].sname) {
			shortopts[sl++] = (char)opt_table[i].sname;
			if (opt_table[i].argname)
				shortopts[sl++] = ':';
		}
	}
	shortopts[sl] = '\0';
	memset(&longopts[opt_table_len], 0, sizeof(longopts[0]));
	/* 0, not 1: glibc and musl then also forget a half-read "-abc" cluster
	 * of an earlier call, which would point into that call's argv. */
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, shortopts, longopts, &idx)) != -1) {
		const struct opt_def *o = NULL;

		if (c == '?' || c == ':') {
			const char *bad = argv[optind - 1] ? argv[optind - 1] : "?";
			const char *hint;

			if (c == ':') {
				snprintf(err, errlen, "option %s needs a value", bad);
				return -1;
			}
			if (optopt && optopt < 256 && strncmp(bad, "--", 2) != 0) {
				snprintf(err, errlen, "unknown option -%c; see ./Run --help", optopt);
				return -1;
			}
			hint = cli_suggest(bad);
			snprintf(err, errlen, "unknown option %.*s%s%s%s; see ./Run --help",
				 (int)strcspn(bad, "="), bad, hint ? " (did you mean --" : "",
				 hint ? hint : "", hint ? "?)" : "");
			return -1;
		}
		if (c >= 256)
			o = &opt_table[c - 256];
		else
			for (size_t i = 0; i < opt_table_len; i++)
				if (opt_table[i].sname == c)
					o = &opt_table[i];
		if (o == NULL)
			continue;
		if (strcmp(o->lname, "help") == 0)
			want_help = 1;
		else if (strcmp(o->lname, "version") == 0)
			want_version = 1;
		else if (set_option(o, optarg, cfg, err, errlen) != 0)
			return -1;
	}
	if (want_help) {
		cli_usage(stdout);
		return 1;
	}
	if (want_version) {
		printf("sysindex %s (UnixBench 6.0 compatible index)\n", SYSINDEX_VERSION);
		return 1;
	}
	if (cfg->list) {
		list_tests(stdout);
		return 1;
	}
	for (int i = optind; i < argc; i++) {
		if (*argv[i] == '\0') {
			snprintf(err, errlen, "empty test name");
			return -1;
		}
		if (select_word(cfg, argv[i], err, errlen) != 0)
			return -1;
	}
	if (optind >= argc && select_word(cfg, "index", err, errlen) != 0)
		return -1;
	if (cfg->testdir == NULL) {
		const char *env = getenv("UB_TMPDIR");

		if (env != NULL && *env != '\0')
			cfg->testdir = env;
	}
	return 0;
}

unsigned cli_samples(const struct config *cfg, const struct test_def *t)
{
	unsigned n = cfg->iterations ? cfg->iterations : 10;

	if (cfg->quick && !cfg->iterations)
		return 1;
	if (t->samples == SAMPLES_LONG)
		return n;
	return (n + 1) / 3 > 1 ? (n + 1) / 3 : 1;
}

unsigned cli_seconds(const struct config *cfg, const struct test_def *t)
{
	if (cfg->duration)
		return cfg->duration;
	if (cfg->quick)
		return (t->flags & TF_SHELL) ? 5 : 2;
	return t->seconds;
}
