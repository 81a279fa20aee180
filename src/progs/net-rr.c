/*
 * net-rr: request/response round trips per second, netperf's TCP_RR,
 * TCP_CRR and UDP_RR.
 *
 *   net-rr -m rr|crr|udp -t <seconds> [-p <peer>]
 *
 *   rr   one TCP connection (TCP_NODELAY), 1-byte request, 1-byte response
 *   crr  per transaction: connect, 1-byte request, 1-byte response, close
 *        (the server closes first, so TIME_WAIT piles up there, not here)
 *   udp  1-byte datagram and its 1-byte echo; a lost one is sent again
 *
 * -p as in net-stream ("-" = a loopback server forked here).  Output:
 * COUNT|<transactions>|1|tps with TIME, METRIC rtt_us (mean round trip).
 */
#include "harness.h"
#include "shared/netcli.h"

#include <errno.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#define USAGE "net-rr -m rr|crr|udp -t <seconds> [-p <peer>]"
#define UDP_MAX_LOST 20

struct rr_run {
	enum net_kind kind;
	unsigned seconds;
	const char *peer;
	struct net_client cli;
	unsigned long long trans, lost;
	double elapsed;
};

static void parse(int argc, char **argv, struct rr_run *r)
{
	int kind = -1;

	for (int i = 1; i < argc; i++) {
		if (i + 1 >= argc)
			harness_usage(USAGE);
		if (strcmp(argv[i], "-m") == 0)
			kind = net_kind_find(argv[++i]);
		else if (strcmp(argv[i], "-t") == 0)
			r->seconds = harness_seconds(argv[++i], USAGE);
		else if (strcmp(argv[i], "-p") == 0)
			r->peer = argv[++i];
		else
			harness_usage(USAGE);
	}
	if ((kind != NK_RR && kind != NK_CRR && kind != NK_UDP) || r->seconds == 0)
		harness_usage(USAGE);
	r->kind = (enum net_kind)kind;
}

/* A transfer came back short: the end of the duration, or a failure. */
static int check(struct rr_run *r, ssize_t got, const char *what)
{
	char why[NET_LINE_MAX + 16];

	if (got == 1)
		return 1;
	if (got < 0 && errno == EINTR && harness_stop)
		return 0;
	net_client_why(&r->cli, why, sizeof(why));
	if (got == 0)
		harness_fail("peer %s closed the connection mid-test (%s)%s", r->cli.name, what, why);
	harness_fail("peer %s: %s: %s%s", r->cli.name, what, strerror(errno), why);
}

static void loop_rr(struct rr_run *r, int fd)
{
	char b = 'r';

	while (!harness_stop) {
		if (!check(r, write(fd, &b, 1), "request") || !check(r, read(fd, &b, 1), "response"))
			break;
		r->trans++;
	}
}

static void loop_crr(struct rr_run *r)
{
	char req[NET_COOKIE_LEN + 1], b, err[256];

	memcpy(req, r->cli.cookie, NET_COOKIE_LEN);
	req[NET_COOKIE_LEN] = 'c';
	while (!harness_stop) {
		int fd = net_client_data(&r->cli, SOCK_STREAM, 0, err, sizeof(err));
		ssize_t got;

		if (fd < 0) {
			if (harness_stop)
				break;
			harness_fail("%s", err);
		}
		net_nodelay(fd);
		if (net_writeall(fd, req, sizeof(req)) != 0) {
			close(fd);
			if (errno == EINTR && harness_stop)
				break;
			harness_fail("peer %s: request: %s", r->cli.name, strerror(errno));
		}
		got = read(fd, &b, 1);
		if (got == 1)
			got = read(fd, &b, 1) == 0 ? 1 : -1;   /* the server's close */
		close(fd);
		if (!check(r, got, "response"))
			break;
		r->trans++;
	}
}

static void loop_udp(struct rr_run *r, int fd)
{
	struct timeval tv = { .tv_sec = 1 };
	char b = 'u';

	if (setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) != 0)
		harness_fail_errno("SO_RCVTIMEO");
	while (!harness_stop) {
		ssize_t got;

		if (!check(r, send(fd, &b, 1, 0), "request"))
			break;
		got = recv(fd, &b, 1, 0);
		if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			if (++r->lost > UDP_MAX_LOST)
				harness_fail("peer %s stalled: %llu UDP requests unanswered",
					     r->cli.name, r->lost);
			continue;
		}
		if (!check(r, got, "response"))
			break;
		r->trans++;
	}
}

int main(int argc, char **argv)
{
	struct rr_run run = { .kind = NK_RR };
	struct net_result res;
	char err[512], path[160];
	double t0;
	int fd = -1;

	parse(argc, argv, &run);
	if (net_client_open(&run.cli, run.peer, err, sizeof(err)) != 0 ||
	    net_client_test(&run.cli, run.kind, run.seconds, 1, err, sizeof(err)) != 0)
		harness_fail("%s", err);
	if (run.kind != NK_CRR) {
		fd = net_client_data(&run.cli, run.kind == NK_UDP ? SOCK_DGRAM : SOCK_STREAM, 1,
				     err, sizeof(err));
		if (fd < 0)
			harness_fail("%s", err);
		if (run.kind == NK_RR)
			net_nodelay(fd);
	}
	harness_arm(run.seconds);
	t0 = harness_now();
	if (run.kind == NK_RR)
		loop_rr(&run, fd);
	else if (run.kind == NK_CRR)
		loop_crr(&run);
	else
		loop_udp(&run, fd);
	run.elapsed = harness_now() - t0;
	if (fd >= 0)
		close(fd);
	if (net_client_done(&run.cli, &res, err, sizeof(err)) != 0)
		harness_fail("%s", err);
	net_client_path(&run.cli, path, sizeof(path));
	net_client_close(&run.cli);
	if (run.trans == 0)
		harness_fail("no transaction completed");
	harness_metric_as("rtt_us", run.elapsed / (double)run.trans * 1e6, "us", MC_MEAN);
	if (run.kind == NK_UDP)
		harness_metric("lost", (double)run.lost, "datagrams");
	harness_note(path);
	harness_time(run.elapsed);
	harness_count_u(run.trans, 1, "tps");
	return HARNESS_OK;
}
