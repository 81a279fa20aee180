/*
 * test_record.c: the run's record (report_json.c) read back by
 * reader/record_read.c.  Each model below has every field set, doubles
 * with all 53 bits in use; it is written, read back and compared byte for
 * byte with the original (pointers aside), so a field the writer leaves
 * out or the reader drops, or a double that moves by one bit, fails.
 * Models: a normal run (two copy counts, a failed and a skipped test,
 * interference, a program measuring several directories), a quick run, a
 * paired run (three directories, comparisons, partial scores) and a
 * redacted one.  Then the reader's strictness: unknown keys, wrong types,
 * long strings, deep or endless input, a newer schema, and schema 1.
 */
#include <check.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare_int.h"
#include "reader/record_read.h"
#include "score/score.h"
#include "stats/stats.h"
#include "report/report.h"
#include "run/redact.h"

/* A double with every mantissa bit in use, different per k. */
static double val(unsigned k)
{
	return (1.0 + (double)k) / 3.0 * (1.0 + 1e-9 * k) + 1e-12 / (k + 7.0);
}

static struct copy_result *alloc_copies(size_t n)
{
	struct copy_result *c = calloc(n, sizeof(*c));

	ck_assert_ptr_nonnull(c);
	return c;
}

static void fill_metric(struct metric *m, unsigned k)
{
	snprintf(m->name, sizeof(m->name), "metric_%u", k);
	snprintf(m->unit, sizeof(m->unit), k % 2 ? "ns" : "MB/s");
	m->value = val(k);
	m->combine = (enum metric_combine)(k % MC_NCOMBINE);
}

static void fill_copy(struct copy_result *c, unsigned k, int multi_dir)
{
	c->ok = k % 5 != 4;
	c->count = val(k) * 1e6;
	c->timebase = k % 3 ? 1 : 0;
	c->time = k % 4 ? val(k + 1) : -1;
	c->elapsed = val(k + 2);
	c->wait_status = k % 6 ? (int)(k % 3) << 8 : -1;
	c->cpu = k % 7 ? (int)(k % 4) : -1;
	c->started = k % 3 ? val(k + 3) * 100 : -1;
	c->nmetrics = k % 3;
	for (size_t m = 0; m < c->nmetrics; m++)
		fill_metric(&c->metrics[m], k + (unsigned)m);
	if (k % 2)
		snprintf(c->note, sizeof(c->note), "buffered \"%u\"", k);
	for (size_t d = 0; d < PROTOCOL_MAX_DIRS; d++)
		c->dir_time[d] = -1;
	if (multi_dir) {
		c->dir_seen = 0x5;      /* directories 0 and 2 */
		c->dir_count[0] = val(k + 4);
		c->dir_time[0] = val(k + 5);
		c->dir_count[2] = val(k + 6);
		snprintf(c->dir_note[2], sizeof(c->dir_note[2]), "direct");
	}
}

static void fill_pass(struct pass_result *p, unsigned k, size_t ncopies, int paired, int multi)
{
	p->ok = k % 5 != 4;
	p->skipped = k % 11 == 10;
	p->count = val(k) * 1e7;
	p->time = val(k + 1) * 10;
	p->rate = val(k + 2) * 1e5;
	p->dropped = k % 3 == 0;
	p->excluded = k % 4 == 1;
	if (!p->ok)
		snprintf(p->reason, sizeof(p->reason), "exit status 1 \\ \xc3\xa9 %u", k);
	p->copies = alloc_copies(ncopies);
	p->ncopies = ncopies;
	for (size_t c = 0; c < ncopies; c++)
		fill_copy(&p->copies[c], k * 3 + (unsigned)c, multi);
	/* The writer's convention: no spread over one copy (0 or -1 as measured). */
	if (ncopies > 1)
		p->start_spread = k % 2 ? val(k + 3) * 1e-3 : -1;
	else
		p->start_spread = ncopies == 1 && p->copies[0].started >= 0 ? 0 : -1;
	p->at = k % 4 ? val(k + 9) * 50 : -1;
	if (paired) {
		p->round = 1 + k % 5;
		p->slot = 1 + k % 3;
	}
	if (k % 4 == 0) {   /* a --sustained sample's series */
		p->nseries = 3 + k % 2;
		p->series = calloc(p->nseries, sizeof(*p->series));
		ck_assert_ptr_nonnull(p->series);
		for (size_t i = 0; i < p->nseries; i++)
			p->series[i] = (struct series_pt){ 0.2 * (double)(i + 1), val(k + (unsigned)i),
							  val(k + 9) * 1e3 };
	}
	if (k % 3 != 2) {
		struct intf_sample *s = &p->intf;

		s->have = k % 3 ? 0x1f : INTF_HAVE_STEAL | INTF_HAVE_PSI;
		s->flags = k % 2 ? INTF_STEAL | INTF_THROTTLED : INTF_CONTENDED;
		s->wall = val(k + 4);
		s->ncpus = 2;
		s->copies = (unsigned)ncopies;
		s->steal = val(k + 5) * 1e-2;
		s->psi_some = val(k + 6) * 1e-2;
		if (s->have & INTF_HAVE_IVCSW)
			s->ivcsw = 1000 + k;
		if (s->have & INTF_HAVE_DELAY)
			s->run_delay = val(k + 7) * 1e-3;
		if (s->have & INTF_HAVE_THROTTLE) {
			s->throttled = val(k + 8) * 1e-4;
			s->nr_throttled = 3 + k;
		}
	}
}

static const char *const test_names[] = {
	"dhry2reg", "whetstone-double", "execl", "fstime", "pipe", "context1", "spawn", "dc",
	"mem-latency",  /* a time unit: base key "seconds" */
};
#define NTEST_NAMES (sizeof(test_names) / sizeof(test_names[0]))

