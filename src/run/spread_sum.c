/*
 * spread_sum.c: the summary of a spread's runs (spread.h): read back from
 * their records, pooled on the log scale with the spread between them
 * (score/score_ci.h over stats/randeff.h), and by hour of the day.
 */
#define _XOPEN_SOURCE 700   /* localtime_r */
#include "run/spread.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/result.h"
#include "reader/record_read.h"
#include "stats/randeff.h"
#include "util/util.h"

/* One run of the spread: its first copy count's index score. */
struct point {
	time_t start;
	double score;
	int ci_ok;
	double lo, hi, log_se;
};

static int by_start(const void *a, const void *b)
{
	const struct point *x = a, *y = b;

	return (x->start > y->start) - (x->start < y->start);
}

/* The runs' scores from the records in dir; how many (at most max). */
static size_t read_points(const char *dir, struct point *pts, size_t max, size_t *unread)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	*unread = 0;
	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL && n < max) {
		char path[4096], err[256];
		struct run_result r;

		if (!str_ends_with(e->d_name, ".json") ||
		    path_join(path, sizeof(path), dir, e->d_name) != 0)
			continue;
		if (record_read_file(path, &r, err, sizeof(err)) != 0) {
			(*unread)++;
			continue;
		}
		if (r.nruns > 0 && r.runs[0].cats[CAT_SYSTEM].score > 0) {
			const struct copy_run *cr = &r.runs[0];

			pts[n] = (struct point){ .start = r.start, .score = cr->cats[CAT_SYSTEM].score,
						 .ci_ok = cr->score_ci.ok, .lo = cr->score_ci.lo,
						 .hi = cr->score_ci.hi, .log_se = cr->score_ci.log_se };
			n++;
		} else {
			(*unread)++;
		}
		result_free(&r);
	}
	closedir(d);
	qsort(pts, n, sizeof(pts[0]), by_start);
	return n;
}

/* The pool and the next run's interval, in words (stats/randeff.h: each run's
 * own variance when every run has an interval, else the runs' scores alone). */
static void pool_line(FILE *out, const struct point *pts, size_t n)
{
	double y[SPREAD_MAX_RUNS], v[SPREAD_MAX_RUNS], mean, lo, hi;
	struct re_pool p;
	int all_ci = 1;

	for (size_t i = 0; i < n; i++)
		all_ci &= pts[i].ci_ok && pts[i].log_se > 0;
	for (size_t i = 0; i < n; i++) {
		y[i] = log(pts[i].score);
		v[i] = all_ci ? pts[i].log_se * pts[i].log_se : 0;
	}
	if (n < 2 || re_pool(y, v, n, -1, &p) != 0) {
		fprintf(out, "Pool: one run; the spread between runs needs two or more\n");
		return;
	}
	mean = exp(p.mean);
	lo = exp(p.pred_lo);
	hi = exp(p.pred_hi);
	fprintf(out, "Pool of %zu runs: System Benchmarks Index Score %.1f (95 %% interval "
		"%.1f to %.1f); the next run between %.1f and %.1f (%+.1f %% to %+.1f %%, 95 %% "
		"prediction%s)\n", n, mean, exp(p.lo), exp(p.hi), lo, hi,
		100 * (lo / mean - 1), 100 * (hi / mean - 1),
		all_ci ? "" : "; from the runs' scores alone: not every run has an interval");
}

/* The mean score per local hour of the day, when the runs fall in two or more. */
static void hour_lines(FILE *out, const struct point *pts, size_t n)
{
	double sum[24] = { 0 };
	size_t cnt[24] = { 0 }, hours = 0;
	double lo = INFINITY, hi = 0;

	for (size_t i = 0; i < n; i++) {
		struct tm tm;

		if (localtime_r(&pts[i].start, &tm) == NULL)
			continue;
		sum[tm.tm_hour] += log(pts[i].score);
		cnt[tm.tm_hour]++;
	}
	for (int h = 0; h < 24; h++)
		if (cnt[h] > 0) {
			double m = exp(sum[h] / (double)cnt[h]);

			hours++;
			lo = m < lo ? m : lo;
			hi = m > hi ? m : hi;
		}
	if (hours < 2) {
		fprintf(out, "Hour of day: every run in one hour; no pattern to show\n");
		return;
	}
	fprintf(out, "Hour of day (local; geometric mean of its runs): the hours differ by up "
		"to %.1f %%\n", 100 * (hi / lo - 1));
	for (int h = 0; h < 24; h++)
		if (cnt[h] > 0)
			fprintf(out, "  %02d h  %10.1f  (%zu run%s)\n", h,
				exp(sum[h] / (double)cnt[h]), cnt[h], cnt[h] == 1 ? "" : "s");
}

int spread_summary(FILE *out, const char *dir, const char *label, unsigned long every,
		   char *err, size_t errlen)
{
	static struct point pts[SPREAD_MAX_RUNS];
	size_t unread, n = read_points(dir, pts, SPREAD_MAX_RUNS, &unread);

	if (n == 0) {
		fmt(err, errlen, "%s: no run with an index score to pool (%zu record%s not "
		    "usable)", dir, unread, unread == 1 ? "" : "s");
		return -1;
	}
	fprintf(out, "Spread %s: %zu run%s, one every %lu s\n", label, n, n == 1 ? "" : "s",
		every);
	if (unread > 0)
		fprintf(out, "  (%zu record%s without an index score or unreadable, left out)\n",
			unread, unread == 1 ? "" : "s");
	fprintf(out, "Score over time (System Benchmarks Index Score, 95 %% interval):\n");
	for (size_t i = 0; i < n; i++) {
		struct tm tm;
		char when[32] = "?";

		if (localtime_r(&pts[i].start, &tm) != NULL)
			strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S", &tm);
		if (pts[i].ci_ok)
			fprintf(out, "  %3zu  %s  %10.1f  %.1f to %.1f\n", i + 1, when, pts[i].score,
				pts[i].lo, pts[i].hi);
		else
			fprintf(out, "  %3zu  %s  %10.1f  no interval\n", i + 1, when, pts[i].score);
	}
	pool_line(out, pts, n);
	hour_lines(out, pts, n);
	fprintf(out, "Against another spread: ./Run compare --group-by label %s/*.json "
		"OTHER/*.json\n", dir);
	return 0;
}
