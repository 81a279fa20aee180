/*
 * report_paired.c: paired mode's part of the reports: the "Paired
 * comparison" block of the text report, and its rows filled from the
 * run's model for paired_table.c's drawers (every writer's, and compare's).
 * Nothing is computed here beyond formatting: the statistics are in r->cmps
 * (stats/paired.c via score/score_paired.c).
 */
#include "report/report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/paired_table.h"
#include "util/util.h"

#define PR_MAX_TESTS 128      /* tests listed as run once */
#define PR_MAX_COPIES 16      /* copy counts of one run */

const struct copy_run *report_block(const struct run_result *r, size_t k)
{
	size_t nd = r->ndirs, ncounts;

	if (nd < 2 || r->nruns % nd != 0)
		return &r->runs[k];
	ncounts = r->nruns / nd;
	return &r->runs[(k % ncounts) * nd + k / ncounts];
}

const char *report_dir_label(const struct run_result *r, const struct copy_run *run)
{
	return r->ndirs >= 2 && run->dir < r->ndirs ? r->dirs[run->dir].label : "";
}

/* A change of ratio x as a signed percentage: "+1.25%". */
static void pct(char *out, size_t len, double x)
{
	paired_pct_cell(out, len, paired_pct(x));
}

/* Whether side dir's result of c failed only because its sliced round did (REASON_ROUND). */
static int round_only(const struct run_result *r, const struct paired_cmp *c, size_t dir)
{
	const struct bench_result *b = result_side(r, dir, c->copies, c->def);

	return b != NULL && strncmp(b->reason, REASON_ROUND, strlen(REASON_ROUND)) == 0;
}

/* Whether a side of c was cut short with samples (result_partial): a partial row. */
static int partial_side(const struct run_result *r, const struct paired_cmp *c)
{
	const struct bench_result *a = result_side(r, 0, c->copies, c->def);
	const struct bench_result *b = result_side(r, c->dir, c->copies, c->def);

	return (a != NULL && result_partial(a)) || (b != NULL && result_partial(b));
}

/*
 * Why a comparison has no verdict; "" when it has one.  The side named is
 * the one that failed: the baseline unless only its sliced round failed
 * (round_only) and the other side did not; "the round" when neither can
 * be told.
 */
static void why_not(const struct run_result *r, const struct paired_cmp *c, char *out, size_t len)
{
	const char *who = NULL;
	enum test_status s = TS_OK;
	int base_round = c->base_status != TS_OK && round_only(r, c, 0);

	out[0] = '\0';
	if (c->base_status != TS_OK && (!base_round || c->status == TS_OK)) {
		who = r->dirs[0].label;
		s = c->base_status;
	} else if (c->status != TS_OK) {
		who = round_only(r, c, c->dir) ? REASON_ROUND_WHO : r->dirs[c->dir].label;
		s = c->status;
	}
	if (who != NULL && s == TS_NOT_RUN && partial_side(r, c))
		fmt(out, len, "not compared: %s", REASON_INTERRUPTED);   /* the reason says how far */
	else if (who != NULL)
		fmt(out, len, "not compared: %s %s", status_word(s), who);
}

/*
 * What the reader must know beside the figures: why the other side did not
 * run, or that the sides did not measure the same thing (a program's note
 * differs: "buffered" where O_DIRECT was refused, "tmpfs").
 */
static void side_notes(const struct run_result *r, const struct paired_cmp *c,
		       struct paired_row *row)
{
	const struct bench_result *a = result_side(r, 0, c->copies, c->def);
	const struct bench_result *b = result_side(r, c->dir, c->copies, c->def);

	if (b != NULL && c->status != TS_OK && b->reason[0] && !round_only(r, c, c->dir))
		fmt(row->reason, sizeof(row->reason), "%s", b->reason);
	else if (a != NULL && c->base_status != TS_OK && a->reason[0])
		fmt(row->reason, sizeof(row->reason), "%s", a->reason);
	else if (b != NULL && c->status != TS_OK && b->reason[0])
		fmt(row->reason, sizeof(row->reason), "%s", b->reason);
	else if (a != NULL && b != NULL && !note_same_work(a->note, b->note))
		note_difference(row->reason, sizeof(row->reason), r->dirs[0].label, a->note,
				r->dirs[c->dir].label, b->note);
	if (!c->control && c->st.n >= 2 && c->st.instance_sd > 0) {
		double lo, hi;

		paired_rounds_ci(&c->st, &lo, &hi);
		row->rounds_lo_pct = paired_pct(lo);
		row->rounds_hi_pct = paired_pct(hi);
	}
}

