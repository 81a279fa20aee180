/*
 * serve.c: `sysindex serve`, the far end of `./Run --peer HOST net`.
 *
 *   sysindex serve [--bind ADDR] [--port N] [--token T | --token-file F]
 *                  [--max-sessions N] [--max-seconds S] [--max-bytes SIZE] [--idle S]
 *
 * Lifecycle: parse and check every option; bind (loopback unless --bind) and
 * say where, and with which token; then one poll() loop over the listening
 * socket, the driver's signal self-pipe and the connections still owing their
 * greeting.  A new connection is pending: it holds no session slot, must send
 * its whole greeting line within NET_HELLO_S (one deadline, at most
 * NET_LINE_MAX bytes, empty lines included), and at most MAX_PENDING wait at
 * once (a newer one pushes out the oldest).  Only a connection with the token
 * gets a forked session process (net_serve_authed: the tests within the
 * caps); past --max-sessions it is told "ERR busy" and closed.  SIGINT/SIGTERM/SIGHUP: the sessions are ended (SIGTERM, then
 * SIGKILL), reaped, the socket closed, exit 0.  The server answers only the
 * sysindex protocol (src/shared/net.h) and never connects anywhere.
 */
#define _GNU_SOURCE   /* prctl, getaddrinfo under -D_POSIX_C_SOURCE */
#include "serve/serve.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <signal.h>
#include <stdnoreturn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/opt.h"
#include "shared/net.h"
#include "util/sig.h"
#include "util/util.h"
#include "util/quote.h"

#define MAX_SESSIONS_CAP 64
#define MAX_PENDING 16
#define TOKEN_ADVISED 16   /* below this a token could be guessed: said once */

/* The token from the environment when no option gives one (not in ps). */
#define SERVE_TOKEN_ENV "SYSINDEX_SERVE_TOKEN"

struct serve_cfg {
	const char *bind, *token_arg, *token_file;
	unsigned port, max_sessions, max_seconds, idle;
	unsigned long long max_bytes;
	char token[NET_TOKEN_MAX + 1];
};

/* A connection that has not yet sent its greeting (no session slot held). */
struct pending {
	int fd;
	double deadline;                 /* for the whole greeting line */
	size_t n;                        /* bytes read so far, empty lines included */
	size_t len;                      /* of line, the greeting so far */
	char line[NET_LINE_MAX];
	char who[NI_MAXHOST + 16];
};

/* The log's lines about strangers: at most LOG_BURST per LOG_WINDOW_S. */
#define LOG_BURST 20
#define LOG_WINDOW_S 10

struct drop_log {
	double since;                    /* the window's start */
	unsigned logged, unlogged;       /* lines in it, and connections past the burst */
};

struct serve_state {
	struct serve_cfg cfg;
	struct drop_log log;
	int lfd;
	pid_t sessions[MAX_SESSIONS_CAP];
	size_t nsessions;
	struct pending pending[MAX_PENDING];
	size_t npending;
};

static int token_ok(const char *from, const char *arg, char *err, size_t errlen)
{
	if (strlen(arg) <= NET_TOKEN_MAX && strpbrk(arg, " \t\r\n") == NULL)
		return 0;
	fmt(err, errlen, "%s: at most %d characters, no spaces", from, NET_TOKEN_MAX);
	return -1;
}

static int check_token(const char *arg, char *err, size_t errlen)
{
	return token_ok("--token", arg, err, errlen);
}

