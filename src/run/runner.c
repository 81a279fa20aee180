/*
 * runner.c: the copies x tests x passes loop around spawn_pass(), and the
 * steps of one test it strings together (steps.h, paired_run.c's too).
 */
#define _XOPEN_SOURCE 700   /* sync() */
#include "run/runner.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "score/score.h"
#include "util/sig.h"
#include "run/spawn.h"
#include "run/runlog.h"
#include "run/schedule.h"
#include "run/steps.h"
#include "util/util.h"
#include "util/quote.h"

void runner_log(const struct run_env *env, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	runlog_vprintf(env->log_fd, fmt, ap);
	va_end(ap);
}

/* Replace the @...@ placeholders of one argument (testtab.h's table). */
static void expand_arg(const struct run_env *env, const char *in, unsigned secs,
		       unsigned copies, char *out, size_t outlen)
{
	switch (test_placeholder(in)) {
	case PH_SECS:
		fmt(out, outlen, "%u", secs);
		break;
	case PH_DIR:
		fmt(out, outlen, "%s", env->scratch);
		break;
	case PH_FILE:
		fmt(out, outlen, "%s", env->disk_file);
		break;
	case PH_SIZE:
		fmt(out, outlen, "%llu", env->disk_size);
		break;
	case PH_SETTLE:
		fmt(out, outlen, "%s", plan_program_sleeps_off(env->cfg) ? "0" : "-1");
		break;
	case PH_MEMSIZE:
		fmt(out, outlen, "%llu", env->cfg->mem_size);
		break;
	case PH_COPIES:
		fmt(out, outlen, "%u", copies);
		break;
	case PH_PEER:
		fmt(out, outlen, "%s", env->cfg->peer ? env->cfg->peer : "-");
		break;
	case PH_PGMS:
		fmt(out, outlen, "%s%s", env->pgmdir, in + strlen(test_placeholders[PH_PGMS]));
		break;
	default: /* literal text; @DIRS@ is build_args' own, unknown ones never pass validation */
		fmt(out, outlen, "%s", in);
		break;
	}
}

/*
 * The command of t: its program, then args expanded, "@DIRS@" into "-d DIR"
 * for each of dirs[0..ndirs-1] (a sliced row, sliced.h).
 */
static int build_args(const struct run_env *env, const struct test_def *t,
		      const char *const *args, const char *const *dirs, size_t ndirs,
		      unsigned secs, unsigned copies, struct argv_buf *b, char *cmd, size_t cmdlen)
{
	const size_t max = sizeof(b->store) / sizeof(b->store[0]);
	size_t n = 0, used;

	if (path_join(b->store[0], sizeof(b->store[0]), env->pgmdir,
		      test_prog(t, env->cfg->workload)) != 0)
		return -1;
	b->argv[n++] = b->store[0];
	for (size_t i = 0; i < TEST_MAX_ARGS && args[i] != NULL; i++) {
		if (test_placeholder(args[i]) == PH_SUSTAIN) {
			if (!plan_sustained(env->cfg, t) || n + 4 >= max)
				continue;
			fmt(b->store[n], sizeof(b->store[0]), "-R");
			fmt(b->store[n + 1], sizeof(b->store[0]), "%u", env->cfg->ramp);
			fmt(b->store[n + 2], sizeof(b->store[0]), "-I");
			fmt(b->store[n + 3], sizeof(b->store[0]), "%u", env->cfg->sustained_interval);
			for (size_t k = 0; k < 4; k++, n++)
				b->argv[n] = b->store[n];
			continue;
		}
		if (test_placeholder(args[i]) != PH_DIRS) {
			expand_arg(env, args[i], secs, copies, b->store[n], sizeof(b->store[0]));
			b->argv[n] = b->store[n];
			n++;
			continue;
		}
		for (size_t d = 0; d < ndirs && n + 2 < max; d++) {
			fmt(b->store[n], sizeof(b->store[0]), "-d");
			fmt(b->store[n + 1], sizeof(b->store[0]), "%s", dirs[d]);
			b->argv[n] = b->store[n];
			b->argv[n + 1] = b->store[n + 1];
			n += 2;
		}
	}
	b->argv[n] = NULL;
	cmd[0] = '\0';
	used = 0;
	for (size_t i = 0; i < n && used < cmdlen; i++) {
		int w = snprintf(cmd + used, cmdlen - used, "%s%s", i ? " " : "", b->argv[i]);

		if (w < 0)
			break;
		used += (size_t)w;
	}
	return 0;
}

int runner_build_argv(const struct run_env *env, const struct test_def *t, unsigned secs,
		      unsigned copies, struct argv_buf *b, char *cmd, size_t cmdlen)
{
	return build_args(env, t, test_args(t, env->cfg->workload), NULL, 0, secs, copies,
			  b, cmd, cmdlen);
}

