/*
 * spread.c: `./Run spread` (spread.h): N runs spaced over time, waited for
 * in this process with a state file, each run the run command started anew
 * (this binary, /proc/self/exe) in its own session.
 */
#define _GNU_SOURCE   /* setsid, readlink */
#include "run/spread.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/result.h"
#include "run/paths.h"
#include "run/plan.h"
#include "util/quote.h"
#include "util/sig.h"
#include "util/util.h"

#define MAX_ARGS 256

struct spread_cfg {
	const char *every;
	unsigned count;
	int status, resume, cancel;
};

#define OFF(f) offsetof(struct spread_cfg, f)
static const struct opt_def spread_rows[] = {
	{ .lname = "every", .kind = OPT_STR, .off = OFF(every), .argname = "D",
	  .help = "the spacing: seconds, or with s, m, h or d (30s, 10m, 1h); at least "
		  "one run's length" },
	{ .lname = "count", .kind = OPT_UINT, .off = OFF(count), .min = 1,
	  .max = SPREAD_MAX_RUNS, .argname = "N", .help = "how many runs" },
	{ .lname = "status", .kind = OPT_FLAG, .off = OFF(status),
	  .help = "list the spreads of the results folder: runs done, the next one, "
		  "running or stopped" },
	{ .lname = "resume", .kind = OPT_FLAG, .off = OFF(resume),
	  .help = "carry on the stopped spread of the results folder (after a reboot): "
		  "its next run now, the rest spaced as before" },
	{ .lname = "cancel", .kind = OPT_FLAG, .off = OFF(cancel),
	  .help = "stop the spreads of the results folder and remove their state" },
	{ .lname = "help", .sname = 'h', .kind = OPT_ACTION, .action = 1,
	  .help = "show this help, then exit" },
};
#undef OFF

const struct opt_cmd spread_opts = {
	"./Run spread", spread_rows, sizeof(spread_rows) / sizeof(spread_rows[0]),
	"--every D --count N [run options] [tests]",
};

/* What the state file holds. */
struct spread_state {
	char dir[PATH_MAX];     /* the spread's folder */
	char label[RUN_LABEL_MAX];
	long pid;
	unsigned long every;
	unsigned count, done;
	long long first;        /* when run 1 was due (epoch seconds) */
	const char *args[MAX_ARGS]; /* the run options (into argbuf) */
	size_t nargs;
	char argbuf[16384];
};

static int usage_error(const char *fmtstr, const char *a, const char *b)
{
	char q[QUOTE_BUF];

	fprintf(stderr, "sysindex: spread: ");
	fprintf(stderr, fmtstr, a ? quote(a, q) : "", b ? b : "");
	fputc('\n', stderr);
	return 2;
}

int spread_parse_every(const char *s, unsigned long *secs)
{
	static const struct { char c; unsigned long k; } units[] = {
		{ 's', 1 }, { 'm', 60 }, { 'h', 3600 }, { 'd', 86400 },
	};
	unsigned long long v = 0, k = 1;
	const char *p = s;

	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		v = v * 10 + (unsigned long long)(*p - '0');
		if (v > 366ull * 86400)
			return -1;
	}
	if (*p != '\0') {
		size_t i = 0;

		while (i < sizeof(units) / sizeof(units[0]) && units[i].c != *p)
			i++;
		if (i == sizeof(units) / sizeof(units[0]) || p[1] != '\0')
			return -1;
		k = units[i].k;
	}
	if (v * k > 366ull * 86400)
		return -1;
	*secs = (unsigned long)(v * k);
	return 0;
}

/* ---- the state file ---------------------------------------------------- */

static int write_state_fn(FILE *out, const void *ctx)
{
	const struct spread_state *s = ctx;

	fprintf(out, "pid=%ld\nlabel=%s\nevery=%lu\ncount=%u\ndone=%u\nfirst=%lld\n", s->pid,
		s->label, s->every, s->count, s->done, s->first);
	for (size_t i = 0; i < s->nargs; i++)
		fprintf(out, "arg=%s\n", s->args[i]);
	return 0;
}

