/* diskio_opts.c: the disk programs' common command line (diskio.h). */
#include "diskio.h"
#include "shared/size.h"

#include <signal.h>
#include <stdint.h>
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

static enum diskio_engine parse_engine(const char *arg, const char *usage)
{
	if (strcmp(arg, "io_uring") == 0 || strcmp(arg, "uring") == 0)
		return DISKIO_ENGINE_URING;
	if (strcmp(arg, "aio") == 0 || strcmp(arg, "libaio") == 0)
		return DISKIO_ENGINE_AIO;
	harness_usage(usage);
}

void diskio_parse(int argc, char **argv, const char *usage, unsigned allowed,
		  unsigned default_depth, struct diskio_opts *o)
{
	int c, have_t = 0;

	memset(o, 0, sizeof(*o));
	o->depth = default_depth;
	o->engine = DISKIO_ENGINE_AUTO;
	opterr = 0;     /* our usage line replaces getopt's messages */
	while ((c = getopt(argc, argv, "t:f:s:q:e:l")) != -1) {
		switch (c) {
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
		default:
			harness_usage(usage);
		}
	}
	/* Past a file size limit, write() should fail with EFBIG (reported,
	 * files cleaned up) rather than SIGXFSZ killing us. */
	if (signal(SIGXFSZ, SIG_IGN) == SIG_ERR)
		harness_fail_errno("signal(SIGXFSZ)");
	if (optind != argc || o->file == NULL ||
	    (!have_t && !(allowed & DISKIO_OPT_NOTIME)))
		harness_usage(usage);
	if (!o->size_given)
		o->size = default_size(o->file);
	/* Whole 4 KiB blocks, so every O_DIRECT offset stays aligned. */
	o->size -= o->size % DISKIO_SMALL;
}
