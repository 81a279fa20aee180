/* netcli.c: the network tests' client, and their forked loopback server. */
#define _GNU_SOURCE   /* getifaddrs, prctl */
#include "shared/netcli.h"

#include <ctype.h>
#include <errno.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#define LOOP_MAX_BYTES (~0ull)
#define LOOP_IDLE_S 60

/*
 * The loopback server: one session, then exit.  Never returns.  The session
 * is the connection from 'client' (the test program's own socket, connected
 * before the fork): any other that reaches the kernel-chosen port first is
 * closed unread, so a stranger on this host can neither take the session
 * nor hold it up.  Bounded: the listen backlog's worth, within
 * NET_CONNECT_MS.
 */
static void loop_server(int lfd, const char *token, const struct sockaddr_in *client)
{
	struct net_limits lim = {
		.token = token, .max_seconds = 86400, .max_bytes = LOOP_MAX_BYTES,
		.idle_seconds = LOOP_IDLE_S, .allow_unix = 1,
	};
	double deadline = net_mono() + NET_CONNECT_MS / 1000.0;
	char err[256];
	int ctl = -1;

	prctl(PR_SET_PDEATHSIG, SIGKILL);   /* never outlive the test program */
	signal(SIGALRM, SIG_DFL);
	signal(SIGPIPE, SIG_IGN);
	for (int i = 0; i <= NET_LISTEN_BACKLOG && ctl < 0; i++) {
		struct sockaddr_in from;
		socklen_t fl = sizeof(from);
		int left = (int)((deadline - net_mono()) * 1000);

		memset(&from, 0, sizeof(from));
		if (left <= 0 || net_wait(lfd, POLLIN, left) != 1)
			_exit(1);
		ctl = accept(lfd, (struct sockaddr *)&from, &fl);
		if (ctl >= 0 && (fl != sizeof(from) || from.sin_family != AF_INET ||
				 from.sin_port != client->sin_port ||
				 from.sin_addr.s_addr != client->sin_addr.s_addr)) {
			close(ctl);   /* not the test program */
			ctl = -1;
		}
	}
	close(lfd);
	if (ctl < 0)
		_exit(1);
	_exit(net_serve_session(ctl, &lim, -1, err, sizeof(err)) == 0 ? 0 : 1);
}

/*
 * The loopback server on 127.0.0.1, a port the kernel picks: the client's
 * control connection is made first (the kernel completes it in the listen
 * queue), then the server forked, told which connection is the client's.
 */
static int fork_loopback(struct net_client *c, char *token, char *err, size_t errlen)
{
	struct sockaddr_in lo, me;
	socklen_t ml = sizeof(me);
	char why[160];
	int lfd;

	memset(&lo, 0, sizeof(lo));
	lo.sin_family = AF_INET;
	lo.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (net_random_hex(token, 32) != 0) {
		snprintf(err, errlen, "cannot read /dev/urandom for a session token");
		return -1;
	}
	lfd = net_listen_like((struct sockaddr *)&lo, sizeof(lo), 0, SOCK_STREAM, err, errlen);
	if (lfd < 0)
		return -1;
	c->port = net_local_port(lfd);
	snprintf(c->host, sizeof(c->host), "127.0.0.1");
	lo.sin_port = htons((unsigned short)c->port);
	c->ctl = net_connect_addr((struct sockaddr *)&lo, sizeof(lo), SOCK_STREAM, NET_CONNECT_MS,
				  why, sizeof(why));
	if (c->ctl < 0 || getsockname(c->ctl, (struct sockaddr *)&me, &ml) != 0) {
		snprintf(err, errlen, "cannot connect to the loopback server: %s",
			 c->ctl < 0 ? why : strerror(errno));
		close(lfd);
		return -1;
	}
	c->server = fork();
	if (c->server < 0) {
		snprintf(err, errlen, "fork: %s", strerror(errno));
		close(lfd);
		c->server = 0;
		return -1;
	}
	if (c->server == 0) {
		close(c->ctl);
		loop_server(lfd, token, &me);
	}
	close(lfd);
	return 0;
}

