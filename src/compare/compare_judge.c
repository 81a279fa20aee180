/*
 * compare_judge.c: the table of `sysindex compare`: its rows (per copy
 * count, every test as it first appears, then the index scores), each
 * input's cell in them, and each input's change against the first: where
 * both have samples, ln(b / a) of the figures shown with their own standard
 * error (Yuen's, on the trimmed log means), and every such change of the
 * output judged as one family by stats/verdict.h (Holm, TOST at --margin).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare_int.h"
#include "core/units.h"
#include "score/score_ci.h"
#include "stats/stats.h"

/* ---- rows ------------------------------------------------------------- */

static int is_row(const struct row *r, unsigned copies, const char *key)
{
	return r->copies == copies && strcmp(r->key, key) == 0;
}

/*
 * The row of (copies, key), added when asked (with title, shown).  Inputs list their tests in
 * much the same order, so the row after the last one found is tried first:
 * 50 inputs of 500 tests cost a pass each, not 500 searches.
 */
static struct row *find_row(struct compare *c, unsigned copies, const char *key,
			    const char *title, int add)
{
	struct row *grown, *r;

	if (c->row_hint < c->nrows && is_row(&c->rows[c->row_hint], copies, key))
		return &c->rows[c->row_hint++];
	for (size_t i = 0; i < c->nrows; i++)
		if (is_row(&c->rows[i], copies, key)) {
			c->row_hint = i + 1;
			return &c->rows[i];
		}
	if (!add)
		return NULL;
	grown = realloc(c->rows, (c->nrows + 1) * sizeof(*grown));
	if (grown == NULL)
		return NULL;
	c->rows = grown;
	r = &c->rows[c->nrows];
	memset(r, 0, sizeof(*r));
	r->copies = copies;
	snprintf(r->key, sizeof(r->key), "%s", key);
	snprintf(r->title, sizeof(r->title), "%s", title);
	r->cells = calloc(c->nin, sizeof(*r->cells));
	r->deltas = calloc(c->nin, sizeof(*r->deltas));
	if (r->cells == NULL || r->deltas == NULL) {
		free(r->cells);
		free(r->deltas);
		return NULL;
	}
	c->nrows++;
	c->row_hint = c->nrows;
	return r;
}

/* tp_find_result, trying the result after the last one found (*hint) first. */
static const struct tp_result *find_result(const struct tp_block *bl, const char *key,
					   size_t *hint)
{
	const struct tp_result *res;

	if (*hint < bl->nresults &&
	    tp_key_is(bl->results[*hint].name, bl->results[*hint].title, key))
		return &bl->results[(*hint)++];
	res = tp_find_result(bl, key);
	if (res != NULL)
		*hint = (size_t)(res - bl->results) + 1;
	return res;
}

/*
 * One row per category's score, partial or not: whether two scores cover the
 * same tests is judged per pair ("index tests differ"), not by the label.
 */
static void score_title(const struct tp_score *s, char *out, size_t len)
{
	snprintf(out, len, "%s Index Score", s->category);
}

/* A test's row, keyed by its name where known (tp_key). */
static struct row *add_row(struct compare *c, unsigned copies, const char *name, const char *title)
{
	return find_row(c, copies, tp_key(name, title), title, 1);
}

/* Rows in order: per copy count, tests as they first appear, then the scores. */
int cmp_collect_rows(struct compare *c, const unsigned *copies, size_t ncopies)
{
	for (size_t k = 0; k < ncopies; k++) {
		for (int pass = 0; pass < 2; pass++) {
			for (size_t i = 0; i < c->nin; i++) {
				const struct tp_report *rep = c->in[i].rep;

				for (size_t b = 0; b < rep->nblocks; b++) {
					const struct tp_block *bl = &rep->blocks[b];
					char title[ROW_TITLE_MAX];

					if (tp_block_copies(bl) != copies[k])
						continue;
					for (size_t j = 0; pass == 0 && j < bl->nresults; j++)
						if (!add_row(c, copies[k], bl->results[j].name,
							     bl->results[j].title))
							return -1;
					for (size_t j = 0; pass == 0 && j < bl->nindex; j++)
						if (!add_row(c, copies[k], bl->index[j].name,
							     bl->index[j].title))
							return -1;
					for (size_t j = 0; pass == 0 && j < bl->nstats; j++)
						if (!add_row(c, copies[k], bl->stats[j].name,
							     bl->stats[j].title))
							return -1;
					for (size_t j = 0; pass == 1 && j < bl->nscores; j++) {
						struct row *r;

						score_title(&bl->scores[j], title, sizeof(title));
						if ((r = find_row(c, copies[k], title, title, 1)) == NULL)
							return -1;
						r->is_score = 1;
						snprintf(r->category, sizeof(r->category), "%s",
							 bl->scores[j].category);
					}
				}
			}
		}
	}
	return 0;
}

