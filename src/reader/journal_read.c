/*
 * journal_read.c: a run's sample journal (journal_read.h) read back, line
 * by line, through the record's strict walker (record_int.h): the header
 * and end lines by their own tables below, each sample by the record's.
 */
#include "reader/journal_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reader/record_int.h"
#include "score/score.h"
#include "util/util.h"

#define ARG_MAX_LEN 8192

/* What one line fills: the journal, or one sample of it. */
struct jline {
	struct journal *j;
	struct journal_sample *s;
	char end[16];
	int signal;
};

static int one_arg(struct rec *rd, void *ctx, size_t i)
{
	struct journal *j = ctx;
	char *buf = malloc(ARG_MAX_LEN);

	(void)i;
	if (buf == NULL)
		return rec_fail(rd, "out of memory");
	if (rec_string(rd, buf, ARG_MAX_LEN, 0) != 0) {
		free(buf);
		return -1;
	}
	j->args[j->nargs++] = buf;
	return 0;
}

static int fn_args(struct rec *rd, void *obj)
{
	struct journal *j = obj;
	size_t n;

	if (j->nargs != 0)
		return rec_fail(rd, "given twice");
	return rec_array(rd, JOURNAL_MAX_ARGS, &n, one_arg, j);
}

static int fn_version(struct rec *rd, void *obj)
{
	struct journal *j = obj;
	unsigned long long v;
	int isnull;

	if (rec_uint(rd, &v, &isnull) != 0)
		return -1;
	if (isnull || v != JOURNAL_VERSION)
		return rec_fail(rd, "journal version %llu; this sysindex reads version %d",
				isnull ? 0ull : v, JOURNAL_VERSION);
	j->version = (unsigned)v;
	return 0;
}

static int done_head(struct rec *rd, void *obj, void *parent)
{
	struct journal *j = obj;

	(void)parent;
	if (j->version == 0 || j->build[0] == '\0' || j->base[0] == '\0')
		return rec_fail(rd, "a header without its version, build or base name");
	if (strchr(j->base, '/') != NULL || strcmp(j->base, "..") == 0 || strcmp(j->base, ".") == 0)
		return rec_fail(rd, "base: not a file name");
	return 0;
}

static int one_label(struct rec *rd, void *ctx, size_t i)
{
	struct journal_paired *p = ctx;

	if (rec_string(rd, p->label[i], sizeof(p->label[i]), 0) != 0)
		return -1;
	if (!testdirs_label_ok(p->label[i]))
		return rec_fail(rd, "not a label: \"%.31s\"", p->label[i]);
	p->ndirs = i + 1;
	return 0;
}

static int fn_dirs(struct rec *rd, void *obj)
{
	struct journal_paired *p = obj;
	size_t n;

	if (p->ndirs != 0)
		return rec_fail(rd, "given twice");
	if (rec_array(rd, MAX_TESTDIRS, &n, one_label, p) != 0)
		return -1;
	return n < 2 ? rec_fail(rd, "fewer than two") : 0;
}

static int done_paired(struct rec *rd, void *obj, void *parent)
{
	struct journal_paired *p = obj;

	(void)parent;
	if (p->ndirs < 2)
		return rec_fail(rd, "no dirs");
	if (!(p->margin > 0 && p->margin < 1) || !(p->instance_sd >= 0) ||
	    !(p->precision >= 0 && p->precision < 1))
		return rec_fail(rd, "margin, instance_sd or precision out of range");
	return 0;
}

static const struct rec_field f_paired[] = {
	F_FN("dirs", fn_dirs),
	F_NUM("settings", RK_BOOL, struct journal_paired, settings),
	F_NUM("control", RK_BOOL, struct journal_paired, control),
	F_NUM("instance_sd", RK_DBL0, struct journal_paired, instance_sd),
	F_NUM("instance_set", RK_BOOL, struct journal_paired, instance_set),
	F_NUM("margin", RK_DBL0, struct journal_paired, margin),
	F_NUM("precision", RK_DBL0, struct journal_paired, precision),
};
SCHEMA(sch_paired, f_paired, done_paired);

static const struct rec_field f_head[] = {
	F_FN("journal", fn_version),
	F_STR("generator", struct journal, generator),
	F_STR("build", struct journal, build),
	F_STR("hostname", struct journal, hostname),
	F_STR("host_id", struct journal, host_id),
	F_STR("virt", struct journal, virt),
	F_STR("cpu_model", struct journal, cpu_model),
	F_STR("kernel", struct journal, kernel),
	F_STR("compiler", struct journal, cc_version),
	F_STR("cflags", struct journal, bench_cflags),
	F_STR("mode", struct journal, mode),
	F_STR("testdir", struct journal, testdir),
	F_STR("base", struct journal, base),
	F_UINT("seed", struct journal, seed),
	{ .key = "start", .kind = RK_TIME, .off = offsetof(struct journal, start), .aux = REC_NONE },
	F_OBJ("paired", struct journal, paired, sch_paired),
	F_FN("args", fn_args),
};
SCHEMA(sch_head, f_head, done_head);

