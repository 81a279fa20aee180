/* test_settings.c: --setting's model (core/settings.h), its state (sysinfo/setstate.h),
 * its options (cli) and its commands (run/setting.h). */
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "report/report.h"
#include "util/json_out.h"
#include "core/settings.h"
#include "run/plan.h"
#include "run/setfile.h"
#include "run/setting.h"
#include "sysinfo/setstate.h"
#include "util/sig.h"
#include "util/util.h"

static char err[512];

START_TEST(split_keeps_the_command_verbatim)
{
	struct setting_spec s;
	const char *arg = "noatime=mount -o remount,noatime '/mnt/a b' && echo x=1";

	ck_assert_int_eq(settings_split(arg, &s, err, sizeof(err)), 0);
	ck_assert_str_eq(s.name, "noatime");
	ck_assert_ptr_eq(s.command, arg + strlen("noatime="));
	ck_assert_int_eq(settings_split("thp.never_2+x=echo never", &s, err, sizeof(err)), 0);
	ck_assert_str_eq(s.name, "thp.never_2+x");
}
END_TEST

/* Each bad value: refused with a message naming the problem. */
START_TEST(split_refuses_bad_values)
{
	static const struct {
		const char *arg, *msg;
	} bad[] = {
		{ "noequals", "is not NAME=COMMAND" },
		{ "=echo hi", "empty name" },
		{ "a b=echo hi", "only letters, digits" },
		{ "../x=echo hi", "only letters, digits" },
		{ "a/b=echo hi", "only letters, digits" },
		{ "a;rm=echo hi", "only letters, digits" },
		{ "abcdefghijklmnopqrstuvwxyz=echo", "too long a name" },
		{ "a=", "empty command" },
		{ "a=  \t ", "empty command" },
		{ "a=echo 1\necho 2", "control character (byte 7)" },
		{ "a=echo \033[31m", "control character" },
	};
	struct setting_spec s;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		ck_assert_int_eq(settings_split(bad[i].arg, &s, err, sizeof(err)), -1);
		ck_assert_msg(strstr(err, bad[i].msg) != NULL, "'%s': '%s' lacks '%s'",
			      bad[i].arg, err, bad[i].msg);
		ck_assert_ptr_null(strchr(err, '\n'));
	}
}
END_TEST

START_TEST(long_command_refused)
{
	static char arg[SETTING_CMD_MAX + 8];
	struct setting_spec s;

	memset(arg, 'x', sizeof(arg) - 1);
	arg[0] = 'a';
	arg[1] = '=';
	arg[sizeof(arg) - 1] = '\0';
	ck_assert_int_eq(settings_split(arg, &s, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "longer than 1023 bytes"));
	arg[2 + SETTING_CMD_MAX - 1] = '\0';   /* 1023 bytes of command: fits */
	ck_assert_int_eq(settings_split(arg, &s, err, sizeof(err)), 0);
}
END_TEST