/* The verdict cell of a paired statistic: its word, or why there is none. */
static void verdict_cell(const struct paired_stats *st, char *out, size_t len)
{
	if (st->n >= 2 && st->vd.v == VD_FEW && verdict_no_spread(st->se_log))
		verdict_few(out, len, "%s between rounds", VERDICT_NO_SPREAD);
	else if (st->n < 2 || st->vd.v == VD_FEW || st->vd.v == VD_NONE)
		verdict_few(out, len, "%zu round%s", st->n, st->n == 1 ? "" : "s");
	else
		fmt(out, len, "%s", verdict_label(&st->vd));
}

void report_paired_row(const struct run_result *r, const struct paired_cmp *c,
		       struct paired_row *row)
{
	const struct paired_stats *st = &c->st;
	char why[128];

	memset(row, 0, sizeof(*row));
	row->copies = c->copies;
	row->control = c->control;
	fmt(row->name, sizeof(row->name), "%s", c->def->name);
	fmt(row->title, sizeof(row->title), "%s", c->def->title);
	fmt(row->label, sizeof(row->label), "%s", r->dirs[c->dir].label);
	fmt(row->baseline, sizeof(row->baseline), "%s", r->dirs[0].label);
	row->base = st->n > 0 ? st->base_gm : (double)NAN;
	row->other = st->n > 0 ? st->other_gm : (double)NAN;
	row->change_pct = st->n > 0 ? paired_pct(st->ratio) : (double)NAN;
	row->ci_lo_pct = st->n >= 2 ? paired_pct(st->ci_lo) : (double)NAN;
	row->ci_hi_pct = st->n >= 2 ? paired_pct(st->ci_hi) : (double)NAN;
	row->detect_pct = st->n >= 2 ? 100 * st->detect : (double)NAN;
	row->rounds_lo_pct = row->rounds_hi_pct = (double)NAN;
	row->rounds = (unsigned)c->rounds;
	row->family = r->family.m;
	why_not(r, c, why, sizeof(why));
	if (why[0])
		fmt(row->verdict, sizeof(row->verdict), "%s", why);
	else if (!result_cmp_same_work(r, c))
		fmt(row->verdict, sizeof(row->verdict), "%s", NOTE_UNLIKE_VERDICT);
	else
		verdict_cell(st, row->verdict, sizeof(row->verdict));
	side_notes(r, c, row);
}

void report_paired_cells(const struct run_result *r, const struct paired_cmp *c,
			 struct paired_cells *pc)
{
	struct paired_row row;

	report_paired_row(r, c, &row);
	paired_row_cells(&row, pc);
}

/* Tests of copy count 'copies' that ran once, in the baseline only. */
static size_t run_once(const struct run_result *r, unsigned copies,
		       const struct test_def **defs, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < r->nruns; i++) {
		const struct copy_run *run = &r->runs[i];

		if (run->dir != 0 || run->copies != copies)
			continue;
		for (size_t k = 0; k < run->ntests && n < max; k++)
			if (!test_interleaved(run->tests[k].def, r->ndirs, r->control))
				defs[n++] = run->tests[k].def;
	}
	return n;
}

/* The noise floor of --control: median detect and largest |change| of the A/A rows. */
int report_paired_noise(const struct run_result *r, unsigned copies, double *median_detect,
			double *max_change, size_t *n)
{
	double v[256];
	size_t m = 0;

	*max_change = 0;
	for (size_t i = 0; i < r->ncmps && m < 256; i++) {
		const struct paired_cmp *c = &r->cmps[i];

		if (!c->control || c->copies != copies || c->st.n < 2 || !isfinite(c->st.detect))
			continue;
		v[m++] = c->st.detect;
		if (fabs(c->st.ratio - 1) > *max_change)
			*max_change = fabs(c->st.ratio - 1);
	}
	*n = m;
	if (m == 0)
		return 0;
	for (size_t i = 1; i < m; i++)
		for (size_t j = i; j > 0 && v[j - 1] > v[j]; j--) {
			double t = v[j];

			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	*median_detect = m % 2 ? v[m / 2] : (v[m / 2 - 1] + v[m / 2]) / 2;
	return 1;
}

/* One text table: the rows of copy count copies, control or not. */
static void text_table(FILE *out, const struct run_result *r, unsigned copies, int control)
{
	struct paired_row *rows = calloc(r->ncmps ? r->ncmps : 1, sizeof(*rows));
	size_t n = 0;

	if (rows == NULL) {
		fprintf(out, "(out of memory for the table)\n");
		return;
	}
	for (size_t i = 0; i < r->ncmps; i++) {
		const struct paired_cmp *c = &r->cmps[i];

		if (c->copies == copies && c->control == control)
			report_paired_row(r, c, &rows[n++]);
	}
	paired_table_text(out, r->dirs[0].label, report_paired_column(r), rows, n);
	free(rows);
}

const char *report_paired_column(const struct run_result *r)
{
	return r->nsettings > 0 ? PAIRED_COLUMN_SETTING : PAIRED_COLUMN_DIR;
}

static size_t count_rows(const struct run_result *r, unsigned copies, int control)
{
	size_t n = 0;

	for (size_t i = 0; i < r->ncmps; i++)
		n += r->cmps[i].copies == copies && r->cmps[i].control == control;
	return n;
}

/* The copy counts that have comparisons, in run order. */
size_t report_paired_copies(const struct run_result *r, unsigned *out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < r->nruns && n < max; i++) {
		int seen = 0;

		for (size_t k = 0; k < n; k++)
			seen |= out[k] == r->runs[i].copies;
		if (!seen)
			out[n++] = r->runs[i].copies;
	}
	return n;
}

