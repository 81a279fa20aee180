/*
 * test_memnet.c: the memory and network groups' pure parts: cache sizes from
 * a fake sysfs folder, --peer parsing, the curve's level names, the
 * lower-is-better scoring rule, the stream buffers' alignment, and the peer
 * server's answers to bad input
 * (a session on one end of a socket pair, in a child process).
 */
#define _GNU_SOURCE
#include <check.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "memsize.h"
#include "shared/net.h"
#include "shared/netcli.h"
#include "report/report.h"
#include "score/score.h"
#include "util/util.h"

/* ---- cache sizes ---------------------------------------------------------- */

static void put(const char *dir, const char *idx, const char *file, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, idx);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/%s/%s", dir, idx, file);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f, "%s\n", text);
	fclose(f);
}

static void cache(const char *dir, const char *idx, const char *lv, const char *type,
		  const char *size)
{
	put(dir, idx, "level", lv);
	put(dir, idx, "type", type);
	put(dir, idx, "size", size);
}

START_TEST(caches_from_sysfs)
{
	char dir[] = "/tmp/sysindex-cache-XXXXXX";
	struct mem_caches c;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	cache(dir, "index0", "1", "Data", "48K");
	cache(dir, "index1", "1", "Instruction", "64K");
	cache(dir, "index2", "2", "Unified", "2048K");
	cache(dir, "index3", "3", "Unified", "32M");
	put(dir, "index4", "level", "9");   /* incomplete: ignored */
	unsetenv("SYSINDEX_CACHE_DIR");
	ck_assert_int_eq(memsize_caches(dir, &c), 3);
	ck_assert_uint_eq(c.size[1], 48u << 10);   /* the data cache, not the instruction one */
	ck_assert_uint_eq(c.size[2], 2u << 20);
	ck_assert_int_eq(c.llc_level, 3);
	ck_assert_uint_eq(c.llc, 32u << 20);
	ck_assert_uint_eq(memsize_array_default(&c), 128u << 20);
	ck_assert_str_eq(memsize_level_name(3), "L3");
	remove_tree(dir);
	/* No sysfs: unknown LLC, the documented fallback. */
	ck_assert_int_eq(memsize_caches("/nonexistent/cache", &c), 0);
	ck_assert_uint_eq(c.llc, 0);
	ck_assert_uint_eq(memsize_array_default(&c), 4 * MEMSIZE_UNKNOWN_LLC);
	/* A tiny LLC still gets 16 MiB arrays. */
	c.llc = 1u << 20;
	ck_assert_uint_eq(memsize_array_default(&c), 16u << 20);
}
END_TEST

/* ---- --peer ----------------------------------------------------------------- */

START_TEST(peer_specs)
{
	static const struct { const char *spec, *host; unsigned port; } ok[] = {
		{ "example.org", "example.org", NET_DEFAULT_PORT },
		{ "10.200.1.2:7000", "10.200.1.2", 7000 },
		{ "[::1]:99", "::1", 99 },
		{ "[fe80::1]", "fe80::1", NET_DEFAULT_PORT },
	};
	/* Issue 41: a bare IPv6 address is refused, "::1:5320" above all (a
	 * valid address, or ::1 port 5320?); brackets say which. */
	static const char *const bad[] = {
		"", ":80", "host:", "host:0", "host:70000", "host:8x", "[::1", "[::1]x", "[]:5",
		"::1", "::1:5320", "fe80::1",
	};
	char host[256];
	unsigned port;

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		ck_assert_msg(net_split_peer(ok[i].spec, host, sizeof(host), &port) == 0, "%s",
			      ok[i].spec);
		ck_assert_str_eq(host, ok[i].host);
		ck_assert_uint_eq(port, ok[i].port);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(net_split_peer(bad[i], host, sizeof(host), &port) != 0, "'%s'", bad[i]);
	ck_assert_int_eq(net_kind_find("crr"), NK_CRR);
	ck_assert_int_eq(net_kind_find("tcp"), -1);
}
END_TEST

