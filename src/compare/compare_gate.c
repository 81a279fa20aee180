/*
 * compare_gate.c: --fail-on slower[=MARGIN], a gate for CI.  compare exits 1
 * when any row, or the index score, is judged "slower" than the baseline by
 * the one verdict rule (stats/verdict.h; nothing is tested here) and its
 * change is larger than MARGIN; 0 otherwise.  Only verdicts count: an
 * inconclusive row (two single runs, say: docs/compare.md) never fails the
 * gate, whatever its change.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare/compare_int.h"
#include "util/util.h"

int cmp_parse_fail_on(const char *arg, double *margin, char *err, size_t errlen)
{
	static const char word[] = "slower";
	size_t n = strlen(word);

	*margin = 0;
	if (strncmp(arg, word, n) == 0 && arg[n] == '\0')
		return 0;
	if (strncmp(arg, word, n) == 0 && arg[n] == '=' && parse_percent(arg + n + 1, margin) == 0)
		return 0;
	fmt(err, errlen, "--fail-on: '%s' is not slower or slower=P (P a percentage above 0 "
	    "and below 100, such as 2%%)", arg);
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

int cmp_gate(const struct compare *c)
{
	size_t n = 0;

	if (c->opt.fail_on == NULL)
		return 0;
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
	if (n == 0)
		return 0;
	fprintf(stderr, "sysindex compare: --fail-on slower%s: %zu row%s judged slower; exit 1\n",
		c->opt.fail_margin > 0 ? " beyond the margin" : "", n, n == 1 ? "" : "s");
	return 1;
}
