/*
 * netsrv.c: the server side of one sysindex peer session (protocol in net.h).
 * One process per session: `sysindex serve` forks one per accepted control
 * connection, a test program forks one for its loopback run.
 */
#define _GNU_SOURCE   /* accept4, struct ucred-free Unix sockets, timing */
#include "shared/net.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#define MAX_CONNS (2 * NET_MAX_STREAMS)

struct conn {
	int fd;
	double since;                /* accepted at, monotonic */
	size_t have;                 /* cookie bytes received so far */
	char cookie[NET_COOKIE_LEN];
};

/* One test's data phase. */
struct phase {
	enum net_kind kind;
	unsigned seconds, streams;
	char cookie[NET_COOKIE_LEN + 1];
	int lfd;                     /* listener, or the UDP socket */
	char upath[108];             /* ustream: the socket file to remove */
	int udp_bound;               /* udp: the client's address is known */
	struct conn conns[MAX_CONNS];
	size_t nconns;
	int done;                    /* the client said DONE */
	int capped;                  /* past the byte cap */
	double first, last;          /* first and last data read, monotonic */
	double deadline;             /* the data phase's end at the latest */
	struct net_result res;
	char *buf;
};

/*
 * A stream listener that never blocks: every connection queued is taken in
 * one go (a flood of strangers in turns with the client), and at DONE the
 * queue is swept without waiting.
 */
static int listener_nonblock(struct phase *ph, char *err, size_t errlen)
{
	int fl;

	if (ph->kind == NK_UDP)
		return 0;
	fl = fcntl(ph->lfd, F_GETFL);
	if (fl < 0 || fcntl(ph->lfd, F_SETFL, fl | O_NONBLOCK) != 0) {
		snprintf(err, errlen, "fcntl: %s", strerror(errno));
		return -1;
	}
	return 0;
}

static int open_data(struct phase *ph, int ctl, const struct net_limits *lim, char *err,
		     size_t errlen)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);

	if (ph->kind == NK_USTREAM) {
		struct sockaddr_un un;

		if (!lim->allow_unix) {
			snprintf(err, errlen, "Unix sockets are for the local loopback test only");
			return -1;
		}
		memset(&un, 0, sizeof(un));
		un.sun_family = AF_UNIX;
		snprintf(ph->upath, sizeof(ph->upath), "sysindex-net-%ld.sock", (long)getpid());
		snprintf(un.sun_path, sizeof(un.sun_path), "%s", ph->upath);
		unlink(ph->upath);
		ph->lfd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (ph->lfd < 0 || bind(ph->lfd, (struct sockaddr *)&un, sizeof(un)) != 0 ||
		    listen(ph->lfd, NET_LISTEN_BACKLOG) != 0) {
			snprintf(err, errlen, "cannot listen on %s: %s", ph->upath, strerror(errno));
			ph->upath[0] = '\0';
			return -1;
		}
		return listener_nonblock(ph, err, errlen);
	}
	if (getsockname(ctl, (struct sockaddr *)&ss, &len) != 0) {
		snprintf(err, errlen, "getsockname: %s", strerror(errno));
		return -1;
	}
	ph->lfd = net_listen_like((struct sockaddr *)&ss, len, 0,
				  ph->kind == NK_UDP ? SOCK_DGRAM : SOCK_STREAM, err, errlen);
	return ph->lfd < 0 ? -1 : listener_nonblock(ph, err, errlen);
}

static void close_conn(struct phase *ph, size_t i)
{
	close(ph->conns[i].fd);
	ph->conns[i] = ph->conns[--ph->nconns];
}

/* Connections that sent the whole right cookie. */
static size_t verified(const struct phase *ph)
{
	size_t n = 0;

	for (size_t i = 0; i < ph->nconns; i++)
		n += ph->conns[i].have == NET_COOKIE_LEN;
	return n;
}

/* The cookie check of connection c, once its 16 bytes are in: 0 to keep it, -1 to close it. */
static int cookie_in(struct phase *ph, const struct conn *c)
{
	if (memcmp(c->cookie, ph->cookie, NET_COOKIE_LEN) != 0)
		return -1;   /* not this session's client */
	if (ph->kind != NK_CRR && verified(ph) > ph->streams)
		return -1;   /* more streams than the test asked for */
	return 0;
}

