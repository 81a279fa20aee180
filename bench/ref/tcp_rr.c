/*
 * tcp_rr.c: the smallest TCP request/response loop, a reference for
 * sysindex's tcp-rr (bench/memory-network.sh compiles and runs it).
 *
 *   tcp_rr SECONDS
 *
 * A forked child accepts one connection on 127.0.0.1 (port from the
 * kernel) and echoes one byte at a time; the parent sends one byte, waits
 * for it, again, for SECONDS, both ends TCP_NODELAY.  No protocol, no
 * cookie, no harness: what is left is the kernel's round trip.  Prints
 * "<transactions per second>".
 */
#define _POSIX_C_SOURCE 200809L
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	struct sockaddr_in a;
	socklen_t len = sizeof(a);
	int one = 1, l, c;
	double secs = argc > 1 ? atof(argv[1]) : 10, t0, end;
	unsigned long n = 0;
	pid_t pid;
	char b = 'x';

	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	l = socket(AF_INET, SOCK_STREAM, 0);
	if (l < 0 || bind(l, (struct sockaddr *)&a, sizeof(a)) != 0 || listen(l, 1) != 0 ||
	    getsockname(l, (struct sockaddr *)&a, &len) != 0) {
		perror("listen");
		return 1;
	}
	pid = fork();
	if (pid == 0) {
		int s = accept(l, NULL, NULL);

		setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
		while (read(s, &b, 1) == 1 && write(s, &b, 1) == 1)
			;
		_exit(0);
	}
	c = socket(AF_INET, SOCK_STREAM, 0);
	if (c < 0 || connect(c, (struct sockaddr *)&a, sizeof(a)) != 0) {
		perror("connect");
		return 1;
	}
	setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	t0 = now();
	end = t0 + secs;
	/* The clock is read every 1024 round trips, not inside each one. */
	do {
		for (int i = 0; i < 1024; i++, n++)
			if (write(c, &b, 1) != 1 || read(c, &b, 1) != 1) {
				perror("round trip");
				return 1;
			}
	} while (now() < end);
	printf("%.1f\n", (double)n / (now() - t0));
	close(c);
	waitpid(pid, NULL, 0);
	return 0;
}