/*
 * The stream tests' buffers start on a page, never 16 bytes in as a malloc'd
 * 128 KiB block does (that placement made tcp-stream's receive copy five times
 * slower on an AMD guest: see net_block_alloc).  A few at once, since a
 * stray malloc would hand the first one out aligned by chance.
 */
START_TEST(stream_buffers_on_a_page)
{
	char *b[4];

	for (size_t i = 0; i < 4; i++) {
		b[i] = net_block_alloc();
		ck_assert_ptr_nonnull(b[i]);
		ck_assert_msg((uintptr_t)b[i] % NET_BLOCK_ALIGN == 0, "buffer %zu at %p", i,
			      (void *)b[i]);
		memset(b[i], 'x', NET_STREAM_BLOCK);   /* all of it is ours */
		ck_assert_int_eq(b[i][NET_STREAM_BLOCK - 1], 'x');
	}
	for (size_t i = 0; i < 4; i++)
		free(b[i]);
}
END_TEST

/* ---- the latency curve ------------------------------------------------------ */

static void metric(struct bench_result *t, const char *name, double v, const char *unit)
{
	struct metric *m = &t->metrics[t->nmetrics++];

	snprintf(m->name, sizeof(m->name), "%s", name);
	snprintf(m->unit, sizeof(m->unit), "%s", unit);
	m->value = v;
}

START_TEST(curve_levels)
{
	struct bench_result t;
	struct curve_point p[CURVE_MAX];

	memset(&t, 0, sizeof(t));
	t.def = test_find("mem-latency");
	ck_assert_ptr_nonnull(t.def);
	t.status = TS_OK;
	metric(&t, "lat_64M", 90, "ns");
	metric(&t, "lat_16K", 1, "ns");
	metric(&t, "l1d", 32, "KiB");
	metric(&t, "lat_32K", 1.1, "ns");
	metric(&t, "lat_512K", 4, "ns");
	metric(&t, "lat_1M", 12, "ns");
	metric(&t, "l2", 512, "KiB");
	metric(&t, "l3", 32768, "KiB");
	metric(&t, "lat_p99", 5, "us");   /* not a curve point */
	ck_assert_uint_eq(report_curve(&t, p, CURVE_MAX), 5);
	ck_assert_uint_eq(p[0].bytes, 16u << 10);
	ck_assert_str_eq(p[0].level, "L1d");
	ck_assert_str_eq(p[1].level, "L1d");   /* 32 KiB fits a 32 KiB L1d */
	ck_assert_str_eq(p[2].level, "L2");
	ck_assert_str_eq(p[3].level, "L3");
	ck_assert_str_eq(p[3].size, "1 MiB");
	ck_assert_str_eq(p[4].level, "DRAM");
	ck_assert(p[4].ns == 90);
	/* Without cache sizes the level is unknown; another test has no curve. */
	t.nmetrics = 1;
	ck_assert_uint_eq(report_curve(&t, p, CURVE_MAX), 1);
	ck_assert_str_eq(p[0].level, "?");
	t.def = test_find("mem-copy");
	ck_assert_uint_eq(report_curve(&t, p, CURVE_MAX), 0);
}
END_TEST

/* ---- lower is better ---------------------------------------------------------- */

START_TEST(lower_is_better_score)
{
	struct copy_result cr[6];
	struct pass_result pr[3];
	struct bench_result t;
	const double ns[3] = { 10, 40, 20 };

	memset(&t, 0, sizeof(t));
	memset(pr, 0, sizeof(pr));
	memset(cr, 0, sizeof(cr));
	t.def = test_find("mem-latency");
	t.status = TS_OK;
	t.passes = pr;
	t.npasses = 3;
	/* Two copies each: the pass figure is their mean, not their sum. */
	for (size_t i = 0; i < 3; i++) {
		pr[i].ok = 1;
		pr[i].copies = &cr[2 * i];
		pr[i].ncopies = 2;
		pr[i].count = 2 * ns[i];
		pr[i].time = 2;
		cr[2 * i].ok = cr[2 * i + 1].ok = 1;
	}
	score_test(&t);
	/* The slowest third (40 ns) is dropped: geometric mean of 10 and 20. */
	ck_assert_uint_eq(t.kept, 2);
	ck_assert_int_eq(pr[1].dropped, 1);
	ck_assert_double_eq_tol(t.score, sqrt(200), 1e-9);
}
END_TEST