START_TEST(parse_refuses_a_name_twice)
{
	const char *args[] = { "a=echo 1", "b=echo 2", "a=echo 3" };
	struct setting_spec s[3];

	ck_assert_int_eq(settings_parse(args, 2, s, err, sizeof(err)), 0);
	ck_assert_str_eq(s[1].name, "b");
	ck_assert_int_eq(settings_parse(args, 3, s, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "--setting: name 'a' given twice");
}
END_TEST

START_TEST(bracketed_word)
{
	char w[SETSTATE_WORD_LEN];

	ck_assert_int_eq(setstate_bracketed("always [madvise] never\n", w, sizeof(w)), 0);
	ck_assert_str_eq(w, "madvise");
	ck_assert_int_eq(setstate_bracketed("[none] mq-deadline kyber bfq", w, sizeof(w)), 0);
	ck_assert_str_eq(w, "none");
	ck_assert_int_eq(setstate_bracketed("always madvise never", w, sizeof(w)), -1);
	ck_assert_str_eq(w, "");
	ck_assert_int_eq(setstate_bracketed("a [b c] d", w, sizeof(w)), -1);
	ck_assert_int_eq(setstate_bracketed("a [] d", w, sizeof(w)), -1);
	ck_assert_int_eq(setstate_bracketed("a [bcd", w, sizeof(w)), -1);
	ck_assert_int_eq(setstate_bracketed("[abcdef]", w, 4), -1);
}
END_TEST

static struct setting_state state(const char *mount, const char *sched, const char *thp)
{
	struct setting_state st;

	memset(&st, 0, sizeof(st));
	snprintf(st.mount, sizeof(st.mount), "%s", mount);
	snprintf(st.super, sizeof(st.super), "%s", mount[0] ? "rw" : "");
	snprintf(st.scheduler, sizeof(st.scheduler), "%s", sched);
	snprintf(st.thp, sizeof(st.thp), "%s", thp);
	return st;
}

START_TEST(state_text_leaves_out_the_unknown)
{
	struct setting_state st = state("rw,noatime", "", "always");
	char t[600];

	setstate_text(&st, t, sizeof(t));
	ck_assert_str_eq(t, "mount rw,noatime (super rw); THP always");
	st = state("", "mq-deadline", "");
	setstate_text(&st, t, sizeof(t));
	ck_assert_str_eq(t, "scheduler mq-deadline");
	st = state("", "", "");
	setstate_text(&st, t, sizeof(t));
	ck_assert_str_eq(t, "nothing recorded");
}
END_TEST

START_TEST(observe_keeps_the_first_and_a_change)
{
	struct setting_rec s;
	struct setting_state a = state("rw,relatime", "none", "never");
	struct setting_state b = state("rw,noatime", "none", "never");

	memset(&s, 0, sizeof(s));
	settings_observe(&s, &a);
	settings_observe(&s, &a);
	ck_assert_uint_eq(s.nstate, 2);
	ck_assert_int_eq(s.changed, 0);
	settings_observe(&s, &b);
	settings_observe(&s, &a);
	ck_assert_int_eq(s.changed, 1);
	ck_assert_str_eq(s.state.mount, "rw,relatime");
	ck_assert_str_eq(s.other.mount, "rw,noatime");
}
END_TEST

START_TEST(warnings_identical_and_changed)
{
	struct setting_rec s[3];
	struct setting_state rel = state("rw,relatime", "", ""), noa = state("rw,noatime", "", "");
	char lines[4][320];

	memset(s, 0, sizeof(s));
	snprintf(s[0].name, sizeof(s[0].name), "relatime");
	snprintf(s[1].name, sizeof(s[1].name), "noatime");
	snprintf(s[2].name, sizeof(s[2].name), "again");
	settings_observe(&s[0], &rel);
	settings_observe(&s[1], &noa);
	/* Different states, nothing changed: no warning. */
	ck_assert_uint_eq(settings_warnings(s, 2, lines[0], sizeof(lines[0]), 4), 0);
	/* A third setting that never ran: not "identical". */
	ck_assert_uint_eq(settings_warnings(s, 3, lines[0], sizeof(lines[0]), 4), 0);
	settings_observe(&s[2], &rel);
	ck_assert_uint_eq(settings_warnings(s, 3, lines[0], sizeof(lines[0]), 4), 1);
	ck_assert_str_eq(lines[0], "Warning: settings relatime and again left the recorded state "
			 "identical (mount rw,relatime (super rw)): an A/A comparison unless they "
			 "change something not recorded");
	settings_observe(&s[0], &noa);
	ck_assert_uint_eq(settings_warnings(s, 3, lines[0], sizeof(lines[0]), 4), 2);
	ck_assert_str_eq(lines[0], "Warning: setting relatime's recorded state changed during its "
			 "samples (mount rw,relatime (super rw), later mount rw,noatime (super rw)): "
			 "something else changes it too");
	/* max bounds the lines. */
	ck_assert_uint_eq(settings_warnings(s, 3, lines[0], sizeof(lines[0]), 1), 1);
}
END_TEST

static int parse(struct config *cfg, ...)
{
	char *argv[32];
	int argc = 0;
	va_list ap;

	argv[argc++] = "sysindex";
	va_start(ap, cfg);
	for (char *a; (a = va_arg(ap, char *)) != NULL && argc < 31;)
		argv[argc++] = a;
	va_end(ap);
	argv[argc] = NULL;
	return (int)cli_parse(argc, argv, cfg, err, sizeof(err));
}

static struct config cfg;

START_TEST(cli_settings_mode)
{
	ck_assert_int_eq(parse(&cfg, "--testdir", "/mnt/x", "--setting", "rel=mount -o remount,relatime /mnt/x",
			       "--setting", "noa=mount -o remount,noatime /mnt/x", "fs", NULL), CLI_RUN);
	ck_assert_uint_eq(cfg.nsettings, 2);
	ck_assert_uint_eq(cfg.ndirs, 2);
	ck_assert_str_eq(cfg.dirs[0].label, "rel");
	ck_assert_str_eq(cfg.dirs[1].label, "noa");
	ck_assert_str_eq(cfg.settings[1].command, "mount -o remount,noatime /mnt/x");
	ck_assert_str_eq(cfg.testdir, "/mnt/x");
	ck_assert_int_eq(cfg.interleave, INTERLEAVE_SAMPLES);
	ck_assert_ptr_null(cfg.restore);
	/* One test directory, one instance: no instance term, as if --instance-sd 0. */
	ck_assert_double_eq(cfg.instance_sd, 0);
	ck_assert_int_ne(cfg.given[O_INSTANCE_SD], 0);
	/* Every test is interleaved: a setting may change any of them. */
	ck_assert_int_eq(plan_paired(&cfg, test_find("dhry2reg")), 1);
	ck_assert_int_eq(plan_paired(&cfg, test_find("fsbuffer-w")), 1);
	/* Without --testdir: the default test dir. */
	ck_assert_int_eq(parse(&cfg, "--setting", "a=true", "--setting", "b=true", "--restore",
			       "echo done", "dhry2reg", NULL), CLI_RUN);
	ck_assert_str_eq(cfg.restore, "echo done");
	ck_assert_uint_eq(cfg.ndirs, 2);
}
END_TEST

START_TEST(cli_settings_refused)
{
	static const struct {
		const char *a[8], *msg;
	} bad[] = {
		{ { "--setting", "a=true", NULL }, "needs two or more settings" },
		{ { "--restore", "true", NULL }, "--restore needs --setting" },
		{ { "--setting", "a=true", "--setting", "b=true", "--testdir", "/a", "--testdir", "/b" },
		  "one comparison at a time" },
		{ { "--setting", "a=true", "--setting", "b=true", "--interleave", "slices", NULL },
		  "cannot switch a setting between slices" },
		{ { "--setting", "a=true", "--setting", "a=false", NULL }, "name 'a' given twice" },
		{ { "--setting", "a=true", "--setting", "b=true", "--restore", " ", NULL },
		  "--restore: empty command" },
		{ { "--setting", "a=true", "--setting", "b=true", "--instance-sd", "0.3%", NULL },
		  "no instance term applies" },
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *const *a = bad[i].a;

		err[0] = '\0';
		ck_assert_int_eq(parse(&cfg, a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7], NULL),
				 CLI_USAGE);
		ck_assert_msg(strstr(err, bad[i].msg) != NULL, "case %zu: '%s' lacks '%s'", i, err,
			      bad[i].msg);
	}
	/* No instance term, so no floor under --precision from one. */
	ck_assert_int_eq(parse(&cfg, "--setting", "a=true", "--setting", "b=true", "--precision",
			       "0.1%", NULL), CLI_RUN);
	/* --interleave samples is what settings do anyway. */
	ck_assert_int_eq(parse(&cfg, "--setting", "a=true", "--setting", "b=true", "--interleave",
			       "samples", NULL), CLI_RUN);
}
END_TEST