static void fill_stats(struct cell *cell, const struct input *in, const struct tp_block *bl,
		       const char *key)
{
	const struct tp_sample_set *set = in->samples
		? tp_find_samples_in(in->samples, bl->copies, key,
				     in->rep->dir_label[0] ? in->rep->dir_label : NULL) : NULL;
	const struct tp_stats_row *st = tp_find_stats(bl, key);

	if (set != NULL && set->n > 0) {
		struct summary s;

		stats_summarize(set->rate, set->n, &s);
		cell->has_tlog = stats_trimmed_log_kept(set->rate, set->dropped, set->n,
							 &cell->tlog) == 0;
		cell->has_stats = 1;
		cell->n = s.n;
		cell->mean = s.mean;
		cell->sd = s.sd;
		if (cell->unit[0] == '\0')
			snprintf(cell->unit, sizeof(cell->unit), "%s", set->unit);
	} else if (st != NULL) {
		cell->has_stats = 1;
		cell->n = st->n;
		cell->mean = st->mean;
		cell->sd = st->sd;
	}
}

/*
 * A --repeat run's score: the score pooled over its passes, its SE from the
 * interval over the passes (a t on passes - 1 df, stats/randeff.h): shown,
 * and pooled over runs by --group-by; one such run a side is not judged
 * (cmp_single_runs).
 */
static void between_cell(const struct tp_block *bl, struct cell *cell)
{
	double df = (double)(bl->between_passes - 1), t = stats_t_quantile(0.975, df);

	cell->value = bl->between_score;
	cell->has_log_se = 1;
	cell->log_se = (log(bl->between_hi) - log(bl->between_lo)) / (2 * t);
	cell->log_df = df;
}

/*
 * A --repeat record's test row: the figure pooled over the passes, its SE
 * over the passes (score_test_passes), as a score row's; the
 * samples' own trimmed mean (of all passes at once) is not the figure shown.
 */
static void between_test_cell(const struct tp_result *res, struct cell *cell)
{
	cell->value = res->between_value;
	cell->has_log_se = 1;
	cell->log_se = res->between_log_se;
	cell->log_df = (double)(res->between_passes - 1);
	cell->has_tlog = 0;
}

void cmp_fill_cells(struct compare *c)
{
	for (size_t i = 0; i < c->nin; i++) {
		const struct tp_report *rep = c->in[i].rep;

		for (size_t b = 0; b < rep->nblocks; b++) {
			const struct tp_block *bl = &rep->blocks[b];
			unsigned cp = tp_block_copies(bl);
			size_t hint = 0;

			for (size_t r = 0; r < c->nrows; r++) {
				struct row *row = &c->rows[r];
				struct cell *cell = &row->cells[i];
				const struct tp_result *res;
				const struct tp_index_row *ix;

				if (row->copies != cp || cell->present || row->is_score)
					continue;
				res = find_result(bl, row->key, &hint);
				ix = tp_find_index(bl, row->key);
				if (res != NULL) {
					cell->present = 1;
					cell->status = res->status;
					cell->value = res->value;
					cell->time = res->time;
					cell->samples = res->samples;
					snprintf(cell->unit, sizeof(cell->unit), "%s", res->unit);
				} else if (ix != NULL) {
					cell->present = 1;
					cell->status = TS_OK;
					cell->value = ix->result;
					cell->time = -1;
				} else if (tp_find_stats(bl, row->key) == NULL &&
					   (c->in[i].samples == NULL ||
					    !tp_find_samples(c->in[i].samples, bl->copies, row->key))) {
					continue;
				} else {
					cell->present = 1;
					cell->status = TS_OK;
					cell->time = -1;
				}
				fill_stats(cell, &c->in[i], bl, row->key);
				if (res == NULL && ix == NULL)
					cell->value = cell->mean;  /* only a statistics row: its mean */
				if (res != NULL && res->between_passes >= 2)
					between_test_cell(res, cell);
			}
			for (size_t s = 0; s < bl->nscores; s++) {
				char title[ROW_TITLE_MAX];
				struct row *row;

				score_title(&bl->scores[s], title, sizeof(title));
				row = find_row(c, cp, title, title, 0);
				if (row == NULL || row->cells[i].present)
					continue;
				row->cells[i].present = 1;
				row->cells[i].status = TS_OK;
				row->cells[i].value = bl->scores[s].score;
				row->cells[i].time = -1;
				row->cells[i].block = bl;
				cmp_score_ci(&c->in[i], bl, row->category, &row->cells[i]);
				if (bl->between_passes >= 2 && strcmp(row->category, "System Benchmarks") == 0)
					between_cell(bl, &row->cells[i]);
			}
		}
	}
}

