/*
 * plot.c: bar charts through gnuplot, run as an external program.
 *
 * gnuplot is optional: without it one line says so and the run goes on.
 * It runs (gnuplot.c) in a temporary folder next to the chart that holds
 * the data and the script and is removed afterwards.  The chart is drawn
 * into the temporary folder and renamed into place, so a chart is either
 * complete or absent.
 */
#include "report/plot.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report/chart_rows.h"
#include "report/report.h"
#include "util/gnuplot.h"
#include "util/util.h"

/* Row i, series s: its y position (row 0 and series 0 at the top). */
static double bar_y(const struct plot_chart *c, size_t i, size_t s)
{
	double bw = 0.8 / (double)c->nseries;

	return (double)(c->nrows - 1 - i) + ((double)(c->nseries - 1) / 2.0 - (double)s) * bw;
}

int plot_write_data(FILE *f, const struct plot_chart *c, double *vmax)
{
	*vmax = 0;
	for (size_t s = 0; s < c->nseries; s++) {
		fprintf(f, "# %zu\n", s);
		for (size_t i = 0; i < c->nrows; i++) {
			double v = c->values[i * c->nseries + s];

			if (!isfinite(v))
				continue;
			fprintf(f, "%.6f %.17g \"%.*f\"\n", bar_y(c, i, s), v,
				fabs(v) < 1e6 ? 1 : 0, v);
			if (v > *vmax)
				*vmax = v;
		}
		fputs("\n\n", f);
	}
	return ferror(f) ? -1 : 0;
}

void plot_terminal(FILE *f, const char *term, int height)
{
	fprintf(f, "set encoding utf8\n");
	if (strcmp(term, "svg") == 0)
		fprintf(f, "set terminal svg size 1000,%d noenhanced font 'sans,11' "
			"background rgb 'white'\n", height);
	else if (strcmp(term, "pngcairo") == 0)
		fprintf(f, "set terminal pngcairo size 1000,%d noenhanced font 'sans,10' "
			"background rgb 'white'\n", height);
	else
		fprintf(f, "set terminal png size 1000,%d noenhanced\n", height);
	fprintf(f, "set output 'chart.out'\n");
}

int plot_write_script(FILE *f, const char *term, const struct plot_chart *c, double vmax)
{
	int height = 160 + (int)c->nrows * ((int)c->nseries * 18 + 12);
	double bh = 0.8 / (double)c->nseries * 0.45;   /* half a bar's height */
	int first = 1;

	if (height < 320)
		height = 320;   /* the title, axis label and key need room too */
	plot_terminal(f, term, height);
	fprintf(f, "set title ");
	gnuplot_squote_lines(f, c->title);
	fprintf(f, "\nset xlabel ");
	gnuplot_squote(f, c->value_label ? c->value_label : "");
	/* Room right of the longest bar for its value label. */
	fprintf(f, "\nset xrange [0:%.17g]\nset yrange [-0.6:%zu.4]\n",
		vmax > 0 ? vmax * 1.15 : 1, c->nrows - 1);
	fprintf(f, "set style fill solid 0.85 border -1\nset grid xtics\nset xtics nomirror\n"
		"set ytics scale 0 nomirror\nset key outside bottom center horizontal\nset bmargin 6\n");
	for (size_t i = 0; i < c->nrows; i++) {
		fprintf(f, "set ytics %s(", i ? "add " : "");
		gnuplot_squote(f, c->rows[i] ? c->rows[i] : "");
		fprintf(f, " %zu)\n", c->nrows - 1 - i);
	}
	fprintf(f, "plot");
	for (size_t s = 0; s < c->nseries; s++) {
		int any = 0;

		for (size_t i = 0; i < c->nrows; i++)
			any |= isfinite(c->values[i * c->nseries + s]);
		if (!any)
			continue;   /* an empty block would be an error */
		fprintf(f, "%s 'chart.dat' index %zu using 2:1:(0):2:($1-%.6f):($1+%.6f) "
			"with boxxyerror lc rgb '%s' title ", first ? "" : ", \\\n    ", s, bh, bh,
			chart_colour(s));
		gnuplot_squote(f, c->series[s] ? c->series[s] : "");
		fprintf(f, ", \\\n    'chart.dat' index %zu using 2:1:3 with labels left "
			"offset char 0.8,0 font ',8' notitle", s);
		first = 0;
	}
	fprintf(f, "\n");
	return ferror(f) || first ? -1 : 0;
}

/* fclose, keeping the writer's result rc unless closing fails. */
static int close_with(FILE *f, int rc)
{
	return fclose(f) != 0 ? -1 : rc;
}

