/*
 * opt_rows.h: the option rows more than one command's table holds, written
 * once (cli/opt.h's struct opt_def).  Each takes where the command keeps the
 * value (offsetof its own struct) and a lead for the help ("paired mode: ").
 */
#ifndef SYSINDEX_OPT_ROWS_H
#define SYSINDEX_OPT_ROWS_H

#include "cli/opt.h"

/*
 * --margin P: the equivalence margin of the verdict rule (stats/verdict.h's
 * TOST), for the run's paired mode and for compare.  The default is
 * VERDICT_MARGIN in the option's syntax (a unit test holds them equal).
 */
#define OPT_ROW_MARGIN(offset, lead) \
	{ .lname = "margin", .kind = OPT_PERCENT, .off = (offset), .min = 0.01, .max = 49.99, \
	  .argname = "P", .def = "2%", \
	  .help = lead "changes within +-P are \"equivalent\" when two one-sided tests show it" }

#endif
