/*
 * replay.c: feed files to the fuzz entry point without libFuzzer, so the
 * corpus runs under any compiler (make fuzz-replay).  Each file is one
 * input; a crash or a broken invariant aborts with the file's name printed
 * first.  A folder among the names (a fixture folder's subfolder, named
 * as a seed folder of its own) is skipped.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define REPLAY_MAX (16u << 20)  /* larger inputs say nothing more about the parser */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The whole file in a malloc'd buffer (never NULL on success); -1 on error. */
static int read_file(const char *path, uint8_t **out, size_t *len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf;
	size_t n;

	if (f == NULL)
		return -1;
	buf = malloc(REPLAY_MAX);
	if (buf == NULL) {
		fclose(f);
		return -1;
	}
	n = fread(buf, 1, REPLAY_MAX, f);
	if (ferror(f)) {
		free(buf);
		fclose(f);
		return -1;
	}
	fclose(f);
	*out = buf;
	*len = n;
	return 0;
}

int main(int argc, char **argv)
{
	int failed = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE...\n", argv[0]);
		return 2;
	}
	for (int i = 1; i < argc; i++) {
		struct stat st;
		uint8_t *data;
		size_t len;

		if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode))
			continue;
		if (read_file(argv[i], &data, &len) != 0) {
			fprintf(stderr, "replay: %s: %s\n", argv[i], strerror(errno));
			failed = 1;
			continue;
		}
		fprintf(stderr, "replay: %s (%zu bytes)\n", argv[i], len);
		LLVMFuzzerTestOneInput(data, len);
		free(data);
	}
	fprintf(stderr, "replay: %d input%s, %s\n", argc - 1, argc == 2 ? "" : "s",
		failed ? "some unreadable" : "no crash");
	return failed;
}