/* ---- hostile bytes: the line reader, the greeting, a peer's RESULT ------------ */

START_TEST(readline_bounded)
{
	char line[NET_LINE_MAX], big[NET_EMPTY_LINES_MAX + 2];
	int sv[2];

	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	/* Empty lines and a '\r' are skipped within one call. */
	ck_assert_int_eq(write(sv[0], "\n\r\n\nabc\r\n", 9), 9);
	ck_assert_int_eq(net_readline(sv[1], line, sizeof(line), 1000), 3);
	ck_assert_str_eq(line, "abc");
	/* Control characters a peer sends never reach a message or a log. */
	ck_assert_int_eq(write(sv[0], "a\033b\rc\r\n", 7), 7);
	ck_assert_int_eq(net_readline(sv[1], line, sizeof(line), 1000), 5);
	ck_assert_str_eq(line, "a?b?c");
	/* A NUL cannot cut a line short: "SYSINDEX1 t0ken\0junk" is not the token
	 * (found by the serve branch's fuzzer). */
	ck_assert_int_eq(write(sv[0], "SYSINDEX1 t0ken\0junk\n", 21), 21);
	ck_assert_int_eq(net_readline(sv[1], line, sizeof(line), 1000), 20);
	ck_assert_str_eq(net_greeting_check(line, "t0ken"), "wrong token");
	/* Past NET_EMPTY_LINES_MAX empty lines: EPROTO, no recursion. */
	memset(big, '\n', sizeof(big));
	ck_assert_int_eq(write(sv[0], big, sizeof(big)), (ssize_t)sizeof(big));
	ck_assert_int_eq(net_readline(sv[1], line, sizeof(line), 1000), -1);
	ck_assert_int_eq(errno, EPROTO);
	/* One deadline for the whole line: a trickle of empty lines does not
	 * restart it (the line never completes: ETIMEDOUT at ~300 ms). */
	ck_assert_int_eq(write(sv[0], "\npartial", 8), 8);
	{
		double t0 = net_mono();

		ck_assert_int_eq(net_readline(sv[1], line, sizeof(line), 300), -1);
		ck_assert_int_eq(errno, ETIMEDOUT);
		ck_assert(net_mono() - t0 < 2);
	}
	close(sv[0]);
	close(sv[1]);
}
END_TEST

START_TEST(greeting_and_result_checks)
{
	struct net_result r;

	ck_assert_ptr_null(net_greeting_check("SYSINDEX1 t0ken", "t0ken"));
	ck_assert_str_eq(net_greeting_check("SYSINDEX1 t0ke", "t0ken"), "wrong token");
	ck_assert_str_eq(net_greeting_check("SYSINDEX1 t0kenx", "t0ken"), "wrong token");
	ck_assert_str_eq(net_greeting_check("SYSINDEX1 ", "t0ken"), "wrong token");
	ck_assert_str_eq(net_greeting_check("GET / HTTP/1.0", "t0ken"), "not a sysindex client");
	ck_assert_int_eq(net_parse_result("RESULT 100 7 1.5", &r), 0);
	ck_assert(r.bytes == 100 && r.transactions == 7 && r.seconds == 1.5);
	ck_assert_int_eq(net_parse_result("RESULT 100 7 1.5 x", &r), -1);
	ck_assert_int_eq(net_parse_result("RESULT -1 7 1.5", &r), -1);
	ck_assert_int_eq(net_parse_result("RESULT 1 7 -1", &r), -1);
	ck_assert_int_eq(net_parse_result("RESULT 1 7 inf", &r), -1);
	ck_assert_int_eq(net_parse_result("RESULT 1 7 1e999", &r), -1);
	ck_assert_int_eq(net_parse_result("RESULT 99999999999999999999 7 1", &r), -1);
	/* 1 s test: at most 1 + NET_GRACE_S seconds; the client's own counts bound the rest. */
	r = (struct net_result){ .bytes = 1000, .seconds = 0.9 };
	ck_assert_ptr_null(net_result_implausible(&r, 1, 1000, 1.0));
	ck_assert_ptr_nonnull(net_result_implausible(&r, 1, 999, 1.0));    /* more than sent */
	ck_assert_ptr_nonnull(net_result_implausible(&r, 1, 1000, 2.0));   /* too fast */
	r.seconds = 1 + NET_GRACE_S + 0.5;
	ck_assert_ptr_nonnull(net_result_implausible(&r, 1, 0, 0));
}
END_TEST

