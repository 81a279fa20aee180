/*
 * opt.h: option tables and the one parser that walks them.  A command lists
 * its options as rows (name, kind, where the value goes, range, default,
 * help); opt_parse() fills the command's own struct from argv through the
 * rows, opt_help() prints the option list and opt_synopsis() the usage line,
 * so parsing, help and synopsis cannot disagree.  The run command (cli.c),
 * `compare` (compare_opts.c) and any later subcommand use it the same way:
 *
 *   struct my_opts { unsigned n; const char *names[8]; size_t nnames; };
 *   static const struct opt_def my_rows[] = {
 *       { .lname = "count", .kind = OPT_UINT, .off = offsetof(struct my_opts, n),
 *         .min = 1, .max = 99, .argname = "N", .def = "4", .help = "how many" },
 *       { .lname = "name", .kind = OPT_STR_LIST, .off = offsetof(struct my_opts, names),
 *         .count_off = offsetof(struct my_opts, nnames), .cap = 8, .argname = "S",
 *         .help = "a name (repeat)" },
 *       { .lname = "help", .sname = 'h', .kind = OPT_ACTION, .action = 1,
 *         .help = "show this help" },
 *   };
 *   const struct opt_cmd my_cmd = { "./Run mine", my_rows, 3, "FILE..." };
 *   ...
 *   rc = opt_parse(&my_cmd, argc, argv, &o, NULL, &first, err, sizeof(err));
 *
 * Defaults are written in the option's own syntax ("10", "1G", "0.5%") and
 * stored by the same code that parses argv, before argv; --help prints them
 * from the same row.
 */
#ifndef SYSINDEX_OPT_H
#define SYSINDEX_OPT_H

#include <stddef.h>
#include <stdio.h>

enum opt_kind {
	OPT_FLAG,       /* int set to 1 */
	OPT_UINT,       /* unsigned in [min, max] */
	OPT_DOUBLE,     /* double in [min, max], a plain decimal (parse_decimal) */
	OPT_PERCENT,    /* double fraction, written "1%" or "1"; [min, max] in percent */
	OPT_SIZE,       /* unsigned long long bytes (256M, 4G) in [min, max] */
	OPT_STR,        /* const char *, not empty */
	OPT_CHOICE,     /* int: index of the value in choices[] */
	OPT_UINT_LIST,  /* repeatable: unsigned[cap] at off, size_t count at count_off */
	OPT_STR_LIST,   /* repeatable: const char *[cap] at off, size_t count at count_off */
	OPT_ACTION,     /* no value: opt_parse returns .action (help, version, ...) */
};

struct opt_def {
	const char *lname;        /* long name, without "--" */
	int sname;                /* short letter, or 0 */
	enum opt_kind kind;
	size_t off;               /* offsetof(the command's struct, field) */
	double min, max;          /* numeric range (list kinds: of each value) */
	const char *argname;      /* the value's name in help; NULL for FLAG and ACTION */
	const char *help;
	/* The default, in the option's own syntax; NULL: the field stays zero
	 * (always NULL for the list kinds: they start empty). */
	const char *def;
	/* Printed after def: a rule (" + the duration"), or the whole default
	 * when def is NULL ("1, then one per CPU"). */
	const char *def_note;
	/* The run command's --quick default (cli.c applies it), and its note. */
	const char *quick;
	const char *quick_note;
	const char *const *choices;   /* OPT_CHOICE: the values, NULL-terminated */
	size_t count_off;         /* list kinds: offsetof the size_t count */
	size_t cap;               /* list kinds: entries the array holds */
	int action;               /* OPT_ACTION: what opt_parse returns (> 0) */
	/* Extra check of a STR value: 0, or -1 with one line in err. */
	int (*check)(const char *arg, char *err, size_t errlen);
};

struct opt_cmd {
	const char *name;         /* as typed: "./Run", "./Run compare" */
	const struct opt_def *opts;
	size_t nopts;
	const char *operands;     /* after the options in the synopsis: "REPORT..." */
};

/*
 * A subcommand: `./Run WORD ...` runs fn.  The table of them is the entry
 * point's (src/cmds.c); the run command's --help gets it passed down, to
 * print each one's synopsis from its option table.
 */
struct subcmd {
	const char *name;
	int (*fn)(int argc, char **argv);   /* argv[0] is the first argument after the name */
	const struct opt_cmd *opts;         /* its option table: --help's synopsis */
	const char *summary;
};

/*
 * Store every default, then parse argv (argv[0] is the command) into dst.
 * given[i] (when not NULL: one per row) is set when row i appeared.  Options
 * and operands may mix (GNU order; "--" ends the options); the operands are
 * argv[*first..argc-1] afterwards.  A row holding one value (not a list
 * kind, not a FLAG or ACTION) given twice is an error: the first value
 * would be lost unseen.  Returns 0, the smallest .action of the
 * ACTION rows given (so --help wins over --version), or -1 with one line in
 * err.
 */
int opt_parse(const struct opt_cmd *cmd, int argc, char **argv, void *dst,
	      unsigned char *given, int *first, char *err, size_t errlen);

/* Store one value through row o (what opt_parse does per option): 0 or -1. */
int opt_set(const struct opt_def *o, const char *arg, void *dst, char *err, size_t errlen);

/* The option list: one entry per row, help wrapped, defaults from the rows. */
void opt_help(FILE *out, const struct opt_cmd *cmd);

/* "usage: NAME [--opt ARG]... OPERANDS", wrapped (ACTION rows left out). */
void opt_synopsis(FILE *out, const char *lead, const struct opt_cmd *cmd);

/* The row named lname ("iterations"), or NULL. */
const struct opt_def *opt_find(const struct opt_cmd *cmd, const char *lname);

#endif
