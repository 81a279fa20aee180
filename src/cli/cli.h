/*
 * cli.h: the run command's options, from one table (parsing, --help, the man
 * page test and "did you mean" all walk opt_table[]).
 */
#ifndef SYSINDEX_CLI_H
#define SYSINDEX_CLI_H

#include <stddef.h>
#include <stdio.h>

#include "testtab.h"

#define MAX_COPY_COUNTS 16
#define MAX_SELECTED 128
#define MAX_PIN 256

struct config {
	unsigned iterations;      /* -i: long class = N, short = max(1,(N+1)/3); 0 = default */
	unsigned copies[MAX_COPY_COUNTS];
	size_t ncopies;           /* 0: 1 and N online CPUs */
	int quiet, verbose, brief, quick, no_charts, list;
	unsigned duration;        /* --duration seconds per sample; 0 = the table's */
	double settle;            /* --settle seconds before each pass; <0 = default */
	double grace;             /* --grace seconds past the duration; <0 = default */
	const char *testdir;      /* --testdir (or $UB_TMPDIR); NULL = default */
	const char *resultsdir;   /* --results; NULL = default */
	unsigned long long disk_size; /* --disk-size bytes; 0 = default */
	double precision;         /* --precision fraction; 0 = UnixBench's fixed samples */
	double time_budget;       /* --time-budget minutes; 0 = none */
	int pin;                  /* --pin: pin copies to CPUs */
	int pin_cpus[MAX_PIN];    /* --pin=LIST */
	size_t npin;
	const struct test_def *tests[MAX_SELECTED];
	size_t ntests;
};

enum opt_kind { OPT_FLAG, OPT_UINT, OPT_DOUBLE, OPT_STR, OPT_SIZE, OPT_PERCENT, OPT_COPIES, OPT_PIN };

struct opt_def {
	const char *lname;        /* long name, without "--" */
	int sname;                /* short letter, or 0 */
	enum opt_kind kind;
	size_t off;               /* offsetof(struct config, field) */
	double min, max;          /* numeric range */
	const char *argname;      /* NULL for flags */
	const char *help;
};

extern const struct opt_def opt_table[];
extern const size_t opt_table_len;

/*
 * Parse argv (after the program name) into cfg.  Returns 0 to run, 1 when
 * the request was fully answered (--help, --version, --list printed on out),
 * or -1 with a one-line message in err (exit 2).
 */
int cli_parse(int argc, char **argv, struct config *cfg, char *err, size_t errlen);

void cli_usage(FILE *out);       /* the generated --help text */

/* "did you mean" over tests, groups and options; NULL if nothing is close. */
const char *cli_suggest(const char *word);

/* Samples a test takes under cfg (-i and --quick applied). */
unsigned cli_samples(const struct config *cfg, const struct test_def *t);
/* Seconds per sample under cfg (--duration and --quick applied). */
unsigned cli_seconds(const struct config *cfg, const struct test_def *t);

#endif