int runner_build_sliced_argv(const struct run_env *env, const struct test_def *t,
			     const char *const *dirs, size_t ndirs, unsigned secs,
			     unsigned copies, struct argv_buf *b, char *cmd, size_t cmdlen)
{
	const struct test_sliced *sl = plan_sliced(env->cfg, t);

	if (sl == NULL)
		return -1;
	return build_args(env, t, sl->args, dirs, ndirs, secs, copies, b, cmd, cmdlen);
}

/* Settle as UnixBench does: sync; sleep 1; sync; sleep 2 (scaled to s seconds). */
int runner_settle(double s)
{
	if (s <= 0)
		return sig_pending();
	sync();
	if (sig_sleep(s / 3))
		return 1;
	sync();
	return sig_sleep(s * 2 / 3);
}

/* The time left, from the plan corrected by how fast the run has gone so far. */
static void eta_text(const struct run_env *env, char *eta, size_t len)
{
	double elapsed = now_mono() - env->started, left, ratio = 1;

	if (env->eta_done > 30)
		ratio = elapsed / env->eta_done;
	if (ratio < 0.5)
		ratio = 0.5;
	if (ratio > 2)
		ratio = 2;
	left = (env->eta_total - env->eta_done) * ratio;
	if (left < 0)
		left = 0;
	if (left >= 3600)
		fmt(eta, len, "%dh%02dm", (int)(left / 3600), (int)left % 3600 / 60);
	else
		fmt(eta, len, "%dm%02ds", (int)left / 60, (int)left % 60);
}

void runner_progress_break(const struct run_env *env)
{
	if (env->progress != NULL && !env->progress_plain) {
		fputs("\r\033[K", env->progress);
		fflush(env->progress);
	}
}

/*
 * The live line rewrites itself at every step; plain progress (a log, a
 * pipe) prints one line when a test starts and one when it is done.
 */
void runner_progress(struct run_env *env, const struct test_def *t, const char *step,
		     unsigned pass, unsigned npass, unsigned copies)
{
	char eta[32];

	if (env->progress == NULL)
		return;
	env->copies = copies;
	eta_text(env, eta, sizeof(eta));
	if (env->progress_plain) {
		/* "pass" or "round", or "LABEL round" (a paired directory's). */
		const char *word = strrchr(step, ' ');
		int label = word != NULL ? (int)(word - step) : 0;

		word = word != NULL ? word + 1 : step;
		if (pass == 1)
			fprintf(env->progress, "%u x %s%s%.*s%s: started, %u %s%s planned, ETA %s\n",
				copies, t->title, label ? " [" : "", label, step, label ? "]" : "",
				npass, word, npass == 1 ? "" : word[strlen(word) - 1] == 's' ? "es" : "s",
				eta);
	} else {
		fprintf(env->progress, "\r\033[K%u x %-40.40s %s %u/%u  ETA %s", copies,
			t->title, step, pass, npass, eta);
	}
	fflush(env->progress);
}

/* Plain progress: the test's result when it is done. */
static void progress_done(const struct run_env *env, const struct bench_result *tr,
			  const char *label)
{
	char eta[32], dir[TESTDIR_LABEL_MAX + 4] = "";

	if (env->progress == NULL || !env->progress_plain)
		return;
	eta_text(env, eta, sizeof(eta));
	if (label != NULL)
		fmt(dir, sizeof(dir), " [%s]", label);
	if (tr->status == TS_OK)
		fprintf(env->progress, "%u x %s%s: %.1f %s, ETA %s\n", env->copies,
			tr->def->title, dir, tr->score, tr->def->unit, eta);
	else
		fprintf(env->progress, "%u x %s%s: %s, ETA %s\n", env->copies, tr->def->title,
			dir, tr->reason[0] ? tr->reason : "no result", eta);
	fflush(env->progress);
}

static void log_copy(const struct run_env *env, size_t i, const struct spawn_out *o,
		     const struct copy_result *cr)
{
	runner_log(env, "# copy %zu: status %d, elapsed %.6f s, cpu %d%s\n", i,
		   o->status, o->elapsed, o->cpu, o->timed_out ? ", timed out" : "");
	if (o->err_len)
		runner_log(env, "%.*s%s", (int)(o->err_len > 4000 ? 4000 : o->err_len), o->err,
			   o->err[o->err_len - 1] == '\n' ? "" : "\n");
	if (o->err_dropped)
		runner_log(env, "# (%zu more bytes of stderr dropped)\n", o->err_dropped);
	if (cr->ok)
		runner_log(env, "# COUNT0: %.3f\n# COUNT1: %d\n# TIME: %.3f\n# elapsed: %.6f\n",
			   cr->count, cr->timebase, cr->time, cr->elapsed);
}