#define OFF(f) offsetof(struct serve_cfg, f)
static const struct opt_def serve_rows[] = {
	{ .lname = "bind", .kind = OPT_STR, .off = OFF(bind), .argname = "ADDR", .def = "127.0.0.1",
	  .help = "address to listen on (0.0.0.0 or :: for every interface)" },
	{ .lname = "port", .kind = OPT_UINT, .off = OFF(port), .max = 65535, .argname = "N",
	  .def = "5320", .help = "TCP port (0: the kernel picks one, printed)" },
	{ .lname = "token", .kind = OPT_STR, .off = OFF(token_arg), .argname = "T",
	  .check = check_token, .def_note = "$" SERVE_TOKEN_ENV ", else a random one, printed",
	  .help = "the token clients must send (on the command line, ps shows it: prefer "
		  "--token-file or $" SERVE_TOKEN_ENV ")" },
	{ .lname = "token-file", .kind = OPT_STR, .off = OFF(token_file), .argname = "FILE",
	  .help = "read the token from FILE (its one line)" },
	{ .lname = "max-sessions", .kind = OPT_UINT, .off = OFF(max_sessions), .min = 1,
	  .max = MAX_SESSIONS_CAP, .argname = "N", .def = "4", .help = "concurrent sessions" },
	{ .lname = "max-seconds", .kind = OPT_UINT, .off = OFF(max_seconds), .min = 1,
	  .max = 86400, .argname = "S", .def = "300", .help = "longest test" },
	{ .lname = "max-bytes", .kind = OPT_SIZE, .off = OFF(max_bytes), .min = 1, .max = 1e18,
	  .argname = "SIZE", .def = "1T", .help = "most bytes one test may send" },
	{ .lname = "idle", .kind = OPT_UINT, .off = OFF(idle), .min = 1, .max = 86400,
	  .argname = "S", .def = "30", .help = "drop a session silent this long" },
	{ .lname = "help", .sname = 'h', .kind = OPT_ACTION, .action = 1,
	  .help = "show this help, then exit" },
};
#undef OFF

const struct opt_cmd serve_opts = {
	"./Run serve", serve_rows, sizeof(serve_rows) / sizeof(serve_rows[0]), "",
};

static void usage(FILE *out)
{
	opt_synopsis(out, "usage: ", &serve_opts);
	fputs("\nServes the net tests of `./Run --peer HOST[:PORT] --peer-token T net` run on\n"
	      "another machine.  Binds to 127.0.0.1 unless --bind names an address.  Answers\n"
	      "only the sysindex protocol, and only a client that sends the token.\n\noptions:\n",
	      out);
	opt_help(out, &serve_opts);
}

/*
 * The token: --token, --token-file or $SYSINDEX_SERVE_TOKEN, else a random
 * one.  0, or 2 (1 when /dev/urandom fails) after a one-line message.
 */
static int take_token(struct serve_cfg *c)
{
	const char *env = getenv(SERVE_TOKEN_ENV), *from, *val;
	char err[QUOTE_BUF + 128];

	if (c->token_arg != NULL && c->token_file != NULL) {
		fprintf(stderr, "sysindex serve: give --token or --token-file, not both\n");
		return 2;
	}
	if (c->token_file != NULL) {
		from = "--token-file";
		if (read_secret_file(c->token_file, c->token, sizeof(c->token), err,
				     sizeof(err)) != 0) {
			fprintf(stderr, "sysindex serve: --token-file: %s\n", err);
			return 2;
		}
		val = c->token;
	} else if (c->token_arg != NULL || (env != NULL && *env != '\0')) {
		from = c->token_arg != NULL ? "--token" : "$" SERVE_TOKEN_ENV;
		val = c->token_arg != NULL ? c->token_arg : env;
	} else if (net_random_hex(c->token, 32) != 0) {
		fprintf(stderr, "sysindex serve: cannot read /dev/urandom; give a --token-file\n");
		return 1;
	} else {
		return 0;
	}
	if (token_ok(from, val, err, sizeof(err)) != 0) {
		fprintf(stderr, "sysindex serve: %s\n", err);
		return 2;
	}
	if (val != c->token)
		fmt(c->token, sizeof(c->token), "%s", val);
	if (strlen(c->token) < TOKEN_ADVISED)
		fprintf(stderr, "sysindex serve: warning: a %zu-character token is easy to guess; "
			"use %d or more (without one: 32 random hex digits)\n",
			strlen(c->token), TOKEN_ADVISED);
	return 0;
}

/* Option values: 0 to go on, 1 for --help, 2 after a one-line message. */
static int parse_opts(int argc, char **argv, struct serve_cfg *c)
{
	char err[256];
	int first, rc = opt_parse(&serve_opts, argc, argv, c, NULL, &first, err, sizeof(err));

	if (rc < 0) {
		fputs("sysindex serve: ", stderr);
		put_message(stderr, err);
		return 2;
	}
	if (rc > 0) {
		usage(stdout);
		return 1;
	}
	if (first < argc) {
		char q[QUOTE_BUF];

		fprintf(stderr, "sysindex serve: unexpected argument '%s'\n", quote(argv[first], q));
		return 2;
	}
	return take_token(c);
}