/* The first line of gnuplot's output, for a one-line error. */
static void first_line(const char *text, char *out, size_t len)
{
	text += strspn(text, " \t\n");
	snprintf(out, len, "%.*s", (int)strcspn(text, "\n"), text);
}

/* A chart's two files in folder dir: chart.dat, then chart.gp (vmax from the data). */
static int write_chart_files(const char *dir, const char *term, const void *ctx,
			     int (*data)(const char *, const void *, double *),
			     int (*script)(const char *, const char *, const void *, double))
{
	char file[4200];
	double vmax;

	snprintf(file, sizeof(file), "%s/chart.dat", dir);
	if (data(file, ctx, &vmax) != 0)
		return -1;
	snprintf(file, sizeof(file), "%s/chart.gp", dir);
	return script(file, term, ctx, vmax);
}

static int bar_data(const char *path, const void *ctx, double *vmax)
{
	FILE *f = fopen(path, "w");

	return f == NULL ? -1 : close_with(f, plot_write_data(f, ctx, vmax));
}

static int bar_script(const char *path, const char *term, const void *ctx, double vmax)
{
	FILE *f = fopen(path, "w");

	return f == NULL ? -1 : close_with(f, plot_write_script(f, term, ctx, vmax));
}

int plot_bars(const char *dir, const char *term, const void *ctx)
{
	return write_chart_files(dir, term, ctx, bar_data, bar_script);
}

int plot_draw(const char *gp, const char *term, const char *out_path, plot_writer write,
	      const void *ctx, char *err, size_t errlen)
{
	static const char *const args[] = { "chart.gp", NULL };
	char tmp[4096], file[4200], msg[2048], line[256];
	const char *slash = strrchr(out_path, '/');
	int st, rc = -1;

	if (slash == NULL)
		snprintf(tmp, sizeof(tmp), "./.sysindex-plot-XXXXXX");
	else
		snprintf(tmp, sizeof(tmp), "%.*s/.sysindex-plot-XXXXXX",
			 (int)(slash - out_path), out_path);
	if (mkdtemp(tmp) == NULL) {
		snprintf(err, errlen, "%s: cannot create a temporary folder next to it: %s",
			 out_path, strerror(errno));
		return -1;
	}
	if (write(tmp, term, ctx) != 0) {
		snprintf(err, errlen, "%s: cannot write the chart's files: %s", tmp,
			 errno ? strerror(errno) : "nothing to plot");
		goto out;
	}
	st = gnuplot_run(gp, tmp, args, msg, sizeof(msg), err, errlen);
	if (st == -1)
		goto out;
	first_line(msg, line, sizeof(line));
	if (WIFSIGNALED(st) && !line[0]) {
		snprintf(err, errlen, "gnuplot killed by signal %d (%s)", WTERMSIG(st),
			 strsignal(WTERMSIG(st)));
		goto out;
	}
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
		snprintf(err, errlen, "gnuplot failed: %s", line[0] ? line : "no message");
		goto out;
	}
	snprintf(file, sizeof(file), "%s/chart.out", tmp);
	errno = 0;
	if (access(file, R_OK) != 0 || rename(file, out_path) != 0) {
		snprintf(err, errlen, "%s: %s", out_path, errno ? strerror(errno) : "not written");
		goto out;
	}
	rc = 0;
out:
	remove_tree(tmp);
	return rc;
}

static int ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a >= b && strcmp(s + a - b, suffix) == 0;
}

int plot_to_file(const char *out_path, plot_writer write, const void *ctx, char *err,
		 size_t errlen)
{
	char gp[4096];
	const char *term;

	if (!ends_with(out_path, ".svg") && !ends_with(out_path, ".png")) {
		snprintf(err, errlen, "%s: a chart must be .svg or .png", out_path);
		return -1;
	}
	if (find_in_path("gnuplot", gp, sizeof(gp)) != 0) {
		snprintf(err, errlen, "gnuplot not found (%s)", GNUPLOT_HINT);
		return -1;
	}
	if (ends_with(out_path, ".svg"))
		term = "svg";
	else if (gnuplot_has_terminal(gp, "pngcairo"))
		term = "pngcairo";
	else if (gnuplot_has_terminal(gp, "png"))
		term = "png";
	else {
		snprintf(err, errlen, "this gnuplot has no png terminal; use .svg");
		return -1;
	}
	return plot_draw(gp, term, out_path, write, ctx, err, errlen);
}