static void fill_test(struct bench_result *t, unsigned k, size_t ncopies, size_t npasses,
		      int paired, int exclude_disturbed)
{
	t->def = test_find(test_names[k % NTEST_NAMES]);
	ck_assert_ptr_nonnull(t->def);
	t->status = k % NTEST_NAMES == 2 ? TS_FAILED : k % NTEST_NAMES == 7 ? TS_SKIPPED : TS_OK;
	if (t->status != TS_OK)
		snprintf(t->reason, sizeof(t->reason), "not run: \"%s\"\n", t->def->name);
	if (k % 2)
		snprintf(t->note, sizeof(t->note), "buffered");
	snprintf(t->command, sizeof(t->command), "pgms/%s 10 'x y'", t->def->prog);
	t->seconds = 10 + k % 3;
	if (t->status == TS_OK) {
		t->npasses = npasses;
		t->passes = calloc(npasses ? npasses : 1, sizeof(*t->passes));
		ck_assert_ptr_nonnull(t->passes);
		for (size_t p = 0; p < npasses; p++)
			fill_pass(&t->passes[p], k * 10 + (unsigned)p, ncopies, paired,
				  k % NTEST_NAMES == 3 && p == 0);
		t->score = val(k) * 1e4;
		t->time = val(k + 1) * 10;
		t->index = t->def->baseline > 0 ? val(k + 2) * 100 : 0;
		t->kept = npasses - npasses / 3;
		t->excluded = k % 2;
		/* runner_finish_test: the result with every sample, under --exclude-disturbed */
		t->score_all = t->excluded ? val(k + 11) * 1e4 : exclude_disturbed ? t->score : 0;
		t->flagged_kept = k % 3 == 1;
		t->stats.n = npasses;
		if (npasses > 0) {
			t->stats.mean = val(k + 3) * 1e4;
			t->stats.median = val(k + 4) * 1e4;
			t->stats.min = val(k + 5) * 1e3;
			t->stats.max = val(k + 6) * 1e5;
			t->stats.ci_lo = t->stats.ci_hi = t->stats.mean;
		}
		if (npasses > 1) {
			t->stats.sd = val(k + 7) * 10;
			t->stats.cv = val(k + 8) * 1e-2;
			t->stats.ci_half = val(k + 9);
			t->stats.ci_lo = t->stats.mean - t->stats.ci_half;
			t->stats.ci_hi = t->stats.mean + t->stats.ci_half;
		}
		t->stats.flags = k % 4;
		t->nmetrics = k % 3;
		for (size_t m = 0; m < t->nmetrics; m++)
			fill_metric(&t->metrics[m], k + 20 + (unsigned)m);
		t->capped = k % 2;
		t->scaling = ncopies > 1 ? val(k + 10) : 0;
	}
	t->shared_cpu = (int)(k % 3) - 1;
}

static void fill_mount(struct mount_entry *m, struct device_info *d, unsigned k)
{
	m->mount_id = 30 + (int)k;
	m->parent_id = 20 + (int)k;
	m->major = 8;
	m->minor = k;
	snprintf(m->root, sizeof(m->root), "/");
	snprintf(m->mount_point, sizeof(m->mount_point), "/srv/dir %u \"q\"", k);
	snprintf(m->options, sizeof(m->options), "rw,noatime");
	snprintf(m->fstype, sizeof(m->fstype), "ext4");
	snprintf(m->source, sizeof(m->source), "/dev/sda%u", k);
	snprintf(m->super_options, sizeof(m->super_options), "rw,discard");
	m->space_known = 1;
	m->total_bytes = 1ULL << 40;
	m->free_bytes = (1ULL << 39) + k;
	m->avail_bytes = (1ULL << 38) + k;
	snprintf(d->kind, sizeof(d->kind), "partition");
	snprintf(d->name, sizeof(d->name), "sda%u", k);
	snprintf(d->disk, sizeof(d->disk), "sda");
	d->rotational = k % 2;
	snprintf(d->scheduler, sizeof(d->scheduler), "mq-deadline");
	snprintf(d->model, sizeof(d->model), "QEMU HARDDISK");
	snprintf(d->dm_name, sizeof(d->dm_name), k % 2 ? "vg0-home" : "");
	snprintf(d->slaves, sizeof(d->slaves), k % 2 ? "sda3,sdb1" : "");
}

/* What cpulimits_collect and hoststate_read fill (k: which variant). */
static void fill_host(struct sys_info *si, unsigned k)
{
	struct cpu_limits *l = &si->limits;

	l->online = 64;
	l->affinity = k % 2 ? 0 : 48;
	snprintf(l->cpuset, sizeof(l->cpuset), "%s", k % 2 ? "" : "0-31");
	l->cpuset_n = k % 2 ? 0 : 32;
	l->quota = k % 2 ? 0 : val(k + 60) * 3;
	l->usable = k % 2 ? 64 : 3;
	l->by = k % 2 ? CL_ONLINE : CL_QUOTA;
	l->defaulted = k % 2;
	si->state.read = 1;
	for (int i = 0; i < HS_COUNT; i++) {
		si->state.have[i] = (i + (int)k) % 4 != 0;
		if (si->state.have[i])
			snprintf(si->state.value[i], sizeof(si->state.value[i]), "%s \"%u\" \xc3\xa9",
				 hoststate_rows[i].name, k);
	}
}

static void fill_sys(struct sys_info *si)
{
	snprintf(si->hostname, sizeof(si->hostname), "bench\"host\\back\nline");
	snprintf(si->os, sizeof(si->os), "GNU/Linux");
	snprintf(si->system, sizeof(si->system), "GNU/Linux");
	snprintf(si->distribution, sizeof(si->distribution), "Debian GNU/Linux 13 (trixie)");
	snprintf(si->os_release, sizeof(si->os_release), "6.12.0-1-amd64");
	snprintf(si->os_version, sizeof(si->os_version), "#1 SMP PREEMPT_DYNAMIC");
	snprintf(si->machine, sizeof(si->machine), "x86_64");
	snprintf(si->platform, sizeof(si->platform), "x86_64");
	snprintf(si->language, sizeof(si->language), "en_US.utf8 (charmap=\"UTF-8\")");
	snprintf(si->locale, sizeof(si->locale), "C");
	si->ncpus = 2;
	si->cpus = calloc(2, sizeof(*si->cpus));
	ck_assert_ptr_nonnull(si->cpus);
	si->ncpu_info = 2;
	for (unsigned i = 0; i < 2; i++) {
		snprintf(si->cpus[i].model, sizeof(si->cpus[i].model), "AMD EPYC \xe2\x84\xa2 %u", i);
		si->cpus[i].bogomips = val(i + 40) * 1e3;
		snprintf(si->cpus[i].flags, sizeof(si->cpus[i].flags), "x86-64,MMX,SSE");
	}
	snprintf(si->uptime, sizeof(si->uptime), "up 3 days, load average: 0.10, 0.20, 0.30");
	si->mem_total_kb = 8124356;
	si->timer_res_ns = val(50);
	snprintf(si->cc_version, sizeof(si->cc_version), "gcc 14.2.0");
	snprintf(si->bench_cflags, sizeof(si->bench_cflags), "-O2 -fno-inline");
	snprintf(si->host.id, sizeof(si->host.id), "0123456789abcdef");
	snprintf(si->host.virt, sizeof(si->host.virt), "kvm");
	snprintf(si->host.cpu_model, sizeof(si->host.cpu_model), "AMD EPYC");
	snprintf(si->host.kernel, sizeof(si->host.kernel), "6.12.0-1-amd64");
	snprintf(si->testdir, sizeof(si->testdir), "/srv/my bench|dir/\"quoted\" & <odd>'s");
	si->have_mount = 1;
	fill_mount(&si->mount, &si->device, 1);
}

