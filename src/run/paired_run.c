/* paired_run.c: interleaved rounds across test directories (paired_run.h). */
#define _GNU_SOURCE   /* realpath() */
#include "run/paired_run.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "run/order.h"
#include "run/paths.h"
#include "run/setting.h"
#include "run/sliced.h"
#include "util/sig.h"
#include "run/steps.h"
#include "stats/paired.h"
#include "score/score.h"
#include "sysinfo/interference.h"
#include "sysinfo/mountinfo.h"
#include "util/util.h"
#include "util/quote.h"

int paired_check(struct paired_env *pe, struct run_env *base, const struct config *cfg,
		 struct run_result *r)
{
	memset(pe, 0, sizeof(*pe));
	if (cfg->ndirs < 2)
		return 0;
	for (size_t d = 0; d < cfg->ndirs; d++) {
		struct test_dir *td = &r->dirs[d];
		char merr[256];
		int rc;

		if ((rc = paths_check_dir("test directory", cfg->dirs[d].path)) != 0)
			return rc;
		if (realpath(cfg->dirs[d].path, td->path) == NULL)
			return paths_fail("test directory %s: %s", cfg->dirs[d].path,
					  strerror(errno));
		fmt(td->label, sizeof(td->label), "%s", cfg->dirs[d].label);
		for (size_t e = 0; e < d && cfg->nsettings == 0; e++)
			if (strcmp(r->dirs[e].path, td->path) == 0)
				return paths_fail("--testdir: %s and %s are the same directory",
						  cfg->dirs[e].path, cfg->dirs[d].path);
		td->have_mount = mountinfo_describe(td->path, &td->mount, &td->device,
						    merr, sizeof(merr)) == 0;
		/* Settings share the run's own env: one scratch folder, one disk file. */
		pe->env[d] = d == 0 || cfg->nsettings ? base : &pe->extra[d];
		if (pe->env[d] != base) {
			*pe->env[d] = *base;
			pe->env[d]->scratch[0] = '\0';
		}
	}
	pe->n = cfg->ndirs;
	r->ndirs = cfg->ndirs;
	r->control = cfg->control;
	/* cli_parse gives PAIRED_INSTANCE_SD unless --instance-sd; a mode with
	 * one instance (settings) sets cfg->instance_sd 0 and given[O_INSTANCE_SD]. */
	r->instance_sd = cfg->instance_sd;
	r->instance_set = cfg->given[O_INSTANCE_SD] != 0;
	r->family.margin = cfg->margin;
	r->family.alpha = VERDICT_ALPHA;
	return 0;
}

int paired_make_scratch(struct paired_env *pe, const struct run_result *r)
{
	for (size_t d = 1; d < pe->n; d++) {
		struct run_env *e = pe->env[d];

		if (e == pe->env[0])
			continue;
		if (paths_make_scratch(r->dirs[d].path, e->scratch, sizeof(e->scratch)) != 0)
			return 2;
		fmt(e->disk_file, sizeof(e->disk_file), "%s/" TEST_DISK_FILE, e->scratch);
	}
	return 0;
}

void paired_sync(struct paired_env *pe)
{
	for (size_t d = 1; d < pe->n; d++) {
		struct run_env *e = pe->env[d], keep;

		if (e == pe->env[0])
			continue;
		keep = *e;
		*e = *pe->env[0];
		memcpy(e->scratch, keep.scratch, sizeof(e->scratch));
		memcpy(e->disk_file, keep.disk_file, sizeof(e->disk_file));
		e->prep = keep.prep;    /* its own disk file's state */
		e->disk_size = keep.disk_size;
	}
}

void paired_cleanup(struct paired_env *pe)
{
	for (size_t d = 1; d < pe->n; d++)
		if (pe->env[d] != NULL && pe->env[d] != pe->env[0] && pe->env[d]->scratch[0]) {
			remove_tree(pe->env[d]->scratch);
			pe->env[d]->scratch[0] = '\0';
		}
}

/* Everything one interleaved test holds per directory. */
struct dir_test {
	struct bench_result *tr;
	struct argv_buf *ab;
	double *rates;          /* per round; 0 = none */
	unsigned *places;       /* per round: its place in the round's order, from 1 */
	int active;
};

