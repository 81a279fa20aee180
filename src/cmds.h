/*
 * cmds.h: the subcommands.  `./Run [options] [tests]` is the run command, as
 * in UnixBench; a few reserved words select another command (a unit test
 * checks no test or group is named like one).
 */
#ifndef SYSINDEX_CMDS_H
#define SYSINDEX_CMDS_H

#include <stddef.h>

struct opt_cmd;

struct subcmd {
	const char *name;
	int (*fn)(int argc, char **argv);   /* argv[0] is the first argument after the name */
	const struct opt_cmd *opts;         /* its option table (cli/opt.h): --help's synopsis */
	const char *summary;
};

extern const struct subcmd subcmd_table[];
extern const size_t subcmd_table_len;

int cmd_run(int argc, char **argv);
int cmd_compare(int argc, char **argv);
extern const struct opt_cmd compare_opts;   /* compare/compare_opts.c */
int cmd_serve(int argc, char **argv);
extern const struct opt_cmd serve_opts;     /* serve/serve.c */

/* The command for argv[1], or NULL for the run command. */
const struct subcmd *subcmd_find(const char *word);

#endif