static void fill_cats(struct copy_run *run, unsigned k)
{
	for (int c = 0; c < CAT_COUNT; c++) {
		struct cat_index *ci = &run->cats[c];

		ci->any_results = c != 3;
		ci->nbaseline = 5 + (size_t)c;
		ci->nindexed = c == 2 ? 0 : 3 + (size_t)c;
		ci->partial = ci->nindexed < ci->nbaseline;
		ci->score = ci->nindexed ? val(k + (unsigned)c) * 1e3 : 0;
	}
}

static void fill_paired_stats(struct paired_stats *st, unsigned k)
{
	st->n = 5 + k % 4;
	st->mean_log = val(k) * 1e-2 - 0.001;
	st->sd_log = val(k + 1) * 1e-2;
	st->half_log = val(k + 2) * 1e-2;
	st->ratio = exp(st->mean_log);
	st->ci_lo = st->ratio * (1 - val(k + 3) * 1e-2);
	st->ci_hi = st->ratio * (1 + val(k + 4) * 1e-2);
	st->detect = val(k + 5) * 1e-2;
	st->median_ratio = val(k + 6);
	st->base_gm = val(k + 7) * 1e5;
	st->other_gm = val(k + 8) * 1e5;
	st->se_log = val(k + 9) * 1e-3;
	st->df = 4 + k % 5;
	st->se_rounds = val(k + 10) * 1e-3;
	st->instance_sd = val(k + 12) * 1e-3;
	st->order_adjusted = k % 2;
	st->nplaces = k % 2 ? 3 : 0;
	if (st->nplaces) {
		st->place_log[0] = 0;
		st->place_log[1] = val(k + 11) * 1e-3;
		st->place_log[2] = NAN;
	}
	st->vd.v = (enum verdict)(k % 6);
	st->vd.negligible = k % 3 == 0;
	st->vd.p_diff = val(k + 12) * 1e-2;
	st->vd.p_lo = val(k + 13) * 1e-2;
	st->vd.p_hi = val(k + 14) * 1e-2;
	st->vd.p_diff_adj = val(k + 15) * 1e-2;
	st->vd.p_tost_adj = k % 4 ? val(k + 16) * 1e-2 : NAN;
	st->vd.lo = val(k + 17) * 1e-2;
	st->vd.hi = val(k + 18) * 1e-2;
	st->vd.adj_lo = val(k + 19) * 1e-2;
	st->vd.adj_hi = val(k + 20) * 1e-2;
}

/* What score_ci_run fills: an interval, or why there is none. */
static void fill_score_ci(struct score_ci *sci, const struct copy_run *run, unsigned k, int none)
{
	sci->score = run->cats[CAT_SYSTEM].score;
	sci->ntests = 5 + k % 3;
	sci->nsingle = none ? sci->ntests : k % 2;
	if (none) {
		snprintf(sci->why, sizeof(sci->why), "all %zu indexed tests have one sample",
			 sci->ntests);
		return;
	}
	sci->ok = 1;
	sci->log_se = val(k + 70) * 1e-2;
	sci->df = val(k + 71) * 10;
	sci->lo = sci->score * (1 - val(k + 72) * 1e-2);
	sci->hi = sci->score * (1 + val(k + 73) * 1e-2);
}

/* Settings mode's records (core/settings.h), one per directory. */
static void fill_settings(struct run_result *r)
{
	r->nsettings = r->ndirs;
	for (size_t d = 0; d < r->nsettings; d++) {
		struct setting_rec *s = &r->settings[d];

		/* a copy over memcpy: gcc's -Wrestrict cannot tell s from r->dirs under ASan */
		char label[sizeof(r->dirs[d].label)];

		memcpy(label, r->dirs[d].label, sizeof(label));
		snprintf(s->name, sizeof(s->name), "%.*s", (int)sizeof(label) - 1, label);
		snprintf(s->command, sizeof(s->command), "mount -o remount,%s '/srv/x y' && echo \"$%zu\"",
			 d ? "noatime" : "relatime", d);
		s->applied = 3 + (unsigned)d;
		s->switch_s = 0.0123456789 * (double)(d + 1);
		s->switch_max_s = 0.00987654321 * (double)(d + 1);
		s->nstate = d == 2 ? 0 : 3;
		if (s->nstate) {
			snprintf(s->state.mount, sizeof(s->state.mount), "rw,%s",
				 d ? "noatime" : "relatime");
			snprintf(s->state.super, sizeof(s->state.super), "rw");
			snprintf(s->state.scheduler, sizeof(s->state.scheduler), "%s",
				 d ? "none" : "");
			snprintf(s->state.thp, sizeof(s->state.thp), "madvise");
		}
		s->changed = d == 1;
		if (s->changed) {
			snprintf(s->other.mount, sizeof(s->other.mount), "ro");
			snprintf(s->other.thp, sizeof(s->other.thp), "never");
		}
	}
	snprintf(r->restore, sizeof(r->restore), "mount -o remount,defaults /srv/x");
}

enum kind { K_NORMAL, K_QUICK, K_PAIRED, K_REDACTED };

/* The host's speed (stats/hostfactor.h) as score_host leaves it when it holds. */
static void fill_host_speed(struct host_speed *hs, unsigned k)
{
	hs->ok = 1;
	hs->long_memory = k % 2;
	hs->n = 40 + k;
	hs->ntests = 3;
	hs->span = val(k + 1) * 300;
	hs->var = val(k + 2) * 1e-3;
	hs->sd = val(k + 3) * 1e-2;
	hs->share = val(k + 4) / 10;
	hs->tau = val(k + 5) * 20;
	hs->windows = val(k + 6) * 4;
	hs->noise_var = val(k + 7) * 1e-5;
	hs->minutes_1pct = val(k + 8) * 12;
}

/*
 * The figures a run derives, as the run derives them from the samples
 * filled (the reader refuses a record whose figures disagree with its
 * samples): each test's, each copy count's index tables and interval,
 * the paired verdicts.
 */