static int fn_sample_test(struct rec *rd, void *obj)
{
	struct journal_sample *s = obj;

	if (rec_string(rd, s->test, sizeof(s->test), 0) != 0)
		return -1;
	s->def = test_find(s->test);
	if (s->def == NULL)
		return rec_fail(rd, "no test \"%.31s\"", s->test);
	return 0;
}

static int fn_sample_dir(struct rec *rd, void *obj)
{
	struct journal_sample *s = obj;
	unsigned long long v;
	int isnull;

	if (rec_uint(rd, &v, &isnull) != 0)
		return -1;
	if (isnull) {
		s->all_dirs = 1;        /* a sliced pass: every directory at once */
		return 0;
	}
	if (v >= MAX_TESTDIRS)
		return rec_fail(rd, "not a directory's number (0 to %d)", MAX_TESTDIRS - 1);
	s->dir = (size_t)v;
	return 0;
}

static int fn_sample(struct rec *rd, void *obj)
{
	struct journal_sample *s = obj;

	if (s->pass.copies != NULL)
		return rec_fail(rd, "given twice");
	return record_read_sample(rd, &s->pass);
}

static int done_sample(struct rec *rd, void *obj, void *parent)
{
	struct journal_sample *s = obj;

	(void)parent;
	if (s->def == NULL || s->copies == 0)
		return rec_fail(rd, "a sample without its test or copy count");
	if (s->pass.ncopies != s->copies)
		return rec_fail(rd, "%zu copies' figures for %u copies", s->pass.ncopies, s->copies);
	return 0;
}

static const struct rec_field f_sample_line[] = {
	F_UINT("copies", struct journal_sample, copies),
	F_FN("dir", fn_sample_dir),
	F_FN("test", fn_sample_test),
	F_NUM("wall", RK_DBL0, struct journal_sample, wall),
	F_FN("sample", fn_sample),
};
SCHEMA(sch_sample_line, f_sample_line, done_sample);

static const struct rec_field f_end[] = {
	F_STR("end", struct jline, end),
	F_NUM("signal", RK_INT, struct jline, signal),
};
SCHEMA(sch_end, f_end, NULL);

void journal_free(struct journal *j)
{
	for (size_t i = 0; i < j->nargs; i++)
		free(j->args[i]);
	for (size_t i = 0; i < j->nsamples; i++)
		free(j->samples[i].pass.copies);
	free(j->samples);
	memset(j, 0, sizeof(*j));
}

static int has_prefix(const char *p, const char *end, const char *key)
{
	size_t n = strlen(key);

	return (size_t)(end - p) >= n && memcmp(p, key, n) == 0;
}

/* One line [p, e) of the file; lineno from 1.  0, or -1 with err. */
static int read_line(struct journal *j, struct rec *rd, const char *p, const char *e,
		     size_t lineno, size_t after)
{
	if (lineno == 1) {
		if (!has_prefix(p, e, JOURNAL_HEAD_KEY))
			return rec_fail(rd, "not a sysindex journal (it does not begin with %s)",
					JOURNAL_HEAD_KEY);
		if (rec_object(rd, &sch_head, j, NULL) != 0)
			return -1;
		j->head_end = j->valid = after;
	} else if (j->end != JOURNAL_OPEN) {
		/* An end line is the last: a resume truncates it before appending. */
		return rec_fail(rd, "a line after the run's end line");
	} else if (has_prefix(p, e, JOURNAL_SAMPLE_KEY)) {
		struct journal_sample *s;

		if (rec_grow(rd, (void **)&j->samples, &j->cap, j->nsamples, sizeof(*j->samples),
			     1u << 22) != 0)
			return -1;
		s = &j->samples[j->nsamples];
		s->pass.start_spread = -1;
		if (rec_object(rd, &sch_sample_line, s, NULL) != 0) {
			free(s->pass.copies);
			memset(s, 0, sizeof(*s));
			return -1;
		}
		s->end = after;
		j->nsamples++;
		j->valid = after;
	} else if (has_prefix(p, e, JOURNAL_END_KEY)) {
		struct jline el = { 0 };

		if (rec_object(rd, &sch_end, &el, NULL) != 0)
			return -1;
		if (strcmp(el.end, "complete") == 0) {
			j->end = JOURNAL_COMPLETE;
		} else if (strcmp(el.end, "interrupted") == 0) {
			j->end = JOURNAL_INTERRUPTED;
			j->signal = el.signal;
		} else {
			return rec_fail(rd, "end: neither \"complete\" nor \"interrupted\"");
		}
	} else {
		return rec_fail(rd, "neither a sample nor the run's end");
	}
	while (rd->p < rd->end && (*rd->p == ' ' || *rd->p == '\t' || *rd->p == '\r'))
		rd->p++;
	if (rd->p != rd->end)
		return rec_fail(rd, "text after the line's object");
	return 0;
}

