/*
 * cli.c: the run command's option table (each option's default included),
 * parsing through cli/opt.c, test selection and "did you mean".  The texts
 * printed from the table are in cli_help.c.
 */
#include "cli/cli.h"

#include <stdlib.h>
#include <string.h>

#include "cli/opt_rows.h"
#include "core/result.h"
#include "stats/paired.h"
#include "stats/steady.h"
#include "util/util.h"
#include "util/quote.h"

#define OFF(f) offsetof(struct config, f)
#define STR_(x) #x
#define STR(x) STR_(x)   /* a number's macro as the table's text */

const char *const progress_names[] = { "auto", "line", "plain", "none", NULL };
const char *const interleave_names[] = { "slices", "samples", NULL };
const char *const order_names[] = { "grouped", "spread", NULL };

/* --label: a short line of printable text (every output shows it). */
static int check_label(const char *arg, char *err, size_t errlen)
{
	size_t n = strlen(arg);

	for (size_t i = 0; i < n; i++)
		if ((unsigned char)arg[i] < 0x20 || arg[i] == 0x7f) {
			snprintf(err, errlen, "--label: no control characters");
			return -1;
		}
	if (n == 0 || n >= RUN_LABEL_MAX) {
		snprintf(err, errlen, "--label: 1 to %d characters", RUN_LABEL_MAX - 1);
		return -1;
	}
	return 0;
}