static void consistent(struct run_result *r)
{
	for (size_t i = 0; i < r->nruns; i++) {
		for (size_t t = 0; t < r->runs[i].ntests; t++) {
			struct bench_result *b = &r->runs[i].tests[t];
			struct metric m[MAX_METRICS];
			size_t nm = b->nmetrics;

			/* The metrics as filled (every member set), not as averaged. */
			memcpy(m, b->metrics, sizeof(m));
			score_test(b);
			memcpy(b->metrics, m, sizeof(m));
			b->nmetrics = nm;
			if (r->exclude_disturbed && b->excluded == 0)
				b->score_all = b->score;
		}
		score_run(&r->runs[i]);
	}
	if (r->ncmps + r->npscores > 0)
		ck_assert_int_eq(score_paired_judge(r), 0);
}

static void make_run(struct run_result *r, enum kind kind)
{
	static const unsigned copies[2] = { 1, 2 };
	size_t ncounts = kind == K_QUICK ? 1 : 2;
	size_t ndirs = kind == K_PAIRED ? 3 : 1;
	size_t ntests = NTEST_NAMES;

	memset(r, 0, sizeof(*r));
	snprintf(r->version, sizeof(r->version), "6.0.0-record");
	snprintf(r->base_name, sizeof(r->base_name), "bench\"host,x-2026-01-01-01");
	r->interrupted = kind == K_NORMAL;
	r->signal = r->interrupted ? SIGINT : 0;
	r->quick = kind == K_QUICK;
	r->pinned = kind == K_NORMAL;
	r->exclude_disturbed = kind != K_QUICK;
	snprintf(r->intf_missing, sizeof(r->intf_missing), "%s",
		 kind == K_NORMAL ? "PSI: /proc/pressure/cpu missing" : "");
	r->precision = kind == K_NORMAL ? 0.02 : 0;
	snprintf(r->mode, sizeof(r->mode), "%s", kind == K_QUICK ? "quick" : "precision 2%");
	snprintf(r->label, sizeof(r->label), "%s", kind == K_NORMAL ? "spread-20261207-120000" : "");
	r->workload = kind == K_NORMAL ? WL_UB513 : WL_UB60;
	r->disk_size = kind == K_QUICK ? 0 : 1ULL << 30;
	r->charts = kind == K_PAIRED ? RUN_CHART_INDEX | RUN_CHART_PAIRED :
		    kind == K_NORMAL ? RUN_CHART_INDEX | RUN_CHART_SUSTAINED : 0;
	fill_sys(&r->sys);
	if (kind != K_QUICK)
		fill_host(&r->sys, kind == K_NORMAL ? 0 : 1);
	r->start = 1767225600;
	r->end = r->start + 3600;
	r->nruns = ncounts * ndirs;
	r->runs = calloc(r->nruns, sizeof(*r->runs));
	ck_assert_ptr_nonnull(r->runs);
	for (size_t i = 0; i < ncounts; i++)
		for (size_t d = 0; d < ndirs; d++) {
			struct copy_run *run = &r->runs[i * ndirs + d];
			unsigned k = (unsigned)(i * 100 + d * 30);

			run->copies = copies[i];
			run->dir = kind == K_PAIRED ? d : 0;
			run->start = r->start + (time_t)(i * 60);
			run->end = run->start + 59;
			run->ntests = ntests;
			run->tests = calloc(ntests, sizeof(*run->tests));
			ck_assert_ptr_nonnull(run->tests);
			for (size_t t = 0; t < ntests; t++)
				fill_test(&run->tests[t], k + (unsigned)t, copies[i],
					  kind == K_QUICK ? 1 + t % 2 : 2 + t % 3, kind == K_PAIRED,
					  r->exclude_disturbed);
			fill_cats(run, k);
			fill_score_ci(&run->score_ci, run, k, i == 1);
			if (i == 0)
				fill_host_speed(&run->host, k);
		}
	if (kind == K_NORMAL) {
		/* --repeat 3: a pool per copy count, the second without an interval. */
		r->repeat = 3;
		/* Each sample's pass, which compare pools a test's figure over. */
		for (size_t i = 0; i < r->nruns; i++)
			for (size_t t = 0; t < r->runs[i].ntests; t++)
				for (size_t p = 0; p < r->runs[i].tests[t].npasses; p++)
					r->runs[i].tests[t].passes[p].repeat_pass = 1 + (unsigned)p % 3;
		r->nreps = ncounts;
		r->reps = calloc(r->nreps, sizeof(*r->reps));
		ck_assert_ptr_nonnull(r->reps);
		for (size_t i = 0; i < r->nreps; i++) {
			struct repeat_score *rs = &r->reps[i];
			struct re_pool *p = &rs->pool;

			rs->copies = copies[i];
			rs->n = i == 0 ? 3 : 1;
			for (size_t k = 0; k < rs->n; k++)
				rs->pass_score[k] = val((unsigned)(k + 3 * i)) * 1e3;
			rs->within = i == 0;
			rs->ok = i == 0;
			p->r = rs->n;
			p->q_cochran = i == 0 ? val(40) : NAN;
			p->tau2 = val(41) * 1e-4;
			p->mean = log(rs->pass_score[0]);
			p->se_dl = val(42) * 1e-3;
			p->q_hk = val(43);
			p->se = val(44) * 1e-3;
			p->df = (double)rs->n - 1;
			p->lo = p->mean - val(45) * 1e-2;
			p->hi = p->mean + val(46) * 1e-2;
			p->pred_se = val(47) * 1e-2;
			p->pred_lo = p->mean - val(48) * 1e-1;
			p->pred_hi = i == 0 ? p->mean + val(49) * 1e-1 : NAN;
		}
	}
	if (kind != K_PAIRED) {
		consistent(r);
		return;
	}
	r->instance_sd = 0.0042;
	r->instance_set = 1;
	r->ndirs = ndirs;
	r->control = 1;
	for (size_t d = 0; d < ndirs; d++) {
		struct test_dir *td = &r->dirs[d];

		snprintf(td->label, sizeof(td->label), "dir-%zu", d);
		snprintf(td->path, sizeof(td->path), "/mnt/d%zu", d);
		td->have_mount = d != 1;
		if (td->have_mount)
			fill_mount(&td->mount, &td->device, (unsigned)d + 2);
	}
	r->family.margin = 0.02;
	r->family.alpha = 0.05;
	r->family.m = 7;
	r->ncmps = 6;
	r->cmps = calloc(r->ncmps, sizeof(*r->cmps));
	ck_assert_ptr_nonnull(r->cmps);
	for (size_t i = 0; i < r->ncmps; i++) {
		struct paired_cmp *c = &r->cmps[i];

		c->copies = copies[i % 2];
		c->def = test_find(test_names[i]);
		c->dir = 1 + i % 2;
		c->control = i == 5;
		c->base_status = TS_OK;
		c->status = i == 2 ? TS_FAILED : TS_OK;
		if (i == 2)
			snprintf(c->reason, sizeof(c->reason), "execl failed on dir-1");
		c->rounds = 6 + i;
		fill_paired_stats(&c->st, (unsigned)i * 7);
	}
	r->npscores = 2;
	r->pscores = calloc(r->npscores, sizeof(*r->pscores));
	ck_assert_ptr_nonnull(r->pscores);
	for (size_t i = 0; i < r->npscores; i++) {
		r->pscores[i].copies = copies[i];
		r->pscores[i].dir = 1 + i;
		r->pscores[i].ntests = 4;
		fill_paired_stats(&r->pscores[i].st, 60 + (unsigned)i);
	}
	fill_settings(r);
	consistent(r);
}