static int save_state(const struct spread_state *s)
{
	char path[PATH_MAX + 32], err[256];

	if (path_join(path, sizeof(path), s->dir, SPREAD_STATE) != 0 ||
	    write_atomic(path, write_state_fn, s, err, sizeof(err)) != 0) {
		fprintf(stderr, "sysindex: spread: cannot write its state: %s\n", err);
		return -1;
	}
	return 0;
}

/* Read dir's state file into s; 0, or -1 (none, or not one of ours). */
static int load_state(const char *dir, struct spread_state *s)
{
	char path[PATH_MAX + 32], line[4096];
	size_t used = 0;
	FILE *f;
	int ok = 0;

	memset(s, 0, sizeof(*s));
	if (path_join(path, sizeof(path), dir, SPREAD_STATE) != 0 ||
	    (f = fopen(path, "r")) == NULL)
		return -1;
	fmt(s->dir, sizeof(s->dir), "%s", dir);
	while (fgets(line, sizeof(line), f) != NULL) {
		char *v = strchr(line, '=');

		line[strcspn(line, "\n")] = '\0';
		if (v == NULL)
			continue;
		*v++ = '\0';
		if (strcmp(line, "pid") == 0)
			s->pid = strtol(v, NULL, 10);
		else if (strcmp(line, "label") == 0)
			fmt(s->label, sizeof(s->label), "%s", v);
		else if (strcmp(line, "every") == 0)
			s->every = strtoul(v, NULL, 10), ok |= 1;
		else if (strcmp(line, "count") == 0)
			s->count = (unsigned)strtoul(v, NULL, 10), ok |= 2;
		else if (strcmp(line, "done") == 0)
			s->done = (unsigned)strtoul(v, NULL, 10);
		else if (strcmp(line, "first") == 0)
			s->first = strtoll(v, NULL, 10);
		else if (strcmp(line, "arg") == 0 && s->nargs < MAX_ARGS &&
			 used + strlen(v) + 1 <= sizeof(s->argbuf)) {
			memcpy(s->argbuf + used, v, strlen(v) + 1);
			s->args[s->nargs++] = s->argbuf + used;
			used += strlen(v) + 1;
		}
	}
	fclose(f);
	return ok == 3 && s->every > 0 && s->count > 0 && s->label[0] ? 0 : -1;
}

static void remove_state(const char *dir)
{
	char path[PATH_MAX + 32];

	if (path_join(path, sizeof(path), dir, SPREAD_STATE) == 0 && unlink(path) != 0 &&
	    errno != ENOENT)
		fprintf(stderr, "sysindex: spread: cannot remove %s: %s\n", path, strerror(errno));
}

static int alive(long pid)
{
	return pid > 0 && (kill((pid_t)pid, 0) == 0 || errno == EPERM);
}

/* Each spread folder of resdir with a state: fn(state); how many. */
static size_t each_state(const char *resdir, void (*fn)(struct spread_state *, void *),
			 void *ctx)
{
	static struct spread_state s;
	DIR *d = opendir(resdir);
	struct dirent *e;
	size_t n = 0;

	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		char dir[PATH_MAX];

		if (strncmp(e->d_name, "spread-", 7) != 0 ||
		    path_join(dir, sizeof(dir), resdir, e->d_name) != 0 || load_state(dir, &s) != 0)
			continue;
		n++;
		fn(&s, ctx);
	}
	closedir(d);
	return n;
}

/* ---- the runs ----------------------------------------------------------- */

/* Run i (from 0): this binary's run command with the options, its results in
 * the spread's folder, labelled; output to the folder's spread.log.  Returns
 * its exit status, or -1 when a signal stopped the spread. */