static void begin_dir(struct paired_env *pe, const struct test_def *t, size_t d,
		      unsigned secs, unsigned nround, unsigned copies, const char *label,
		      struct dir_test *dt)
{
	struct run_env *e = pe->env[d];
	struct bench_result *tr = dt->tr;
	char line[4 * sizeof(tr->command)];

	tr->def = t;
	tr->seconds = secs;
	tr->status = TS_FAILED;
	tr->reason[0] = '\0';
	tr->passes = calloc(nround ? nround : 1, sizeof(*tr->passes));
	dt->rates = calloc(nround ? nround : 1, sizeof(*dt->rates));
	dt->places = calloc(nround ? nround : 1, sizeof(*dt->places));
	dt->ab = calloc(1, sizeof(*dt->ab));
	dt->active = 0;
	if (tr->passes == NULL || dt->rates == NULL || dt->places == NULL || dt->ab == NULL ||
	    runner_build_argv(e, t, secs, copies, dt->ab, tr->command, sizeof(tr->command)) != 0) {
		fmt(tr->reason, sizeof(tr->reason), "cannot prepare the command");
		return;
	}
	runner_log(pe->env[0], "################################################################################\n"
		   "%s -- %u cop%s -- test dir %s\n==> %s\n\n", t->title, copies,
		   copies == 1 ? "y" : "ies", label, octal_controls(tr->command, line, sizeof(line)));
	tr->status = runner_can_run(e, t, copies, tr->reason, sizeof(tr->reason));
	if (tr->status == TS_OK) {
		tr->reason[0] = '\0';
		dt->active = 1;
	} else {
		runner_log(pe->env[0], ">>>> %s [%s]: %s\n\n", t->name, label, tr->reason);
	}
}

/* A finished sample of round r into dt: the test fails or skips with it. */
static void record_sample(struct dir_test *dt, struct pass_result *pr, unsigned r, unsigned slot)
{
	pr->round = r + 1;
	pr->slot = slot;
	dt->places[r] = slot;
	dt->tr->npasses++;
	if (!pr->ok) {
		dt->tr->status = pr->skipped ? TS_SKIPPED : TS_FAILED;
		fmt(dt->tr->reason, sizeof(dt->tr->reason), "%s", pr->reason);
		dt->active = 0;
		return;
	}
	dt->rates[r] = score_pass_rate(dt->tr->def, pr);
}

/* One sample of directory d in round r at place slot; 0, or -1 on a signal. */
static int one_sample(struct paired_env *pe, const struct test_def *t, size_t d, unsigned r,
		      unsigned slot, unsigned copies, unsigned secs, struct dir_test *dt)
{
	struct pass_result *pr = &dt->tr->passes[r];
	int rc;

	runner_log(pe->env[0], "#### Round %u, test dir %zu (place %u)\n\n", r + 1, d + 1, slot);
	pe->env[d]->journal_dir = (int)d;
	rc = runner_pass(pe->env[d], t, dt->ab->argv, copies,
			 plan_pass_timeout(pe->env[d]->cfg, t, secs), pr);
	pe->env[d]->journal_dir = 0;
	if (rc != 0) {
		free(pr->copies);
		memset(pr, 0, sizeof(*pr));
		return -1;
	}
	record_sample(dt, pr, r, slot);
	return 0;
}

/*
 * A sliced row's round r (sliced.h): one process for the active directories
 * in the order ord, its pass split into each one's sample.  Returns the
 * samples taken (0 when none was active), or -1 on a signal.
 */
static int sliced_round(struct paired_env *pe, const struct test_def *t, unsigned r,
			const size_t *ord, size_t nd, unsigned copies, unsigned secs,
			struct dir_test *dt, const char *const *labels)
{
	struct run_env *env0 = pe->env[0];
	const struct config *cfg = env0->cfg;
	const char *dirs[MAX_TESTDIRS];
	size_t list[MAX_TESTDIRS], n = 0;
	struct pass_result all;
	struct argv_buf *ab;
	char cmd[512], line[4 * 512], names[MAX_TESTDIRS * (TESTDIR_LABEL_MAX + 1)] = "";
	int rc, culprit;