void report_paired_score_text(const struct run_result *r, const struct paired_score *p,
			      char *out, size_t len)
{
	char ch[24], lo[24], hi[24], v[64];

	pct(ch, sizeof(ch), p->st.ratio);
	pct(lo, sizeof(lo), p->st.ci_lo);
	pct(hi, sizeof(hi), p->st.ci_hi);
	verdict_cell(&p->st, v, sizeof(v));
	fmt(out, len, "%s / %s: %s, 95%% CI %s..%s (%zu index test%s, %zu rounds): %s",
	    r->dirs[p->dir].label, r->dirs[0].label, ch, lo, hi, p->ntests,
	    p->ntests == 1 ? "" : "s", p->st.n, v);
}

/* Each directory's partial score ratio against the baseline, first. */
static void score_ratio_lines(FILE *out, const struct run_result *r, unsigned copies)
{
	for (size_t i = 0; i < r->npscores; i++) {
		const struct paired_score *p = &r->pscores[i];
		char line[256];

		if (p->copies != copies || p->ntests == 0 || p->dir >= r->ndirs)
			continue;
		report_paired_score_text(r, p, line, sizeof(line));
		fprintf(out, "Partial score ratio %s\n", line);
	}
}

static void text_copies(FILE *out, const struct run_result *r, unsigned copies)
{
	const struct test_def *once[PR_MAX_TESTS];
	size_t nonce = run_once(r, copies, once, PR_MAX_TESTS);
	size_t nrows = count_rows(r, copies, 0), nctl = count_rows(r, copies, 1);
	double med, worst;
	size_t nn;

	fprintf(out, "Paired comparison: %u cop%s, baseline %s, %zu %s, interleaved rounds\n",
		copies, copies == 1 ? "y" : "ies", r->dirs[0].label, r->ndirs,
		r->nsettings ? "settings of one test dir" : "test dirs");
	score_ratio_lines(out, r, copies);
	if (nrows) {
		text_table(out, r, copies, 0);
	} else {
		fprintf(out, "(no test that uses the test directory ran)\n");
	}
	if (nctl) {
		fprintf(out, "\n%s\n", paired_table_control_words);
		text_table(out, r, copies, 1);
		if (report_paired_noise(r, copies, &med, &worst, &nn))
			fprintf(out, "Noise floor: +-%.2f%% (median minimum detectable change of %zu control row%s), largest |change| %.2f%%\n",
				100 * med, nn, nn == 1 ? "" : "s", 100 * worst);
	}
	fprintf(out, "\n");
	if (nonce) {
		fprintf(out, "Ran once, in %s (do not use the test directory; --control compares them too):\n",
			r->dirs[0].label);
		for (size_t i = 0; i < nonce; i++)
			fprintf(out, "  %s\n", once[i]->title);
		fprintf(out, "\n");
	}
}

int report_paired_ordered(const struct run_result *r)
{
	for (size_t i = 0; i < r->ncmps; i++)
		if (r->cmps[i].st.order_adjusted)
			return 1;
	return 0;
}

int report_paired_text(FILE *out, const struct run_result *r)
{
	unsigned copies[PR_MAX_COPIES];
	char note[512 + sizeof(r->dirs[0].label)];
	size_t nc;

	if (r->ndirs < 2)
		return 0;
	nc = report_paired_copies(r, copies, PR_MAX_COPIES);
	fprintf(out, "========================================================================\n");
	for (size_t i = 0; i < nc; i++)
		text_copies(out, r, copies[i]);
	paired_table_note(note, sizeof(note), r->dirs[0].label, report_paired_column(r));
	fprintf(out, "%s\n", PAIRED_TABLE_LEGEND_HEAD);
	text_wrapped(out, "", note, PAIRED_TABLE_NOTE_WIDTH);
	report_verdict_note(out, &r->family);
	{
		char extra[512];

		fprintf(out, "%s\n", report_paired_instance_words(r));
		report_paired_instance_extra(r, extra, sizeof(extra));
		if (extra[0])
			fprintf(out, "%s\n", extra);
	}
	if (report_paired_ordered(r))
		fprintf(out, "order: with 10 or more rounds, the change and CI also take out the effect of\n"
			"each side's place in the round's order (a crossover fit, docs/paired.md).\n");
	if (r->quick)
		fprintf(out, "--quick: 3 rounds of short samples: a first look, too few rounds for a verdict.\n");
	fprintf(out, "\n");
	return ferror(out) ? -1 : 0;
}

