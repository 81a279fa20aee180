/* main.c: sysindex's entry point: pick the subcommand, run it, check stdout. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cmds.h"

/*
 * Why stdout failed, 0 if it did not.  An error stdio saw earlier leaves only
 * ferror() behind (errno has moved on since): one byte written straight to
 * the descriptor, after output that is already incomplete, says why.
 */
static int stdout_error(void)
{
	if (fflush(stdout) != 0)
		return errno;
	if (!ferror(stdout))
		return 0;
	if (write(STDOUT_FILENO, "\n", 1) < 0)
		return errno;
	return EIO;
}

int main(int argc, char **argv)
{
	int err;
	const struct subcmd *cmd = argc > 1 ? subcmd_find(argv[1]) : NULL;
	int rc;

	if (cmd != NULL)
		rc = cmd->fn(argc - 1, argv + 1);
	else
		rc = cmd_run(argc, argv, subcmd_table, subcmd_table_len);
	/* A full disk or closed pipe must not hide behind a zero exit. */
	if ((err = stdout_error()) != 0) {
		if (err != EPIPE)
			fprintf(stderr, "sysindex: error writing to standard output: %s\n",
				strerror(err));
		return rc ? rc : 1;
	}
	return rc;
}
