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
#include "core/status.h"
#include "core/units.h"
#include "score/score.h"
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

/*
 * One row per category's score ("System Benchmarks Index Score"), partial
 * or not: whether two scores cover the same tests is judged per pair
 * ("index tests differ"), not by the label.
 */
static void score_title(const char *category, char *out, size_t len)
{
	snprintf(out, len, "%s Index Score", category);
}

/* A test's row, keyed by its name where known (tp_key). */
static struct row *add_row(struct compare *c, unsigned copies, const struct bench_result *t)
{
	return find_row(c, copies, cmp_key(t), t->def->title, 1);
}

/* A block's score lines: the model's categories, then those it kept as printed. */
struct score_line {
	const char *category;
	double score;
};

static size_t score_lines(const struct run_result *r, const struct copy_run *run,
			  struct score_line *out)
{
	size_t n = 0;

	for (int k = 0; k < CAT_COUNT && n < TP_MAX_SCORES; k++)
		if (run->cats[k].nindexed > 0)
			out[n++] = (struct score_line){ category_title[k], run->cats[k].score };
	if (r->import != NULL) {
		const struct import_run *ir = &r->import->runs[run - r->runs];

		for (size_t k = 0; k < ir->nextra && n < TP_MAX_SCORES; k++)
			out[n++] = (struct score_line){ ir->extra[k].category, ir->extra[k].score };
	}
	return n;
}

/* Rows of one block: its tests showing line, in its report's order. */
static int add_rows(struct compare *c, const struct run_result *r, const struct copy_run *run,
		    const size_t *order, unsigned line)
{
	for (size_t j = 0; j < run->ntests; j++) {
		const struct bench_result *t = &run->tests[order[j]];

		if ((cmp_shows(r, t) & line) && !add_row(c, cmp_copies(run), t))
			return -1;
	}
	return 0;
}

/* Rows in order: per copy count, tests as they first appear, then the scores. */
int cmp_collect_rows(struct compare *c, const unsigned *copies, size_t ncopies)
{
	for (size_t k = 0; k < ncopies; k++) {
		for (int pass = 0; pass < 2; pass++) {
			for (size_t i = 0; i < c->nin; i++) {
				const struct copy_run *run;
				size_t b = 0;

				while ((run = cmp_next_block(&c->in[i], &b)) != NULL) {
					const struct run_result *r = c->in[i].run;
					struct score_line sl[TP_MAX_SCORES];
					size_t *order, nsl;
					char title[ROW_TITLE_MAX];
					int rc = 0;

					if (cmp_copies(run) != copies[k])
						continue;
					if (pass == 0) {
						order = malloc((run->ntests ? run->ntests : 1) * sizeof(*order));
						if (order == NULL)
							return -1;
						cmp_order(r, run, order);
						rc = add_rows(c, r, run, order, IMPORT_RESULT) ||
						     add_rows(c, r, run, order, IMPORT_INDEX) ||
						     add_rows(c, r, run, order, IMPORT_STATS);
						free(order);
						if (rc)
							return -1;
						continue;
					}
					nsl = score_lines(r, run, sl);
					for (size_t j = 0; j < nsl; j++) {
						struct row *row;

						score_title(sl[j].category, title, sizeof(title));
						if ((row = find_row(c, copies[k], title, title, 1)) == NULL)
							return -1;
						row->is_score = 1;
						snprintf(row->category, sizeof(row->category), "%s",
							 sl[j].category);
					}
				}
			}
		}
	}
	return 0;
}

/* A test's statistics: its samples (kept marks and all), else its statistics row. */
static void fill_stats(struct cell *cell, const struct input *in, const struct bench_result *t)
{
	const struct run_result *r = in->run;
	unsigned shows = cmp_shows(r, t);
	double *rate;
	unsigned char *dropped;
	size_t n = (shows & CMP_SAMPLES) ? cmp_samples(r, t, &rate, &dropped) : 0;

	if (n > 0) {
		struct summary s;

		stats_summarize(rate, n, &s);
		cell->has_tlog = stats_trimmed_log_kept(rate, dropped, n, &cell->tlog) == 0;
		cell->has_stats = 1;
		cell->n = s.n;
		cell->mean = s.mean;
		cell->sd = s.sd;
		if (cell->unit[0] == '\0')
			snprintf(cell->unit, sizeof(cell->unit), "%s", t->def->unit);
		free(rate);
		free(dropped);
	} else if (shows & IMPORT_STATS) {
		cell->has_stats = 1;
		cell->n = t->stats.n;
		cell->mean = t->stats.mean;
		cell->sd = t->stats.sd;
	}
}

/*
 * A --repeat run's score: the score pooled over its passes, its SE from the
 * interval over the passes (a t on passes - 1 df, stats/randeff.h): shown,
 * and pooled over runs by --group-by; one such run a side is not judged
 * (cmp_single_runs).
 */
static void between_cell(const struct run_result *r, const struct copy_run *run,
			 struct cell *cell)
{
	double score, lo, hi, df, t;
	unsigned n = cmp_between(r, run, &score, &lo, &hi);

	if (n < 2)
		return;
	df = (double)(n - 1);
	t = stats_t_quantile(0.975, df);
	cell->value = score;
	cell->has_log_se = 1;
	cell->log_se = (log(hi) - log(lo)) / (2 * t);
	cell->log_df = df;
}

/*
 * A --repeat record's test row: the figure pooled over the passes, its SE
 * over the passes (score_test_passes), as a score row's; the
 * samples' own trimmed mean (of all passes at once) is not the figure shown.
 */
