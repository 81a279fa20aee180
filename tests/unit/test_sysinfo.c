/*
 * test_sysinfo.c: the report header's parsers on samples: /proc/cpuinfo from
 * x86, aarch64 (known and unknown implementer/part ids) and 32-bit ARM
 * (tests/data/cpuinfo/), `who -r` lines, release and os-release files, and
 * the Language value for installed and missing locales.
 */
#include <check.h>
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "sysinfo/sysinfo.h"

#define CPUINFO "tests/data/cpuinfo/"

static int parse_sample(const char *name, const char *machine, struct cpu_info *cpus,
			size_t max)
{
	char path[256];
	FILE *f;
	int n;

	snprintf(path, sizeof(path), CPUINFO "%s", name);
	f = fopen(path, "r");
	ck_assert_msg(f != NULL, "%s missing (run from the source tree)", path);
	n = sysinfo_parse_cpuinfo(f, machine, cpus, max);
	fclose(f);
	return n;
}

START_TEST(cpuinfo_x86)
{
	struct cpu_info c[4];

	ck_assert_int_eq(parse_sample("x86-xeon-x5650.txt", "x86_64", c, 4), 2);
	for (int i = 0; i < 2; i++) {
		/* "CPU           X5650  @": every run of spaces is one space. */
		ck_assert_str_eq(c[i].model, "Intel(R) Xeon(R) CPU X5650 @ 2.67GHz");
		ck_assert_double_eq_tol(c[i].bogomips, 5333.52, 1e-9);
		/* UnixBench's labels, in alphabetical order of the flag names. */
		ck_assert_str_eq(c[i].flags, "Hyper-Threading, x86-64, MMX, Physical Address Ext, "
				 "SYSENTER/SYSEXIT, SYSCALL/SYSRET, Intel virtualization");
	}
	/* At most max entries. */
	ck_assert_int_eq(parse_sample("x86-xeon-x5650.txt", "x86_64", c, 1), 1);
}
END_TEST

START_TEST(cpuinfo_arm64)
{
	struct cpu_info c[4];

	ck_assert_int_eq(parse_sample("arm64-neoverse-n1.txt", "aarch64", c, 4), 2);
	ck_assert_str_eq(c[0].model, "ARM Neoverse-N1");
	ck_assert_str_eq(c[1].model, "ARM Neoverse-N1");
	ck_assert_double_eq_tol(c[0].bogomips, 50.0, 1e-9);
	ck_assert_str_eq(c[0].flags, "CPU Features: fp asimd evtstrm aes pmull sha1 sha2 crc32 "
			 "atomics fphp asimdhp cpuid asimdrdm lrcpc dcpop asimddp ssbs");
	/* Big and little cores each named. */
	ck_assert_int_eq(parse_sample("arm64-apple-m1.txt", "aarch64", c, 4), 2);
	ck_assert_str_eq(c[0].model, "Apple Icestorm-M1");
	ck_assert_str_eq(c[1].model, "Apple Firestorm-M1");
	/* Unknown ids by field name; a part id means something only with its
	 * implementer (0xd49 is Neoverse-N2 from ARM, Cobalt 100 from Microsoft). */
	ck_assert_int_eq(parse_sample("arm64-unknown-parts.txt", "aarch64", c, 4), 3);
	ck_assert_str_eq(c[0].model, "CPU implementer 0x99 CPU part 0x123");
	ck_assert_str_eq(c[1].model, "ARM CPU part 0xfff");
	ck_assert_str_eq(c[2].model, "Microsoft Azure-Cobalt-100");
}
END_TEST

START_TEST(cpuinfo_other)
{
	struct cpu_info c[4];

	/* 32-bit ARM is read as UnixBench reads any machine but aarch64:
	 * "model name" and the x86 flags, of which it has none. */
	ck_assert_int_eq(parse_sample("armv7-cortex-a53.txt", "armv7l", c, 4), 1);
	ck_assert_str_eq(c[0].model, "ARMv7 Processor rev 4 (v7l)");
	ck_assert_double_eq_tol(c[0].bogomips, 38.4, 1e-9);
	ck_assert_str_eq(c[0].flags, "");
	/* The same text as aarch64 would name the part. */
	ck_assert_int_eq(parse_sample("armv7-cortex-a53.txt", "aarch64", c, 4), 1);
	ck_assert_str_eq(c[0].model, "ARM Cortex-A53");
	/* No "processor" entries: nothing known (the report says so). */
	ck_assert_int_eq(parse_sample("no-processor.txt", "s390x", c, 4), 0);
	ck_assert_int_eq(parse_sample("x86-xeon-x5650.txt", "x86_64", c, 0), 0);
}
END_TEST

START_TEST(arm_names)
{
	char m[128];

	sysinfo_arm_model("0x41", "0xd40", m, sizeof(m));
	ck_assert_str_eq(m, "ARM Neoverse-V1");
	sysinfo_arm_model("0x41", "0xd4f", m, sizeof(m));
	ck_assert_str_eq(m, "ARM Neoverse-V2");
	sysinfo_arm_model("0x41", "0xd08", m, sizeof(m));
	ck_assert_str_eq(m, "ARM Cortex-A72");
	sysinfo_arm_model("0xc0", "0xac3", m, sizeof(m));
	ck_assert_str_eq(m, "Ampere Ampere-1");
	sysinfo_arm_model("0xc0", NULL, m, sizeof(m));
	ck_assert_str_eq(m, "Ampere");
	sysinfo_arm_model("0x41", "d0c", m, sizeof(m));
	ck_assert_str_eq(m, "ARM CPU part d0c");
	sysinfo_arm_model("junk", "0xd0c", m, sizeof(m));
	ck_assert_str_eq(m, "CPU implementer junk CPU part 0xd0c");
	sysinfo_arm_model("0x41", "0xd0c", m, 6);
	ck_assert_str_eq(m, "ARM N");
}
END_TEST

