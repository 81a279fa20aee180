/* fake-error: a clean failure report. */
#include <stdio.h>

int main(void)
{
	fprintf(stderr, "ERROR|disk on fire\n");
	return 1;
}
