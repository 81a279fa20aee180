/* fake-ok: a well-behaved test program.  fake-ok <seconds> [count] */
#include "fake.h"

#define USAGE "fake-ok <seconds> [count]"

int main(int argc, char **argv)
{
	unsigned long long count = 1000;

	if (argc < 2 || argc > 3)
		fake_usage(USAGE);
	double seconds = fake_seconds(argv[1], USAGE);
	if (argc == 3) {
		char *end;

		errno = 0;
		count = strtoull(argv[2], &end, 10);
		if (errno != 0 || end == argv[2] || *end != '\0' || argv[2][0] == '-')
			fake_usage(USAGE);
	}
	fake_sleep(seconds);
	fprintf(stderr, "COUNT|%llu|1|lps\n", count);
	return 0;
}