/*
 * Whatever connection c has sent of its cookie, without waiting: 1 verified,
 * 0 not yet, -1 close it.  A client writes its cookie as it connects, so it
 * is usually in by the time the connection is accepted.
 */
static int read_cookie(struct phase *ph, struct conn *c)
{
	ssize_t got = recv(c->fd, c->cookie + c->have, NET_COOKIE_LEN - c->have, MSG_DONTWAIT);

	if (got < 0)
		return errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK ? 0 : -1;
	if (got == 0)
		return -1;
	c->have += (size_t)got;
	if (c->have < NET_COOKIE_LEN)
		return 0;
	return cookie_in(ph, c) == 0 ? 1 : -1;
}

/* Unverified connections older than NET_HELLO_S are closed unread. */
static void expire_unverified(struct phase *ph)
{
	double now = net_mono();

	for (size_t i = ph->nconns; i-- > 0;)
		if (ph->conns[i].have < NET_COOKIE_LEN && now - ph->conns[i].since > NET_HELLO_S)
			close_conn(ph, i);
}

/* One read on a verified connection: 1 data taken, 0 none yet, -1 close it. */
static int take_data(struct phase *ph, struct conn *c, const struct net_limits *lim)
{
	ssize_t got = read(c->fd, ph->buf, ph->kind == NK_STREAM || ph->kind == NK_USTREAM ?
			   NET_STREAM_BLOCK : 64);

	if (got < 0)
		return errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK ? 0 : -1;
	if (got == 0)
		return -1;
	if (ph->res.bytes == 0)
		ph->first = net_mono();
	ph->last = net_mono();
	ph->res.bytes += (unsigned long long)got;
	if (ph->res.bytes > lim->max_bytes) {
		ph->capped = 1;
		return -1;
	}
	if (ph->kind == NK_RR || ph->kind == NK_CRR) {
		if (net_writeall(c->fd, ph->buf, (size_t)got) != 0)
			return -1;
		ph->res.transactions += (unsigned long long)got;
		if (ph->kind == NK_CRR)
			return -1;   /* one request per connection: the server closes */
	}
	return 1;
}

/*
 * The only connection of a one-stream test (rr, or stream with 1 stream):
 * plain blocking reads until the client closes it, as netserver and iperf3
 * serve one stream, with no poll() per request.  A read waits at most 1 s,
 * so the deadline still holds for a client that stalls.
 */
static void single_conn(struct phase *ph, struct conn *c, const struct net_limits *lim)
{
	struct timeval tv = { .tv_sec = 1 };
	unsigned n = 0;
	int rc;

	if (setsockopt(c->fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) != 0)
		return;   /* then the poll loop serves it */
	while ((rc = take_data(ph, c, lim)) >= 0)
		if ((rc == 0 || ++n % 1024 == 0) && net_mono() > ph->deadline)
			break;
}

/*
 * Connection c's cookie is in: 0 to keep it for the poll loop, -1 to close
 * it.  The only connection of a one-stream test is served here to its end.
 */
static int conn_verified(struct phase *ph, struct conn *c, const struct net_limits *lim)
{
	if (ph->streams == 1 &&
	    (ph->kind == NK_RR || ph->kind == NK_STREAM || ph->kind == NK_USTREAM)) {
		single_conn(ph, c, lim);
		return -1;
	}
	return 0;
}

/* Data on connection i; returns 0 to keep it, -1 to close it. */
static int serve_conn(struct phase *ph, size_t i, const struct net_limits *lim)
{
	struct conn *c = &ph->conns[i];
	int rc;

	if (c->have < NET_COOKIE_LEN) {
		rc = read_cookie(ph, c);
		return rc <= 0 ? rc : conn_verified(ph, c, lim);
	}
	return take_data(ph, c, lim) < 0 ? -1 : 0;
}

/*
 * A new data connection counts for nothing until its cookie is in: its
 * cookie is read at once when it is there, and a full table pushes out the
 * unverified one with the least of a cookie, the oldest of those (none: the
 * new one is closed), so a silent stranger can never take a client's stream
 * slot.  Returns 1 when a connection was taken from the queue, 0 when the
 * queue is empty.
 */