/*
 * --pin: copy i runs on the i-th allowed CPU; a placement-sensitive test
 * (context1) gets two CPUs per copy, its parent on the first and its child on
 * the second, passed to the program as "-p A,B".
 */
struct pinning {
	int cpu[MAX_PIN];
	char arg[MAX_PIN][32];
	char *argv[MAX_PIN][TEST_MAX_ARGS + 4];
	char *const *argvs[MAX_PIN];
};

static void pin_copies(const struct run_env *env, const struct test_def *t,
		       char *const *argv, unsigned copies, struct pinning *pn)
{
	size_t n = env->ncpus;

	for (unsigned i = 0; i < copies && i < MAX_PIN; i++) {
		size_t k = 0;

		if (!(t->flags & TF_PLACEMENT)) {
			pn->cpu[i] = env->cpus[i % n];
			continue;
		}
		pn->cpu[i] = env->cpus[(2 * i) % n];
		fmt(pn->arg[i], sizeof(pn->arg[i]), "%d,%d", env->cpus[(2 * i) % n],
		    env->cpus[(2 * i + 1) % n]);
		pn->argv[i][k++] = argv[0];
		pn->argv[i][k++] = "-p";
		pn->argv[i][k++] = pn->arg[i];
		for (size_t a = 1; argv[a] != NULL && k < TEST_MAX_ARGS + 3; a++)
			pn->argv[i][k++] = argv[a];
		pn->argv[i][k] = NULL;
		pn->argvs[i] = pn->argv[i];
	}
}

/*
 * The interference counters before a pass (outside the sample: the copies
 * have not started).  A counter that cannot be read is said once, in the log
 * and on stderr, and kept for the report.
 */
static void intf_before(struct run_env *env, struct intf_snap *s)
{
	char why[512];

	unsigned missing = intf_read("", s, why, sizeof(why));

	if (missing == 0 || env->intf_said)
		return;
	env->intf_said = 1;
	fmt(env->intf_missing, sizeof(env->intf_missing), "%s", why);
	runner_log(env, "# interference: %s\n", why);
	/* A counter a normal machine lacks is for the header, not a warning. */
	if (!env->cfg->quiet && (missing & ~s->absent)) {
		runner_progress_break(env);
		fprintf(stderr, "sysindex: interference: %s\n", why);
	}
}

/*
 * What the pass lost, from the counters after the copies were reaped:
 * steal over the CPUs the copies were pinned to, else the CPUs they last
 * ran on, else all; the copies' involuntary switches from wait4.
 */
static void intf_pass(const struct run_env *env, const struct test_def *t,
		      const struct intf_snap *snap, double wall, const int *pinned,
		      const struct spawn_out *out, struct pass_result *pr)
{
	int cpus[MAX_PIN];
	size_t n = 0;
	struct intf_copies cp = { (unsigned)pr->ncopies, 1, 1, 0, 0 };
	long hz = sysconf(_SC_CLK_TCK), online = sysconf(_SC_NPROCESSORS_ONLN);
	char flags[40];

	for (size_t i = 0; i < pr->ncopies && i < MAX_PIN; i++) {
		int cpu = pinned != NULL ? pinned[i] : out[i].cpu;

		if (cpu < 0) {
			n = 0;   /* one copy's CPU unknown: all CPUs */
			break;
		}
		cpus[n++] = cpu;
	}
	if (pr->ncopies > MAX_PIN)
		n = 0;
	for (size_t i = 0; i < pr->ncopies; i++) {
		if (out[i].ivcsw < 0)
			cp.have_ivcsw = 0;
		else
			cp.ivcsw += (unsigned long long)out[i].ivcsw;
		if (out[i].run_delay < 0)
			cp.have_delay = 0;
		else
			cp.run_delay += out[i].run_delay;
	}
	/* Copies whose own processes outnumber the CPUs wait for each other:
	 * the test's slots, not the CPUs, bound the contended flag. */
	intf_diff(&snap[0], &snap[1], wall, cpus, n, &cp,
		  online > 0 ? test_copy_slots(t, (unsigned)online) : 0, hz, &pr->intf);
	runner_log(env, "# interference: %.3f s over %u CPU(s): steal %.3f s, cpu pressure %.3f s, "
		   "%llu involuntary switches, waited for a CPU %.3f s, throttled %.3f s (%llu times)%s%s\n",
		   pr->intf.wall, pr->intf.ncpus, pr->intf.steal, pr->intf.psi_some, pr->intf.ivcsw,
		   pr->intf.run_delay, pr->intf.throttled, pr->intf.nr_throttled, pr->intf.flags ? "; flagged " : "",
		   intf_flag_names(pr->intf.flags, flags, sizeof(flags)));
}