static void chart_title(const struct run_result *r, char *out, size_t len)
{
	size_t used = (size_t)snprintf(out, len, "sysindex %s on %s (%s)", r->version,
				       r->sys.hostname, r->base_name);

	/* Only the newline below may break the title. */
	for (char *p = out; *p; p++)
		if ((unsigned char)*p < 0x20)
			*p = ' ';
	if (used < len)
		used += (size_t)snprintf(out + used, len - used, "\nSystem Benchmarks Index Score");

	for (size_t s = 0; s < r->nruns && used < len; s++) {
		const struct copy_run *run = &r->runs[s];

		if (run->cats[CAT_SYSTEM].nindexed == 0)
			continue;
		used += (size_t)snprintf(out + used, len - used, "%s %.1f (%u cop%s)",
					 s ? "," : "", run->cats[CAT_SYSTEM].score, run->copies,
					 run->copies == 1 ? "y" : "ies");
	}
	/* The chart is what gets pasted alone: a quick run's caveat travels with it. */
	if (r->quick && used < len)
		snprintf(out + used, len - used, "\n%s", REPORT_QUICK_FIRST);
}

/* <base><suffix>.svg, then .png where gnuplot has a png terminal. */
int plot_both(const char *gp, const char *resdir, const char *base, plot_writer write,
	      const void *ctx)
{
	static const char *const ext[] = { ".svg", ".png" };
	char path[4096], err[512];

	for (size_t i = 0; i < 2; i++) {
		const char *term = "svg";

		if (i == 1) {
			/* No png terminal in this gnuplot: the SVG is enough. */
			if (gnuplot_has_terminal(gp, "pngcairo"))
				term = "pngcairo";
			else if (gnuplot_has_terminal(gp, "png"))
				term = "png";
			else
				break;
		}
		if (snprintf(path, sizeof(path), "%s/%s%s", resdir, base, ext[i]) >=
		    (int)sizeof(path))
			return -1;
		/* A gnuplot that cannot draw the SVG will not draw the PNG: one message. */
		if (plot_draw(gp, term, path, write, ctx, err, sizeof(err)) != 0) {
			fprintf(stderr, "sysindex: chart %s not written: %s\n", path, err);
			return -1;
		}
	}
	return 0;
}

/*
 * mem-latency's curve per copy count: chart.dat has one block per copy run
 * ("bytes ns label"), the script draws them on logarithmic axes.
 */
struct latency_chart {
	const struct run_result *r;
	const struct bench_result *tests[16];   /* per copy run, or NULL */
	size_t n;
};

static int latency_data(const char *path, const void *ctx, double *vmax)
{
	const struct latency_chart *lc = ctx;
	struct curve_point pts[CURVE_MAX];
	FILE *f = fopen(path, "w");

	if (f == NULL)
		return -1;
	*vmax = 0;
	for (size_t s = 0; s < lc->n; s++) {
		size_t n = report_curve(lc->tests[s], pts, CURVE_MAX);

		fprintf(f, "# %u copies\n", lc->r->runs[s].copies);
		for (size_t i = 0; i < n; i++) {
			fprintf(f, "%llu %.6g \"%s\"\n", pts[i].bytes, pts[i].ns, pts[i].level);
			if (pts[i].ns > *vmax)
				*vmax = pts[i].ns;
		}
		fputs("\n\n", f);
	}
	return fclose(f) == 0 ? 0 : -1;
}

static int latency_script(const char *path, const char *term, const void *ctx, double vmax)
{
	const struct latency_chart *lc = ctx;
	FILE *f = fopen(path, "w");
	char title[512];

	if (f == NULL)
		return -1;
	plot_terminal(f, term, 540);
	snprintf(title, sizeof(title), "sysindex %s on %s (%s)\nmemory latency: random pointer chain",
		 lc->r->version, lc->r->sys.hostname, lc->r->base_name);
	for (char *p = title; *p; p++)
		if ((unsigned char)*p < 0x20 && *p != '\n')
			*p = ' ';
	fprintf(f, "set title ");
	gnuplot_squote_lines(f, title);
	fprintf(f, "\nset logscale x 2\nset logscale y 10\nset format x '%%.0b%%B'\n"
		"set xlabel 'working set (bytes)'\nset ylabel 'ns per load'\n"
		"set yrange [*:%.6g]\nset grid\nset key top left\nplot", vmax > 0 ? vmax * 2 : 10);
	for (size_t s = 0; s < lc->n; s++) {
		char name[32];

		snprintf(name, sizeof(name), "%u cop%s", lc->r->runs[s].copies,
			 lc->r->runs[s].copies == 1 ? "y" : "ies");
		fprintf(f, "%s 'chart.dat' index %zu using 1:2 with linespoints lw 2 lc rgb '%s' title ",
			s ? ", \\\n    " : " ", s,
			chart_colour(s));
		gnuplot_squote(f, name);
		if (s == 0)   /* the cache level of each point, once */
			fprintf(f, ", \\\n    'chart.dat' index 0 using 1:2:3 with labels "
				"offset char 0,1 font ',8' notitle");
	}
	fprintf(f, "\n");
	return fclose(f) == 0 && lc->n > 0 ? 0 : -1;
}

