/* setting.c: the --setting commands, run and recorded (setting.h). */
#define _GNU_SOURCE   /* pipe2() */
#include "run/setting.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run/steps.h"
#include "util/quote.h"
#include "util/sig.h"
#include "run/setting_native.h"
#include "util/util.h"

int setting_check(const struct config *cfg, unsigned euid)
{
	if (cfg->nsettings == 0 || euid == 0)
		return 0;
	fprintf(stderr, "sysindex: --setting needs root (a mount -o remount or a /sys write "
		"does; sysindex never switches user): run it as root; nothing has run\n");
	return 2;
}

void setting_init(struct setting_run *sr, const struct config *cfg, const struct run_env *env,
		  struct run_result *r, const char *testdir)
{
	memset(sr, 0, sizeof(*sr));
	sr->env = env;
	sr->r = r;
	sr->testdir = testdir;
	sr->restore = cfg->restore;
	r->nsettings = cfg->nsettings;
	for (size_t d = 0; d < cfg->nsettings; d++) {
		struct setting_rec *s = &r->settings[d];

		memset(s, 0, sizeof(*s));
		fmt(s->name, sizeof(s->name), "%s", cfg->settings[d].name);
		fmt(s->command, sizeof(s->command), "%s", cfg->settings[d].command);
	}
	fmt(r->restore, sizeof(r->restore), "%s", cfg->restore ? cfg->restore : "");
}

/* In the child: its own group, default signals, output to the pipe, then sh -c. */
static void exec_shell(const char *cmd, int outfd)
{
	extern char **environ;
	char *const argv[] = { (char *)"sh", (char *)"-c", (char *)cmd, NULL };
	sigset_t none;
	int in;

	(void)setpgid(0, 0);
	sigemptyset(&none);
	(void)sigprocmask(SIG_SETMASK, &none, NULL);
	(void)signal(SIGPIPE, SIG_DFL);
	(void)signal(SIGXFSZ, SIG_DFL);
	in = open("/dev/null", O_RDONLY);
	if (in < 0 || dup2(in, 0) < 0 || dup2(outfd, 1) < 0 || dup2(outfd, 2) < 0)
		_exit(127);
	for (int fd = 3; fd < 1024; fd++)
		(void)close(fd);
	execve("/bin/sh", argv, environ);
	dprintf(2, "cannot run /bin/sh: %s\n", strerror(errno));
	_exit(127);
}

/* Read what is there without blocking into out; 1 at end of file. */
static int take(int fd, char *out, size_t outlen, size_t *used, size_t *more)
{
	char buf[1024];
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) > 0) {
		size_t keep = (size_t)n;

		if (*used + keep + 1 > outlen)
			keep = outlen > *used + 1 ? outlen - *used - 1 : 0;
		memcpy(out + *used, buf, keep);
		*used += keep;
		*more += (size_t)n - keep;
	}
	out[*used] = '\0';
	return n == 0;
}

/* Kill the command's group and reap the shell. */
static void kill_group(pid_t pid, int *status)
{
	(void)kill(-pid, SIGKILL);
	while (waitpid(pid, status, 0) < 0 && errno == EINTR)
		;
}

int setting_shell(const char *cmd, double timeout_s, int stop_on_signal, char *out,
		  size_t outlen, size_t *more, char *why, size_t whylen)
{
	int fds[2], status = -1, eof = 0;
	size_t used = 0;
	double end = now_mono() + timeout_s;
	pid_t pid, w = 0;

	out[0] = '\0';
	*more = 0;
	/* Only the read end is non-blocking: the command writes to a blocking
	 * pipe, as to any other (a non-blocking one fails a long output with EAGAIN). */
	if (pipe2(fds, O_CLOEXEC) != 0) {
		fmt(why, whylen, "cannot make a pipe: %s", strerror(errno));
		return -1;
	}
	if (fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK) != 0) {
		fmt(why, whylen, "cannot set up a pipe: %s", strerror(errno));
		(void)close(fds[0]);
		(void)close(fds[1]);
		return -1;
	}
	if ((pid = fork()) < 0) {
		fmt(why, whylen, "cannot fork: %s", strerror(errno));
		(void)close(fds[0]);
		(void)close(fds[1]);
		return -1;
	}
	if (pid == 0)
		exec_shell(cmd, fds[1]);
	(void)setpgid(pid, pid);
	(void)close(fds[1]);
	/* Until the shell has exited (a background child may keep the pipe open). */
	while (w == 0) {
		struct pollfd p[2] = { { .fd = eof ? -1 : fds[0], .events = POLLIN },
				       { .fd = stop_on_signal ? sig_fd() : -1, .events = POLLIN } };
		double left = end - now_mono();
		int n;

		if (stop_on_signal && sig_pending()) {
			kill_group(pid, &status);
			(void)close(fds[0]);
			fmt(why, whylen, "stopped by signal %d (killed)", sig_pending());
			return -1;
		}
		if (left <= 0) {
			kill_group(pid, &status);
			(void)close(fds[0]);
			fmt(why, whylen, "did not finish in %g s (killed)", timeout_s);
			return -1;
		}
		/* Wake for output, a signal, or every 10 ms to see whether the shell is done. */
		n = poll(p, 2, eof ? 10 : left > 0.1 ? 100 : (int)(left * 1000) + 1);
		if (n > 0 && (p[0].revents & (POLLIN | POLLHUP | POLLERR)))
			eof = take(fds[0], out, outlen, &used, more);
		if (n > 0 && p[1].revents & POLLIN)
			sig_drain();
		w = waitpid(pid, &status, WNOHANG);
		if (w < 0 && errno != EINTR) {
			fmt(why, whylen, "cannot wait for it: %s", strerror(errno));
			(void)close(fds[0]);
			return -1;
		}
		if (w < 0)
			w = 0;
	}
	if (!eof)
		(void)take(fds[0], out, outlen, &used, more);
	(void)close(fds[0]);
	return status;
}

