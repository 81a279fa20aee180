/*
 * fuzz_serve.c: libFuzzer entry point for the server side of the peer
 * protocol (src/shared/netsrv.c, net.c; see tests/fuzz/README.md): the
 * greeting, the commands and the data-port handshake.  Per input, a
 * loopback TCP control connection is served by net_serve_session() (token
 * "t0ken") while a client thread plays the input's lines:
 *   - a line "DATA <bytes>" opens a connection to the data port of the last
 *     "OK <port> <cookie>" answer and sends <bytes>, a leading '@' replaced
 *     by that cookie (so the fuzzer reaches past the handshake), then closes;
 *   - any other line goes to the control connection, and a non-empty one
 *     waits up to 1 s for the server's answer line.
 * Then the client closes its side and drains.  Besides the sanitizers it
 * checks that the session ends with a terminated one-line reason.  Only
 * 127.0.0.1 is used.
 */
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "shared/net.h"

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

/* One DATA line: to the data port, '@' as the cookie, then closed. */
static void send_data(unsigned port, const char *cookie, const char *bytes, size_t len)
{
	struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port),
				  .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	int fd;

	if (port == 0 || (fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0)
		return;
	if (connect(fd, (struct sockaddr *)&sa, sizeof(sa)) == 0) {
		if (len > 0 && bytes[0] == '@') {
			net_writeall(fd, cookie, strlen(cookie));
			bytes++;
			len--;
		}
		net_writeall(fd, bytes, len);
	}
	close(fd);
}

/* The client: the input's lines in order, then end of input, then drain. */
static void *client(void *arg)
{
	const struct feed *f = arg;
	const char *p = (const char *)f->data, *end = p + f->size;
	char answer[NET_LINE_MAX], cookie[NET_COOKIE_LEN + 1] = "", sink[4096];
	unsigned port = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (len >= 5 && memcmp(p, "DATA ", 5) == 0) {
			send_data(port, cookie, p + 5, len - 5);
		} else {
			if (net_writeall(f->fd, p, nl ? len + 1 : len) != 0)
				break;
			if (len > 0 && net_readline(f->fd, answer, sizeof(answer), 1000) > 0) {
				unsigned pt;
				char ck[NET_COOKIE_LEN + 1];

				if (sscanf(answer, "OK %5u %16s", &pt, ck) == 2) {
					port = pt;
					memcpy(cookie, ck, sizeof(cookie));
				}
			}
		}
		p += len + 1;
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
	struct sockaddr_in sa = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t sl = sizeof(sa);
	struct feed f = { -1, data, size };
	char err[256];
	pthread_t t;
	int lfd, sfd;

	if (size > 8192)
		return 0;
	signal(SIGPIPE, SIG_IGN);   /* a side that closed: EPIPE, not death */   /* lines are at most NET_LINE_MAX; more says nothing new */
	lfd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	require(lfd >= 0 && bind(lfd, (struct sockaddr *)&sa, sizeof(sa)) == 0 &&
		listen(lfd, 1) == 0 && getsockname(lfd, (struct sockaddr *)&sa, &sl) == 0);
	f.fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	require(f.fd >= 0 && connect(f.fd, (struct sockaddr *)&sa, sizeof(sa)) == 0);
	sfd = accept(lfd, NULL, NULL);
	require(sfd >= 0);
	close(lfd);
	require(pthread_create(&t, NULL, client, &f) == 0);
	memset(err, 'x', sizeof(err));
	net_serve_session(sfd, &lim, -1, err, sizeof(err));
	require(memchr(err, '\0', sizeof(err)) != NULL && strchr(err, '\n') == NULL);
	close(sfd);
	pthread_join(t, NULL);
	close(f.fd);
	return 0;
}
