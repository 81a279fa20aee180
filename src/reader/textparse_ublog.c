/*
 * textparse_ublog.c: UnixBench's raw log (results/<host>-<date>-NN.log,
 * 5.1.3 and 6.0) read as samples, the same tp_samples as sysindex's CSV, so
 * that compare judges UnixBench runs exactly as it judges sysindex runs.
 *
 * What the log holds, per test (the shape, not UnixBench's code):
 *
 *     ########################################################
 *     Dhrystone 2 using register variables -- 2 copies
 *     ==> "…/pgms/dhry2reg" 10 2>&1 >> "…log"
 *     #### Pass 1
 *     <the program's stdout>
 *     # COUNT0: 68759692        one block per copy: count, timebase, unit,
 *     # COUNT1: 1               TIME when the program reports its own time,
 *     # COUNT2: lps             then the wall time, pid and wait status
 *     # elapsed: 10.042706
 *     # pid: 18149
 *     # status: 0
 *     … (the next copies, the next passes)
 *     *Dump score: … / Count score: …    (UnixBench's lowest-third rule)
 *     >>>> Results of 1 copy  (or ">>>> Sum of 2 copies"), score, time
 *
 * A pass's rate is UnixBench's: count = the copies' COUNT0 summed, time =
 * the mean of each copy's TIME (else elapsed), rate = count / (time /
 * timebase) for a timebase above 0, else count.  The dropped passes are
 * found again by the same rule (sorted by summed count, the lowest n/3),
 * which also covers a test cut short by Ctrl-C: its complete passes count,
 * a pass with a copy missing, unfinished or exiting non-zero does not.
 */
#include "reader/textparse_int.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/testtab.h"
#include "score/score.h"

#define UB_MAX_SETS 1024
#define UB_MAX_PASSES 1000

struct ub_pass {
	double count;           /* COUNT0 summed over the copies */
	double timesum;         /* each copy's TIME, else elapsed, summed */
	double timebase;
	unsigned ncopies, ntimed, ndone;
	int failed, copy_has_time, open;
};

struct ub_state {
	struct tp_samples *s;
	struct tp_sample_set *set;      /* the test being read, NULL between tests */
	double *counts;                 /* per pass of set, for the dropping rule */
	unsigned copies;
	int after_banner;
	struct ub_pass pass;
	char unit[16];
};

/* "<title> -- 2 copies" or "-- 1 copy": 1 with title and copies, else 0. */
static int test_line(const char *s, char *title, size_t tlen, unsigned *copies)
{
	const char *sep = NULL, *q;
	char *end;
	unsigned long n;

	for (q = strstr(s, " -- "); q != NULL; q = strstr(q + 1, " -- "))
		sep = q;
	if (sep == NULL || sep == s)
		return 0;
	errno = 0;
	n = strtoul(sep + 4, &end, 10);
	if (end == sep + 4 || errno != 0 || n == 0 || n > 100000)
		return 0;
	if (strcmp(end, " copy") != 0 && strcmp(end, " copies") != 0)
		return 0;
	tp_copy_text(title, tlen, s, (size_t)(sep - s));
	*copies = (unsigned)n;
	return 1;
}

/* "# NAME: value": the value, or NULL when s is not that field. */
static const char *field(const char *s, const char *name)
{
	size_t k = strlen(name);

	if (strncmp(s, "# ", 2) != 0 || strncmp(s + 2, name, k) != 0 || s[2 + k] != ':')
		return NULL;
	s += 3 + k;
	while (*s == ' ')
		s++;
	return s;
}

static int number(const char *v, double *out)
{
	const char *why;

	return tp_parse_num(v, strlen(v), out, &why) == NUM_OK ? 0 : -1;
}

/* A complete pass becomes a sample of the current set. */
static int end_pass(struct ub_state *st, struct lreader *lr, char *err, size_t errlen)
{
	struct ub_pass *p = &st->pass;
	struct tp_sample_set *set = st->set;
	double rate, time, *pc, *pr;
	unsigned char *pd;
	size_t k;

	if (!p->open)
		return 0;
	p->open = 0;
	if (set == NULL || p->failed || p->ncopies != st->copies || p->ndone != p->ncopies ||
	    p->ntimed != p->ncopies)
		return 0;
	time = p->timesum / p->ncopies;
	rate = score_rate(p->count, time, p->timebase);     /* UnixBench's arithmetic, as a run's */
	if (!isfinite(rate) || rate < 0)
		return 0;
	if (set->n >= UB_MAX_PASSES) {
		snprintf(err, errlen, "%s:%u: too many passes for one test (more than %d)",
			 lr->name, lr->lineno, UB_MAX_PASSES);
		return -1;
	}
	k = set->n;
	APPEND(st->counts, k, UB_MAX_PASSES, pc);
	k = set->n;
	APPEND(set->rate, k, UB_MAX_PASSES, pr);
	APPEND(set->dropped, set->n, UB_MAX_PASSES, pd);
	if (pc == NULL || pr == NULL || pd == NULL) {
		snprintf(err, errlen, "%s: out of memory", lr->name);
		return -1;
	}
	*pc = p->count;
	*pr = rate;
	*pd = 0;
	if (set->unit[0] == '\0')
		tp_copy_text(set->unit, sizeof(set->unit), st->unit, strlen(st->unit));
	return 0;
}

/*
 * UnixBench's rule: the int(n/3) passes with the lowest summed count are
 * dropped.  A test without a finished pass is removed.
 */
