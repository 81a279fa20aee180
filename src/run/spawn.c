/*
 * spawn.c: start, watch, time, kill and reap the copies of one pass.
 *
 * While the copies run, the driver sleeps in poll() until a copy writes to
 * its stderr pipe, a signal arrives (SIGCHLD through sig.c's self-pipe when a
 * copy exits) or a deadline comes.  It sets no periodic timer and reads no
 * /proc file during a sample, as UnixBench's runner, blocked in read(),
 * does not wake either: whatever is awake beside a test can change where the
 * kernel puts the test's processes (Process Creation's children, context1's
 * pair).  The CPU a copy last ran on and its wait for a CPU (schedstat) are
 * read once, from its zombie, just before it is reaped.  Without a self-pipe (sig_install() not called) the
 * driver looks every second instead, since nothing would wake it at an exit.
 */
#define _GNU_SOURCE   /* sched_setaffinity, CPU_SET, prctl */
#include "run/spawn.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/protocol.h"
#include "run/proto.h"
#include "util/sig.h"
#include "util/util.h"

#define TERM_TO_KILL_S 3.0   /* SIGTERM, then SIGKILL this much later: looper needs ~2 s to stop its jobs */
#define EOF_AFTER_EXIT_S 0.5 /* wait this long for stderr EOF after exit */
#define NO_SIGNAL_PIPE_S 1.0 /* look this often when no SIGCHLD can wake the driver */
#define IDLE_WAIT_S 3600.0   /* longest poll() otherwise: the deadlines come sooner */

struct copy {
	pid_t pid;
	int fd;
	double start, end, reaped_at, term_at;
	int reaped, eof;
	size_t cap;
};

/*
 * The start gate (see harness_start_gate): every copy inherits the read end
 * as descriptor START_FD; the driver closes the write end (close-on-exec, so
 * no copy holds it) after the last fork, and every copy's read returns EOF
 * at once.
 */
#define START_FD 3

static int open_gate(int gate[2])
{
	if (pipe(gate) != 0)
		return -1;
	if (fcntl(gate[0], F_SETFD, FD_CLOEXEC) != 0 || fcntl(gate[1], F_SETFD, FD_CLOEXEC) != 0) {
		close(gate[0]);
		close(gate[1]);
		return -1;
	}
	return 0;
}

/* In the child, last before exec: the gate's read end as START_FD. */
static void pass_gate(int gate_fd)
{
	char num[16];

	if (gate_fd < 0)
		return;
	if (gate_fd != START_FD ? dup2(gate_fd, START_FD) < 0
				: fcntl(START_FD, F_SETFD, 0) != 0)
		_exit(127);
	snprintf(num, sizeof(num), "%d", START_FD);
	if (setenv(PROTOCOL_START_FD_ENV, num, 1) != 0)
		_exit(127);
}

/*
 * In the child: it dies with the driver.  A driver that is killed (SIGKILL,
 * the OOM killer) cannot kill its copies: the kernel does (PR_SET_PDEATHSIG),
 * and a driver that is already gone before the prctl is seen here.
 */
static void die_with(pid_t driver)
{
#ifdef PR_SET_PDEATHSIG
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0)
		_exit(127);
#endif
	if (getppid() != driver)
		_exit(127);
}

