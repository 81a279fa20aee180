/* fake-exit: prints a valid COUNT line but exits with status 7. */
#include <stdio.h>

int main(void)
{
	fprintf(stderr, "COUNT|1000|1|lps\n");
	return 7;
}
