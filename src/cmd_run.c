/*
 * cmd_run.c: the run command.  Checks everything it can before the first
 * test (options, test dir, results dir, disk space), claims the result name,
 * runs each copy count, writes every result file atomically and cleans up on
 * every exit path, Ctrl-C included.
 */
#define _GNU_SOURCE   /* realpath(), sched_getaffinity() */
#include "cmds.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#include "buildinfo.h"
#include "cli.h"
#include "mountinfo.h"
#include "plot.h"
#include "report.h"
#include "runner.h"
#include "score.h"
#include "sig.h"
#include "sysinfo.h"
#include "util.h"

#define DISK_DEFAULT (1ull << 30)
#define DISK_MIN (16ull << 20)
#define DISK_SPARE (64ull << 20)   /* left free beside the test files */

static int fail(const char *fmt, const char *a, const char *b)
{
	fprintf(stderr, "sysindex: ");
	fprintf(stderr, fmt, a, b);
	fprintf(stderr, "\n");
	return 2;
}

static int find_pgmdir(char *out, size_t len)
{
	const char *env = getenv("SYSINDEX_PGMDIR");
	char exe[PATH_MAX];
	ssize_t n;

	if (env != NULL && *env) {
		fmt(out, len, "%s", env);
		return 0;
	}
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		char *slash;

		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash != NULL) {
			struct stat st;

			*slash = '\0';
			if (path_join(out, len, exe, "pgms") == 0 && stat(out, &st) == 0 &&
			    S_ISDIR(st.st_mode))
				return 0;
		}
	}
	fmt(out, len, "%s", SYSINDEX_LIBEXECDIR);
	return 0;
}

/* A per-user folder for an installed sysindex: $XDG_x_HOME/sysindex/<leaf>. */
static int user_dir(const char *xdg, const char *fallback, const char *leaf,
		    char *out, size_t len)
{
	const char *base = getenv(xdg), *home = getenv("HOME");
	char tmp[PATH_MAX - 64];

	if (base != NULL && *base)
		fmt(tmp, sizeof(tmp), "%s/sysindex", base);
	else if (home != NULL && *home)
		fmt(tmp, sizeof(tmp), "%s/%s/sysindex", home, fallback);
	else
		return -1;
	fmt(out, len, "%s/%s", tmp, leaf);
	/* mkdir -p for the two or three levels that may be missing. */
	for (char *p = out + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(out, 0755) != 0 && errno != EEXIST)
			return -1;
		*p = '/';
	}
	return mkdir(out, 0755) != 0 && errno != EEXIST ? -1 : 0;
}

/* The directory must exist, be a directory and be writable: 0 or exit code 2. */
static int check_dir(const char *what, const char *dir)
{
	struct stat st;

	if (stat(dir, &st) != 0)
		return fail("%s %s does not exist", what, dir);
	if (!S_ISDIR(st.st_mode))
		return fail("%s %s is not a directory", what, dir);
	if (access(dir, W_OK | X_OK) != 0)
		return fail("%s %s is not writable", what, dir);
	return 0;
}

static int resolve_dirs(const struct config *cfg, char *testdir, char *resdir, size_t len)
{
	const char *env;
	int rc;

	if (cfg->testdir != NULL)
		fmt(testdir, len, "%s", cfg->testdir);
	else if ((env = getenv("SYSINDEX_TESTDIR_DEFAULT")) != NULL && *env)
		fmt(testdir, len, "%s", env);
	else if (user_dir("XDG_CACHE_HOME", ".cache", "testdir", testdir, len) != 0)
		return fail("no test directory: use --testdir DIR%s%s", "", "");
	if ((rc = check_dir("test directory", testdir)) != 0)
		return rc;
	if (cfg->resultsdir != NULL)
		fmt(resdir, len, "%s", cfg->resultsdir);
	else if ((env = getenv("SYSINDEX_RESULTS")) != NULL && *env)
		fmt(resdir, len, "%s", env);
	else if (user_dir("XDG_DATA_HOME", ".local/share", "results", resdir, len) != 0)
		return fail("no results directory: use --results DIR%s%s", "", "");
	if ((rc = check_dir("results directory", resdir)) != 0)
		return rc;
	{
		struct statvfs vfs;

		if (statvfs(resdir, &vfs) == 0 &&
		    (unsigned long long)vfs.f_bavail * vfs.f_frsize < (1ull << 20))
			return fail("results directory %s is full (less than 1 MiB free)", resdir, "");
	}
	return 0;
}

