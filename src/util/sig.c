/* sig.c: self-pipe signal handling for the driver. */
#include "util/sig.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static int self_pipe[2] = { -1, -1 };
static volatile sig_atomic_t pending;

static void on_signal(int sig)
{
	int saved = errno;
	char c = 0;

	if (sig != SIGCHLD && pending == 0)
		pending = sig;
	/* Non-blocking: a full pipe already guarantees a wake-up. */
	if (write(self_pipe[1], &c, 1) < 0)
		(void)0;
	errno = saved;
}

/*
 * The signals whose default action ends the process (some with a core, none
 * meant for a debugger like SIGQUIT), so that each ends a run as SIGTERM
 * does: children stopped, the scratch folder removed, the partial report
 * written.  SIGCHLD only wakes the runner.  The real-time signals follow.
 */
static const int caught[] = {
	SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
	SIGXCPU, SIGIO, SIGCHLD,
};

/* Whether sig is one sig_install() catches (SIGRTMIN..SIGRTMAX too). */
static int is_caught(int sig)
{
	for (size_t i = 0; i < sizeof(caught) / sizeof(caught[0]); i++)
		if (caught[i] == sig)
			return 1;
	return sig >= SIGRTMIN && sig <= SIGRTMAX;
}

/*
 * ulimit -t sets the soft and the hard CPU limit alike, and at the hard one
 * the kernel sends SIGKILL, which nothing can clean up after.  A second
 * below it the soft limit's SIGXCPU arrives first and ends the run as above.
 */
static void cpu_limit_warning(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_CPU, &rl) == 0 && rl.rlim_max != RLIM_INFINITY &&
	    rl.rlim_cur >= rl.rlim_max && rl.rlim_max >= 2) {
		rl.rlim_cur = rl.rlim_max - 1;
		(void)setrlimit(RLIMIT_CPU, &rl);   /* at worst the hard limit kills, as before */
	}
}

int sig_install(void)
{
	struct sigaction sa;

	if (self_pipe[0] < 0) {
		if (pipe(self_pipe) != 0)
			return -1;
		for (int i = 0; i < 2; i++) {
			int fl = fcntl(self_pipe[i], F_GETFL);

			if (fl < 0 || fcntl(self_pipe[i], F_SETFL, fl | O_NONBLOCK) < 0 ||
			    fcntl(self_pipe[i], F_SETFD, FD_CLOEXEC) < 0)
				return -1;
		}
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	for (int sig = 1; sig <= SIGRTMAX; sig++) {
		struct sigaction old;

		if (!is_caught(sig))
			continue;
		/* A signal ignored on purpose stays ignored: under nohup a
		 * hangup (`nohup ./Run &`, then logging out) must not end the
		 * run.  SIGINT and SIGTERM are always caught. */
		if (sig != SIGINT && sig != SIGTERM && sig != SIGCHLD &&
		    sigaction(sig, NULL, &old) == 0 && old.sa_handler == SIG_IGN)
			continue;
		if (sigaction(sig, &sa, NULL) != 0)
			return -1;
	}
	cpu_limit_warning();
	/* A closed stdout (| head) must not kill the run before results are saved;
	 * nor may a file-size limit (ulimit -f): a write past it fails with EFBIG,
	 * said in one line, and the half-written file is removed.  Both stay
	 * ignored in the test programs, whose failed writes are reported. */
	signal(SIGPIPE, SIG_IGN);
	signal(SIGXFSZ, SIG_IGN);
	return 0;
}

void sig_default(void)
{
	for (int sig = 1; sig <= SIGRTMAX; sig++)
		if (is_caught(sig))
			signal(sig, SIG_DFL);
}

int sig_fd(void)
{
	return self_pipe[0];
}

void sig_drain(void)
{
	char buf[64];

	while (read(self_pipe[0], buf, sizeof(buf)) > 0)
		;
}

int sig_pending(void)
{
	return pending;
}

int sig_sleep(double seconds)
{
	struct timespec t0, t1;
	double left = seconds;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (left > 0 && !pending) {
		struct pollfd p = { .fd = self_pipe[0], .events = POLLIN };
		int ms = left > 1000 ? 1000000 : (int)(left * 1000) + 1;

		if (poll(&p, 1, ms) > 0)
			sig_drain();
		clock_gettime(CLOCK_MONOTONIC, &t1);
		left = seconds - ((double)(t1.tv_sec - t0.tv_sec) +
				  (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
	}
	return pending != 0;
}