const struct opt_def opt_table[O_COUNT] = {
	[O_ITERATIONS] = { .lname = "iterations", .sname = 'i', .kind = OPT_UINT,
		.off = OFF(iterations), .min = 1, .max = 1000, .argname = "N",
		.def = "10", .quick = "1",
		.help = "samples: N for long tests, max(1,(N+1)/3) for short ones" },
	[O_COPIES] = { .lname = "copies", .sname = 'c', .kind = OPT_UINT_LIST,
		.off = OFF(copies), .count_off = OFF(ncopies), .cap = MAX_COPY_COUNTS,
		.min = 1, .max = 4096, .argname = "N", .def_note = "1, then one per usable CPU",
		.help = "run N parallel copies; repeat for several passes" },
	[O_QUIET] = { .lname = "quiet", .sname = 'q', .kind = OPT_FLAG, .off = OFF(quiet),
		.help = "print only the final report on stdout" },
	[O_VERBOSE] = { .lname = "verbose", .sname = 'v', .kind = OPT_FLAG, .off = OFF(verbose),
		.help = "print each command and each copy's result" },
	[O_BRIEF] = { .lname = "brief", .sname = 'b', .kind = OPT_FLAG, .off = OFF(brief),
		.help = "no per-CPU lines in the report header" },
	[O_QUICK] = { .lname = "quick", .kind = OPT_FLAG, .off = OFF(quick),
		.help = "a first look: 1 sample per test, " STR(QUICK_SECONDS) "-s samples ("
			STR(QUICK_SHELL_SECONDS) " s for shell tests), "
			"no settle pause; about 45 s per copy count (not comparable with "
			"UnixBench)" },
	[O_DURATION] = { .lname = "duration", .kind = OPT_UINT, .off = OFF(duration),
		.min = 1, .max = 3600, .argname = "S", .def_note = "the test's own",
		.quick = STR(QUICK_SECONDS),
		.quick_note = ", " STR(QUICK_SHELL_SECONDS) " for shell tests",
		.help = "seconds per sample for every test" },
	[O_SETTLE] = { .lname = "settle", .kind = OPT_DOUBLE, .off = OFF(settle),
		.min = 0, .max = 600, .argname = "S", .def = "3", .quick = "0",
		.help = "sync and pause S seconds before each sample, as UnixBench" },
	[O_GRACE] = { .lname = "grace", .kind = OPT_DOUBLE, .off = OFF(grace),
		.min = 1, .max = 3600, .argname = "S", .def = "20",
		.def_note = " + the duration, more for file and disk tests",
		.help = "kill a test program S seconds (1 or more: time to report) "
			"after its duration" },
	[O_PRECISION] = { .lname = "precision", .kind = OPT_PERCENT, .off = OFF(precision),
		.min = 0.01, .max = 50, .argname = "P",
		.help = "sample each test until its 95% CI is within P of the mean (e.g. 1%)" },
	[O_TIME_BUDGET] = { .lname = "time-budget", .kind = OPT_DOUBLE, .off = OFF(time_budget),
		.min = 1, .max = 100000, .argname = "MIN",
		.help = "plan samples so the whole run fits in MIN minutes" },
	[O_COMPAT] = { .lname = "compat", .kind = OPT_CHOICE, .off = OFF(workload),
		.choices = workload_names, .argname = "VER", .def = "6.0",
		.help = "do UnixBench VER's work where it differs: 6.0 or 5.1.3" },
	[O_PIN] = { .lname = "pin", .kind = OPT_FLAG, .off = OFF(pin),
		.help = "pin each copy (and both ends of context1) to its own CPU" },
	[O_TESTDIR] = { .lname = "testdir", .kind = OPT_STR_LIST, .off = OFF(testdirs),
		.count_off = OFF(ntestdirs), .cap = MAX_TESTDIRS, .argname = "[L=]DIR",
		.def_note = "testdir/ next to Run",
		.help = "where tests write files; also $UB_TMPDIR; twice or more: "
			"paired mode, L= labels a directory" },
	[O_SETTING] = { .lname = "setting", .kind = OPT_STR_LIST, .off = OFF(setting_args),
		.count_off = OFF(nsetting_args), .cap = MAX_SETTINGS, .argname = "NAME=CMD",
		.help = "twice or more: compare settings in one test dir; CMD runs with "
			"/bin/sh -c (as root) before each of NAME's samples; the first is the "
			"baseline" },
	[O_RESTORE] = { .lname = "restore", .kind = OPT_STR, .off = OFF(restore),
		.argname = "CMD", .def_note = "the baseline setting's command",
		.help = "--setting: run CMD after the run (also after a failure or Ctrl-C)" },
	[O_CONTROL] = { .lname = "control", .kind = OPT_FLAG, .off = OFF(control),
		.help = "paired mode: interleave the tests that do not use the test dir too "
			"(A/A check)" },
	[O_INTERLEAVE] = { .lname = "interleave", .kind = OPT_CHOICE, .off = OFF(interleave),
		.choices = interleave_names, .argname = "HOW", .def_note = "slices",
		.help = "paired mode: slices: one process per round measures every directory "
			"in short slices, where the test can; samples: whole samples in turn "
			"(what slicing gains, measured)" },
	[O_MARGIN] = OPT_ROW_MARGIN(OFF(margin), "paired mode: "),
	[O_INSTANCE_SD] = { .lname = "instance-sd", .kind = OPT_PERCENT, .off = OFF(instance_sd),
		.min = 0, .max = 10, .argname = "P", .def_note = "0.3%, measured on ext4 images",
		.help = "paired mode: how far two directories made alike differ (SD), added to "
			"every interval of a row that uses the directory" },
	[O_REPEAT] = { .lname = "repeat", .kind = OPT_UINT, .off = OFF(repeat),
		.min = 1, .max = MAX_REPEAT, .argname = "N", .def = "1",
		.help = "N independent passes of the tests, one after the other; each score "
			"gets an interval over the passes and one for the next run's score" },
	[O_ORDER] = { .lname = "order", .kind = OPT_CHOICE, .off = OFF(order),
		.choices = order_names, .argname = "HOW", .def = "grouped",
		.help = "grouped: each test's samples back to back (UnixBench's); spread: "
			"every test's samples spread over the run, further apart than the "
			"host's memory of its speed" },
	[O_RESULTS] = { .lname = "results", .kind = OPT_STR, .off = OFF(resultsdir),
		.argname = "DIR", .def_note = "results/ next to Run",
		.help = "where reports are written" },
	[O_RESUME] = { .lname = "resume", .kind = OPT_STR, .off = OFF(resume), .argname = "RESULT",
		.help = "continue the interrupted run RESULT (its base path or any of its files) "
			"with its own options, keeping the samples its journal holds" },
	[O_DISK_SIZE] = { .lname = "disk-size", .kind = OPT_SIZE, .off = OFF(disk_size),
		.min = 16 << 20, .max = 1e15, .argname = "SIZE",
		.def = "1G", .def_note = ", less if space is short",
		.help = "disk test file size, e.g. 256M or 4G" },
	[O_SUSTAINED] = { .lname = "sustained", .kind = OPT_FLAG, .off = OFF(sustained),
		.help = "disk tests: burst or sustained? each runs past --ramp until its "
			"throughput is steady (SNIA/fio: 5 intervals within 20 %, slope "
			"within 10 %) or --sustained-max; no test named: the disk group" },
	[O_RAMP] = { .lname = "ramp", .kind = OPT_UINT, .off = OFF(ramp),
		.min = 0, .max = 3600, .argname = "S", .def = "60",
		.help = "--sustained: no steady state is looked for in the first S seconds" },
	[O_SUSTAINED_MAX] = { .lname = "sustained-max", .kind = OPT_UINT,
		.off = OFF(sustained_max), .min = 1, .max = 3600, .argname = "S", .def = "1800",
		.help = "--sustained: stop a test after S seconds, steady or not" },
	[O_SUSTAINED_INTERVAL] = { .lname = "sustained-interval", .kind = OPT_UINT,
		.off = OFF(sustained_interval), .min = 50, .max = 60000, .argname = "MS",
		.def = "1000", .help = "--sustained: one point of the time series per MS ms" },
	[O_MEM_SIZE] = { .lname = "mem-size", .kind = OPT_SIZE, .off = OFF(mem_size),
		.min = 1 << 20, .max = 1ull << 44, .argname = "SIZE",
		.def_note = "4 x the last-level cache",
		.help = "memory tests: bytes per array, e.g. 64M" },
	[O_PEER] = { .lname = "peer", .kind = OPT_STR, .off = OFF(peer), .argname = "HOST[:PORT]",
		.help = "net tests: run against `sysindex serve` there instead of loopback "
			"([IPv6]:PORT; no test named: the net group)" },
	[O_PEER_TOKEN] = { .lname = "peer-token", .kind = OPT_STR, .off = OFF(peer_token),
		.argname = "T", .def_note = "$SYSINDEX_PEER_TOKEN",
		.help = "the token `sysindex serve` printed (needed with --peer; on the command "
			"line, ps shows it: prefer --peer-token-file or $SYSINDEX_PEER_TOKEN)" },
	[O_PEER_TOKEN_FILE] = { .lname = "peer-token-file", .kind = OPT_STR,
		.off = OFF(peer_token_file), .argname = "FILE",
		.help = "read --peer-token's token from FILE (its one line)" },
	[O_PROGRESS] = { .lname = "progress", .kind = OPT_CHOICE, .off = OFF(progress),
		.choices = progress_names, .argname = "HOW", .def = "auto",
		.help = "line: the live line; plain: a line per test on stderr; none; "
			"auto: line on a terminal, else plain" },
	[O_LABEL] = { .lname = "label", .kind = OPT_STR, .off = OFF(label), .argname = "NAME",
		.check = check_label,
		.help = "the run's label, in its record: compare names its column so and "
			"--group-by label pools the runs that share it (./Run spread's runs do)" },
	[O_REDACT] = { .lname = "redact", .kind = OPT_FLAG, .off = OFF(redact),
		.help = "for publishing: hostname, paths and host id become placeholders "
			"in every file written" },
	[O_EXCLUDE_DISTURBED] = { .lname = "exclude-disturbed", .kind = OPT_FLAG,
		.off = OFF(exclude_disturbed),
		.help = "leave samples flagged steal, contended or throttled out of the "
			"statistics and the index (said how many; all of a test's flagged: kept)" },
	[O_NO_CHARTS] = { .lname = "no-charts", .kind = OPT_FLAG, .off = OFF(no_charts),
		.help = "do not draw charts with gnuplot" },
	[O_LIST] = { .lname = "list", .kind = OPT_ACTION, .action = CLI_LIST,
		.help = "list tests and groups, then exit" },
	[O_HELP] = { .lname = "help", .sname = 'h', .kind = OPT_ACTION, .action = CLI_HELP,
		.help = "show this help, then exit" },
	[O_VERSION] = { .lname = "version", .kind = OPT_ACTION, .action = CLI_VERSION,
		.help = "show the version, then exit" },
};
const size_t opt_table_len = O_COUNT;
const struct opt_cmd cli_cmd = { "./Run", opt_table, O_COUNT, "[test|group ...]" };

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
	char q[QUOTE_BUF];

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
		snprintf(err, errlen, "unknown test \"%s\" (did you mean %s?); see ./Run --list",
			 quote(w, q), hint);
	else
		snprintf(err, errlen, "unknown test \"%s\"; see ./Run --list", quote(w, q));
	return -1;
}