/* The server's reply: "OK ..." gives 0 and the rest in rest, else -1. */
static int reply(struct net_client *c, char *rest, size_t restlen, const char *what,
		 char *err, size_t errlen)
{
	char line[NET_LINE_MAX];
	int n = net_readline(c->ctl, line, sizeof(line), NET_ANSWER_MS);

	if (n > 3 && strncmp(line, "OK ", 3) == 0) {
		snprintf(rest, restlen, "%s", line + 3);
		return 0;
	}
	if (n > 4 && strncmp(line, "ERR ", 4) == 0)
		snprintf(err, errlen, "peer %s refused %s: %s", c->name, what, line + 4);
	else if (n < 0 && errno == ETIMEDOUT)
		snprintf(err, errlen, "peer %s did not answer %s within %d s", c->name,
			 what, NET_ANSWER_MS / 1000);
	else if (n <= 0)
		snprintf(err, errlen, "peer %s closed the connection at %s%s%s", c->name,
			 what, n < 0 ? ": " : "", n < 0 ? strerror(errno) : "");
	else
		snprintf(err, errlen, "peer %s is not a sysindex server (said \"%.40s\")",
			 c->name, line);
	return -1;
}

int net_client_open(struct net_client *c, const char *peer, char *err, size_t errlen)
{
	char token[NET_TOKEN_MAX + 1] = "", rest[NET_LINE_MAX];

	memset(c, 0, sizeof(*c));
	c->ctl = -1;
	signal(SIGPIPE, SIG_IGN);   /* a peer that closes mid-test: EPIPE, not death */
	if (peer == NULL || *peer == '\0' || strcmp(peer, "-") == 0) {
		if (fork_loopback(c, token, err, errlen) != 0)
			return -1;
	} else {
		const char *t = getenv(NET_PEER_ENV);

		if (net_split_peer(peer, c->host, sizeof(c->host), &c->port) != 0) {
			snprintf(err, errlen, "--peer: '%s' is not HOST or HOST:PORT", peer);
			return -1;
		}
		if (t == NULL || *t == '\0' || strlen(t) > NET_TOKEN_MAX || strpbrk(t, " \n\r")) {
			snprintf(err, errlen, "--peer %s needs the server's token (--peer-token)", peer);
			return -1;
		}
		snprintf(token, sizeof(token), "%s", t);
		c->remote = 1;
	}
	/* As the user writes it back: an IPv6 address in brackets. */
	snprintf(c->name, sizeof(c->name), strchr(c->host, ':') ? "[%s]:%u" : "%s:%u", c->host,
		 c->port);
	if (c->ctl < 0)   /* the loopback server's is open already */
		c->ctl = net_connect(c->host, c->port, NET_CONNECT_MS, err, errlen);
	if (c->ctl < 0)
		return -1;
	c->addrlen = sizeof(c->addr);
	if (getpeername(c->ctl, (struct sockaddr *)&c->addr, &c->addrlen) != 0) {
		snprintf(err, errlen, "getpeername: %s", strerror(errno));
		return -1;
	}
	if (net_printf(c->ctl, "%s %s", NET_MAGIC, token) != 0) {
		snprintf(err, errlen, "peer %s: %s", c->name, strerror(errno));
		return -1;
	}
	return reply(c, rest, sizeof(rest), "the session", err, errlen);
}

int net_client_test(struct net_client *c, enum net_kind kind, unsigned seconds,
		    unsigned streams, char *err, size_t errlen)
{
	char rest[NET_LINE_MAX], where[NET_LINE_MAX];

	c->seconds = seconds;
	if (net_printf(c->ctl, "TEST %s %u %u", net_kind_name[kind], seconds, streams) != 0) {
		snprintf(err, errlen, "peer %s: %s", c->name, strerror(errno));
		return -1;
	}
	if (reply(c, rest, sizeof(rest), "the test", err, errlen) != 0)
		return -1;
	if (sscanf(rest, "%255s %16s", where, c->cookie) != 2 ||
	    strlen(c->cookie) != NET_COOKIE_LEN) {
		snprintf(err, errlen, "peer %s: malformed reply \"%.40s\"", c->name, rest);
		return -1;
	}
	if (kind == NK_USTREAM) {
		snprintf(c->upath, sizeof(c->upath), "%.107s", where);
		return 0;
	}
	/* Digits within 1..65535 before the cast: 4294972616 must not wrap to 5320. */
	if (where[strspn(where, "0123456789")] != '\0' || strlen(where) > 5 ||
	    strtoul(where, NULL, 10) > 65535)
		c->data_port = 0;
	else
		c->data_port = (unsigned)strtoul(where, NULL, 10);
	if (c->data_port == 0) {
		snprintf(err, errlen, "peer %s: bad data port \"%.20s\"", c->name, where);
		return -1;
	}
	return 0;
}