/* One pass: returns 0, or -1 when a signal interrupted it. */
int runner_pass(struct run_env *env, const struct test_def *t, char *const *argv,
		unsigned copies, double timeout, struct pass_result *pr)
{
	const struct config *cfg = env->cfg;
	struct spawn_spec spec;
	struct spawn_out *out = calloc(copies, sizeof(*out));
	struct pinning *pn = NULL;
	struct intf_snap snap[2];
	double tsum = 0, t0, wall;
	int rc;

	if (journal_replay(env->journal, t, copies, pr, &wall) == 1) {
		runner_log(env, "# measured before --resume (from the journal): COUNT %.3f, "
			   "TIME %.3f\n", pr->count, pr->time);
		env->budget_start -= wall;      /* the budget counts it as spent */
		free(out);
		return 0;
	}
	pr->copies = calloc(copies, sizeof(*pr->copies));
	if (out == NULL || pr->copies == NULL) {
		free(out);
		fmt(pr->reason, sizeof(pr->reason), "out of memory");
		return 0;
	}
	pr->ncopies = copies;
	memset(&spec, 0, sizeof(spec));
	spec.argv = argv;
	spec.cwd = env->scratch;
	spec.log_fd = env->log_fd;
	spec.timeout = timeout;
	if (cfg->pin && env->ncpus > 0 && copies <= MAX_PIN &&
	    (pn = calloc(1, sizeof(*pn))) != NULL) {
		pin_copies(env, t, argv, copies, pn);
		spec.pin = pn->cpu;
		spec.npin = copies;
		if (t->flags & TF_PLACEMENT)
			spec.argvs = pn->argvs;
	}
	intf_before(env, &snap[0]);
	t0 = now_mono();
	pr->at = t0 - env->started;
	rc = spawn_pass(&spec, copies, out);
	wall = now_mono() - t0;
	intf_read("", &snap[1], NULL, 0);
	pr->ok = rc == 0;
	for (size_t i = 0; i < copies; i++) {
		struct copy_result *cr = &pr->copies[i];
		char reason[REASON_MAX];
		int skipped;

		progout_parse_copy(out[i].err, out[i].err_dropped, out[i].status,
				   out[i].timed_out, out[i].elapsed, cr, reason,
				   sizeof(reason), &skipped);
		cr->cpu = out[i].cpu;
		if (out[i].start_errno) {
			cr->ok = 0;
			fmt(reason, sizeof(reason), "could not start copy %zu: %s",
				 i + 1, strerror(out[i].start_errno));
		}
		log_copy(env, i, &out[i], cr);
		if (!cr->ok && pr->ok) {
			pr->ok = 0;
			pr->skipped = skipped;
			fmt(pr->reason, sizeof(pr->reason), "%s", reason);
		}
		pr->count += cr->count;
		tsum += cr->time >= 0 ? cr->time : cr->elapsed;
		if (cfg->verbose && !cfg->quiet) {
			runner_progress_break(env);
			fprintf(stderr, "  copy %zu: COUNT %.3f, %.3f s%s%s\n", i + 1,
				cr->count, cr->time >= 0 ? cr->time : cr->elapsed,
				cr->ok ? "" : ", failed: ", cr->ok ? "" : reason);
		}
	}
	pr->time = copies ? tsum / copies : 0;
	if (plan_sustained(cfg, t) && copies > 0)
		pr->nseries = progout_series(out[0].err, &pr->series);
	intf_pass(env, t, snap, wall, pn != NULL ? pn->cpu : NULL, out, pr);
	free(pn);
	pr->start_spread = progout_start_spread(pr->copies, copies);
	if (copies > 1 && pr->start_spread >= 0)
		runner_log(env, "# start spread: %.3f ms between the first and last of %u copies\n",
			   pr->start_spread * 1e3, copies);
	spawn_free(out, copies);
	free(out);
	pr->repeat_pass = env->repeat_pass;
	if (rc == 0) {
		if (pr->ok)
			pr->rate = score_pass_rate(t, pr);
		journal_sample(env->journal, copies, env->journal_dir, t,
			       env->journal_dir > 0 ? env->cfg->dirs[env->journal_dir].label : "",
			       now_mono() - t0, pr);
	}
	return rc;
}

