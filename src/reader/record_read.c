/*
 * record_read.c: sysindex's run record (report_json.c's JSON) back into
 * struct run_result, as tables: one table per JSON object, one row per
 * member, saying its type and where its value goes (record_int.h walks
 * them).  A member the writer derives from others (a percentage, a title
 * from the test table, a total) has a row that checks its type and drops
 * it.  A new object of the record is a new table and one row in its
 * parent's.  Schema 1 records (before the record held the whole model)
 * read with what they have: the raw paired figures from their percentages,
 * the rest at its default.
 */
#include "reader/record_read.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "reader/record_int.h"
#include "util/util.h"

#define MAX_RUNS 4096
#define MAX_TESTS 4096
#define MAX_PASSES (1u << 20)
#define MAX_COPIES 4096
#define MAX_CPUS 8192
#define MAX_CMPS (1u << 16)
#define MAX_PSCORES 4096
#define MAX_REPS 64             /* --repeat pools: one per copy count */
/*
 * The model may take at most this many bytes per byte of the record (and
 * 1 MiB): the records kept in bench/ and tests/data/records take 5.3 at
 * most (a copy's 2.3 KiB struct for its 500 to 900 bytes of text, arrays
 * grown by doubling), so 16 leaves room, and a record of empty objects
 * (2 bytes of text for a 2.3 KiB copy) is refused at 16 times its size
 * instead of growing to 64 (a 40 MiB one: 2.6 GiB and 10 s before).
 */
#define BUDGET_PER_BYTE 16

/* What the walk keeps beside the model. */
struct rstate {
	struct run_result *r;
	int schema;
	size_t runs_cap, cpus_cap, cmps_cap, pscores_cap, tests_cap, passes_cap, copies_cap, series_cap;
	size_t info_cap, reps_cap;
	struct run_info {
		char label[TESTDIR_LABEL_MAX];
		int has_dir;
	} *info;                /* per run, beside r->runs */
	int few;                /* an estimate's verdict was VD_FEW */
	int have_score_all;     /* the test being read gave score_with_disturbed */
	struct copy_dir {
		unsigned dir;
		int have_dir;
		double count, time;
		char note[64];
	} cdir;
	double scratch[8];      /* where dropped objects are "read" to */
};

static struct rstate *st_of(struct rec *rd)
{
	return rd->user;
}

/* ---- rows --------------------------------------------------------------- */

/* The row macros (F_STR, F_NUM, ... SCHEMA) are record_int.h's. */

/* ---- values read by a function ------------------------------------------ */

static int fn_schema_version(struct rec *rd, void *obj)
{
	unsigned long long v;
	int isnull;

	(void)obj;
	if (rec_uint(rd, &v, &isnull) != 0)
		return -1;
	if (isnull || v < RECORD_SCHEMA_OLDEST)
		return rec_fail(rd, "not a schema this sysindex reads (%d to %d)",
				RECORD_SCHEMA_OLDEST, RECORD_SCHEMA);
	if (v > RECORD_SCHEMA)
		return rec_fail(rd, "%llu is newer than this sysindex reads (%d to %d): read it "
				"with a newer sysindex", v, RECORD_SCHEMA_OLDEST, RECORD_SCHEMA);
	st_of(rd)->schema = (int)v;
	return 0;
}

static int fn_generator(struct rec *rd, void *obj)
{
	char g[32];

	(void)obj;
	if (rec_string(rd, g, sizeof(g), 0) != 0)
		return -1;
	return strcmp(g, "sysindex") == 0 ? 0 : rec_fail(rd, "not \"sysindex\"");
}

static int fn_workload(struct rec *rd, void *obj)
{
	struct run_result *r = obj;
	char w[32];

	if (rec_string(rd, w, sizeof(w), 0) != 0)
		return -1;
	for (int i = 0; workload_names[i] != NULL; i++)
		if (strcmp(workload_names[i], w) == 0) {
			r->workload = (enum workload)i;
			return 0;
		}
	return rec_fail(rd, "unknown workload \"%.32s\"", w);
}

static int status_of(struct rec *rd, enum test_status *out)
{
	char w[32];

	if (rec_string(rd, w, sizeof(w), 0) != 0)
		return -1;
	for (int s = 0; s < TS_COUNT; s++)
		if (strcmp(status_key((enum test_status)s), w) == 0) {
			*out = (enum test_status)s;
			return 0;
		}
	return rec_fail(rd, "unknown status \"%.32s\"", w);
}

static int fn_test_status(struct rec *rd, void *obj)
{
	return status_of(rd, &((struct bench_result *)obj)->status);
}

static int fn_cmp_status(struct rec *rd, void *obj)
{
	return status_of(rd, &((struct paired_cmp *)obj)->status);
}

static int fn_cmp_base_status(struct rec *rd, void *obj)
{
	return status_of(rd, &((struct paired_cmp *)obj)->base_status);
}

static int test_of(struct rec *rd, const struct test_def **out)
{
	char name[64];

	if (rec_string(rd, name, sizeof(name), 0) != 0)
		return -1;
	if ((*out = test_find(name)) == NULL)
		return rec_fail(rd, "unknown test \"%.40s\"", name);
	return 0;
}

static int fn_test_name(struct rec *rd, void *obj)
{
	return test_of(rd, &((struct bench_result *)obj)->def);
}

static int fn_cmp_test(struct rec *rd, void *obj)
{
	return test_of(rd, &((struct paired_cmp *)obj)->def);
}

/* A paired directory's label as its index in r->dirs (read before). */
static int dir_of(struct rec *rd, size_t *out)
{
	const struct run_result *r = st_of(rd)->r;
	char label[TESTDIR_LABEL_MAX];

	if (rec_string(rd, label, sizeof(label), 0) != 0)
		return -1;
	for (size_t d = 0; d < r->ndirs; d++)
		if (strcmp(r->dirs[d].label, label) == 0) {
			*out = d;
			return 0;
		}
	return rec_fail(rd, "no test directory \"%.24s\" in paired.dirs", label);
}

static int fn_cmp_label(struct rec *rd, void *obj)
{
	return dir_of(rd, &((struct paired_cmp *)obj)->dir);
}

static int fn_pscore_label(struct rec *rd, void *obj)
{
	return dir_of(rd, &((struct paired_score *)obj)->dir);
}

static int fn_run_label(struct rec *rd, void *obj)
{
	struct rstate *s = st_of(rd);

	(void)obj;
	return rec_string(rd, s->info[s->r->nruns - 1].label, sizeof(s->info[0].label), 0);
}

static int fn_run_dir(struct rec *rd, void *obj)
{
	struct rstate *s = st_of(rd);
	unsigned long long v;
	int isnull;

	if (rec_uint(rd, &v, &isnull) != 0)
		return -1;
	if (isnull || v >= MAX_TESTDIRS)
		return rec_fail(rd, "not a test directory's number (0 to %d)", MAX_TESTDIRS - 1);
	((struct copy_run *)obj)->dir = (size_t)v;
	s->info[s->r->nruns - 1].has_dir = 1;
	return 0;
}

/* memory_bytes: the model keeps KiB. */
static int fn_memory(struct rec *rd, void *obj)
{
	unsigned long long v;
	int isnull;

	if (rec_uint(rd, &v, &isnull) != 0)
		return -1;
	((struct sys_info *)obj)->mem_total_kb = v / 1024;
	return 0;
}

/* Schema 1's timer resolution in seconds (schema 2 also gives the ns). */
static int fn_timer_seconds(struct rec *rd, void *obj)
{
	double v;
	int isnull;

	if (rec_number(rd, &v, &isnull) != 0)
		return -1;
	((struct sys_info *)obj)->timer_res_ns = isnull ? 0 : v * 1e9;
	return 0;
}

static int fn_metric_combine(struct rec *rd, void *obj)
{
	char w[32];
	enum metric_combine c;

	if (rec_string(rd, w, sizeof(w), 0) != 0)
		return -1;
	if (metric_combine_parse(w, &c) != 0)
		return rec_fail(rd, "unknown combine \"%.32s\"", w);
	((struct metric *)obj)->combine = c;
	return 0;
}

static int one_string_dropped(struct rec *rd, void *ctx, size_t i)
{
	(void)ctx;
	(void)i;
	return rec_string(rd, NULL, 0, 0);
}

/* stats.flags: words made from flag_bits and the run (report_flags). */
static int fn_skip_strings(struct rec *rd, void *obj)
{
	size_t n;

	(void)obj;
	return rec_array(rd, 64, &n, one_string_dropped, NULL);
}

