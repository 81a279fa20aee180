/*
 * score_paired.c: paired mode's comparison computed on a run's model
 * (score.h's paired_compare): each test's rounds, baseline against each
 * other directory, its statistics (stats/paired.c), each directory's
 * partial score ratio, and the verdicts of them all as one family.  The
 * run calls it at its end (run/cmd_run.c), the journal's reader on a
 * killed run's samples (reader/journal_read.c).
 */
#include "score/score.h"

#include <stdlib.h>
#include <string.h>

#include "stats/paired.h"

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
			 * (docs/paired.md).
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

/*
 * Every comparison that both sides ran is judged as one family (the
 * report's rows: tests x copy counts x directories, control rows too, and
 * each directory's partial score ratio).
 */
int score_paired_judge(struct run_result *r)
{
	size_t cap = r->ncmps + r->npscores;
	struct paired_stats **ps = calloc(cap ? cap : 1, sizeof(*ps));
	int *lower = calloc(cap ? cap : 1, sizeof(*lower));
	size_t n = 0;

	if (r->family.margin <= 0)
		r->family.margin = VERDICT_MARGIN;
	if (r->family.alpha <= 0)
		r->family.alpha = VERDICT_ALPHA;
	if (ps == NULL || lower == NULL) {
		free(ps);
		free(lower);
		return -1;
	}
	for (size_t i = 0; i < r->ncmps; i++) {
		struct paired_cmp *c = &r->cmps[i];

		/* Out of the family: a side that did not run, or sides that did not do the same work. */
		if (c->base_status != TS_OK || c->status != TS_OK || !result_cmp_same_work(r, c))
			continue;
		lower[n] = (c->def->flags & TF_LOWER) != 0;
		ps[n++] = &c->st;
	}
	for (size_t i = 0; i < r->npscores; i++)
		if (r->pscores[i].ntests > 0)
			ps[n++] = &r->pscores[i].st;   /* an index score: higher is better */
	paired_judge(ps, lower, n, &r->family);
	free(ps);
	free(lower);
	return 0;
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