void runner_finish_test(struct run_env *env, struct bench_result *tr, const char *label)
{
	if (env->cfg->exclude_disturbed) {
		/* The result with every sample first: the report shows both. */
		score_test(tr);
		tr->score_all = tr->score;
		score_exclude_disturbed(tr);
	}
	score_test(tr);
	progress_done(env, tr, label);
	for (size_t i = 0; i < tr->npasses; i++) {
		const struct pass_result *p = &tr->passes[i];

		if (p->ok)
			runner_log(env, "%s %.3f|%.3f|%.3f\n",
				   p->dropped ? "*Dump score:" : "Count score:",
				   p->count, p->time, p->rate);
	}
	if (tr->status == TS_OK)
		runner_log(env, ">>>> Results of %s: %.1f %s (%.1f s, %zu samples)\n\n",
			   tr->def->name, tr->score, tr->def->unit, tr->time, tr->kept);
	else
		runner_log(env, ">>>> %s: %s\n\n", tr->def->name, tr->reason);
	/* Every copy labels its result the same way; show the first label. */
	for (size_t i = 0; i < tr->npasses && !tr->note[0]; i++)
		for (size_t c = 0; c < tr->passes[i].ncopies; c++)
			if (tr->passes[i].copies[c].note[0]) {
				fmt(tr->note, sizeof(tr->note), "%s",
					 tr->passes[i].copies[c].note);
				break;
			}
}

/* The test's set-up (testprep.c), given what it reads from the run. */
static enum test_status prepare(struct run_env *env, const struct test_def *t,
				char *reason, size_t len)
{
	struct testprep *tp = &env->prep;

	tp->pgmdir = env->pgmdir;
	tp->scratch = env->scratch;
	tp->disk_file = env->disk_file;
	tp->disk_size = env->disk_size;
	tp->log_fd = env->log_fd;
	tp->workload = env->cfg->workload;
	return testprep_check(tp, t, reason, len);
}

enum test_status runner_can_run(struct run_env *env, const struct test_def *t,
				unsigned copies, char *reason, size_t len)
{
	/*
	 * One copy per disk test, as fio's numjobs=1: copies would share (and
	 * truncate) the same write file, and the space check assumes one writer.
	 */
	if (t->prep == PREP_DISK_FILE && copies > 1) {
		fmt(reason, len, "disk tests run one copy (as fio numjobs=1); use -c 1");
		return TS_SKIPPED;
	}
	return prepare(env, t, reason, len);
}

double runner_spent(const struct run_env *env)
{
	return now_mono() - env->budget_start;
}

void runner_replan(struct run_env *env, size_t ti)
{
	const struct test_plan *p = &env->plans[ti];
	double spent = runner_spent(env), left;

	if (!plan_again(env->cfg, env->ncounts, env->count, ti, env->repeat_done, spent,
			&env->measured, env->plans, &left))
		return;
	env->eta_total = env->eta_done + left;
	runner_log(env, "Plan for %s: up to %u %s of %u s (%.1f s each with overheads), "
		   "%.0f s of the budget left\n\n",
		   env->cfg->tests[ti]->name, p->max_samples, p->dirs > 1 ? "rounds" : "samples",
		   p->seconds, p->pass_estimate * p->dirs, plan_budget_seconds(env->cfg) - spent);
}

int test_loop_settle(struct test_loop *L, const char *step, unsigned n)
{
	const struct config *cfg = L->env->cfg;

	runner_progress(L->env, L->t, step, n, L->nsteps, L->copies);
	if (journal_replaying(L->env->journal))
		return sig_pending();   /* measured before --resume: no settle */
	return plan_settle_before(cfg, L->t, L->prev, L->nsample++) &&
	       runner_settle(plan_settle_length(cfg, L->plan, L->t));
}

void test_loop_account(struct test_loop *L, unsigned n, double t0)
{
	double each = n ? (now_mono() - t0) / n : 0;

	L->env->eta_done += n * L->plan->pass_estimate;
	L->ndone += n;
	for (unsigned j = 0; j < n; j++)
		plan_measured_add(&L->env->measured, L->ti, each, L->plan->seconds);
}

int test_loop_step(struct test_loop *L)
{
	struct run_env *env = L->env;
	const struct test_plan *plan = L->plan;
	unsigned k = L->k, n;
	double t0;
	int rc;

	if (L->over)
		return 0;
	/* The progress lines' "N x": set here, not by the first step's progress
	 * line, which a setting's failing command comes before. */
	env->copies = L->copies;
	if (L->sig || k >= L->nsteps)
		goto over;
	n = L->active(L);
	t0 = now_mono();
	if (n == 0 || (k > 0 && L->done(L, k, L->own, &L->capped)))
		goto over;
	/* Past the budget: stop once the fewest steps it allows are in. */
	if (k >= plan->floor_samples &&
	    plan_over_budget(env->cfg, runner_spent(env), plan->pass_estimate * n)) {
		runner_log(env, "Stopped after %u %s of %s: the next would pass the time budget\n\n",
			   k, L->steps_word, L->t->name);
		goto over;
	}
	rc = L->step(L, k);
	L->own += now_mono() - t0;
	if (rc < 0) {
		L->sig = rc == TEST_LOOP_ABORT ? -1 : sig_pending();
		goto over;
	}
	if (rc > 0)
		goto over;
	L->k++;
	return 1;
over:
	L->over = 1;
	return 0;
}