static int accept_conn(struct phase *ph, const struct net_limits *lim)
{
	static const struct timeval send_wait = { .tv_sec = 1 };
	int fd = accept4(ph->lfd, NULL, NULL, SOCK_CLOEXEC), rc;
	struct conn *c;

	if (fd < 0)
		return errno == EINTR || errno == ECONNABORTED;
	if (ph->nconns == MAX_CONNS) {
		size_t worst = MAX_CONNS;

		for (size_t i = 0; i < ph->nconns; i++) {
			const struct conn *x = &ph->conns[i];

			if (x->have < NET_COOKIE_LEN &&
			    (worst == MAX_CONNS || x->have < ph->conns[worst].have ||
			     (x->have == ph->conns[worst].have && x->since < ph->conns[worst].since)))
				worst = i;
		}
		if (worst == MAX_CONNS) {
			close(fd);
			return 1;
		}
		close_conn(ph, worst);
	}
	if (ph->kind == NK_RR || ph->kind == NK_CRR)
		net_nodelay(fd);
	/* A client that stops reading its answers: a write gives up after 1 s
	 * (the connection is closed), so the test's cap holds. */
	if (setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &send_wait, sizeof(send_wait)) != 0) {
		close(fd);
		return 1;
	}
	c = &ph->conns[ph->nconns++];
	c->fd = fd;
	c->since = net_mono();
	c->have = 0;
	rc = read_cookie(ph, c);
	if (rc < 0 || (rc > 0 && conn_verified(ph, c, lim) != 0))
		close_conn(ph, ph->nconns - 1);
	return 1;
}

/*
 * DONE: no connection is accepted from now on.  The ones already queued
 * (connected before DONE) are taken if their cookie is in; every connection
 * without its cookie is closed, so that only the client's own streams can
 * hold the result back.  The queue is bounded by the listen backlog; so is
 * this loop.
 */
static void stop_accepting(struct phase *ph, const struct net_limits *lim)
{
	for (int i = 0; i <= NET_LISTEN_BACKLOG && accept_conn(ph, lim); i++)
		;
	for (size_t i = ph->nconns; i-- > 0;)
		if (ph->conns[i].have < NET_COOKIE_LEN)
			close_conn(ph, i);
	close(ph->lfd);
	ph->lfd = -1;
}

static void serve_udp(struct phase *ph)
{
	struct sockaddr_storage from;
	socklen_t flen = sizeof(from);
	ssize_t got = recvfrom(ph->lfd, ph->buf, 64, 0, (struct sockaddr *)&from, &flen);

	if (got <= 0)
		return;
	if (!ph->udp_bound) {
		if (got != NET_COOKIE_LEN || memcmp(ph->buf, ph->cookie, NET_COOKIE_LEN) != 0)
			return;
		/* From now on the socket only hears the client that knew the cookie. */
		if (connect(ph->lfd, (struct sockaddr *)&from, flen) != 0)
			return;
		ph->udp_bound = 1;
		send(ph->lfd, ph->cookie, NET_COOKIE_LEN, 0);
		return;
	}
	if (got == NET_COOKIE_LEN && memcmp(ph->buf, ph->cookie, NET_COOKIE_LEN) == 0) {
		send(ph->lfd, ph->cookie, NET_COOKIE_LEN, 0);   /* a repeated hello */
		return;
	}
	if (ph->res.bytes == 0)
		ph->first = net_mono();
	ph->last = net_mono();
	ph->res.bytes += (unsigned long long)got;
	ph->res.transactions++;
	send(ph->lfd, ph->buf, (size_t)got, 0);
}

/* The control connection spoke during the data phase: DONE or trouble. */
static int control_line(int ctl, struct phase *ph, char *err, size_t errlen)
{
	char line[NET_LINE_MAX];
	int n = net_readline(ctl, line, sizeof(line), 1000);

	if (n > 0 && strcmp(line, "DONE") == 0) {
		ph->done = 1;
		return 0;
	}
	snprintf(err, errlen, "%s", n == 0 ? "client closed the control connection mid-test" :
		 n < 0 ? strerror(errno) : "unexpected line during a test");
	return -1;
}

