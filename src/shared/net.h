/*
 * net.h: the network tests' sockets and the sysindex peer protocol, shared by
 * the test programs (net-stream, net-rr: the client side, plus a server they
 * fork for loopback runs) and by `sysindex serve` (the server side on another
 * machine).  Nothing here prints protocol lines or exits: callers decide.
 *
 * The protocol (version 1).  Lines are ASCII, end in '\n', at most
 * NET_LINE_MAX bytes.  C = client, S = server.
 *
 *   C: SYSINDEX1 <token>               within NET_HELLO_S of connecting
 *   S: OK sysindex1 | ERR <reason>     wrong token, too many sessions: closed
 *   C: TEST <kind> <seconds> <streams> kind: stream, rr, crr, udp, ustream
 *   S: OK <port> <cookie> | ERR <reason>
 *        The server opened a data socket (TCP, or UDP for udp) on <port> of
 *        the address the client reached it on (ustream: a Unix socket, only
 *        for the loopback server a test program forks itself).  Every data
 *        connection starts with the 16-character <cookie>; a connection
 *        without it is closed.  udp: the client's first datagram is the
 *        cookie, the server echoes it back and from then on answers only that
 *        address.
 *          stream, ustream: the client writes, the server reads and discards
 *          rr:  1-byte request, 1-byte response, repeated on one connection
 *          crr: per connection: cookie + 1-byte request, 1-byte response,
 *               then the server closes
 *          udp: 1-byte datagram, 1-byte echo
 *   C: DONE                             after closing its data connections
 *   S: RESULT <bytes> <transactions> <seconds>
 *        what the server received: bytes, requests answered, and the time
 *        from the first to the last byte it read
 *   (more TEST ... DONE rounds, then)
 *   C: BYE                              or just closes
 *
 * The server refuses a TEST longer than its cap on seconds, cuts the data
 * phase at seconds + NET_GRACE_S, stops sinking a test past its byte cap
 * (then "ERR byte cap" on the control connection), and drops a session whose
 * control connection says nothing for its idle timeout.
 */
#ifndef SYSINDEX_NET_H
#define SYSINDEX_NET_H

#include <stddef.h>
#include <sys/socket.h>

#define NET_MAGIC "SYSINDEX1"
#define NET_DEFAULT_PORT 5320
#define NET_LINE_MAX 256
#define NET_COOKIE_LEN 16
#define NET_TOKEN_MAX 64
#define NET_HELLO_S 5
#define NET_EMPTY_LINES_MAX 16
#define NET_GRACE_S 10
#define NET_MAX_STREAMS 16
#define NET_LISTEN_BACKLOG 64           /* connections a listener queues */
#define NET_STREAM_BLOCK (128u << 10)   /* bytes per write: iperf3's default */
#define NET_BLOCK_ALIGN 4096u            /* the stream buffers' alignment: a page */

enum net_kind { NK_STREAM, NK_RR, NK_CRR, NK_UDP, NK_USTREAM, NK_COUNT };
extern const char *const net_kind_name[NK_COUNT];
int net_kind_find(const char *name);   /* -1 if unknown */

/* What a server accepts in one session. */
struct net_limits {
	const char *token;
	unsigned max_seconds;            /* per test */
	unsigned long long max_bytes;    /* per test */
	unsigned idle_seconds;           /* control connection silence */
	int allow_unix;                  /* ustream: the forked loopback server only */
};

/* What the server saw of one test (its RESULT line). */
struct net_result {
	unsigned long long bytes, transactions;
	double seconds;
};

/*
 * Read one non-empty line ('\n' and a '\r' before it stripped) within
 * timeout_ms, one deadline for the whole line; empty lines are skipped.
 * Returns its length, 0 at EOF, -1 with errno (ETIMEDOUT when no line came
 * in time, EMSGSIZE for a line too long, EPROTO after more than
 * NET_EMPTY_LINES_MAX empty lines).
 */
int net_readline(int fd, char *buf, size_t len, int timeout_ms);

/*
 * A byte of a protocol line as kept: a control character ('\r' aside, which
 * the reader strips before '\n') or a NUL becomes '?', so no line is cut
 * short ("SYSINDEX1 <token>\0junk" is not the token) and no peer byte reaches
 * a message or a log raw.
 */
