/*
 * serve.c: `sysindex serve`, the far end of `./Run --peer HOST net`.
 *
 *   sysindex serve [--bind ADDR] [--port N] [--token T] [--max-sessions N]
 *                  [--max-seconds S] [--max-bytes SIZE] [--idle S]
 *
 * Lifecycle: parse and check every option; bind (loopback unless --bind) and
 * say where, and with which token; then one poll() loop over the listening
 * socket and the driver's signal self-pipe.  Each accepted connection gets a
 * forked session process (net_serve_session: the token first, then tests
 * within the caps); past --max-sessions a connection is told "ERR busy" and
 * closed.  SIGINT/SIGTERM/SIGHUP: the sessions are ended (SIGTERM, then
 * SIGKILL), reaped, the socket closed, exit 0.  The server answers only the
 * sysindex protocol (src/progs/lib/net.h) and never connects anywhere.
 */
#define _GNU_SOURCE   /* prctl, getaddrinfo under -D_POSIX_C_SOURCE */
#include "cmds.h"

#include <errno.h>
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
#include "progs/lib/net.h"
#include "run/sig.h"
#include "util/util.h"

#define MAX_SESSIONS_CAP 64

struct serve_cfg {
	const char *bind, *token_arg;
	unsigned port, max_sessions, max_seconds, idle;
	unsigned long long max_bytes;
	char token[NET_TOKEN_MAX + 1];
};

struct serve_state {
	struct serve_cfg cfg;
	int lfd;
	pid_t sessions[MAX_SESSIONS_CAP];
	size_t nsessions;
};

static int check_token(const char *arg, char *err, size_t errlen)
{
	if (strlen(arg) <= NET_TOKEN_MAX && strpbrk(arg, " \t\r\n") == NULL)
		return 0;
	fmt(err, errlen, "--token: at most %d characters, no spaces", NET_TOKEN_MAX);
	return -1;
}

