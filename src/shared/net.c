/* net.c: socket helpers for the network tests and `sysindex serve`. */
#define _GNU_SOURCE   /* getaddrinfo and friends under -D_POSIX_C_SOURCE */
#include "shared/net.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

const char *const net_kind_name[NK_COUNT] = { "stream", "rr", "crr", "udp", "ustream" };

int net_kind_find(const char *name)
{
	for (int k = 0; k < NK_COUNT; k++)
		if (strcmp(net_kind_name[k], name) == 0)
			return k;
	return -1;
}

int net_wait(int fd, short events, int timeout_ms)
{
	struct pollfd p = { .fd = fd, .events = events };
	int rc;

	do
		rc = poll(&p, 1, timeout_ms);
	while (rc < 0 && errno == EINTR);
	if (rc < 0)
		return -1;
	return rc > 0;
}

size_t net_line_finish(char *buf, size_t n)
{
	if (n > 0 && buf[n - 1] == '\r')
		n--;
	buf[n] = '\0';
	for (char *r = strchr(buf, '\r'); r != NULL; r = strchr(r, '\r'))
		*r = '?';
	return n;
}

double net_mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * One deadline for the whole line, empty lines included (each is skipped, so
 * a peer trickling '\n' cannot restart the clock), and no recursion: a flood
 * of empty lines ends as a protocol error after NET_EMPTY_LINES_MAX of them.
 * A control character in a line ('\r' before the '\n' aside) becomes '?'.
 */
int net_readline(int fd, char *buf, size_t len, int timeout_ms)
{
	double deadline = net_mono() + timeout_ms / 1000.0;
	size_t n = 0, empty = 0;

	for (;;) {
		char ch;
		ssize_t got;
		double left = deadline - net_mono();
		int w = left > 0 ? net_wait(fd, POLLIN, (int)(left * 1000) + 1) : 0;

		if (w < 0)
			return -1;
		if (w == 0) {
			errno = ETIMEDOUT;
			return -1;
		}
		got = read(fd, &ch, 1);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			return -1;
		if (got == 0) {
			if (n == 0)
				return 0;
			errno = ECONNRESET;   /* a line cut off by EOF */
			return -1;
		}
		if (ch == '\n') {
			n = net_line_finish(buf, n);
			if (n > 0)
				return (int)n;
			if (++empty > NET_EMPTY_LINES_MAX) {
				errno = EPROTO;
				return -1;
			}
			continue;
		}
		if (n + 1 >= len) {
			errno = EMSGSIZE;
			return -1;
		}
		buf[n++] = net_line_char(ch);
	}
}

int net_writeall(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len > 0) {
		ssize_t w = write(fd, p, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		p += w;
		len -= (size_t)w;
	}
	return 0;
}

int net_printf(int fd, const char *fmt, ...)
{
	char line[NET_LINE_MAX];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line) - 1, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(line) - 1) {
		errno = EMSGSIZE;
		return -1;
	}
	line[n++] = '\n';
	return net_writeall(fd, line, (size_t)n);
}

static void set_port(struct sockaddr_storage *ss, unsigned port)
{
	if (ss->ss_family == AF_INET6)
		((struct sockaddr_in6 *)ss)->sin6_port = htons((unsigned short)port);
	else
		((struct sockaddr_in *)ss)->sin_port = htons((unsigned short)port);
}

int net_listen_like(const struct sockaddr *like, socklen_t likelen, unsigned port,
		    int type, char *err, size_t errlen)
{
	struct sockaddr_storage ss;
	char host[NI_MAXHOST] = "?";
	int fd, one = 1;

	if (likelen > sizeof(ss)) {
		snprintf(err, errlen, "address too long");
		return -1;
	}
	memset(&ss, 0, sizeof(ss));
	memcpy(&ss, like, likelen);
	set_port(&ss, port);
	getnameinfo(like, likelen, host, sizeof(host), NULL, 0, NI_NUMERICHOST);
	fd = socket(ss.ss_family, type | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		snprintf(err, errlen, "socket: %s", strerror(errno));
		return -1;
	}
	if (type == SOCK_STREAM)
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (bind(fd, (struct sockaddr *)&ss, likelen) != 0 ||
	    (type == SOCK_STREAM && listen(fd, NET_LISTEN_BACKLOG) != 0)) {
		snprintf(err, errlen, "cannot listen on %s port %u: %s", host, port, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

int net_is_loopback(const struct sockaddr *sa)
{
	if (sa->sa_family == AF_INET)
		return (ntohl(((const struct sockaddr_in *)sa)->sin_addr.s_addr) >> 24) == 127;
	if (sa->sa_family == AF_INET6) {
		const struct in6_addr *a = &((const struct sockaddr_in6 *)sa)->sin6_addr;

		return IN6_IS_ADDR_LOOPBACK(a) || (IN6_IS_ADDR_V4MAPPED(a) && a->s6_addr[12] == 127);
	}
	return 0;
}

unsigned net_local_port(int fd)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);

	memset(&ss, 0, sizeof(ss));
	if (getsockname(fd, (struct sockaddr *)&ss, &len) != 0)
		return 0;
	if (ss.ss_family == AF_INET6)
		return ntohs(((struct sockaddr_in6 *)&ss)->sin6_port);
	if (ss.ss_family == AF_INET)
		return ntohs(((struct sockaddr_in *)&ss)->sin_port);
	return 0;
}

int net_connect_addr(const struct sockaddr *sa, socklen_t len, int type, int timeout_ms,
		     char *err, size_t errlen)
{
	int fd = socket(sa->sa_family, type | SOCK_CLOEXEC, 0), fl, soerr = 0;
	socklen_t sl = sizeof(soerr);

	if (fd < 0) {
		snprintf(err, errlen, "socket: %s", strerror(errno));
		return -1;
	}
	fl = fcntl(fd, F_GETFL);
	if (fl < 0 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) != 0)
		goto fail;
	if (connect(fd, sa, len) != 0) {
		int w;

		if (errno != EINPROGRESS)
			goto fail;
		w = net_wait(fd, POLLOUT, timeout_ms);
		if (w <= 0) {
			if (w == 0)
				errno = ETIMEDOUT;
			goto fail;
		}
		if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &soerr, &sl) != 0)
			goto fail;
		if (soerr != 0) {
			errno = soerr;
			goto fail;
		}
	}
	if (fcntl(fd, F_SETFL, fl) != 0)
		goto fail;
	return fd;
