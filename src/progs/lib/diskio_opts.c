/* diskio_opts.c: the disk programs' common command line (diskio.h). */
#include "diskio.h"

#include <ctype.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int diskio_parse_size(const char *s, uint64_t *bytes)
{
	const char *p = s;
	uint64_t v = 0;
	unsigned shift = 0;

	if (s == NULL || !isdigit((unsigned char)*p))
		return -1;
	for (; isdigit((unsigned char)*p); p++) {
		uint64_t d = (uint64_t)(*p - '0');

		if (v > (UINT64_MAX - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	switch (toupper((unsigned char)*p)) {
	case 'K': shift = 10; break;
	case 'M': shift = 20; break;
	case 'G': shift = 30; break;
	case 'T': shift = 40; break;
	case 'P': shift = 50; break;
	default: break;
	}
	if (shift != 0) {
		p++;
		/* "KiB", "GiB": the binary prefix spelled out. */
		if ((p[0] == 'i' || p[0] == 'I') && (p[1] == 'B' || p[1] == 'b'))
			p += 2;
	} else if (*p == 'B' || *p == 'b') {
		p++;
	}
	if (*p != '\0' || v == 0 || v > (UINT64_MAX >> shift))
		return -1;
	*bytes = v << shift;
	return 0;
}

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
		case 's':
			if (diskio_parse_size(optarg, &o->size) != 0 ||
			    o->size < DISKIO_MIN_SIZE || o->size > DISKIO_MAX_SIZE)
				harness_usage(usage);
			o->size_given = 1;
			break;
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
