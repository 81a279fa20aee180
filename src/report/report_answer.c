/*
 * report_answer.c: the answer on one line (report.h's report_answer).
 *
 * When a run asks one question, one setting or directory against a
 * baseline, its summary opens with the answer in words, per copy count:
 * the rows called faster or slower with their change, how many stayed
 * within the margin, and the rows left undecided, with what deciding them
 * would take at the scatter the run measured (stats/paired.h's
 * paired_rounds_to_decide).  The verdicts are paired_judge's; nothing is
 * judged again here.
 */
#include "report/report.h"

#include <math.h>
#include <string.h>

#include "stats/paired.h"
#include "stats/verdict.h"
#include "util/util.h"

#define ANSWER_NAMED 3          /* rows named per part before "and N more" */
/* The answer as built; report_answer cuts it into summary lines at "; ". */
#define ANSWER_MAX (4 * REPORT_SUMMARY_LINE)

/* What one copy count's rows came to. */
struct answer {
	size_t rows, decided, equivalent, undecided, failed, beyond;
	size_t unlike;          /* the two sides did different work: no comparison */
	size_t unmeasured;      /* undecided with no scatter to go on (1 round, no spread) */
	unsigned most;          /* the most rounds in all an undecided row needs */
	double seconds;         /* the sampling the undecided rows need beyond theirs */
	int timed;              /* every such row's round cost is known */
};

/* The rows the answer speaks of: the question's directory, one copy count. */
static int counted(const struct paired_cmp *c, unsigned copies)
{
	return !c->control && c->dir == 1 && c->copies == copies;
}

static int decided(const struct paired_cmp *c)
{
	return c->base_status == TS_OK && c->status == TS_OK &&
	       (c->st.vd.v == VD_FASTER || c->st.vd.v == VD_SLOWER);
}

/* Undecided: compared (both ran, the same work), neither a verdict nor equivalent. */
static int undecided(const struct run_result *r, const struct paired_cmp *c)
{
	return c->base_status == TS_OK && c->status == TS_OK && !decided(c) &&
	       c->st.vd.v != VD_EQUIVALENT && result_cmp_same_work(r, c);
}

/* Seconds a round of c took: each side's mean sample (its wall time where measured). */
static double round_seconds(const struct run_result *r, const struct paired_cmp *c)
{
	double total = 0;

	for (size_t s = 0; s < 2; s++) {
		const struct bench_result *b = result_side(r, s ? c->dir : 0, c->copies,
								  c->def);
		double sum = 0;
		size_t k = 0;

		for (size_t i = 0; b != NULL && i < b->npasses; i++) {
			const struct pass_result *p = &b->passes[i];
			double w = p->intf.have && p->intf.wall > 0 ? p->intf.wall : p->time;

			if (p->ok && w > 0) {
				sum += w;
				k++;
			}
		}
		if (k == 0)
			return NAN;
		total += sum / (double)k;
	}
	return total;
}

static void tally(const struct run_result *r, unsigned copies, struct answer *a)
{
	memset(a, 0, sizeof(*a));
	a->timed = 1;
	for (size_t i = 0; i < r->ncmps; i++) {
		const struct paired_cmp *c = &r->cmps[i];
		unsigned need;
		double cost;

		if (!counted(c, copies))
			continue;
		a->rows++;
		if (c->base_status != TS_OK || c->status != TS_OK) {
			a->failed++;
			continue;
		}
		if (!result_cmp_same_work(r, c)) {
			a->unlike++;    /* no rounds will decide it: not undecided */
			continue;
		}
		a->decided += decided(c);
		a->equivalent += c->st.vd.v == VD_EQUIVALENT;
		if (!undecided(r, c))
			continue;
		a->undecided++;
		if (c->st.n < 2 || !(c->st.se_rounds > 0) || verdict_no_spread(c->st.se_log)) {
			a->unmeasured++;
			continue;
		}
		need = paired_rounds_to_decide(&c->st, r->family.m ? r->family.m : 1,
					       r->family.alpha, r->family.margin);
		if (need == 0) {
			a->beyond++;
			continue;
		}
		if (need > a->most)
			a->most = need;
		cost = round_seconds(r, c);
		if (isfinite(cost) && need > c->st.n)
			a->seconds += cost * (double)(need - c->st.n);
		else if (!isfinite(cost))
			a->timed = 0;
	}
}

/* The decided rows, "Title +6.70% faster, ..." (ANSWER_NAMED, then how many more). */
static void name_decided(const struct run_result *r, unsigned copies, size_t total, char *line)
{
	size_t k = 0, len = ANSWER_MAX;

	for (size_t i = 0; i < r->ncmps; i++) {
		const struct paired_cmp *c = &r->cmps[i];

		if (!counted(c, copies) || !decided(c))
			continue;
		if (k < ANSWER_NAMED)
			fmt_cat(line, len, "%s%s %+.2f%% %s", k ? ", " : "", c->def->title,
				100 * (c->st.ratio - 1), verdict_word(c->st.vd.v));
		k++;
	}
	if (total > ANSWER_NAMED)
		fmt_cat(line, len, ", and %zu more faster or slower", total - ANSWER_NAMED);
}

