/* diskmain.c: the disk programs' one main skeleton (diskmain.h). */
#include "diskmain.h"
#include "core/metrics.h"
#include "stats/steady.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void *zalloc(size_t size)
{
	void *p = calloc(1, size);

	if (p == NULL)
		harness_fail("out of memory");
	return p;
}

static void *new_state(const struct diskio_prog *p)
{
	return zalloc(p->state_size);
}

static void end_state(const struct diskio_prog *p, void *st)
{
	if (p->cleanup != NULL)
		p->cleanup(st);
	free(st);
}

/* One sample of the file o->file: the single-directory form. */
static void run_one(const struct diskio_prog *p, const struct diskio_opts *o)
{
	void *st = new_state(p);

	p->setup(st, o);

	harness_arm(o->seconds);
	p->loop(st);

	if (p->drain != NULL)
		p->drain(st);
	p->finish(st);
	p->report(st);
	end_state(p, st);
}

/* The directories of a sliced sample, each with its own file and state. */
struct sliced {
	size_t n;
	void *st[DISKSLICE_MAX_DIRS];
	char path[DISKSLICE_MAX_DIRS][DISKIO_PATH_MAX];
};

static void slice_run(const struct diskio_prog *p, void *st, unsigned ms,
		      double *amount, double *seconds)
{
	if (p->slice_begin != NULL)
		p->slice_begin(st);
	harness_arm_ms(ms);
	p->loop(st);
	harness_disarm();
	if (p->drain != NULL)
		p->drain(st);
	p->tally(st, amount, seconds);
}

static void report_dir(const struct diskio_prog *p, const struct diskslice *sch,
		       const struct sliced *sd, size_t d)
{
	const struct diskslice_dir *x = &sch->dir[d];

	if (x->seconds <= 0)
		harness_fail("%s: no time measured", sd->path[d]);
	printf("%s %zu: %s: %u slices of %u ms, the longest %.1f ms: %.3f %s over %.3f s\n",
	       p->name, d, sd->path[d], x->slices, sch->slice_ms, x->longest * 1e3,
	       diskslice_rate(sch, d), p->unit, x->seconds);
	harness_count_dir_f(diskslice_rate(sch, d), 0, p->unit, (unsigned)d);
	harness_time_dir(x->seconds, (unsigned)d);
}

/* Several -d: the loop in slices across the directories (diskslice.h). */
static void run_sliced(const struct diskio_prog *p, const struct diskio_opts *o)
{
	struct sliced *sd = zalloc(sizeof(*sd));
	struct diskslice sch;
	unsigned ms;
	size_t d;

	sd->n = o->ndirs;
	for (d = 0; d < sd->n; d++) {
		struct diskio_opts od;

		diskio_opts_dir(o, d, sd->path[d], sizeof(sd->path[d]), &od);
		printf("%s %zu: %s\n", p->name, d, sd->path[d]);
		sd->st[d] = new_state(p);
		p->setup(sd->st[d], &od);
	}
	diskslice_init(&sch, sd->n, o->seconds, o->slice_ms);
	harness_start_gate();
	while ((d = diskslice_next(&sch, &ms)) < sd->n) {
		double amount, seconds;

		slice_run(p, sd->st[d], ms, &amount, &seconds);
		diskslice_add(&sch, d, amount, seconds);
	}
	for (d = 0; d < sd->n; d++)
		p->finish(sd->st[d]);
	for (d = 0; d < sd->n; d++) {
		report_dir(p, &sch, sd, d);
		end_state(p, sd->st[d]);
	}
	free(sd);
}

/* The sustained mode's series: one rate per interval. */
struct series {
	double *x;
	size_t n, cap;
};

static void series_add(struct series *sr, double v)
{
	if (sr->n == sr->cap) {
		size_t cap = sr->cap ? sr->cap * 2 : 256;
		double *x = realloc(sr->x, cap * sizeof(*x));

		if (x == NULL)
			harness_fail("out of memory");
		sr->x = x;
		sr->cap = cap;
	}
	sr->x[sr->n++] = v;
}

/* The mean time one I/O of an interval took: depth x seconds / I/Os (Little's
 * law); a MB/s program's I/Os are its 1 MiB blocks. */
