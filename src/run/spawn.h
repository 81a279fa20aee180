/*
 * spawn.h: run C copies of one command at once and collect what each said.
 *
 * Each copy runs in its own process group, with the scratch folder as its
 * working directory, stdin from a file (opened per copy) or one open
 * /dev/null all copies share, stdout appended to the
 * run log and stderr read through a pipe.  The driver measures each copy's
 * wall time itself (monotonic clock, from just before fork until its stderr
 * closes or it exits, whichever comes first).  A copy still running at the
 * deadline gets SIGTERM, then SIGKILL, to its whole process group; so do any
 * processes a copy leaves behind.  Nothing outlives spawn_pass().
 */
#ifndef SYSINDEX_SPAWN_H
#define SYSINDEX_SPAWN_H

#include <stddef.h>
#include <sys/types.h>

/* Kept per copy; the rest is counted.  --sustained's longest sample (3600
 * INTERVAL lines of about 40 bytes) fits. */
#define SPAWN_STDERR_MAX (256 * 1024)

struct spawn_spec {
	char *const *argv;      /* argv[0] is the program's path */
	const char *cwd;
	const char *stdin_path; /* NULL: /dev/null */
	int log_fd;             /* children's stdout; -1: /dev/null */
	double timeout;         /* seconds from start until the copy is killed */
	char *const *const *argvs; /* per copy argv (copy i: argvs[i]); NULL: argv */
	const int *pin;         /* copy i runs on CPU pin[i % npin]; NULL: anywhere */
	size_t npin;
};

struct spawn_out {
	char *err;              /* stderr text, NUL-terminated (malloc'd) */
	size_t err_len;
	size_t err_dropped;     /* bytes beyond SPAWN_STDERR_MAX */
	double elapsed;         /* seconds */
	int status;             /* waitpid status, -1 if it could not be started */
	int timed_out;          /* killed at the deadline */
	int start_errno;        /* fork/pipe failure */
	int cpu;                /* CPU it last ran on, read when it exited; -1 unknown */
	long long ivcsw;        /* involuntary context switches (wait4), -1 unknown */
	double run_delay;       /* s it was runnable, waiting for a CPU; -1 unknown */
};

/*
 * Run 'copies' copies.  Returns 0 when all finished (successfully or not),
 * or -1 when a terminating signal interrupted the pass (all copies killed
 * and reaped).  out[] has 'copies' entries; free them with spawn_free().
 */
int spawn_pass(const struct spawn_spec *spec, size_t copies, struct spawn_out *out);
void spawn_free(struct spawn_out *out, size_t copies);

#endif