/* ---- judging ---------------------------------------------------------- */

/* Whether two blocks indexed the same tests for a category's score. */
static int same_index_tests(const struct tp_block *a, const struct tp_block *b,
			    const char *category)
{
	const struct tp_block *pair[2][2] = { { a, b }, { b, a } };

	for (int k = 0; k < 2; k++)
		for (size_t i = 0; i < pair[k][0]->nindex; i++) {
			const struct tp_index_row *x = &pair[k][0]->index[i], *y;

			if (x->baseline < 0 || strcmp(x->category, category) != 0)
				continue;
			y = tp_find_index(pair[k][1], tp_key(x->name, x->title));
			if (y == NULL || y->baseline < 0)
				return 0;
		}
	return 1;
}

/*
 * A test row's change is the change of the figure it shows, UnixBench's
 * result.  With both sides' samples: the difference of the kept log means
 * with Yuen's standard error and df (stats_yuen).  With only a statistics
 * row (n, mean, sd; no samples to trim): ln of the shown figures' ratio,
 * each side's variance (sd / mean)^2 / n with Welch's df, the first-order
 * approximation score_ci_summary uses too.  0, or -1 when a figure is not
 * positive.
 */
static int log_change(const struct cell *a, const struct cell *b, struct delta *d)
{
	struct log_diff y;
	double va, vb;

	if (a->has_tlog && b->has_tlog) {
		stats_yuen(&a->tlog, &b->tlog, &y);
		d->est = y.est;
		d->se = y.se;
		d->df = y.df;
		return 0;
	}
	if (!(a->mean > 0) || !(b->mean > 0) || !(a->value > 0) || !(b->value > 0))
		return -1;
	va = (a->sd / a->mean) * (a->sd / a->mean) / (double)a->n;
	vb = (b->sd / b->mean) * (b->sd / b->mean) / (double)b->n;
	d->est = log(b->value / a->value);
	d->se = sqrt(va + vb);
	d->df = d->se > 0 ? (va + vb) * (va + vb) /
		(va * va / (double)(a->n - 1) + vb * vb / (double)(b->n - 1))
		: (double)(a->n + b->n - 2);
	return 0;
}

/*
 * A score row's (or a --repeat record's test row's) log-ratio, SE and df from
 * each side's log SE (score/score_ci.c's difference of two scores).
 */
static int log_score(const struct cell *a, const struct cell *b, struct delta *d)
{
	struct score_ci x = { .ok = 1, .score = a->value, .log_se = a->log_se, .df = a->log_df };
	struct score_ci y = { .ok = 1, .score = b->value, .log_se = b->log_se, .df = b->log_df };
	struct score_delta sd;

	if (!a->has_log_se || !b->has_log_se || !(a->value > 0) || !(b->value > 0) ||
	    score_ci_delta(&x, &y, &sd) != 0)
		return -1;
	d->est = sd.log_ratio;
	d->se = sd.se;
	d->df = sd.df;
	return 0;
}

void cmp_judge(const struct row *row, const struct cell *a, const struct cell *b,
		  struct delta *d)
{
	d->change = NAN;
	d->ci_lo = d->ci_hi = d->p = d->df = d->est = d->se = NAN;
	d->verdict = "";
	d->judged = 0;
	if (!a->present || !b->present || a->status != TS_OK || b->status != TS_OK)
		return;
	if (a->unit[0] && b->unit[0] && strcmp(a->unit, b->unit) != 0) {
		d->verdict = V_UNITS;
		return;
	}
	if (row->is_score && a->block && b->block &&
	    !same_index_tests(a->block, b->block, row->category)) {
		d->verdict = V_TESTS;
		return;
	}
	if (a->value > 0)
		d->change = 100 * (b->value - a->value) / a->value;
	d->lower_better = unit_lower_better(a->unit[0] ? a->unit : b->unit);
	/* a test row with a pooled log SE: a --repeat record's passes, or grouped runs' pool */
	if ((row->is_score || (a->has_log_se && b->has_log_se)) && log_score(a, b, d) == 0) {
		d->judged = 1;
		return;
	}
	if (!a->has_stats || !b->has_stats || a->n == 0 || b->n == 0) {
		d->verdict = V_NOSAMPLES;
		return;
	}
	if (a->n < 2 || b->n < 2) {
		d->verdict = V_ONESAMPLE;
		return;
	}
	if (log_change(a, b, d) != 0) {
		d->verdict = V_NOSAMPLES;
		return;
	}
	d->judged = 1;
}

