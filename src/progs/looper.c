/*
 * looper: run a command again and again for a fixed time (UnixBench looper).
 *
 *   looper [-i stdin-file] <seconds> <command> [args...]
 *
 * Each loop forks, the child execs the command (exit 99 if it cannot), and
 * the parent waits and requires exit status 0.  Every run shares looper's
 * stdin, as under UnixBench: a command that reads it to the end leaves the
 * next run nothing to read.  -i opens the file once as that stdin, as
 * UnixBench's "looper 30 dc < dc.dat" does per copy.  Output: COUNT|<loops>|60|lpm (the driver
 * divides by its own wall time, as UnixBench) and METRIC|own_seconds|<s>|s.
 *
 * When the time is up, the loop in progress is not counted but is left to
 * finish: UnixBench's looper exits at the alarm, yet its driver's clock runs
 * until every process still holding the output pipe has gone, so a shell
 * sample lasts the duration plus the tail of its last loop (60.1 s, not 60).
 * looper waits for that loop to end and only then exits, so the driver's
 * clock stops at the same moment.
 *
 * Unlike the reference, nothing the command started outlives the sample:
 * every child leads its own process group, so at the end looper sends
 * SIGPIPE to whatever is left in the group of the last loop, SIGKILL to what
 * survives a grace period, and reaps all of it; a stop from the driver
 * (SIGTERM, SIGINT, SIGHUP) ends the loop in progress at once.  SIGPIPE
 * because it kills by default and shells report every other fatal signal of
 * a foreground job ("Terminated") on stderr, where the driver would take the
 * line for an error.  looper is a child subreaper where Linux offers it, so
 * orphaned grandchildren are reaped here rather than left as zombies.
 */
#include "harness.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#define USAGE "looper [-i stdin-file] <seconds> <command> [args...]"
#define EXEC_FAILED 99
#define GRACE_MS 1000
#define POLL_MS 5

struct loop {
	unsigned seconds;
	char **cmd;		/* NULL-terminated argv of the command */
};

/* The stop flag carries the signal number, so a SIGTERM can be re-raised. */
static void on_stop(int sig)
{
	harness_stop = sig;
}

/* -i: the file becomes the stdin every run inherits (one offset for all). */
static void share_stdin(const char *path)
{
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		harness_fail_errno("cannot open %s", path);
	if (fd != STDIN_FILENO) {
		if (dup2(fd, STDIN_FILENO) < 0)
			harness_fail_errno("dup2");
		(void)close(fd);
	}
}

static void parse_args(struct loop *l, int argc, char **argv)
{
	int i = 1;

	if (i < argc && strcmp(argv[i], "-i") == 0) {
		if (i + 1 >= argc)
			harness_usage(USAGE);
		share_stdin(argv[i + 1]);
		i += 2;
	}
	if (i + 1 >= argc)
		harness_usage(USAGE);
	l->seconds = harness_seconds(argv[i], USAGE);
	l->cmd = argv + i + 1;
}

static void install_handlers(void)
{
	static const int sigs[] = { SIGALRM, SIGTERM, SIGINT, SIGHUP };
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	/* No SA_RESTART: waitpid() must return EINTR when the time is up. */
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		if (sigaction(sigs[i], &sa, NULL) != 0)
			harness_fail_errno("sigaction");
#ifdef PR_SET_CHILD_SUBREAPER
	(void)prctl(PR_SET_CHILD_SUBREAPER, 1L, 0L, 0L, 0L); /* best effort */
#endif
}

/* In the child: own process group, default signals, exec. */
static noreturn void run_child(const struct loop *l)
{
	static const int sigs[] = { SIGALRM, SIGTERM, SIGINT, SIGHUP, SIGQUIT,
				    SIGPIPE };
	sigset_t none;

	(void)setpgid(0, 0);
	/* Ignored signals survive exec; the workload gets the defaults. */
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		(void)signal(sigs[i], SIG_DFL);
	sigemptyset(&none);
	(void)sigprocmask(SIG_SETMASK, &none, NULL);
	execvp(l->cmd[0], l->cmd);
	_exit(EXEC_FAILED);
}

