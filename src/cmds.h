/*
 * cmds.h: the subcommands.  `./Run [options] [tests]` is the run command, as
 * in UnixBench; a few reserved words select another command (a unit test
 * checks no test or group is named like one).  Each command declares itself
 * in its own folder's header; this table, on the top floor, joins them.
 */
#ifndef SYSINDEX_CMDS_H
#define SYSINDEX_CMDS_H

#include <stddef.h>

#include "cli/opt.h"
#include "compare/cmd_compare.h"
#include "run/cmd_run.h"
#include "run/spread.h"
#include "serve/serve.h"

extern const struct subcmd subcmd_table[];
extern const size_t subcmd_table_len;

/* The command for argv[1], or NULL for the run command. */
const struct subcmd *subcmd_find(const char *word);

#endif