static void free_run(struct run_result *r)
{
	for (size_t i = 0; i < r->nruns; i++) {
		for (size_t t = 0; t < r->runs[i].ntests; t++) {
			for (size_t p = 0; p < r->runs[i].tests[t].npasses; p++) {
				free(r->runs[i].tests[t].passes[p].copies);
				free(r->runs[i].tests[t].passes[p].series);
			}
			free(r->runs[i].tests[t].passes);
		}
		free(r->runs[i].tests);
	}
	free(r->runs);
	free(r->cmps);
	free(r->pscores);
	free(r->reps);
	free(r->sys.cpus);
}

static char *write_record(const struct run_result *r, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(report_json(f, r), 0);
	ck_assert_int_eq(fclose(f), 0);
	return buf;
}

/* Byte-equal structs with their pointer members set aside. */
#define SAME(T, what, a, b, ptrs) do { \
		T *x_ = malloc(sizeof(T)), *y_ = malloc(sizeof(T)); \
		ck_assert(x_ != NULL && y_ != NULL); \
		memcpy(x_, &(a), sizeof(T)); \
		memcpy(y_, &(b), sizeof(T)); \
		ptrs; \
		ck_assert_msg(memcmp(x_, y_, sizeof(T)) == 0, "%s differs", what); \
		free(x_); \
		free(y_); \
	} while (0)

static void same_model(const struct run_result *a, const struct run_result *b)
{
	ck_assert_uint_eq(a->nruns, b->nruns);
	ck_assert_uint_eq(a->sys.ncpu_info, b->sys.ncpu_info);
	ck_assert_int_eq(memcmp(a->sys.cpus, b->sys.cpus, a->sys.ncpu_info * sizeof(*a->sys.cpus)),
			 0);
	SAME(struct run_result, "run_result", *a, *b,
	     (x_->runs = y_->runs = NULL, x_->cmps = y_->cmps = NULL,
	      x_->pscores = y_->pscores = NULL, x_->reps = y_->reps = NULL,
	      x_->sys.cpus = y_->sys.cpus = NULL));
	for (size_t i = 0; i < a->nreps; i++)
		ck_assert_msg(memcmp(&a->reps[i], &b->reps[i], sizeof(a->reps[i])) == 0,
			      "--repeat pool %zu differs", i);
	for (size_t i = 0; i < a->nruns; i++) {
		const struct copy_run *ra = &a->runs[i], *rb = &b->runs[i];

		SAME(struct copy_run, "copy_run", *ra, *rb, x_->tests = y_->tests = NULL);
		for (size_t t = 0; t < ra->ntests; t++) {
			const struct bench_result *ta = &ra->tests[t], *tb = &rb->tests[t];

			SAME(struct bench_result, "bench_result", *ta, *tb, x_->passes = y_->passes = NULL);
			for (size_t p = 0; p < ta->npasses; p++) {
				const struct pass_result *pa = &ta->passes[p], *pb = &tb->passes[p];

				SAME(struct pass_result, "pass_result", *pa, *pb,
				     x_->copies = y_->copies = NULL; x_->series = y_->series = NULL);
				ck_assert_int_eq(memcmp(pa->copies, pb->copies,
							pa->ncopies * sizeof(*pa->copies)), 0);
				ck_assert(pa->nseries == 0 ||
					  memcmp(pa->series, pb->series,
						 pa->nseries * sizeof(*pa->series)) == 0);
			}
		}
	}
	for (size_t i = 0; i < a->ncmps; i++)
		ck_assert_msg(memcmp(&a->cmps[i], &b->cmps[i], sizeof(a->cmps[i])) == 0,
			      "comparison %zu differs", i);
	for (size_t i = 0; i < a->npscores; i++)
		ck_assert_msg(memcmp(&a->pscores[i], &b->pscores[i], sizeof(a->pscores[i])) == 0,
			      "partial score %zu differs", i);
}

static void round_trip(enum kind kind)
{
	struct run_result r, back, again;
	char err[512];
	size_t len, len2;
	char *text, *text2;

	make_run(&r, kind);
	if (kind == K_REDACTED) {
		struct redact rd;

		redact_init(&rd, &r, "/home/user/sysindex/results", "/home/user/sysindex/pgms", NULL, 0);
		redact_run(&rd, &r);
		ck_assert_str_eq(r.sys.hostname, REDACT_HOST);
	}
	text = write_record(&r, &len);
	ck_assert_msg(record_read_buffer("x.json", text, len, &back, err, sizeof(err)) == 0,
		      "%s", err);
	if (kind != K_REDACTED) {
		same_model(&r, &back);
	} else {
		/* Redaction rewrote strings in place (bytes after their ends stay):
		 * the record of the read model is the same, and reads back the same. */
		ck_assert_str_eq(back.sys.hostname, REDACT_HOST);
		ck_assert_str_eq(back.sys.testdir, r.sys.testdir);
		ck_assert_str_eq(back.sys.host.id, r.sys.host.id);
	}
	text2 = write_record(&back, &len2);
	ck_assert_uint_eq(len, len2);
	ck_assert_int_eq(memcmp(text, text2, len), 0);
	ck_assert_int_eq(record_read_buffer("x.json", text2, len2, &again, err, sizeof(err)), 0);
	same_model(&back, &again);
	result_free(&again);
	result_free(&back);
	free(text);
	free(text2);
	free_run(&r);
}

