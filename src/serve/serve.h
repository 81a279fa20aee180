/* serve.h: `./Run serve`, the peer of the net tests, and its option table. */
#ifndef SYSINDEX_SERVE_H
#define SYSINDEX_SERVE_H

#include "cli/opt.h"

int cmd_serve(int argc, char **argv);   /* argv[0] is "serve" */
extern const struct opt_cmd serve_opts;

#endif