/* --quick: the rows' --quick defaults, for the options not given. */
static int apply_quick(struct config *cfg, char *err, size_t errlen)
{
	for (size_t i = 0; i < O_COUNT; i++)
		if (opt_table[i].quick != NULL && !cfg->given[i] &&
		    opt_set(&opt_table[i], opt_table[i].quick, cfg, err, errlen) != 0)
			return -1;
	return 0;
}

/*
 * --setting (twice or more) and --restore: paired mode over settings of one
 * test directory (cfg->dirs[] take the names; their path is the test dir,
 * set once it is resolved).  Every test is interleaved, as a setting may
 * change what any test measures, in whole samples: a slice cannot switch
 * a setting.  0, or -1 with a message.
 */
static int setting_options(struct config *cfg, char *err, size_t errlen)
{
	char why[256];

	if (cfg->nsetting_args < 2) {
		snprintf(err, errlen, cfg->nsetting_args ? "--setting needs two or more settings "
			 "(the first is the baseline)" : "--restore needs --setting");
		return -1;
	}
	if (cfg->ntestdirs >= 2) {
		snprintf(err, errlen, "--setting compares settings in one test directory: give "
			 "one --testdir (one comparison at a time)");
		return -1;
	}
	if (cfg->given[O_INTERLEAVE] && cfg->interleave == INTERLEAVE_SLICES) {
		snprintf(err, errlen, "--setting takes whole samples in turn: --interleave "
			 "slices cannot switch a setting between slices");
		return -1;
	}
	if (cfg->restore != NULL && settings_command_ok(cfg->restore, why, sizeof(why)) != 0) {
		snprintf(err, errlen, "--restore: %s", why);
		return -1;
	}
	if (settings_parse(cfg->setting_args, cfg->nsetting_args, cfg->settings, err, errlen) != 0)
		return -1;
	cfg->nsettings = cfg->nsetting_args;
	cfg->ndirs = cfg->nsettings;
	for (size_t d = 0; d < cfg->nsettings; d++) {
		fmt(cfg->dirs[d].label, sizeof(cfg->dirs[d].label), "%s", cfg->settings[d].name);
		cfg->dirs[d].labelled = 1;
	}
	cfg->control = 1;
	cfg->interleave = INTERLEAVE_SAMPLES;
	/* One test directory, one instance: no instance term between settings. */
	if (cfg->given[O_INSTANCE_SD] && cfg->instance_sd > 0) {
		snprintf(err, errlen, "--instance-sd: settings are compared on one instance (one "
			 "test directory): no instance term applies");
		return -1;
	}
	cfg->instance_sd = 0;
	cfg->given[O_INSTANCE_SD] = 1;
	return 0;
}