START_TEST(root_needed)
{
	struct config c;

	memset(&c, 0, sizeof(c));
	ck_assert_int_eq(setting_check(&c, 1000), 0);   /* no --setting: nothing asked */
	c.nsettings = 2;
	ck_assert_int_eq(setting_check(&c, 0), 0);
	ck_assert_int_eq(setting_check(&c, 1000), 2);
}
END_TEST

START_TEST(shell_status_and_output)
{
	char out[64], why[128];
	size_t more;
	int st;

	st = setting_shell("echo hi; echo err >&2; exit 3", 10, 1, out, sizeof(out), &more, why,
			   sizeof(why));
	ck_assert(WIFEXITED(st));
	ck_assert_int_eq(WEXITSTATUS(st), 3);
	ck_assert_str_eq(out, "hi\nerr\n");
	ck_assert_uint_eq(more, 0);
	/* The output is bounded; the rest is counted. */
	st = setting_shell("head -c 10000 /dev/zero | tr '\\0' x", 10, 1, out, sizeof(out), &more,
			   why, sizeof(why));
	ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	ck_assert_uint_eq(strlen(out), sizeof(out) - 1);
	ck_assert_uint_eq(more, 10000 - (sizeof(out) - 1));
	/* stdin is /dev/null: a command that reads it does not hang. */
	st = setting_shell("cat", 10, 1, out, sizeof(out), &more, why, sizeof(why));
	ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	/* A background child holding the output open does not hold the run. */
	st = setting_shell("sleep 5 & echo started", 3, 1, out, sizeof(out), &more, why, sizeof(why));
	ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	ck_assert_str_eq(out, "started\n");
}
END_TEST