/* What a command printed, escaped, into the log: each line indented. */
static void log_output(const struct run_env *env, const char *text, size_t more)
{
	char line[SETTING_LOG_MAX * 4 + 64];
	size_t k = 0;

	if (text[0] == '\0' && more == 0)
		return;
	for (const char *s = text; *s && k + 8 < sizeof(line); s++) {
		unsigned char c = (unsigned char)*s;

		if (k == 0 || line[k - 1] == '\n')
			k += (size_t)snprintf(line + k, sizeof(line) - k, "    | ");
		if (c == '\n' || (c >= 0x20 && c < 0x7f))
			line[k++] = (char)c;
		else
			k += (size_t)snprintf(line + k, sizeof(line) - k, "\\x%02x", c);
	}
	line[k] = '\0';
	runner_log(env, "%s%s", line, k > 0 && line[k - 1] != '\n' ? "\n" : "");
	if (more)
		runner_log(env, "    (%zu more bytes not logged)\n", more);
}

/* The first line of a command's output, escaped, for the one-line message. */
static void first_line(const char *text, char *out, size_t len)
{
	size_t k = 0;

	for (const char *s = text; *s && *s != '\n' && k + 5 < len && k < 160; s++) {
		unsigned char c = (unsigned char)*s;

		if (c >= 0x20 && c < 0x7f)
			out[k++] = (char)c;
		else
			k += (size_t)snprintf(out + k, len - k, "\\x%02x", c);
	}
	out[k] = '\0';
}

/*
 * Run one command (what: "setting noatime", "restore"): 0; or -1, with
 * what went wrong and the first line the command printed into err (one
 * line, escaped), and 1 in *by_signal when a signal stopped it.
 */
static int run_logged(const struct setting_run *sr, const char *what, const char *cmd,
		      int stop_on_signal, char *err, size_t errlen, int *by_signal)
{
	static char out[SETTING_LOG_MAX + 1];
	char why[160], said[200], msg[64];
	size_t more;
	int st = setting_native_apply(cmd, sr->testdir, why, sizeof(why));

	*by_signal = 0;
	/* mount: and sysfs: values: sysindex's own syscalls, no shell (setting_native.h). */
	if (st <= 0) {
		runner_log(sr->env, "==> %s: %s\n    %s\n", what, cmd, st == 0 ? "set by sysindex" : why);
		if (st < 0)
			fmt(err, errlen, "%s: %s", what, why);
		return st;
	}
	st = setting_shell(cmd, SETTING_TIMEOUT_S, stop_on_signal, out, sizeof(out), &more, why,
			   sizeof(why));
	if (st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0) {
		runner_log(sr->env, "==> %s: %s\n    exit 0\n", what, cmd);
		log_output(sr->env, out, more);
		return 0;
	}
	if (st < 0) {
		fmt(msg, sizeof(msg), "%s", why);
		*by_signal = stop_on_signal && sig_pending();
	} else if (WIFEXITED(st)) {
		fmt(msg, sizeof(msg), "exited with status %d", WEXITSTATUS(st));
	} else {
		fmt(msg, sizeof(msg), "ended by signal %d", WIFSIGNALED(st) ? WTERMSIG(st) : 0);
	}
	runner_log(sr->env, "==> %s: %s\n    %s\n", what, cmd, msg);
	log_output(sr->env, out, more);
	first_line(out, said, sizeof(said));
	fmt(err, errlen, "%s: its command %s%s%s%s", what, msg, said[0] ? " (" : "", said,
	    said[0] ? ")" : "");
	return -1;
}