static void end_test(struct ub_state *st)
{
	struct tp_sample_set *set = st->set;

	if (set != NULL && set->n == 0) {
		/* Not one pass finished (cut short in its first pass): no such test. */
		free(set->rate);
		free(set->dropped);
		memset(set, 0, sizeof(*set));
		st->s->nsets--;
	} else if (set != NULL && st->counts != NULL) {    /* counts: one per sample */
		for (size_t d = 0; d < set->n / 3; d++) {
			size_t lo = set->n;

			for (size_t i = 0; i < set->n; i++)
				if (!set->dropped[i] && (lo == set->n || st->counts[i] < st->counts[lo]))
					lo = i;
			set->dropped[lo] = 1;
		}
	}
	free(st->counts);
	st->counts = NULL;
	st->set = NULL;
}

static int start_test(struct ub_state *st, struct lreader *lr, const char *title,
		      unsigned copies, char *err, size_t errlen)
{
	struct tp_samples *s = st->s;
	const struct test_def *t = test_find_title(title);
	struct tp_sample_set *set;

	/* A test run twice with the same copies (two runs in one log): its passes join. */
	for (size_t i = 0; i < s->nsets; i++)
		if (s->sets[i].copies == copies && strcmp(s->sets[i].title, title) == 0) {
			snprintf(err, errlen, "%s:%u: \"%s\" with %u cop%s appears twice", lr->name,
				 lr->lineno, title, copies, copies == 1 ? "y" : "ies");
			return -1;
		}
	APPEND(s->sets, s->nsets, UB_MAX_SETS, set);
	if (set == NULL) {
		snprintf(err, errlen, "%s:%u: too many tests (more than %d)", lr->name, lr->lineno,
			 UB_MAX_SETS);
		return -1;
	}
	set->copies = copies;
	tp_copy_text(set->title, sizeof(set->title), title, strlen(title));
	if (t != NULL)
		tp_copy_text(set->test, sizeof(set->test), t->name, strlen(t->name));
	st->set = set;
	st->copies = copies;
	st->unit[0] = '\0';
	return 0;
}

static int ub_line(struct ub_state *st, struct lreader *lr, const char *s, char *err,
		   size_t errlen)
{
	struct ub_pass *p = &st->pass;
	char title[TP_TITLE_MAX];
	unsigned copies;
	const char *v;
	double x;

	if (s[0] == '#' && strspn(s, "#") == strlen(s) && strlen(s) >= 20) {
		if (end_pass(st, lr, err, errlen) != 0)
			return -1;
		end_test(st);
		st->after_banner = 1;
		return 0;
	}
	if (st->after_banner) {
		st->after_banner = 0;
		if (test_line(s, title, sizeof(title), &copies))
			return start_test(st, lr, title, copies, err, errlen);
		return 0;
	}
	if (st->set == NULL)
		return 0;
	if (tp_starts(s, "#### Pass ")) {
		if (end_pass(st, lr, err, errlen) != 0)
			return -1;
		memset(p, 0, sizeof(*p));
		p->open = 1;
		return 0;
	}
	if (tp_starts(s, ">>>> ")) {
		if (end_pass(st, lr, err, errlen) != 0)
			return -1;
		return 0;
	}
	if (!p->open)
		return 0;
	if ((v = field(s, "COUNT0")) != NULL) {
		if (number(v, &x) != 0 || x < 0)
			p->failed = 1;
		p->count += x;
		p->ncopies++;
		p->copy_has_time = 0;
	} else if ((v = field(s, "COUNT1")) != NULL) {
		if (number(v, &x) != 0 || x < 0)
			p->failed = 1;
		else
			p->timebase = x;
	} else if ((v = field(s, "COUNT2")) != NULL) {
		tp_copy_text(st->unit, sizeof(st->unit), v, strlen(v));
	} else if ((v = field(s, "TIME")) != NULL) {
		if (number(v, &x) != 0 || !(x > 0))
			p->failed = 1;
		else
			p->timesum += x;
		p->copy_has_time = 1;
		p->ntimed++;
	} else if ((v = field(s, "elapsed")) != NULL) {
		if (p->copy_has_time)
			return 0;
		if (number(v, &x) != 0 || !(x > 0))
			p->failed = 1;
		else
			p->timesum += x;
		p->ntimed++;
	} else if ((v = field(s, "status")) != NULL) {
		if (strcmp(v, "0") != 0)
			p->failed = 1;
		p->ndone++;
	}
	return 0;
}

static int parse_ublog(struct lreader *lr, struct tp_samples *s, char *err, size_t errlen)
{
	struct ub_state st = { 0 };
	char *norm = calloc(1, TP_LINE_MAX + 1);
	int rc;

	memset(s, 0, sizeof(*s));
	st.s = s;
	lr->buf = calloc(1, TP_LINE_MAX + 1);
	if (norm == NULL || lr->buf == NULL) {
		free(norm);
		free(lr->buf);
		snprintf(err, errlen, "%s: out of memory", lr->name);
		return -1;
	}
	while ((rc = tp_lr_next(lr, err, errlen)) > 0) {
		size_t n = tp_normalize(lr->buf, lr->len, norm);

		if (n == 0)
			continue;
		if ((rc = ub_line(&st, lr, norm, err, errlen)) != 0)
			break;
	}
	if (rc == 0 && (rc = end_pass(&st, lr, err, errlen)) == 0)
		end_test(&st);
	free(st.counts);
	free(norm);
	free(lr->buf);
	if (rc < 0) {
		tp_samples_free(s);
		return -1;
	}
	if (s->nsets == 0) {
		tp_samples_free(s);
		return 1;
	}
	return 0;
}

int tp_parse_ublog_buffer(const char *name, const void *buf, size_t len, struct tp_samples *s,
			  char *err, size_t errlen)
{
	return tp_samples_from_buffer(parse_ublog, name, buf, len, s, err, errlen);
}

int tp_parse_ublog(const char *path, struct tp_samples *s, char *err, size_t errlen)
{
	return tp_samples_from_file(parse_ublog, path, s, err, errlen);
}
