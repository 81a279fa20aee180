/*
 * compare_group.c: `sysindex compare --group-by host|label`: the runs of one
 * host, or of one label, become one column before the columns are compared.
 * A host is the report's host identity id ("Host identity: id <16 hex>, virt
 * <name>", sysindex), else the hostname of its "System:" line (UnixBench
 * reports have only that); a label is the one --label gave the run (or its
 * file's name), so alternating runs of two settings on one host, labelled
 * by setting, become two columns.  Each column's cell is the mean of its
 * runs' figures, with their spread (standard deviation over the runs); two
 * columns with at least two runs each are judged by Welch's t-test on the
 * runs' figures, so the verdict says whether they differ by more than their
 * runs differ among themselves (the host's drift included).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare/compare_int.h"
#include "score/score_ci.h"
#include "stats/randeff.h"
#include "stats/stats.h"

/*
 * A score row whose every run has a within-run SE: the host's score is the
 * random-effects pool of the runs' log scores (DerSimonian-Laird), so its SE
 * holds the drift between runs as well as each run's noise, and the next
 * run's score gets a prediction interval.  With one run the drift is
 * unknown and the cell keeps neither.
 */
static void pool_score(struct cell *out, const double *y, const double *v, size_t r)
{
	struct score_pool p;
	double t;

	if (score_ci_pool(y, v, r, &p) != 0)
		return;
	out->value = exp(p.mean);
	out->has_log_se = 1;
	out->log_se = p.se;
	out->log_df = p.df;
	t = stats_t_quantile(0.975, p.df);
	if (isfinite(t) && isfinite(p.pred_se)) {
		out->has_pred = 1;
		out->pred_lo = exp(p.mean - t * p.pred_se);
		out->pred_hi = exp(p.mean + t * p.pred_se);
	}
}

/* One host's cell in a row, from its runs' cells (the inputs listed in idx). */
static void group_cell(const struct row *row, const size_t *idx, size_t n, struct cell *out)
{
	double v[CMP_MAX_INPUTS], ly[CMP_MAX_INPUTS], lv[CMP_MAX_INPUTS];
	size_t k = 0, nci = 0;

	memset(out, 0, sizeof(*out));
	out->time = -1;
	for (size_t j = 0; j < n; j++) {
		const struct cell *x = &row->cells[idx[j]];

		if (!x->present)
			continue;
		if (!out->present) {
			*out = *x;
			out->has_stats = 0;
			out->has_tlog = 0;      /* the runs' mean is judged, not a run's samples */
			out->samples = 0;
			out->time = -1;
		}
		if (x->status != TS_OK)
			continue;
		v[k++] = x->value;
		if (x->has_log_se && x->value > 0) {
			ly[nci] = log(x->value);
			lv[nci++] = x->log_se * x->log_se;
		}
	}
	out->has_log_se = 0;
	out->has_pred = 0;
	if (k == 0)
		return;
	{
		struct summary s;

		stats_summarize(v, k, &s);
		out->status = TS_OK;
		out->value = s.mean;
		out->has_stats = 1;
		out->n = s.n;
		out->mean = s.mean;
		out->sd = s.sd;
		out->runs = (unsigned)k;
	}
	pool_score(out, ly, lv, nci == k ? nci : 0);
}

/* What makes a run part of a column: its host, or the label it was given. */
static const char *group_key(const struct input *in, enum group_key by)
{
	return by == GROUP_LABEL ? in->given : in->host;
}

static void group_label(struct compare *c, size_t ng, const struct input *first)
{
	struct input *g = &c->in[ng];

	if (c->opt.group_by == GROUP_LABEL) {
		snprintf(g->label, sizeof(g->label), "%s", first->given);
		return;   /* the labels were the key: each column's is its own */
	}
	snprintf(g->label, sizeof(g->label), "%s", first->head.host[0] ? first->head.host
		 : first->host[0] ? first->host : first->label);
	for (size_t i = 0; i < ng; i++)
		if (strcmp(c->in[i].label, g->label) == 0) {
			if (first->head.host_id[0])
				snprintf(g->label, sizeof(g->label), "%.100s (id %.8s)",
					 first->head.host[0] ? first->head.host : first->label,
					 first->head.host_id);
			else
				snprintf(g->label, sizeof(g->label), "%.100s (no host id)",
					 first->head.host[0] ? first->head.host : first->label);
			break;
		}
}

