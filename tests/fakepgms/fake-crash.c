/* fake-crash: dies of SIGSEGV without reporting anything. */
#include <signal.h>
#include <stdio.h>

int main(void)
{
	printf("about to crash\n");
	fflush(stdout);
	signal(SIGSEGV, SIG_DFL);
	raise(SIGSEGV);
	return 0;
}
