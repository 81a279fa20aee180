/*
 * cmd_run.c: the run command.  Checks everything it can before the first
 * test (options, test dir, results dir, disk space), claims the result name,
 * runs each copy count, writes every result file atomically and cleans up on
 * every exit path, Ctrl-C included.
 */
#define _GNU_SOURCE   /* realpath(), sched_getaffinity() */
#include "run/cmd_run.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#include "buildinfo.h"
#include "cli/cli.h"
#include "sysinfo/mountinfo.h"
#include "run/journal.h"
#include "run/paired_run.h"
#include "run/paths.h"
#include "run/redact.h"
#include "run/setting.h"
#include "report/plot.h"
#include "reader/journal_read.h"
#include "report/report.h"
#include "report/series_chart.h"
#include "run/repeat.h"
#include "run/runner.h"
#include "score/score.h"
#include "util/sig.h"
#include "sysinfo/sysinfo.h"
#include "util/util.h"
#include "shared/netcli.h"
#include "util/quote.h"

static int plan_disk(const struct config *cfg, const char *testdir, struct run_env *env)
{
	int need = 0;
	struct statvfs vfs;
	unsigned long long avail, bytes;
	char a[32], b[32], q[QUOTE_BUF];

	for (size_t i = 0; i < cfg->ntests; i++)
		if (cfg->tests[i]->prep == PREP_DISK_FILE)
			need = 1;
	if (!need)
		return 0;
	if (statvfs(testdir, &vfs) != 0)
		return paths_fail("cannot read free space of %s: %s", testdir, strerror(errno));
	avail = (unsigned long long)vfs.f_bavail * vfs.f_frsize;
	if (plan_disk_size(cfg->disk_size, !cfg->given[O_DISK_SIZE], vfs.f_blocks != 0, avail,
			   &env->disk_size, &bytes) != 0) {
		format_bytes(avail, a, sizeof(a));
		format_bytes(bytes, b, sizeof(b));
		fprintf(stderr, "sysindex: not enough free space in %s for the disk tests: %s free, %s needed (try --disk-size)\n",
			quote(testdir, q), a, b);
		return 2;
	}
	return 0;
}

/*
 * --peer and --peer-token: checked before anything runs; the token reaches
 * the net test programs in the environment, never on a command line (which
 * the log and the JSON record).
 */
static int check_peer(const struct config *cfg)
{
	const char *tok = cfg->peer_token ? cfg->peer_token : getenv(NET_PEER_ENV);
	char host[256], q[QUOTE_BUF], from_file[NET_TOKEN_MAX + 1], err[QUOTE_BUF + 128];
	unsigned port;
	int any = 0;

	if (cfg->peer_token_file != NULL) {
		if (cfg->peer_token != NULL) {
			fprintf(stderr, "sysindex: give --peer-token or --peer-token-file, not both\n");
			return 2;
		}
		if (cfg->peer == NULL) {
			fprintf(stderr, "sysindex: --peer-token-file needs --peer HOST[:PORT]\n");
			return 2;
		}
		if (read_secret_file(cfg->peer_token_file, from_file, sizeof(from_file), err,
				     sizeof(err)) != 0) {
			fprintf(stderr, "sysindex: --peer-token-file: %s\n", err);
			return 2;
		}
		tok = from_file;
	}

	for (size_t i = 0; i < cfg->ntests; i++)
		if (cfg->tests[i]->flags & TF_PEER)
			any = 1;
	if (cfg->peer == NULL) {
		if (cfg->peer_token != NULL) {
			fprintf(stderr, "sysindex: --peer-token needs --peer HOST[:PORT]\n");
			return 2;
		}
		return 0;
	}
	if (net_split_peer(cfg->peer, host, sizeof(host), &port) != 0) {
		if (cfg->peer[0] != '[' && strchr(cfg->peer, ':') != strrchr(cfg->peer, ':'))
			fprintf(stderr, "sysindex: --peer: '%s': an IPv6 address goes in brackets, "
				"[ADDR]:PORT or [ADDR] (bare, its last group and a port look alike)\n",
				quote(cfg->peer, q));
		else
			fprintf(stderr, "sysindex: --peer: '%s' is not HOST, HOST:PORT or "
				"[IPv6]:PORT\n", quote(cfg->peer, q));
		return 2;
	}
	if (!any) {
		fprintf(stderr, "sysindex: --peer: none of the tests named talks to a peer "
			"(the net group does: ./Run --peer %s --peer-token T net)\n", quote(cfg->peer, q));
		return 2;
	}
	if (tok == NULL || *tok == '\0') {
		fprintf(stderr, "sysindex: --peer needs the token `sysindex serve` printed (--peer-token T)\n");
		return 2;
	}
	if (strlen(tok) > NET_TOKEN_MAX || strpbrk(tok, " \t\r\n")) {
		fprintf(stderr, "sysindex: --peer-token: %s (a token is at most %d characters, "
			"no spaces, as `sysindex serve` printed it)\n",
			strlen(tok) > NET_TOKEN_MAX ? "too long" : "holds a space or a line break",
			NET_TOKEN_MAX);
		return 2;
	}
	if ((cfg->peer_token != NULL || cfg->peer_token_file != NULL) &&
	    setenv(NET_PEER_ENV, tok, 1) != 0) {
		fprintf(stderr, "sysindex: cannot pass the peer token on: %s\n", strerror(errno));
		return 2;
	}
	if (!cfg->tests_named && !cfg->quiet)
		fprintf(stderr, "sysindex: --peer with no test named: running the net group\n");
	return 0;
}

