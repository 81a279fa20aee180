/* diskmain.c: the disk programs' one main skeleton (diskmain.h). */
#include "diskmain.h"

#include <stdlib.h>
#include <unistd.h>

/* One sample of the file o->file: the single-directory form. */
static void run_one(const struct diskio_prog *p, const struct diskio_opts *o)
{
	void *st = calloc(1, p->state_size);

	if (st == NULL)
		harness_fail("out of memory");
	p->setup(st, o);

	harness_arm(o->seconds);
	p->loop(st);

	p->finish(st);
	p->report(st);
	if (p->cleanup != NULL)
		p->cleanup(st);
	free(st);
}

void diskio_close(const struct diskio_file *f, const char *path)
{
	if (close(f->fd) != 0)
		diskio_fail_io(path, "close");
}

int diskio_main(const struct diskio_prog *p, int argc, char **argv)
{
	struct diskio_opts o;

	diskio_parse(argc, argv, p->usage, p->allowed, p->default_depth, &o);
	run_one(p, &o);
	return 0;
}