START_TEST(test_round_trip_normal) { round_trip(K_NORMAL); }
END_TEST
START_TEST(test_round_trip_quick) { round_trip(K_QUICK); }
END_TEST
START_TEST(test_round_trip_paired) { round_trip(K_PAIRED); }
END_TEST
START_TEST(test_round_trip_redacted) { round_trip(K_REDACTED); }
END_TEST

/* ---- strictness ---------------------------------------------------------- */

static char *kind_text(enum kind kind, size_t *len)
{
	struct run_result r;
	char *t;

	make_run(&r, kind);
	t = write_record(&r, len);
	free_run(&r);
	return t;
}

static char *normal_text(size_t *len)
{
	return kind_text(K_NORMAL, len);
}

/* kind's text with the first occurrence of from replaced by to; its reader's error. */
static void expect_error_in(enum kind kind, const char *from, const char *to, const char *want)
{
	size_t len;
	char *t = kind_text(kind, &len), *at = strstr(t, from), *edited;
	struct run_result r;
	char err[512];

	ck_assert_ptr_nonnull(at);
	edited = malloc(len + strlen(to) + 1);
	ck_assert_ptr_nonnull(edited);
	memcpy(edited, t, (size_t)(at - t));
	strcpy(edited + (at - t), to);
	strcat(edited, at + strlen(from));
	ck_assert_int_eq(record_read_buffer("x.json", edited, strlen(edited), &r, err, sizeof(err)),
			 -1);
	ck_assert_msg(strstr(err, want) != NULL, "error \"%s\" lacks \"%s\"", err, want);
	ck_assert_ptr_null(strchr(err, '\n'));
	ck_assert_ptr_null(r.runs);
	free(edited);
	free(t);
}

static void expect_error(const char *from, const char *to, const char *want)
{
	expect_error_in(K_NORMAL, from, to, want);
}

START_TEST(test_strict)
{
	/* What issue 40 and 39 added: a limit, a setting's name and command. */
	expect_error("\"limited_by\": \"cpu.max quota\"", "\"limited_by\": \"quota\"",
		     "x.json: cpu_limits.limited_by: unknown limit \"quota\"");
	expect_error("\"boost\": \"boost", "\"boost\": 1, \"x\": \"",
		     "host_state.boost: expected a string");
	expect_error_in(K_PAIRED, "\"name\": \"dir-1\"", "\"name\": \"dir 1\"",
			"settings.list[1]: name: not a setting's name");
	expect_error_in(K_PAIRED, "\"command\": \"mount -o remount,noatime",
			"\"command\": \"\\u0007mount -o remount,noatime", "settings.list[1]: command: ");
	expect_error("\"kept\":", "\"kept_x\":", "x.json: runs[0].tests[0]: unknown field \"kept_x\"");
	expect_error("\"rate\": ", "\"rate\": \"1\", \"x\": ",
		     "runs[0].tests[0].samples[0].rate: expected a number");
	expect_error("\"quick\": false", "\"quick\": 0", "run.quick: expected true or false");
	expect_error("\"schema_version\": 2", "\"schema_version\": 3",
		     "schema_version: 3 is newer than this sysindex reads (1 to 2)");
	expect_error("\"name\": \"dhry2reg\"", "\"name\": \"nosuch\"",
		     "runs[0].tests[0].name: unknown test \"nosuch\"");
	expect_error("\"seconds_per_sample\": 10", "\"seconds_per_sample\": -1",
		     "seconds_per_sample: expected a whole number >= 0");
	expect_error("\"seconds_per_sample\": 10", "\"seconds_per_sample\": 99999999999",
		     "seconds_per_sample: a number out of range");
	expect_error("\"locale\": \"C\"", "\"locale\": \"C\", \"locale\": \"C\"",
		     "x.json: system: field \"locale\" given twice");
	expect_error("\"mode\": \"precision 2%\"", "\"mode\": \"\\ud800\"",
		     "run.mode: a high surrogate without its low one");
	expect_error("\"pinned\": true", "\"pinned\": true, \"deep\": [[[[[[[[[[[[[[[[[[[[",
		     "run: unknown field \"deep\"");
	expect_error("\"generator\": \"sysindex\"", "\"generator\": \"other\"",
		     "generator: not \"sysindex\"");
	expect_error("\"categories\": [", "\"categories\": [{}, {}, {}, {}, {}, {}, ",
		     "more than 5 categories");
}
END_TEST