/* Remove LC_ALL and every LC_* variable: LANG alone decides the locale. */
static void unset_lc_vars(void)
{
	extern char **environ;
	char name[128];

	for (size_t i = 0; environ[i] != NULL;) {
		size_t len = strcspn(environ[i], "=");

		if (strncmp(environ[i], "LC_", 3) != 0 || len >= sizeof(name)) {
			i++;
			continue;
		}
		memcpy(name, environ[i], len);
		name[len] = '\0';
		if (unsetenv(name) != 0)
			i++;	/* not removable: step over it */
	}
}

/*
 * Paired mode: the disk test file's size fits every directory (the same
 * size in each, so the tests compare); plan_disk() checked the baseline's.
 */
static int plan_disk_paired(const struct config *cfg, struct run_result *r,
			    struct paired_env *pe)
{
	unsigned long long size = pe->n ? pe->env[0]->disk_size : 0;
	int rc;

	for (size_t d = 1; d < pe->n; d++) {
		if ((rc = plan_disk(cfg, r->dirs[d].path, pe->env[d])) != 0)
			return rc;
		if (pe->env[d]->disk_size < size)
			size = pe->env[d]->disk_size;
	}
	for (size_t d = 0; d < pe->n; d++)
		pe->env[d]->disk_size = size;
	return 0;
}

