/*
 * change_chart.h: one model of a chart of change, drawn two ways: inline
 * SVG for the HTML pages (change_svg.c, no gnuplot) and a gnuplot script
 * for standalone .svg/.png files (change_plot.c).  Each row is one change
 * against the baseline in percent with its 95 % interval and verdict; rows
 * with the same label next to each other form a group, one row per series.
 * compare fills it from its rows (compare_chart.c), paired mode from its
 * comparisons (change_paired.c).
 */
#ifndef SYSINDEX_CHANGE_CHART_H
#define SYSINDEX_CHANGE_CHART_H

#include <stddef.h>
#include <stdio.h>

#include "core/result.h"

#define CHANGE_MAX_SERIES 64
#define CHANGE_NAME_MAX 160
#define CHANGE_LABEL_MAX 320
#define CHANGE_VERDICT_MAX 128

struct change_row {
	char label[CHANGE_LABEL_MAX];   /* the group: test (and copy count) */
	size_t series;                  /* index into change_chart.series */
	double change;                  /* %, finite */
	double lo, hi;                  /* the 95 % interval, %; NAN: none */
	char verdict[CHANGE_VERDICT_MAX];
	char detail[CHANGE_LABEL_MAX];  /* the marker's tooltip, set by the filler ("" none) */
};

struct change_chart {
	char title[512];                /* gnuplot's title (the HTML has its own heading) */
	char baseline[CHANGE_NAME_MAX];
	char series[CHANGE_MAX_SERIES][CHANGE_NAME_MAX];
	size_t nseries;
	struct change_row *rows;
	size_t nrows, cap;
	/*
	 * Rows not drawn: their two sides did different work (a tmpfs against
	 * a disk, NOTE_UNLIKE_VERDICT), so their change is no comparison and
	 * must not set the axis.  The key and the title say how many.
	 */
	size_t left_out;
};

/* An empty chart against baseline (its title ""); free with change_chart_free. */
void change_chart_init(struct change_chart *cc, const char *baseline);
void change_chart_free(struct change_chart *cc);
/* Series name: its index, or -1 when there are CHANGE_MAX_SERIES already. */
int change_chart_series(struct change_chart *cc, const char *name);
/* One row (strings cut to fit); 0, or -1 when out of memory. */
int change_chart_add(struct change_chart *cc, const char *label, size_t series,
		     double change, double lo, double hi, const char *verdict);
/*
 * left_out in words ("" for none): "Not drawn: 3 rows whose two sides did
 * different work (no comparison; see the tables)"; and the same appended
 * to the title on a line of its own (for gnuplot).
 */
void change_chart_left_out_words(const struct change_chart *cc, char *out, size_t len);
void change_chart_left_out_title(struct change_chart *cc);
/* Whether rows[i] starts a group (its label differs from the row before). */
int change_chart_group_start(const struct change_chart *cc, size_t i);
size_t change_chart_ngroups(const struct change_chart *cc);
/*
 * The axis is a log scale of the ratio (1 + change/100) when a change or an
 * interval passes doubling or halving (a tmpfs ignoring fdatasync gains
 * +20,000 %, which on a linear axis squeezes every other row into a dot at
 * 0); else it is linear in %.  change_chart_at: a change in % where the
 * axis puts it (itself, or log10 of its ratio); change_chart_pct: back.
 */
#define CHANGE_LOG_ABOVE 100.0
#define CHANGE_LOG_BELOW -50.0
int change_chart_log(const struct change_chart *cc);
double change_chart_at(int log, double pct);
double change_chart_pct(int log, double at);
/* The axis in its units: every change and interval, zero always in, a margin of 5 %. */
void change_chart_axis(const struct change_chart *cc, int log, double *lo, double *hi);
/*
 * Its ticks in its units, at most max: round steps (1, 2 or 5 times a power
 * of ten: 4 to 8 ticks) on a linear axis, ratios of 1, 2 and 5 times a
 * power of ten (only the powers when those are more than 9) on a log one.
 */
size_t change_chart_ticks(int log, double lo, double hi, double *at, size_t max);
/* A tick's label, a change in %: "0", whole numbers ("+900"), below 1 % "+0.5". */
void change_chart_tick(char *out, size_t len, double pct);
/* s's width in ems at most (a generous estimate for a sans-serif font). */
double change_text_em(const char *s);

/*
 * change_svg.c: the chart as inline SVG with its key below (a paragraph
 * naming each series' colour and the baseline): a marker per change, its
 * interval as an error bar, a zero line, the axis zoomed to the data
 * (change_chart_log: a log scale past doubling or halving), the verdict
 * right of each row.  Drawn twice (html_out.h's pair): wide, the labels in
 * a column left of the plot, and narrow for a phone (340 px), each group's
 * label on a line above its rows and, for one series, each verdict beside
 * or under its label.  The label and verdict columns are as wide as their
 * longest strings and tick labels that would cross an edge are left out,
 * so no text leaves the SVG.  Nothing when no row.
 */
void change_chart_svg(FILE *out, const struct change_chart *cc);

/*
 * change_plot.c: the chart for gnuplot: chart.dat (a block per series:
 * "y change lo hi" per row) and the script (terminal term, xerrorbars, a
 * zero line, the axis zoomed, a ytic per group, the verdicts as labels
 * right of the plot).  Every string single-quoted (util/gnuplot.h).
 */
int change_chart_write_data(FILE *f, const struct change_chart *cc);
int change_chart_write_script(FILE *f, const char *term, const struct change_chart *cc);
/* Both into folder dir (a plot_writer for plot_draw/plot_both; ctx is the chart). */
int change_chart_files(const char *dir, const char *term, const void *ctx);
/* out_path (.svg or .png) drawn by gnuplot: 0, or -1 with a one-line reason. */
int change_chart_plot(const char *out_path, const struct change_chart *cc, char *err,
		      size_t errlen);

/*
 * change_paired.c: a paired run's comparisons, every copy count, but for
 * those whose two sides did different work (counted in left_out); 0, or
 * -1 out of memory.
 */
int change_chart_paired(const struct run_result *r, struct change_chart *cc);

#endif