int journal_read_buffer(const char *name, const char *buf, size_t len, struct journal *j,
			char *err, size_t errlen)
{
	struct rec rd;
	char where[256];
	size_t lineno = 0;
	const char *p = buf, *stop = buf + len;

	memset(j, 0, sizeof(*j));
	memset(&rd, 0, sizeof(rd));
	rd.err = err;
	rd.errlen = errlen;
	rd.budget = 64 * len + (1u << 20);
	if (len == 0 || memchr(buf, '\n', len) == NULL) {
		snprintf(err, errlen, "%s: %s", name, len == 0 ? "empty: not a sysindex journal"
			 : "not a sysindex journal (no whole line)");
		return -1;
	}
	while (p < stop) {
		const char *e = memchr(p, '\n', (size_t)(stop - p));

		lineno++;
		if (e == NULL) {
			j->torn = 1;    /* the sample in flight when the run was killed */
			break;
		}
		snprintf(where, sizeof(where), "%.200s: line %zu", name, lineno);
		rd.name = where;
		rd.p = p;
		rd.end = e;
		rd.failed = 0;
		rd.depth = 0;
		if (read_line(j, &rd, p, e, lineno, (size_t)(e + 1 - buf)) != 0) {
			journal_free(j);
			return -1;
		}
		p = e + 1;
	}
	return 0;
}

int journal_read_file(const char *path, struct journal *j, char *err, size_t errlen)
{
	char *buf;
	size_t len;
	int rc;

	memset(j, 0, sizeof(*j));
	if (rec_slurp(path, JOURNAL_MAX_BYTES, &buf, &len, err, errlen) != 0)
		return -1;
	rc = journal_read_buffer(path, buf, len, j, err, errlen);
	free(buf);
	return rc;
}

/* ---- the run so far, as the model --------------------------------------- */

static struct bench_result *test_of(struct copy_run *run, const struct test_def *def)
{
	struct bench_result *t;

	for (size_t i = 0; i < run->ntests; i++)
		if (run->tests[i].def == def)
			return &run->tests[i];
	t = realloc(run->tests, (run->ntests + 1) * sizeof(*t));
	if (t == NULL)
		return NULL;
	run->tests = t;
	t = &run->tests[run->ntests++];
	memset(t, 0, sizeof(*t));
	t->def = def;
	t->status = TS_OK;
	return t;
}

static int add_pass(struct bench_result *t, const struct pass_result *p)
{
	struct pass_result *g = realloc(t->passes, (t->npasses + 1) * sizeof(*g));

	if (g == NULL)
		return -1;
	t->passes = g;
	g = &t->passes[t->npasses++];
	*g = *p;
	g->copies = NULL;
	g->ncopies = 0;
	if (p->ncopies > 0) {
		g->copies = malloc(p->ncopies * sizeof(*g->copies));
		if (g->copies == NULL)
			return -1;
		memcpy(g->copies, p->copies, p->ncopies * sizeof(*g->copies));
		g->ncopies = p->ncopies;
	}
	if (!p->ok && t->status == TS_OK) {
		t->status = p->skipped ? TS_SKIPPED : TS_FAILED;
		fmt(t->reason, sizeof(t->reason), "%s", p->reason);
	}
	return 0;
}

/* Paired or settings mode: the header's labels and how its rows are judged. */
static void paired_model(const struct journal *j, struct run_result *r)
{
	const struct journal_paired *jp = &j->paired;

	r->ndirs = jp->ndirs;
	for (size_t d = 0; d < jp->ndirs; d++) {
		fmt(r->dirs[d].label, sizeof(r->dirs[d].label), "%s", jp->label[d]);
		if (jp->settings) {     /* one test dir, a setting where a directory was */
			fmt(r->dirs[d].path, sizeof(r->dirs[d].path), "%s", j->testdir);
			fmt(r->settings[d].name, sizeof(r->settings[d].name), "%s", jp->label[d]);
		}
	}
	r->nsettings = jp->settings ? jp->ndirs : 0;
	r->control = jp->control;
	r->instance_sd = jp->instance_sd;
	r->instance_set = jp->instance_set;
	r->family.margin = jp->margin;
	r->precision = jp->precision;
}

/*
 * The copy counts in the order met (counts[], at most max): how many, or 0
 * with err when a sample does not fit the header (a directory it does not
 * name, a sliced pass).
 */