static int one_run(const char *exe, const struct spread_state *s, unsigned i)
{
	char *argv[MAX_ARGS + 8], log[PATH_MAX + 32];
	size_t n = 0;
	pid_t pid;
	int status, fd;

	argv[n++] = (char *)exe;
	for (size_t k = 0; k < s->nargs; k++)
		argv[n++] = (char *)s->args[k];
	argv[n++] = (char *)"--results";
	argv[n++] = (char *)s->dir;
	argv[n++] = (char *)"--label";
	argv[n++] = (char *)s->label;
	argv[n++] = (char *)"--progress";
	argv[n++] = (char *)"none";
	argv[n] = NULL;
	if (path_join(log, sizeof(log), s->dir, "spread.log") != 0)
		return 1;
	fd = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fd < 0) {
		fprintf(stderr, "sysindex: spread: %s: %s\n", log, strerror(errno));
		return 1;
	}
	dprintf(fd, "=== run %u of %u\n", i + 1, s->count);
	pid = fork();
	if (pid == 0) {
		sig_default();
		setsid();   /* no terminal's SIGHUP reaches the run */
		if (dup2(fd, STDOUT_FILENO) < 0 || dup2(fd, STDERR_FILENO) < 0)
			_exit(127);
		execv(exe, argv);
		_exit(127);
	}
	close(fd);
	if (pid < 0) {
		fprintf(stderr, "sysindex: spread: fork: %s\n", strerror(errno));
		return 1;
	}
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR)
			return 1;
		if (sig_pending()) {
			kill(pid, SIGTERM);   /* the run cleans up and writes what it has */
			while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
				;
			return -1;
		}
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* The runs from s->done on, each at its time; then the summary. */
static int run_spread(struct spread_state *s)
{
	char exe[PATH_MAX], err[512];
	ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char path[PATH_MAX + 32];
	FILE *f;
	int failed = 0;

	if (len <= 0)
		return usage_error("cannot find this program (/proc/self/exe)%s%s", NULL, "");
	exe[len] = '\0';
	s->pid = (long)getpid();
	if (save_state(s) != 0)
		return 1;
	for (unsigned i = s->done; i < s->count; i++) {
		long long due = s->first + (long long)i * (long long)s->every;
		long long wait = due - (long long)time(NULL);
		int rc;

		if (wait > 0) {
			printf("spread %s: run %u of %u at %+lld s\n", s->label, i + 1, s->count, wait);
			fflush(stdout);
			if (sig_sleep((double)wait))
				break;
		}
		rc = one_run(exe, s, i);
		if (rc < 0)
			break;
		printf("spread %s: run %u of %u %s (exit %d)\n", s->label, i + 1, s->count,
		       rc == 0 ? "done" : "FAILED", rc);
		fflush(stdout);
		failed |= rc != 0;
		s->done = i + 1;
		if (s->done < s->count && save_state(s) != 0)
			return 1;
	}
	if (s->done < s->count) {
		printf("spread %s: stopped after %u of %u runs; ./Run spread --resume carries on, "
		       "--cancel ends it\n", s->label, s->done, s->count);
		return 1;
	}
	remove_state(s->dir);   /* the last run is done: nothing is left waiting */
	if (spread_summary(stdout, s->dir, s->label, s->every, err, sizeof(err)) != 0) {
		fprintf(stderr, "sysindex: spread: %s\n", err);
		return 1;
	}
	if (path_join(path, sizeof(path), s->dir, SPREAD_SUMMARY) == 0 &&
	    (f = fopen(path, "w")) != NULL) {
		(void)spread_summary(f, s->dir, s->label, s->every, err, sizeof(err));
		if (fclose(f) != 0)
			fprintf(stderr, "sysindex: spread: %s: %s\n", path, strerror(errno));
	}
	return failed;
}

/* ---- --status, --cancel, --resume ------------------------------------------ */

static void status_one(struct spread_state *s, void *ctx)
{
	long long next = s->first + (long long)s->done * (long long)s->every;

	(void)ctx;
	printf("%s: %u of %u runs done, one every %lu s; %s", s->dir, s->done, s->count,
	       s->every, alive(s->pid) ? "running" : "stopped (--resume carries on)");
	if (alive(s->pid))
		printf(" (pid %ld), the next run in %lld s", s->pid, next - (long long)time(NULL));
	putchar('\n');
}

