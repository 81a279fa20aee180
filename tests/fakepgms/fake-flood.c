/* fake-flood: 8 MB of junk on each of stderr and stdout, interleaved in
 * 64 KB bursts so that a driver draining only one stream deadlocks, then a
 * valid COUNT line, exit 0. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define TOTAL (8L * 1024 * 1024)
#define BURST (64 * 1024)

static int write_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, p, n);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

int main(void)
{
	static char junk[BURST];

	/* 63 'x' and a newline per line: plenty of lines without a '|'. */
	memset(junk, 'x', sizeof(junk));
	for (size_t i = 63; i < sizeof(junk); i += 64)
		junk[i] = '\n';
	for (long done = 0; done < TOTAL; done += BURST)
		if (write_all(STDERR_FILENO, junk, BURST) != 0 ||
		    write_all(STDOUT_FILENO, junk, BURST) != 0)
			return 1;
	fprintf(stderr, "COUNT|1000|1|lps\n");
	return 0;
}