static void set_environment(const char *pgmdir, const char *scratch, const char *lang)
{
	setenv("LANG", lang, 1);
	unset_lc_vars();
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
	char extra[96] = "";

	fmt(extra, sizeof(extra), "%s%s", cfg->pin ? "; copies pinned to CPUs" : "",
	    cfg->order == ORDER_SPREAD ? "; samples spread over the run (--order spread)" : "");
	if (cfg->sustained) {
		/* Its own samples: one per disk test, as long as it takes. */
		fmt(out, len, "sustained: the disk tests past a %u s ramp until steady or %u s, "
		    "a point every %u ms%s", cfg->ramp, cfg->sustained_max,
		    cfg->sustained_interval, extra);
	} else if (cfg->precision > 0 || cfg->time_budget > 0) {
		char p[32] = "", b[128] = "", why[80] = "";

		if (cfg->precision > 0)
			fmt(p, sizeof(p), "precision %g%%", cfg->precision * 100);
		/* The default, or the default raised so the tests fit their least rounds (plan.c). */
		if (cfg->budget_implied && cfg->time_budget > PLAN_PAIRED_BUDGET_MIN)
			fmt(why, sizeof(why), " (paired mode's %.3g min, raised to fit the tests' "
			    "rounds)", PLAN_PAIRED_BUDGET_MIN);
		else if (cfg->budget_implied)
			fmt(why, sizeof(why), " (paired mode's default)");
		if (cfg->time_budget > 0)
			fmt(b, sizeof(b), "%stime budget %.3g min%s", p[0] ? ", " : "",
			    cfg->time_budget, why);
		/* --quick keeps its short samples and no settle; these set the count. */
		if (cfg->quick)
			fmt(out, len, "quick, %s%s (short samples, no settle)" REPORT_QUICK_CAVEAT
			    "%s", p, b, extra);
		else
			fmt(out, len, "%s%s (settle only around file tests)%s", p, b, extra);
	} else if (cfg->quick) {
		char n[24] = "1 sample", d[40] = "short samples";

		if (cfg->given[O_ITERATIONS])
			fmt(n, sizeof(n), "-i %u", cfg->iterations);
		/* The seconds asked for are the run's parameters: compare reads them here. */
		if (cfg->given[O_DURATION])
			fmt(d, sizeof(d), "--duration %u", cfg->duration);
		fmt(out, len, "quick (%s, %s, no settle)" REPORT_QUICK_CAVEAT "%s", n, d, extra);
	} else if (cfg->given[O_ITERATIONS] || cfg->given[O_DURATION] || cfg->given[O_SETTLE]) {
		char d[40] = "";

		if (cfg->given[O_DURATION])
			fmt(d, sizeof(d), ", --duration %u", cfg->duration);
		fmt(out, len, "custom (-i %u%s%s)%s", cfg->iterations, d,
		    cfg->given[O_SETTLE] ? ", --settle" : "", extra);
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

/* Whether resdir/<base><suffix>.svg exists (gnuplot wrote it). */
static int chart_written(const char *resdir, const struct run_result *r, const char *suffix)
{
	char svg[PATH_MAX];

	return fmt(svg, sizeof(svg), "%s/%s%s.svg", resdir, r->base_name, suffix) == 0 &&
	       access(svg, F_OK) == 0;
}

/*
 * The writers that do not name the charts (the text report first), then
 * the charts, then the writers that link or record them (the Markdown, the
 * record): on a disk that fills up, the text report is the last to go.
 */
struct write_state {
	const char *resdir;
	char first[PATH_MAX + 128], more[128];
	int failed;
};

static void write_pass(struct write_state *ws, const struct run_result *r, int after_charts)
{
	char path[PATH_MAX], err[PATH_MAX + 128];

	/* One line however many fail (a full disk, ulimit -f fail them all alike). */
	for (size_t i = 0; i < report_writers_len; i++) {
		struct writer_job job = { &report_writers[i], r };

		if (job.w->after_charts != after_charts)
			continue;
		fmt(err, sizeof(err), "a result file: path too long");
		if (fmt(path, sizeof(path), "%s/%s%s", ws->resdir, r->base_name, job.w->ext) == 0 &&
		    write_atomic(path, run_writer, &job, err, sizeof(err)) == 0)
			continue;
		if (ws->failed++ == 0)
			fmt(ws->first, sizeof(ws->first), "%s", err);
		else
			fmt(ws->more + strlen(ws->more), sizeof(ws->more) - strlen(ws->more), " %s",
			    job.w->ext);
	}
}

static int write_results(const char *resdir, struct run_result *r, int quiet, int no_charts)
{
	struct write_state ws = { .resdir = resdir };

	r->charts = 0;
	write_pass(&ws, r, 0);
	if (!no_charts) {
		plot_run(resdir, r, quiet);
		plot_paired(resdir, r, quiet);
		plot_sustained(resdir, r);
		r->charts = (chart_written(resdir, r, "") ? RUN_CHART_INDEX : 0) |
			    (chart_written(resdir, r, "-paired") ? RUN_CHART_PAIRED : 0) |
			    (chart_written(resdir, r, "-sustained") ? RUN_CHART_SUSTAINED : 0);
	}
	write_pass(&ws, r, 1);
	if (ws.failed)
		fprintf(stderr, "sysindex: could not write %s%s%s\n", ws.first,
			ws.more[0] ? "; nor" : "", ws.more);
	return ws.failed ? 1 : 0;
}

/* Everything one run holds, from the options to the written results. */
struct run_ctx {
	struct config cfg;
	struct run_env env;
	struct paired_env pe;   /* paired mode's other directories */
	struct setting_run set; /* settings mode's commands (setting.h) */
	struct run_result r;
	char testdir[PATH_MAX], resdir[PATH_MAX];
	unsigned counts[MAX_COPY_COUNTS];
	size_t ncounts;
	struct redact redact;   /* --redact's substitutions (set in finish) */
	int restore_failed;     /* settings mode: the restore command failed */
	int argc;               /* the options and tests as typed (the journal keeps them) */
	char **argv;
	struct journal_out jo;  /* the sample journal (run/journal.h) */
	struct journal resume;  /* --resume: the interrupted run's journal */
	char journal[PATH_MAX]; /* its path */
	int resuming;           /* --resume: c->resume holds the run's journal */
};

/* prepare() failed after claiming the result name: nothing of it is left. */
static int undo_prepare(struct run_ctx *c, int rc)
{
	char log[PATH_MAX];

	paired_cleanup(&c->pe);
	if (c->env.scratch[0])
		remove_tree(c->env.scratch);
	close(c->env.log_fd);
	c->env.log_fd = -1;
	if (!c->resuming) {
		if (fmt(log, sizeof(log), "%s/%s.log", c->resdir, c->r.base_name) == 0)
			unlink(log);
		if (c->env.journal != NULL && fmt(log, sizeof(log), "%s/%s" JOURNAL_EXT, c->resdir,
						   c->r.base_name) == 0)
			unlink(log);
	}
	journal_close(&c->jo);
	c->env.journal = NULL;
	return rc;
}

/* The copy counts: -c, else 1 and the usable CPU count (cpulimits.h). */
static void copy_counts(struct run_ctx *c)
{
	const struct config *cfg = &c->cfg;
	int only_disk = 1;

	if (cfg->ncopies) {
		memcpy(c->counts, cfg->copies, cfg->ncopies * sizeof(c->counts[0]));
		c->ncounts = cfg->ncopies;
		return;
	}
	for (size_t i = 0; i < cfg->ntests; i++)
		if (cfg->tests[i]->prep != PREP_DISK_FILE)
			only_disk = 0;
	c->counts[c->ncounts++] = 1;
	/* N is the CPUs this process may use (affinity, cpuset, cpu.max), not
	 * the online ones: a container's quota would be measured instead. */
	c->r.sys.limits.defaulted = 1;
	/* Disk tests run one copy (see runner.c): no N-copy pass for them alone. */
	if (c->r.sys.limits.usable > 1 && !only_disk)
		c->counts[c->ncounts++] = c->r.sys.limits.usable;
}

/*
 * A budget that cannot hold the fewest samples the tests need is refused
 * before anything runs, with the least that would do; paired mode's own
 * default budget grows to it instead (plan_check_budget).  0, or the exit
 * status.
 */
static int check_budget(struct run_ctx *c)
{
	struct config *cfg = &c->cfg;
	double least;

	if (plan_check_budget(cfg, c->ncounts, runner_spent(&c->env), &least) == 0)
		return 0;
	fprintf(stderr, "sysindex: --time-budget %g is too small for these tests: they need at "
		"least %.0f minutes (%s at their shortest samples%s, %zu copy count%s); give "
		"--time-budget %.0f or more, or fewer tests%s\n", cfg->time_budget, ceil(least),
		c->pe.n ? PLAN_MIN_ROUNDS_WORDS " of each paired test, 1 sample of the others"
			: "1 sample of each test", cfg->repeat > 1 ? " in each --repeat pass" : "",
		c->ncounts, c->ncounts == 1 ? "" : "s", ceil(least),
		cfg->repeat > 1 ? " or passes" : "");
	return 2;
}

/*
 * When --time-budget starts counting: now, or when ./Run started (it builds
 * first) as it says in SYSINDEX_RUN_STARTED (seconds since the epoch),
 * believed only within the last hour.
 */
static double budget_clock(void)
{
	const char *e = getenv("SYSINDEX_RUN_STARTED");
	double now = now_mono();
	time_t wall = time(NULL);
	long long t;
	char *end;

	if (e == NULL || *e == '\0')
		return now;
	errno = 0;
	t = strtoll(e, &end, 10);
	if (errno != 0 || *end != '\0' || end == e || t > (long long)wall ||
	    (long long)wall - t > 3600)
		return now;
	return now - (double)((long long)wall - t);
}

/* The journal's header: what --resume needs to continue the run and checks. */
static void journal_head(const struct run_ctx *c, struct journal *h)
{
	const struct run_result *r = &c->r;

	memset(h, 0, sizeof(*h));
	fmt(h->generator, sizeof(h->generator), "sysindex %s", SYSINDEX_VERSION);
	journal_build_id(h->build, sizeof(h->build));
	fmt(h->hostname, sizeof(h->hostname), "%s", r->sys.hostname);
	fmt(h->host_id, sizeof(h->host_id), "%s", r->sys.host.id);
	fmt(h->virt, sizeof(h->virt), "%s", r->sys.host.virt);
	fmt(h->cpu_model, sizeof(h->cpu_model), "%s", r->sys.host.cpu_model);
	fmt(h->kernel, sizeof(h->kernel), "%s", r->sys.host.kernel);
	fmt(h->testdir, sizeof(h->testdir), "%s", r->sys.testdir);
	fmt(h->cc_version, sizeof(h->cc_version), "%s", r->sys.cc_version);
	fmt(h->bench_cflags, sizeof(h->bench_cflags), "%s", r->sys.bench_cflags);
	fmt(h->mode, sizeof(h->mode), "%s", r->mode);
	fmt(h->base, sizeof(h->base), "%s", r->base_name);
	/* Paired or settings mode: what compare's model of the samples needs. */
	if (r->ndirs >= 2) {
		h->paired.ndirs = r->ndirs;
		for (size_t d = 0; d < r->ndirs; d++)
			fmt(h->paired.label[d], sizeof(h->paired.label[d]), "%s", r->dirs[d].label);
		h->paired.settings = c->cfg.nsettings > 0;
		h->paired.control = r->control;
		h->paired.instance_sd = r->instance_sd;
		h->paired.instance_set = r->instance_set;
		h->paired.margin = r->family.margin;
		h->paired.precision = c->cfg.precision;
	}
}

/* A new run's journal beside its log (a run without one goes on, said once). */
static void journal_start(struct run_ctx *c)
{
	static struct journal h;
	char err[PATH_MAX + 128];

	journal_head(c, &h);
	h.seed = c->env.seed = repeat_fresh_seed();
	h.start = time(NULL);
	for (int i = 1; i < c->argc && h.nargs < JOURNAL_MAX_ARGS; i++)
		h.args[h.nargs++] = c->argv[i];
	if (fmt(c->journal, sizeof(c->journal), "%s/%s" JOURNAL_EXT, c->resdir,
		c->r.base_name) != 0 ||
	    journal_create(&c->jo, c->journal, &h, err, sizeof(err)) != 0) {
		fprintf(stderr, "sysindex: no journal (--resume cannot continue this run): %s\n",
			c->journal[0] ? err : "path too long");
		journal_close(&c->jo);
		return;
	}
	c->env.journal = &c->jo;
}

/*
 * --resume: the run's own name, log (appended to) and journal (locked,
 * replayed), once this host, build and test dir are the run's.  0, or 2
 * with one line.
 */
static int resume_claim(struct run_ctx *c)
{
	struct journal now, *j = &c->resume;
	char err[PATH_MAX + 256], log[PATH_MAX], q[QUOTE_BUF];
	const char *what = NULL;

	journal_head(c, &now);
	if (strcmp(now.build, j->build) != 0)
		what = "the build differs (it ran";
	else if (strcmp(now.hostname, j->hostname) != 0 || strcmp(now.host_id, j->host_id) != 0 ||
		 strcmp(now.cpu_model, j->cpu_model) != 0 || strcmp(now.kernel, j->kernel) != 0)
		what = "the host differs (it ran on";
	else if (strcmp(now.testdir, j->testdir) != 0)
		what = "the test dir differs (it ran in";
	if (what != NULL) {
		fprintf(stderr, "sysindex: --resume: %s %s): start a new run\n", what,
			quote(what[4] == 'b' ? j->build : what[4] == 'h' ? j->hostname : j->testdir, q));
		return 2;
	}
	fmt(c->r.base_name, sizeof(c->r.base_name), "%s", j->base);
	c->env.seed = j->seed;
	if (journal_reopen(&c->jo, c->journal, j, err, sizeof(err)) != 0) {
		fprintf(stderr, "sysindex: --resume: %s\n", err);
		return 2;
	}
	c->env.journal = &c->jo;
	if (fmt(log, sizeof(log), "%s/%s.log", c->resdir, j->base) != 0 ||
	    (c->env.log_fd = open(log, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW,
				  0644)) < 0) {
		fprintf(stderr, "sysindex: --resume: cannot open %s: %s\n", quote(log, q),
			strerror(errno));
		journal_close(&c->jo);
		c->env.journal = NULL;
		return 2;
	}
	runner_log(&c->env, "\n######## resumed (--resume): %zu sample%s from the journal\n\n",
		   j->nsamples, j->nsamples == 1 ? "" : "s");
	return 0;
}

/*
 * --resume RESULT: the journal of RESULT (its base path or any of its
 * files) read, and the run's own options parsed from it into c->cfg.  Any
 * other options given must be the run's.  0, or 2 with one line.
 */
static int resume_load(struct run_ctx *c, int argc, char **argv)
{
	static const char *const exts[] = { JOURNAL_EXT, ".json", ".csv", ".html", ".md",
					    ".log", "-paired.svg", ".svg", ".png" };
	struct journal *j = &c->resume;
	char base[PATH_MAX], err[PATH_MAX + 256], q[QUOTE_BUF];
	char *args[JOURNAL_MAX_ARGS + 1];
	size_t n = 0, others = 0;

	if (fmt(base, sizeof(base), "%s", c->cfg.resume) != 0) {
		fprintf(stderr, "sysindex: --resume: path too long\n");
		return 2;
	}
	for (size_t i = 0; i < sizeof(exts) / sizeof(exts[0]); i++)
		if (str_ends_with(base, exts[i]) && strlen(base) > strlen(exts[i])) {
			base[strlen(base) - strlen(exts[i])] = '\0';
			break;
		}
	if (fmt(c->journal, sizeof(c->journal), "%s" JOURNAL_EXT, base) != 0 ||
	    journal_read_file(c->journal, j, err, sizeof(err)) != 0) {
		fprintf(stderr, "sysindex: --resume: %s\n", c->journal[0] ? err : "path too long");
		return 2;
	}
	if (j->end == JOURNAL_COMPLETE) {
		fprintf(stderr, "sysindex: --resume: %s: the run is complete, nothing to resume\n",
			quote(c->journal, q));
		journal_free(j);
		return 2;
	}
	/* Options given besides --resume: the run's own, or refused. */
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--resume") == 0) {
			i++;
			continue;
		}
		if (strncmp(argv[i], "--resume=", 9) == 0)
			continue;
		if (others >= j->nargs || strcmp(argv[i], j->args[others]) != 0) {
			fprintf(stderr, "sysindex: --resume: the options differ from the run's "
				"(%s): give --resume alone\n", quote(argv[i], q));
			journal_free(j);
			return 2;
		}
		others++;
	}
	if (others != 0 && others != j->nargs) {
		fprintf(stderr, "sysindex: --resume: the options differ from the run's (fewer): "
			"give --resume alone\n");
		journal_free(j);
		return 2;
	}
	c->resuming = 1;
	args[n++] = argv[0];
	for (size_t i = 0; i < j->nargs; i++)
		args[n++] = j->args[i];
	if (cli_parse((int)n, args, &c->cfg, err, sizeof(err)) != CLI_RUN ||
	    c->cfg.given[O_RESUME]) {
		fprintf(stderr, "sysindex: --resume: %s: the run's options do not read: %s\n",
			quote(c->journal, q), c->cfg.given[O_RESUME] ? "--resume in them" : err);
		journal_free(j);
		return 2;
	}
	return 0;
}