/* Reap every child that has ended; *leader_done once pid is among them. */
static void reap(pid_t pid, int *leader_done)
{
	pid_t r;
	int st;

	while ((r = waitpid(-1, &st, WNOHANG)) > 0)
		if (r == pid)
			*leader_done = 1;
	if (r < 0 && errno == ECHILD)
		*leader_done = 1;
}

/* Poll until process group pid is empty and reaped; 0 if still alive. */
static int wait_group(pid_t pid, int *leader_done, int ms)
{
	const struct timespec tick = { 0, POLL_MS * 1000000L };

	for (int waited = 0;; waited += POLL_MS) {
		reap(pid, leader_done);
		if (*leader_done && kill(-pid, 0) != 0 && errno == ESRCH)
			return 1;
		if (waited >= ms)
			return 0;
		(void)nanosleep(&tick, NULL);
	}
}

/* End the job led by pid: SIGPIPE, a grace period, then SIGKILL. */
static void stop_job(pid_t pid, int leader_done)
{
	(void)kill(-pid, SIGPIPE);
	if (wait_group(pid, &leader_done, GRACE_MS))
		return;
	(void)kill(-pid, SIGKILL);
	if (!leader_done)
		(void)kill(pid, SIGKILL);	/* in case setpgid never happened */
	(void)wait_group(pid, &leader_done, GRACE_MS);
}

/*
 * Wait for pid; 0 with *status when it ended, -1 when a signal in stops
 * came first (a stop flag already set before the call does not count).
 */
static int wait_child(pid_t pid, int *status, int stops_alarm)
{
	while (waitpid(pid, status, 0) < 0) {
		if (errno != EINTR)
			harness_fail_errno("waitpid");
		if (harness_stop && (stops_alarm || harness_stop != SIGALRM))
			return -1;
	}
	return 0;
}

static void check_status(const struct loop *l, pid_t pid, int status)
{
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return;
	stop_job(pid, 1);
	if (WIFEXITED(status) && WEXITSTATUS(status) == EXEC_FAILED)
		harness_fail("could not run %s", l->cmd[0]);
	if (WIFEXITED(status))
		harness_fail("%s failed with exit status %d", l->cmd[0],
			     WEXITSTATUS(status));
	harness_fail("%s killed by signal %d", l->cmd[0],
		     WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

int main(int argc, char **argv)
{
	struct loop l;
	unsigned long long loops = 0;
	double t0, elapsed;
	pid_t pid = 0;
	int status, leader_done = 1;

	parse_args(&l, argc, argv);
	install_handlers();
	harness_start_gate();
	harness_stop = 0;
	alarm(l.seconds);
	t0 = harness_now();
	while (!harness_stop) {
		if ((pid = fork()) < 0)
			harness_fail_errno("fork");
		if (pid == 0)
			run_child(&l);
		/* Also here, so the group exists before any kill(-pid). */
		(void)setpgid(pid, pid);
		if (wait_child(pid, &status, 1) != 0) {
			leader_done = 0;
			break;
		}
		check_status(&l, pid, status);
		if (!harness_stop)	/* ended before the alarm: it counts */
			loops++;
	}
	/* The alarm: the loop in progress finishes, uncounted (see above). */
	if (!leader_done && harness_stop == SIGALRM && wait_child(pid, &status, 0) == 0)
		leader_done = 1;
	elapsed = harness_now() - t0;
	if (pid > 0)
		stop_job(pid, leader_done);
	if (harness_stop != SIGALRM) {	/* stopped by the driver: die the same way */
		(void)signal((int)harness_stop, SIG_DFL);
		(void)raise((int)harness_stop);
	}
	harness_count_u(loops, 60, "lpm");
	/* Not TIME: UnixBench rates looper's count by the parent's wall clock. */
	harness_metric_as("own_seconds", elapsed, "s", HARNESS_MEAN);
	return 0;
}
