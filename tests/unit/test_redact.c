/* test_redact.c: --redact's substitutions (src/run/redact.c). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "run/redact.h"

static struct redact rd;

static void setup_subs(void)
{
	memset(&rd, 0, sizeof(rd));
	redact_add(&rd, "/home/ann", "<home>", 0);
	redact_add(&rd, "/home/ann/bench", "<testdir-1>", 0);
	redact_add(&rd, "vm", REDACT_HOST, 1);
	redact_add(&rd, "/", "<root>", 0);   /* ignored: names nothing */
	redact_add(&rd, "", "<empty>", 0);   /* ignored */
}

/* The longest needle wins, so a test dir in the home folder keeps its own name. */
START_TEST(test_longest_first)
{
	char out[256];

	setup_subs();
	ck_assert_uint_eq(rd.n, 3);
	redact_str(&rd, "scratch /home/ann/bench/sysindex-x and /home/ann/.cache", out,
		   sizeof(out));
	ck_assert_str_eq(out, "scratch <testdir-1>/sysindex-x and <home>/.cache");
}
END_TEST

/* A hostname is replaced only as a whole name: "kvm" stays, "vm:" goes. */
START_TEST(test_hostname_whole_word)
{
	char out[256];

	setup_subs();
	redact_str(&rd, "vm: kvm vm2 vm-1 (vm)", out, sizeof(out));
	ck_assert_str_eq(out, "host-1: kvm vm2 host-1-1 (host-1)");
}
END_TEST

/* Placeholders hold nothing of the value, and text with NULs and growth works. */
START_TEST(test_text_and_placeholders)
{
	static const char in[] = "a vm\0vm /home/ann z";
	size_t n;
	char *out;

	setup_subs();
	out = redact_text(&rd, in, sizeof(in) - 1, &n);
	ck_assert_ptr_nonnull(out);
	ck_assert_uint_eq(n, strlen("a host-1") + 1 + strlen("host-1 <home> z"));
	ck_assert_mem_eq(out, "a host-1\0host-1 <home> z", n);
	ck_assert_ptr_null(strstr(out, "ann"));
	free(out);
}
END_TEST

/* The kernel command line can name hosts, addresses and disks: it goes whole. */
START_TEST(test_run_cmdline)
{
	struct run_result *r = calloc(1, sizeof(*r));

	ck_assert_ptr_nonnull(r);
	setup_subs();
	hoststate_read("tests/data/hoststate/full", &r->sys.state);
	ck_assert_ptr_nonnull(strstr(r->sys.state.value[HS_CMDLINE], "root=UUID=1234"));
	redact_run(&rd, r);
	ck_assert_str_eq(r->sys.state.value[HS_CMDLINE], "<redacted>");
	ck_assert_str_eq(r->sys.state.value[HS_CLOCKSOURCE], "tsc");
	/* Not read: nothing to redact, and no value made up. */
	hoststate_read("tests/data/hoststate/empty", &r->sys.state);
	redact_run(&rd, r);
	ck_assert(!r->sys.state.have[HS_CMDLINE]);
	ck_assert_str_eq(r->sys.state.value[HS_CMDLINE], "");
	free(r);
}
END_TEST

/*
 * Every path the run knows (issue 41): a clone outside $HOME, its programs
 * and results, eight test dirs: each gets a placeholder, none is dropped
 * for want of room in the table.
 */
START_TEST(test_every_path)
{
	static struct run_result r;
	const char *given[9];
	char paths[8][32], out[512];

	memset(&r, 0, sizeof(r));
	snprintf(r.sys.hostname, sizeof(r.sys.hostname), "%s", "box");
	snprintf(r.sys.testdir, sizeof(r.sys.testdir), "%s", "/srv/t0");
	for (size_t i = 0; i < 8; i++) {
		snprintf(paths[i], sizeof(paths[i]), "/srv/t%zu", i);
		snprintf(r.dirs[i].path, sizeof(r.dirs[i].path), "%s", paths[i]);
		given[i + 1] = paths[i];
	}
	given[0] = paths[0];
	r.ndirs = 8;
	setenv("HOME", "/home/ann", 1);
	redact_init(&rd, &r, "/var/res", "/tmp/clone/pgms", given, 9);
	redact_str(&rd, "==> /tmp/clone/pgms/syscall 2; built in /tmp/clone/build; /srv/t7/x "
		   "/var/res/y /home/ann/z", out, sizeof(out));
	ck_assert_str_eq(out, "==> <programs>/syscall 2; built in <clone>/build; <testdir-8>/x "
			 "<results>/y <home>/z");
	/* A folder of programs that is not a clone's pgms/: no <clone>. */
	redact_init(&rd, &r, "/var/res", "/opt/si/libexec", given, 1);
	redact_str(&rd, "/opt/si/libexec/pipe /opt/si/x", out, sizeof(out));
	ck_assert_str_eq(out, "<programs>/pipe /opt/si/x");
}
END_TEST

Suite *suite_redact(void)
{
	Suite *s = suite_create("redact");
	TCase *tc = tcase_create("subs");

	tcase_add_test(tc, test_longest_first);
	tcase_add_test(tc, test_hostname_whole_word);
	tcase_add_test(tc, test_text_and_placeholders);
	tcase_add_test(tc, test_run_cmdline);
	tcase_add_test(tc, test_every_path);
	suite_add_tcase(s, tc);
	return s;
}
