/*
 * pipe: pipe throughput (UnixBench "Pipe Throughput").
 *
 *   pipe <seconds>
 *
 * One process, one pipe: each loop writes 512 bytes into the pipe and reads
 * them back.  Output: COUNT|<loops>|1|lps.
 */
#include "harness.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#define USAGE "pipe <seconds>"
#define BLOCK 512

struct pipe_run {
	int rd, wr;
	char buf[BLOCK];
	volatile unsigned long loops;
};

/*
 * A transfer that came back short is an error, except when the alarm
 * interrupted it (EINTR once harness_stop is set): then the loop just ends.
 * Returns 1 to go on, 0 to stop.
 */
static int check_io(ssize_t got, const char *what)
{
	if (got == BLOCK)
		return 1;
	if (got < 0 && errno == EINTR && harness_stop)
		return 0;
	if (got < 0)
		harness_fail_errno("pipe %s", what);
	harness_fail("pipe %s: %zd of %d bytes", what, got, BLOCK);
}

static void run_loop(struct pipe_run *r)
{
	while (!harness_stop) {
		if (!check_io(write(r->wr, r->buf, BLOCK), "write"))
			break;
		if (!check_io(read(r->rd, r->buf, BLOCK), "read"))
			break;
		r->loops++;
	}
}

int main(int argc, char **argv)
{
	struct pipe_run run = { .rd = -1, .wr = -1 };
	unsigned seconds;
	int pfd[2];

	if (argc != 2)
		harness_usage(USAGE);
	seconds = harness_seconds(argv[1], USAGE);
	if (pipe(pfd) != 0)
		harness_fail_errno("pipe");
	run.rd = pfd[0];
	run.wr = pfd[1];
	memset(run.buf, 'p', sizeof(run.buf));

	harness_arm(seconds);
	run_loop(&run);
	harness_count_u(run.loops, 1, "lps");
	return HARNESS_OK;
}