	for (size_t s = 0; s < nd; s++)
		if (dt[ord[s]].active) {
			list[n] = ord[s];
			dirs[n++] = pe->env[ord[s]]->scratch;
			fmt(names + strlen(names), sizeof(names) - strlen(names), " %s", labels[ord[s]]);
		}
	if (n == 0)
		return 0;
	ab = calloc(1, sizeof(*ab));
	if (ab == NULL || runner_build_sliced_argv(env0, t, dirs, n, secs, copies, ab,
						   cmd, sizeof(cmd)) != 0) {
		free(ab);
		for (size_t j = 0; j < n; j++) {
			dt[list[j]].tr->status = TS_FAILED;
			fmt(dt[list[j]].tr->reason, sizeof(dt[list[j]].tr->reason),
			    "cannot prepare the command");
			dt[list[j]].active = 0;
		}
		return 0;
	}
	runner_log(env0, "#### Round %u, test dirs%s: one process, sliced\n==> %s\n\n",
		   r + 1, names, octal_controls(cmd, line, sizeof(line)));
	/* Its deadline: every side's own, and the round's switches (plan.h). */
	memset(&all, 0, sizeof(all));
	env0->journal_dir = JOURNAL_ALL_DIRS;
	rc = runner_pass(env0, t, ab->argv, copies, plan_sliced_round_timeout(cfg, t, secs, n),
			 &all);
	env0->journal_dir = 0;
	free(ab);
	if (rc != 0) {
		free(all.copies);
		return -1;
	}
	culprit = all.ok ? 0 : sliced_culprit(&all, n);
	for (size_t j = 0; j < n; j++) {
		struct dir_test *d = &dt[list[j]];
		struct pass_result *pr = &d->tr->passes[r];

		if (r == 0)
			fmt(d->tr->command, sizeof(d->tr->command), "%s", cmd);
		sliced_split(&all, j, pr);
		/* A failed round names the side that caused it, or the round. */
		if (!all.ok && culprit < 0)
			fmt(pr->reason, sizeof(pr->reason), REASON_ROUND "%s", all.reason);
		else if (!all.ok && (size_t)culprit != j)
			fmt(pr->reason, sizeof(pr->reason), REASON_ROUND "%s failed (%s)",
			    labels[list[culprit]], all.reason);
		/* The round's interference, measured around its one process: each its share. */
		intf_share(&all.intf, j, n, &pr->intf);
		record_sample(d, pr, r, (unsigned)j + 1);
	}
	free(all.copies);
	return (int)n;
}

/* What plan_rounds_done() reads of each directory; 1 when one is still active. */
static int dir_views(const struct dir_test *dt, size_t nd, int *active, const double **rates,
		     const unsigned **places)
{
	int any = 0;

	for (size_t d = 0; d < nd; d++) {
		active[d] = dt[d].active;
		rates[d] = dt[d].rates;
		places[d] = dt[d].places;
		any |= active[d];
	}
	return any;
}

static unsigned active_dirs(const struct dir_test *dt, size_t nd)
{
	unsigned n = 0;

	for (size_t d = 0; d < nd; d++)
		n += dt[d].active != 0;
	return n;
}

/* A paired test's steps (test_loop): one round across the directories each. */
struct paired_test {
	struct paired_env *pe;
	struct dir_test dt[MAX_TESTDIRS];
	const double *rates[MAX_TESTDIRS];
	const unsigned *places[MAX_TESTDIRS];
	int active[MAX_TESTDIRS];
	const char *const *labels;
	unsigned secs;
	int sliced;
};

static unsigned paired_active(struct test_loop *L)
{
	struct paired_test *pt = L->ctx;
	size_t nd = pt->pe->n;

	dir_views(pt->dt, nd, pt->active, pt->rates, pt->places);
	return active_dirs(pt->dt, nd);
}

static int paired_done(struct test_loop *L, unsigned k, double elapsed, int *capped)
{
	struct paired_test *pt = L->ctx;

	dir_views(pt->dt, pt->pe->n, pt->active, pt->rates, pt->places);
	return plan_rounds_done(L->plan, pt->rates, pt->places, pt->active, pt->pe->n, k,
				elapsed, capped);
}

/* Round r: the directories in the Williams order, in one sliced process or
 * one sample each. */