fail:
	snprintf(err, errlen, "%s", strerror(errno));
	close(fd);
	return -1;
}

/* fd connected to one of name's addresses (every one tried in turn), or -1. */
static int connect_name(const char *name, const char *sport, int timeout_ms, char *why,
			size_t whylen, int *resolved)
{
	struct addrinfo hints, *res = NULL;
	int rc, fd = -1;

	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	rc = getaddrinfo(name, sport, &hints, &res);
	if (rc != 0) {
		snprintf(why, whylen, "%s", gai_strerror(rc));
		return -1;
	}
	*resolved = 1;
	for (struct addrinfo *ai = res; ai != NULL && fd < 0; ai = ai->ai_next)
		fd = net_connect_addr(ai->ai_addr, ai->ai_addrlen, SOCK_STREAM, timeout_ms,
				      why, whylen);
	freeaddrinfo(res);
	return fd;
}

/*
 * "localhost" is the loopback of either family, whatever /etc/hosts says
 * (RFC 6761, as curl treats it): 127.0.0.1, then ::1.  Any other name: every
 * address getaddrinfo gives, in its order.
 */
int net_connect(const char *host, unsigned port, int timeout_ms, char *err, size_t errlen)
{
	static const char *const loopback[] = { "127.0.0.1", "::1", NULL };
	const char *const named[] = { host, NULL };
	const char *const *names = strcasecmp(host, "localhost") == 0 ? loopback : named;
	char sport[16], why[160] = "no address";
	int fd = -1, resolved = 0;

	snprintf(sport, sizeof(sport), "%u", port);
	for (size_t i = 0; names[i] != NULL && fd < 0; i++)
		fd = connect_name(names[i], sport, timeout_ms, why, sizeof(why), &resolved);
	if (fd >= 0)
		return fd;
	if (!resolved)
		snprintf(err, errlen, "cannot resolve %s: %s", host, why);
	else
		snprintf(err, errlen, "cannot connect to %s port %u: %s", host, port, why);
	return -1;
}

int net_split_peer(const char *spec, char *host, size_t hostlen, unsigned *port)
{
	const char *colon, *h = spec;
	size_t hl;

	*port = NET_DEFAULT_PORT;
	if (*spec == '[') {
		const char *close = strchr(spec, ']');

		if (close == NULL)
			return -1;
		h = spec + 1;
		hl = (size_t)(close - h);
		colon = close[1] == ':' ? close + 1 : close[1] ? NULL : close + 1;
		if (colon == NULL)
			return -1;
	} else {
		colon = strrchr(spec, ':');
		/* Two colons and no brackets: a bare IPv6 address, whose last group
		 * cannot be told from a port (::1:5320): brackets are needed. */
		if (colon != NULL && strchr(spec, ':') != colon)
			return -1;
		hl = colon ? (size_t)(colon - spec) : strlen(spec);
	}
	if (hl == 0 || hl >= hostlen)
		return -1;
	memcpy(host, h, hl);
	host[hl] = '\0';
	if (colon != NULL && *colon == ':') {
		char *end;
		unsigned long p = strtoul(colon + 1, &end, 10);

		if (colon[1] == '\0' || *end != '\0' || p == 0 || p > 65535)
			return -1;
		*port = (unsigned)p;
	}
	return 0;
}

int net_random_hex(char *out, size_t n)
{
	unsigned char raw[NET_TOKEN_MAX];
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
	size_t need = (n + 1) / 2;
	ssize_t got = -1;

	if (need > sizeof(raw))
		return -1;
	if (fd >= 0) {
		got = read(fd, raw, need);
		close(fd);
	}
	if (got != (ssize_t)need)
		return -1;   /* no weak fallback: a token must not be guessable */
	for (size_t i = 0; i < n; i++)
		out[i] = "0123456789abcdef"[(raw[i / 2] >> (i % 2 ? 0 : 4)) & 15];
	out[n] = '\0';
	return 0;
}

void *net_block_alloc(void)
{
	return aligned_alloc(NET_BLOCK_ALIGN, NET_STREAM_BLOCK);
}

void net_nodelay(int fd)
{
	int one = 1;

	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
}
