/* grepdata: write the grep test's large.txt on stdout (for bench/ scripts). */
#include <stdio.h>

#include "run/grepdata.h"

int main(void)
{
	if (grepdata_write(stdout) != 0 || fflush(stdout) != 0) {
		perror("grepdata");
		return 1;
	}
	return 0;
}