/*
 * --sustained's options: its own only with it, a limit that holds the ramp
 * and one window of intervals, and none of the options that plan samples
 * (one sample per test, as long as it takes).  0, or -1 with a message.
 */
static int sustained_options(const struct config *cfg, char *err, size_t errlen)
{
	static const int own[] = { O_RAMP, O_SUSTAINED_MAX, O_SUSTAINED_INTERVAL };
	static const int refused[] = { O_TIME_BUDGET, O_PRECISION, O_REPEAT };
	const struct steady_rule rule = STEADY_RULE_SNIA;
	double least;

	for (size_t i = 0; i < sizeof(own) / sizeof(own[0]); i++)
		if (!cfg->sustained && cfg->given[own[i]]) {
			snprintf(err, errlen, "--%s needs --sustained", opt_table[own[i]].lname);
			return -1;
		}
	if (!cfg->sustained)
		return 0;
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++)
		if (cfg->given[refused[i]]) {
			snprintf(err, errlen, "--sustained runs each disk test once, until steady: "
				 "--%s does not apply", opt_table[refused[i]].lname);
			return -1;
		}
	if (cfg->ntestdirs >= 2 || cfg->nsetting_args > 0) {
		snprintf(err, errlen, "--sustained needs one test directory (no paired mode)");
		return -1;
	}
	least = cfg->ramp + (double)rule.window * cfg->sustained_interval / 1000.0;
	if (cfg->sustained_max < least) {
		snprintf(err, errlen, "--sustained-max %u is shorter than the ramp and one window "
			 "(%u s + %zu x %u ms = %.1f s)", cfg->sustained_max, cfg->ramp, rule.window,
			 cfg->sustained_interval, least);
		return -1;
	}
	return 0;
}

