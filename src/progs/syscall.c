/*
 * syscall: system call overhead (UnixBench "System Call Overhead" and, in
 * exec mode, "Exec System Call Overhead").
 *
 *   syscall <seconds> [mix|mix-5.1.3|close|getpid|exec]
 *
 * mix (default), per loop: close(dup(fd)), the raw getpid system call,
 * getuid() and umask(022) -- five system calls.  mix-5.1.3: UnixBench
 * 5.1.3's loop, close(dup(0)) on stdin (one open file every copy shares, so
 * copies contend for its reference count) and the C library's getpid(),
 * which glibc before 2.25 answered from a cache.  close: dup+close only.
 * getpid: raw getpid only.  exec: fork, the child execs true(1), the parent
 * waits for it.  Output: COUNT|<loops>|1|lps.
 */
#define _GNU_SOURCE
#include "harness.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define USAGE "syscall <seconds> [mix|mix-5.1.3|close|getpid|exec]"

enum mode { MODE_MIX, MODE_MIX513, MODE_CLOSE, MODE_GETPID, MODE_EXEC };

struct sc_run {
	enum mode mode;
	int fd;            /* read end of a pipe whose write end is closed */
	const char *true_path;
	volatile unsigned long loops;
};

static enum mode parse_mode(const char *arg)
{
	static const char *const names[] = { "mix", "mix-5.1.3", "close", "getpid", "exec" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(arg, names[i]) == 0)
			return (enum mode)i;
	harness_usage(USAGE);
}

/* Where true(1) lives: the usual two places, else the first hit on $PATH. */
static const char *find_true(char *buf, size_t size)
{
	static const char *const fixed[] = { "/bin/true", "/usr/bin/true" };
	const char *path = getenv("PATH");

	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		if (access(fixed[i], X_OK) == 0)
			return fixed[i];
	while (path != NULL && *path != '\0') {
		const char *end = strchr(path, ':');
		size_t len = end ? (size_t)(end - path) : strlen(path);

		if (len > 0 && len + sizeof("/true") <= size) {
			memcpy(buf, path, len);
			memcpy(buf + len, "/true", sizeof("/true"));
			if (access(buf, X_OK) == 0)
				return buf;
		}
		path = end ? end + 1 : NULL;
	}
	harness_fail("true(1) not found in /bin, /usr/bin or $PATH");
}

/*
 * The raw getpid goes through syscall(2) on purpose: some C libraries used to
 * cache getpid(), which would turn the test into a function call.
 */
static void loop_mix(struct sc_run *r)
{
	while (!harness_stop) {
		int d = dup(r->fd);

		if (d < 0)
			harness_fail_errno("dup");
		if (close(d) != 0)
			harness_fail_errno("close");
		syscall(SYS_getpid);
		getuid();
		umask(022);
		r->loops++;
	}
}

static void loop_mix513(struct sc_run *r)
{
	while (!harness_stop) {
		int d = dup(STDIN_FILENO);

		if (d < 0)
			harness_fail_errno("dup(0)");
		if (close(d) != 0)
			harness_fail_errno("close");
		getpid();
		getuid();
		umask(022);
		r->loops++;
	}
}

static void loop_close(struct sc_run *r)
{
	while (!harness_stop) {
		int d = dup(r->fd);

		if (d < 0)
			harness_fail_errno("dup");
		if (close(d) != 0)
			harness_fail_errno("close");
		r->loops++;
	}
}

static void loop_getpid(struct sc_run *r)
{
	while (!harness_stop) {
		syscall(SYS_getpid);
		r->loops++;
	}
}

static void loop_exec(struct sc_run *r)
{
	while (!harness_stop) {
		pid_t pid = fork();
		int status;

		if (pid < 0)
			harness_fail_errno("fork");
		if (pid == 0) {
			execl(r->true_path, r->true_path, (char *)NULL);
			_exit(127);
		}
		if ((status = harness_reap(pid)) < 0)
			harness_fail_errno("waitpid");
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
			harness_fail("%s: child did not exit 0 (wait status %d)",
				     r->true_path, status);
		r->loops++;
	}
}

int main(int argc, char **argv)
{
	static void (*const loops[])(struct sc_run *) = {
		[MODE_MIX] = loop_mix, [MODE_MIX513] = loop_mix513, [MODE_CLOSE] = loop_close,
		[MODE_GETPID] = loop_getpid, [MODE_EXEC] = loop_exec,
	};
	char true_buf[4096];
	struct sc_run run = { .mode = MODE_MIX, .fd = -1 };
	unsigned seconds;
	int pfd[2];

	if (argc < 2 || argc > 3)
		harness_usage(USAGE);
	seconds = harness_seconds(argv[1], USAGE);
	if (argc == 3)
		run.mode = parse_mode(argv[2]);

	if (pipe(pfd) != 0)
		harness_fail_errno("pipe");
	if (close(pfd[1]) != 0)
		harness_fail_errno("close");
	run.fd = pfd[0];
	if (run.mode == MODE_EXEC)
		run.true_path = find_true(true_buf, sizeof(true_buf));

	harness_arm(seconds);
	loops[run.mode](&run);
	harness_count_u(run.loops, 1, "lps");
	return HARNESS_OK;
}
