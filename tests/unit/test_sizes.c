/*
 * test_sizes.c: the one size parser (src/shared/size.c) and its two users,
 * the driver's --disk-size and the disk programs' -s: each accepts exactly
 * what parse_size accepts, within its own range.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "diskio.h"
#include "shared/size.h"

#define MIB (1ull << 20)

static const struct { const char *s; int ok; unsigned long long v; } cases[] = {
	/* bytes */
	{ "1", 1, 1 }, { "512", 1, 512 }, { "4096B", 1, 4096 }, { "512b", 1, 512 },
	{ "007", 1, 7 }, { "18446744073709551615", 1, 18446744073709551615ull },
	/* binary multiples, any case, with B or iB */
	{ "4K", 1, 4096 }, { "4k", 1, 4096 }, { "4KiB", 1, 4096 }, { "4kib", 1, 4096 },
	{ "4KB", 1, 4096 }, { "256M", 1, 256 * MIB }, { "256MiB", 1, 256 * MIB },
	{ "4G", 1, 4ull << 30 }, { "4g", 1, 4ull << 30 }, { "4GB", 1, 4ull << 30 },
	{ "4GiB", 1, 4ull << 30 }, { "1T", 1, 1ull << 40 }, { "2TiB", 1, 2ull << 40 },
	{ "1P", 1, 1ull << 50 }, { "16777215T", 1, 16777215ull << 40 },
	/* decimals: exact, and only when the bytes are whole */
	{ "1.5G", 1, 3ull << 29 }, { "0.5K", 1, 512 }, { "1.25M", 1, 5 * MIB / 4 },
	{ "1.0", 1, 1 }, { "2.50KiB", 1, 2560 }, { "0.0009765625K", 1, 1 },
	{ "1.5", 0, 0 }, { "0.1K", 0, 0 }, { "0.3M", 0, 0 },
	/* malformed */
	{ "", 0, 0 }, { "G", 0, 0 }, { "B", 0, 0 }, { "iB", 0, 0 }, { "0", 0, 0 },
	{ "0G", 0, 0 }, { "00", 0, 0 }, { "0.0M", 0, 0 }, { "-4G", 0, 0 }, { "+4G", 0, 0 },
	{ " 4G", 0, 0 }, { "4G ", 0, 0 }, { "4 G", 0, 0 }, { "4,5G", 0, 0 }, { "4X", 0, 0 },
	{ "12Q", 0, 0 }, { "4Gi", 0, 0 }, { "4GiBs", 0, 0 }, { "4iB", 0, 0 }, { "4BB", 0, 0 },
	{ "0x10", 0, 0 }, { "4GG", 0, 0 }, { "1e9", 0, 0 }, { "1e99G", 0, 0 }, { ".5G", 0, 0 },
	{ "5.G", 0, 0 }, { "1.2.3K", 0, 0 }, { "M", 0, 0 },
	/* too large for 64 bits */
	{ "18446744073709551616", 0, 0 }, { "16777216T", 0, 0 }, { "17179869184G", 0, 0 },
	{ "16384P", 0, 0 },
};
#define NCASES (sizeof(cases) / sizeof(cases[0]))

START_TEST(parser_rules)
{
	unsigned long long v = 12345;
	int rc = parse_size(cases[_i].s, &v);

	ck_assert_msg((rc == 0) == cases[_i].ok, "'%s': rc %d", cases[_i].s, rc);
	if (cases[_i].ok)
		ck_assert_msg(v == cases[_i].v, "'%s' -> %llu", cases[_i].s, v);
	else
		ck_assert_msg(v == 12345, "'%s': output touched on error", cases[_i].s);
}
END_TEST

START_TEST(parser_null)
{
	unsigned long long v = 1;

	ck_assert_int_eq(parse_size(NULL, &v), -1);
	ck_assert_uint_eq(v, 1);
}
END_TEST