#define OFF(f) offsetof(struct serve_cfg, f)
static const struct opt_def serve_rows[] = {
	{ .lname = "bind", .kind = OPT_STR, .off = OFF(bind), .argname = "ADDR", .def = "127.0.0.1",
	  .help = "address to listen on (0.0.0.0 or :: for every interface)" },
	{ .lname = "port", .kind = OPT_UINT, .off = OFF(port), .max = 65535, .argname = "N",
	  .def = "5320", .help = "TCP port (0: the kernel picks one, printed)" },
	{ .lname = "token", .kind = OPT_STR, .off = OFF(token_arg), .argname = "T",
	  .check = check_token, .def_note = "a random one, printed",
	  .help = "the token clients must send" },
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

/* Option values: 0 to go on, 1 for --help, 2 after a one-line message. */
static int parse_opts(int argc, char **argv, struct serve_cfg *c)
{
	char err[256];
	int first, rc = opt_parse(&serve_opts, argc, argv, c, NULL, &first, err, sizeof(err));

	if (rc < 0) {
		fprintf(stderr, "sysindex serve: %s\n", err);
		return 2;
	}
	if (rc > 0) {
		usage(stdout);
		return 1;
	}
	if (first < argc) {
		fprintf(stderr, "sysindex serve: unexpected argument '%s'\n", argv[first]);
		return 2;
	}
	if (c->token_arg != NULL)
		fmt(c->token, sizeof(c->token), "%s", c->token_arg);
	else if (net_random_hex(c->token, 32) != 0) {
		fprintf(stderr, "sysindex serve: cannot read /dev/urandom; give a --token\n");
		return 1;
	}
	return 0;
}

static int open_listener(struct serve_state *s)
{
	struct addrinfo hints, *res = NULL;
	char err[256];
	int rc;

	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_NUMERICHOST | AI_PASSIVE;
	rc = getaddrinfo(s->cfg.bind, NULL, &hints, &res);
	if (rc != 0) {
		fprintf(stderr, "sysindex serve: --bind %s: not a numeric address (%s)\n",
			s->cfg.bind, gai_strerror(rc));
		return 2;
	}
	s->lfd = net_listen_like(res->ai_addr, res->ai_addrlen, s->cfg.port,
				 SOCK_STREAM, err, sizeof(err));
	freeaddrinfo(res);
	if (s->lfd < 0) {
		fprintf(stderr, "sysindex serve: %s\n", err);
		return 1;
	}
	return 0;
}

static void announce(const struct serve_state *s)
{
	int loop = strcmp(s->cfg.bind, "127.0.0.1") == 0 || strcmp(s->cfg.bind, "::1") == 0;
	unsigned port = net_local_port(s->lfd);

	printf("sysindex serve: listening on %s port %u (%s)\n", s->cfg.bind, port,
	       loop ? "loopback only; --bind ADDR to accept other hosts"
		    : "reachable from other hosts: anyone with the token can run tests");
	printf("sysindex serve: token %s\n", s->cfg.token);
	printf("sysindex serve: on the client: ./Run --peer HOST:%u --peer-token %s net\n",
	       port, s->cfg.token);
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

/* In the forked session process: default signals, one session, exit. */
static noreturn void session(struct serve_state *s, int fd)
{
	struct net_limits lim = {
		.token = s->cfg.token, .max_seconds = s->cfg.max_seconds,
		.max_bytes = s->cfg.max_bytes, .idle_seconds = s->cfg.idle,
	};
	char err[256], who[NI_MAXHOST + 16] = "?";
	struct sockaddr_storage ss;
	socklen_t sl = sizeof(ss);
	sigset_t none;
	int rc;

	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	signal(SIGCHLD, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	prctl(PR_SET_PDEATHSIG, SIGTERM);   /* the server gone: so is the session */
	close(s->lfd);
	if (getpeername(fd, (struct sockaddr *)&ss, &sl) == 0) {
		char host[NI_MAXHOST], port[16];

		if (getnameinfo((struct sockaddr *)&ss, sl, host, sizeof(host), port, sizeof(port),
				NI_NUMERICHOST | NI_NUMERICSERV) == 0)
			fmt(who, sizeof(who), "%s port %s", host, port);
	}
	rc = net_serve_session(fd, &lim, 2, err, sizeof(err));
	fprintf(stderr, "sysindex serve: session from %s %s%s%s\n", who,
		rc == 0 ? "ended" : "ended early", err[0] ? ": " : "", err);
	_exit(rc == 0 ? 0 : 1);
}

static void accept_one(struct serve_state *s)
{
	int fd = accept4(s->lfd, NULL, NULL, SOCK_CLOEXEC);
	pid_t pid;

	if (fd < 0)
		return;
	reap(s, 0);
	if (s->nsessions >= s->cfg.max_sessions) {
		net_printf(fd, "ERR busy: %zu sessions already", s->nsessions);
		close(fd);
		fprintf(stderr, "sysindex serve: refused a connection: %zu sessions already\n",
			s->nsessions);
		return;
	}
	pid = fork();
	if (pid == 0)
		session(s, fd);
	if (pid < 0)
		fprintf(stderr, "sysindex serve: fork: %s\n", strerror(errno));
	else
		s->sessions[s->nsessions++] = pid;
	close(fd);
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
		struct pollfd p[2] = {
			{ .fd = s.lfd, .events = POLLIN }, { .fd = sig_fd(), .events = POLLIN },
		};

		if (poll(p, 2, 1000) < 0 && errno != EINTR) {
			fprintf(stderr, "sysindex serve: poll: %s\n", strerror(errno));
			break;
		}
		if (p[1].revents & POLLIN)
			sig_drain();
		reap(&s, 0);
		if (p[0].revents & POLLIN)
			accept_one(&s);
	}
	stop_sessions(&s);
	close(s.lfd);
	fprintf(stderr, "sysindex serve: stopped%s\n", sig_pending() ? " (signal)" : "");
	return 0;
}