/*
 * Claim results/<host>-<YYYY-MM-DD>-<NN>: the first NN whose files do not
 * exist, taken by creating its .log with O_EXCL so two runs never share one.
 */
static int claim_name(const char *resdir, const char *host, char *base, size_t len, int *fd)
{
	char day[16], path[PATH_MAX];
	time_t now = time(NULL);
	struct tm tm;

	localtime_r(&now, &tm);
	strftime(day, sizeof(day), "%Y-%m-%d", &tm);
	for (int nn = 1; nn < 10000; nn++) {
		fmt(base, len, "%s-%s-%02d", host, day, nn);
		fmt(path, sizeof(path), "%s/%s", resdir, base);
		if (access(path, F_OK) == 0)
			continue;
		fmt(path, sizeof(path), "%s/%s.log", resdir, base);
		*fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
		if (*fd >= 0)
			return 0;
		if (errno != EEXIST)
			return fail("cannot create %s: %s", path, strerror(errno));
	}
	return fail("no free result name for %s in %s", base, resdir);
}

static int plan_disk(const struct config *cfg, const char *testdir, struct run_env *env)
{
	int need = 0;
	struct statvfs vfs;
	unsigned long long avail, size;
	char a[32], b[32];

	for (size_t i = 0; i < cfg->ntests; i++)
		if (cfg->tests[i]->flags & TF_DISK)
			need = 1;
	if (!need)
		return 0;
	if (statvfs(testdir, &vfs) != 0)
		return fail("cannot read free space of %s: %s", testdir, strerror(errno));
	avail = (unsigned long long)vfs.f_bavail * vfs.f_frsize;
	/* The shared file plus a write test's file of the same size. */
	size = cfg->disk_size ? cfg->disk_size : DISK_DEFAULT;
	if (!cfg->disk_size && 2 * size + DISK_SPARE > avail)
		size = avail > DISK_SPARE ? ((avail - DISK_SPARE) / 2) & ~((1ull << 20) - 1) : 0;
	if (size < DISK_MIN || 2 * size + DISK_SPARE > avail) {
		format_bytes(avail, a, sizeof(a));
		format_bytes(2 * (size < DISK_MIN ? DISK_MIN : size) + DISK_SPARE, b, sizeof(b));
		fprintf(stderr, "sysindex: not enough free space in %s for the disk tests: %s free, %s needed (try --disk-size)\n",
			testdir, a, b);
		return 2;
	}
	env->disk_size = size;
	return 0;
}

static void set_environment(const char *pgmdir, const char *scratch, const char *lang)
{
	setenv("LANG", lang, 1);
	unsetenv("LC_ALL");
	setenv("SYSINDEX_PGMDIR", pgmdir, 1);
	setenv("UB_BINDIR", pgmdir, 1);
	setenv("UB_TMPDIR", scratch, 1);
	setenv("UB_TESTDIR", scratch, 1);
	if (getenv("PATH") == NULL)
		setenv("PATH", "/usr/local/bin:/usr/bin:/bin", 1);
}

/* --pin: the CPUs this process may run on, in order. */
static size_t allowed_cpus(int *cpus, size_t max)
{
	cpu_set_t set;
	size_t n = 0;

	if (sched_getaffinity(0, sizeof(set), &set) != 0)
		return 0;
	for (int c = 0; c < CPU_SETSIZE && n < max; c++)
		if (CPU_ISSET(c, &set))
			cpus[n++] = c;
	return n;
}

static void describe_mode(const struct config *cfg, char *out, size_t len)
{
	char extra[64] = "";

	if (cfg->pin)
		fmt(extra, sizeof(extra), "; copies pinned to CPUs");
	if (cfg->precision > 0 || cfg->time_budget > 0) {
		char p[32] = "", b[48] = "";

		if (cfg->precision > 0)
			fmt(p, sizeof(p), "precision %g%%", cfg->precision * 100);
		if (cfg->time_budget > 0)
			fmt(b, sizeof(b), "%stime budget %g min", p[0] ? ", " : "", cfg->time_budget);
		fmt(out, len, "%s%s (settle only around file tests)%s", p, b, extra);
	} else if (cfg->quick) {
		char n[24] = "1 sample";

		if (cfg->iterations)
			fmt(n, sizeof(n), "-i %u", cfg->iterations);
		fmt(out, len, "quick (%s, short samples, no settle): not comparable with UnixBench%s",
		    n, extra);
	} else if (cfg->iterations || cfg->duration || cfg->settle >= 0) {
		fmt(out, len, "custom (-i %u%s%s)%s", cfg->iterations ? cfg->iterations : 10,
		    cfg->duration ? ", --duration" : "", cfg->settle >= 0 ? ", --settle" : "", extra);
	} else {
		fmt(out, len, "default (UnixBench 6.0 procedure)%s", extra);
	}
}