/* The undecided rows: "Title -29.1%..+43.5%, ..." (their 95 % CI; ANSWER_NAMED of them). */
static void name_undecided(const struct run_result *r, unsigned copies, size_t total,
			   char *line)
{
	size_t k = 0, len = ANSWER_MAX;

	for (size_t i = 0; i < r->ncmps && k < ANSWER_NAMED; i++) {
		const struct paired_cmp *c = &r->cmps[i];
		const char *sep = k ? ", " : "";

		if (!counted(c, copies) || !undecided(r, c))
			continue;
		if (c->st.n >= 2 && isfinite(c->st.ci_lo) && isfinite(c->st.ci_hi))
			fmt_cat(line, len, "%s%s %+.1f%%..%+.1f%%", sep, c->def->title,
				100 * (c->st.ci_lo - 1), 100 * (c->st.ci_hi - 1));
		else
			fmt_cat(line, len, "%s%s (%zu round%s)", sep, c->def->title, c->st.n,
				c->st.n == 1 ? "" : "s");
		k++;
	}
	if (total > ANSWER_NAMED)
		fmt_cat(line, len, ", and %zu more", total - ANSWER_NAMED);
}

/* What deciding the undecided rows would take, from their scatter. */
static void what_it_takes(const struct answer *a, char *line)
{
	size_t reach = a->undecided - a->beyond - a->unmeasured, len = ANSWER_MAX;
	double minutes = ceil(a->seconds / 60);

	if (reach > 0) {
		fmt_cat(line, len, "; %s would take about %u rounds%s at the measured scatter",
			reach < a->undecided ? "deciding the others"
					     : (reach == 1 ? "deciding it" : "deciding them"),
			a->most, reach == 1 ? "" : " (the most of them)");
		if (a->timed && a->seconds > 0)
			fmt_cat(line, len, ", %.0f more minute%s of sampling", minutes,
				minutes == 1 ? "" : "s");
	}
	if (a->unmeasured > 0)
		fmt_cat(line, len, "; %zu with no scatter measured yet (one round, or every "
			"round alike): more rounds will tell", a->unmeasured);
	if (a->beyond > 0)
		fmt_cat(line, len, "; %zu beyond reach at this scatter (the instance term is "
			"wider than a verdict needs)", a->beyond);
}

/*
 * "head: text" as summary lines, none cut short: where the whole does not
 * fit one, it is cut after a "; " (else a ", ", else anywhere), and each
 * later line opens "head (continued): ".
 */
static size_t cut_lines(const char *head, const char *text, char lines[][REPORT_SUMMARY_LINE],
			size_t n, size_t max)
{
	const char *p = text;

	for (int first = 1; *p && n < max; first = 0) {
		char pre[REPORT_SUMMARY_LINE];
		size_t room, cut, skip = 0;

		fmt(pre, sizeof(pre), "%s%s: ", head, first ? "" : " (continued)");
		room = REPORT_SUMMARY_LINE - 1 - strlen(pre);
		cut = strlen(p);
		if (cut > room) {
			const char *seps[] = { "; ", ", " };

			cut = room;
			for (size_t k = 0; k < 2 && skip == 0; k++)
				for (size_t i = room - 1; i > 0; i--)
					if (strncmp(p + i, seps[k], 2) == 0) {
						cut = i;
						skip = 2;
						break;
					}
		}
		while (skip == 0 && cut > 0 && ((unsigned char)p[cut] & 0xc0) == 0x80)
			cut--;  /* not inside a UTF-8 character */
		fmt(lines[n++], REPORT_SUMMARY_LINE, "%s%.*s", pre, (int)cut, p);
		p += cut + skip;
	}
	return n;
}

static size_t one_answer(const struct run_result *r, unsigned copies, int several,
			 char lines[][REPORT_SUMMARY_LINE], size_t n, size_t max)
{
	struct answer a;
	char line[ANSWER_MAX], head[REPORT_SUMMARY_LINE / 2];
	const char *which = "";
	size_t len = sizeof(line);

	tally(r, copies, &a);
	if (a.rows == 0 || n >= max)
		return n;
	fmt(head, sizeof(head), "Answer, %s against %s", r->dirs[1].label, r->dirs[0].label);
	if (several)
		fmt_cat(head, sizeof(head), ", %u cop%s", copies, copies == 1 ? "y" : "ies");
	line[0] = '\0';
	if (a.decided > 0)
		name_decided(r, copies, a.decided, line);
	else
		fmt_cat(line, len, "no test faster or slower");
	if (a.decided + a.equivalent == a.rows)
		which = a.decided > 0 ? "the other " : (a.rows > 1 ? "all " : "");
	if (a.equivalent > 0)
		fmt_cat(line, len, "; %s%zu test%s equivalent within +-%g%%", which, a.equivalent,
			a.equivalent == 1 ? "" : "s", 100 * r->family.margin);
	if (a.undecided > 0) {
		fmt_cat(line, len, "; %zu undecided (", a.undecided);
		name_undecided(r, copies, a.undecided, line);
		fmt_cat(line, len, ")");
		what_it_takes(&a, line);
	}
	if (a.failed > 0)
		fmt_cat(line, len, "; %zu not compared (failed or skipped)", a.failed);
	if (a.unlike > 0)
		fmt_cat(line, len, "; %zu not compared (the two sides did different work)",
			a.unlike);
	strip_controls(line);   /* a label may hold a control byte */
	strip_controls(head);
	return cut_lines(head, line, lines, n, max);
}

size_t report_answer(const struct run_result *r, char lines[][REPORT_SUMMARY_LINE], size_t n,
		     size_t max)
{
	unsigned seen[64];
	size_t nseen = 0;

	if (r->ndirs != 2)
		return n;
	for (size_t i = 0; i < r->ncmps && nseen < sizeof(seen) / sizeof(seen[0]); i++) {
		size_t k = 0;

		while (k < nseen && seen[k] != r->cmps[i].copies)
			k++;
		if (k == nseen && !r->cmps[i].control)
			seen[nseen++] = r->cmps[i].copies;
	}
	for (size_t k = 0; k < nseen; k++)
		n = one_answer(r, seen[k], nseen > 1, lines, n, max);
	return n;
}
