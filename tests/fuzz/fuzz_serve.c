/*
 * fuzz_serve.c: libFuzzer entry point for the server side of the peer
 * protocol (src/progs/lib/netsrv.c, net.c; see tests/fuzz/README.md).  The
 * input is what a client sends on the control connection: the greeting,
 * then command lines (TEST, DONE, BYE, anything).  It goes through one end
 * of a socketpair, closed after the last byte, while net_serve_session()
 * serves the other end; a second thread drains the server's answers.  The
 * token is "t0ken", so an input that starts "SYSINDEX1 t0ken\n" reaches
 * the commands.  Besides the sanitizers it checks that the session ends
 * (EOF, BYE or an error) with err terminated and one line long.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "net.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct feed {
	int fd;
	const uint8_t *data;
	size_t size;
};

static void require(int ok)
{
	if (!ok)
		abort();
}

/* The client: every byte, then end of input, then read answers until EOF. */
static void *client(void *arg)
{
	const struct feed *f = arg;
	char sink[4096];

	for (size_t off = 0; off < f->size;) {
		ssize_t n = write(f->fd, f->data + off, f->size - off);

		if (n <= 0)
			break;   /* the server closed: the rest is not read */
		off += (size_t)n;
	}
	shutdown(f->fd, SHUT_WR);
	while (read(f->fd, sink, sizeof(sink)) > 0)
		;
	return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct net_limits lim = {
		.token = "t0ken", .max_seconds = 1, .max_bytes = 1 << 16, .idle_seconds = 1,
	};
	struct feed f = { -1, data, size };
	char err[256];
	pthread_t t;
	int sv[2];

	if (size > 65536)
		return 0;   /* the server reads lines of at most NET_LINE_MAX */
	require(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) == 0);
	f.fd = sv[0];
	require(pthread_create(&t, NULL, client, &f) == 0);
	memset(err, 'x', sizeof(err));
	net_serve_session(sv[1], &lim, -1, err, sizeof(err));
	require(memchr(err, '\0', sizeof(err)) != NULL && strchr(err, '\n') == NULL);
	close(sv[1]);
	pthread_join(t, NULL);
	close(sv[0]);
	return 0;
}
