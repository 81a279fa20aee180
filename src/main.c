/* main.c: sysindex's entry point: pick the subcommand, run it, check stdout. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cmds.h"

int main(int argc, char **argv)
{
	const struct subcmd *cmd = argc > 1 ? subcmd_find(argv[1]) : NULL;
	int rc;

	if (cmd != NULL)
		rc = cmd->fn(argc - 1, argv + 1);
	else
		rc = cmd_run(argc, argv);
	/* A full disk or closed pipe must not hide behind a zero exit. */
	if (fflush(stdout) != 0 || ferror(stdout)) {
		if (errno != EPIPE)
			fprintf(stderr, "sysindex: error writing the report: %s\n", strerror(errno));
		return rc ? rc : 1;
	}
	return rc;
}