/* write_atomic()'s callback for one writer over one run. */
struct writer_job {
	const struct report_writer *w;
	const struct run_result *r;
};

static int run_writer(FILE *out, const void *ctx)
{
	const struct writer_job *job = ctx;

	return job->w->write(out, job->r);
}

static int write_results(const char *resdir, const struct run_result *r, int quiet, int no_charts)
{
	char path[PATH_MAX], err[PATH_MAX + 128] = "a result file: path too long";
	int rc = 0;

	for (size_t i = 0; i < report_writers_len; i++) {
		struct writer_job job = { &report_writers[i], r };

		if (fmt(path, sizeof(path), "%s/%s%s", resdir, r->base_name, job.w->ext) != 0 ||
		    write_atomic(path, run_writer, &job, err, sizeof(err)) != 0) {
			fprintf(stderr, "sysindex: could not write %s\n", err);
			rc = 1;
		}
	}
	if (!no_charts && rc == 0)
		plot_run(resdir, r, quiet);
	return rc;
}

int cmd_run(int argc, char **argv)
{
	static struct config cfg;
	static struct run_env env;
	static struct run_result r;
	char err[512], testdir[PATH_MAX], resdir[PATH_MAX], merr[256];
	unsigned counts[MAX_COPY_COUNTS];
	size_t ncounts = 0;
	int rc, sig = 0, failed = 0;

	rc = cli_parse(argc, argv, &cfg, err, sizeof(err));
	if (rc != 0) {
		if (rc < 0)
			fprintf(stderr, "sysindex: %s\n", err);
		return rc < 0 ? 2 : 0;
	}
	if (testtab_validate(err, sizeof(err)) != 0) {
		fprintf(stderr, "sysindex: internal error: %s\n", err);
		return 70;
	}
	if ((rc = resolve_dirs(&cfg, testdir, resdir, sizeof(testdir))) != 0)
		return rc;
	memset(&env, 0, sizeof(env));
	env.cfg = &cfg;
	env.log_fd = -1;
	find_pgmdir(env.pgmdir, sizeof(env.pgmdir));
	if ((rc = plan_disk(&cfg, testdir, &env)) != 0)
		return rc;
	if (sig_install() != 0) {
		fprintf(stderr, "sysindex: cannot install signal handlers: %s\n", strerror(errno));
		return 1;
	}
	memset(&r, 0, sizeof(r));
	fmt(r.version, sizeof(r.version), "%s", SYSINDEX_VERSION);
	r.quick = cfg.quick;
	describe_mode(&cfg, r.mode, sizeof(r.mode));
	sysinfo_collect(&r.sys, cfg.brief);
	fmt(r.sys.locale, sizeof(r.sys.locale), "%s", sysinfo_pick_locale());
	sysinfo_language(r.sys.locale, r.sys.language, sizeof(r.sys.language));
	if (realpath(testdir, r.sys.testdir) == NULL)
		fmt(r.sys.testdir, sizeof(r.sys.testdir), "%s", testdir);
	r.sys.have_mount = mountinfo_describe(r.sys.testdir, &r.sys.mount, &r.sys.device,
					      merr, sizeof(merr)) == 0;
	if ((rc = claim_name(resdir, r.sys.hostname, r.base_name, sizeof(r.base_name),
			     &env.log_fd)) != 0) {
		sysinfo_free(&r.sys);
		return rc;
	}
	if (path_join(env.scratch, sizeof(env.scratch), testdir, "sysindex-XXXXXX") != 0 ||
	    mkdtemp(env.scratch) == NULL) {
		fprintf(stderr, "sysindex: cannot create a folder in %s: %s\n", testdir, strerror(errno));
		close(env.log_fd);
		fmt(err, sizeof(err), "%s/%s.log", resdir, r.base_name);
		unlink(err);
		sysinfo_free(&r.sys);
		return 2;
	}
	fmt(env.disk_file, sizeof(env.disk_file), "%s/disktest.dat", env.scratch);
	r.disk_size = env.disk_size;
	set_environment(env.pgmdir, env.scratch, r.sys.locale);
	if (cfg.ncopies) {
		memcpy(counts, cfg.copies, cfg.ncopies * sizeof(counts[0]));
		ncounts = cfg.ncopies;
	} else {
		counts[ncounts++] = 1;
		if (r.sys.ncpus > 1)
			counts[ncounts++] = r.sys.ncpus;
	}
	r.runs = calloc(ncounts, sizeof(*r.runs));
	if (r.runs == NULL) {
		remove_tree(env.scratch);
		return 1;
	}
	/* -v prints a line per command and copy: a progress line would garble it. */
	if (!cfg.quiet && !cfg.verbose && isatty(STDOUT_FILENO))
		env.progress = stdout;
	env.started = now_mono();
	env.eta_total = plan_run(&cfg, ncounts, env.plans);
	if (cfg.pin && (env.ncpus = allowed_cpus(env.cpus, MAX_PIN)) == 0) {
		fprintf(stderr, "sysindex: --pin: cannot read the allowed CPUs: %s\n", strerror(errno));
		cfg.pin = 0;
	}
	r.pinned = cfg.pin;
	r.precision = cfg.precision;
	if (cfg.time_budget > 0 && env.eta_total > cfg.time_budget * 60 * 1.05 && !cfg.quiet)
		fprintf(stderr, "sysindex: the time budget is too small for these tests: planned %.1f minutes at the least\n",
			env.eta_total / 60);
	runner_log(&env, "sysindex %s; test programs in %s; scratch %s\n", SYSINDEX_VERSION,
		   env.pgmdir, env.scratch);
	runner_log(&env, "compiler: %s; flags: %s\n\n", r.sys.cc_version, r.sys.bench_cflags);
	r.start = time(NULL);
	if (cfg.verbose && !cfg.quiet) {
		fprintf(stderr, "Tests to run:");
		for (size_t i = 0; i < cfg.ntests; i++)
			fprintf(stderr, " %s", cfg.tests[i]->name);
		fprintf(stderr, "\n");
	}
	for (size_t i = 0; i < ncounts && !sig; i++) {
		if (cfg.verbose && !cfg.quiet)
			fprintf(stderr, "Run with %u cop%s\n", counts[i], counts[i] == 1 ? "y" : "ies");
		sig = runner_copy_run(&env, counts[i], &r.runs[i]);
		r.nruns = i + 1;
	}
	r.end = time(NULL);
	score_scaling(&r);
	if (sig) {
		r.interrupted = 1;
		r.signal = sig;
	}
	for (size_t i = 0; i < r.nruns; i++)
		for (size_t t = 0; t < r.runs[i].ntests; t++)
			if (r.runs[i].tests[t].status == TS_FAILED ||
			    r.runs[i].tests[t].status == TS_UNAVAILABLE)
				failed = 1;
	remove_tree(env.scratch);
	if (!cfg.quiet)
		printf("\n========================================================================\n");
	report_text(stdout, &r);
	fflush(stdout);
	rc = write_results(resdir, &r, cfg.quiet, cfg.no_charts || sig);
	if (rc == 0 && !cfg.quiet) {
		char svg[PATH_MAX];
		int charts = fmt(svg, sizeof(svg), "%s/%s.svg", resdir, r.base_name) == 0 &&
			     access(svg, F_OK) == 0;

		fprintf(stderr, "sysindex: results in %s/%s (and .log .json .csv .html .md%s)\n",
			resdir, r.base_name, charts ? " .svg .png" : "");
	}
	close(env.log_fd);
	for (size_t i = 0; i < r.nruns; i++)
		runner_free(&r.runs[i]);
	free(r.runs);
	sysinfo_free(&r.sys);
	/* A signal while the report was being written: every file is complete,
	 * but the exit status still says the run was stopped. */
	if (!sig)
		sig = sig_pending();
	if (sig)
		return 128 + sig;
	return failed || rc ? 1 : 0;
}
