/* fake-rate: reports an already-computed rate plus its own time, like fstime.
 *   fake-rate <seconds> <rate>  ->  COUNT|<rate>|0|KBps, TIME|<seconds> */
#include "fake.h"

#define USAGE "fake-rate <seconds> <rate>"

int main(int argc, char **argv)
{
	if (argc != 3)
		fake_usage(USAGE);
	double seconds = fake_seconds(argv[1], USAGE);
	char *end;
	errno = 0;
	double rate = strtod(argv[2], &end);
	if (errno != 0 || end == argv[2] || *end != '\0' || !(rate >= 0))
		fake_usage(USAGE);
	fake_sleep(seconds);
	/* Echo the arguments as given so the tests control the exact text. */
	fprintf(stderr, "COUNT|%s|0|KBps\nTIME|%s\n", argv[2], argv[1]);
	return 0;
}
