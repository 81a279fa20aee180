/*
 * change_paired.c: a paired run's comparisons as a chart of change
 * (change_chart.h): a group per (copy count, test), a series per
 * non-baseline directory, each change and 95 % CI in percent, the verdict
 * as the report's tables word it (report_paired_cells).
 */
#include "report/change_chart.h"

#include <math.h>
#include <string.h>

#include "report/report.h"
#include "report/paired_table.h"
#include "util/util.h"

static int same_group(const struct paired_cmp *a, const struct paired_cmp *b)
{
	return a->copies == b->copies && a->def == b->def && a->control == b->control;
}

static int measured(const struct paired_cmp *p)
{
	return p->st.n > 0 && isfinite(p->st.ratio);
}

/* A row drawn: measured, and both sides did the same work (else no comparison). */
static int charted(const struct run_result *r, const struct paired_cmp *p)
{
	return measured(p) && result_cmp_same_work(r, p);
}

/* The comparison's row: change and, from 2 rounds, the interval. */
static int add_cmp(const struct run_result *r, const struct paired_cmp *p, int many_copies,
		   struct change_chart *cc)
{
	struct paired_cells pc;
	char label[CHANGE_LABEL_MAX];
	int two = p->st.n >= 2;

	report_paired_cells(r, p, &pc);
	fmt(label, sizeof(label), "%s%s", p->def->title, p->control ? " (control)" : "");
	if (many_copies)
		fmt(label + strlen(label), sizeof(label) - strlen(label), " (%u cop%s)", p->copies,
		    p->copies == 1 ? "y" : "ies");
	if (change_chart_add(cc, label, p->dir - 1, 100 * (p->st.ratio - 1),
			     two ? 100 * (p->st.ci_lo - 1) : (double)NAN,
			     two ? 100 * (p->st.ci_hi - 1) : (double)NAN, pc.verdict) != 0)
		return -1;
	fmt(cc->rows[cc->nrows - 1].detail, sizeof(cc->rows[0].detail), "%s, 95%% CI %s: %s",
	    pc.change, pc.ci, pc.verdict);
	return 0;
}

int change_chart_paired(const struct run_result *r, struct change_chart *cc)
{
	int many_copies = 0;

	change_chart_init(cc, r->ndirs >= 1 ? r->dirs[0].label : "");
	if (r->ndirs < 2)
		return 0;
	fmt(cc->title, sizeof(cc->title), "sysindex %s (%s): change against %s, 95%% CI",
	    r->version, r->base_name, r->dirs[0].label);
	for (size_t d = 1; d < r->ndirs; d++)
		(void)change_chart_series(cc, r->dirs[d].label);
	for (size_t k = 0; k < r->ncmps; k++)
		many_copies |= r->cmps[k].copies != r->cmps[0].copies;
	for (size_t k = 0; k < r->ncmps; k++) {
		int seen = 0;

		cc->left_out += measured(&r->cmps[k]) && !charted(r, &r->cmps[k]);
		for (size_t j = 0; j < k; j++)
			seen |= same_group(&r->cmps[j], &r->cmps[k]) && charted(r, &r->cmps[j]);
		if (seen || !charted(r, &r->cmps[k]))
			continue;
		for (size_t j = k; j < r->ncmps; j++)
			if (same_group(&r->cmps[j], &r->cmps[k]) && charted(r, &r->cmps[j]) &&
			    r->cmps[j].dir >= 1 && r->cmps[j].dir <= cc->nseries &&
			    add_cmp(r, &r->cmps[j], many_copies, cc) != 0)
				return -1;
	}
	change_chart_left_out_title(cc);
	return 0;
}
