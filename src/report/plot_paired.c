/*
 * plot_paired.c: paired mode's chart (plot.h): per test, each directory's
 * change against the baseline as a point with its 95% CI as an error bar,
 * a line at zero, one series per non-baseline directory.
 */
#include "report/plot.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/gnuplot.h"
#include "util/util.h"

/* The rows: one per (copy count, test) that has a comparison, in run order. */
struct prow {
	unsigned copies;
	const struct test_def *def;
};

struct pchart {
	const struct run_result *r;
	struct prow *rows;
	size_t nrows;
	int many_copies;        /* row labels name the copy count */
};

static const char *const colours[] = { "#e15759", "#4e79a7", "#59a14f", "#f28e2b", "#b07aa1",
				       "#76b7b2", "#9c755f" };

static double row_y(const struct pchart *c, size_t i, size_t d)
{
	size_t ns = c->r->ndirs - 1;
	double step = ns > 1 ? 0.6 / (double)(ns - 1) : 0;

	return (double)(c->nrows - 1 - i) + (ns > 1 ? 0.3 - step * (double)(d - 1) : 0);
}

static int write_paired(const char *dir, const char *term, const void *ctx)
{
	const struct pchart *c = ctx;
	const struct run_result *r = c->r;
	char file[4200];
	int height = 200 + (int)c->nrows * (24 + 10 * (int)r->ndirs), first = 1;
	FILE *f;

	snprintf(file, sizeof(file), "%s/chart.dat", dir);
	if ((f = fopen(file, "w")) == NULL)
		return -1;
	for (size_t d = 1; d < r->ndirs; d++) {
		fprintf(f, "# %s\n", r->dirs[d].label);
		for (size_t i = 0; i < c->nrows; i++)
			for (size_t k = 0; k < r->ncmps; k++) {
				const struct paired_cmp *p = &r->cmps[k];

				if (p->dir != d || p->copies != c->rows[i].copies ||
				    p->def != c->rows[i].def || p->st.n < 2)
					continue;
				fprintf(f, "%.6f %.6f %.6f %.6f\n", row_y(c, i, d),
					100 * (p->st.ratio - 1), 100 * (p->st.ci_lo - 1),
					100 * (p->st.ci_hi - 1));
			}
		fputs("\n\n", f);
	}
	if (fclose(f) != 0)
		return -1;
	snprintf(file, sizeof(file), "%s/chart.gp", dir);
	if ((f = fopen(file, "w")) == NULL)
		return -1;
	if (height < 320)
		height = 320;
	plot_terminal(f, term, height);
	fprintf(f, "set title ");
	{
		char title[600];

		snprintf(title, sizeof(title), "sysindex %s (%s): change against %s, 95%% CI",
			 r->version, r->base_name, r->dirs[0].label);
		for (char *p = title; *p; p++)
			if ((unsigned char)*p < 0x20)
				*p = ' ';
		gnuplot_squote_lines(f, title);
	}
	fprintf(f, "\nset xlabel 'change against the baseline (%%)'\n"
		"set yrange [-0.6:%zu.6]\nset grid xtics\nset xtics nomirror\n"
		"set ytics scale 0 nomirror\nset key outside bottom center horizontal\n"
		"set bmargin 6\nset arrow from 0, graph 0 to 0, graph 1 nohead lc rgb '#444444'\n",
		c->nrows - 1);
	for (size_t i = 0; i < c->nrows; i++) {
		char label[160];

		if (c->many_copies)
			snprintf(label, sizeof(label), "%s (%u cop%s)", c->rows[i].def->title,
				 c->rows[i].copies, c->rows[i].copies == 1 ? "y" : "ies");
		else
			snprintf(label, sizeof(label), "%s", c->rows[i].def->title);
		fprintf(f, "set ytics %s(", i ? "add " : "");
		gnuplot_squote(f, label);
		fprintf(f, " %zu)\n", c->nrows - 1 - i);
	}
	fprintf(f, "plot");
	for (size_t d = 1; d < r->ndirs; d++) {
		int any = 0;

		for (size_t k = 0; k < r->ncmps; k++)
			any |= r->cmps[k].dir == d && r->cmps[k].st.n >= 2;
		if (!any)
			continue;
		fprintf(f, "%s 'chart.dat' index %zu using 2:1:3:4 with xerrorbars pt 7 ps 1.2 "
			"lw 2 lc rgb '%s' title ", first ? "" : ", \\\n    ", d - 1,
			colours[(d - 1) % (sizeof(colours) / sizeof(colours[0]))]);
		gnuplot_squote(f, r->dirs[d].label);
		first = 0;
	}
	fprintf(f, "\n");
	return fclose(f) == 0 && !first ? 0 : -1;
}

int plot_paired(const char *resdir, const struct run_result *r, int quiet)
{
	struct pchart c = { r, NULL, 0, 0 };
	char gp[4096], base[300];
	int rc;

	if (r->ndirs < 2 || r->ncmps == 0)
		return 0;
	if (find_in_path("gnuplot", gp, sizeof(gp)) != 0) {
		(void)quiet;    /* plot_run() already said gnuplot is missing */
		return 0;
	}
	c.rows = calloc(r->ncmps, sizeof(*c.rows));
	if (c.rows == NULL)
		return -1;
	for (size_t k = 0; k < r->ncmps; k++) {
		const struct paired_cmp *p = &r->cmps[k];
		size_t i = 0;

		if (p->st.n < 2)
			continue;
		while (i < c.nrows && !(c.rows[i].def == p->def && c.rows[i].copies == p->copies))
			i++;
		if (i == c.nrows) {
			c.rows[c.nrows].copies = p->copies;
			c.rows[c.nrows++].def = p->def;
		}
		if (p->copies != r->cmps[0].copies)
			c.many_copies = 1;
	}
	rc = 0;
	if (c.nrows > 0 && fmt(base, sizeof(base), "%s-paired", r->base_name) == 0)
		rc = plot_both(gp, resdir, base, write_paired, &c);
	free(c.rows);
	return rc;
}