/* --resume: the results go where the run's are, its journal's folder. */
static void resume_resdir(struct run_ctx *c)
{
	const char *dir = strrchr(c->journal, '/');

	if (dir == NULL)
		fmt(c->resdir, sizeof(c->resdir), ".");
	else if (dir == c->journal)
		fmt(c->resdir, sizeof(c->resdir), "/");
	else
		fmt(c->resdir, sizeof(c->resdir), "%.*s", (int)(dir - c->journal), c->journal);
}

/*
 * Everything that can refuse the run does so here, before the first test:
 * directories, disk space, signal handlers, the result name, the scratch
 * folder.  Returns 0 or the exit status.
 */
static int prepare(struct run_ctx *c)
{
	struct config *cfg = &c->cfg;
	struct run_env *env = &c->env;
	struct run_result *r = &c->r;
	char merr[256];
	int rc;

	if ((rc = setting_check(cfg, (unsigned)geteuid())) != 0 ||
	    (rc = resolve_dirs(cfg, c->testdir, c->resdir, sizeof(c->testdir))) != 0)
		return rc;
	/* A setting a killed run left in force: put back (or said) before anything runs. */
	setfile_sweep("", cfg->quiet);
	if (c->resuming)
		resume_resdir(c);
	for (size_t d = 0; d < cfg->nsettings; d++)
		cfg->dirs[d].path = c->testdir;   /* settings mode: one test dir */
	env->cfg = cfg;
	env->log_fd = -1;
	find_pgmdir(env->pgmdir, sizeof(env->pgmdir));
	if ((rc = paired_check(&c->pe, env, cfg, r)) != 0 ||
	    (rc = plan_disk(cfg, c->testdir, env)) != 0 ||
	    (rc = plan_disk_paired(cfg, r, &c->pe)) != 0 ||
	    (rc = check_peer(cfg)) != 0)
		return rc;
	if (sig_install() != 0) {
		fprintf(stderr, "sysindex: cannot install signal handlers: %s\n", strerror(errno));
		return 1;
	}
	fmt(r->version, sizeof(r->version), "%s", SYSINDEX_VERSION);
	r->quick = cfg->quick;
	r->workload = cfg->workload;
	sysinfo_collect(&r->sys, cfg->brief);
	copy_counts(c);
	if ((rc = check_budget(c)) != 0)
		return rc;
	describe_mode(cfg, r->mode, sizeof(r->mode));
	fmt(r->label, sizeof(r->label), "%s", cfg->label ? cfg->label : "");
	if (c->pe.n) {
		size_t len = strlen(r->mode);

		if (cfg->nsettings)
			fmt(r->mode + len, sizeof(r->mode) - len, "; settings: %zu in one test dir, "
			    "whole samples in turn%s", c->pe.n,
			    cfg->quick ? ", 3 rounds: a first look" : "");
		else
			fmt(r->mode + len, sizeof(r->mode) - len, "; paired: %zu test dirs%s%s",
			    c->pe.n, cfg->interleave == INTERLEAVE_SAMPLES ?
			    ", whole samples (not sliced)" : "",
			    cfg->quick ? ", 3 rounds: a first look" : "");
	}
	fmt(r->sys.locale, sizeof(r->sys.locale), "%s", TEST_LANG);
	sysinfo_language(r->sys.locale, r->sys.language, sizeof(r->sys.language));
	if (realpath(c->testdir, r->sys.testdir) == NULL)
		fmt(r->sys.testdir, sizeof(r->sys.testdir), "%s", c->testdir);
	r->sys.have_mount = mountinfo_describe(r->sys.testdir, &r->sys.mount, &r->sys.device,
					       merr, sizeof(merr)) == 0;
	if (c->resuming)
		rc = resume_claim(c);
	else if ((rc = claim_name(c->resdir, cfg->redact ? REDACT_HOST : r->sys.hostname,
				  r->base_name, sizeof(r->base_name), &env->log_fd)) == 0)
		journal_start(c);
	if (rc != 0)
		return rc;
	/* What killed runs left in the test dirs goes first (a disk test's file). */
	paths_sweep_scratch(c->testdir, cfg->quiet);
	for (size_t d = 1; d < c->pe.n && cfg->nsettings == 0; d++)
		paths_sweep_scratch(r->dirs[d].path, cfg->quiet);
	if (paths_make_scratch(c->testdir, env->scratch, sizeof(env->scratch)) != 0)
		return undo_prepare(c, 2);
	if (paired_make_scratch(&c->pe, r) != 0)
		return undo_prepare(c, 2);
	fmt(env->disk_file, sizeof(env->disk_file), "%s/" TEST_DISK_FILE, env->scratch);
	r->disk_size = env->disk_size;
	set_environment(env->pgmdir, env->scratch, r->sys.locale);
	r->runs = calloc(c->ncounts * (c->pe.n ? c->pe.n : 1), sizeof(*r->runs));
	if (r->runs == NULL) {
		fprintf(stderr, "sysindex: out of memory before the first test\n");
		return undo_prepare(c, 1);
	}
	if (cfg->nsettings) {
		setting_init(&c->set, cfg, env, r, r->dirs[0].path);
		if (setting_save(&c->set) != 0)
			return undo_prepare(c, 2);
		c->pe.set = &c->set;
	}
	return 0;
}