static int open_listener(struct serve_state *s)
{
	struct addrinfo hints, *res = NULL;
	char err[256], q[QUOTE_BUF];
	int rc;

	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICHOST | AI_PASSIVE;
	rc = getaddrinfo(s->cfg.bind, NULL, &hints, &res);
	if (rc != 0) {
		fprintf(stderr, "sysindex serve: --bind %s: not a numeric address (%s)\n",
			quote(s->cfg.bind, q), gai_strerror(rc));
		return 2;
	}
	s->lfd = net_listen_like(res->ai_addr, res->ai_addrlen, s->cfg.port,
				 SOCK_STREAM, err, sizeof(err));
	freeaddrinfo(res);
	if (s->lfd < 0) {
		fprintf(stderr, "sysindex serve: %s\n", err);
		return 1;
	}
	if ((rc = fcntl(s->lfd, F_GETFL)) < 0 || fcntl(s->lfd, F_SETFL, rc | O_NONBLOCK) != 0) {
		fprintf(stderr, "sysindex serve: fcntl: %s\n", strerror(errno));
		return 1;
	}
	return 0;
}

static void announce(const struct serve_state *s)
{
	struct sockaddr_storage ss;
	socklen_t sl = sizeof(ss);
	unsigned port = net_local_port(s->lfd);
	int loop;

	/* The address bound, not its spelling: 127.0.0.2 and ::ffff:127.0.0.1 are loopback too. */
	memset(&ss, 0, sizeof(ss));
	loop = getsockname(s->lfd, (struct sockaddr *)&ss, &sl) == 0 &&
	       net_is_loopback((struct sockaddr *)&ss);

	printf("sysindex serve: listening on %s port %u (%s)\n", s->cfg.bind, port,
	       loop ? "loopback only; --bind ADDR to accept other hosts"
		    : "reachable from other hosts: anyone with the token can run tests");
	printf("sysindex serve: token %s\n", s->cfg.token);
	printf("sysindex serve: on the client: ./Run --peer %s:%u --peer-token %s net\n",
	       ss.ss_family == AF_INET6 ? "[HOST]" : "HOST", port, s->cfg.token);
	printf("sysindex serve: caps: %u sessions, %u s and %llu MiB per test, %u s idle; Ctrl-C stops\n",
	       s->cfg.max_sessions, s->cfg.max_seconds, s->cfg.max_bytes >> 20, s->cfg.idle);
	fflush(stdout);
}

static void reap(struct serve_state *s, int block)
{
	for (size_t i = 0; i < s->nsessions;) {
		int st;
		pid_t p = waitpid(s->sessions[i], &st, block ? 0 : WNOHANG);

		if (p == s->sessions[i] || (p < 0 && errno == ECHILD))
			s->sessions[i] = s->sessions[--s->nsessions];
		else
			i++;
	}
}

/* "ADDR port N" ("[V6] port N" for IPv6) of fd's peer, "?" if unknown. */
static void peer_name(int fd, char *who, size_t len)
{
	struct sockaddr_storage ss;
	socklen_t sl = sizeof(ss);
	char host[NI_MAXHOST], port[16];

	fmt(who, len, "?");
	memset(&ss, 0, sizeof(ss));
	if (getpeername(fd, (struct sockaddr *)&ss, &sl) == 0 &&
	    getnameinfo((struct sockaddr *)&ss, sl, host, sizeof(host), port, sizeof(port),
			NI_NUMERICHOST | NI_NUMERICSERV) == 0)
		fmt(who, len, ss.ss_family == AF_INET6 ? "[%s]:%s" : "%s:%s", host, port);
}

/* In the forked session process: default signals, one session, exit. */
static noreturn void session(struct serve_state *s, int fd, const char *who)
{
	struct net_limits lim = {
		.token = s->cfg.token, .max_seconds = s->cfg.max_seconds,
		.max_bytes = s->cfg.max_bytes, .idle_seconds = s->cfg.idle,
	};
	char err[256];
	sigset_t none;
	int rc;

	sig_default();
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	prctl(PR_SET_PDEATHSIG, SIGTERM);   /* the server gone: so is the session */
	close(s->lfd);
	for (size_t i = 0; i < s->npending; i++)
		close(s->pending[i].fd);
	rc = net_serve_authed(fd, &lim, 2, err, sizeof(err));
	fprintf(stderr, "sysindex serve: session from %s %s%s%s\n", who,
		rc == 0 ? "ended" : "ended early", err[0] ? ": " : "", err);
	_exit(rc == 0 ? 0 : 1);
}