/* ---- the peer server's answers to bad input ---------------------------------- */

static pid_t serve_pair(int *client)
{
	static const struct net_limits lim = {
		.token = "t0ken", .max_seconds = 10, .max_bytes = 1 << 20, .idle_seconds = 2,
	};
	int sv[2];
	pid_t pid;

	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		char err[256];

		close(sv[0]);
		_exit(net_serve_session(sv[1], &lim, -1, err, sizeof(err)) == 0 ? 0 : 1);
	}
	close(sv[1]);
	*client = sv[0];
	return pid;
}

static void expect(int fd, const char *send, const char *want)
{
	char line[NET_LINE_MAX];

	if (send != NULL)
		ck_assert_int_eq(net_printf(fd, "%s", send), 0);
	ck_assert_int_gt(net_readline(fd, line, sizeof(line), 5000), 0);
	ck_assert_msg(strcmp(line, want) == 0, "sent '%s': got '%s', want '%s'",
		      send ? send : "", line, want);
}

static int child_status(pid_t pid)
{
	int st;

	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

START_TEST(server_refuses_bad_input)
{
	int fd;
	pid_t pid;

	signal(SIGPIPE, SIG_IGN);
	pid = serve_pair(&fd);
	expect(fd, "GET / HTTP/1.0", "ERR not a sysindex client");
	close(fd);
	ck_assert_int_eq(child_status(pid), 1);

	pid = serve_pair(&fd);
	expect(fd, "SYSINDEX1 guess", "ERR wrong token");
	close(fd);
	ck_assert_int_eq(child_status(pid), 1);

	pid = serve_pair(&fd);
	expect(fd, "SYSINDEX1 t0ken", "OK sysindex1");
	expect(fd, "TEST bogus 1 1", "ERR unknown test kind bogus");
	expect(fd, "TEST stream 11 1", "ERR seconds must be 1 to 10");
	expect(fd, "TEST stream 1 99", "ERR streams must be 1 to 16");
	expect(fd, "TEST stream 1", "ERR malformed TEST line");
	expect(fd, "TEST ustream 1 1", "ERR Unix sockets are for the local loopback test only");
	ck_assert_int_eq(net_printf(fd, "BYE"), 0);
	{
		char line[NET_LINE_MAX];

		ck_assert_int_eq(net_readline(fd, line, sizeof(line), 5000), 0);   /* closed */
	}
	ck_assert_int_eq(child_status(pid), 0);
	close(fd);
}
END_TEST

START_TEST(server_drops_idle_sessions)
{
	int fd;
	pid_t pid = serve_pair(&fd);

	expect(fd, "SYSINDEX1 t0ken", "OK sysindex1");
	/* Say nothing: after the 2 s idle timeout the server says so and ends. */
	expect(fd, NULL, "ERR idle for 2 s");
	ck_assert_int_eq(child_status(pid), 1);
	close(fd);
}
END_TEST

Suite *suite_memnet(void)
{
	Suite *s = suite_create("memnet");
	TCase *tc = tcase_create("memnet");

	tcase_add_test(tc, caches_from_sysfs);
	tcase_add_test(tc, peer_specs);
	tcase_add_test(tc, stream_buffers_on_a_page);
	tcase_add_test(tc, curve_levels);
	tcase_add_test(tc, lower_is_better_score);
	tcase_add_test(tc, server_refuses_bad_input);
	tcase_add_test(tc, readline_bounded);
	tcase_add_test(tc, greeting_and_result_checks);
	tcase_add_test(tc, server_drops_idle_sessions);
	tcase_set_timeout(tc, 20);
	suite_add_tcase(s, tc);
	return s;
}