START_TEST(shell_timeout_kills)
{
	char out[64], why[128];
	size_t more;

	ck_assert_int_eq(setting_shell("sleep 20", 0.3, 1, out, sizeof(out), &more, why, sizeof(why)),
			 -1);
	ck_assert_str_eq(why, "did not finish in 0.3 s (killed)");
}
END_TEST

/* More than a pipe holds (64 KiB): the command blocks on its write, as on
 * any pipe, instead of failing with EAGAIN (issue 50). */
START_TEST(shell_long_output_succeeds)
{
	char out[64], why[128];
	size_t more;
	int st = setting_shell("seq 1 100000", 20, 1, out, sizeof(out), &more, why, sizeof(why));

	ck_assert_msg(st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0, "status %d (%s): %s",
		      st, st < 0 ? why : "", out);
	ck_assert_uint_eq(strlen(out) + more, 588895);   /* the bytes seq prints */
	ck_assert(strncmp(out, "1\n2\n3\n", 6) == 0);
	/* One write of 200 000 bytes: on a non-blocking pipe, a short write and EAGAIN. */
	st = setting_shell("dd if=/dev/zero bs=200000 count=1 status=none", 20, 1, out,
			   sizeof(out), &more, why, sizeof(why));
	ck_assert_msg(st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0, "status %d (%s): %s",
		      st, st < 0 ? why : "", out);
	ck_assert_uint_eq(more, 200000 - (sizeof(out) - 1));
}
END_TEST

/* A SIGTERM to the driver stops a setting's command at once (not after its
 * timeout); the restore (stop_on_signal 0) is not stopped by it. */
START_TEST(shell_stops_on_a_signal)
{
	char out[64], why[128];
	size_t more;
	double t0;
	int st;

	ck_assert_int_eq(sig_install(), 0);
	t0 = now_mono();
	st = setting_shell("kill -TERM $PPID; sleep 20", 30, 1, out, sizeof(out), &more, why,
			   sizeof(why));
	ck_assert_int_eq(st, -1);
	ck_assert_str_eq(why, "stopped by signal 15 (killed)");
	ck_assert(now_mono() - t0 < 5);
	st = setting_shell("echo restored", 30, 0, out, sizeof(out), &more, why, sizeof(why));
	ck_assert(st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0);
	ck_assert_str_eq(out, "restored\n");
}
END_TEST

/* The state file's text and back, every field, hostile bytes escaped. */
START_TEST(state_file_round_trip)
{
	static struct setfile f, back;
	static char text[32768];

	memset(&f, 0, sizeof(f));
	f.owner = (struct owner){ .pid = 4242, .start = 987654 };
	snprintf(f.testdir, sizeof(f.testdir), "/mnt/a b\nc\\d");
	snprintf(f.mount_point, sizeof(f.mount_point), "/mnt");
	snprintf(f.disk, sizeof(f.disk), "loop3");
	f.found = state("rw,relatime", "mq-deadline", "always");
	snprintf(f.found.super, sizeof(f.found.super), "rw,sync");
	snprintf(f.restore, sizeof(f.restore), "mount -o remount,relatime /mnt \\x41");
	ck_assert_int_eq(setfile_format(&f, text, sizeof(text)), 0);
	ck_assert_ptr_null(strstr(text, "b\nc"));            /* the newline is escaped */
	ck_assert_int_eq(setfile_parse(text, &back), 0);
	ck_assert_int_eq(memcmp(&f, &back, sizeof(f)), 0);
	/* Not a state file: cut, a field twice, an unknown one, a bad escape. */
	text[strlen(text) / 2] = '\0';
	ck_assert_int_eq(setfile_parse(text, &back), -1);
	ck_assert_int_eq(setfile_parse("sysindex-owner 1 1\ntestdir /\ntestdir /\n", &back), -1);
	ck_assert_int_eq(setfile_parse("sysindex-owner 1 1\nbogus x\n", &back), -1);
	ck_assert_int_eq(setfile_parse("sysindex-owner 1 1\ntestdir \\q\n", &back), -1);
	ck_assert_int_eq(setfile_format(&f, text, 64), -1);
}
END_TEST