/* Which column each run goes to (group[]), each column's first run; how many columns. */
static size_t assign(struct compare *c, const struct input *runs, size_t nruns, size_t *group,
		     size_t *first)
{
	enum group_key by = (enum group_key)c->opt.group_by;
	size_t ng = 0;

	for (size_t i = 0; i < nruns; i++) {
		const char *key = group_key(&runs[i], by);
		size_t g = 0;

		if (key[0] == '\0')
			cmp_warn(c, "%s names no host: it is a host of its own", runs[i].label);
		while (g < ng && (key[0] == '\0' || strcmp(group_key(&runs[first[g]], by), key) != 0))
			g++;
		if (g == ng)
			first[ng++] = i;
		group[i] = g;
	}
	return ng;
}

int cmp_group_runs(struct compare *c)
{
	struct input runs[CMP_MAX_INPUTS];
	size_t group[CMP_MAX_INPUTS], ng, nruns = c->nin;
	size_t first[CMP_MAX_INPUTS];

	memcpy(runs, c->in, sizeof(runs));
	ng = assign(c, runs, nruns, group, first);
	if (ng < 2 && c->opt.group_by == GROUP_LABEL)
		return cmp_usage_error("--group-by label: every input has the label %s; give each "
				       "setting's runs their own with --label", runs[0].given);
	if (ng < 2)
		return cmp_usage_error("--group-by host: every input is from one host (%s); "
				       "nothing to compare", runs[0].host[0] ? runs[0].host : "?");
	for (size_t g = 0; g < ng; g++) {
		struct input *in = &c->in[g];
		size_t used = 0;

		*in = runs[first[g]];
		in->nruns = 0;
		in->members[0] = '\0';
		group_label(c, g, &runs[first[g]]);
		for (size_t i = 0; i < nruns; i++) {
			int k;

			if (group[i] != g)
				continue;
			in->nruns++;
			k = snprintf(in->members + used, sizeof(in->members) - used, "%s%s",
				     used ? ", " : "", c->opt.group_by == GROUP_LABEL
				     ? runs[i].src->label : runs[i].label);   /* by label: its file */
			if (k > 0 && used + (size_t)k < sizeof(in->members))
				used += (size_t)k;
		}
	}
	for (size_t r = 0; r < c->nrows; r++) {
		struct row *row = &c->rows[r];
		struct cell cells[CMP_MAX_INPUTS];

		for (size_t g = 0; g < ng; g++) {
			size_t idx[CMP_MAX_INPUTS], n = 0;

			for (size_t i = 0; i < nruns; i++)
				if (group[i] == g)
					idx[n++] = i;
			group_cell(row, idx, n, &cells[g]);
		}
		memcpy(row->cells, cells, ng * sizeof(cells[0]));
		memset(row->deltas, 0, nruns * sizeof(row->deltas[0]));
	}
	c->nin = ng;
	c->grouped = (enum group_key)c->opt.group_by;
	return 0;
}

void cmp_note_runs_needed(struct compare *c)
{
	size_t nrows = 0, lo = 0, hi = 0;

	if (c->grouped == GROUP_NONE)
		return;
	for (size_t r = 0; r < c->nrows; r++)
		for (size_t i = 1; i < c->nin; i++) {
			const struct delta *d = &c->rows[r].deltas[i];
			const struct cell *a = &c->rows[r].cells[0], *b = &c->rows[r].cells[i];
			double va, vb;
			size_t need;

			if (!d->judged || d->vd.v != VD_FEW || !a->has_stats || !b->has_stats ||
			    !(a->mean > 0) || !(b->mean > 0))
				continue;
			va = (a->sd / a->mean) * (a->sd / a->mean);
			vb = (b->sd / b->mean) * (b->sd / b->mean);
			need = re_runs_needed(va, vb, VERDICT_MIN_DF);
			if (need == 0)
				continue;
			if (need < a->n || need < b->n)
				need = a->n > b->n ? a->n : b->n;   /* unequal sides: at least as many */
			lo = nrows == 0 || need < lo ? need : lo;
			hi = need > hi ? need : hi;
			nrows++;
		}
	if (nrows == 0)
		return;
	/* Short enough for one line on stderr (the warning's prefix included). */
	if (lo == hi)
		cmp_warn(c, "%zu row%s: too few runs for a verdict; about %zu runs per side", nrows,
			 nrows == 1 ? "" : "s", hi);
	else
		cmp_warn(c, "%zu rows: too few runs for a verdict; about %zu to %zu runs per side",
			 nrows, lo, hi);
}
