/* fake-metric: COUNT plus extra METRIC and NOTE lines, after sleeping
 * <seconds> like a real test.  fake-metric <seconds> */
#include "fake.h"

#define USAGE "fake-metric <seconds>"

int main(int argc, char **argv)
{
	if (argc != 2)
		fake_usage(USAGE);
	fake_sleep(fake_seconds(argv[1], USAGE));
	fprintf(stderr, "COUNT|500|1|lps\n"
		"METRIC|read_iops|1234.5|IOPS\n"
		"METRIC|lat_p99|250|us|mean\n"
		"NOTE|buffered\n");
	return 0;
}
