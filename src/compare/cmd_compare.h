/* cmd_compare.h: `./Run compare`, and its option table (compare_opts.c). */
#ifndef SYSINDEX_CMD_COMPARE_H
#define SYSINDEX_CMD_COMPARE_H

#include "cli/opt.h"

int cmd_compare(int argc, char **argv);   /* argv[0] is "compare" */
extern const struct opt_cmd compare_opts;

#endif