/* The run stops at setting d: why into r->stopped, one line on stderr. */
static int stop_run(struct setting_run *sr, const char *why)
{
	fmt(sr->r->stopped, sizeof(sr->r->stopped), "%s", why);
	runner_log(sr->env, "Stopped: %s\n\n", why);
	runner_progress_break(sr->env);
	fprintf(stderr, "sysindex: %s; the run stops: what was measured is written as a "
		"stopped run\n", why);
	sr->failed = 1;
	return -1;
}

int setting_apply(struct setting_run *sr, size_t d, unsigned round)
{
	struct setting_rec *s = &sr->r->settings[d];
	struct setting_state st;
	char what[TESTDIR_LABEL_MAX + 16], text[2 * SETSTATE_OPTS_LEN + 96];
	char err[REASON_MAX];
	double t0, took;
	int by_signal;

	fmt(what, sizeof(what), "setting %s", s->name);
	runner_log(sr->env, "#### Round %u, setting %s\n", round, s->name);
	sr->ran = 1;
	t0 = now_mono();
	if (run_logged(sr, what, s->command, 1, err, sizeof(err), &by_signal) != 0)
		return by_signal ? -1 : stop_run(sr, err);
	/* The switching cost: the command's wall time, shell and all (bench/settings.md). */
	took = now_mono() - t0;
	s->switch_s += took;
	if (took > s->switch_max_s)
		s->switch_max_s = took;
	runner_log(sr->env, "    took %.4f s\n", took);
	/* The block's mount line shows the mount as this setting left it. */
	if (s->applied++ == 0) {
		struct test_dir *td = &sr->r->dirs[d];
		char merr[256];

		td->have_mount = mountinfo_describe(td->path, &td->mount, &td->device, merr,
						    sizeof(merr)) == 0;
	}
	setstate_read(sr->testdir, SETSTATE_THP_PATH, &st);
	settings_observe(s, &st);
	setstate_text(&st, text, sizeof(text));
	runner_log(sr->env, "In force: %s\n\n", text);
	/* Its command no longer gives what its first sample had: the comparison ends. */
	if (s->changed) {
		char first[2 * SETSTATE_OPTS_LEN + 96];

		setstate_text(&s->state, first, sizeof(first));
		fmt(err, sizeof(err), "setting %s: its command no longer gives the state of its "
		    "first sample (%s; now %s): something else changes it too", s->name, first,
		    text);
		return stop_run(sr, err);
	}
	return 0;
}

int setting_save(struct setting_run *sr)
{
	const char *cmd = sr->restore ? sr->restore : sr->r->settings[0].command;
	char err[PATH_MAX + 128], text[2 * SETSTATE_OPTS_LEN + 96];

	setfile_found(&sr->state, sr->testdir, "", cmd);
	if (setfile_write(&sr->state, sr->state_path, sizeof(sr->state_path), err,
			  sizeof(err)) != 0) {
		sr->state_path[0] = '\0';
		fprintf(stderr, "sysindex: cannot record the state as found before the settings: "
			"%s; nothing has run\n", err);
		return 2;
	}
	setstate_text(&sr->state.found, text, sizeof(text));
	runner_log(sr->env, "As found before the first setting: %s\n\n", text);
	return 0;
}

/* After the restore: the state found is back, natively if need be; the file goes. */
static int check_restored(struct setting_run *sr)
{
	char done[SETFILE_LEFT_MAX], left[SETFILE_LEFT_MAX];
	char cmd[SETTING_CMD_MAX * 4];

	if (sr->state_path[0] == '\0')
		return 0;
	if (setfile_restore(&sr->state, "", 1, done, sizeof(done), left,
			    sizeof(left)) != 0) {
		runner_log(sr->env, "Left changed: %s\n\n", left);
		fprintf(stderr, "sysindex: after the restore, the test dir is left changed: %s; "
			"undo it with: %s\n", left,
			octal_controls(sr->state.restore, cmd, sizeof(cmd)));
		return -1;
	}
	if (done[0]) {
		runner_log(sr->env, "Put back as found, natively: %s\n\n", done);
		fprintf(stderr, "sysindex: the restore command did not bring back the state as "
			"found; sysindex put back %s\n", done);
	}
	(void)unlink(sr->state_path);
	sr->state_path[0] = '\0';
	return 0;
}

int setting_restore(struct setting_run *sr)
{
	const struct run_result *r = sr->r;
	const char *cmd = sr->restore ? sr->restore : r->settings[0].command;
	char err[REASON_MAX];
	int by_signal, rc = 0;

	if (!sr->ran || r->nsettings == 0)
		return check_restored(sr);
	runner_log(sr->env, "#### Restoring the baseline (%s)\n",
		   sr->restore ? "--restore" : r->settings[0].name);
	if (run_logged(sr, "restore", cmd, 0, err, sizeof(err), &by_signal) != 0) {
		fprintf(stderr, "sysindex: %s; the machine may be left in another setting than "
			"the baseline\n", err);
		rc = -1;
	}
	runner_log(sr->env, "\n");
	return check_restored(sr) != 0 ? -1 : rc;
}