/*
 * A window past its time: how many were not logged, once, then a new
 * window.  So a flood of strangers cannot grow the log without bound.
 */
static void log_window(struct drop_log *l)
{
	double now = net_mono();

	if (now - l->since < LOG_WINDOW_S)
		return;
	if (l->unlogged > 0)
		fprintf(stderr, "sysindex serve: %u more connections dropped or refused in %d s "
			"(not logged one by one)\n", l->unlogged, LOG_WINDOW_S);
	l->since = now;
	l->logged = l->unlogged = 0;
}

/* Whether a line about a dropped or refused connection may go to the log. */
static int log_drop(struct drop_log *l)
{
	log_window(l);
	if (l->logged < LOG_BURST) {
		l->logged++;
		return 1;
	}
	l->unlogged++;
	return 0;
}

/* Pending connection i is done: told why (NULL: nothing), logged, closed. */
static void drop_pending(struct serve_state *s, size_t i, const char *why)
{
	struct pending *p = &s->pending[i];

	if (why != NULL) {
		net_printf(p->fd, "ERR %s", why);
		if (log_drop(&s->log))
			fprintf(stderr, "sysindex serve: dropped a connection from %s: %s\n", p->who,
				why);
	}
	close(p->fd);
	*p = s->pending[--s->npending];
}