/* --disk-size: parse_size's answer, 16 MiB at least (the option's minimum). */
START_TEST(disk_size_option)
{
	static struct config cfg;
	char err[256];
	char *argv[] = { "sysindex", "--disk-size", (char *)cases[_i].s, NULL };
	enum cli_action rc = cli_parse(3, argv, &cfg, err, sizeof(err));
	int want = cases[_i].ok && cases[_i].v >= 16 * MIB && cases[_i].v <= 1000000000000000ull;

	ck_assert_msg(rc == (want ? CLI_RUN : CLI_USAGE), "--disk-size '%s': %d (%s)",
		      cases[_i].s, (int)rc, rc != CLI_RUN ? err : "");
	if (want)
		ck_assert_msg(cfg.disk_size == cases[_i].v, "--disk-size '%s' -> %llu",
			      cases[_i].s, cfg.disk_size);
	else
		ck_assert_msg(strstr(err, "--disk-size") != NULL, "message: %s", err);
}
END_TEST

/*
 * -s of a disk program: diskio_parse exits 2 (usage) on a bad value, so it
 * runs in a child that sends back the size it settled on.
 */
static int program_size(const char *arg, unsigned long long *size)
{
	char *argv[] = { "seqread-direct", "-t", "1", "-f", "/nonexistent/f", "-s",
			 (char *)arg, NULL };
	int fds[2], st;
	pid_t pid;

	ck_assert_int_eq(pipe(fds), 0);
	fflush(NULL);   /* nothing buffered for the child to write again */
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		struct diskio_opts o;
		unsigned long long v;

		close(fds[0]);
		if (freopen("/dev/null", "w", stderr) == NULL)
			_exit(1);
		optind = 1;
		diskio_parse(7, argv, "test", 0, 1, &o);
		v = o.size;
		_exit(write(fds[1], &v, sizeof(v)) == (ssize_t)sizeof(v) ? 0 : 1);
	}
	close(fds[1]);
	if (read(fds[0], size, sizeof(*size)) != (ssize_t)sizeof(*size))
		*size = 0;
	close(fds[0]);
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	ck_assert(WIFEXITED(st));
	return WEXITSTATUS(st);
}

START_TEST(program_size_option)
{
	unsigned long long got = 0;
	int want = cases[_i].ok && cases[_i].v >= DISKIO_MIN_SIZE &&
		   cases[_i].v <= DISKIO_MAX_SIZE;
	int rc = program_size(cases[_i].s, &got);

	ck_assert_msg(rc == (want ? 0 : 2), "-s '%s': exit %d", cases[_i].s, rc);
	/* Whole 4 KiB blocks, so O_DIRECT offsets stay aligned. */
	if (want)
		ck_assert_msg(got == cases[_i].v - cases[_i].v % DISKIO_SMALL,
			      "-s '%s' -> %llu", cases[_i].s, got);
}
END_TEST

/* The ranges themselves, at their edges, with the one parser in between. */
START_TEST(range_edges)
{
	static struct config cfg;
	char err[256];
	char *lo[] = { "sysindex", "--disk-size", "15.5M", NULL };
	char *ok[] = { "sysindex", "--disk-size", "16M", NULL };
	unsigned long long got;

	ck_assert_int_eq(cli_parse(3, lo, &cfg, err, sizeof(err)), CLI_USAGE);
	ck_assert_msg(strstr(err, "minimum") != NULL, "%s", err);
	ck_assert_int_eq(cli_parse(3, ok, &cfg, err, sizeof(err)), CLI_RUN);
	ck_assert_uint_eq(cfg.disk_size, 16 * MIB);
	ck_assert_int_eq(program_size("1023K", &got), 2);
	ck_assert_int_eq(program_size("1M", &got), 0);
	ck_assert_uint_eq(got, MIB);
	ck_assert_int_eq(program_size("1.5M", &got), 0);
	ck_assert_uint_eq(got, 3 * MIB / 2);
	ck_assert_int_eq(program_size("1P", &got), 0);
	ck_assert_int_eq(program_size("1025T", &got), 2);
}
END_TEST

Suite *suite_sizes(void)
{
	Suite *s = suite_create("sizes");
	TCase *tc = tcase_create("sizes");

	tcase_add_loop_test(tc, parser_rules, 0, NCASES);
	tcase_add_test(tc, parser_null);
	tcase_add_loop_test(tc, disk_size_option, 0, NCASES);
	tcase_add_loop_test(tc, program_size_option, 0, NCASES);
	tcase_add_test(tc, range_edges);
	suite_add_tcase(s, tc);
	return s;
}