START_TEST(test_strict_sizes)
{
	size_t len;
	char *t = normal_text(&len), *at = strstr(t, "\"locale\": \"C\""), *big;
	struct run_result r;
	char err[512];
	size_t pre;

	/* A string longer than its field: one line, not a cut value. */
	ck_assert_ptr_nonnull(at);
	pre = (size_t)(at - t) + strlen("\"locale\": \"");
	big = malloc(len + 200);
	ck_assert_ptr_nonnull(big);
	memcpy(big, t, pre);
	memset(big + pre, 'x', 100);
	strcpy(big + pre + 100, at + strlen("\"locale\": \"C"));
	ck_assert_int_eq(record_read_buffer("x.json", big, strlen(big), &r, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "x.json: system.locale: string longer than 63 bytes");
	/* Cut anywhere: an error, never a crash or a half-read model. */
	for (size_t n = 0; n < len; n += 97) {
		ck_assert_int_eq(record_read_buffer("x.json", t, n, &r, err, sizeof(err)), -1);
		ck_assert_ptr_null(r.runs);
	}
	ck_assert_int_eq(record_read_buffer("x.json", "{\"schema_version\": 2}", 21, &r, err,
					    sizeof(err)), 0);
	result_free(&r);
	ck_assert_int_eq(record_read_buffer("x.txt", "BYTE UNIX Benchmarks", 20, &r, err,
					    sizeof(err)), -1);
	ck_assert_str_eq(err, "x.txt: not a sysindex run record (it does not begin with "
			 "schema_version)");
	free(big);
	free(t);
}
END_TEST

/* Schema 1 (before version 2's additions) still reads: what it has, at its defaults. */
START_TEST(test_schema1)
{
	static const char v1[] =
		"{\"schema_version\": 1, \"generator\": \"sysindex\", \"scores\": [],"
		" \"sysindex\": {\"version\": \"5.0.0\", \"compiler\": \"gcc\", \"bench_cflags\": \"\"},"
		" \"run\": {\"id\": \"x\", \"mode\": \"default\", \"workload\": \"6.0\", \"quick\": false,"
		" \"pinned\": false, \"precision_target\": null, \"interrupted\": false,"
		" \"signal\": null, \"disk_file_bytes\": null, \"interference\": null,"
		" \"interference_not_measured\": null},"
		" \"runs\": [{\"copies\": 1, \"label\": \"a\", \"tests\": [{\"name\": \"pipe\","
		" \"status\": \"failed\", \"score\": null, \"samples\": [{\"pass\": 1, \"ok\": true,"
		" \"count\": 18.375, \"time\": 1.5, \"rate\": 12.25, \"dropped\": false, \"excluded\": false, \"copies\": [{\"copy\": 0,"
		" \"ok\": true, \"count\": 5, \"timebase\": 1, \"time\": null, \"elapsed\": 1.5,"
		" \"cpu\": null, \"wait_status\": 0, \"note\": null, \"metrics\": []}]}]}]},"
		" {\"copies\": 1, \"label\": \"b\", \"tests\": []}],"
		" \"paired\": {\"margin_percent\": 2, \"alpha\": 0.05, \"dirs\": [{\"label\": \"a\","
		" \"path\": \"/a\", \"mount\": null, \"device\": null}, {\"label\": \"b\","
		" \"path\": \"/b\", \"mount\": null, \"device\": null}],"
		" \"comparisons\": [{\"copies\": 1, \"test\": \"pipe\", \"label\": \"b\","
		" \"detectable_change_percent\": 3, \"place_change_percent\": [0, 1.5],"
		" \"verdict\": \"equivalent\", \"reason\": \"why\"}]}}";
	struct run_result r;
	char err[512];

	ck_assert_msg(record_read_buffer("old.json", v1, sizeof(v1) - 1, &r, err, sizeof(err)) == 0,
		      "%s", err);
	ck_assert_uint_eq(r.nruns, 2);
	ck_assert_uint_eq(r.runs[1].dir, 1);
	ck_assert(r.runs[0].tests[0].def == test_find("pipe"));
	ck_assert(r.runs[0].tests[0].passes[0].rate == 12.25);
	ck_assert(r.runs[0].tests[0].passes[0].copies[0].started == -1);
	ck_assert(r.family.margin == 0.02);
	ck_assert(r.cmps[0].st.detect == 0.03);
	ck_assert_uint_eq(r.cmps[0].st.nplaces, 2);
	ck_assert(r.cmps[0].st.vd.v == VD_EQUIVALENT);
	ck_assert_str_eq(r.cmps[0].reason, "why");
	result_free(&r);
}
END_TEST

/* Real records kept as fuzzing seeds: a paired run, and one sysindex wrote before schema 2. */
START_TEST(test_real_records)
{
	struct run_result r;
	char err[512];

	ck_assert_msg(record_read_file("tests/data/records/paired.json", &r, err,
				       sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(r.ndirs, 2);
	ck_assert_str_eq(r.dirs[0].label, "rel");
	ck_assert_uint_eq(r.ncmps, 2);
	ck_assert(r.cmps[0].dir == 1 && r.cmps[1].control);
	ck_assert_uint_eq(r.nruns, 2);
	ck_assert(r.runs[1].dir == 1);
	ck_assert(r.cmps[0].st.n == 3 && r.cmps[0].st.vd.v == VD_FEW);
	result_free(&r);
	ck_assert_msg(record_read_file("tests/data/records/schema1.json", &r, err,
				       sizeof(err)) == 0, "%s", err);
	ck_assert_uint_eq(r.nruns, 1);
	ck_assert_uint_eq(r.runs[0].ntests, 2);
	ck_assert(r.runs[0].tests[0].npasses == 1 && r.runs[0].tests[0].passes[0].rate > 0);
	ck_assert(r.runs[0].tests[0].passes[0].copies[0].started == -1);   /* not in schema 1 */
	{
		size_t have = 0;

		/* Schema 1's interference: over all the pass's copies. */
		for (size_t t = 0; t < r.runs[0].ntests; t++)
			for (size_t p = 0; p < r.runs[0].tests[t].npasses; p++) {
				const struct pass_result *ps = &r.runs[0].tests[t].passes[p];

				if (ps->intf.have) {
					ck_assert_uint_eq(ps->intf.copies, ps->ncopies);
					have++;
				}
			}
		ck_assert_uint_eq(have, 2);
	}
	result_free(&r);
	ck_assert_int_eq(record_read_file("tests/fuzz/corpus/record/newer.json", &r, err,
					  sizeof(err)), -1);
	ck_assert_str_eq(err, "tests/fuzz/corpus/record/newer.json: schema_version: 3 is newer "
			 "than this sysindex reads (1 to 2): read it with a newer sysindex");
	ck_assert_int_eq(record_read_file("tests/fuzz/corpus/record", &r, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "tests/fuzz/corpus/record: cannot read: not a regular file");
}
END_TEST

/*
 * compare's samples from a record (compare_model.c's cmp_samples): each
 * test's samples are marked by UnixBench's rule over their counts (a time
 * test's negated), not by the file's dropped flags, so the trimmed figure
 * compare judges is stats_trimmed_log over the valid passes.  The flags
 * here are all 0.
 */
START_TEST(test_compare_tlog)
{
	static const char *const names[2] = { "pipe", "mem-latency" };
	struct run_result r;
	struct copy_run run;
	struct bench_result t[2];
	struct pass_result p[2][6];

	memset(&r, 0, sizeof(r));
	memset(&run, 0, sizeof(run));
	memset(t, 0, sizeof(t));
	memset(p, 0, sizeof(p));
	run.copies = 1;
	run.ntests = 2;
	run.tests = t;
	r.runs = &run;
	r.nruns = 1;
	for (int k = 0; k < 2; k++) {
		t[k].def = test_find(names[k]);
		ck_assert_ptr_nonnull(t[k].def);
		t[k].status = TS_OK;
		t[k].passes = p[k];
		t[k].npasses = 6;
		for (int i = 0; i < 6; i++) {
			p[k][i].ok = 1;
			p[k][i].count = 1000 + 97 * ((i * 5) % 6);
			p[k][i].time = 10;
			p[k][i].rate = val((unsigned)(i * 7 + k)) * 1e3;
		}
	}
	for (int k = 0; k < 2; k++) {
		double count[6], rate[6], *srate;
		unsigned char *sdropped;
		struct trimmed_log want, got;
		const struct bench_result *found = cmp_find(&r, &run, names[k], CMP_SAMPLES, NULL);

		for (int i = 0; i < 6; i++) {
			count[i] = k ? -p[k][i].count : p[k][i].count;
			rate[i] = p[k][i].rate;
		}
		ck_assert_ptr_eq(found, &t[k]);
		ck_assert_uint_eq(cmp_samples(&r, found, &srate, &sdropped), 6);
		ck_assert_int_eq(stats_trimmed_log(count, rate, 6, &want), 0);
		ck_assert_int_eq(stats_trimmed_log_kept(srate, sdropped, 6, &got), 0);
		free(srate);
		free(sdropped);
		ck_assert_uint_eq(got.kept, 4);
		ck_assert_msg(memcmp(&want.mean, &got.mean, sizeof(double)) == 0 &&
			      memcmp(&want.var, &got.var, sizeof(double)) == 0,
			      "%s: the judged trimmed figure is not the rule's", names[k]);
	}
}
END_TEST

/*
 * A real record with the first from replaced by to: refused in one line
 * holding want (issue 51: the reader believes no figure it can compute).
 */
static void expect_file_error(const char *path, const char *from, const char *to,
			      const char *want, int last)
{
	FILE *f = fopen(path, "rb");
	char *t = NULL, *at, *edited, err[512];
	size_t len = 0, cap = 0, got;
	struct run_result r;

	ck_assert_ptr_nonnull(f);
	do {
		if (len + 65536 > cap) {
			cap = 2 * cap + 65536;
			t = realloc(t, cap + 1);
			ck_assert_ptr_nonnull(t);
		}
		got = fread(t + len, 1, 65536, f);
		len += got;
	} while (got > 0);
	fclose(f);
	t[len] = '\0';
	/* Unedited, it reads. */
	ck_assert_msg(record_read_buffer(path, t, len, &r, err, sizeof(err)) == 0, "%s", err);
	result_free(&r);
	at = strstr(t, from);
	/* last: the last occurrence (the runs' copy of a figure "scores" repeats). */
	for (char *next = at; last && next != NULL; next = strstr(next + 1, from))
		at = next;
	ck_assert_msg(at != NULL, "%s lacks %s", path, from);
	edited = malloc(len + strlen(to) + 1);
	ck_assert_ptr_nonnull(edited);
	memcpy(edited, t, (size_t)(at - t));
	strcpy(edited + (at - t), to);
	strcat(edited, at + strlen(from));
	ck_assert_msg(record_read_buffer(path, edited, strlen(edited), &r, err, sizeof(err)) == -1,
		      "%s read with %s", path, to);
	ck_assert_msg(strstr(err, want) != NULL, "error \"%s\" lacks \"%s\"", err, want);
	ck_assert_ptr_null(strchr(err, '\n'));
	ck_assert_ptr_null(r.runs);
	free(edited);
	free(t);
}

START_TEST(test_figures_checked)
{
	static const char q[] = "tests/data/records/quick.json";
	static const char pr[] = "tests/data/records/paired.json";
	static const char rep[] = "bench/between-runs-long/repeat/r1/vm-2026-12-07-01.json";

	/* A test's score x1.5 with its samples unchanged. */
	expect_file_error(q, "\"score\": 220967.2810162406", "\"score\": 331450.9215243609",
			  "runs[0].tests[0].score: 331450.9215, where its samples give "
			  "220967.281 (more than 1e-09 apart)", 0);
	/* The System Benchmarks Index Score x1.5. */
	expect_file_error(q, "\"score\": 176.59914843143656", "\"score\": 264.8987226471548",
			  "runs[0].system_index_score: 264.8987226, where its samples give "
			  "176.5991484", 0);
	expect_file_error(q, "\"mean\": 220967.28101624048", "\"mean\": 220967.3",
			  "runs[0].tests[0].stats.mean: 220967.3, where", 0);
	/* A stored verdict "faster" on 3 rounds and -8.73 %. */
	expect_file_error(pr, "\"verdict\": \"inconclusive\",\n            \"few\": true,",
			  "\"verdict\": \"faster\",\n            \"few\": false,",
			  "paired.comparisons[0].verdict: \"faster\", where its estimate gives "
			  "\"inconclusive\"", 0);
	/* Values no run writes. */
	expect_file_error(q, "\"index\": 147.31152067749372", "\"index\": -147.31152067749372",
			  "runs[0].tests[0].index: negative", 0);
	expect_file_error(q, "\"rate\": 220967.28101624048", "\"rate\": -220967.28101624048",
			  "runs[0].tests[0].samples[0]: rate: negative", 0);
	expect_file_error(q, "\"count\": 446663", "\"count\": -446663",
			  "runs[0].tests[0].samples[0]: count: negative", 0);
	expect_file_error(q, "\"elapsed\": 2.0213988149999977", "\"elapsed\": -2",
			  "runs[0].tests[0].samples[0]: copies[0].elapsed: negative", 0);
	expect_file_error(q, "\"kept\": 1,", "\"kept\": 5,",
			  "runs[0].tests[0].kept: 5, above its 1 samples", 0);
	expect_file_error(q, "\"name\": \"pipe\"", "\"name\": \"syscall\"",
			  "runs[0].tests[1].name: \"syscall\" given twice", 0);
	expect_file_error(q, "\"copies\": 2,\n      \"system_index_score\": 215",
			  "\"copies\": 1,\n      \"system_index_score\": 215",
			  "runs[1].copies: 1 copies given twice", 1);
	expect_file_error(q, "\"dropped\": false", "\"repeat_pass\": 1, \"dropped\": false",
			  "runs[0].tests[0].samples[0].repeat_pass: 1 in a run without --repeat", 0);
	expect_file_error(rep, "\"repeat_pass\": 1", "\"repeat_pass\": 0",
			  ".repeat_pass: 0, not one of the run's 5 passes", 0);
	expect_file_error(rep, "\"repeat_pass\": 1", "\"repeat_pass\": 6",
			  ".repeat_pass: 6, not one of the run's 5 passes", 0);
}
END_TEST

Suite *suite_record(void)
{
	Suite *s = suite_create("record");
	TCase *tc = tcase_create("record");

	tcase_add_test(tc, test_round_trip_normal);
	tcase_add_test(tc, test_round_trip_quick);
	tcase_add_test(tc, test_round_trip_paired);
	tcase_add_test(tc, test_round_trip_redacted);
	tcase_add_test(tc, test_strict);
	tcase_add_test(tc, test_strict_sizes);
	tcase_add_test(tc, test_schema1);
	tcase_add_test(tc, test_real_records);
	tcase_add_test(tc, test_figures_checked);
	tcase_add_test(tc, test_compare_tlog);
	suite_add_tcase(s, tc);
	return s;
}
