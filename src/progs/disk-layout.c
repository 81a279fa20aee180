/*
 * disk-layout: create or extend the shared disk test file with random
 * (incompressible, non-deduplicable) data, flushed to the disk and dropped
 * from the page cache.  The driver runs it once per run and removes the
 * file afterwards; the file is kept on success, removed if this program
 * created it and then failed or was killed.
 */
#include "diskio.h"

#include <stdio.h>

static const char usage[] = "disk-layout -f <file> -s <size>";

int main(int argc, char **argv)
{
	struct diskio_opts o;
	uint64_t wrote;
	double start, seconds;

	diskio_parse(argc, argv, usage, DISKIO_OPT_NOTIME, 1, &o);
	if (!o.size_given)
		harness_usage(usage);
	start = harness_now();
	wrote = diskio_layout(o.file, o.size, 1);
	seconds = harness_now() - start;
	if (wrote == 0)
		printf("disk-layout: %s already holds %llu bytes\n", o.file,
		       (unsigned long long)o.size);
	else
		printf("disk-layout: wrote %llu bytes to %s in %.3f s\n",
		       (unsigned long long)wrote, o.file, seconds);
	harness_metric_u("written", wrote, "B");
	harness_time(seconds);
	return 0;
}