static size_t copy_counts(const struct journal *j, size_t nd, unsigned *counts, size_t max,
			  char *err, size_t errlen)
{
	size_t n = 0;

	for (size_t i = 0; i < j->nsamples; i++) {
		const struct journal_sample *s = &j->samples[i];
		size_t k = 0;

		if (s->all_dirs) {
			snprintf(err, errlen, "a sliced paired run's journal (a pass measured every "
				 "directory at once): resume the run (./Run --resume) and compare its "
				 "report");
			return 0;
		}
		if (s->dir >= nd) {
			snprintf(err, errlen, "sample %zu is of directory %zu, but the journal's header "
				 "names %zu: resume the run (./Run --resume) and compare its report",
				 i + 1, s->dir, nd);
			return 0;
		}
		while (k < n && counts[k] != s->copies)
			k++;
		if (k == n && n < max)
			counts[n++] = s->copies;
	}
	return n;
}

int journal_to_run(const struct journal *j, struct run_result *r, char *err, size_t errlen)
{
	const struct journal_sample *last = j->nsamples ? &j->samples[j->nsamples - 1] : NULL;
	size_t nd = j->paired.ndirs >= 2 ? j->paired.ndirs : 1, ncounts;
	unsigned *counts = calloc(j->nsamples ? j->nsamples : 1, sizeof(*counts));

	memset(r, 0, sizeof(*r));
	if (counts == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	ncounts = copy_counts(j, nd, counts, j->nsamples, err, errlen);
	if (ncounts == 0 && j->nsamples > 0) {
		free(counts);
		return -1;
	}
	fmt(r->version, sizeof(r->version), "%s", j->generator + (strncmp(j->generator,
	    "sysindex ", 9) == 0 ? 9 : 0));
	fmt(r->base_name, sizeof(r->base_name), "%s", j->base);
	fmt(r->sys.hostname, sizeof(r->sys.hostname), "%s", j->hostname);
	fmt(r->sys.host.id, sizeof(r->sys.host.id), "%s", j->host_id);
	fmt(r->sys.host.virt, sizeof(r->sys.host.virt), "%s", j->virt);
	fmt(r->sys.host.cpu_model, sizeof(r->sys.host.cpu_model), "%s", j->cpu_model);
	fmt(r->sys.host.kernel, sizeof(r->sys.host.kernel), "%s", j->kernel);
	fmt(r->sys.testdir, sizeof(r->sys.testdir), "%s", j->testdir);
	fmt(r->sys.cc_version, sizeof(r->sys.cc_version), "%s", j->cc_version);
	fmt(r->sys.bench_cflags, sizeof(r->sys.bench_cflags), "%s", j->bench_cflags);
	fmt(r->mode, sizeof(r->mode), "%s", j->mode);
	r->start = r->end = j->start;
	r->interrupted = 1;
	r->signal = j->end == JOURNAL_INTERRUPTED ? j->signal : 9;
	if (nd >= 2)
		paired_model(j, r);
	/* Paired mode's layout: copy count i, directory d at runs[i * nd + d]. */
	r->nruns = ncounts * nd;
	r->runs = calloc(r->nruns ? r->nruns : 1, sizeof(*r->runs));
	if (r->runs == NULL)
		goto oom;
	for (size_t i = 0; i < r->nruns; i++) {
		r->runs[i].copies = counts[i / nd];
		r->runs[i].dir = nd >= 2 ? i % nd : 0;
	}
	for (size_t i = 0; i < j->nsamples; i++) {
		const struct journal_sample *s = &j->samples[i];
		size_t k = 0;
		struct bench_result *t;

		while (counts[k] != s->copies)
			k++;
		t = test_of(&r->runs[k * nd + s->dir], s->def);
		if (t == NULL || add_pass(t, &s->pass) != 0)
			goto oom;
		if (t->passes[t->npasses - 1].repeat_pass > r->repeat)
			r->repeat = t->passes[t->npasses - 1].repeat_pass;
	}
	free(counts);
	for (size_t i = 0; i < r->nruns; i++) {
		struct copy_run *run = &r->runs[i];

		for (size_t k = 0; k < run->ntests; k++) {
			struct bench_result *t = &run->tests[k];

			/* The test the run was in when it stopped (each side of it): cut short. */
			if (last != NULL && t->def == last->def && run->copies == last->copies &&
			    t->status == TS_OK) {
				size_t n;

				t->status = TS_NOT_RUN;
				n = result_partial(t);
				fmt(t->reason, sizeof(t->reason), REASON_INTERRUPTED ": %zu %s%s", n,
				    nd >= 2 ? "round" : "sample", n == 1 ? "" : "s");
			}
			score_test(t);
		}
		score_run(run);
	}
	/* Paired: the rows from the rounds kept; a test cut short gets none judged. */
	if (nd >= 2 && paired_compare(r) != 0) {
		result_free(r);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
oom:
	free(counts);
	result_free(r);
	snprintf(err, errlen, "out of memory");
	return -1;
}