/* Poll the control connection, the data socket and the connections. */
static int run_phase(int ctl, struct phase *ph, const struct net_limits *lim, char *err,
		     size_t errlen)
{
	double drain_until = 0;

	for (;;) {
		struct pollfd p[MAX_CONNS + 2];
		size_t np = 0, base;
		int rc, left = (int)((ph->deadline - net_mono()) * 1000);

		if (ph->done && ph->kind != NK_UDP && ph->lfd >= 0)
			stop_accepting(ph, lim);
		if (ph->done && (ph->nconns == 0 || ph->kind == NK_CRR || ph->kind == NK_UDP))
			return 0;
		if (ph->done && drain_until == 0)
			drain_until = net_mono() + NET_GRACE_S;
		if (left <= 0 || (drain_until > 0 && net_mono() > drain_until)) {
			snprintf(err, errlen, "test cut at its %u s cap", ph->seconds + NET_GRACE_S);
			return -1;
		}
		if (ph->capped) {
			snprintf(err, errlen, "byte cap of %llu MiB reached", lim->max_bytes >> 20);
			return -1;
		}
		expire_unverified(ph);
		p[np++] = (struct pollfd){ .fd = ph->done ? -1 : ctl, .events = POLLIN };
		p[np++] = (struct pollfd){ .fd = ph->lfd, .events = POLLIN };
		base = np;
		for (size_t i = 0; i < ph->nconns; i++)
			p[np++] = (struct pollfd){ .fd = ph->conns[i].fd, .events = POLLIN };
		rc = poll(p, np, left > 1000 ? 1000 : left);
		if (rc < 0 && errno != EINTR) {
			snprintf(err, errlen, "poll: %s", strerror(errno));
			return -1;
		}
		if (rc <= 0)
			continue;
		if ((p[0].revents & (POLLIN | POLLHUP | POLLERR)) &&
		    control_line(ctl, ph, err, errlen) != 0)
			return -1;
		/* Connections from the last end to the first: closing swaps in the last. */
		for (size_t i = np - base; i-- > 0;)
			if ((p[base + i].revents & (POLLIN | POLLHUP | POLLERR)) &&
			    serve_conn(ph, i, lim) != 0)
				close_conn(ph, i);
		if ((p[1].revents & POLLIN) && ph->kind == NK_UDP)
			serve_udp(ph);
		else if ((p[1].revents & POLLIN) && !ph->done)
			for (int k = 0; k < MAX_CONNS && accept_conn(ph, lim); k++)
				;   /* a flood is taken in turns, so a client's turn comes */
	}
}

static void end_phase(struct phase *ph)
{
	while (ph->nconns > 0)
		close_conn(ph, ph->nconns - 1);
	if (ph->lfd >= 0)
		close(ph->lfd);
	ph->lfd = -1;
	if (ph->upath[0])
		unlink(ph->upath);
	ph->upath[0] = '\0';
}

/* s as a whole number of at most 9 digits (no sign, no wrap): 0, or -1. */
static int small_uint(const char *s, unsigned *out)
{
	size_t n = strspn(s, "0123456789");

	if (n == 0 || n > 9 || s[n] != '\0')
		return -1;
	*out = (unsigned)strtoul(s, NULL, 10);
	return 0;
}

/* "TEST <kind> <seconds> <streams>": checked against the limits. */
static int parse_test(const char *line, const struct net_limits *lim, struct phase *ph,
		      char *why, size_t whylen)
{
	char kind[16], secs_s[16], streams_s[16];
	unsigned secs, streams;
	char extra;
	int k;

	if (sscanf(line, "TEST %15s %15s %15s %c", kind, secs_s, streams_s, &extra) != 3) {
		snprintf(why, whylen, "malformed TEST line");
		return -1;
	}
	if ((k = net_kind_find(kind)) < 0) {
		snprintf(why, whylen, "unknown test kind %s", kind);
		return -1;
	}
	if (small_uint(secs_s, &secs) != 0 || secs == 0 || secs > lim->max_seconds) {
		snprintf(why, whylen, "seconds must be 1 to %u", lim->max_seconds);
		return -1;
	}
	if (small_uint(streams_s, &streams) != 0 || streams == 0 || streams > NET_MAX_STREAMS) {
		snprintf(why, whylen, "streams must be 1 to %d", NET_MAX_STREAMS);
		return -1;
	}
	ph->kind = (enum net_kind)k;
	ph->seconds = secs;
	ph->streams = streams;
	return 0;
}

