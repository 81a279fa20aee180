/*
 * net-stream: bulk transfer throughput, iperf3's default test.
 *
 *   net-stream -m tcp|unix -P <streams> -t <seconds> [-p <peer>]
 *
 * The client writes 128 KiB blocks on P connections (one poll loop, as
 * iperf3 before 3.16) for the duration; the server reads and discards them.
 * The result is what the server received, in Gbit/s (10^9 bits) over the time
 * from its first to its last byte read, as iperf3's "receiver" line.  -p is
 * "-" for loopback (the program forks its own server on 127.0.0.1, port
 * chosen by the kernel; or a Unix socket in the current folder for -m unix)
 * or HOST[:PORT] of `sysindex serve` with the token in $SYSINDEX_PEER_TOKEN.
 *
 * Output: COUNT|<Gbit/s>|0|Gbit/s, METRIC sender_gbit_s, bytes; NOTE names
 * the path (interface, MTU).  A peer that closes or stalls fails the test.
 */
#include "harness.h"
#include "shared/netcli.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define USAGE "net-stream -m tcp|unix -P <streams> -t <seconds> [-p <peer>]"
#define STALL_MS NET_ANSWER_MS
#define BURST 16   /* blocks per stream between two polls: fair to every stream */

struct stream_run {
	int unix_sock;
	unsigned streams, seconds;
	const char *peer;
	struct net_client cli;
	int fds[NET_MAX_STREAMS];
	char *buf;
	unsigned long long sent;
	double elapsed;
};

static void parse(int argc, char **argv, struct stream_run *r)
{
	for (int i = 1; i < argc; i++) {
		if (i + 1 >= argc)
			harness_usage(USAGE);
		if (strcmp(argv[i], "-m") == 0) {
			i++;
			if (strcmp(argv[i], "unix") == 0)
				r->unix_sock = 1;
			else if (strcmp(argv[i], "tcp") != 0)
				harness_usage(USAGE);
		} else if (strcmp(argv[i], "-P") == 0) {
			r->streams = (unsigned)harness_long(argv[++i], 1, NET_MAX_STREAMS, USAGE);
		} else if (strcmp(argv[i], "-t") == 0) {
			r->seconds = harness_seconds(argv[++i], USAGE);
		} else if (strcmp(argv[i], "-p") == 0) {
			r->peer = argv[++i];
		} else {
			harness_usage(USAGE);
		}
	}
	if (r->seconds == 0)
		harness_usage(USAGE);
}

/* A write failed: name the peer's reason when it sent one. */
static noreturn void write_failed(struct stream_run *r, int err)
{
	char why[NET_LINE_MAX + 16];

	net_client_why(&r->cli, why, sizeof(why));
	harness_fail("peer %s closed the connection mid-test: %s%s", r->cli.name,
		     strerror(err), why);
}

static void blast(struct stream_run *r)
{
	struct pollfd p[NET_MAX_STREAMS];
	double t0, quiet_since;

	for (unsigned i = 0; i < r->streams; i++)
		p[i] = (struct pollfd){ .fd = r->fds[i], .events = POLLOUT };
	harness_arm(r->seconds);
	t0 = quiet_since = harness_now();
	while (!harness_stop) {
		int n = poll(p, r->streams, 1000);

		if (n < 0 && errno != EINTR)
			harness_fail_errno("poll");
		if (n <= 0) {
			if (!harness_stop && (harness_now() - quiet_since) * 1000 > STALL_MS)
				harness_fail("peer %s stalled: nothing accepted for %d s",
					     r->cli.name, STALL_MS / 1000);
			continue;
		}
		quiet_since = harness_now();
		for (unsigned i = 0; i < r->streams && !harness_stop; i++) {
			ssize_t w;

			if (p[i].revents & (POLLERR | POLLHUP))
				write_failed(r, ECONNRESET);
			if (!(p[i].revents & POLLOUT))
				continue;
			/* Write while the socket takes it: one poll per burst, not per block. */
			for (int k = 0; k < BURST && !harness_stop; k++) {
				w = write(r->fds[i], r->buf, NET_STREAM_BLOCK);
				if (w > 0)
					r->sent += (unsigned long long)w;
				else if (w < 0 && errno != EAGAIN && errno != EINTR)
					write_failed(r, errno);
				if (w < (ssize_t)NET_STREAM_BLOCK)
					break;
			}
		}
	}
	r->elapsed = harness_now() - t0;
}

int main(int argc, char **argv)
{
	struct stream_run run = { .streams = 1 };
	struct net_result res;
	char err[512], path[160];
	const char *why;

	parse(argc, argv, &run);
	if (run.unix_sock && run.peer && *run.peer && strcmp(run.peer, "-") != 0)
		harness_skip("a Unix socket cannot reach peer %s: unix-stream is local only", run.peer);
	run.buf = net_block_alloc();
	if (run.buf == NULL)
		harness_fail("out of memory");
	memset(run.buf, 's', NET_STREAM_BLOCK);
	if (net_client_open(&run.cli, run.peer, err, sizeof(err)) != 0 ||
	    net_client_test(&run.cli, run.unix_sock ? NK_USTREAM : NK_STREAM, run.seconds,
			    run.streams, err, sizeof(err)) != 0)
		harness_fail("%s", err);
	for (unsigned i = 0; i < run.streams; i++) {
		int fd = net_client_data(&run.cli, SOCK_STREAM, 1, err, sizeof(err)), fl;

		if (fd < 0)
			harness_fail("%s", err);
		fl = fcntl(fd, F_GETFL);
		if (fl < 0 || fcntl(fd, F_SETFL, fl | O_NONBLOCK) != 0)
			harness_fail_errno("fcntl");
		run.fds[i] = fd;
	}
	blast(&run);
	for (unsigned i = 0; i < run.streams; i++)
		close(run.fds[i]);
	if (net_client_done(&run.cli, &res, err, sizeof(err)) != 0)
		harness_fail("%s", err);
	why = net_result_implausible(&res, run.seconds, run.sent, run.elapsed);
	if (why != NULL)
		harness_fail("peer %s: impossible result (%s): %llu bytes in %.6f s, %llu sent "
			     "in %.6f s", run.cli.name, why, res.bytes, res.seconds,
			     run.sent, run.elapsed);
	if (run.unix_sock)
		snprintf(path, sizeof(path), "Unix socket, %u stream%s", run.streams,
			 run.streams == 1 ? "" : "s");
	else
		net_client_path(&run.cli, path, sizeof(path));
	net_client_close(&run.cli);
	if (res.bytes == 0 || !(res.seconds > 0))
		harness_fail("the server received nothing");
	harness_metric("sender_gbit_s", (double)run.sent * 8 / run.elapsed / 1e9, "Gbit/s");
	harness_metric("bytes", (double)res.bytes, "B");
	harness_note(path);
	harness_count((double)res.bytes * 8 / res.seconds / 1e9, 0, "Gbit/s");
	free(run.buf);
	return HARNESS_OK;
}
