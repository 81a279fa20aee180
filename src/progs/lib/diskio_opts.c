/* diskio_opts.c: the disk programs' common command line (diskio.h). */
#include "diskio.h"
#include "shared/size.h"

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Without -s: the existing file's size, else the default. */
static uint64_t default_size(const char *file)
{
	struct stat st;

	if (stat(file, &st) == 0 && S_ISREG(st.st_mode) &&
	    (uint64_t)st.st_size >= DISKIO_MIN_SIZE)
		return (uint64_t)st.st_size;
	return DISKIO_DEFAULT_SIZE;
}

/* Whole 4 KiB blocks, so every O_DIRECT offset stays aligned. */
static uint64_t whole_blocks(uint64_t size)
{
	return size - size % DISKIO_SMALL;
}

static enum diskio_engine parse_engine(const char *arg, const char *usage)
{
	if (strcmp(arg, "io_uring") == 0 || strcmp(arg, "uring") == 0)
		return DISKIO_ENGINE_URING;
	if (strcmp(arg, "aio") == 0 || strcmp(arg, "libaio") == 0)
		return DISKIO_ENGINE_AIO;
	harness_usage(usage);
}

/* -d dir: one more directory of a sliced sample, none twice. */
static void add_dir(struct diskio_opts *o, const char *dir, const char *usage)
{
	if (*dir == '\0' || strlen(dir) > DISKIO_PATH_MAX / 2 ||
	    o->ndirs == DISKSLICE_MAX_DIRS)
		harness_usage(usage);
	for (size_t d = 0; d < o->ndirs; d++)
		if (strcmp(o->dirs[d], dir) == 0)
			harness_usage(usage);
	o->dirs[o->ndirs++] = dir;
}

/* With -d, -f names the file inside each directory: a plain name. */
static int plain_name(const char *name)
{
	return strchr(name, '/') == NULL && strcmp(name, ".") != 0 && strcmp(name, "..") != 0;
}

void diskio_parse(int argc, char **argv, const char *usage, unsigned allowed,
		  unsigned default_depth, struct diskio_opts *o)
{
	int c, have_t = 0, have_slice = 0, have_interval = 0;

	memset(o, 0, sizeof(*o));
	o->depth = default_depth;
	o->engine = DISKIO_ENGINE_AUTO;
	o->slice_ms = DISKIO_SLICE_MS;
	o->note_dir = -1;
	o->interval_ms = DISKIO_INTERVAL_MS;
	opterr = 0;     /* our usage line replaces getopt's messages */
	while ((c = getopt(argc, argv, "t:f:s:q:e:ld:S:R:I:")) != -1) {
		switch (c) {
		case 'd':
			if (!(allowed & DISKIO_OPT_DIRS))
				harness_usage(usage);
			add_dir(o, optarg, usage);
			break;
		case 'S':
			if (!(allowed & DISKIO_OPT_DIRS))
				harness_usage(usage);
			o->slice_ms = (unsigned)harness_long(optarg, 1, 10000, usage);
			have_slice = 1;
			break;
		case 't':
			o->seconds = harness_seconds(optarg, usage);
			have_t = 1;
			break;
		case 'f':
			if (*optarg == '\0' || strlen(optarg) > DISKIO_PATH_MAX - 16)
				harness_usage(usage);
			o->file = optarg;
			break;
		case 's': {
			unsigned long long size;

			if (parse_size(optarg, &size) != 0 ||
			    size < DISKIO_MIN_SIZE || size > DISKIO_MAX_SIZE)
				harness_usage(usage);
			o->size = size;
			o->size_given = 1;
			break;
		}
		case 'q':
			if (!(allowed & DISKIO_OPT_DEPTH))
				harness_usage(usage);
			o->depth = (unsigned)harness_long(optarg, 1, 4096, usage);
			break;
		case 'e':
			if (!(allowed & DISKIO_OPT_ENGINE))
				harness_usage(usage);
			o->engine = parse_engine(optarg, usage);
			break;
		case 'l':
			o->latency = 1;
			break;
		case 'R':
			if (!(allowed & DISKIO_OPT_DIRS))
				harness_usage(usage);
			o->ramp_s = (unsigned)harness_long(optarg, 0, 86400, usage);
			o->sustained = 1;
			break;
		case 'I':
			o->interval_ms = (unsigned)harness_long(optarg, DISKIO_INTERVAL_MIN_MS,
								DISKIO_INTERVAL_MAX_MS, usage);
			have_interval = 1;
			break;
		default:
			harness_usage(usage);
		}
	}
	/* Past a file size limit, write() should fail with EFBIG (reported,
	 * files cleaned up) rather than SIGXFSZ killing us. */
	if (signal(SIGXFSZ, SIG_IGN) == SIG_ERR)
		harness_fail_errno("signal(SIGXFSZ)");
	if (optind != argc || o->file == NULL ||
	    (!have_t && !(allowed & DISKIO_OPT_NOTIME)) ||
	    (o->ndirs > 0 && !plain_name(o->file)) || (have_slice && o->ndirs == 0) ||
	    (have_interval && !o->sustained) || (o->sustained && o->ndirs > 0))
		harness_usage(usage);
	/* With -d, each directory's own size: diskio_opts_dir(). */
	if (!o->size_given && o->ndirs == 0)
		o->size = default_size(o->file);
	o->size = whole_blocks(o->size);
}

void diskio_opts_dir(const struct diskio_opts *o, size_t d, char *path, size_t len,
		     struct diskio_opts *out)
{
	int n = snprintf(path, len, "%s/%s", o->dirs[d], o->file);

	if (n < 0 || (size_t)n >= len || (size_t)n > DISKIO_PATH_MAX - 16)
		harness_fail("%s/%s: path too long", o->dirs[d], o->file);
	*out = *o;
	out->file = path;
	out->ndirs = 0;
	out->note_dir = (int)d;
	if (!o->size_given)
		out->size = whole_blocks(default_size(path));
}