/* A pid that no longer runs (test_util.c). */
long unit_gone_pid(void);

/* Write text into dir/rel, making the folders on the way. */
static void put_file(const char *dir, const char *rel, const char *text)
{
	char path[600];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	for (char *p = path + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			(void)mkdir(path, 0755);
			*p = '/';
		}
	ck_assert_ptr_nonnull(f = fopen(path, "w"));
	fputs(text, f);
	fclose(f);
}

#define GOV0 "sys/devices/system/cpu/cpufreq/policy0/scaling_governor"
#define GOV1 "sys/devices/system/cpu/cpufreq/policy1/scaling_governor"

/*
 * The sweep: a dead run's file whose state is as found goes silently; one
 * whose state cannot be put back (no mount point to remount) stays, said;
 * a live run's stays untouched.  A governor changed is put back in every
 * policy (a fixture tree of /sys).
 */
START_TEST(state_file_stale_sweep)
{
	static struct setfile f;
	char dir[] = "/tmp/sysindex-unit-state.XXXXXX", root[600], path[600], err[256];
	char live[600], moved[600], done[SETFILE_LEFT_MAX], left[SETFILE_LEFT_MAX];
	char cmd[700];

	ck_assert_ptr_nonnull(mkdtemp(dir));
	ck_assert_int_eq(setenv("SYSINDEX_STATE_DIR", dir, 1), 0);
	snprintf(root, sizeof(root), "%s/root", dir);
	put_file(root, "sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never\n");
	put_file(root, GOV0, "performance\n");
	put_file(root, GOV1, "performance\n");
	/* A live run (this process): untouched. */
	setfile_found(&f, dir, root, "true");
	ck_assert_str_eq(f.found.thp, "madvise");
	ck_assert_str_eq(f.governor, "performance");
	ck_assert_int_eq(setfile_write(&f, live, sizeof(live), err, sizeof(err)), 0);
	/* A dead run whose state is back as found: its file goes. */
	f.owner.pid = unit_gone_pid();
	ck_assert_int_eq(setfile_write(&f, path, sizeof(path), err, sizeof(err)), 0);
	ck_assert_uint_eq(setfile_sweep(root, 1), 0);
	ck_assert_int_eq(access(path, F_OK), -1);
	ck_assert_int_eq(access(live, F_OK), 0);
	/* A governor one policy no longer has: said, then put back in both. */
	put_file(root, GOV1, "powersave\n");
	ck_assert_int_eq(setfile_restore(&f, root, 0, done, sizeof(done), left, sizeof(left)), -1);
	ck_assert_str_eq(left, "governor performance (1 of 2 policies), powersave (1 of 2) "
			 "(found performance)");
	ck_assert_int_eq(setfile_restore(&f, root, 1, done, sizeof(done), left, sizeof(left)), 0);
	ck_assert_str_eq(done, "governor performance");
	ck_assert_str_eq(left, "");
	/* A dead run that left the mount changed where sysindex cannot remount it. */
	f.owner.pid = unit_gone_pid();
	f.mount_point[0] = '\0';
	snprintf(f.found.mount, sizeof(f.found.mount), "rw,bogus");
	ck_assert_int_eq(setfile_write(&f, moved, sizeof(moved), err, sizeof(err)), 0);
	ck_assert_uint_eq(setfile_sweep(root, 1), 1);
	ck_assert_int_eq(access(moved, F_OK), 0);
	ck_assert_int_eq(access(live, F_OK), 0);
	unsetenv("SYSINDEX_STATE_DIR");
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* The JSON "settings" object: every member, nulls for what was not known, the warnings. */
START_TEST(json_settings_object)
{
	static struct run_result r;
	struct setting_state rel = state("rw,relatime", "", "never");
	struct setting_state noa = state("rw,noatime", "", "never");
	struct json_out j;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	memset(&r, 0, sizeof(r));
	r.nsettings = 2;
	snprintf(r.settings[0].name, sizeof(r.settings[0].name), "rel");
	snprintf(r.settings[0].command, sizeof(r.settings[0].command), "echo \"<a>\"");
	snprintf(r.settings[1].name, sizeof(r.settings[1].name), "noa");
	snprintf(r.settings[1].command, sizeof(r.settings[1].command), "true");
	r.settings[0].applied = 2;
	r.settings[0].switch_s = 0.5;
	r.settings[0].switch_max_s = 0.375;
	settings_observe(&r.settings[0], &rel);
	settings_observe(&r.settings[0], &noa);
	json_init(&j, f, 0);
	json_object_begin(&j);
	report_settings_json(&j, &r);
	json_object_end(&j);
	ck_assert_int_eq(json_finish(&j), 0);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_str_eq(buf, "{\"settings\":{\"baseline\":\"rel\",\"switch\":\"whole samples in turn\","
		"\"restore\":\"echo \\\"<a>\\\"\",\"list\":[{\"name\":\"rel\",\"baseline\":true,"
		"\"command\":\"echo \\\"<a>\\\"\",\"applied\":2,\"states_recorded\":2,"
		"\"switch_seconds\":0.5,\"switch_max_seconds\":0.375,"
		"\"in_force\":{\"mount_options\":\"rw,relatime\",\"super_options\":\"rw\","
		"\"scheduler\":null,\"thp\":\"never\"},\"changed\":true,\"changed_to\":"
		"{\"mount_options\":\"rw,noatime\",\"super_options\":\"rw\",\"scheduler\":null,"
		"\"thp\":\"never\"}},{\"name\":\"noa\",\"baseline\":false,\"command\":\"true\","
		"\"applied\":0,\"states_recorded\":0,\"switch_seconds\":0,"
		"\"switch_max_seconds\":0,\"in_force\":null,\"changed\":false}],"
		"\"warnings\":[\"Warning: setting rel's recorded state changed during its samples "
		"(mount rw,relatime (super rw); THP never, later mount rw,noatime (super rw); THP "
		"never): something else changes it too\"]}}\n");
	free(buf);
}
END_TEST

/* The switching cost as the report line gives it: the mean per switch and the longest. */
START_TEST(switch_cost_text)
{
	struct setting_rec s;
	char out[96];

	memset(&s, 0, sizeof(s));
	report_setting_switch(&s, out, sizeof(out));
	ck_assert_str_eq(out, "");
	s.applied = 4;
	s.switch_s = 0.05;      /* 12.5 ms a time */
	s.switch_max_s = 0.0301;
	report_setting_switch(&s, out, sizeof(out));
	ck_assert_str_eq(out, "; switch 12.5 ms a time (longest 30.1 ms)");
	s.switch_s = 0;         /* a record from before the switch was timed */
	report_setting_switch(&s, out, sizeof(out));
	ck_assert_str_eq(out, "");
}
END_TEST

Suite *suite_settings(void)
{
	Suite *s = suite_create("settings");
	TCase *tc = tcase_create("model");

	tcase_add_test(tc, split_keeps_the_command_verbatim);
	tcase_add_test(tc, split_refuses_bad_values);
	tcase_add_test(tc, long_command_refused);
	tcase_add_test(tc, parse_refuses_a_name_twice);
	tcase_add_test(tc, bracketed_word);
	tcase_add_test(tc, state_text_leaves_out_the_unknown);
	tcase_add_test(tc, observe_keeps_the_first_and_a_change);
	tcase_add_test(tc, warnings_identical_and_changed);
	tcase_add_test(tc, cli_settings_mode);
	tcase_add_test(tc, cli_settings_refused);
	tcase_add_test(tc, root_needed);
	tcase_add_test(tc, json_settings_object);
	tcase_add_test(tc, switch_cost_text);
	suite_add_tcase(s, tc);
	tc = tcase_create("shell");
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, shell_status_and_output);
	tcase_add_test(tc, shell_timeout_kills);
	tcase_add_test(tc, shell_long_output_succeeds);
	tcase_add_test(tc, shell_stops_on_a_signal);
	tcase_add_test(tc, state_file_round_trip);
	tcase_add_test(tc, state_file_stale_sweep);
	suite_add_tcase(s, tc);
	return s;
}
