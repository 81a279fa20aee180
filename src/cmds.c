/* cmds.c: the subcommand table. */
#include "cmds.h"

#include <string.h>

const struct subcmd subcmd_table[] = {
	{ "compare", cmd_compare, &compare_opts, "compare two or more reports: deltas and significance" },
	{ "spread", cmd_spread, &spread_opts, "N complete runs spaced over time, labelled, "
	  "and their pool's summary" },
	{ "serve", cmd_serve, &serve_opts, "serve the net tests of ./Run --peer on another machine" },
};
const size_t subcmd_table_len = sizeof(subcmd_table) / sizeof(subcmd_table[0]);

const struct subcmd *subcmd_find(const char *word)
{
	for (size_t i = 0; i < subcmd_table_len; i++)
		if (strcmp(subcmd_table[i].name, word) == 0)
			return &subcmd_table[i];
	return NULL;
}