static inline char net_line_char(char ch)
{
	return ((unsigned char)ch < 0x20 && ch != '\r') || ch == 0x7f ? '?' : ch;
}

/* A line of n kept bytes ends: a last '\r' dropped, any other '?'; the new length. */
size_t net_line_finish(char *buf, size_t n);

/* Seconds on the monotonic clock. */
double net_mono(void);

/* Write all of buf (EINTR retried).  0 or -1 with errno. */
int net_writeall(int fd, const void *buf, size_t len);

/* printf-style line (the '\n' is added); 0 or -1. */
int net_printf(int fd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Wait until fd is readable (POLLIN) or writable; 1 ready, 0 timeout, -1 error. */
int net_wait(int fd, short events, int timeout_ms);

/*
 * A listening socket (SOCK_STREAM) or bound datagram socket (SOCK_DGRAM) on
 * the address of 'like' with port 'port' (0: the kernel picks).  Returns the
 * fd or -1 with a reason in err.
 */
int net_listen_like(const struct sockaddr *like, socklen_t likelen, unsigned port,
		    int type, char *err, size_t errlen);

/*
 * Whether sa is a loopback address: 127.0.0.0/8, ::1, or 127.x.x.x mapped
 * into IPv6 (::ffff:127.0.0.1), which only this host can reach.
 */
int net_is_loopback(const struct sockaddr *sa);

/* The port a socket is bound to, 0 if unknown. */
unsigned net_local_port(int fd);

/*
 * Connect a TCP socket to host:port within timeout_ms.  Returns the fd or -1
 * with "cannot connect to HOST:PORT: reason" in err.
 */
int net_connect(const char *host, unsigned port, int timeout_ms, char *err, size_t errlen);

/* Connect a socket of 'type' to sa (the server's data address). */
int net_connect_addr(const struct sockaddr *sa, socklen_t len, int type, int timeout_ms,
		     char *err, size_t errlen);

/*
 * Split "HOST", "HOST:PORT", "[V6]" or "[V6]:PORT"; -1 if malformed, and for
 * a bare IPv6 address ("::1:5320": its last group or a port?).
 */
int net_split_peer(const char *spec, char *host, size_t hostlen, unsigned *port);

/* 'n' random hex characters (/dev/urandom) and a NUL into out; 0 or -1. */
int net_random_hex(char *out, size_t n);

/*
 * A NET_STREAM_BLOCK buffer that starts on a page (NET_BLOCK_ALIGN), as
 * iperf3's (an mmap) does; NULL when out of memory; free() it.  The stream
 * tests write from and read into these.  Where the buffer starts matters: a
 * malloc'd 128 KiB block starts 16 bytes into a page, and after the 16-byte
 * cookie every received byte then lands at the same offset within its page
 * as it sits in the kernel's buffer.  That copy (same page offset, not
 * cache-line aligned) ran at a fifth of the speed of any other on this
 * project's AMD guest, and halved tcp-stream.
 */
void *net_block_alloc(void);

/* TCP_NODELAY on (request/response tests); errors ignored. */
void net_nodelay(int fd);

/*
 * The server side of one session on an accepted control connection: the
 * handshake, then TEST rounds until BYE, EOF, the idle timeout or an error.
 * Returns 0 after a clean end, -1 otherwise (reason in err).  'log' (may be
 * NULL) receives one line per test.
 */
int net_serve_session(int ctl, const struct net_limits *lim, int log_fd,
		      char *err, size_t errlen);

/*
 * The greeting line (as net_readline gives it) against the token: NULL if it
 * is "SYSINDEX1 <token>", else the reason ("not a sysindex client", "wrong
 * token").  The token is compared in constant time.
 */
const char *net_greeting_check(const char *line, const char *token);

/* Why net_readline returned n (0 or -1, errno set) before a greeting. */
const char *net_readline_error(int n);

/* net_serve_session after the greeting was checked: "OK", then the tests. */
int net_serve_authed(int ctl, const struct net_limits *lim, int log_fd,
		     char *err, size_t errlen);

#endif