static int paired_round(struct test_loop *L, unsigned r)
{
	struct paired_test *pt = L->ctx;
	size_t nd = pt->pe->n, ord[MAX_TESTDIRS];
	double t0;
	int n;

	williams_row(nd, r, ord);
	if (pt->sliced) {
		if (test_loop_settle(L, "round", r + 1))
			return -1;
		t0 = now_mono();
		if ((n = sliced_round(pt->pe, L->t, r, ord, nd, L->copies, pt->secs, pt->dt,
				      pt->labels)) < 0)
			return -1;
		test_loop_account(L, (unsigned)n, t0);
		return 0;
	}
	for (size_t s = 0; s < nd; s++) {
		size_t d = ord[s];
		char step[48];

		if (!pt->dt[d].active)
			continue;
		fmt(step, sizeof(step), "%s round", pt->labels[d]);
		/* Settings mode: the setting in force before the settle and the sample. */
		if (pt->pe->set != NULL && setting_apply(pt->pe->set, d, r + 1) != 0)
			return pt->pe->set->failed ? TEST_LOOP_ABORT : -1;
		if (test_loop_settle(L, step, r + 1))
			return -1;
		t0 = now_mono();
		if (one_sample(pt->pe, L->t, d, r, (unsigned)s + 1, L->copies, pt->secs,
			       &pt->dt[d]) != 0)
			return -1;
		test_loop_account(L, 1, t0);
	}
	return 0;
}

/* Test ti in every directory: trs[0..nd) its results, nd = pe->n. */
static int paired_test(struct paired_env *pe, size_t ti, const struct test_def *prev,
		       unsigned copies, struct bench_result **trs, size_t nd,
		       const char *const *labels)
{
	struct run_env *env0 = pe->env[0];
	const struct config *cfg = env0->cfg;
	const struct test_def *t = cfg->tests[ti];
	const struct test_plan *plan = &env0->plans[ti];
	struct paired_test pt;
	struct test_loop L = {
		.env = env0, .t = t, .prev = prev, .plan = plan, .ti = ti, .copies = copies,
		.width = (unsigned)nd, .steps_word = "rounds", .trs = trs, .ntrs = nd,
		.labels = labels, .active = paired_active, .done = paired_done,
		.step = paired_round, .ctx = &pt,
	};

	memset(&pt, 0, sizeof(pt));
	pt.pe = pe;
	pt.labels = labels;
	pt.sliced = plan_sliced(cfg, t) != NULL;
	runner_replan(env0, ti);
	pt.secs = plan->seconds;
	L.nsteps = plan->max_samples;
	for (size_t d = 0; d < nd && !L.sig; d++) {
		pt.dt[d].tr = trs[d];
		begin_dir(pe, t, d, pt.secs, L.nsteps, copies, labels[d], &pt.dt[d]);
		if (trs[d]->status == TS_NOT_RUN || sig_pending())
			L.sig = sig_pending();
	}
	L.sig = test_loop_run(&L);
	for (size_t d = 0; d < nd; d++) {
		free(pt.dt[d].ab);
		free(pt.dt[d].rates);
		free(pt.dt[d].places);
	}
	return L.sig;
}