/* In the child: wire up the copy's process group, files and CPU, then exec. */
static void exec_copy(const struct spawn_spec *s, size_t i, int errfd, int gate_fd,
		      int shared_in, pid_t driver)
{
	sigset_t none;
	int in;

	setpgid(0, 0);
	die_with(driver);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	/* The driver ignores SIGPIPE; a test program must get the default. */
	signal(SIGPIPE, SIG_DFL);
	if (dup2(errfd, 2) < 0)
		_exit(127);
	/* The test inherits 0, 1 and 2 only, as far as this code opens them:
	 * every open descriptor is copied at each fork the test makes. */
	if (errfd != 2)
		close(errfd);
	if (s->pin != NULL && s->npin > 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(s->pin[i % s->npin], &set);
		if (sched_setaffinity(0, sizeof(set), &set) != 0) {
			dprintf(2, PROTOCOL_ERROR PROTOCOL_SEP "cannot pin to CPU %d: %s\n",
				s->pin[i % s->npin], strerror(errno));
			_exit(127);
		}
	}
	if (s->cwd != NULL && chdir(s->cwd) != 0) {
		dprintf(2, PROTOCOL_ERROR PROTOCOL_SEP "cannot enter %s: %s\n", s->cwd, strerror(errno));
		_exit(127);
	}
	in = s->stdin_path ? open(s->stdin_path, O_RDONLY) : shared_in;
	if (in < 0 || dup2(in, 0) < 0) {
		dprintf(2, PROTOCOL_ERROR PROTOCOL_SEP "cannot open %s: %s\n",
			s->stdin_path ? s->stdin_path : "/dev/null", strerror(errno));
		_exit(127);
	}
	if (in != 0)
		close(in);
	if (s->log_fd >= 0) {
		if (dup2(s->log_fd, 1) < 0)
			_exit(127);
	} else {
		int null = open("/dev/null", O_WRONLY);

		if (null < 0 || dup2(null, 1) < 0)
			_exit(127);
		if (null != 1)
			close(null);
	}
	{
		char *const *argv = s->argvs != NULL && s->argvs[i] != NULL ? s->argvs[i] : s->argv;

		pass_gate(gate_fd);
		execv(argv[0], argv);
		dprintf(2, PROTOCOL_ERROR PROTOCOL_SEP "cannot execute %s: %s\n", argv[0], strerror(errno));
	}
	_exit(127);
}

static int start_copy(const struct spawn_spec *s, size_t i, struct copy *c,
		      struct spawn_out *o, int gate_fd, int shared_in)
{
	pid_t driver = getpid();
	int p[2];