/*
 * --progress: auto is the live line on a terminal (not with -v, whose lines
 * it would garble), else plain lines on stderr, as UnixBench prints them;
 * -q shows none unless --progress asks.
 */
static void progress_where(const struct config *cfg, struct run_env *env)
{
	int tty = isatty(STDOUT_FILENO);
	int how = cfg->progress;

	if (how == PROGRESS_AUTO)
		how = cfg->quiet ? PROGRESS_NONE
		    : tty && !cfg->verbose ? PROGRESS_LINE : PROGRESS_PLAIN;
	env->progress = how == PROGRESS_NONE ? NULL : how == PROGRESS_LINE && tty ? stdout : stderr;
	env->progress_plain = how == PROGRESS_PLAIN;
}

/* Every copy count, every test.  Returns the signal that stopped it, or 0. */
static int measure(struct run_ctx *c)
{
	struct config *cfg = &c->cfg;
	struct run_env *env = &c->env;
	struct run_result *r = &c->r;
	char qp[4 * sizeof(env->pgmdir)], qs[4 * sizeof(env->scratch)];
	int sig = 0;

	progress_where(cfg, env);
	env->started = now_mono();
	env->eta_total = plan_run(cfg, c->ncounts, env->plans);      /* --repeat's passes too */
	if (cfg->repeat > 1 && !c->pe.n) {
		r->repeat = cfg->repeat;
		r->reps = calloc(c->ncounts ? c->ncounts : 1, sizeof(*r->reps));
		if (r->reps == NULL) {
			fprintf(stderr, "sysindex: out of memory for --repeat\n");
			r->repeat = 0;
		}
	}
	env->ncounts = c->ncounts;
	paired_sync(&c->pe);
	if (cfg->pin && (env->ncpus = allowed_cpus(env->cpus, MAX_PIN)) == 0) {
		fprintf(stderr, "sysindex: --pin: cannot read the allowed CPUs: %s\n", strerror(errno));
		cfg->pin = 0;
	}
	r->pinned = cfg->pin;
	r->exclude_disturbed = cfg->exclude_disturbed;
	r->precision = cfg->precision;
	/* Paths on one line, as the text report writes them (a newline in a folder name). */
	runner_log(env, "sysindex %s; test programs in %s; scratch %s\n", SYSINDEX_VERSION,
		   octal_controls(env->pgmdir, qp, sizeof(qp)),
		   octal_controls(env->scratch, qs, sizeof(qs)));
	runner_log(env, "compiler: %s; flags: %s\n\n", r->sys.cc_version, r->sys.bench_cflags);
	if (cfg->verbose && !cfg->quiet) {
		fprintf(stderr, "Tests to run:");
		for (size_t i = 0; i < cfg->ntests; i++)
			fprintf(stderr, " %s", cfg->tests[i]->name);
		fprintf(stderr, "\n");
	}
	r->start = time(NULL);
	for (size_t i = 0; i < c->ncounts && !sig; i++) {
		env->count = i;
		if (cfg->verbose && !cfg->quiet)
			fprintf(stderr, "Run with %u cop%s\n", c->counts[i],
				c->counts[i] == 1 ? "y" : "ies");
		if (c->pe.n) {
			sig = paired_copy_run(&c->pe, c->counts[i], &r->runs[i * c->pe.n]);
			r->nruns = (i + 1) * c->pe.n;
			continue;
		}
		if (r->repeat > 1) {
			sig = repeat_copy_run(env, c->counts[i], r->repeat, &r->runs[i], &r->reps[i]);
			r->nreps = i + 1;
		} else {
			sig = runner_copy_run(env, c->counts[i], &r->runs[i]);
		}
		r->nruns = i + 1;
	}
	r->end = time(NULL);
	if (c->resuming)
		r->start = c->resume.start;     /* the run began before it was interrupted */
	/* Settings mode: the baseline again, after the run, a failure or a signal. */
	if (c->pe.set != NULL && setting_restore(c->pe.set) != 0)
		c->restore_failed = 1;
	fmt(r->intf_missing, sizeof(r->intf_missing), "%s", env->intf_missing);
	score_scaling(r);
	if (paired_compare(r) != 0)
		fprintf(stderr, "sysindex: out of memory for the paired comparison\n");
	if (sig > 0) {
		r->interrupted = 1;
		r->signal = sig;
	}
	/* A setting stopped it (r->stopped says why): a partial run, no signal. */
	if (c->set.failed) {
		r->interrupted = 1;
		r->signal = 0;
	}
	return sig > 0 ? sig : 0;
}