int paired_copy_run(struct paired_env *pe, unsigned copies, struct copy_run *runs)
{
	const struct config *cfg = pe->env[0]->cfg;
	const char *labels[MAX_TESTDIRS];
	size_t nd = pe->n, k[MAX_TESTDIRS] = { 0 };
	int sig = 0;

	for (size_t d = 0; d < nd; d++) {
		struct copy_run *run = &runs[d];

		memset(run, 0, sizeof(*run));
		run->copies = copies;
		run->dir = d;
		run->start = time(NULL);
		run->tests = calloc(cfg->ntests ? cfg->ntests : 1, sizeof(*run->tests));
		if (run->tests == NULL)
			return 0;
		labels[d] = cfg->dirs[d].label;
	}
	/* Every test that would run here, "interrupted" until it has run. */
	for (size_t i = 0; i < cfg->ntests; i++)
		for (size_t d = 0; d < nd; d++) {
			struct bench_result *tr;

			if ((d > 0 && !plan_paired(cfg, cfg->tests[i])) ||
			    !plan_listed_at(cfg, cfg->tests[i], pe->env[0]->count))
				continue;
			tr = &runs[d].tests[runs[d].ntests++];
			tr->def = cfg->tests[i];
			tr->status = TS_NOT_RUN;
			fmt(tr->reason, sizeof(tr->reason), "interrupted");
		}
	for (size_t i = 0; i < cfg->ntests && !sig; i++) {
		const struct test_def *prev = i ? cfg->tests[i - 1] : NULL;
		struct bench_result *trs[MAX_TESTDIRS];

		if (!plan_listed_at(cfg, cfg->tests[i], pe->env[0]->count))
			continue;
		if (!plan_paired(cfg, cfg->tests[i])) {
			/* The tests up to the next interleaved one, in --order's order. */
			size_t tis[MAX_SELECTED], m = 0;
			struct bench_result *one[MAX_SELECTED];

			for (; i < cfg->ntests && !plan_paired(cfg, cfg->tests[i]); i++) {
				tis[m] = i;
				one[m++] = &runs[0].tests[k[0]++];
			}
			sig = runner_tests(pe->env[0], tis, m, prev, copies, one);
			i--;
			continue;
		}
		for (size_t d = 0; d < nd; d++)
			trs[d] = &runs[d].tests[k[d]++];
		sig = paired_test(pe, i, prev, copies, trs, nd, labels);
	}
	if (pe->env[0]->progress != NULL && !pe->env[0]->progress_plain) {
		fprintf(pe->env[0]->progress, "\r\033[K");
		fflush(pe->env[0]->progress);
	}
	for (size_t d = 0; d < nd; d++) {
		runs[d].end = time(NULL);
		score_run(&runs[d]);
	}
	return sig;
}

/*
 * Whether a row with instance term 'term' was stopped by Stein's rule (the
 * plan's plan_two_stage(): --precision, no instance term), so it is judged
 * on the first stage's SD (paired_compute_two_stage).
 */
static int two_stage(const struct run_result *r, double term)
{
	return r->precision > 0 && term == 0;
}

/* Directory d's rate per round of test def in run (0: none); the rounds run. */
static size_t round_rates(const struct copy_run *run, const struct test_def *def,
			  double *out, unsigned *place, size_t max, enum test_status *status)
{
	size_t n = 0;

	*status = TS_NOT_RUN;
	for (size_t k = 0; k < run->ntests; k++) {
		const struct bench_result *t = &run->tests[k];

		if (t->def != def)
			continue;
		*status = t->status;
		for (size_t p = 0; p < t->npasses && p < max; p++) {
			const struct pass_result *ps = &t->passes[p];
			size_t r = ps->round ? ps->round - 1 : p;

			if (r < max && ps->ok && !ps->excluded) {
				out[r] = ps->rate;
				place[r] = ps->slot;
			}
			if (r + 1 > n)
				n = r + 1;
		}
	}
	return n;
}

/*
 * Directory d's partial score ratio at the copy count of runs[i..]: every
 * compared test that uses the test directory, round by round.
 */
static int score_ratio(struct run_result *r, size_t i, size_t d, struct paired_score *out)
{
	const struct copy_run *base = &r->runs[i], *other = &r->runs[i + d];
	size_t k = 0, n = 0, cap = 0;
	double **rates;
	int rc = 0;

	for (size_t c = 0; c < r->ncmps; c++)
		cap += r->cmps[c].copies == base->copies && r->cmps[c].dir == d;
	rates = calloc(2 * (cap ? cap : 1), sizeof(*rates));
	if (rates == NULL)
		return -1;
	for (size_t c = 0; c < r->ncmps && rc == 0; c++) {
		const struct paired_cmp *pc = &r->cmps[c];
		unsigned *pl;
		enum test_status sa, sb;
		size_t max = pc->rounds;

		if (pc->copies != base->copies || pc->dir != d || pc->control ||
		    pc->base_status != TS_OK || pc->status != TS_OK || pc->def->baseline <= 0)
			continue;
		rates[2 * k] = calloc(2 * (max ? max : 1), sizeof(**rates));
		pl = calloc(max ? max : 1, sizeof(*pl));
		if (rates[2 * k] == NULL || pl == NULL) {
			free(pl);
			rc = -1;
			break;
		}
		rates[2 * k + 1] = rates[2 * k] + max;
		round_rates(base, pc->def, rates[2 * k], pl, max, &sa);
		round_rates(other, pc->def, rates[2 * k + 1], pl, max, &sb);
		free(pl);
		if (k == 0 || max < n)
			n = max;
		k++;
	}
	if (rc == 0) {
		const double **pb = calloc(k ? k : 1, sizeof(*pb)), **po = calloc(k ? k : 1, sizeof(*po));

		if (pb != NULL && po != NULL) {
			for (size_t t = 0; t < k; t++) {
				pb[t] = rates[2 * t];
				po[t] = rates[2 * t + 1];
			}
			*out = (struct paired_score){ .copies = base->copies, .dir = d, .ntests = k };
			paired_score_ratio(pb, po, k, n,
					   two_stage(r, run_instance_term(r)) ? PAIRED_STAGE_ONE : 0,
					   &out->st);
			/*
			 * The instance term of the partial score ratio: the k tests
			 * are all on the same two directories (control rows are left
			 * out above), so their terms are one cause, not k independent
			 * ones: the score's log-ratio (1/k) sum d_t carries (1/k) sum
			 * u_t = u, the full term, not sd / sqrt(k)
			 * (docs/methodology.md section 8).
			 */
			paired_set_instance(&out->st, run_instance_term(r));
		} else {
			rc = -1;
		}
		free(pb);
		free(po);
	}
	for (size_t t = 0; t < k; t++)
		free(rates[2 * t]);
	free(rates);
	return rc;
}