static int one_intf_flag(struct rec *rd, void *ctx, size_t i)
{
	unsigned *flags = ctx;
	char w[32], name[32];

	(void)i;
	if (rec_string(rd, w, sizeof(w), 0) != 0)
		return -1;
	for (unsigned b = 0; b < 8; b++) {
		intf_flag_names(1u << b, name, sizeof(name));
		if (name[0] && strcmp(name, w) == 0) {
			*flags |= 1u << b;
			return 0;
		}
	}
	return rec_fail(rd, "unknown interference flag \"%.32s\"", w);
}

static int fn_intf_flags(struct rec *rd, void *obj)
{
	size_t n;

	return rec_array(rd, 8, &n, one_intf_flag, &((struct intf_sample *)obj)->flags);
}

/* place_log, or schema 1's place_change_percent (ctx: 1 for percent). */
struct places {
	struct paired_stats *st;
	int percent;
};

static int one_place(struct rec *rd, void *ctx, size_t i)
{
	const struct places *p = ctx;
	double v;
	int isnull;

	if (rec_number(rd, &v, &isnull) != 0)
		return -1;
	p->st->place_log[i] = isnull ? (double)NAN : p->percent ? log1p(v / 100) : v;
	return 0;
}

static int read_places(struct rec *rd, struct paired_stats *st, int percent)
{
	struct places p = { st, percent };

	if (rec_null(rd))
		return 0;
	return rec_array(rd, PAIRED_MAX_PLACES, &st->nplaces, one_place, &p);
}

static int fn_place_log(struct rec *rd, void *obj)
{
	return read_places(rd, obj, 0);
}

static int fn_cmp_places(struct rec *rd, void *obj)
{
	struct paired_stats dropped;

	memset(&dropped, 0, sizeof(dropped));
	/* Schema 2: the estimate's place_log has them at full precision. */
	if (st_of(rd)->schema >= 2)
		return read_places(rd, &dropped, 1);
	return read_places(rd, &((struct paired_cmp *)obj)->st, 1);
}

/* A verdict's word ("" or null: none) into *v. */
static int verdict_of(struct rec *rd, enum verdict *v)
{
	char w[64];

	if (rec_string(rd, w, sizeof(w), 1) != 0)
		return -1;
	if (w[0] == '\0') {
		*v = VD_NONE;
		return 0;
	}
	if (verdict_parse(w, v) != 0)
		return rec_fail(rd, "unknown verdict \"%.40s\"", w);
	return 0;
}

static int fn_cmp_verdict(struct rec *rd, void *obj)
{
	return verdict_of(rd, &((struct paired_cmp *)obj)->st.vd.v);
}

static int fn_pscore_verdict(struct rec *rd, void *obj)
{
	return verdict_of(rd, &((struct paired_score *)obj)->st.vd.v);
}

static int fn_estimate_verdict(struct rec *rd, void *obj)
{
	return verdict_of(rd, &((struct verdict_out *)obj)->v);
}

static int fn_estimate_few(struct rec *rd, void *obj)
{
	(void)obj;
	return rec_bool(rd, &st_of(rd)->few);
}

/* Schema 1: the raw figures from the percentages (schema 2's estimate has them). */
static int fn_cmp_detect(struct rec *rd, void *obj)
{
	double v;
	int isnull;

	if (rec_number(rd, &v, &isnull) != 0)
		return -1;
	((struct paired_cmp *)obj)->st.detect = v / 100;
	return 0;
}

static int fn_cmp_reason(struct rec *rd, void *obj)
{
	struct paired_cmp *c = obj;

	/* Schema 2 keeps the comparison's own reason in not_compared. */
	return rec_string(rd, st_of(rd)->schema >= 2 ? NULL : c->reason,
			  st_of(rd)->schema >= 2 ? 0 : sizeof(c->reason), 1);
}

static int fn_margin_percent(struct rec *rd, void *obj)
{
	double v;
	int isnull;

	if (rec_number(rd, &v, &isnull) != 0)
		return -1;
	((struct run_result *)obj)->family.margin = v / 100;
	return 0;
}

/* score_with_disturbed: written only when a sample was left out. */
static int fn_score_all(struct rec *rd, void *obj)
{
	double v;
	int isnull;

	if (rec_number(rd, &v, &isnull) != 0)
		return -1;
	((struct bench_result *)obj)->score_all = isnull ? 0 : v;
	st_of(rd)->have_score_all = 1;
	return 0;
}

/* cpu_limits.limited_by: "none" or cpulimits_by_name's words. */
static int fn_limited_by(struct rec *rd, void *obj)
{
	char w[64];

	if (rec_string(rd, w, sizeof(w), 0) != 0)
		return -1;
	if (strcmp(w, "none") == 0) {
		((struct cpu_limits *)obj)->by = CL_ONLINE;
		return 0;
	}
	for (int b = CL_QUOTA; b <= CL_AFFINITY; b++)
		if (strcmp(cpulimits_by_name((enum cpu_limit_by)b), w) == 0) {
			((struct cpu_limits *)obj)->by = (enum cpu_limit_by)b;
			return 0;
		}
	return rec_fail(rd, "unknown limit \"%.40s\"", w);
}

static const struct rec_schema sch_limits;

/* cpu_limits: null when the machine was not read (online 0). */
static int fn_cpu_limits(struct rec *rd, void *obj)
{
	if (rec_null(rd))
		return 0;
	return rec_object(rd, &sch_limits, &((struct run_result *)obj)->sys.limits, obj);
}

static const struct rec_schema sch_setstate;

/* A setting's recorded state (in_force, changed_to): an object, or null. */
static int read_setstate(struct rec *rd, struct setting_state *st)
{
	if (rec_null(rd))
		return 0;
	return rec_object(rd, &sch_setstate, st, NULL);
}

static int fn_in_force(struct rec *rd, void *obj)
{
	return read_setstate(rd, &((struct setting_rec *)obj)->state);
}

static int fn_changed_to(struct rec *rd, void *obj)
{
	return read_setstate(rd, &((struct setting_rec *)obj)->other);
}

/* An object of derived figures, or null (obj: where to "read" it). */
static const struct rec_schema sch_run_intf;

static int fn_run_intf(struct rec *rd, void *obj)
{
	(void)obj;
	if (rec_null(rd))
		return 0;
	return rec_object(rd, &sch_run_intf, st_of(rd)->scratch, NULL);
}

static const struct rec_schema sch_intf;

static int fn_pass_intf(struct rec *rd, void *obj)
{
	if (rec_null(rd))
		return 0;
	return rec_object(rd, &sch_intf, &((struct pass_result *)obj)->intf, obj);
}

/* ---- array elements ------------------------------------------------------ */

/* A derived array of numbers (a --repeat score's pass_scores): read, dropped. */
static int one_number_dropped(struct rec *rd, void *ctx, size_t i)
{
	double v;
	int isnull;

	(void)ctx;
	(void)i;
	return rec_number(rd, &v, &isnull);
}

static int fn_skip_numbers(struct rec *rd, void *obj)
{
	size_t n;

	(void)obj;
	return rec_array(rd, MAX_REPEAT, &n, one_number_dropped, NULL);
}

static int one_pass_score(struct rec *rd, void *ctx, size_t i)
{
	struct repeat_score *rs = ctx;
	int isnull;

	return rec_number(rd, &rs->pass_score[i], &isnull);
}

/* A pool's pass scores: at most MAX_REPEAT, their count is rs->n. */
static int fn_pass_scores(struct rec *rd, void *obj)
{
	struct repeat_score *rs = obj;

	return rec_array(rd, MAX_REPEAT, &rs->n, one_pass_score, rs);
}

static void *el_rep(struct rec *rd, void *obj, size_t i)
{
	struct run_result *r = obj;

	(void)i;
	if (rec_grow(rd, (void **)&r->reps, &st_of(rd)->reps_cap, r->nreps, sizeof(*r->reps),
		     MAX_REPS))
		return NULL;
	return &r->reps[r->nreps++];
}

/* A pool per copy count, of at most --repeat's passes. */
static int done_repeat(struct rec *rd, void *obj, void *parent)
{
	const struct run_result *r = obj;

	(void)parent;
	if (r->repeat < 2 || r->repeat > MAX_REPEAT)
		return rec_fail(rd, "passes: %u is not 2 to %d", r->repeat, MAX_REPEAT);
	for (size_t i = 0; i < r->nreps; i++)
		if (r->reps[i].n > r->repeat)
			return rec_fail(rd, "pools[%zu]: %zu pass scores of %u passes", i,
					r->reps[i].n, r->repeat);
	return 0;
}

static void *el_scratch(struct rec *rd, void *obj, size_t i)
{
	(void)obj;
	(void)i;
	return st_of(rd)->scratch;
}