/*
 * One run a side measures no spread between runs, whatever it holds: the
 * passes of one --repeat run share what holds for that run (the host's
 * state over its minutes) and scattered less than whole runs do: their SE
 * 1.0 % against 3.7 % between runs, and 4 of 20 A/A pairs of --repeat 5
 * runs got a false verdict (bench/between-runs.md).  So their rows are
 * shown, over the passes, and not judged, as single runs' are.
 */
int cmp_single_runs(const struct compare *c, size_t i)
{
	return c->in[0].nruns <= 1 || c->in[i].nruns <= 1;
}

/* Whether input i is a --repeat run: a score of its is pooled over passes. */
static int repeat_input(const struct compare *c, size_t i)
{
	const struct tp_report *rep = c->in[i].rep;

	for (size_t b = 0; b < rep->nblocks; b++)
		if (rep->blocks[b].between_passes >= 2)
			return 1;
	return 0;
}

void cmp_explain(const struct compare *c, char *out, size_t len)
{
	size_t n;

	verdict_explain(&c->family, out, len);
	n = strlen(out);
	if (c->nin > 1 && cmp_single_runs(c, 1) && repeat_input(c, 0) && repeat_input(c, 1) &&
	    n < len)
		snprintf(out + n, len - n, " Between --repeat runs no row is tested either: the "
			 "passes of one run scatter less than whole runs do (%s; "
			 "bench/between-runs.md); the interval shown is over the passes, "
			 "within each run.", VERDICT_WHY_SINGLE);
	else if (c->nin > 1 && cmp_single_runs(c, 1) && n < len)
		snprintf(out + n, len - n, " Between single runs no row is tested (%s); the "
			 "interval shown is within-run, each run's own noise.", VERDICT_WHY_SINGLE);
}

/* What a judged row's spread is between: runs (--group-by) or samples. */
static const char *row_units(const struct compare *c)
{
	return c->grouped != GROUP_NONE ? "runs" : "samples";
}

void cmp_judge_family(struct compare *c)
{
	size_t n = 0, k = 0;
	struct verdict_in *in;
	struct verdict_out *out;

	for (size_t r = 0; r < c->nrows; r++)
		for (size_t i = 1; i < c->nin; i++)
			n += c->rows[r].deltas[i].judged && !cmp_single_runs(c, i);
	c->family.margin = c->opt.margin > 0 ? c->opt.margin : VERDICT_MARGIN;
	c->family.alpha = VERDICT_ALPHA;
	in = calloc(n ? n : 1, sizeof(*in));
	out = calloc(n ? n : 1, sizeof(*out));
	if (in == NULL || out == NULL)
		n = 0;          /* no memory: every judged row stays inconclusive */
	for (size_t r = 0; r < c->nrows && n; r++)
		for (size_t i = 1; i < c->nin; i++) {
			const struct delta *d = &c->rows[r].deltas[i];

			if (d->judged && !cmp_single_runs(c, i))
				in[k++] = (struct verdict_in){ d->est, d->se, d->df, d->lower_better };
		}
	verdict_judge(in, n, &c->family, out);
	if (c->family.m == 0 && c->nin > 1 && cmp_single_runs(c, 1))
		c->family.none_why = VERDICT_WHY_SINGLE;
	k = 0;
	for (size_t r = 0; r < c->nrows; r++)
		for (size_t i = 1; i < c->nin; i++) {
			struct delta *d = &c->rows[r].deltas[i];
			const struct cell *a = &c->rows[r].cells[0], *b = &c->rows[r].cells[i];

			if (!d->judged)
				continue;
			if (cmp_single_runs(c, i)) {
				struct verdict_in x = { d->est, d->se, d->df, d->lower_better };

				verdict_unmeasured(&x, &d->vd);
			} else {
				d->vd = n ? out[k++] : (struct verdict_out){ .v = VD_INCONCLUSIVE };
			}
			d->p = d->vd.p_diff;
			d->ci_lo = 100 * expm1(d->vd.lo);
			d->ci_hi = 100 * expm1(d->vd.hi);
			if (d->vd.v == VD_FEW && cmp_single_runs(c, i))
				verdict_few(d->word, sizeof(d->word), "%s", VERDICT_SINGLE);
			else if (d->vd.v == VD_FEW && verdict_no_spread(d->se))
				verdict_few(d->word, sizeof(d->word), "%s between %s",
					    VERDICT_NO_SPREAD, row_units(c));
			else if (d->vd.v == VD_FEW && a->n && b->n)
				verdict_few(d->word, sizeof(d->word), "%zu+%zu %s", a->n, b->n,
					    row_units(c));
			else if (d->vd.v == VD_FEW)
				verdict_few(d->word, sizeof(d->word), "%.1f df", d->df);
			else
				snprintf(d->word, sizeof(d->word), "%s", verdict_label(&d->vd));
			d->verdict = d->word;
		}
	free(in);
	free(out);
}