int paired_compare(struct run_result *r)
{
	size_t nd = r->ndirs, cap = 0;

	free(r->cmps);
	r->cmps = NULL;
	r->ncmps = 0;
	if (nd < 2)
		return 0;
	for (size_t i = 0; i + nd <= r->nruns; i += nd)
		cap += r->runs[i].ntests * (nd - 1);
	r->cmps = calloc(cap ? cap : 1, sizeof(*r->cmps));
	if (r->cmps == NULL)
		return -1;
	for (size_t i = 0; i + nd <= r->nruns; i += nd) {
		const struct copy_run *base = &r->runs[i];

		for (size_t k = 0; k < base->ntests; k++) {
			const struct bench_result *bt = &base->tests[k];
			size_t max = bt->npasses;

			if (!test_interleaved(bt->def, nd, r->control))
				continue;
			for (size_t d = 1; d < nd; d++)
				for (size_t j = 0; j < r->runs[i + d].ntests; j++)
					if (r->runs[i + d].tests[j].def == bt->def &&
					    r->runs[i + d].tests[j].npasses > max)
						max = r->runs[i + d].tests[j].npasses;
			for (size_t d = 1; d < nd; d++) {
				struct paired_cmp *c = &r->cmps[r->ncmps++];
				double *a = calloc(max ? 2 * max : 1, sizeof(*a));
				unsigned *pa = calloc(max ? 2 * max : 1, sizeof(*pa));
				size_t na, nb;

				c->copies = base->copies;
				c->def = bt->def;
				c->dir = d;
				/* Settings mode: every test is compared, none a control. */
				c->control = !(bt->def->flags & TF_TESTDIR) && r->nsettings == 0;
				if (a == NULL || pa == NULL) {
					free(a);
					free(pa);
					return -1;
				}
				/* The baseline's rounds in a[0..max), this directory's after. */
				na = round_rates(base, bt->def, a, pa, max, &c->base_status);
				nb = round_rates(&r->runs[i + d], bt->def, a + max, pa + max, max,
						 &c->status);
				c->rounds = na > nb ? na : nb;
				if (two_stage(r, c->control ? 0 : run_instance_term(r)))
					paired_compute_two_stage(a, a + max, na < nb ? na : nb,
								 PAIRED_STAGE_ONE, &c->st);
				else
					paired_compute_ordered(a, a + max, pa, pa + max, nd,
							       na < nb ? na : nb, &c->st);
				/* A test that does not touch the directory has no instance to differ by. */
				paired_set_instance(&c->st, c->control ? 0 : run_instance_term(r));
				free(a);
				free(pa);
			}
		}
	}
	free(r->pscores);
	r->npscores = 0;
	r->pscores = calloc((r->nruns / nd) * (nd - 1) + 1, sizeof(*r->pscores));
	if (r->pscores == NULL)
		return -1;
	for (size_t i = 0; i + nd <= r->nruns; i += nd)
		for (size_t d = 1; d < nd; d++)
			if (score_ratio(r, i, d, &r->pscores[r->npscores++]) != 0)
				return -1;
	return score_paired_judge(r);
}