	if (pipe(p) != 0) {
		o->start_errno = errno;
		return -1;
	}
	c->start = now_mono();
	c->pid = fork();
	if (c->pid < 0) {
		o->start_errno = errno;
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (c->pid == 0) {
		close(p[0]);
		exec_copy(s, i, p[1], gate_fd, shared_in, driver);
	}
	/* Also set it here so a kill(-pid) right away cannot miss the group. */
	setpgid(c->pid, c->pid);
	close(p[1]);
	c->fd = p[0];
	if (fcntl(c->fd, F_SETFL, fcntl(c->fd, F_GETFL) | O_NONBLOCK) != 0 ||
	    fcntl(c->fd, F_SETFD, FD_CLOEXEC) != 0)
		(void)0; /* a blocking read still works: poll said it is readable */
	c->end = -1;
	return 0;
}

static void read_available(struct copy *c, struct spawn_out *o, double now)
{
	char buf[8192];

	for (;;) {
		ssize_t n = read(c->fd, buf, sizeof(buf));

		if (n > 0) {
			size_t room = SPAWN_STDERR_MAX - o->err_len;
			size_t take = (size_t)n < room ? (size_t)n : room;

			if (take > 0) {
				if (o->err_len + take + 1 > c->cap) {
					size_t cap = c->cap ? c->cap * 2 : 1024;
					char *p;

					while (cap < o->err_len + take + 1)
						cap *= 2;
					p = realloc(o->err, cap);
					if (p == NULL) {
						o->err_dropped += (size_t)n;
						continue;
					}
					o->err = p;
					c->cap = cap;
				}
				memcpy(o->err + o->err_len, buf, take);
				o->err_len += take;
				o->err[o->err_len] = '\0';
			}
			o->err_dropped += (size_t)n - take;
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			return;
		/* EOF or a hard error: either way, this copy has no more to say. */
		close(c->fd);
		c->fd = -1;
		c->eof = 1;
		if (c->end < 0 || now < c->end)
			c->end = now;
		return;
	}
}

/* The CPU a process last ran on: field 39 of /proc/<pid>/stat. */
static int last_cpu(pid_t pid)
{
	char path[64], buf[1024], *p;
	int cpu = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (f == NULL)
		return -1;
	if (fgets(buf, sizeof(buf), f) != NULL && (p = strrchr(buf, ')')) != NULL) {
		int field = 2;

		for (p++; *p && field < 39; p++)
			if (*p == ' ')
				field++;
		if (field == 39)
			cpu = atoi(p);
	}
	fclose(f);
	return cpu;
}

/*
 * The time a process spent runnable but waiting for a CPU: the second field
 * of /proc/<pid>/schedstat (ns), read from the zombie with its CPU; -1 unknown.
 */
static double run_delay(pid_t pid)
{
	char path[64];
	unsigned long long run, wait;
	double d = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/schedstat", (int)pid);
	f = fopen(path, "r");
	if (f == NULL)
		return -1;
	if (fscanf(f, "%llu %llu", &run, &wait) == 2)
		d = (double)wait / 1e9;
	fclose(f);
	return d;
}

static void signal_copy(struct copy *c, int sig)
{
	if (c->pid > 0) {
		kill(-c->pid, sig);
		kill(c->pid, sig);
	}
}

static void reap(struct copy *c, struct spawn_out *o, double now)
{
	struct rusage ru;
	siginfo_t si;
	int st;
	pid_t r;

	if (c->reaped || c->pid <= 0)
		return;
	/*
	 * Exited?  Look without reaping first, so that its last CPU is read
	 * from the zombie; a copy still running is left alone.
	 */
	memset(&si, 0, sizeof(si));
	if (waitid(P_PID, (id_t)c->pid, &si, WEXITED | WNOHANG | WNOWAIT) != 0) {
		if (errno == ECHILD) {
			c->reaped = 1;
			c->reaped_at = now;
		}
		return;
	}
	if (si.si_pid != c->pid)
		return;
	{
		int cpu = last_cpu(c->pid);

		if (cpu >= 0)
			o->cpu = cpu;
		o->run_delay = run_delay(c->pid);
	}
	r = wait4(c->pid, &st, WNOHANG, &ru);
	if (r == c->pid) {
		c->reaped = 1;
		c->reaped_at = now;
		o->status = st;
		o->ivcsw = (long long)ru.ru_nivcsw;
		if (c->end < 0 || now < c->end)
			c->end = now;
		/* Whatever it left in its process group goes with it. */
		kill(-c->pid, SIGKILL);
	} else if (r < 0 && errno == ECHILD) {
		c->reaped = 1;
		c->reaped_at = now;
	}
}

/*
 * The driver is a child subreaper (set once in spawn_pass): anything a copy
 * left behind outside its process group is reparented here.  Kill and reap
 * those strays until none is left, so no orphan survives a pass.
 */
static void reap_strays(void)
{
	pid_t self = getpid();

	for (int round = 0; round < 50; round++) {
		DIR *d = opendir("/proc");
		struct dirent *e;
		int found = 0, st;

		if (d == NULL)
			break;
		while ((e = readdir(d)) != NULL) {
			char path[300], buf[512], *p;
			FILE *f;
			int ppid = -1;

			if (e->d_name[0] < '0' || e->d_name[0] > '9')
				continue;
			snprintf(path, sizeof(path), "/proc/%s/stat", e->d_name);
			f = fopen(path, "r");
			if (f == NULL)
				continue;
			if (fgets(buf, sizeof(buf), f) != NULL &&
			    (p = strrchr(buf, ')')) != NULL)
				sscanf(p + 1, " %*c %d", &ppid);
			fclose(f);
			if (ppid == (int)self) {
				kill(atoi(e->d_name), SIGKILL);
				found = 1;
			}
		}
		closedir(d);
		while (waitpid(-1, &st, WNOHANG) > 0)
			found = 1;
		if (!found)
			break;
		sig_sleep(0.01);
	}
}

static void kill_all(struct copy *c, struct spawn_out *out, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!c[i].reaped)
			signal_copy(&c[i], SIGKILL);
	for (size_t i = 0; i < n; i++) {
		if (!c[i].reaped && c[i].pid > 0) {
			int st;

			while (waitpid(c[i].pid, &st, 0) < 0 && errno == EINTR)
				;
			out[i].status = st;
			c[i].reaped = 1;
		}
		if (c[i].fd >= 0) {
			close(c[i].fd);
			c[i].fd = -1;
		}
	}
	reap_strays();
}

/* One round of the watch loop; returns 1 when every copy is done. */
static int watch(const struct spawn_spec *s, struct copy *c, struct spawn_out *out,
		 size_t n)
{
	struct pollfd pf[n + 1];
	size_t np = 0, map[n + 1];
	double now = now_mono(), wait = sig_fd() >= 0 ? IDLE_WAIT_S : NO_SIGNAL_PIPE_S;
	int done = 1, r;

	memset(pf, 0, sizeof(pf));   /* a poll() that a signal interrupts sets no revents */
	pf[np].fd = sig_fd();
	pf[np++].events = POLLIN;
	for (size_t i = 0; i < n; i++) {
		double limit;

		if (c[i].reaped && c[i].eof)
			continue;
		done = 0;
		if (c[i].fd >= 0) {
			map[np] = i;
			pf[np].fd = c[i].fd;
			pf[np++].events = POLLIN;
		}
		limit = c[i].reaped ? c[i].reaped_at + EOF_AFTER_EXIT_S - now
			: c[i].term_at > 0 ? c[i].term_at + TERM_TO_KILL_S - now
			: c[i].start + s->timeout - now;
		if (limit < wait)
			wait = limit;
	}
	if (done)
		return 1;
	r = poll(pf, np, wait > 0 ? (int)(wait * 1000) + 1 : 0);
	now = now_mono();
	if (r > 0 && (pf[0].revents & POLLIN))
		sig_drain();
	for (size_t k = 1; k < np; k++)
		if (pf[k].revents)
			read_available(&c[map[k]], &out[map[k]], now);
	for (size_t i = 0; i < n; i++) {
		reap(&c[i], &out[i], now);
		if (c[i].reaped && !c[i].eof && now >= c[i].reaped_at + EOF_AFTER_EXIT_S) {
			/* Something outside its group still holds the pipe. */
			close(c[i].fd);
			c[i].fd = -1;
			c[i].eof = 1;
		}
		if (c[i].reaped)
			continue;
		if (c[i].term_at > 0 && now >= c[i].term_at + TERM_TO_KILL_S) {
			signal_copy(&c[i], SIGKILL);
		} else if (c[i].term_at == 0 && now >= c[i].start + s->timeout) {
			out[i].timed_out = 1;
			c[i].term_at = now;
			signal_copy(&c[i], SIGTERM);
		}
	}
	return 0;
}

int spawn_pass(const struct spawn_spec *s, size_t n, struct spawn_out *out)
{
	static int subreaper;
	struct copy *c = calloc(n ? n : 1, sizeof(*c));
	double opened;
	int interrupted = 0, gate[2] = { -1, -1 }, shared_in;

	memset(out, 0, n * sizeof(*out));
	for (size_t i = 0; i < n; i++) {
		out[i].status = -1;
		out[i].cpu = -1;
		out[i].ivcsw = -1;
		out[i].run_delay = -1;
	}
	if (c == NULL) {
		for (size_t i = 0; i < n; i++)
			out[i].start_errno = ENOMEM;
		return 0;
	}
	if (!subreaper)
		subreaper = prctl(PR_SET_CHILD_SUBREAPER, 1) == 0 ? 1 : -1;
	/* Without a gate (no descriptors left) the copies start one by one. */
	if (open_gate(gate) != 0)
		gate[0] = gate[1] = -1;
	/*
	 * Without a stdin file, every copy gets the same open /dev/null, as
	 * UnixBench's copies all inherit its stdin: a program that works on
	 * fd 0 (5.1.3's syscall) then shares one open file across copies.
	 */
	shared_in = s->stdin_path ? -1 : open("/dev/null", O_RDONLY | O_CLOEXEC);
	for (size_t i = 0; i < n; i++) {
		c[i].fd = -1;
		if (start_copy(s, i, &c[i], &out[i], gate[0], shared_in) != 0) {
			c[i].reaped = c[i].eof = 1;
			c[i].start = c[i].end = now_mono();
		}
	}
	/* Open the gate: no copy could begin its work before this moment. */
	if (gate[0] >= 0) {
		close(gate[0]);
		close(gate[1]);
		opened = now_mono();
		for (size_t i = 0; i < n; i++)
			if (!c[i].reaped)
				c[i].start = opened;
	}
	while (!watch(s, c, out, n)) {
		if (sig_pending()) {
			interrupted = 1;
			break;
		}
	}
	kill_all(c, out, n);
	if (shared_in >= 0)
		close(shared_in);
	for (size_t i = 0; i < n; i++)
		out[i].elapsed = c[i].end >= c[i].start ? c[i].end - c[i].start : 0;
	free(c);
	return interrupted ? -1 : 0;
}

void spawn_free(struct spawn_out *out, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(out[i].err);
		out[i].err = NULL;
	}
}
