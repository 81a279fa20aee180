/*
 * netcli.h: the client side of the sysindex peer protocol (net.h) for the
 * network test programs.  A client either reaches `sysindex serve` on another
 * machine (--peer HOST[:PORT], the token from $SYSINDEX_PEER_TOKEN) or, for
 * the default loopback run, forks its own one-session server on 127.0.0.1
 * with a kernel-chosen port and talks to it the same way.
 *
 * Lifecycle: net_client_open() (forks the loopback server, connects, greets);
 * per test net_client_test(), net_client_data() for each data socket, the
 * measured loop, close the data sockets, net_client_done(); finally
 * net_client_close() (says BYE, reaps the loopback server).  Errors come back
 * as a one-line reason; nothing here prints or exits.
 */
#ifndef SYSINDEX_NETCLI_H
#define SYSINDEX_NETCLI_H

#include <sys/socket.h>
#include <sys/types.h>

#include "shared/net.h"

#define NET_PEER_ENV "SYSINDEX_PEER_TOKEN"
#define NET_CONNECT_MS 5000
#define NET_ANSWER_MS 10000   /* a peer that says nothing this long has stalled */

struct net_client {
	int ctl;
	pid_t server;                  /* the forked loopback server, or 0 */
	int remote;                    /* 1 when talking to `sysindex serve` */
	char host[256];
	unsigned port;
	char name[256 + 8];            /* "HOST:PORT", "[V6]:PORT": for messages */
	struct sockaddr_storage addr;  /* the server's end of the control connection */
	socklen_t addrlen;
	char cookie[NET_COOKIE_LEN + 1];
	unsigned data_port;
	char upath[108];               /* ustream: the server's socket file */
	unsigned seconds;              /* the current test's, as asked for */
};

/* peer NULL, "" or "-": loopback.  Returns 0 or -1 with a reason. */
int net_client_open(struct net_client *c, const char *peer, char *err, size_t errlen);

/* Ask for one test; on OK the data port and cookie are in c. */
int net_client_test(struct net_client *c, enum net_kind kind, unsigned seconds,
		    unsigned streams, char *err, size_t errlen);

/*
 * A data socket for the current test: TCP (or Unix for ustream) connected
 * and, when send_cookie, the cookie written; or (SOCK_DGRAM) a UDP socket
 * connected to the data port, the cookie exchanged.  Returns the fd or -1.
 */
int net_client_data(struct net_client *c, int type, int send_cookie, char *err, size_t errlen);

/*
 * "RESULT <bytes> <transactions> <seconds>" into r: 0, or -1 when the line is
 * not exactly that (whole numbers, a finite non-negative time).
 */
int net_parse_result(const char *line, struct net_result *r);

/*
 * Why a peer's result cannot be true (NULL: it can): more seconds than the
 * test's cap (seconds + NET_GRACE_S), or, where the client knows them
 * (sent > 0, elapsed > 0), more bytes than it sent, or the bytes received in
 * under half the time it took to send them.
 */
const char *net_result_implausible(const struct net_result *r, unsigned seconds,
				   unsigned long long sent, double elapsed);

/* DONE, then the server's RESULT line (within NET_ANSWER_MS), checked. */
int net_client_done(struct net_client *c, struct net_result *res, char *err, size_t errlen);

/*
 * After a data socket failed: the server's ERR line if one is waiting
 * (briefly), so the reason names the peer's side; else empty.
 */
void net_client_why(struct net_client *c, char *out, size_t len);

/* "loopback 127.0.0.1 via lo, MTU 65536", "peer H:P via eth0, MTU 1500" or "peer [V6]:P ...". */
void net_client_path(const struct net_client *c, char *out, size_t len);

void net_client_close(struct net_client *c);

#endif