static double io_us(const struct diskio_prog *p, const struct diskio_opts *o,
		    double amount, double seconds)
{
	double ios = strcmp(p->unit, "MB/s") == 0 ? amount * 1e6 / DISKIO_BIG : amount;

	return ios > 0 ? (double)o->depth * seconds / ios * 1e6 : 0;
}

/* The summary's METRIC lines and the COUNT: the sustained rate. */
static void report_sustained(const struct diskio_prog *p, const struct diskio_opts *o,
			     const struct series *sr, size_t ramp_n)
{
	const struct steady_rule rule = STEADY_RULE_SNIA;
	double dt = o->interval_ms / 1000.0;
	struct steady_summary s;

	if (steady_summarise(sr->x, sr->n, ramp_n, &rule, &s) != 0)
		harness_fail("%zu intervals of %u ms: fewer than the %zu of a window "
			     "(raise -t)", sr->n, o->interval_ms, rule.window);
	printf("%s: %zu intervals of %u ms after a ramp of %u s: burst %.3f %s, "
	       "sustained %.3f %s (%s at %.3f s), change at %.3f s\n", p->name, sr->n,
	       o->interval_ms, o->ramp_s, s.burst, p->unit, s.sustained, p->unit,
	       s.steady ? "steady" : "not steady", (double)s.end * dt, (double)s.change * dt);
	harness_count(s.sustained, 0, p->unit);
	harness_metric(METRIC_BURST, s.burst, p->unit);
	harness_metric(METRIC_SUSTAINED, s.sustained, p->unit);
	harness_metric_as(METRIC_STEADY, s.steady, "bool", MC_MEAN);
	harness_metric_as(METRIC_STEADY_AT_S, (double)s.end * dt, "s", MC_MEAN);
	harness_metric_as(METRIC_CHANGE_AT_S, (double)s.change * dt, "s", MC_MEAN);
	harness_metric_as(METRIC_INTERVAL_S, dt, "s", MC_MEAN);
	harness_metric_as(METRIC_RAMP_S, o->ramp_s, "s", MC_MEAN);
}

/*
 * -R: the loop in intervals of -I ms, as a sliced sample's slices (each
 * begins with slice_begin), an INTERVAL line after each, until the last
 * window past the ramp is steady (stats/steady.h) or -t seconds are over.
 */
static void run_sustained(const struct diskio_prog *p, const struct diskio_opts *o)
{
	const struct steady_rule rule = STEADY_RULE_SNIA;
	size_t ramp_n = ((size_t)o->ramp_s * 1000 + o->interval_ms - 1) / o->interval_ms;
	struct series sr = { 0 };
	void *st = new_state(p);
	double t0;

	p->setup(st, o);
	harness_start_gate();
	t0 = harness_now();
	do {
		double amount, seconds;

		slice_run(p, st, o->interval_ms, &amount, &seconds);
		if (!(seconds > 0))
			harness_fail("%s: no time measured", o->file);
		series_add(&sr, amount / seconds);
		harness_interval(harness_now() - t0, amount / seconds, p->unit,
				 io_us(p, o, amount, seconds));
	} while (!steady_reached(sr.x, sr.n, ramp_n, &rule) &&
		 harness_now() - t0 + o->interval_ms / 1000.0 <= o->seconds);
	p->finish(st);
	report_sustained(p, o, &sr, ramp_n);
	free(sr.x);
	end_state(p, st);
}

void diskio_close(const struct diskio_file *f, const char *path)
{
	if (close(f->fd) != 0)
		diskio_fail_io(path, "close");
}

void diskio_truncate(const struct diskio_file *f, const char *path)
{
	if (ftruncate(f->fd, 0) != 0)
		diskio_fail_io(path, "ftruncate");
}

int diskio_main(const struct diskio_prog *p, int argc, char **argv)
{
	struct diskio_opts o;

	diskio_parse(argc, argv, p->usage, p->allowed | DISKIO_OPT_DIRS, p->default_depth, &o);
	if (o.ndirs > 0)
		run_sliced(p, &o);
	else if (o.sustained)
		run_sustained(p, &o);
	else
		run_one(p, &o);
	return 0;
}
