/* diskmain.c: the disk programs' one main skeleton (diskmain.h). */
#include "diskmain.h"

#include <stdio.h>
#include <stdlib.h>
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
	else
		run_one(p, &o);
	return 0;
}
