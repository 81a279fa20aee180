/* fake-orphan: leaves a grandchild behind that ignores SIGTERM and keeps
 * stderr open for 300 s; the parent reports and exits 0 at once.  The driver
 * must kill the whole process group instead of waiting for EOF. */
#include "fake.h"

#include <signal.h>
#include <unistd.h>

int main(void)
{
	pid_t pid = fork();

	if (pid < 0) {
		perror("ERROR|fork");
		return 1;
	}
	if (pid == 0) {
		signal(SIGTERM, SIG_IGN);
		fake_sleep(300);
		_exit(0);
	}
	fprintf(stderr, "COUNT|1000|1|lps\n");
	return 0;
}