static void between_test_cell(const struct run_result *r, const struct bench_result *t,
			      struct cell *cell)
{
	struct re_pool pool;
	size_t n;

	if (r->repeat < 2 || t->status != TS_OK || r->import != NULL ||
	    (n = score_test_passes(t, &pool)) < 2)
		return;
	cell->value = exp(pool.mean);
	cell->has_log_se = 1;
	cell->log_se = pool.se;
	cell->log_df = (double)(n - 1);
	cell->has_tlog = 0;
}

/* Input i's cell in a test's row of block run (its tests tried from *hint on). */
static void test_cell(struct compare *c, size_t i, const struct copy_run *run, struct row *row,
		      size_t *hint)
{
	const struct run_result *r = c->in[i].run;
	struct cell *cell = &row->cells[i];
	const struct bench_result *t = cmp_find(r, run, row->key, ~0u, hint);
	unsigned shows = t != NULL ? cmp_shows(r, t) : 0;

	if (shows & IMPORT_RESULT) {
		cell->present = 1;
		cell->status = t->status;
		cmp_result(r, t, &cell->value, &cell->time, &cell->samples);
		snprintf(cell->unit, sizeof(cell->unit), "%s", t->def->unit);
	} else if (shows & IMPORT_INDEX) {
		double baseline;
		const char *category;

		cell->present = 1;
		cell->status = TS_OK;
		cmp_index(r, t, &baseline, &cell->value, &category);
		cell->time = -1;
	} else if (shows & (IMPORT_STATS | CMP_SAMPLES)) {
		cell->present = 1;
		cell->status = TS_OK;
		cell->time = -1;
	} else {
		return;
	}
	cell->note = t->note;
	fill_stats(cell, &c->in[i], t);
	if (!(shows & (IMPORT_RESULT | IMPORT_INDEX)))
		cell->value = cell->mean;  /* only a statistics row: its mean */
	if (shows & IMPORT_RESULT)
		between_test_cell(r, t, cell);
}

void cmp_fill_cells(struct compare *c)
{
	for (size_t i = 0; i < c->nin; i++) {
		const struct run_result *r = c->in[i].run;
		const struct copy_run *run;
		size_t b = 0;

		while ((run = cmp_next_block(&c->in[i], &b)) != NULL) {
			unsigned cp = cmp_copies(run);
			struct score_line sl[TP_MAX_SCORES];
			size_t nsl = score_lines(r, run, sl), hint = 0;

			for (size_t k = 0; k < c->nrows; k++) {
				struct row *row = &c->rows[k];

				if (row->copies == cp && !row->cells[i].present && !row->is_score)
					test_cell(c, i, run, row, &hint);
			}
			for (size_t s = 0; s < nsl; s++) {
				char title[ROW_TITLE_MAX];
				struct row *row;

				score_title(sl[s].category, title, sizeof(title));
				row = find_row(c, cp, title, title, 0);
				if (row == NULL || row->cells[i].present)
					continue;
				row->cells[i].present = 1;
				row->cells[i].status = TS_OK;
				row->cells[i].value = sl[s].score;
				row->cells[i].time = -1;
				row->cells[i].model = r;
				row->cells[i].block = run;
				cmp_score_ci(&c->in[i], run, row->category, &row->cells[i]);
				if (strcmp(row->category, category_title[CAT_SYSTEM]) == 0)
					between_cell(r, run, &row->cells[i]);
			}
		}
	}
}

/* ---- judging ---------------------------------------------------------- */

/* Whether block a of run ra indexes (with a baseline) each test of category that b does. */
static int indexes_all(const struct run_result *ra, const struct copy_run *a,
		       const struct run_result *rb, const struct copy_run *b, const char *category)
{
	for (size_t i = 0; i < a->ntests; i++) {
		const struct bench_result *x = &a->tests[i], *y;
		double base, res;
		const char *cat;

		if (!(cmp_shows(ra, x) & IMPORT_INDEX))
			continue;
		cmp_index(ra, x, &base, &res, &cat);
		if (base < 0 || strcmp(cat, category) != 0)
			continue;
		y = cmp_find(rb, b, cmp_key(x), IMPORT_INDEX, NULL);
		if (y == NULL)
			return 0;
		cmp_index(rb, y, &base, &res, &cat);
		if (base < 0)
			return 0;
	}
	return 1;
}

/* Whether two blocks indexed the same tests for a category's score. */
static int same_index_tests(const struct cell *a, const struct cell *b, const char *category)
{
	return indexes_all(a->model, a->block, b->model, b->block, category) &&
	       indexes_all(b->model, b->block, a->model, a->block, category);
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
	    !same_index_tests(a, b, row->category)) {
		d->verdict = V_TESTS;
		return;
	}
	if (a->value > 0)
		d->change = 100 * (b->value - a->value) / a->value;
	/* A tmpfs against a disk: a figure, but no comparison (core/status.h). */
	if (!note_same_work(a->note, b->note)) {
		d->verdict = NOTE_UNLIKE_VERDICT;
		return;
	}
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

int cmp_tested(const struct delta *d)
{
	return d->judged && d->vd.v != VD_NONE && d->vd.v != VD_FEW;
}

/* Whether input i is a --repeat run: a score of its is pooled over passes. */
static int repeat_input(const struct compare *c, size_t i)
{
	const struct copy_run *run;
	size_t b = 0;
	double score, lo, hi;

	while ((run = cmp_next_block(&c->in[i], &b)) != NULL)
		if (cmp_between(c->in[i].run, run, &score, &lo, &hi) >= 2)
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