static void cancel_one(struct spread_state *s, void *ctx)
{
	(void)ctx;
	if (alive(s->pid) && s->pid != (long)getpid())
		kill((pid_t)s->pid, SIGTERM);
	remove_state(s->dir);
	printf("%s: cancelled after %u of %u runs\n", s->dir, s->done, s->count);
}

static void find_stopped(struct spread_state *s, void *ctx)
{
	struct spread_state *out = ctx;

	if (!alive(s->pid)) {
		if (out->label[0])
			out->count = 0;   /* two stopped: which one is ambiguous */
		else
			*out = *s;
	}
}

static int resume(const char *resdir)
{
	static struct spread_state s;

	memset(&s, 0, sizeof(s));
	s.count = 1;
	each_state(resdir, find_stopped, &s);
	if (!s.label[0])
		return usage_error("no stopped spread in %s%s", resdir, "");
	if (s.count == 0)
		return usage_error("more than one stopped spread in %s%s: --cancel the others",
				   resdir, "");
	/* Re-based: the next run now, the rest spaced as before. */
	s.first = (long long)time(NULL) - (long long)s.done * (long long)s.every;
	printf("spread %s: resuming at run %u of %u\n", s.label, s.done + 1, s.count);
	return run_spread(&s);
}

/* ---- the command ----------------------------------------------------------- */

/* Split argv: spread's own options into own[], the rest (run options) into run[]. */
static void split_args(int argc, char **argv, char **own, int *nown, char **run, int *nrun)
{
	*nown = *nrun = 1;
	own[0] = argv[0];
	run[0] = (char *)"sysindex";
	for (int i = 1; i < argc; i++) {
		const struct opt_def *o = NULL;
		const char *a = argv[i];

		if (strncmp(a, "--", 2) == 0 && a[2] != '\0') {
			char name[64];

			fmt(name, sizeof(name), "%.*s", (int)strcspn(a + 2, "="), a + 2);
			o = opt_find(&spread_opts, name);
		} else if (strcmp(a, "-h") == 0) {
			o = opt_find(&spread_opts, "help");
		}
		if (o == NULL) {
			run[(*nrun)++] = argv[i];
			continue;
		}
		own[(*nown)++] = argv[i];
		if (o->kind != OPT_FLAG && o->kind != OPT_ACTION && strchr(a, '=') == NULL &&
		    i + 1 < argc)
			own[(*nown)++] = argv[++i];
	}
	own[*nown] = run[*nrun] = NULL;
}

/* The run options as the state keeps them: without --results (each run's is
 * the spread's folder); none may hold a newline. */
static int keep_args(struct spread_state *s, char **run, int nrun)
{
	size_t used = 0;

	for (int i = 1; i < nrun; i++) {
		const char *a = run[i];
		size_t len = strlen(a);

		if (strcmp(a, "--results") == 0) {
			i++;
			continue;
		}
		if (strncmp(a, "--results=", 10) == 0)
			continue;
		if (strchr(a, '\n') != NULL)
			return usage_error("a run option holds a newline: %s%s", a, "");
		if (s->nargs == MAX_ARGS || used + len + 1 > sizeof(s->argbuf))
			return usage_error("too many run options%s%s", NULL, "");
		memcpy(s->argbuf + used, a, len + 1);
		s->args[s->nargs++] = s->argbuf + used;
		used += len + 1;
	}
	return 0;
}

/* The run's planned length (its samples, settles, every copy count). */
static double run_length(struct config *cfg)
{
	static struct test_plan plans[MAX_SELECTED];

	plan_defaults(cfg);
	return plan_run(cfg, cfg->ncopies ? cfg->ncopies : 2, plans);
}

static int start(const struct spread_cfg *o, char **run, int nrun, const char *resdir,
		 struct config *cfg)
{
	static struct spread_state s;
	unsigned long every;
	double len;
	char stamp[32], tmp[32];
	time_t now = time(NULL);
	struct tm tm;