static void *el_run(struct rec *rd, void *obj, size_t i)
{
	struct rstate *s = st_of(rd);
	struct run_result *r = obj;

	(void)i;
	if (rec_grow(rd, (void **)&r->runs, &s->runs_cap, r->nruns, sizeof(*r->runs), MAX_RUNS) ||
	    rec_grow(rd, (void **)&s->info, &s->info_cap, r->nruns, sizeof(*s->info), MAX_RUNS))
		return NULL;
	s->tests_cap = 0;
	return &r->runs[r->nruns++];
}

static void *el_category(struct rec *rd, void *obj, size_t i)
{
	if (i >= CAT_COUNT) {
		rec_fail(rd, "more than %d categories", CAT_COUNT);
		return NULL;
	}
	return &((struct copy_run *)obj)->cats[i];
}

static void *el_test(struct rec *rd, void *obj, size_t i)
{
	struct rstate *s = st_of(rd);
	struct copy_run *run = obj;

	(void)i;
	if (rec_grow(rd, (void **)&run->tests, &s->tests_cap, run->ntests, sizeof(*run->tests),
		     MAX_TESTS))
		return NULL;
	s->passes_cap = 0;
	s->have_score_all = 0;
	return &run->tests[run->ntests++];
}

static void *el_pass(struct rec *rd, void *obj, size_t i)
{
	struct rstate *s = st_of(rd);
	struct bench_result *t = obj;
	struct pass_result *p;

	(void)i;
	if (rec_grow(rd, (void **)&t->passes, &s->passes_cap, t->npasses, sizeof(*t->passes),
		     MAX_PASSES))
		return NULL;
	s->copies_cap = s->series_cap = 0;
	p = &t->passes[t->npasses++];
	p->start_spread = -1;
	p->at = -1;
	return p;
}

static void *el_copy(struct rec *rd, void *obj, size_t i)
{
	struct rstate *s = st_of(rd);
	struct pass_result *p = obj;
	struct copy_result *c;

	(void)i;
	if (rec_grow(rd, (void **)&p->copies, &s->copies_cap, p->ncopies, sizeof(*p->copies),
		     MAX_COPIES))
		return NULL;
	c = &p->copies[p->ncopies++];
	/* What the driver sets before a copy's lines (run/progout.c). */
	c->time = -1;
	c->started = -1;
	c->cpu = -1;
	c->wait_status = -1;
	for (size_t d = 0; d < PROTOCOL_MAX_DIRS; d++)
		c->dir_time[d] = -1;
	return c;
}

/* The next interval of a --sustained sample's series (at most 65536). */
static void *el_series(struct rec *rd, void *obj, size_t i)
{
	struct rstate *s = st_of(rd);
	struct pass_result *p = obj;

	(void)i;
	if (rec_grow(rd, (void **)&p->series, &s->series_cap, p->nseries, sizeof(*p->series),
		     65536))
		return NULL;
	return &p->series[p->nseries++];
}

static void *el_copy_dir(struct rec *rd, void *obj, size_t i)
{
	struct rstate *s = st_of(rd);

	(void)obj;
	if (i >= PROTOCOL_MAX_DIRS) {
		rec_fail(rd, "more than %d directories", PROTOCOL_MAX_DIRS);
		return NULL;
	}
	memset(&s->cdir, 0, sizeof(s->cdir));
	s->cdir.time = -1;
	return &s->cdir;
}

/* The next of a test's or a copy's metrics (at most MAX_METRICS). */
static void *next_metric(struct rec *rd, struct metric *m, size_t *n)
{
	if (*n >= MAX_METRICS) {
		rec_fail(rd, "more than %d metrics", MAX_METRICS);
		return NULL;
	}
	return &m[(*n)++];
}

static void *el_test_metric(struct rec *rd, void *obj, size_t i)
{
	struct bench_result *t = obj;

	(void)i;
	return next_metric(rd, t->metrics, &t->nmetrics);
}

static void *el_copy_metric(struct rec *rd, void *obj, size_t i)
{
	struct copy_result *c = obj;

	(void)i;
	return next_metric(rd, c->metrics, &c->nmetrics);
}

static void *el_cpu(struct rec *rd, void *obj, size_t i)
{
	struct sys_info *si = obj;

	(void)i;
	if (rec_grow(rd, (void **)&si->cpus, &st_of(rd)->cpus_cap, si->ncpu_info,
		     sizeof(*si->cpus), MAX_CPUS))
		return NULL;
	return &si->cpus[si->ncpu_info++];
}

static void *el_dir(struct rec *rd, void *obj, size_t i)
{
	struct run_result *r = obj;

	(void)i;
	if (r->ndirs >= MAX_TESTDIRS) {
		rec_fail(rd, "more than %d test directories", MAX_TESTDIRS);
		return NULL;
	}
	return &r->dirs[r->ndirs++];
}

static void *el_cmp(struct rec *rd, void *obj, size_t i)
{
	struct run_result *r = obj;

	(void)i;
	if (rec_grow(rd, (void **)&r->cmps, &st_of(rd)->cmps_cap, r->ncmps, sizeof(*r->cmps),
		     MAX_CMPS))
		return NULL;
	return &r->cmps[r->ncmps++];
}

static void *el_pscore(struct rec *rd, void *obj, size_t i)
{
	struct run_result *r = obj;

	(void)i;
	if (rec_grow(rd, (void **)&r->pscores, &st_of(rd)->pscores_cap, r->npscores,
		     sizeof(*r->pscores), MAX_PSCORES))
		return NULL;
	return &r->pscores[r->npscores++];
}

static void *el_setting(struct rec *rd, void *obj, size_t i)
{
	struct run_result *r = obj;

	(void)i;
	if (r->nsettings >= MAX_SETTINGS) {
		rec_fail(rd, "more than %d settings", MAX_SETTINGS);
		return NULL;
	}
	return &r->settings[r->nsettings++];
}

/* ---- completions --------------------------------------------------------- */

/* The writer leaves a summary's undefined figures null (report_json.c). */
static int done_stats(struct rec *rd, void *obj, void *parent)
{
	struct summary *s = obj;

	(void)rd;
	(void)parent;
	if (s->n == 0) {
		s->mean = s->median = s->sd = s->cv = s->min = s->max = 0;
		s->ci_half = s->ci_lo = s->ci_hi = 0;
	} else if (s->n == 1) {
		s->sd = s->cv = s->ci_half = 0;
		s->ci_lo = s->ci_hi = s->mean;
	}
	return 0;
}

static int done_test(struct rec *rd, void *obj, void *parent)
{
	struct bench_result *t = obj;

	(void)parent;
	if (t->def == NULL)
		return rec_fail(rd, "a test without its name");
	/* --exclude-disturbed with nothing left out: the result with every sample is the result. */
	if (!st_of(rd)->have_score_all && st_of(rd)->r->exclude_disturbed)
		t->score_all = t->score;
	return 0;
}

/* The headline's interval: ok when no reason says why there is none. */
static int done_score_ci(struct rec *rd, void *obj, void *parent)
{
	struct score_ci *sci = obj;

	(void)rd;
	(void)parent;
	sci->ok = sci->why[0] == '\0';
	return 0;
}

/* The interval belongs to the System Benchmarks Index Score (read after it). */
static int done_copy_run(struct rec *rd, void *obj, void *parent)
{
	struct copy_run *run = obj;

	(void)rd;
	(void)parent;
	if (run->score_ci.ok || run->score_ci.why[0])
		run->score_ci.score = run->cats[CAT_SYSTEM].score;
	return 0;
}

/* host_state: one line each, as hoststate_read keeps them. */
static int done_host_state(struct rec *rd, void *obj, void *parent)
{
	struct host_state *hs = obj;

	(void)rd;
	(void)parent;
	for (int i = 0; i < HS_COUNT; i++)
		strip_controls(hs->value[i]);
	return 0;
}

/*
 * One setting.  Its command is text to show, never to run: commands come
 * only from the command line the user typed (issue 39), and nothing reads
 * this one back into run/setting.c.  Checked as the command line's are, so
 * a report cannot show what the command line would have refused.
 */
static int done_setting(struct rec *rd, void *obj, void *parent)
{
	struct setting_rec *sr = obj;
	char why[160];

	(void)parent;
	if (!testdirs_label_ok(sr->name))
		return rec_fail(rd, "name: not a setting's name");
	if (sr->command[0] && settings_command_ok(sr->command, why, sizeof(why)) != 0)
		return rec_fail(rd, "command: %s", why);
	return 0;
}