void report_verdict_note(FILE *out, const struct verdict_family *f)
{
	char words[VERDICT_EXPLAIN_MAX];

	verdict_explain(f, words, sizeof(words));
	text_wrapped(out, "", words, PAIRED_TABLE_NOTE_WIDTH);
}

const char report_paired_order_note[] =
	"With 10 or more rounds, the change and CI also take out the effect of each side's "
	"place in the round's order (a crossover fit).";

/*
 * The instance term (stats/paired.h, docs/paired.md) and what it
 * still leaves out: ten A/A runs on two ext4 images made alike found the
 * runs' means scattering 1.3 times their own standard errors (0.2-0.3 %
 * beyond them) and one pair of images leaning 0.25 % for five runs in a
 * row.  Said in every paired report, text and the others alike; wrapped
 * for the text report (a newline is a space in Markdown and HTML).  The
 * figure is PAIRED_INSTANCE_SD's (a unit test holds them together).
 */
const char report_paired_instance_note[] =
	"Every interval adds 0.3 % (SD) for how far two directories made alike differ from run\n"
	"to run (measured, bench/paired.md). A lasting difference of the instances themselves\n"
	"(two disks, or where two images lie) is not covered: before publishing a small\n"
	"difference, repeat on new file systems or with the settings swapped.";

const char report_paired_settings_note[] =
	"Settings are compared on one instance (one test directory): no instance term applies,\n"
	"each interval is the rounds' alone.";

const char *report_paired_instance_words(const struct run_result *r)
{
	return r->nsettings > 0 ? report_paired_settings_note : report_paired_instance_note;
}

/*
 * What the note above does not say of this run: a term set by
 * --instance-sd in place of the measured one (an assumption, not a
 * measurement), that --control rows add none, and where each row's interval
 * from its rounds alone is; and how many rows --precision stopped by
 * Stein's two-stage rule (stats/paired.h).  "" when there is nothing to
 * add.  Wrapped for the text report like the note.
 */
void report_paired_instance_extra(const struct run_result *r, char *out, size_t len)
{
	size_t used = 0, staged = 0;
	int k = 0;

	out[0] = '\0';
	for (size_t i = 0; i < r->ncmps; i++)
		staged += r->cmps[i].st.stage_one > 0;
	if (staged > 0)
		k = snprintf(out, len, "--precision stopped %zu row%s by Stein's two-stage rule: the first %d "
			     "rounds fixed\nthe rounds, and the interval and verdict take their SD on %d "
			     "df around the\nmean of all rounds (docs/paired.md).", staged,
			     staged == 1 ? "" : "s", PAIRED_STAGE_ONE, PAIRED_STAGE_ONE - 1);
	used = k > 0 && (size_t)k < len ? (size_t)k : (k > 0 ? len : 0);
	if (r->nsettings > 0 || used >= len)
		return;         /* report_paired_settings_note says the rest */
	if (r->instance_set) {
		k = snprintf(out + used, len - used, "%sThis run assumed %.2g %% instead (--instance-sd): "
			     "an assumption, not\nmeasured by this run.", used ? "\n" : "",
			     100 * r->instance_sd);
		used += k > 0 && (size_t)k < len - used ? (size_t)k : len - used;
	}
	if (r->control && used < len) {
		k = snprintf(out + used, len - used, "%sControl rows (tests that do not use the directory) "
			     "add no term.", used ? "\n" : "");
		used += k > 0 && (size_t)k < len - used ? (size_t)k : len - used;
	}
	if (run_instance_term(r) > 0 && used < len)
		snprintf(out + used, len - used, "%sUnder each row: its interval from the rounds alone, "
			 "without the term.", used ? "\n" : "");
}

void report_paired_table(struct table_out *t, enum paired_part part, const void *ctx)
{
	const struct run_result *r = ((const struct paired_of *)ctx)->r;
	unsigned copies = ((const struct paired_of *)ctx)->copies;

	for (size_t k = 0; k < r->ncmps; k++) {
		const struct paired_cmp *c = &r->cmps[k];
		struct paired_row row;

		if (c->copies != copies)
			continue;
		report_paired_row(r, c, &row);
		paired_table_row(t, &row, part);
	}
}
