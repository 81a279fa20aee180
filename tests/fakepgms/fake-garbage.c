/* fake-garbage: a stderr line without '|' (an error for the driver) next to
 * a valid COUNT line, exit 0. */
#include <stdio.h>

int main(void)
{
	fprintf(stderr, "hello world\n");
	fprintf(stderr, "COUNT|1000|1|lps\n");
	return 0;
}