/* --restore's command, or "" when the baseline's was run after (the writer's convention). */
static int done_settings(struct rec *rd, void *obj, void *parent)
{
	struct run_result *r = obj;
	char why[160];

	(void)parent;
	if (r->nsettings == 0)
		return rec_fail(rd, "list: no setting");
	if (r->nsettings != r->ndirs)
		return rec_fail(rd, "list: %zu settings for %zu compared directories", r->nsettings,
				r->ndirs);
	if (strcmp(r->restore, r->settings[0].command) == 0)
		r->restore[0] = '\0';
	else if (r->restore[0] && settings_command_ok(r->restore, why, sizeof(why)) != 0)
		return rec_fail(rd, "restore: %s", why);
	return 0;
}

static int done_cmp(struct rec *rd, void *obj, void *parent)
{
	(void)parent;
	return ((struct paired_cmp *)obj)->def ? 0 : rec_fail(rd, "a comparison without its test");
}

/* One copy: start spread null is "not measured" or one copy (report_json.c). */
static int done_pass(struct rec *rd, void *obj, void *parent)
{
	struct pass_result *p = obj;

	(void)parent;
	/* No run writes a negative figure (a record's and a journal's samples alike). */
	if (p->count < 0 || p->time < 0 || p->rate < 0)
		return rec_fail(rd, "%s: negative", p->count < 0 ? "count" : p->time < 0 ? "time"
									   : "rate");
	for (size_t c = 0; c < p->ncopies; c++)
		if (p->copies[c].count < 0 || p->copies[c].elapsed < 0)
			return rec_fail(rd, "copies[%zu].%s: negative", c,
					p->copies[c].count < 0 ? "count" : "elapsed");
	if (p->start_spread < 0 && p->ncopies == 1 && p->copies[0].started >= 0)
		p->start_spread = 0;
	/* Schema 1 did not say how many copies the counters were over: all of them. */
	if (st_of(rd)->schema < 2 && p->intf.have)
		p->intf.copies = (unsigned)p->ncopies;
	return 0;
}

static int done_copy_dir(struct rec *rd, void *obj, void *parent)
{
	const struct copy_dir *cd = obj;
	struct copy_result *c = parent;

	if (!cd->have_dir || cd->dir >= PROTOCOL_MAX_DIRS)
		return rec_fail(rd, "dir: not a directory's number (0 to %d)", PROTOCOL_MAX_DIRS - 1);
	if (c->dir_seen & (1u << cd->dir))
		return rec_fail(rd, "directory %u given twice", cd->dir);
	c->dir_seen |= 1u << cd->dir;
	c->dir_count[cd->dir] = cd->count;
	c->dir_time[cd->dir] = cd->time;
	memcpy(c->dir_note[cd->dir], cd->note, sizeof(c->dir_note[0]));
	return 0;
}

static int fn_copy_dir_index(struct rec *rd, void *obj)
{
	struct copy_dir *cd = obj;
	unsigned long long v;
	int isnull;

	if (rec_uint(rd, &v, &isnull) != 0)
		return -1;
	if (isnull || v >= PROTOCOL_MAX_DIRS)
		return rec_fail(rd, "not a directory's number (0 to %d)", PROTOCOL_MAX_DIRS - 1);
	cd->dir = (unsigned)v;
	cd->have_dir = 1;
	return 0;
}

static int done_verdict(struct rec *rd, void *obj, void *parent)
{
	struct verdict_out *vd = obj;

	(void)parent;
	if (st_of(rd)->few)
		vd->v = VD_FEW;
	st_of(rd)->few = 0;
	return 0;
}

/* Every run's directory: schema 1 names it by label only. */
static int done_record(struct rec *rd, void *obj, void *parent)
{
	struct rstate *s = st_of(rd);
	struct run_result *r = obj;

	(void)parent;
	if (s->schema == 0)
		return rec_fail(rd, "no schema_version");
	for (size_t i = 0; i < r->nruns; i++) {
		struct copy_run *run = &r->runs[i];

		if (!s->info[i].has_dir && s->info[i].label[0]) {
			size_t d = 0;

			while (d < r->ndirs && strcmp(r->dirs[d].label, s->info[i].label) != 0)
				d++;
			if (d == r->ndirs)
				return rec_fail(rd, "runs[%zu].label: no test directory \"%.24s\"", i,
						s->info[i].label);
			run->dir = d;
		}
		if (run->dir != 0 && run->dir >= r->ndirs)
			return rec_fail(rd, "runs[%zu].dir: no test directory %zu", i, run->dir);
	}
	for (size_t i = 0; i < r->ncmps; i++)
		if (r->cmps[i].dir == 0 || r->cmps[i].dir >= r->ndirs)
			return rec_fail(rd, "paired.comparisons[%zu]: compares the baseline with itself", i);
	return 0;
}

/* ---- the tables, leaves first ------------------------------------------- */

static const struct rec_field f_score_ci[] = {
	F_SKIP("lo", RK_SKIPNUM), F_SKIP("hi", RK_SKIPNUM), F_SKIP("log_se", RK_SKIPNUM),
	F_SKIP("df", RK_SKIPNUM), F_SKIP("unavailable", RK_SKIPSTR),
	F_SKIP("indexed_tests", RK_SKIPNUM), F_SKIP("single_sample_tests", RK_SKIPNUM),
};
SCHEMA(sch_score_ci, f_score_ci, NULL);

/* A run's headline interval (struct score_ci), kept. */
static const struct rec_field f_run_score_ci[] = {
	F_NUM("lo", RK_DBL, struct score_ci, lo),
	F_NUM("hi", RK_DBL, struct score_ci, hi),
	F_NUM("log_se", RK_DBL, struct score_ci, log_se),
	F_NUM("df", RK_DBL, struct score_ci, df),
	F_STR("unavailable", struct score_ci, why),
	F_UINT("indexed_tests", struct score_ci, ntests),
	F_UINT("single_sample_tests", struct score_ci, nsingle),
};
SCHEMA(sch_run_score_ci, f_run_score_ci, done_score_ci);

/* A --repeat score's between_passes: the "repeat" object's figures made
 * readable (exp of its logs), so read and dropped. */
static const struct rec_field f_between[] = {
	F_SKIP("passes", RK_SKIPNUM), F_FN("pass_scores", fn_skip_numbers),
	F_SKIP("within_pass_variance", RK_SKIPBOOL),
	F_SKIP("score", RK_SKIPNUM), F_SKIP("lo", RK_SKIPNUM), F_SKIP("hi", RK_SKIPNUM),
	F_SKIP("prediction_lo", RK_SKIPNUM), F_SKIP("prediction_hi", RK_SKIPNUM),
	F_SKIP("between_sd_log", RK_SKIPNUM), F_SKIP("log_se", RK_SKIPNUM),
	F_SKIP("df", RK_SKIPNUM), F_SKIP("unavailable", RK_SKIPSTR),
};
SCHEMA(sch_between, f_between, NULL);

/* "scores": the headline again, for a glance at the file. */
static const struct rec_field f_score[] = {
	F_SKIP("copies", RK_SKIPNUM), F_SKIP("label", RK_SKIPSTR),
	F_SKIP("system_index_score", RK_SKIPNUM), F_SKIP("system_index_partial", RK_SKIPBOOL),
	{ .key = "system_index_score_ci", .kind = RK_OBJ, .aux = REC_NONE, .sub = &sch_score_ci },
	{ .key = "between_passes", .kind = RK_OBJ, .aux = REC_NONE, .sub = &sch_between },
};
SCHEMA(sch_score, f_score, NULL);

static const struct rec_field f_sysindex[] = {
	F_STR("version", struct run_result, version),
	F_STR("compiler", struct run_result, sys.cc_version),
	F_STR("bench_cflags", struct run_result, sys.bench_cflags),
};
SCHEMA(sch_sysindex, f_sysindex, NULL);

static const struct rec_field f_run_intf[] = {
	F_SKIP("summary", RK_SKIPSTR), F_SKIP("steal_percent", RK_SKIPNUM),
	F_SKIP("cpu_pressure_percent", RK_SKIPNUM),
	F_SKIP("involuntary_switches_per_copy_second", RK_SKIPNUM),
	F_SKIP("cpu_wait_percent", RK_SKIPNUM), F_SKIP("throttled_percent", RK_SKIPNUM),
	F_SKIP("samples", RK_SKIPNUM), F_SKIP("disturbed_samples", RK_SKIPNUM),
};
static const struct rec_schema sch_run_intf = { f_run_intf, sizeof(f_run_intf) /
						sizeof(f_run_intf[0]), NULL };

/* run.charts: which gnuplot charts were written beside the reports. */
static const struct rec_field f_charts[] = {
	F_BOOLBIT("index", RUN_CHART_INDEX),
	F_BOOLBIT("paired", RUN_CHART_PAIRED),
	F_BOOLBIT("sustained", RUN_CHART_SUSTAINED),
};
SCHEMA(sch_charts, f_charts, NULL);