/* --redact: the substitutions, and the result every writer reads, redacted. */
static void redact_results(struct run_ctx *c)
{
	const struct config *cfg = &c->cfg;
	const char *given[MAX_TESTDIRS + 1];
	size_t n = 0;

	given[n++] = c->testdir;
	for (size_t i = 0; i < cfg->ndirs && n < MAX_TESTDIRS + 1; i++)
		given[n++] = cfg->dirs[i].path;
	redact_init(&c->redact, &c->r, c->resdir, c->env.pgmdir, given, n);
	redact_run(&c->redact, &c->r);
}

/* --redact: the log, which the runner wrote as it went. */
static int redact_log(struct run_ctx *c)
{
	char log[PATH_MAX], err[256];

	if (fmt(log, sizeof(log), "%s/%s.log", c->resdir, c->r.base_name) != 0 ||
	    redact_file(&c->redact, log, err, sizeof(err)) != 0) {
		fprintf(stderr, "sysindex: --redact: cannot redact the log: %s\n", err);
		unlink(log);
		return -1;
	}
	return 0;
}

/* Report on stdout, result files, clean-up; returns the exit status. */
static int finish(struct run_ctx *c, int sig)
{
	const struct config *cfg = &c->cfg;
	struct run_result *r = &c->r;
	int failed = 0, rc;

	for (size_t i = 0; i < r->nruns; i++)
		for (size_t t = 0; t < r->runs[i].ntests; t++)
			if (r->runs[i].tests[t].status == TS_FAILED ||
			    r->runs[i].tests[t].status == TS_UNAVAILABLE)
				failed = 1;
	remove_tree(c->env.scratch);
	paired_cleanup(&c->pe);
	if (cfg->redact)
		redact_results(c);
	if (!cfg->quiet)
		printf("\n========================================================================\n");
	report_text(stdout, r);
	fflush(stdout);
	rc = write_results(c->resdir, r, cfg->quiet, cfg->no_charts || sig);
	if (rc == 0 && !cfg->quiet)
		fprintf(stderr, "sysindex: results in %s/%s (and .log .json .csv .html .md%s%s%s)\n",
			c->resdir, r->base_name, r->charts & RUN_CHART_INDEX ? " .svg .png" : "",
			r->charts & RUN_CHART_PAIRED ? " -paired.svg .png" : "",
			r->charts & RUN_CHART_SUSTAINED ? " -sustained.svg .png" : "");
	close(c->env.log_fd);
	if (cfg->redact && redact_log(c) != 0)
		failed = 1;
	/* The journal's end line last: a run killed while writing its results resumes. */
	if (!sig)
		sig = sig_pending();
	journal_end(c->env.journal, sig);
	journal_close(&c->jo);
	if (cfg->redact && !sig && c->journal[0])
		unlink(c->journal);     /* complete: the host's identity need not stay */
	for (size_t i = 0; i < r->nruns; i++)
		copy_run_free(&r->runs[i]);
	free(r->runs);
	free(r->cmps);
	free(r->pscores);
	free(r->reps);
	/* A signal while the report was being written: every file is complete,
	 * but the exit status still says the run was stopped. */
	if (!sig)
		sig = sig_pending();
	if (sig)
		return 128 + sig;
	return failed || rc || c->restore_failed || r->stopped[0] ? 1 : 0;
}