START_TEST(who_r)
{
	static const struct { const char *in, *want; } cases[] = {
		/* systemd and sysvinit: UnixBench's third word is the date. */
		{ "         run-level 5  2026-11-29 19:52", "2026-11-29" },
		{ "         run-level 2  2024-01-01 10:00                   last=S\n", "2024-01-01" },
		{ "run-level 3", "" },
		{ "", "" }, { "   \n", "" },
	};
	char out[64];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		sysinfo_runlevel(cases[i].in, out, sizeof(out));
		ck_assert_msg(strcmp(out, cases[i].want) == 0, "'%s' -> '%s'", cases[i].in, out);
	}
}
END_TEST

static int on_text(int (*fn)(FILE *, char *, size_t), const char *text, char *out,
		   size_t len)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	int rc;

	ck_assert_ptr_nonnull(f);
	rc = fn(f, out, len);
	fclose(f);
	return rc;
}

START_TEST(release_files)
{
	char out[128];

	ck_assert_int_eq(on_text(sysinfo_first_line, "\n  \n  openSUSE 10.2 (i586)  \nVERSION = 10.2\n",
				 out, sizeof(out)), 0);
	ck_assert_str_eq(out, "openSUSE 10.2 (i586)");
	ck_assert_int_eq(on_text(sysinfo_first_line, "\n\n", out, sizeof(out)), -1);
	ck_assert_str_eq(out, "");
	ck_assert_int_eq(on_text(sysinfo_os_release,
				 "NAME=\"Debian GNU/Linux\"\nVERSION_ID=\"12\"\n"
				 "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nID=debian\n",
				 out, sizeof(out)), 0);
	ck_assert_str_eq(out, "Debian GNU/Linux 12 (bookworm)");
	ck_assert_int_eq(on_text(sysinfo_os_release, "ID=alpine\nNAME='Alpine Linux'\n",
				 out, sizeof(out)), 0);
	ck_assert_str_eq(out, "Alpine Linux");
	ck_assert_int_eq(on_text(sysinfo_os_release,
				 "PRETTY_NAME=\"Say \\\"hi\\\" \\\\ OS\"\n", out, sizeof(out)), 0);
	ck_assert_str_eq(out, "Say \"hi\" \\ OS");
	ck_assert_int_eq(on_text(sysinfo_os_release, "ID=x\nXNAME=no\n", out, sizeof(out)), -1);
	ck_assert_str_eq(out, "");
}
END_TEST

START_TEST(language_line)
{
	char out[160], want[160];
	const char *c_codeset;
	locale_t c = newlocale(LC_ALL_MASK, "C", (locale_t)0);

	ck_assert(c != (locale_t)0);
	c_codeset = nl_langinfo_l(CODESET, c);
	/* A locale that is not installed: the C library's C codeset, which the
	 * tools then run with (UnixBench's "ANSI_X3.4-1968" on glibc). */
	sysinfo_language("xx_NOWHERE.utf8", out, sizeof(out));
	snprintf(want, sizeof(want), "xx_NOWHERE.utf8 (not installed here, so the tools ran in "
		 "the C locale: charmap=\"%s\", collate=\"%s\")", c_codeset, c_codeset);
	ck_assert_str_eq(out, want);
#ifdef __GLIBC__
	ck_assert_str_eq(out, "xx_NOWHERE.utf8 (not installed here, so the tools ran in the C "
			 "locale: charmap=\"ANSI_X3.4-1968\", collate=\"ANSI_X3.4-1968\")");
#endif
	sysinfo_language("C", out, sizeof(out));
	snprintf(want, sizeof(want), "C (charmap=\"%s\", collate=\"%s\")", c_codeset, c_codeset);
	ck_assert_str_eq(out, want);
	freelocale(c);
	/* An installed UTF-8 locale reports its own codeset. */
	c = newlocale(LC_ALL_MASK, "C.UTF-8", (locale_t)0);
	if (c != (locale_t)0) {
		snprintf(want, sizeof(want), "C.UTF-8 (charmap=\"%s\", collate=\"%s\")",
			 nl_langinfo_l(CODESET, c), nl_langinfo_l(CODESET, c));
		freelocale(c);
		sysinfo_language("C.UTF-8", out, sizeof(out));
		ck_assert_str_eq(out, want);
		ck_assert_ptr_nonnull(strstr(out, "UTF-8"));
	}
}
END_TEST

Suite *suite_sysinfo(void)
{
	Suite *s = suite_create("sysinfo");
	TCase *tc = tcase_create("sysinfo");

	tcase_add_test(tc, cpuinfo_x86);
	tcase_add_test(tc, cpuinfo_arm64);
	tcase_add_test(tc, cpuinfo_other);
	tcase_add_test(tc, arm_names);
	tcase_add_test(tc, who_r);
	tcase_add_test(tc, release_files);
	tcase_add_test(tc, language_line);
	suite_add_tcase(s, tc);
	return s;
}