/* Pending connection i sent its greeting: a session, "ERR busy" or why not. */
static void greeted(struct serve_state *s, size_t i)
{
	struct pending p = s->pending[i];
	const char *why = net_greeting_check(p.line, s->cfg.token);
	int flags = fcntl(p.fd, F_GETFL);
	pid_t pid;

	s->pending[i] = s->pending[--s->npending];
	reap(s, 0);
	if (why == NULL && s->nsessions >= s->cfg.max_sessions) {
		net_printf(p.fd, "ERR busy: %zu sessions already", s->nsessions);
		if (log_drop(&s->log))
			fprintf(stderr, "sysindex serve: refused %s: %zu sessions already\n", p.who,
			s->nsessions);
	} else if (why != NULL) {
		net_printf(p.fd, "ERR %s", why);
		if (log_drop(&s->log))
			fprintf(stderr, "sysindex serve: dropped a connection from %s: %s\n", p.who,
				why);
	} else if (flags < 0 || fcntl(p.fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
		fprintf(stderr, "sysindex serve: fcntl: %s\n", strerror(errno));
	} else if ((pid = fork()) == 0) {
		session(s, p.fd, p.who);
	} else if (pid < 0) {
		fprintf(stderr, "sysindex serve: fork: %s\n", strerror(errno));
	} else {
		s->sessions[s->nsessions++] = pid;
	}
	close(p.fd);
}

/*
 * Read what pending connection i has sent, up to the end of its greeting
 * (peeked first, so that what follows stays for the session).  Returns 1
 * when it was closed or handed on (the slot now holds another), 0 while its
 * greeting is incomplete.
 */
static int read_pending(struct serve_state *s, size_t i)
{
	struct pending *p = &s->pending[i];
	char buf[NET_LINE_MAX];
	ssize_t got = recv(p->fd, buf, sizeof(buf), MSG_PEEK);
	char *nl;

	if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
		return 0;
	if (got > 0) {
		nl = memchr(buf, '\n', (size_t)got);
		got = read(p->fd, buf, nl ? (size_t)(nl - buf) + 1 : (size_t)got);
	}
	if (got <= 0) {
		drop_pending(s, i, NULL);
		return 1;
	}
	for (ssize_t k = 0; k < got; k++) {
		if (++p->n >= NET_LINE_MAX) {
			drop_pending(s, i, "greeting too long (empty lines included)");
			return 1;
		}
		if (buf[k] != '\n') {
			p->line[p->len++] = net_line_char(buf[k]);
		} else if (p->len > 0) {
			p->len = net_line_finish(p->line, p->len);
			greeted(s, i);
			return 1;
		}
	}
	return 0;
}

/*
 * Take one queued connection (the listener never blocks): 1 when one was
 * taken, 0 when none is queued.  Its greeting is read at once if it came with
 * the connection, as a client's does, so a flood of strangers pushing out
 * the oldest pending connection cannot push out a client.
 */
static int accept_one(struct serve_state *s)
{
	int fd = accept4(s->lfd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
	struct pending *p;

	if (fd < 0)
		return errno == EINTR || errno == ECONNABORTED;
	if (s->npending == MAX_PENDING) {
		size_t oldest = 0;

		for (size_t i = 1; i < s->npending; i++)
			if (s->pending[i].deadline < s->pending[oldest].deadline)
				oldest = i;
		drop_pending(s, oldest, "too many connections owe their greeting");
	}
	p = &s->pending[s->npending++];
	memset(p, 0, sizeof(*p));
	p->fd = fd;
	p->deadline = net_mono() + NET_HELLO_S;
	peer_name(fd, p->who, sizeof(p->who));
	read_pending(s, s->npending - 1);
	return 1;
}

/* Pending connections past their deadline are told so and closed. */
static void expire_pending(struct serve_state *s)
{
	double now = net_mono();

	for (size_t i = 0; i < s->npending;)
		if (now >= s->pending[i].deadline)
			drop_pending(s, i, "no greeting in time");
		else
			i++;
}

static void stop_sessions(struct serve_state *s)
{
	for (size_t i = 0; i < s->nsessions; i++)
		kill(s->sessions[i], SIGTERM);
	for (int t = 0; t < 30 && s->nsessions > 0; t++) {
		reap(s, 0);
		if (s->nsessions > 0)
			usleep(100000);
	}
	for (size_t i = 0; i < s->nsessions; i++)
		kill(s->sessions[i], SIGKILL);
	reap(s, 1);
}

int cmd_serve(int argc, char **argv)
{
	static struct serve_state s;
	int rc;

	memset(&s, 0, sizeof(s));
	s.lfd = -1;
	rc = parse_opts(argc, argv, &s.cfg);   /* argv[0] is "serve" */
	if (rc != 0)
		return rc == 1 ? 0 : rc;
	if (sig_install() != 0) {
		fprintf(stderr, "sysindex serve: cannot install signal handlers: %s\n", strerror(errno));
		return 1;
	}
	if ((rc = open_listener(&s)) != 0)
		return rc;
	announce(&s);
	while (!sig_pending()) {
		struct pollfd p[2 + MAX_PENDING] = {
			{ .fd = s.lfd, .events = POLLIN }, { .fd = sig_fd(), .events = POLLIN },
		};
		size_t np = s.npending;
		int wait_ms = 1000;

		for (size_t i = 0; i < np; i++) {
			int ms = (int)((s.pending[i].deadline - net_mono()) * 1000) + 1;

			p[2 + i].fd = s.pending[i].fd;
			p[2 + i].events = POLLIN;
			wait_ms = ms < wait_ms ? (ms > 0 ? ms : 0) : wait_ms;
		}
		if (poll(p, 2 + np, wait_ms) < 0 && errno != EINTR) {
			fprintf(stderr, "sysindex serve: poll: %s\n", strerror(errno));
			break;
		}
		if (p[1].revents & POLLIN)
			sig_drain();
		reap(&s, 0);
		/* From the last, as a slot handed on takes the last one's place. */
		for (size_t i = np; i-- > 0;)
			if (p[2 + i].revents & (POLLIN | POLLHUP | POLLERR))
				read_pending(&s, i);
		expire_pending(&s);
		log_window(&s.log);
		if (p[0].revents & POLLIN)
			for (int k = 0; k < MAX_PENDING && accept_one(&s); k++)
				;
	}
	stop_sessions(&s);
	while (s.npending > 0)
		drop_pending(&s, 0, NULL);
	s.log.since = net_mono() - LOG_WINDOW_S;   /* the count not logged yet */
	log_window(&s.log);
	close(s.lfd);
	fprintf(stderr, "sysindex serve: stopped%s\n", sig_pending() ? " (signal)" : "");
	return 0;
}