int cmd_run(int argc, char **argv, const struct subcmd *others, size_t nothers)
{
	static struct run_ctx c;   /* large (plans, paths): not on the stack */
	char err[512];
	int rc;

	memset(&c, 0, sizeof(c));
	c.jo.fd = -1;
	c.argc = argc;
	c.argv = argv;
	c.env.budget_start = budget_clock();
	switch (cli_parse(argc, argv, &c.cfg, err, sizeof(err))) {
	case CLI_RUN:
		break;
	case CLI_HELP:
		cli_usage(stdout, others, nothers);
		return 0;
	case CLI_VERSION:
		cli_version(stdout);
		return 0;
	case CLI_LIST:
		cli_list(stdout);
		return 0;
	case CLI_USAGE:
	default:
		fputs("sysindex: ", stderr);
		put_message(stderr, err);
		return 2;
	}
	if (c.cfg.given[O_RESUME] && (rc = resume_load(&c, argc, argv)) != 0)
		return rc;
	plan_defaults(&c.cfg);
	if (testtab_validate(err, sizeof(err)) != 0) {
		fprintf(stderr, "sysindex: internal error: %s\n", err);
		return 70;
	}
	rc = prepare(&c);
	if (rc == 0) {
		int sig = measure(&c);

		rc = finish(&c, sig);
	}
	sysinfo_free(&c.r.sys);
	journal_close(&c.jo);
	journal_free(&c.resume);
	return rc;
}