int test_loop_end(struct test_loop *L)
{
	struct run_env *env = L->env;
	const struct test_plan *plan = L->plan;
	unsigned planned = L->nsteps * L->width;

	/* Plans end early (precision reached, failure): credit the rest to the ETA. */
	if (L->ndone < planned)
		env->eta_done += (planned - L->ndone) * plan->pass_estimate;
	if (!L->sig && plan->precision > 0 && L->k == L->nsteps)
		L->done(L, L->k, L->own, &L->capped);
	for (size_t d = 0; d < L->ntrs; d++) {
		struct bench_result *tr = L->trs[d];

		tr->capped = L->capped;
		if (L->sig && tr->status == TS_OK) {
			size_t n;

			tr->status = TS_NOT_RUN;
			n = result_partial(tr);
			/* What it has, against what the plan asked (a cap under --precision). */
			if (n > 0)
				fmt(tr->reason, sizeof(tr->reason), REASON_INTERRUPTED ": %zu of %s%u %s", n,
				    plan->precision > 0 ? "at most " : "", L->nsteps,
				    L->steps_word);
			else
				fmt(tr->reason, sizeof(tr->reason), "interrupted");
		}
		if (L->labels != NULL)
			runner_log(env, "[%s] ", L->labels[d]);
		runner_finish_test(env, tr, L->labels != NULL ? L->labels[d] : NULL);
	}
	return L->sig;
}

int test_loop_run(struct test_loop *L)
{
	while (test_loop_step(L))
		;
	return test_loop_end(L);
}

/* A normal test's steps: one sample each, its rate kept for the stop rule. */
struct normal_test {
	struct bench_result *tr;
	struct argv_buf *ab;
	double *rates;
	double *counts;         /* signed as UnixBench's rule sorts them (score.c) */
	unsigned secs;
	int spread;             /* its samples among other tests' (--order spread) */
};

static unsigned normal_active(struct test_loop *L)
{
	(void)L;
	return 1;
}

static int normal_done(struct test_loop *L, unsigned k, double elapsed, int *capped)
{
	const struct normal_test *nt = L->ctx;

	return plan_done(L->plan, nt->counts, nt->rates, k, elapsed, capped);
}

/* The log's header of a test's samples (UnixBench's log layout). */
static void log_banner(const struct run_env *env, const struct test_def *t, unsigned copies)
{
	runner_log(env, "################################################################################\n"
		   "%s -- %u cop%s\n", t->title, copies, copies == 1 ? "y" : "ies");
}

static int normal_step(struct test_loop *L, unsigned p)
{
	struct normal_test *nt = L->ctx;
	struct bench_result *tr = nt->tr;
	struct pass_result *pr = &tr->passes[p];
	double t0;

	if (test_loop_settle(L, "pass", p + 1))
		return -1;
	t0 = now_mono();
	/* Spread: each sample under its test's header again, so that no reader of
	 * the log takes it for the test above (UnixBench's log reader refuses a
	 * test that appears twice, rather than mixing tests). */
	if (nt->spread)
		log_banner(L->env, L->t, L->copies);
	runner_log(L->env, "#### Pass %u\n\n", p + 1);
	if (runner_pass(L->env, L->t, nt->ab->argv, L->copies,
			plan_pass_timeout(L->env->cfg, L->t, nt->secs), pr) != 0) {
		free(pr->copies);
		pr->copies = NULL;
		return -1;
	}
	tr->npasses++;
	test_loop_account(L, 1, t0);
	if (!pr->ok) {
		tr->status = pr->skipped ? TS_SKIPPED : TS_FAILED;
		fmt(tr->reason, sizeof(tr->reason), "%s", pr->reason);
		return 1;
	}
	nt->rates[p] = score_pass_rate(L->t, pr);
	nt->counts[p] = score_pass_order(L->t, pr);
	return 0;
}

static void normal_free(struct normal_test *nt)
{
	free(nt->ab);
	free(nt->rates);
	free(nt->counts);
	nt->ab = NULL;
	nt->rates = nt->counts = NULL;
}

/*
 * Test ti's loop L and its state nt, begun (replan: plan what is left
 * first): 1 when its samples can run, 0 when not (tr says why; the ETA is
 * credited with its samples).  normal_free(nt) after either.
 */
