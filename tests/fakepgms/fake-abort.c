/* fake-abort: dies of SIGABRT via abort(). */
#include <stdlib.h>

int main(void)
{
	abort();
}
