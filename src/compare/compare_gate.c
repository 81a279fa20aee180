/*
 * compare_gate.c: --fail-on slower[=MARGIN], a gate for CI.  compare exits 1
 * when any row, or the index score, is judged "slower" than the baseline by
 * the one verdict rule (stats/verdict.h; nothing is tested here) and its
 * change is larger than MARGIN; 0 otherwise.  Only verdicts count: an
 * inconclusive row (two single runs, say: docs/compare.md) never fails the
 * gate, whatever its change.  The gate fails closed (exit 2) where it cannot
 * judge: an interrupted input, a compared row that one side measured
 * nothing of (FAILED or NOT RUN), or no row measured on both sides.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "compare/compare_int.h"
#include "util/util.h"
#include "util/quote.h"

int cmp_parse_fail_on(const char *arg, double *margin, char *err, size_t errlen)
{
	static const char word[] = "slower";
	size_t n = strlen(word);
	char q[QUOTE_BUF];

	*margin = 0;
	if (strncmp(arg, word, n) == 0 && arg[n] == '\0')
		return 0;
	if (strncmp(arg, word, n) == 0 && arg[n] == '=' && parse_percent(arg + n + 1, margin) == 0 &&
	    *margin > 0)
		return 0;
	fmt(err, errlen, "--fail-on: '%s' is not slower or slower=P (P a percentage above 0 "
	    "and below 100, such as 2%%)", quote(arg, q));
	return -1;
}

/* Whether a verdict cell says slower, by more than margin (a fraction). */
static int gate_slower(const char *cell, double change_pct, double margin)
{
	enum verdict v;

	return cell != NULL && verdict_parse(cell, &v) == 0 && v == VD_SLOWER &&
	       !isnan(change_pct) && fabs(change_pct) > 100 * margin;
}

static void say(size_t *n, const char *title, unsigned copies, const char *label, double pct)
{
	fprintf(stderr, "sysindex compare: --fail-on: %s (%u cop%s), %s: slower, %+.2f %%\n",
		title, copies, copies == 1 ? "y" : "ies", label, pct);
	(*n)++;
}

/* A status that measured nothing: the test failed or never ran. */
static int measured_nothing(enum test_status st)
{
	return st == TS_NOT_RUN || st == TS_FAILED;
}

static void closed(size_t *n, const char *fmtd, ...) __attribute__((format(printf, 2, 3)));

static void closed(size_t *n, const char *fmtd, ...)
{
	va_list ap;

	fprintf(stderr, "sysindex compare: --fail-on: ");
	va_start(ap, fmtd);
	vfprintf(stderr, fmtd, ap);
	va_end(ap);
	fputc('\n', stderr);
	(*n)++;
}

/*
 * Why the gate cannot pass, one line each, counted in *n: an input cut
 * short (a signal ended its run, or a UnixBench report without results
 * read from its log), a compared row that one side measured nothing of
 * (FAILED or NOT RUN), or no row measured on both sides at all.
 */
static void gate_closed(const struct compare *c, size_t *n)
{
	size_t both = 0;

	for (size_t s = 0; s < c->nsrc; s++) {
		const struct source *src = &c->src[s];
		int cut = src->cut_short;

		for (size_t r = 0; r < src->nruns; r++)
			cut |= src->runs[r].interrupted;
		if (cut)
			closed(n, "%s: an interrupted run (partial results)", src->arg);
	}
	if (c->nrows == 0 && c->nsrc == 1) {
		const struct source *d = &c->src[0];

		for (size_t r = 0; r < d->nruns; r++)
			for (size_t k = 0; k < d->runs[r].ncmps; k++) {
				const struct paired_cmp *m = &d->runs[r].cmps[k];

				if (!m->control && (measured_nothing(m->base_status) ||
						    measured_nothing(m->status)))
					closed(n, "%s (%s): measured nothing on one side (FAILED or "
					       "NOT RUN)", m->def ? m->def->title : "a test",
					       d->runs[r].dirs[m->dir].label);
			}
		for (size_t i = 0; i < d->npaired; i++)
			both += !d->paired[i].control && !isnan(d->paired[i].change_pct);
	}
	for (size_t r = 0; r < c->nrows; r++)
		for (size_t i = 1; i < c->nin; i++) {
			const struct cell *a = &c->rows[r].cells[0], *b = &c->rows[r].cells[i];

			if (!a->present || !b->present)
				continue;       /* not compared: the inputs' tests differ */
			if (measured_nothing(a->status) || measured_nothing(b->status))
				closed(n, "%s, %s: measured nothing on one side (FAILED or NOT RUN)",
				       c->rows[r].title, c->in[i].label);
			else
				both++;
		}
	if (both == 0)
		closed(n, "no row was measured on both sides");
}

int cmp_gate(const struct compare *c)
{
	size_t n = 0, shut = 0;

	if (c->opt.fail_on == NULL)
		return 0;
	gate_closed(c, &shut);
	if (c->nrows == 0 && c->nsrc == 1) {
		/* One paired run: its own comparison rows. */
		const struct source *d = &c->src[0];

		for (size_t i = 0; i < d->npaired; i++)
			if (!d->paired[i].control &&
			    gate_slower(d->paired[i].verdict, d->paired[i].change_pct, c->opt.fail_margin))
				say(&n, d->paired[i].title, d->paired[i].copies, d->paired[i].label,
				    d->paired[i].change_pct);
	}
	for (size_t r = 0; r < c->nrows; r++)
		for (size_t i = 1; i < c->nin; i++)
			if (gate_slower(c->rows[r].deltas[i].verdict, c->rows[r].deltas[i].change,
					c->opt.fail_margin))
				say(&n, c->rows[r].title, c->rows[r].copies, c->in[i].label,
				    c->rows[r].deltas[i].change);
	if (shut > 0) {
		fprintf(stderr, "sysindex compare: --fail-on: the gate fails closed: %zu input%s or "
			"row%s it cannot judge; exit 2\n", shut, shut == 1 ? "" : "s",
			shut == 1 ? "" : "s");
		return 2;
	}
	if (n == 0)
		return 0;
	fprintf(stderr, "sysindex compare: --fail-on slower%s: %zu row%s judged slower; exit 1\n",
		c->opt.fail_margin > 0 ? " beyond the margin" : "", n, n == 1 ? "" : "s");
	return 1;
}
