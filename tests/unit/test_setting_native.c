/*
 * test_setting_native.c: the mount: and sysfs: settings (issue 49, item 1):
 * what each parses to, odd values refused in one line, and that applying
 * one writes nothing outside the file it names.
 */
#include <check.h>
#include <string.h>

#include "core/setting_native.h"
#include "core/settings.h"
#include "run/setting_native.h"

#define ATIME_AND_DIR (NATIVE_MNT_ATIME_MASK | NATIVE_MNT_NODIRATIME)

START_TEST(mount_flags)
{
	static const struct {
		const char *value;
		unsigned set, clr;
	} ok[] = {
		{ "mount:noatime", NATIVE_MNT_NOATIME, ATIME_AND_DIR },
		/* relatime after noatime is relatime: the mode is set as a whole. */
		{ "mount:relatime", NATIVE_MNT_RELATIME, ATIME_AND_DIR },
		{ "mount:strictatime,nodiratime", NATIVE_MNT_STRICTATIME | NATIVE_MNT_NODIRATIME,
		  ATIME_AND_DIR },
		/* No mode named: relatime, the kernel's default; diratime unless named. */
		{ "mount:nosuid,nodev", NATIVE_MNT_NOSUID | NATIVE_MNT_NODEV,
		  ATIME_AND_DIR | NATIVE_MNT_NOSUID | NATIVE_MNT_NODEV },
		{ "mount:noatime,exec,rw", NATIVE_MNT_NOATIME,
		  ATIME_AND_DIR | NATIVE_MNT_NOEXEC | NATIVE_MNT_RDONLY },
	};
	struct native_setting ns;
	char why[256];

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		ck_assert_msg(native_parse(ok[i].value, &ns, why, sizeof(why)) == 0, "%s: %s",
			      ok[i].value, why);
		ck_assert_int_eq(ns.kind, NATIVE_MOUNT);
		ck_assert_uint_eq(ns.attr_set, ok[i].set);
		ck_assert_uint_eq(ns.attr_clr, ok[i].clr);
	}
	/* A shell command is not sysindex's own. */
	ck_assert_int_eq(native_parse("mount -o remount,noatime /mnt", &ns, why, sizeof(why)), 0);
	ck_assert_int_eq(ns.kind, NATIVE_NONE);
}
END_TEST

/* Odd values: -1, one line that says why. */
static void refused(const char *value, const char *says)
{
	struct native_setting ns;
	char why[256] = "";

	ck_assert_msg(native_parse(value, &ns, why, sizeof(why)) == -1, "%s accepted", value);
	ck_assert_msg(strstr(why, says) != NULL, "%s: '%s' lacks '%s'", value, why, says);
	ck_assert_ptr_null(strchr(why, '\n'));
}

START_TEST(odd_values)
{
	refused("mount:", "names no flag");
	refused("mount:ro", "must stay writable");
	refused("mount:lazytime", "'lazytime' is not a per-mount flag");
	refused("mount:sync", "NAME=COMMAND");
	refused("mount:noatime,relatime", "decides what an earlier flag did");
	refused("mount:nosuid,suid", "decides what an earlier flag did");
	refused("mount:noatime,", "ends with a comma");
	refused("mount:noatime,,nodev", "'' is not a per-mount flag");
	refused("mount:NOATIME", "not a per-mount flag");
	refused("sysfs:/sys/kernel/mm/transparent_hugepage/enabled", "wants PATH=VALUE");
	refused("sysfs:=always", "wants PATH=VALUE");
	refused("sysfs:/etc/passwd=x", "not a file under /sys/ or /proc/sys/");
	refused("sysfs:/sys/../etc/passwd=x", "not a file under");
	refused("sysfs:/sys/./kernel/x=1", "not a file under");
	refused("sysfs:/sys/kernel/..=1", "not a file under");
	refused("sysfs:/sys//kernel/x=1", "not a file under");
	refused("sysfs:/sys/kernel/=1", "not a file under");
	refused("sysfs:/sys/=1", "not a file under");
	refused("sysfs:sys/kernel/x=1", "not a file under");
	refused("sysfs:/proc/sysrq-trigger=b", "not a file under");
	refused("sysfs:/proc/self/../sys/vm/x=1", "not a file under");
	refused("sysfs:/sys/kernel/mm/transparent_hugepage/enabled=", "1 to 127 characters");
	refused("sysfs:/sys/block/sda/queue/scheduler=mq deadline", "one word");
	refused("sysfs:/sys/block/sda/queue/scheduler=none\x1b[2J", "one word");
}
END_TEST

START_TEST(sysfs_values)
{
	struct native_setting ns;
	char why[256];

	ck_assert_int_eq(native_parse("sysfs:/sys/kernel/mm/transparent_hugepage/enabled=always",
				      &ns, why, sizeof(why)), 0);
	ck_assert_int_eq(ns.kind, NATIVE_SYSFS);
	ck_assert_str_eq(ns.path, "/sys/kernel/mm/transparent_hugepage/enabled");
	ck_assert_str_eq(ns.value, "always");
	/* A sysctl; a value may hold '=' (only the first splits). */
	ck_assert_int_eq(native_parse("sysfs:/proc/sys/vm/dirty_ratio=20", &ns, why, sizeof(why)), 0);
	ck_assert_str_eq(ns.path, "/proc/sys/vm/dirty_ratio");
	ck_assert_str_eq(ns.value, "20");
	ck_assert_int_eq(native_parse("sysfs:/sys/x/y=a=b", &ns, why, sizeof(why)), 0);
	ck_assert_str_eq(ns.value, "a=b");
}
END_TEST

/* --setting and --restore refuse an odd native value before anything runs. */
START_TEST(setting_values)
{
	struct setting_spec sp;
	char err[256];

	ck_assert_int_eq(settings_split("noa=mount:noatime", &sp, err, sizeof(err)), 0);
	ck_assert_str_eq(sp.command, "mount:noatime");
	ck_assert_int_eq(settings_split("ro=mount:ro", &sp, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "--setting ro: mount:ro: the test directory must stay writable");
	ck_assert_int_eq(settings_command_ok("sysfs:/etc/shadow=x", err, sizeof(err)), -1);
}
END_TEST

/* Applying: a missing file is not created, a shell command is left to the shell. */
START_TEST(apply_writes_only_its_file)
{
	char why[256];

	ck_assert_int_eq(setting_native_apply("sysfs:/sys/sysindex-no-such-file=1", "/", why,
					      sizeof(why)), -1);
	ck_assert_ptr_nonnull(strstr(why, "No such file"));
	ck_assert_int_eq(setting_native_apply("sysfs:/sys/../tmp/x=1", "/", why, sizeof(why)), -1);
	ck_assert_int_eq(setting_native_apply("true", "/", why, sizeof(why)), 1);
}
END_TEST

Suite *suite_setting_native(void)
{
	Suite *s = suite_create("setting_native");
	TCase *tc = tcase_create("setting_native");

	tcase_add_test(tc, mount_flags);
	tcase_add_test(tc, odd_values);
	tcase_add_test(tc, sysfs_values);
	tcase_add_test(tc, setting_values);
	tcase_add_test(tc, apply_writes_only_its_file);
	suite_add_tcase(s, tc);
	return s;
}