static const struct rec_field f_run[] = {
	F_STR("id", struct run_result, base_name),
	F_STR("mode", struct run_result, mode),
	F_STR("label", struct run_result, label),
	F_FN("workload", fn_workload),
	F_NUM("quick", RK_BOOL, struct run_result, quick),
	F_NUM("pinned", RK_BOOL, struct run_result, pinned),
	F_NUM("exclude_disturbed", RK_BOOL, struct run_result, exclude_disturbed),
	F_NUM("precision_target", RK_DBL0, struct run_result, precision),
	F_SKIP("start", RK_SKIPSTR), F_SKIP("end", RK_SKIPSTR),
	F_NUM("start_unix", RK_TIME, struct run_result, start),
	F_NUM("end_unix", RK_TIME, struct run_result, end),
	F_NUM("interrupted", RK_BOOL, struct run_result, interrupted),
	F_NUM("signal", RK_INT, struct run_result, signal),
	F_SKIP("signal_name", RK_SKIPSTR),
	F_STR("stopped", struct run_result, stopped),
	F_UINT("disk_file_bytes", struct run_result, disk_size),
	F_FN("interference", fn_run_intf),
	F_STR("interference_not_measured", struct run_result, intf_missing),
	F_OBJ("charts", struct run_result, charts, sch_charts),
};
SCHEMA(sch_run, f_run, NULL);

static const struct rec_field f_cpu[] = {
	F_STR("model", struct cpu_info, model),
	F_NUM("bogomips", RK_DBL0, struct cpu_info, bogomips),
	F_STR("flags", struct cpu_info, flags),
};
SCHEMA(sch_cpu, f_cpu, NULL);

static const struct rec_field f_host[] = {
	F_STR("id", struct host_identity, id),
	F_STR("virtualization", struct host_identity, virt),
	F_STR("cpu_model", struct host_identity, cpu_model),
	F_STR("kernel", struct host_identity, kernel),
};
SCHEMA(sch_host, f_host, NULL);

static const struct rec_field f_system[] = {
	F_STR("hostname", struct sys_info, hostname),
	F_STR("system", struct sys_info, system),
	F_STR("os", struct sys_info, os),
	F_STR("distribution", struct sys_info, distribution),
	F_STR("os_release", struct sys_info, os_release),
	F_STR("os_version", struct sys_info, os_version),
	F_STR("machine", struct sys_info, machine),
	F_STR("platform", struct sys_info, platform),
	F_UINT("ncpus", struct sys_info, ncpus),
	F_NUM("brief", RK_BOOL, struct sys_info, brief),
	F_ARR("cpus", sch_cpu, el_cpu),
	F_FN("memory_bytes", fn_memory),
	F_FN("timer_resolution_seconds", fn_timer_seconds),
	F_NUM("timer_resolution_ns", RK_DBL0, struct sys_info, timer_res_ns),
	F_STR("locale", struct sys_info, locale),
	F_STR("language", struct sys_info, language),
	F_STR("uptime", struct sys_info, uptime),
	F_OBJ("host_identity", struct sys_info, host, sch_host),
};
SCHEMA(sch_system, f_system, NULL);

static const struct rec_field f_mount[] = {
	F_STR("mount_point", struct mount_entry, mount_point),
	F_STR("root", struct mount_entry, root),
	F_STR("source", struct mount_entry, source),
	F_STR("fstype", struct mount_entry, fstype),
	F_STR("options", struct mount_entry, options),
	F_STR("super_options", struct mount_entry, super_options),
	F_NUM("mount_id", RK_INT, struct mount_entry, mount_id),
	F_NUM("parent_id", RK_INT, struct mount_entry, parent_id),
	F_UINT("major", struct mount_entry, major),
	F_UINT("minor", struct mount_entry, minor),
	F_BIT("total_bytes", RK_U64HAVE, struct mount_entry, total_bytes, space_known, 0),
	F_BIT("free_bytes", RK_U64HAVE, struct mount_entry, free_bytes, space_known, 0),
	F_BIT("avail_bytes", RK_U64HAVE, struct mount_entry, avail_bytes, space_known, 0),
};
SCHEMA(sch_mount, f_mount, NULL);

static const struct rec_field f_device[] = {
	F_STR("kind", struct device_info, kind),
	F_STR("name", struct device_info, name),
	F_STR("disk", struct device_info, disk),
	F_STR("model", struct device_info, model),
	F_NUM("rotational", RK_TRI, struct device_info, rotational),
	F_STR("scheduler", struct device_info, scheduler),
	F_STR("backing_file", struct device_info, backing_file),
	F_STR("dm_name", struct device_info, dm_name),
	F_STR("slaves", struct device_info, slaves),
};
SCHEMA(sch_device, f_device, NULL);

/* The run's test directory (system_block's "testdir"). */
static const struct rec_field f_testdir[] = {
	F_STR("path", struct sys_info, testdir),
	F_OBJN("mount", struct sys_info, mount, have_mount, sch_mount),
	F_OBJN("device", struct sys_info, device, have_mount, sch_device),
};
SCHEMA(sch_testdir, f_testdir, NULL);

/* A paired run's directory. */
static const struct rec_field f_dir[] = {
	F_STR("label", struct test_dir, label),
	F_SKIP("baseline", RK_SKIPBOOL),
	F_STR("path", struct test_dir, path),
	F_OBJN("mount", struct test_dir, mount, have_mount, sch_mount),
	F_OBJN("device", struct test_dir, device, have_mount, sch_device),
};
SCHEMA(sch_dir, f_dir, NULL);

static const struct rec_field f_metric[] = {
	F_STR("name", struct metric, name),
	F_NUM("value", RK_DBL, struct metric, value),
	F_STR("unit", struct metric, unit),
	F_FN("combine", fn_metric_combine),
};
SCHEMA(sch_metric, f_metric, NULL);

static const struct rec_field f_copy_dir[] = {
	F_FN("dir", fn_copy_dir_index),
	F_NUM("count", RK_DBL, struct copy_dir, count),
	F_NUM("time", RK_DBLM1, struct copy_dir, time),
	F_STR("note", struct copy_dir, note),
};
SCHEMA(sch_copy_dir, f_copy_dir, done_copy_dir);

static const struct rec_field f_copy[] = {
	F_SKIP("copy", RK_SKIPNUM),
	F_NUM("ok", RK_BOOL, struct copy_result, ok),
	F_NUM("count", RK_DBL, struct copy_result, count),
	F_NUM("timebase", RK_INT, struct copy_result, timebase),
	F_NUM("time", RK_DBLM1, struct copy_result, time),
	F_NUM("elapsed", RK_DBL, struct copy_result, elapsed),
	F_NUM("cpu", RK_INTM1, struct copy_result, cpu),
	F_NUM("wait_status", RK_INTM1, struct copy_result, wait_status),
	F_SKIP("exit_code", RK_SKIPNUM), F_SKIP("term_signal", RK_SKIPNUM),
	F_NUM("started", RK_DBLM1, struct copy_result, started),
	F_STR("note", struct copy_result, note),
	F_ARR("metrics", sch_metric, el_copy_metric),
	F_ARR("dirs", sch_copy_dir, el_copy_dir),
};
SCHEMA(sch_copy, f_copy, NULL);

static const struct rec_field f_intf[] = {
	F_NUM("wall_seconds", RK_DBL0, struct intf_sample, wall),
	F_UINT("cpus", struct intf_sample, ncpus),
	F_UINT("copies", struct intf_sample, copies),
	F_BIT("steal_seconds", RK_DBLBIT, struct intf_sample, steal, have, INTF_HAVE_STEAL),
	F_BIT("cpu_pressure_seconds", RK_DBLBIT, struct intf_sample, psi_some, have, INTF_HAVE_PSI),
	F_BIT("involuntary_switches", RK_U64BIT, struct intf_sample, ivcsw, have, INTF_HAVE_IVCSW),
	F_BIT("cpu_wait_seconds", RK_DBLBIT, struct intf_sample, run_delay, have, INTF_HAVE_DELAY),
	F_BIT("throttled_seconds", RK_DBLBIT, struct intf_sample, throttled, have,
	      INTF_HAVE_THROTTLE),
	F_BIT("nr_throttled", RK_U64BIT, struct intf_sample, nr_throttled, have,
	      INTF_HAVE_THROTTLE),
	F_FN("flags", fn_intf_flags),
};
static const struct rec_schema sch_intf = { f_intf, sizeof(f_intf) / sizeof(f_intf[0]), NULL };