	if (o->every == NULL || o->count == 0)
		return usage_error("needs --every D and --count N (./Run spread --help)%s%s",
				   NULL, "");
	if (spread_parse_every(o->every, &every) != 0)
		return usage_error("--every %s: want seconds or 30s, 10m, 1h, 1d%s", o->every, "");
	if (every == 0)
		return usage_error("--every %s: the spacing must be at least a second%s",
				   o->every, "");
	len = run_length(cfg);
	if ((double)every < len)
		return usage_error("--every %s is shorter than one run (about %s): space the runs "
				   "wider or make a run shorter (--time-budget)", o->every,
				   (fmt(tmp, sizeof(tmp), "%.0f s", len), tmp));
	memset(&s, 0, sizeof(s));
	if (keep_args(&s, run, nrun) != 0)
		return 2;
	localtime_r(&now, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
	fmt(s.label, sizeof(s.label), "%s", cfg->label ? cfg->label : "");
	if (!s.label[0])
		fmt(s.label, sizeof(s.label), "spread-%s", stamp);
	fmt(tmp, sizeof(tmp), "spread-%s", stamp);
	if (path_join(s.dir, sizeof(s.dir), resdir, tmp) != 0)
		return usage_error("%s: path too long%s", resdir, "");
	if (mkdir(s.dir, 0755) != 0)
		return usage_error("cannot make %s: %s", s.dir, strerror(errno));
	s.every = every;
	s.count = o->count;
	s.first = (long long)now;
	printf("spread %s: %u runs, one every %lu s (a run takes about %.0f s), in %s\n",
	       s.label, s.count, s.every, len, s.dir);
	return run_spread(&s);
}

int cmd_spread(int argc, char **argv)
{
	static char *own[MAX_ARGS + 2], *run[MAX_ARGS + 2];
	static struct config cfg;
	struct spread_cfg o;
	char err[512], testdir[PATH_MAX], resdir[PATH_MAX];
	int nown, nrun, first, rc;

	if (argc > MAX_ARGS)
		return usage_error("too many arguments%s%s", NULL, "");
	split_args(argc, argv, own, &nown, run, &nrun);
	memset(&o, 0, sizeof(o));
	rc = opt_parse(&spread_opts, nown, own, &o, NULL, &first, err, sizeof(err));
	if (rc > 0) {
		opt_synopsis(stdout, "usage: ", &spread_opts);
		opt_help(stdout, &spread_opts);
		printf("Every other option and test is the run command's (./Run --help).\n");
		return 0;
	}
	if (rc < 0)
		return usage_error("%s%s", err, "");
	switch (cli_parse(nrun, run, &cfg, err, sizeof(err))) {
	case CLI_RUN:
		break;
	case CLI_USAGE:
		return usage_error("%s%s", err, "");
	default:
		return usage_error("--help, --list and --version are the run command's%s%s", NULL,
				   "");
	}
	if ((rc = resolve_dirs(&cfg, testdir, resdir, sizeof(resdir))) != 0 ||
	    (rc = paths_check_dir("results directory", resdir)) != 0)
		return 2;
	if (o.status + o.resume + o.cancel > 1)
		return usage_error("one of --status, --resume and --cancel%s%s", NULL, "");
	if (o.status) {
		if (each_state(resdir, status_one, NULL) == 0)
			printf("no spread in %s\n", resdir);
		return 0;
	}
	if (o.cancel) {
		if (each_state(resdir, cancel_one, NULL) == 0)
			printf("no spread in %s\n", resdir);
		return 0;
	}
	/* sig_install catches SIGHUP with the rest: ignored after it (nohup). */
	if (sig_install() != 0 || signal(SIGHUP, SIG_IGN) == SIG_ERR)
		return usage_error("cannot set up its signals%s%s", NULL, "");
	unsetenv("SYSINDEX_RUN_STARTED");   /* each run's --time-budget starts with it */
	if (o.resume)
		return resume(resdir);
	return start(&o, run, nrun, resdir, &cfg);
}
