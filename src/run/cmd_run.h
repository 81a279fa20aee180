/* cmd_run.h: the run command, `./Run [options] [tests]`. */
#ifndef SYSINDEX_CMD_RUN_H
#define SYSINDEX_CMD_RUN_H

#include <stddef.h>

#include "cli/opt.h"

/*
 * argv[0] is the program.  others[0..nothers-1]: the other commands (the
 * entry point's table), whose synopses --help prints.
 */
int cmd_run(int argc, char **argv, const struct subcmd *others, size_t nothers);

#endif
