/*
 * compare_judge.c: the table of `sysindex compare`: its rows (per copy
 * count, every test as it first appears, then the index scores), each
 * input's cell in them, and each input's change against the first with
 * Welch's verdict where both have samples.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare_int.h"
#include "stats/stats.h"

/* ---- rows ------------------------------------------------------------- */

static int is_row(const struct row *r, unsigned copies, const char *title)
{
	return r->copies == copies && strcmp(r->title, title) == 0;
}

/*
 * The row of (copies, title), added when asked.  Inputs list their tests in
 * much the same order, so the row after the last one found is tried first:
 * 50 inputs of 500 tests cost a pass each, not 500 searches.
 */
static struct row *find_row(struct compare *c, unsigned copies, const char *title, int add)
{
	struct row *grown, *r;

	if (c->row_hint < c->nrows && is_row(&c->rows[c->row_hint], copies, title))
		return &c->rows[c->row_hint++];
	for (size_t i = 0; i < c->nrows; i++)
		if (is_row(&c->rows[i], copies, title)) {
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
static const struct tp_result *find_result(const struct tp_block *bl, const char *title,
					   size_t *hint)
{
	const struct tp_result *res;

	if (*hint < bl->nresults && strcmp(bl->results[*hint].title, title) == 0)
		return &bl->results[(*hint)++];
	res = tp_find_result(bl, title);
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
						if (!find_row(c, copies[k], bl->results[j].title, 1))
							return -1;
					for (size_t j = 0; pass == 0 && j < bl->nindex; j++)
						if (!find_row(c, copies[k], bl->index[j].title, 1))
							return -1;
					for (size_t j = 0; pass == 0 && j < bl->nstats; j++)
						if (!find_row(c, copies[k], bl->stats[j].title, 1))
							return -1;
					for (size_t j = 0; pass == 1 && j < bl->nscores; j++) {
						struct row *r;

						score_title(&bl->scores[j], title, sizeof(title));
						if ((r = find_row(c, copies[k], title, 1)) == NULL)
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
		       const char *title)
{
	const struct tp_sample_set *set = in->samples
		? tp_find_samples_in(in->samples, bl->copies, title,
				     in->rep->dir_label[0] ? in->rep->dir_label : NULL) : NULL;
	const struct tp_stats_row *st = tp_find_stats(bl, title);

	if (set != NULL && set->n > 0) {
		struct summary s;

		stats_summarize(set->rate, set->n, &s);
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
				res = find_result(bl, row->title, &hint);
				ix = tp_find_index(bl, row->title);
				if (res != NULL) {
					cell->present = 1;
					cell->status = res->status;
					cell->value = res->value;
					cell->time = res->time;
					cell->samples = res->samples;
					snprintf(cell->unit, sizeof(cell->unit), "%s", res->unit);
				} else if (ix != NULL) {
					cell->present = 1;
					cell->status = TP_OK;
					cell->value = ix->result;
					cell->time = -1;
				} else if (tp_find_stats(bl, row->title) == NULL &&
					   (c->in[i].samples == NULL ||
					    !tp_find_samples(c->in[i].samples, bl->copies, row->title))) {
					continue;
				} else {
					cell->present = 1;
					cell->status = TP_OK;
					cell->time = -1;
				}
				fill_stats(cell, &c->in[i], bl, row->title);
				if (res == NULL && ix == NULL)
					cell->value = cell->mean;  /* only a statistics row: its mean */
			}
			for (size_t s = 0; s < bl->nscores; s++) {
				char title[ROW_TITLE_MAX];
				struct row *row;

				score_title(&bl->scores[s], title, sizeof(title));
				row = find_row(c, cp, title, 0);
				if (row == NULL || row->cells[i].present)
					continue;
				row->cells[i].present = 1;
				row->cells[i].status = TP_OK;
				row->cells[i].value = bl->scores[s].score;
				row->cells[i].time = -1;
				row->cells[i].block = bl;
			}
		}
	}
}

/* ---- judging ---------------------------------------------------------- */

/* Most units are rates (higher is better); times such as latency in ns are not. */
static int lower_is_better(const char *unit)
{
	static const char *const lower[] = { "s", "ms", "us", "ns", "sec", "usec", "nsec" };

	for (size_t i = 0; i < sizeof(lower) / sizeof(lower[0]); i++)
		if (strcmp(unit, lower[i]) == 0)
			return 1;
	return 0;
}

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
			y = tp_find_index(pair[k][1], x->title);
			if (y == NULL || y->baseline < 0)
				return 0;
		}
	return 1;
}

void cmp_judge(const struct row *row, const struct cell *a, const struct cell *b,
		  struct delta *d)
{
	struct welch w;

	d->change = NAN;
	d->ci_lo = d->ci_hi = d->p = d->df = NAN;
	d->verdict = "";
	if (!a->present || !b->present || a->status != TP_OK || b->status != TP_OK)
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
	if (!a->has_stats || !b->has_stats || a->n == 0 || b->n == 0) {
		d->verdict = V_NOSAMPLES;
		return;
	}
	if (a->n < 2 || b->n < 2) {
		d->verdict = V_ONESAMPLE;
		return;
	}
	if (stats_welch(a->n, a->mean, a->sd, b->n, b->mean, b->sd, &w) != 0) {
		/* Both without spread and equal: nothing to tell apart. */
		d->judged = 1;
		d->ci_lo = d->ci_hi = 0;
		d->p = 1;
		d->df = (double)(a->n + b->n - 2);
		d->verdict = V_NODIFF;
		return;
	}
	d->judged = 1;
	d->p = w.p;
	d->df = w.df;
	if (a->mean > 0) {
		d->ci_lo = 100 * w.ci_lo / a->mean;
		d->ci_hi = 100 * w.ci_hi / a->mean;
	}
	if (w.verdict == 0)
		d->verdict = V_NODIFF;
	else if ((w.verdict > 0) != lower_is_better(a->unit[0] ? a->unit : b->unit))
		d->verdict = V_FASTER;
	else
		d->verdict = V_SLOWER;
}