/* samples[].series[]: one interval of a --sustained sample. */
static const struct rec_field f_series[] = {
	F_NUM("t", RK_DBL, struct series_pt, t),
	F_NUM("rate", RK_DBL, struct series_pt, rate),
	F_NUM("io_us", RK_DBL, struct series_pt, io_us),
};
SCHEMA(sch_series, f_series, NULL);

static const struct rec_field f_pass[] = {
	F_SKIP("pass", RK_SKIPNUM), F_SKIP("label", RK_SKIPSTR),
	F_UINT("round", struct pass_result, round),
	F_UINT("place", struct pass_result, slot),
	F_UINT("repeat_pass", struct pass_result, repeat_pass),
	F_NUM("ok", RK_BOOL, struct pass_result, ok),
	F_NUM("skipped", RK_BOOL, struct pass_result, skipped),
	F_NUM("dropped", RK_BOOL, struct pass_result, dropped),
	F_NUM("excluded", RK_BOOL, struct pass_result, excluded),
	F_NUM("count", RK_DBL, struct pass_result, count),
	F_NUM("time", RK_DBL, struct pass_result, time),
	F_NUM("rate", RK_DBL, struct pass_result, rate),
	/* The rate in the base unit (core/units.c's base_key): rate times base_factor. */
	F_SKIP("operations_per_second", RK_SKIPNUM), F_SKIP("bytes_per_second", RK_SKIPNUM),
	F_SKIP("seconds", RK_SKIPNUM),
	F_STR("reason", struct pass_result, reason),
	F_NUM("at_seconds", RK_DBLM1, struct pass_result, at),
	F_NUM("start_spread_seconds", RK_DBLM1, struct pass_result, start_spread),
	F_FN("interference", fn_pass_intf),
	F_ARR("copies", sch_copy, el_copy),
	F_ARR("series", sch_series, el_series),
};
SCHEMA(sch_pass, f_pass, done_pass);

static const struct rec_field f_ci[] = {
	F_NUM("lo", RK_DBL, struct summary, ci_lo),
	F_NUM("hi", RK_DBL, struct summary, ci_hi),
	F_NUM("half", RK_DBL, struct summary, ci_half),
};
SCHEMA(sch_ci, f_ci, NULL);

static const struct rec_field f_stats[] = {
	F_UINT("n", struct summary, n),
	F_NUM("mean", RK_DBL, struct summary, mean),
	F_NUM("median", RK_DBL, struct summary, median),
	F_NUM("sd", RK_DBL, struct summary, sd),
	F_NUM("cv", RK_DBL, struct summary, cv),
	F_NUM("min", RK_DBL, struct summary, min),
	F_NUM("max", RK_DBL, struct summary, max),
	F_SAME("ci95", sch_ci),
	F_FN("flags", fn_skip_strings),
	F_UINT("flag_bits", struct summary, flags),
};
SCHEMA(sch_stats, f_stats, done_stats);

static const struct rec_field f_test[] = {
	F_FN("name", fn_test_name),
	F_SKIP("title", RK_SKIPSTR), F_SKIP("category", RK_SKIPSTR), F_SKIP("program", RK_SKIPSTR),
	F_STR("command", struct bench_result, command),
	F_SKIP("unit", RK_SKIPSTR), F_SKIP("base_unit", RK_SKIPSTR),
	F_SKIP("base_factor", RK_SKIPNUM), F_SKIP("baseline", RK_SKIPNUM),
	F_UINT("seconds_per_sample", struct bench_result, seconds),
	F_SKIP("sample_class", RK_SKIPSTR),
	F_FN("status", fn_test_status),
	F_STR("reason", struct bench_result, reason),
	F_STR("note", struct bench_result, note),
	F_NUM("score", RK_DBL0, struct bench_result, score),
	F_SKIP("operations_per_second", RK_SKIPNUM), F_SKIP("bytes_per_second", RK_SKIPNUM),
	F_SKIP("seconds", RK_SKIPNUM),
	F_NUM("index", RK_DBL0, struct bench_result, index),
	F_NUM("time", RK_DBL0, struct bench_result, time),
	F_UINT("kept", struct bench_result, kept),
	F_UINT("excluded_disturbed", struct bench_result, excluded),
	F_UINT("disturbed_kept", struct bench_result, flagged_kept),
	F_FN("score_with_disturbed", fn_score_all),
	F_OBJ("stats", struct bench_result, stats, sch_stats),
	F_NUM("hit_cap", RK_BOOL, struct bench_result, capped),
	F_NUM("scaling_efficiency", RK_DBL0, struct bench_result, scaling),
	F_ARR("metrics", sch_metric, el_test_metric),
	F_NUM("shared_cpu", RK_TRI, struct bench_result, shared_cpu),
	F_ARR("samples", sch_pass, el_pass),
};
SCHEMA(sch_test, f_test, done_test);

static const struct rec_field f_category[] = {
	F_SKIP("id", RK_SKIPSTR), F_SKIP("title", RK_SKIPSTR),
	F_NUM("any_results", RK_BOOL, struct cat_index, any_results),
	F_NUM("score", RK_DBL0, struct cat_index, score),
	F_NUM("partial", RK_BOOL, struct cat_index, partial),
	F_UINT("nindexed", struct cat_index, nindexed),
	F_UINT("nbaseline", struct cat_index, nbaseline),
};
SCHEMA(sch_category, f_category, NULL);

/* The host's speed over a run's samples (stats/hostfactor.h), kept. */
static const struct rec_field f_host_speed[] = {
	F_UINT("samples", struct host_speed, n),
	F_UINT("tests", struct host_speed, ntests),
	F_NUM("span_seconds", RK_DBL0, struct host_speed, span),
	F_NUM("sample_var_log", RK_DBL0, struct host_speed, var),
	F_NUM("sd_log", RK_DBL0, struct host_speed, sd),
	F_NUM("share", RK_DBL0, struct host_speed, share),
	F_NUM("correlation_seconds", RK_DBL0, struct host_speed, tau),
	F_NUM("long_memory", RK_BOOL, struct host_speed, long_memory),
	F_NUM("windows", RK_DBL0, struct host_speed, windows),
	F_NUM("noise_var_log", RK_DBL0, struct host_speed, noise_var),
	F_NUM("minutes_for_1pct", RK_DBL0, struct host_speed, minutes_1pct),
};
SCHEMA(sch_host_speed, f_host_speed, NULL);

static const struct rec_field f_copy_run[] = {
	F_UINT("copies", struct copy_run, copies),
	F_FN("label", fn_run_label),
	F_FN("dir", fn_run_dir),
	F_SKIP("system_index_score", RK_SKIPNUM), F_SKIP("system_index_partial", RK_SKIPBOOL),
	F_OBJ("system_index_score_ci", struct copy_run, score_ci, sch_run_score_ci),
	F_SKIP("start", RK_SKIPSTR), F_SKIP("end", RK_SKIPSTR),
	F_NUM("start_unix", RK_TIME, struct copy_run, start),
	F_NUM("end_unix", RK_TIME, struct copy_run, end),
	F_OBJN("host_speed", struct copy_run, host, host.ok, sch_host_speed),
	F_ARR("categories", sch_category, el_category),
	F_ARR("tests", sch_test, el_test),
};
SCHEMA(sch_copy_run, f_copy_run, done_copy_run);

/* A paired estimate's verdict (struct verdict_out), schema 2. */
static const struct rec_field f_verdict[] = {
	F_FN("verdict", fn_estimate_verdict),
	F_FN("few", fn_estimate_few),
	F_NUM("negligible", RK_BOOL, struct verdict_out, negligible),
	F_NUM("p_diff", RK_DBL, struct verdict_out, p_diff),
	F_NUM("p_lo", RK_DBL, struct verdict_out, p_lo),
	F_NUM("p_hi", RK_DBL, struct verdict_out, p_hi),
	F_NUM("p_diff_adj", RK_DBL, struct verdict_out, p_diff_adj),
	F_NUM("p_tost_adj", RK_DBL, struct verdict_out, p_tost_adj),
	F_NUM("lo", RK_DBL, struct verdict_out, lo),
	F_NUM("hi", RK_DBL, struct verdict_out, hi),
	F_NUM("adj_lo", RK_DBL, struct verdict_out, adj_lo),
	F_NUM("adj_hi", RK_DBL, struct verdict_out, adj_hi),
};
SCHEMA(sch_verdict, f_verdict, done_verdict);

