/*
 * cli.h: the run command's options, from one table (parsing, defaults,
 * --help, the man page test and "did you mean" all walk opt_table[]; the
 * machinery is cli/opt.h's, shared with the subcommands).
 */
#ifndef SYSINDEX_CLI_H
#define SYSINDEX_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "cli/opt.h"
#include "core/settings.h"
#include "core/testdirs.h"
#include "core/testtab.h"

#define MAX_COPY_COUNTS 16
#define MAX_SELECTED 128
#define MAX_PIN 256               /* --pin: CPUs the copies are spread over */

/* --quick's sample seconds (plan_seconds); shell tests need longer to count a few scripts. */
#define QUICK_SECONDS 2
#define QUICK_SHELL_SECONDS 5

/* --progress: the live line on a terminal, plain lines, or none. */
enum progress_mode { PROGRESS_AUTO, PROGRESS_LINE, PROGRESS_PLAIN, PROGRESS_NONE };
extern const char *const progress_names[];
/* --interleave: how paired mode alternates the directories of a test that
 * has a sliced row (testtab.h); the others always take whole samples. */
enum interleave_mode { INTERLEAVE_SLICES, INTERLEAVE_SAMPLES };
extern const char *const interleave_names[];
/* --order: a copy count's samples test by test (UnixBench's) or spread over
 * the run (run/schedule.h). */
enum run_order { ORDER_GROUPED, ORDER_SPREAD };
extern const char *const order_names[];

/* The run command's options: opt_table[O_X] is the row of --x. */
enum run_opt {
	O_ITERATIONS, O_COPIES, O_QUIET, O_VERBOSE, O_BRIEF, O_QUICK, O_DURATION, O_SETTLE,
	O_GRACE, O_PRECISION, O_TIME_BUDGET, O_COMPAT, O_PIN, O_TESTDIR, O_SETTING, O_RESTORE, O_CONTROL, O_INTERLEAVE, O_MARGIN, O_INSTANCE_SD, O_REPEAT, O_ORDER, O_RESULTS, O_RESUME,
	O_DISK_SIZE, O_SUSTAINED, O_RAMP, O_SUSTAINED_MAX, O_SUSTAINED_INTERVAL, O_MEM_SIZE, O_PEER, O_PEER_TOKEN, O_PEER_TOKEN_FILE, O_PROGRESS, O_LABEL, O_REDACT,
	O_EXCLUDE_DISTURBED,	O_NO_CHARTS, O_LIST, O_HELP, O_VERSION,
	O_COUNT
};

/*
 * Every field holds its option's value: the one given, else the table's
 * default (under --quick, its --quick default).  given[] says which options
 * appeared, for the defaults that are rules (--grace, --duration,
 * --disk-size, paired mode's budget: plan.h) and for the report's mode line.
 */
struct config {
	unsigned iterations;      /* -i: long class = N, short = max(1,(N+1)/3) (plan_samples) */
	unsigned copies[MAX_COPY_COUNTS];
	size_t ncopies;           /* 0: 1 and N online CPUs */
	int quiet, verbose, brief, quick, no_charts;
	unsigned duration;        /* --duration seconds per sample (see plan_seconds) */
	double settle;            /* --settle seconds before each sample */
	double grace;             /* --grace (see plan_grace) */
	const char *testdir;      /* the (first) --testdir, or $UB_TMPDIR; NULL: paths.c's default */
	const char *testdirs[MAX_TESTDIRS]; /* every --testdir, as given */
	size_t ntestdirs;
	struct testdir_spec dirs[MAX_TESTDIRS]; /* paired mode (ndirs >= 2): labels, paths */
	size_t ndirs;             /* 0 unless two or more --testdir */
	int control;              /* --control: tests without the test dir interleaved too */
	const char *setting_args[MAX_SETTINGS]; /* every --setting NAME=COMMAND, as given */
	size_t nsetting_args;
	struct setting_spec settings[MAX_SETTINGS]; /* parsed; nsettings >= 2 or 0 */
	size_t nsettings;         /* settings mode: ndirs == nsettings, dirs[] share one path */
	const char *restore;      /* --restore COMMAND; NULL: the baseline setting's */
	double margin;            /* --margin fraction: paired verdicts' equivalence margin */
	/*
	 * --instance-sd fraction: paired mode's instance term (stats/paired.h),
	 * PAIRED_INSTANCE_SD unless given.  The hook for modes without a second
	 * instance: settings compared on one file system set it to 0.
	 */
	double instance_sd;
	unsigned repeat;          /* --repeat N: independent passes of the tests (run/repeat.h) */
	const char *resultsdir;   /* --results; NULL: paths.c's default */
	const char *resume;       /* --resume RESULT: the interrupted run to continue */
	unsigned long long disk_size; /* --disk-size bytes (given, or the most plan_disk may use) */
	unsigned long long mem_size;  /* --mem-size bytes per array; 0 = 4 x LLC */
	/* --sustained: the disk tests past a ramp until steady (TF_SUSTAIN,
	 * stats/steady.h), each one sample of at most sustained_max seconds. */
	int sustained;
	unsigned ramp;            /* --ramp seconds */
	unsigned sustained_max;   /* --sustained-max seconds */
	unsigned sustained_interval; /* --sustained-interval ms */
	const char *peer;         /* --peer HOST[:PORT]; NULL = loopback */
	const char *peer_token;   /* --peer-token (passed in the environment) */
	const char *peer_token_file; /* --peer-token-file: the file holding it */
	double precision;         /* --precision fraction; 0 = UnixBench's fixed samples */
	double time_budget;       /* --time-budget minutes; 0 = none */
	int budget_implied;       /* time_budget is paired mode's default (plan_defaults) */
	int workload;             /* --compat: enum workload, whose work the tests do */
	int progress;             /* --progress: enum progress_mode */
	int interleave;           /* --interleave: enum interleave_mode */
	int order;                /* --order: enum run_order */
	int redact;               /* --redact: placeholders for host, paths, host id */
	const char *label;        /* --label NAME: the run's, in its record; NULL none */
	int exclude_disturbed;    /* --exclude-disturbed: flagged samples left out */
	int pin;                  /* --pin: pin copies to CPUs */
	unsigned char given[O_COUNT];
	const struct test_def *tests[MAX_SELECTED];
	size_t ntests;
	int tests_named;          /* tests were named; else index (net with --peer) */
};

/* What the caller does after cli_parse (CLI_HELP..CLI_LIST are the ACTION rows'). */
enum cli_action {
	CLI_RUN,          /* cfg holds the run */
	CLI_HELP,         /* print cli_usage(), exit 0 */
	CLI_VERSION,      /* print cli_version(), exit 0 */
	CLI_LIST,         /* print cli_list(), exit 0 */
	CLI_USAGE,        /* err holds one line; exit 2 */
};

extern const struct opt_def opt_table[O_COUNT];
extern const size_t opt_table_len;
extern const struct opt_cmd cli_cmd;   /* "./Run" over opt_table */

/* Parse argv (argv[0] is the program) into cfg; prints nothing. */
enum cli_action cli_parse(int argc, char **argv, struct config *cfg, char *err, size_t errlen);

/* cli_help.c: the generated --help, --list and --version texts; --help
 * lists the synopses of the other commands, others[0..nothers-1]. */
void cli_usage(FILE *out, const struct subcmd *others, size_t nothers);
void cli_list(FILE *out);
void cli_version(FILE *out);

/* "did you mean" over tests, groups and options; NULL if nothing is close. */
const char *cli_suggest(const char *word);

#endif
