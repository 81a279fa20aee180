/*
 * looper: run a command again and again for a fixed time (UnixBench looper).
 *
 *   looper [-i stdin-file] [-d dir]... <seconds> <command> [args...]
 *
 * Each loop forks, the child execs the command (exit 99 if it cannot), and
 * the parent waits and requires exit status 0.  Every run shares looper's
 * stdin, as under UnixBench: a command that reads it to the end leaves the
 * next run nothing to read.  -i opens the file once as that stdin, as
 * UnixBench's "looper 30 dc < dc.dat" does per copy.  Output: COUNT|<loops>|60|lpm (the driver
 * divides by its own wall time, as UnixBench) and METRIC|own_seconds|<s>|s.
 *
 * Several -d (paired mode's sliced sample, at most LOOP_MAX_DIRS): each
 * loop runs in the next directory (the child changes into it), the
 * directories taking turns in the rows of a Williams design (A B B A ...,
 * williams.h), so that the host's drift, which lasts seconds, falls on every
 * directory alike, for <seconds> times the number of directories (each gets
 * about <seconds> of loops).  Each directory counts its own finished loops and adds
 * up their own times: COUNT|<loops>|60|lpm|<i> and TIME|<seconds>|<i> for
 * directory i (from 0, in the order given), its rate its loops per minute
 * of its own loops' time.  One -d: the command runs there, as above.
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
#include "shared/williams.h"

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

#define USAGE "looper [-i stdin-file] [-d dir]... <seconds> <command> [args...]"
#define EXEC_FAILED 99
#define CHDIR_FAILED 98
#define LOOP_MAX_DIRS PROTOCOL_MAX_DIRS
#define GRACE_MS 1000
#define POLL_MS 5

struct loop {
	unsigned seconds;
	char **cmd;		/* NULL-terminated argv of the command */
	const char *dirs[LOOP_MAX_DIRS];	/* every -d, in order */
	size_t ndirs;
	const char *dir;	/* the child's directory; NULL: looper's own */
};

/* One directory's finished loops and their time (several -d). */
struct dir_tally {
	unsigned long long loops;
	double seconds;
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

	memset(l, 0, sizeof(*l));
	while (i + 1 < argc && (strcmp(argv[i], "-i") == 0 || strcmp(argv[i], "-d") == 0)) {
		if (argv[i][1] == 'i') {
			share_stdin(argv[i + 1]);
		} else {
			if (l->ndirs == LOOP_MAX_DIRS || *argv[i + 1] == '\0')
				harness_usage(USAGE);
			l->dirs[l->ndirs++] = argv[i + 1];
		}
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
	if (l->dir != NULL && chdir(l->dir) != 0)
		_exit(CHDIR_FAILED);
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
	if (WIFEXITED(status) && WEXITSTATUS(status) == CHDIR_FAILED && l->dir != NULL)
		harness_fail("%s: cannot enter the directory", l->dir);
	if (WIFEXITED(status))
		harness_fail("%s failed with exit status %d", l->cmd[0],
			     WEXITSTATUS(status));
	harness_fail("%s killed by signal %d", l->cmd[0],
		     WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

/* Loop k's directory (several -d): Williams row k / ndirs, place k % ndirs. */
static size_t dir_of(const struct loop *l, unsigned long long k)
{
	size_t ord[LOOP_MAX_DIRS];

	williams_row(l->ndirs, (size_t)(k / l->ndirs), ord);
	return ord[k % l->ndirs];
}

/* The result: one COUNT, or (several -d) a COUNT and TIME per directory. */
static void report(const struct loop *l, unsigned long long loops, const struct dir_tally *t)
{
	if (l->ndirs < 2) {
		harness_count_u(loops, 60, "lpm");
		return;
	}
	for (size_t d = 0; d < l->ndirs; d++) {
		harness_count_dir(t[d].loops, 60, "lpm", (unsigned)d);
		harness_time_dir(t[d].seconds, (unsigned)d);
	}
}

int main(int argc, char **argv)
{
	struct loop l;
	struct dir_tally tally[LOOP_MAX_DIRS] = { { 0, 0 } };
	unsigned long long loops = 0, k = 0;
	double t0, elapsed, started = 0;
	size_t d = 0;
	pid_t pid = 0;
	int status, leader_done = 1;

	parse_args(&l, argc, argv);
	if (l.ndirs == 1)
		l.dir = l.dirs[0];
	install_handlers();
	harness_start_gate();
	harness_stop = 0;
	alarm(l.ndirs > 1 ? l.seconds * (unsigned)l.ndirs : l.seconds);
	t0 = harness_now();
	while (!harness_stop) {
		if (l.ndirs > 1) {
			d = dir_of(&l, k++);
			l.dir = l.dirs[d];
			started = harness_now();
		}
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
		if (!harness_stop) {	/* ended before the alarm: it counts */
			loops++;
			tally[d].loops++;
			tally[d].seconds += harness_now() - started;
		}
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
	report(&l, loops, tally);
	/* Not TIME (but per directory): UnixBench rates looper's count by the
	 * parent's wall clock. */
	harness_metric_as("own_seconds", elapsed, "s", MC_MEAN);
	return 0;
}