enum cli_action cli_parse(int argc, char **argv, struct config *cfg, char *err, size_t errlen)
{
	int first, rc;

	memset(cfg, 0, sizeof(*cfg));
	rc = opt_parse(&cli_cmd, argc, argv, cfg, cfg->given, &first, err, errlen);
	if (rc < 0)
		return CLI_USAGE;
	if (rc > 0)
		return (enum cli_action)rc;
	if (cfg->quick && apply_quick(cfg, err, errlen) != 0)
		return CLI_USAGE;
	for (int i = first; i < argc; i++) {
		if (*argv[i] == '\0') {
			snprintf(err, errlen, "empty test name");
			return CLI_USAGE;
		}
		if (select_word(cfg, argv[i], err, errlen) != 0)
			return CLI_USAGE;
	}
	/* No test named: the index; with --peer, the tests it is for (iperf3 -c HOST);
	 * with --sustained, the disk group. */
	cfg->tests_named = first < argc;
	if (first >= argc && select_word(cfg, cfg->peer ? "net" : cfg->sustained ? "disk"
					 : "index", err, errlen) != 0)
		return CLI_USAGE;
	if (sustained_options(cfg, err, errlen) != 0)
		return CLI_USAGE;
	if (cfg->ntestdirs >= 1)
		cfg->testdir = cfg->testdirs[0];
	if (cfg->nsetting_args > 0 || cfg->given[O_RESTORE]) {
		if (setting_options(cfg, err, errlen) != 0)
			return CLI_USAGE;
	} else if (cfg->ntestdirs >= 2) {
		if (testdirs_parse(cfg->testdirs, cfg->ntestdirs, cfg->dirs, err, errlen) != 0)
			return CLI_USAGE;
		cfg->ndirs = cfg->ntestdirs;
		cfg->testdir = cfg->dirs[0].path;
	}
	if (cfg->ndirs >= 2) {
		/* The least a paired interval can reach: t(0.975) at the most rounds
		 * x the instance term. */
		double least;

		if (cfg->repeat > 1) {
			snprintf(err, errlen, "--repeat needs a run without paired mode (paired "
				 "mode interleaves its directories already)");
			return CLI_USAGE;
		}
		if (!cfg->given[O_INSTANCE_SD])
			cfg->instance_sd = PAIRED_INSTANCE_SD;
		least = paired_least_half(PAIRED_PRECISION_MAX_ROUNDS, cfg->instance_sd);
		if (cfg->given[O_PRECISION] && cfg->precision < least) {
			snprintf(err, errlen, "--precision %g%% is finer than paired mode can see "
				 "(every interval holds the %.2g%% instance term, t at %d rounds): "
				 "%.2f%% or more", 100 * cfg->precision, 100 * cfg->instance_sd,
				 PAIRED_PRECISION_MAX_ROUNDS, 100 * least);
			return CLI_USAGE;
		}
	} else if (cfg->control) {
		snprintf(err, errlen, "--control needs two or more --testdir directories");
		return CLI_USAGE;
	} else if (cfg->given[O_INTERLEAVE]) {
		snprintf(err, errlen, "--interleave needs paired mode (two or more --testdir)");
		return CLI_USAGE;
	} else if (cfg->given[O_INSTANCE_SD]) {
		snprintf(err, errlen, "--instance-sd needs paired mode (two or more --testdir)");
		return CLI_USAGE;
	} else if (cfg->given[O_MARGIN]) {
		snprintf(err, errlen, "--margin needs paired mode (two or more --testdir) or compare");
		return CLI_USAGE;
	}
	if (!cfg->given[O_TESTDIR]) {
		const char *env = getenv("UB_TMPDIR");

		if (env != NULL && *env != '\0')
			cfg->testdir = env;
	}
	return CLI_RUN;
}
