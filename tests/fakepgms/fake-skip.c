/* fake-skip: the test cannot run here. */
#include <stdio.h>

int main(void)
{
	fprintf(stderr, "SKIP|not supported here\n");
	return 3;
}
