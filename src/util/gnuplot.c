/*
 * gnuplot.c: running gnuplot safely, and quoting text for its scripts.
 *
 * It runs by fork/execvp (never a shell), with stdin from /dev/null and its
 * output captured for error messages, and is killed after
 * GNUPLOT_TIMEOUT_S seconds: a wedged gnuplot must not hang a run.
 */
#include "util/gnuplot.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/util.h"

int gnuplot_run(const char *gp, const char *dir, const char *const argv1[],
		char *out, size_t outlen, char *err, size_t errlen)
{
	char *argv[5] = { (char *)gp, NULL, NULL, NULL, NULL };
	double deadline = now_mono() + GNUPLOT_TIMEOUT_S;
	size_t len = 0;
	int fd[2], status = -1, timed_out = 0;
	pid_t pid;

	for (size_t i = 0; i < 3 && argv1[i] != NULL; i++)
		argv[i + 1] = (char *)argv1[i];
	if (pipe(fd) != 0 || fcntl(fd[0], F_SETFD, FD_CLOEXEC) != 0 ||
	    fcntl(fd[1], F_SETFD, FD_CLOEXEC) != 0) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		snprintf(err, errlen, "fork: %s", strerror(errno));
		close(fd[0]);
		close(fd[1]);
		return -1;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY);

		if (null < 0 || dup2(null, 0) < 0 || dup2(fd[1], 1) < 0 || dup2(fd[1], 2) < 0 ||
		    (dir != NULL && chdir(dir) != 0))
			_exit(126);
		/* The driver ignores SIGXFSZ; gnuplot does not check its writes,
		 * so past `ulimit -f` it must die, not leave a cut chart. */
		signal(SIGXFSZ, SIG_DFL);
		execvp(gp, argv);
		_exit(127);
	}
	close(fd[1]);
	for (;;) {
		struct pollfd p = { .fd = fd[0], .events = POLLIN };
		double left = deadline - now_mono();
		char buf[4096];
		ssize_t n;
		int rc;

		if (left <= 0) {
			timed_out = 1;
			kill(pid, SIGKILL);
			break;
		}
		rc = poll(&p, 1, (int)(left * 1000) + 1);
		if (rc < 0 && errno != EINTR)
			break;
		if (rc <= 0)
			continue;
		n = read(fd[0], buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		for (ssize_t i = 0; i < n && len + 1 < outlen; i++)
			out[len++] = buf[i];
	}
	if (outlen > 0)
		out[len] = '\0';
	close(fd[0]);
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR) {
			status = -1;
			break;
		}
	}
	if (timed_out) {
		snprintf(err, errlen, "gnuplot took longer than %.0f s and was killed",
			 GNUPLOT_TIMEOUT_S);
		return -1;
	}
	return status;
}

int gnuplot_has_terminal(const char *gp, const char *name)
{
	static const char *const args[] = { "-e", "set terminal", NULL };
	char list[16384], err[128];
	const char *p = list;
	size_t len = strlen(name);

	if (gnuplot_run(gp, NULL, args, list, sizeof(list), err, sizeof(err)) < 0)
		return 0;
	/* One terminal per line: its name, then its description. */
	while (*p) {
		p += strspn(p, " \t");
		if (strncmp(p, name, len) == 0 && (p[len] == ' ' || p[len] == '\t'))
			return 1;
		p += strcspn(p, "\n");
		if (*p)
			p++;
	}
	return 0;
}

/* n bytes of s single-quoted: '' for a quote, control characters as spaces. */
static void squote_n(FILE *f, const char *s, size_t n)
{
	fputc('\'', f);
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\'')
			fputs("''", f);
		else if ((unsigned char)s[i] < 0x20)
			fputc(' ', f);
		else
			fputc(s[i], f);
	}
	fputc('\'', f);
}

void gnuplot_squote(FILE *f, const char *s)
{
	squote_n(f, s, strlen(s));
}

/*
 * Never a double-quoted string: gnuplot runs `backquoted` text inside those.
 * Each line is single-quoted; the lines are joined with the constant "\n".
 */
void gnuplot_squote_lines(FILE *f, const char *s)
{
	size_t n = strcspn(s, "\n");

	squote_n(f, s, n);
	while (s[n] == '\n') {
		s += n + 1;
		n = strcspn(s, "\n");
		fputs(".\"\\n\".", f);
		squote_n(f, s, n);
	}
}