static int udp_hello(struct net_client *c, int fd, char *err, size_t errlen)
{
	char back[NET_COOKIE_LEN];

	for (int tries = 0; tries < 5; tries++) {
		if (send(fd, c->cookie, NET_COOKIE_LEN, 0) != NET_COOKIE_LEN)
			break;
		if (net_wait(fd, POLLIN, 1000) == 1 &&
		    recv(fd, back, sizeof(back), 0) == NET_COOKIE_LEN &&
		    memcmp(back, c->cookie, NET_COOKIE_LEN) == 0)
			return 0;
	}
	snprintf(err, errlen, "no UDP answer from %s port %u (a firewall?)", c->host, c->data_port);
	return -1;
}

int net_client_data(struct net_client *c, int type, int send_cookie, char *err, size_t errlen)
{
	struct sockaddr_storage ss = c->addr;
	char why[160];
	int fd;

	if (c->upath[0]) {
		struct sockaddr_un un;

		memset(&un, 0, sizeof(un));
		un.sun_family = AF_UNIX;
		snprintf(un.sun_path, sizeof(un.sun_path), "%s", c->upath);
		fd = net_connect_addr((struct sockaddr *)&un, sizeof(un), SOCK_STREAM,
				      NET_CONNECT_MS, why, sizeof(why));
	} else {
		if (ss.ss_family == AF_INET6)
			((struct sockaddr_in6 *)&ss)->sin6_port = htons((unsigned short)c->data_port);
		else
			((struct sockaddr_in *)&ss)->sin_port = htons((unsigned short)c->data_port);
		fd = net_connect_addr((struct sockaddr *)&ss, c->addrlen, type, NET_CONNECT_MS,
				      why, sizeof(why));
	}
	if (fd < 0) {
		snprintf(err, errlen, "cannot open a data connection to %s: %s",
			 c->upath[0] ? c->upath : c->host, why);
		return -1;
	}
	if (type == SOCK_DGRAM) {
		if (udp_hello(c, fd, err, errlen) != 0) {
			close(fd);
			return -1;
		}
		return fd;
	}
	if (send_cookie && net_writeall(fd, c->cookie, NET_COOKIE_LEN) != 0) {
		snprintf(err, errlen, "data connection to %s: %s", c->host, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

int net_parse_result(const char *line, struct net_result *r)
{
	char b[32], t[32], secs[64], extra;
	char *end;

	if (sscanf(line, "RESULT %31s %31s %63s %c", b, t, secs, &extra) != 3 ||
	    b[strspn(b, "0123456789")] != '\0' || t[strspn(t, "0123456789")] != '\0' ||
	    strlen(b) > 19 || strlen(t) > 19 || !isdigit((unsigned char)secs[0]))
		return -1;
	r->bytes = strtoull(b, NULL, 10);
	r->transactions = strtoull(t, NULL, 10);
	errno = 0;   /* ERANGE, not isfinite(): the programs build with -ffast-math */
	r->seconds = strtod(secs, &end);
	return *end == '\0' && errno == 0 && r->seconds >= 0 ? 0 : -1;
}

const char *net_result_implausible(const struct net_result *r, unsigned seconds,
				   unsigned long long sent, double elapsed)
{
	if (r->seconds > (double)seconds + NET_GRACE_S)
		return "more seconds than the test may last";
	if (sent > 0 && r->bytes > sent)
		return "more bytes than were sent";
	if (elapsed > 0 && r->bytes > 0 && r->seconds < elapsed / 2)
		return "the bytes in under half the time they took to send";
	return NULL;
}

int net_client_done(struct net_client *c, struct net_result *res, char *err, size_t errlen)
{
	const char *why;
	char line[NET_LINE_MAX];
	int n;

	c->upath[0] = '\0';
	if (net_printf(c->ctl, "DONE") != 0) {
		snprintf(err, errlen, "peer %s closed the connection mid-test: %s", c->name,
			 strerror(errno));
		return -1;
	}
	n = net_readline(c->ctl, line, sizeof(line), NET_ANSWER_MS);
	if (n > 0 && net_parse_result(line, res) == 0) {
		if ((why = net_result_implausible(res, c->seconds, 0, 0)) == NULL)
			return 0;
		snprintf(err, errlen, "peer %s: impossible result (%s): \"%.60s\"", c->name, why,
			 line);
		return -1;
	}
	if (n > 0 && strncmp(line, "RESULT", 6) == 0)
		snprintf(err, errlen, "peer %s: malformed result \"%.60s\"", c->name,
			 line);
	else if (n > 4 && strncmp(line, "ERR ", 4) == 0)
		snprintf(err, errlen, "peer %s: %s", c->name, line + 4);
	else if (n < 0 && errno == ETIMEDOUT)
		snprintf(err, errlen, "peer %s stalled: no result within %d s", c->name,
			 NET_ANSWER_MS / 1000);
	else
		snprintf(err, errlen, "peer %s closed the connection mid-test", c->name);
	return -1;
}

void net_client_why(struct net_client *c, char *out, size_t len)
{
	char line[NET_LINE_MAX];

	out[0] = '\0';
	if (net_readline(c->ctl, line, sizeof(line), 500) > 4 && strncmp(line, "ERR ", 4) == 0)
		snprintf(out, len, " (peer: %s)", line + 4);
}

/* The interface that holds the control connection's local address. */
static void local_interface(int fd, char *name, size_t len)
{
	struct sockaddr_storage ss;
	socklen_t sl = sizeof(ss);
	struct ifaddrs *ifs, *i;

	snprintf(name, len, "?");
	memset(&ss, 0, sizeof(ss));
	if (getsockname(fd, (struct sockaddr *)&ss, &sl) != 0 || getifaddrs(&ifs) != 0)
		return;
	for (i = ifs; i != NULL; i = i->ifa_next) {
		const struct sockaddr *a = i->ifa_addr;

		if (a == NULL || a->sa_family != ss.ss_family)
			continue;
		if ((a->sa_family == AF_INET &&
		     ((const struct sockaddr_in *)a)->sin_addr.s_addr ==
		     ((struct sockaddr_in *)&ss)->sin_addr.s_addr) ||
		    (a->sa_family == AF_INET6 &&
		     memcmp(&((const struct sockaddr_in6 *)a)->sin6_addr,
			    &((struct sockaddr_in6 *)&ss)->sin6_addr, sizeof(struct in6_addr)) == 0)) {
			snprintf(name, len, "%s", i->ifa_name);
			break;
		}
	}
	freeifaddrs(ifs);
}

void net_client_path(const struct net_client *c, char *out, size_t len)
{
	char ifname[IF_NAMESIZE + 8], path[128], mtu[32] = "?";
	FILE *f;

	local_interface(c->ctl, ifname, sizeof(ifname));
	snprintf(path, sizeof(path), "/sys/class/net/%s/mtu", ifname);
	if (strchr(ifname, '/') == NULL && (f = fopen(path, "r")) != NULL) {
		if (fgets(mtu, sizeof(mtu), f) == NULL)
			snprintf(mtu, sizeof(mtu), "?");
		mtu[strcspn(mtu, "\n")] = '\0';
		fclose(f);
	}
	if (c->remote)
		snprintf(out, len, "peer %s via %s, MTU %s", c->name, ifname, mtu);
	else
		snprintf(out, len, "loopback %s via %s, MTU %s", c->host, ifname, mtu);
}

void net_client_close(struct net_client *c)
{
	if (c->ctl >= 0) {
		net_printf(c->ctl, "BYE");
		close(c->ctl);
		c->ctl = -1;
	}
	if (c->server > 0) {
		int st;
		pid_t got = 0;

		/* The session ends at BYE or EOF; a stuck one is told to go. */
		for (int i = 0; i < 50 && (got = waitpid(c->server, &st, WNOHANG)) == 0; i++)
			usleep(20000);
		if (got == 0 && kill(c->server, SIGKILL) == 0)
			waitpid(c->server, &st, 0);
		c->server = 0;
	}
}