static int normal_begin(struct run_env *env, size_t ti, const struct test_def *prev,
			unsigned copies, struct bench_result *tr, struct normal_test *nt,
			struct test_loop *L, int replan)
{
	const struct config *cfg = env->cfg;
	const struct test_def *t = cfg->tests[ti];
	const struct test_plan *plan = &env->plans[ti];
	unsigned npass;
	char line[4 * sizeof(tr->command)];

	memset(nt, 0, sizeof(*nt));
	nt->tr = tr;
	*L = (struct test_loop){
		.env = env, .t = t, .prev = prev, .plan = plan, .ti = ti, .copies = copies, .width = 1,
		.steps_word = "samples", .trs = &nt->tr, .ntrs = 1, .active = normal_active,
		.done = normal_done, .step = normal_step, .ctx = nt,
	};
	if (replan)
		runner_replan(env, ti);
	nt->secs = plan->seconds;
	npass = L->nsteps = plan->max_samples;
	nt->ab = calloc(1, sizeof(*nt->ab));
	nt->rates = calloc(npass ? npass : 1, sizeof(*nt->rates));
	nt->counts = calloc(npass ? npass : 1, sizeof(*nt->counts));
	tr->def = t;
	tr->seconds = nt->secs;
	tr->status = TS_NOT_RUN;
	tr->passes = calloc(npass ? npass : 1, sizeof(*tr->passes));
	if (nt->ab == NULL || nt->rates == NULL || nt->counts == NULL || tr->passes == NULL ||
	    runner_build_argv(env, t, nt->secs, copies, nt->ab, tr->command, sizeof(tr->command)) != 0) {
		tr->status = TS_FAILED;
		fmt(tr->reason, sizeof(tr->reason), "cannot prepare the command");
		return 0;
	}
	log_banner(env, t, copies);
	runner_log(env, "==> %s\n\n", octal_controls(tr->command, line, sizeof(line)));
	tr->status = runner_can_run(env, t, copies, tr->reason, sizeof(tr->reason));
	if (tr->status == TS_OK)
		tr->reason[0] = '\0';
	if (tr->status != TS_OK) {
		runner_log(env, ">>>> %s: %s\n\n", t->name, tr->reason);
		env->eta_done += npass * plan->pass_estimate;
		return 0;
	}
	if (cfg->verbose && !cfg->quiet) {
		runner_progress_break(env);
		fprintf(stderr, "COMMAND: %s\nCOPIES: %u\n", tr->command, copies);
	}
	return 1;
}

int runner_test(struct run_env *env, size_t ti, const struct test_def *prev,
		unsigned copies, struct bench_result *tr)
{
	struct normal_test nt;
	struct test_loop L;
	int sig = normal_begin(env, ti, prev, copies, tr, &nt, &L, 1)
		? test_loop_run(&L) : sig_pending();

	normal_free(&nt);
	return sig;
}

/* --order spread's walk: the begun tests' steps in sched_spread's order; 0 or the signal. */
static int spread_steps(struct run_env *env, struct test_loop *L, const int *begun, size_t n,
			const struct test_def *prev)
{
	unsigned *count = calloc(n ? n : 1, sizeof(*count));
	double *cost = calloc(n ? n : 1, sizeof(*cost));
	int *together = calloc(n ? n : 1, sizeof(*together));
	size_t len = 0, *order, nrun = 0;
	int sig = 0;

	for (size_t i = 0; i < n && count != NULL && cost != NULL && together != NULL; i++) {
		count[i] = begun[i] ? L[i].nsteps : 0;
		cost[i] = L[i].plan->pass_estimate;
		together[i] = (L[i].t->flags & TF_TOGETHER) != 0;
		len += count[i];
		nrun += begun[i] != 0;
	}
	order = calloc(len ? len : 1, sizeof(*order));
	if (count == NULL || cost == NULL || together == NULL || order == NULL) {
		/* No memory for the order: each test's steps in turn, as grouped. */
		for (size_t i = 0; i < n && !sig; i++)
			if (begun[i])
				while (test_loop_step(&L[i]))
					;
		sig = sig_pending();
	} else {
		double gap;
		char note[200], under[100] = "";

		len = sched_spread(count, together, n, order);
		gap = sched_min_gap(order, len, cost, n);
		if (gap >= 0 && gap < SCHED_GAP_S)
			fmt(under, sizeof(under), " (under the %.0f s the host's memory needs: too "
			    "few tests to spread them further)", SCHED_GAP_S);
		if (gap < 0)
			fmt(note, sizeof(note), "no test takes two samples: nothing to spread");
		else
			fmt(note, sizeof(note), "samples of one test at least %.0f s apart as "
			    "planned%s", gap, under);
		runner_log(env, "Order: spread, %zu samples of %zu tests; %s\n\n", len, nrun, note);
		for (size_t s = 0; s < len && !sig; s++) {
			struct test_loop *l = &L[order[s]];

			if (l->over)
				continue;
			if (prev != l->t)
				l->nsample = 0;     /* the settle rule: its first after another */
			l->prev = prev;
			if (test_loop_step(l))
				prev = l->t;
			if (l->sig)
				sig = l->sig;
		}
	}
	for (size_t i = 0; i < n; i++)
		if (sig && begun[i] && !L[i].over)
			L[i].sig = sig;
	free(count);
	free(cost);
	free(together);
	free(order);
	return sig;
}