/* A paired estimate (struct paired_stats) at full precision, schema 2. */
static const struct rec_field f_estimate[] = {
	F_UINT("n", struct paired_stats, n),
	F_NUM("mean_log", RK_DBL, struct paired_stats, mean_log),
	F_NUM("sd_log", RK_DBL, struct paired_stats, sd_log),
	F_NUM("half_log", RK_DBL, struct paired_stats, half_log),
	F_NUM("ratio", RK_DBL, struct paired_stats, ratio),
	F_NUM("ci_lo", RK_DBL, struct paired_stats, ci_lo),
	F_NUM("ci_hi", RK_DBL, struct paired_stats, ci_hi),
	F_NUM("detect", RK_DBL, struct paired_stats, detect),
	F_NUM("median_ratio", RK_DBL, struct paired_stats, median_ratio),
	F_NUM("base_gm", RK_DBL, struct paired_stats, base_gm),
	F_NUM("other_gm", RK_DBL, struct paired_stats, other_gm),
	F_NUM("se_log", RK_DBL, struct paired_stats, se_log),
	F_NUM("df", RK_DBL, struct paired_stats, df),
	F_NUM("se_rounds", RK_DBL, struct paired_stats, se_rounds),
	F_NUM("instance_sd", RK_DBL, struct paired_stats, instance_sd),
	F_NUM("order_adjusted", RK_BOOL, struct paired_stats, order_adjusted),
	F_UINT("stage_one", struct paired_stats, stage_one),
	F_FN("place_log", fn_place_log),
	F_OBJ("verdict", struct paired_stats, vd, sch_verdict),
};
SCHEMA(sch_estimate, f_estimate, NULL);

static const struct rec_field f_pscore[] = {
	F_UINT("copies", struct paired_score, copies),
	F_FN("label", fn_pscore_label),
	F_UINT("index_tests", struct paired_score, ntests),
	F_UINT("rounds", struct paired_score, st.n),
	F_NUM("ratio", RK_DBL, struct paired_score, st.ratio),
	F_SKIP("change_percent", RK_SKIPNUM),
	F_SKIP("ci95_lo_change_percent", RK_SKIPNUM), F_SKIP("ci95_hi_change_percent", RK_SKIPNUM),
	F_FN("verdict", fn_pscore_verdict),
	F_OBJ("estimate", struct paired_score, st, sch_estimate),
};
SCHEMA(sch_pscore, f_pscore, NULL);

static const struct rec_field f_cmp_ci[] = {
	F_NUM("lo", RK_DBL, struct paired_stats, ci_lo),
	F_NUM("hi", RK_DBL, struct paired_stats, ci_hi),
	F_SKIP("lo_change_percent", RK_SKIPNUM), F_SKIP("hi_change_percent", RK_SKIPNUM),
};
SCHEMA(sch_cmp_ci, f_cmp_ci, NULL);

static const struct rec_field f_cmp_simult[] = {
	F_SKIP("lo_change_percent", RK_SKIPNUM), F_SKIP("hi_change_percent", RK_SKIPNUM),
};
SCHEMA(sch_cmp_simult, f_cmp_simult, NULL);

static const struct rec_field f_cmp[] = {
	F_UINT("copies", struct paired_cmp, copies),
	F_FN("test", fn_cmp_test),
	F_SKIP("title", RK_SKIPSTR),
	F_FN("label", fn_cmp_label),
	F_SKIP("baseline", RK_SKIPSTR),
	F_NUM("control", RK_BOOL, struct paired_cmp, control),
	F_FN("baseline_status", fn_cmp_base_status),
	F_FN("status", fn_cmp_status),
	F_UINT("rounds", struct paired_cmp, rounds),
	F_UINT("paired_rounds", struct paired_cmp, st.n),
	F_NUM("baseline_geomean", RK_DBL, struct paired_cmp, st.base_gm),
	F_NUM("geomean", RK_DBL, struct paired_cmp, st.other_gm),
	F_NUM("ratio", RK_DBL, struct paired_cmp, st.ratio),
	F_SKIP("change_percent", RK_SKIPNUM),
	F_OBJ("ci95", struct paired_cmp, st, sch_cmp_ci),
	F_FN("detectable_change_percent", fn_cmp_detect),
	F_NUM("mean_log_ratio", RK_DBL, struct paired_cmp, st.mean_log),
	F_NUM("sd_log_ratio", RK_DBL, struct paired_cmp, st.sd_log),
	F_NUM("se_log_ratio", RK_DBL, struct paired_cmp, st.se_log),
	F_NUM("se_rounds_log_ratio", RK_DBL, struct paired_cmp, st.se_rounds),
	F_SKIP("instance_sd_log", RK_SKIPNUM),   /* the estimate's instance_sd */
	F_NUM("median_ratio", RK_DBL, struct paired_cmp, st.median_ratio),
	F_NUM("order_adjusted", RK_BOOL, struct paired_cmp, st.order_adjusted),
	F_FN("place_change_percent", fn_cmp_places),
	F_FN("verdict", fn_cmp_verdict),
	F_NUM("negligible_change", RK_BOOL, struct paired_cmp, st.vd.negligible),
	F_NUM("p_value_holm", RK_DBL, struct paired_cmp, st.vd.p_diff_adj),
	F_NUM("tost_p_value_holm", RK_DBL, struct paired_cmp, st.vd.p_tost_adj),
	F_OBJ("ci_simultaneous", struct paired_cmp, st, sch_cmp_simult),
	F_SKIP("verdict_text", RK_SKIPSTR),
	F_FN("reason", fn_cmp_reason),
	F_STR("not_compared", struct paired_cmp, reason),
	F_OBJ("estimate", struct paired_cmp, st, sch_estimate),
};
SCHEMA(sch_cmp, f_cmp, done_cmp);

static const struct rec_field f_noise[] = {
	F_SKIP("copies", RK_SKIPNUM), F_SKIP("control_rows", RK_SKIPNUM),
	F_SKIP("median_detectable_change_percent", RK_SKIPNUM),
	F_SKIP("largest_abs_change_percent", RK_SKIPNUM),
};
SCHEMA(sch_noise, f_noise, NULL);

static const struct rec_field f_paired[] = {
	F_SKIP("baseline", RK_SKIPSTR),
	F_NUM("control", RK_BOOL, struct run_result, control),
	F_SKIP("verdict_method", RK_SKIPSTR),
	F_SKIP("instance_sd_percent", RK_SKIPNUM), F_SKIP("instance_sd_source", RK_SKIPSTR),
	F_NUM("instance_sd", RK_DBL0, struct run_result, instance_sd),
	F_NUM("instance_set", RK_BOOL, struct run_result, instance_set),
	F_UINT("verdict_family", struct run_result, family.m),
	F_FN("margin_percent", fn_margin_percent),
	F_NUM("margin", RK_DBL, struct run_result, family.margin),
	F_NUM("alpha", RK_DBL, struct run_result, family.alpha),
	F_SKIP("order", RK_SKIPSTR),
	F_ARR("dirs", sch_dir, el_dir),
	F_ARR("partial_score_ratios", sch_pscore, el_pscore),
	F_ARR("comparisons", sch_cmp, el_cmp),
	F_ARR("noise_floor", sch_noise, el_scratch),
};
SCHEMA(sch_paired, f_paired, NULL);

/* cpu_limits (struct cpu_limits); null members are the struct's "not read". */
static const struct rec_field f_limits[] = {
	F_SKIP("summary", RK_SKIPSTR),
	F_UINT("online", struct cpu_limits, online),
	F_UINT("affinity", struct cpu_limits, affinity),
	F_STR("cpuset", struct cpu_limits, cpuset),
	F_UINT("cpuset_cpus", struct cpu_limits, cpuset_n),
	F_NUM("quota_cpus", RK_DBL0, struct cpu_limits, quota),
	F_UINT("usable", struct cpu_limits, usable),
	F_FN("limited_by", fn_limited_by),
	F_NUM("default_copies", RK_BOOL, struct cpu_limits, defaulted),
	F_SKIP("copies_why", RK_SKIPSTR),
};
SCHEMA(sch_limits, f_limits, NULL);

/* host_state: one row per hoststate_rows row, in its order (the round trip
 * in tests/unit/test_record.c fails if a name differs). */
#define F_HS(k, i) F_STRHAVE(k, struct host_state, value[i], have[i])
static const struct rec_field f_host_state[] = {
	F_HS("governor", HS_GOVERNOR),
	F_HS("energy_performance_preference", HS_EPP),
	F_HS("boost", HS_BOOST),
	F_HS("smt", HS_SMT),
	F_HS("mitigations", HS_MITIGATIONS),
	F_HS("microcode", HS_MICROCODE),
	F_HS("transparent_hugepages", HS_THP),
	F_HS("numa_nodes", HS_NUMA),
	F_HS("clocksource", HS_CLOCKSOURCE),
	F_HS("kernel_cmdline", HS_CMDLINE),
};
SCHEMA(sch_host_state, f_host_state, done_host_state);