/* One TEST round after its line was read: 0 to go on, -1 to end the session. */
static int one_test(int ctl, const char *line, const struct net_limits *lim, int log_fd,
		    char *buf, char *err, size_t errlen)
{
	struct phase ph;
	char why[160] = "";
	int rc;

	memset(&ph, 0, sizeof(ph));
	ph.lfd = -1;
	ph.buf = buf;
	if (parse_test(line, lim, &ph, why, sizeof(why)) != 0)
		return net_printf(ctl, "ERR %s", why) == 0 ? 0 : -1;
	if (net_random_hex(ph.cookie, NET_COOKIE_LEN) != 0 ||
	    open_data(&ph, ctl, lim, why, sizeof(why)) != 0) {
		end_phase(&ph);
		return net_printf(ctl, "ERR %s", why[0] ? why : "no random cookie") == 0 ? 0 : -1;
	}
	ph.deadline = net_mono() + ph.seconds + NET_GRACE_S;
	if (ph.kind == NK_USTREAM)
		rc = net_printf(ctl, "OK %s %s", ph.upath, ph.cookie);
	else
		rc = net_printf(ctl, "OK %u %s", net_local_port(ph.lfd), ph.cookie);
	if (rc != 0 || run_phase(ctl, &ph, lim, err, errlen) != 0) {
		if (rc != 0)
			snprintf(err, errlen, "control connection: %s", strerror(errno));
		else
			net_printf(ctl, "ERR %s", err);
		end_phase(&ph);
		return -1;
	}
	end_phase(&ph);
	if (log_fd >= 0)
		dprintf(log_fd, "sysindex serve: %s %u s x %u: %llu bytes, %llu transactions in %.3f s\n",
			net_kind_name[ph.kind], ph.seconds, ph.streams, ph.res.bytes,
			ph.res.transactions, ph.last - ph.first);
	return net_printf(ctl, "RESULT %llu %llu %.6f", ph.res.bytes, ph.res.transactions,
			  ph.last - ph.first) == 0 ? 0 : -1;
}

const char *net_greeting_check(const char *line, const char *token)
{
	size_t m = strlen(NET_MAGIC), n = strlen(token), len = strlen(line);
	unsigned char diff = 0;

	if (strncmp(line, NET_MAGIC " ", m + 1) != 0)
		return "not a sysindex client";
	line += m + 1;
	len -= m + 1;
	/* Every byte compared, whatever the first difference: no timing hint. */
	for (size_t i = 0; i < n; i++)
		diff |= (unsigned char)(token[i] ^ (i < len ? line[i] : 0));
	return diff != 0 || len != n ? "wrong token" : NULL;
}

int net_serve_authed(int ctl, const struct net_limits *lim, int log_fd, char *err,
		     size_t errlen)
{
	char line[NET_LINE_MAX];
	char *buf = net_block_alloc();
	int n, rc = -1;

	err[0] = '\0';
	if (buf == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (net_printf(ctl, "OK sysindex1") != 0)
		goto out;
	for (;;) {
		n = net_readline(ctl, line, sizeof(line), (int)lim->idle_seconds * 1000);
		if (n == 0 || (n > 0 && strcmp(line, "BYE") == 0)) {
			rc = 0;
			break;
		}
		if (n < 0) {
			snprintf(err, errlen, "%s", errno == ETIMEDOUT ? "idle timeout" : strerror(errno));
			if (errno == ETIMEDOUT)
				net_printf(ctl, "ERR idle for %u s", lim->idle_seconds);
			break;
		}
		if (strncmp(line, "TEST ", 5) != 0) {
			snprintf(err, errlen, "unexpected line");
			net_printf(ctl, "ERR expected TEST or BYE");
			break;
		}
		if (one_test(ctl, line, lim, log_fd, buf, err, errlen) != 0)
			break;
	}
out:
	free(buf);
	return rc;
}

const char *net_readline_error(int n)
{
	return n == 0 ? "closed before the greeting" : errno == ETIMEDOUT ? "no greeting in time"
	       : errno == EMSGSIZE ? "greeting too long" : errno == EPROTO ? "only empty lines"
	       : strerror(errno);
}

int net_serve_session(int ctl, const struct net_limits *lim, int log_fd, char *err,
		      size_t errlen)
{
	char line[NET_LINE_MAX];
	const char *why;
	int n = net_readline(ctl, line, sizeof(line), NET_HELLO_S * 1000);

	why = n <= 0 ? net_readline_error(n) : net_greeting_check(line, lim->token);
	if (why != NULL) {
		snprintf(err, errlen, "%s", why);
		net_printf(ctl, "ERR %s", why);
		return -1;
	}
	return net_serve_authed(ctl, lim, log_fd, err, errlen);
}