static int write_latency(const char *dir, const char *term, const void *ctx)
{
	return write_chart_files(dir, term, ctx, latency_data, latency_script);
}

/* <base>-latency.svg when a TF_CURVE test has a curve in every copy run. */
static int plot_latency(const char *gp, const char *resdir, const struct run_result *r)
{
	struct latency_chart lc = { .r = r };
	struct curve_point pts[CURVE_MAX];
	char path[4096], err[512];

	for (size_t s = 0; s < r->nruns && lc.n < 16; s++) {
		const struct bench_result *found = NULL;

		for (size_t k = 0; k < r->runs[s].ntests; k++)
			if (report_curve(&r->runs[s].tests[k], pts, CURVE_MAX) > 0)
				found = &r->runs[s].tests[k];
		if (found == NULL)
			return 0;   /* a copy run without the curve: no chart */
		lc.tests[lc.n++] = found;
	}
	if (lc.n == 0)
		return 0;
	if (snprintf(path, sizeof(path), "%s/%s-latency.svg", resdir, r->base_name) >=
	    (int)sizeof(path))
		return -1;
	if (plot_draw(gp, "svg", path, write_latency, &lc, err, sizeof(err)) != 0) {
		fprintf(stderr, "sysindex: chart %s not written: %s\n", path, err);
		return -1;
	}
	return 0;
}

void plot_run_chart_free(struct plot_run_chart *pc)
{
	chart_rows_free(&pc->rows);
	free(pc->series);
	free(pc->names);
	memset(pc, 0, sizeof(*pc));
}

int plot_run_chart(const struct run_result *r, struct plot_run_chart *pc)
{
	size_t ns = r->nruns;

	memset(pc, 0, sizeof(*pc));
	pc->series = calloc(ns ? ns : 1, sizeof(*pc->series));
	pc->names = calloc(ns ? ns : 1, sizeof(*pc->names));
	if (pc->series == NULL || pc->names == NULL || chart_rows_build(r, &pc->rows) != 0) {
		plot_run_chart_free(pc);
		return -1;
	}
	for (size_t s = 0; s < ns; s++) {
		chart_rows_series(&pc->rows, s, ", ", pc->names[s], sizeof(pc->names[s]));
		pc->series[s] = pc->names[s];
	}
	chart_title(r, pc->title, sizeof(pc->title));
	pc->chart.title = pc->title;
	pc->chart.value_label = CHART_VALUE_LABEL;
	pc->chart.rows = pc->rows.labels;
	pc->chart.series = pc->series;
	pc->chart.nrows = pc->rows.nrows;
	pc->chart.nseries = pc->rows.nseries;
	pc->chart.values = pc->rows.values;
	return 0;
}

int plot_run(const char *resdir, const struct run_result *r, int quiet)
{
	struct plot_run_chart pc;
	char gp[4096];
	int rc = 0;

	if (find_in_path("gnuplot", gp, sizeof(gp)) != 0) {
		if (!quiet)
			fprintf(stderr, "sysindex: gnuplot not found; charts skipped (%s)\n",
				GNUPLOT_HINT);
		return 0;
	}
	if (plot_run_chart(r, &pc) != 0) {
		fprintf(stderr, "sysindex: charts skipped: out of memory\n");
		return -1;
	}
	if (plot_latency(gp, resdir, r) != 0)
		rc = -1;
	/* No indexed test ran: no bar chart. */
	if (pc.chart.nrows > 0 && plot_both(gp, resdir, r->base_name, plot_bars, &pc.chart) != 0)
		rc = -1;
	plot_run_chart_free(&pc);
	return rc;
}

int plot_write_files(const char *dir, const char *term, const void *ctx,
		     int (*data)(FILE *f, const void *ctx),
		     int (*script)(FILE *f, const char *term, const void *ctx))
{
	char file[4200];
	FILE *f;
	int rc;

	snprintf(file, sizeof(file), "%s/chart.dat", dir);
	if ((f = fopen(file, "w")) == NULL)
		return -1;
	rc = data(f, ctx);
	if (fclose(f) != 0 || rc != 0)
		return -1;
	snprintf(file, sizeof(file), "%s/chart.gp", dir);
	if ((f = fopen(file, "w")) == NULL)
		return -1;
	rc = script(f, term, ctx);
	return fclose(f) != 0 ? -1 : rc;
}
