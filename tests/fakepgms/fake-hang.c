/* fake-hang: never finishes; SIGTERM and SIGINT are ignored, so only
 * SIGKILL (the driver's timeout) stops it. */
#include <signal.h>
#include <unistd.h>

int main(void)
{
	signal(SIGTERM, SIG_IGN);
	signal(SIGINT, SIG_IGN);
	for (;;)
		pause();
}