/* A setting's recorded state (sysinfo/setstate.h): null members are "". */
static const struct rec_field f_setstate[] = {
	F_STR("mount_options", struct setting_state, mount),
	F_STR("super_options", struct setting_state, super),
	F_STR("scheduler", struct setting_state, scheduler),
	F_STR("thp", struct setting_state, thp),
};
SCHEMA(sch_setstate, f_setstate, NULL);

static const struct rec_field f_setting[] = {
	F_STR("name", struct setting_rec, name),
	F_SKIP("baseline", RK_SKIPBOOL),
	/* Shown, never run: no command is ever taken from a file (issue 39). */
	F_STR("command", struct setting_rec, command),
	F_UINT("applied", struct setting_rec, applied),
	F_UINT("states_recorded", struct setting_rec, nstate),
	F_NUM("switch_seconds", RK_DBL, struct setting_rec, switch_s),
	F_NUM("switch_max_seconds", RK_DBL, struct setting_rec, switch_max_s),
	F_FN("in_force", fn_in_force),
	F_NUM("changed", RK_BOOL, struct setting_rec, changed),
	F_FN("changed_to", fn_changed_to),
};
SCHEMA(sch_setting, f_setting, done_setting);

/* Settings mode (--setting): read back to show; warnings are made again from the list. */
static const struct rec_field f_settings[] = {
	F_SKIP("baseline", RK_SKIPSTR), F_SKIP("switch", RK_SKIPSTR),
	/* Shown, never run (as the settings' commands). */
	F_STR("restore", struct run_result, restore),
	F_ARR("list", sch_setting, el_setting),
	F_FN("warnings", fn_skip_strings),
};
SCHEMA(sch_settings, f_settings, done_settings);

/* --repeat: each copy count's pass scores and their two-level pool. */
static const struct rec_field f_re_pool[] = {
	F_UINT("r", struct re_pool, r),
	F_NUM("q_cochran", RK_DBL, struct re_pool, q_cochran),
	F_NUM("tau2", RK_DBL, struct re_pool, tau2),
	F_NUM("mean", RK_DBL, struct re_pool, mean),
	F_NUM("se_dl", RK_DBL, struct re_pool, se_dl),
	F_NUM("q_hk", RK_DBL, struct re_pool, q_hk),
	F_NUM("se", RK_DBL, struct re_pool, se),
	F_NUM("df", RK_DBL, struct re_pool, df),
	F_NUM("lo", RK_DBL, struct re_pool, lo),
	F_NUM("hi", RK_DBL, struct re_pool, hi),
	F_NUM("pred_se", RK_DBL, struct re_pool, pred_se),
	F_NUM("pred_lo", RK_DBL, struct re_pool, pred_lo),
	F_NUM("pred_hi", RK_DBL, struct re_pool, pred_hi),
};
SCHEMA(sch_re_pool, f_re_pool, NULL);

static const struct rec_field f_rep[] = {
	F_UINT("copies", struct repeat_score, copies),
	F_FN("pass_scores", fn_pass_scores),
	F_NUM("within", RK_BOOL, struct repeat_score, within),
	F_NUM("ok", RK_BOOL, struct repeat_score, ok),
	F_OBJ("pool", struct repeat_score, pool, sch_re_pool),
};
SCHEMA(sch_rep, f_rep, NULL);

static const struct rec_field f_repeat[] = {
	F_UINT("passes", struct run_result, repeat),
	F_ARR("pools", sch_rep, el_rep),
};
SCHEMA(sch_repeat, f_repeat, done_repeat);

static const struct rec_field f_record[] = {
	F_FN("schema_version", fn_schema_version),
	F_FN("generator", fn_generator),
	F_ARR("scores", sch_score, el_scratch),
	F_SAME("sysindex", sch_sysindex),
	F_SAME("run", sch_run),
	F_OBJ("system", struct run_result, sys, sch_system),
	F_FN("cpu_limits", fn_cpu_limits),
	F_OBJN("host_state", struct run_result, sys.state, sys.state.read, sch_host_state),
	F_OBJ("testdir", struct run_result, sys, sch_testdir),
	F_ARR("runs", sch_copy_run, el_run),
	F_SAME("paired", sch_paired),
	F_SAME("settings", sch_settings),
	F_SAME("repeat", sch_repeat),
};
SCHEMA(sch_record, f_record, done_record);

/* ---- the entry points ---------------------------------------------------- */

int record_looks_like(const void *buf, size_t len)
{
	const unsigned char *p = buf;
	size_t i = 0;

	if (len >= 3 && p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf)
		i = 3;
	while (i < len && (p[i] == ' ' || p[i] == '\t' || p[i] == '\n' || p[i] == '\r'))
		i++;
	return i < len && p[i] == '{';
}

int record_read_buffer(const char *name, const void *buf, size_t len, struct run_result *r,
		       char *err, size_t errlen)
{
	struct rstate *s = calloc(1, sizeof(*s));
	struct rec *rd = calloc(1, sizeof(*rd));
	static const char first[] = "\"schema_version\"";
	int rc = -1;

	memset(r, 0, sizeof(*r));
	if (s == NULL || rd == NULL) {
		snprintf(err, errlen, "%s: out of memory", name);
		goto out;
	}
	rd->p = buf;
	rd->end = rd->p + len;
	rd->name = name;
	rd->err = err;
	rd->errlen = errlen;
	rd->budget = BUDGET_PER_BYTE * len + (1u << 20);
	rd->user = s;
	s->r = r;
	if (len >= 3 && memcmp(rd->p, "\xef\xbb\xbf", 3) == 0)
		rd->p += 3;
	/* The version first, so a newer record is told apart before its fields. */
	{
		const char *q = rd->p;

		while (q < rd->end && (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r'))
			q++;
		if (q < rd->end && *q == '{')
			q++;
		while (q < rd->end && (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r'))
			q++;
		if ((size_t)(rd->end - q) < sizeof(first) - 1 ||
		    memcmp(q, first, sizeof(first) - 1) != 0) {
			rec_fail(rd, "not a sysindex run record (it does not begin with "
				 "schema_version)");
			goto out;
		}
	}
	if (rec_object(rd, &sch_record, r, NULL) != 0)
		goto out;
	while (rd->p < rd->end && (*rd->p == ' ' || *rd->p == '\t' || *rd->p == '\n' ||
				   *rd->p == '\r'))
		rd->p++;
	if (rd->p != rd->end) {
		rec_fail(rd, "text after the record's end");
		goto out;
	}
	if (record_check(rd, r) != 0)
		goto out;
	rc = 0;
out:
	if (rc != 0)
		result_free(r);
	if (s != NULL)
		free(s->info);
	free(s);
	free(rd);
	return rc;
}

int rec_slurp(const char *path, size_t max, char **out, size_t *len, char *err, size_t errlen)
{
	struct stat st;
	char *buf;
	size_t got = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);

	*out = NULL;
	*len = 0;
	if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: cannot read: %s", path, fd < 0 ? strerror(errno) :
			 "not a regular file");
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if ((unsigned long long)st.st_size > max) {
		snprintf(err, errlen, "%s: larger than it may be (%zu MiB)", path, max >> 20);
		close(fd);
		return -1;
	}
	buf = malloc((size_t)st.st_size + 1);
	if (buf == NULL) {
		snprintf(err, errlen, "%s: out of memory", path);
		close(fd);
		return -1;
	}
	while (got < (size_t)st.st_size) {
		ssize_t n = read(fd, buf + got, (size_t)st.st_size - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			snprintf(err, errlen, "%s: cannot read: %s", path,
				 n < 0 ? strerror(errno) : "it shrank while read");
			free(buf);
			close(fd);
			return -1;
		}
		got += (size_t)n;
	}
	close(fd);
	*out = buf;
	*len = got;
	return 0;
}

int record_read_file(const char *path, struct run_result *r, char *err, size_t errlen)
{
	char *buf;
	size_t len;
	int rc;

	memset(r, 0, sizeof(*r));
	if (rec_slurp(path, RECORD_MAX_BYTES, &buf, &len, err, errlen) != 0)
		return -1;
	rc = record_read_buffer(path, buf, len, r, err, errlen);
	free(buf);
	return rc;
}

int record_read_sample(struct rec *rd, struct pass_result *p)
{
	struct rstate s = { .schema = RECORD_SCHEMA };
	void *user = rd->user;
	int rc;

	rd->user = &s;
	rc = rec_object(rd, &sch_pass, p, NULL);
	rd->user = user;
	return rc;
}