/*
 * --order spread: every test begun, their samples spread, each ended
 * (runner_tests); *sig the signal that stopped it.  -1 when there is no
 * memory to spread them (nothing has run), else 0.
 */
static int spread_tests(struct run_env *env, const size_t *tis, size_t n,
			const struct test_def *prev, unsigned copies,
			struct bench_result *const *trs, int *sigp)
{
	struct normal_test *nt = calloc(n, sizeof(*nt));
	struct test_loop *L = calloc(n, sizeof(*L));
	int *begun = calloc(n, sizeof(*begun));
	int sig = 0;

	if (nt == NULL || L == NULL || begun == NULL) {
		free(nt);
		free(L);
		free(begun);
		return -1;
	}
	/* One plan for all of them, made before the first (plan_again: what is left). */
	runner_replan(env, tis[0]);
	for (size_t i = 0; i < n && !sig; i++) {
		begun[i] = normal_begin(env, tis[i], prev, copies, trs[i], &nt[i], &L[i], 0);
		nt[i].spread = 1;
		sig = sig_pending();
	}
	if (!sig)
		sig = spread_steps(env, L, begun, n, prev);
	for (size_t i = 0; i < n; i++) {
		if (begun[i]) {
			L[i].sig = L[i].sig ? L[i].sig : sig;
			test_loop_end(&L[i]);
		}
		normal_free(&nt[i]);
		if (env->repeat_done != NULL)
			env->repeat_done[tis[i]]++;
	}
	free(nt);
	free(L);
	free(begun);
	*sigp = sig;
	return 0;
}

int runner_tests(struct run_env *env, const size_t *tis, size_t n, const struct test_def *prev,
		 unsigned copies, struct bench_result *const *trs)
{
	int sig = 0;

	/* No memory to spread them: grouped. */
	if (env->cfg->order == ORDER_SPREAD && n > 1 &&
	    spread_tests(env, tis, n, prev, copies, trs, &sig) == 0)
		return sig;
	for (size_t i = 0; i < n && !sig; i++) {
		sig = runner_test(env, tis[i], i ? env->cfg->tests[tis[i - 1]] : prev, copies, trs[i]);
		if (env->repeat_done != NULL)
			env->repeat_done[tis[i]]++;
	}
	return sig;
}

int runner_copy_run(struct run_env *env, unsigned copies, struct copy_run *run)
{
	const struct config *cfg = env->cfg;
	size_t *tis = calloc(cfg->ntests ? cfg->ntests : 1, sizeof(*tis));
	struct bench_result **trs = calloc(cfg->ntests ? cfg->ntests : 1, sizeof(*trs));
	int sig = 0;

	memset(run, 0, sizeof(*run));
	run->copies = copies;
	run->start = time(NULL);
	run->tests = calloc(cfg->ntests ? cfg->ntests : 1, sizeof(*run->tests));
	if (run->tests == NULL) {
		free(tis);
		free(trs);
		return 0;
	}
	for (size_t i = 0; i < cfg->ntests; i++) {
		struct bench_result *tr = &run->tests[run->ntests];

		if (!plan_listed_at(cfg, cfg->tests[i], env->count))
			continue;       /* a disk test beyond its 1-copy block */
		run->ntests++;
		tr->def = cfg->tests[i];
		tr->status = TS_NOT_RUN;
		fmt(tr->reason, sizeof(tr->reason), "interrupted");
	}
	if (tis != NULL && trs != NULL) {
		size_t n = 0;

		for (size_t i = 0; i < cfg->ntests; i++)
			if (plan_listed_at(cfg, cfg->tests[i], env->count)) {
				tis[n] = i;
				trs[n] = &run->tests[n];
				n++;
			}
		sig = runner_tests(env, tis, n, NULL, copies, trs);
	}
	free(tis);
	free(trs);
	runner_end_copy_run(env, run);
	return sig;
}

void runner_end_copy_run(struct run_env *env, struct copy_run *run)
{
	if (env->progress != NULL && !env->progress_plain) {
		fprintf(env->progress, "\r\033[K");
		fflush(env->progress);
	}
	run->end = time(NULL);
	score_run(run);
	score_host(run);
}

