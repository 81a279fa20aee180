/* test_util.c: strict numbers, percentages, paths, atomic files. */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/csv_out.h"
#include "util/html_out.h"
#include "util/md_out.h"
#include "util/owner.h"
#include "util/pathcheck.h"
#include "util/quote.h"
#include "util/util.h"
#include "run/paths.h"

START_TEST(ulong_and_percent)
{
	unsigned long u;
	double d;

	ck_assert_int_eq(parse_ulong("10", 1, 100, &u), 0);
	ck_assert_uint_eq(u, 10);
	ck_assert_int_eq(parse_ulong("0", 1, 100, &u), -1);
	ck_assert_int_eq(parse_ulong("-1", 0, 100, &u), -1);
	ck_assert_int_eq(parse_ulong("1x", 0, 100, &u), -1);
	ck_assert_int_eq(parse_ulong("99999999999999999999999", 0, 100, &u), -1);
	ck_assert_int_eq(parse_percent("2%", &d), 0);
	ck_assert_double_eq_tol(d, 0.02, 1e-12);
	ck_assert_int_eq(parse_percent("0.5", &d), 0);
	ck_assert_double_eq_tol(d, 0.005, 1e-12);
	ck_assert_int_eq(parse_percent("abc", &d), -1);
	/* 0 is a percentage (--instance-sd 0); the caller's range says more. */
	ck_assert_int_eq(parse_percent("0%", &d), 0);
	ck_assert_double_eq(d, 0);
	ck_assert_int_eq(parse_percent("100", &d), -1);
	ck_assert_int_eq(parse_percent("-1%", &d), -1);
}
END_TEST

/* Numbers as typed: strtod alone took hex, spaces, inf and nan. */
START_TEST(decimal_strict)
{
	static const char *const bad[] = {
		"0x10", " 5", "5 ", "+5", "inf", "nan", "1e", "1e+", ".", "-", "", "1..2",
		"1.2.3", "5%", "1e999", "\t5", "0x1p3", "--1",
	};
	double d;
	size_t n;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(parse_decimal(bad[i], &d, NULL) == -1, "'%s' accepted", bad[i]);
	ck_assert_int_eq(parse_decimal("2.5", &d, NULL), 0);
	ck_assert_double_eq(d, 2.5);
	ck_assert_int_eq(parse_decimal("-.5", &d, NULL), 0);
	ck_assert_double_eq(d, -0.5);
	ck_assert_int_eq(parse_decimal("3.", &d, NULL), 0);
	ck_assert_double_eq(d, 3);
	ck_assert_int_eq(parse_decimal("1e-3", &d, NULL), 0);
	ck_assert_double_eq_tol(d, 0.001, 1e-15);
	ck_assert_int_eq(parse_decimal("12%x", &d, &n), 0);
	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(parse_percent("0x10", &d), -1);
	ck_assert_int_eq(parse_percent(" 5", &d), -1);
	ck_assert_int_eq(parse_percent("5 %", &d), -1);
	ck_assert_int_eq(parse_percent("5%%", &d), -1);
}
END_TEST

START_TEST(distance)
{
	ck_assert_uint_eq(edit_distance("pipe", "pipe"), 0);
	ck_assert_uint_eq(edit_distance("pipee", "pipe"), 1);
	ck_assert_uint_eq(edit_distance("kitten", "sitting"), 3);
}
END_TEST

static int write_hello(FILE *out, const void *ctx)
{
	return fprintf(out, "hello %s\n", (const char *)ctx) < 0 ? -1 : 0;
}

static int write_fail(FILE *out, const void *ctx)
{
	(void)ctx;
	fprintf(out, "partial");
	return -1;
}

START_TEST(atomic_write)
{
	char dir[] = "/tmp/sysindex-util-XXXXXX", path[256], err[256], buf[64];
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/out.txt", dir);
	ck_assert_int_eq(write_atomic(path, write_hello, "world", err, sizeof(err)), 0);
	f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	ck_assert_ptr_nonnull(fgets(buf, sizeof(buf), f));
	fclose(f);
	ck_assert_str_eq(buf, "hello world\n");
	/* A failed writer leaves the old file and no temporary behind. */
	ck_assert_int_eq(write_atomic(path, write_fail, NULL, err, sizeof(err)), -1);
	f = fopen(path, "r");
	ck_assert_ptr_nonnull(fgets(buf, sizeof(buf), f));
	fclose(f);
	ck_assert_str_eq(buf, "hello world\n");
	ck_assert_int_eq(remove_tree(dir), 0);
	ck_assert_int_eq(access(dir, F_OK), -1);
}
END_TEST

START_TEST(bytes_format)
{
	char b[32];

	format_bytes(512, b, sizeof(b));
	ck_assert_str_eq(b, "512 B");
	format_bytes(3ull << 29, b, sizeof(b));
	ck_assert_str_eq(b, "1.5 GiB");
}
END_TEST

START_TEST(test_utf8_seq_len)
{
	const unsigned char s[] = "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80";

	ck_assert_uint_eq(utf8_seq_len((const unsigned char *)"A", 1), 1);
	ck_assert_uint_eq(utf8_seq_len(s, 9), 2);
	ck_assert_uint_eq(utf8_seq_len(s + 2, 7), 3);
	ck_assert_uint_eq(utf8_seq_len(s + 5, 4), 4);
	ck_assert_uint_eq(utf8_seq_len(s + 5, 3), 0);    /* length limit respected */
	ck_assert_uint_eq(utf8_seq_len(s, 0), 0);
	ck_assert_uint_eq(utf8_seq_len((const unsigned char *)"\xc1\xbf", 2), 0);
	ck_assert_uint_eq(utf8_seq_len((const unsigned char *)"\xf5\x80\x80\x80", 4), 0);
}
END_TEST

/*
 * The charts' text width: never short of what Chromium draws in DejaVu
 * Sans (measured with getComputedTextLength), bold included, and not much
 * wider for words, so a label column stays close to its labels.
 */
START_TEST(html_text_width)
{
	static const struct {
		const char *s;
		int px, bold;
		double drawn;
	} m[] = {
		{ "System Benchmarks Index Score", 12, 1, 221.2 },
		{ "System Benchmarks Index Score", 12, 0, 197.4 },
		{ "Dhrystone 2 using register variables", 12, 0, 218.4 },
		{ "Pipe-based Context Switching", 12, 1, 203.0 },
		{ "inconclusive: 3+3 samples", 10, 0, 134.1 },
		{ "ABCDEFGHIJKLMNOPQRSTUVWXYZ", 12, 1, 235.5 },
		{ "0123456789", 12, 1, 83.5 },
		{ "WWWWWWWWWW", 12, 1, 132.4 },
		{ "mmmmmmmmmm", 12, 1, 125.0 },
		{ "%%%%%%%%%%", 12, 1, 120.2 },
		{ "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e", 12, 0, 36.0 },   /* three CJK glyphs */
		{ "caf\xe9", 10, 1, 28.0 },   /* 'caf' and the U+FFFD drawn for a Latin-1 byte */
	};

	for (size_t i = 0; i < sizeof(m) / sizeof(m[0]); i++) {
		int w = html_text_px(m[i].s, m[i].px, m[i].bold);

		ck_assert_msg(w >= m[i].drawn, "'%s': %d px < %.1f drawn", m[i].s, w, m[i].drawn);
		if (i < 5)
			ck_assert_msg(w <= 1.2 * m[i].drawn, "'%s': %d px, %.1f drawn", m[i].s, w,
				      m[i].drawn);
	}
	ck_assert_int_eq(html_text_px("", 12, 1), 0);
}
END_TEST

START_TEST(ends_with)
{
	ck_assert(str_ends_with("run.json", ".json"));
	ck_assert(str_ends_with(".json", ".json"));
	ck_assert(!str_ends_with("json", ".json"));
	ck_assert(!str_ends_with("run.json.txt", ".json"));
	ck_assert(str_ends_with("x", ""));
}
END_TEST

/*
 * path_blocker as the user who meets the closed folder: root may search any
 * folder, so as root the check runs in a child that became 'nobody' (65534).
 * The answer comes back through a pipe: "" when nothing blocks.
 */
static void blocker_as_user(const char *path, char *out, size_t len)
{
	int fds[2];
	pid_t pid;
	ssize_t n;
	int st;

	ck_assert_int_eq(pipe(fds), 0);
	fflush(NULL);   /* nothing buffered for the child to write again */
	pid = fork();
	ck_assert_int_ge(pid, 0);
	if (pid == 0) {
		char dir[512];

		close(fds[0]);
		if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
			_exit(2);
		if (path_blocker(path, dir, sizeof(dir)) != 0)
			dir[0] = '\0';
		_exit(write(fds[1], dir, strlen(dir)) == (ssize_t)strlen(dir) ? 0 : 1);
	}
	close(fds[1]);
	n = read(fds[0], out, len - 1);
	close(fds[0]);
	ck_assert_int_eq(waitpid(pid, &st, 0), pid);
	ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "child status %d", st);
	out[n > 0 ? n : 0] = '\0';
}

START_TEST(blocking_folder)
{
	char top[] = "/tmp/sysindex-block-XXXXXX", mid[256], prog[256], rel[256], got[512];
	char small[8], cwd[4096];

	ck_assert_ptr_nonnull(mkdtemp(top));
	ck_assert_int_eq(chmod(top, 0755), 0);
	snprintf(mid, sizeof(mid), "%s/private", top);
	ck_assert_int_eq(mkdir(mid, 0755), 0);
	ck_assert_int_eq(chmod(mid, 0755), 0);
	snprintf(prog, sizeof(prog), "%s/private/pgms/pipe", top);
	/* Open: nothing on the way blocks (the program need not exist). */
	blocker_as_user(prog, got, sizeof(got));
	ck_assert_str_eq(got, "");
	/* Closed to others (root owns it) or to everyone (mode 0): the first
	 * closed folder is named, not the program or its own folder. */
	ck_assert_int_eq(chmod(mid, geteuid() == 0 ? 0700 : 0), 0);
	blocker_as_user(prog, got, sizeof(got));
	ck_assert_str_eq(got, mid);
	/* Named as the path spells it. */
	snprintf(prog, sizeof(prog), "%s//private//pgms/pipe", top);
	blocker_as_user(prog, got, sizeof(got));
	snprintf(mid, sizeof(mid), "%s//private", top);
	ck_assert_str_eq(got, mid);
	/* Relative to the current directory, and the folder itself given (the
	 * directory is restored: with CK_FORK=no later tests run here too). */
	ck_assert_ptr_nonnull(getcwd(cwd, sizeof(cwd)));
	ck_assert_int_eq(chdir(top), 0);
	snprintf(rel, sizeof(rel), "private/pgms/pipe");
	blocker_as_user(rel, got, sizeof(got));
	ck_assert_str_eq(got, "private");
	blocker_as_user("private", got, sizeof(got));
	ck_assert_str_eq(got, "");
	ck_assert_int_eq(chdir(cwd), 0);
	ck_assert_int_eq(path_blocker(prog, small, sizeof(small)), -1);
	ck_assert_int_eq(chmod(mid, 0700), 0);
	ck_assert_int_eq(remove_tree(top), 0);
}
END_TEST

/* The three answers for a program that cannot be executed, as this user. */
START_TEST(exec_problems)
{
	char dir[] = "/tmp/sysindex-exec-XXXXXX", path[256], why[512];
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/prog", dir);
	ck_assert_int_eq(access(path, X_OK), -1);
	ck_assert_int_eq(path_exec_problem(path, errno, why, sizeof(why)), EXEC_MISSING);
	/* Built without an execute bit (root too needs one). */
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fclose(f);
	ck_assert_int_eq(chmod(path, 0644), 0);
	ck_assert_int_eq(access(path, X_OK), -1);
	ck_assert_int_eq(path_exec_problem(path, errno, why, sizeof(why)), EXEC_DENIED);
	ck_assert_str_eq(why, "is not executable: mode 0644");
	/* A loop of links: neither missing nor denied; the system's words. */
	snprintf(path, sizeof(path), "%s/loop", dir);
	ck_assert_int_eq(symlink(path, path), 0);
	ck_assert_int_eq(access(path, X_OK), -1);
	ck_assert_int_eq(path_exec_problem(path, errno, why, sizeof(why)), EXEC_OTHER);
	snprintf(path, sizeof(path), "cannot be run: %s", strerror(ELOOP));
	ck_assert_str_eq(why, path);
	ck_assert_int_eq(remove_tree(dir), 0);
}
END_TEST

/* The one CSV encoder: text a spreadsheet would run is guarded, numbers are not. */
static void csv_is(const char *in, const char *want)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(m);
	csv_field(m, in);
	ck_assert_int_eq(fclose(m), 0);
	ck_assert_str_eq(buf, want);
	free(buf);
}

START_TEST(csv_formula_guard)
{
	char *buf = NULL, back[32];
	size_t len = 0;
	FILE *m;

	csv_is("plain", "plain");
	csv_is("a,b", "\"a,b\"");
	csv_is("=HYPERLINK(\"x\")", "\"'=HYPERLINK(\"\"x\"\")\"");
	csv_is("+1", "\"'+1\"");
	csv_is("-2+3", "\"'-2+3\"");
	csv_is("@SUM(A1)", "\"'@SUM(A1)\"");
	csv_is("\t=1", "\"'\t=1\"");
	csv_is("\r=1", "\"'\r=1\"");
	csv_is("'=1", "\"''=1\"");        /* a quote already there round-trips */
	csv_is("'quoted", "'quoted");
	csv_is("a-b=c", "a-b=c");
	snprintf(back, sizeof(back), "'%s", "''=1");
	ck_assert_str_eq(csv_unguard(back), "''=1");
	snprintf(back, sizeof(back), "%s", "'x");
	ck_assert_str_eq(csv_unguard(back), "'x");
	/* Numbers stay numbers: no quote, no guard. */
	m = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(m);
	csv_number(m, -1.5);
	fputc(',', m);
	csv_number(m, -1e308);
	ck_assert_int_eq(fclose(m), 0);
	ck_assert_str_eq(buf, "-1.5,-1e+308");
	free(buf);
}
END_TEST

/* Markdown: & starts an entity (&lt;), so it is escaped like the rest. */
START_TEST(md_ampersand)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(m);
	md_text(m, "a &lt; b & c");
	ck_assert_int_eq(fclose(m), 0);
	ck_assert_str_eq(buf, "a \\&lt; b \\& c");
	free(buf);
}
END_TEST

/*
 * md_code or md_text_code of s (in_table for md_code; -1: md_text_code;
 * -2: its HTML twin, html_text_code), malloc'd.
 */
static char *md_code_of(const char *s, int in_table)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(m);
	if (in_table == -2)
		html_text_code(m, s);
	else if (in_table < 0)
		md_text_code(m, s);
	else
		md_code(m, s, in_table);
	ck_assert_int_eq(fclose(m), 0);
	return buf;
}

#define MD_CODE_IS(s, in_table, want) do { \
	char *got_ = md_code_of(s, in_table); \
	ck_assert_str_eq(got_, want); \
	free(got_); \
} while (0)

/*
 * A command as a code span: no backtick inside can end it (the fence is one
 * longer than the longest run), an edge backtick or space gets a space
 * inside the fence, a line break is a space, '|' is escaped in a table cell
 * only; a summary line's quoted command becomes code, the rest text.
 */
START_TEST(md_code_spans)
{
	MD_CODE_IS("mount -o remount,noatime /mnt", 0, "`mount -o remount,noatime /mnt`");
	MD_CODE_IS("echo `id` ``x``", 0, "``` echo `id` ``x`` ```");
	MD_CODE_IS("`x`", 0, "`` `x` ``");
	MD_CODE_IS("a|b\n*c*", 1, "`a\\|b *c*`");
	MD_CODE_IS("a|b", 0, "`a|b`");
	MD_CODE_IS("", 0, "");
	MD_CODE_IS("Setting a (baseline): `mount -o x,y /m`; in force: *rw*", -1,
		   "Setting a (baseline): `mount -o x,y /m`; in force: \\*rw\\*");
	MD_CODE_IS("Setting b: `echo `id``; in force: rw", -1,
		   "Setting b: `` echo `id` ``; in force: rw");
	MD_CODE_IS("no `quote", -1, "no \\`quote");
}
END_TEST

/* The HTML twin: the quote between the first and last backtick as <code>, all escaped. */
START_TEST(html_code_quotes)
{
	static const char *const cases[][2] = {
		{ "Setting a: `mount -o x </m>`; in force: <rw>",
		  "Setting a: <code>mount -o x &lt;/m&gt;</code>; in force: &lt;rw&gt;" },
		{ "b: `echo `id``; ok", "b: <code>echo `id`</code>; ok" },
		{ "no `quote & <b>", "no `quote &amp; &lt;b&gt;" },
		{ "empty `` here", "empty  here" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *got = md_code_of(cases[i][0], -2);

		ck_assert_str_eq(got, cases[i][1]);
		free(got);
	}
}
END_TEST

/* Outside text in a message: escaped (ESC, newline, C1, bad UTF-8) and cut. */
START_TEST(quote_escapes_and_cuts)
{
	char q[QUOTE_BUF], big[100001], *buf = NULL;
	size_t len = 0;
	FILE *m;

	ck_assert_str_eq(quote("a\033[2Jb\nc\\d", q), "a\\x1b[2Jb\\nc\\\\d");
	ck_assert_str_eq(quote("\xc2\x9b" "1m \xff caf\xc3\xa9", q), "\\xc2\\x9b1m \\xff caf\xc3\xa9");
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	quote(big, q);
	ck_assert_uint_eq(strlen(q), QUOTE_SHOWN + 3);
	ck_assert_str_eq(q + QUOTE_SHOWN, "...");
	/* Every byte escaped: still fits. */
	memset(big, '\033', sizeof(big) - 1);
	ck_assert_uint_lt(strlen(quote(big, q)), QUOTE_BUF);
	/* A UTF-8 character is not cut in half: "x" then e-acute from byte 1. */
	big[0] = 'x';
	for (size_t i = 1; i + 1 < QUOTE_SHOWN + 4; i += 2)
		memcpy(big + i, "\xc3\xa9", 2);
	big[QUOTE_SHOWN + 3] = '\0';
	quote(big, q);
	ck_assert_str_eq(q + QUOTE_SHOWN - 3, "\xc3\xa9...");
	m = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(m);
	put_message(m, "x \\x1b \033]0;t\a");
	ck_assert_int_eq(fclose(m), 0);
	ck_assert_str_eq(buf, "x \\x1b \\x1b]0;t\\x07\n");
	free(buf);
}
END_TEST

/* Figures: one decimal, compact from 1e15 on (a 1e308 in 11 characters). */
START_TEST(figures_compact)
{
	char b[FIGURE_BUF];

	ck_assert_str_eq(figure(b, 1234567.25, 0), "1234567.2");
	ck_assert_str_eq(figure(b, -1.5, 0), "-1.5");
	ck_assert_str_eq(figure(b, 999999999999999.0, 0), "999999999999999.0");
	ck_assert_str_eq(figure(b, 1e308, 0), "1.0000e+308");
	ck_assert_str_eq(figure(b, -1e300, 0), "-1.0000e+300");
	ck_assert_str_eq(figure(b, 2.5, 1), "+2.5");
	ck_assert_str_eq(figure_n(b, 1e20, 1, 2), "+1.0000e+20");
	ck_assert_str_eq(figure_n(b, 12.345, 1, 2), "+12.35");
	ck_assert_uint_le(strlen(figure(b, -1.7976931348623157e308, 1)), 12);
}
END_TEST

/* A pid that no longer runs: a child, reaped (test_settings.c's too). */
long unit_gone_pid(void);
long unit_gone_pid(void)
{
	pid_t pid = fork();

	ck_assert_int_ge(pid, 0);
	if (pid == 0)
		_exit(0);
	ck_assert_int_eq(waitpid(pid, NULL, 0), pid);
	return (long)pid;
}

/* The owner line round trip; alive for this process, gone for a dead one or
 * for another start time under a live pid (a reused pid). */
START_TEST(owner_round_trip_and_stale)
{
	struct owner me, back, dead, reused;
	char line[96];

	owner_self(&me);
	ck_assert_int_gt(me.start, 0);
	ck_assert_int_eq(owner_format(&me, line, sizeof(line)), 0);
	ck_assert_int_eq(owner_parse(line, &back), 0);
	ck_assert_int_eq(back.pid, me.pid);
	ck_assert(back.start == me.start);
	ck_assert_int_eq(owner_alive(&me), 1);
	dead = (struct owner){ .pid = unit_gone_pid(), .start = me.start };
	ck_assert_int_eq(owner_alive(&dead), 0);
	reused = (struct owner){ .pid = me.pid, .start = me.start + 1 };
	ck_assert_int_eq(owner_alive(&reused), 0);
	ck_assert_int_eq(owner_parse("sysindex-owner x 1\n", &back), -1);
	ck_assert_int_eq(owner_parse("sysindex-owner 0 1\n", &back), -1);
	ck_assert_int_eq(owner_parse("other 12 1\n", &back), -1);
	ck_assert_int_eq(owner_parse("sysindex-owner 12 1 junk\n", &back), -1);
}
END_TEST

/* Write "sysindex-owner PID START" into dir/sub/.sysindex-owner. */
static void put_owner(const char *dir, const char *sub, const struct owner *o)
{
	char path[512], line[96];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, sub);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	if (o == NULL)
		return;
	snprintf(path, sizeof(path), "%s/%s/" PATHS_OWNER_FILE, dir, sub);
	ck_assert_int_eq(owner_format(o, line, sizeof(line)), 0);
	ck_assert_ptr_nonnull(f = fopen(path, "w"));
	fputs(line, f);
	fclose(f);
}

static int exists(const char *dir, const char *sub)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", dir, sub);
	return access(path, F_OK) == 0;
}

/* Only sysindex's scratch folders whose run is gone are removed. */
START_TEST(sweep_removes_only_dead_runs_scratch)
{
	char dir[] = "/tmp/sysindex-unit-sweep.XXXXXX", mine[512];
	struct owner me, dead;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	owner_self(&me);
	dead = (struct owner){ .pid = unit_gone_pid(), .start = me.start };
	put_owner(dir, "sysindex-dead01", &dead);
	put_owner(dir, "sysindex-live01", &me);
	put_owner(dir, "sysindex-noown1", NULL);
	put_owner(dir, "other-dead0001", &dead);
	put_owner(dir, "sysindex-dead0102", &dead);     /* not mkdtemp's length */
	ck_assert_uint_eq(paths_sweep_scratch(dir, 1), 1);
	ck_assert(!exists(dir, "sysindex-dead01"));
	ck_assert(exists(dir, "sysindex-live01"));
	ck_assert(exists(dir, "sysindex-noown1"));
	ck_assert(exists(dir, "other-dead0001"));
	ck_assert(exists(dir, "sysindex-dead0102"));
	/* The folder a run makes holds its owner, and is alive while it runs. */
	ck_assert_int_eq(paths_make_scratch(dir, mine, sizeof(mine)), 0);
	ck_assert_uint_eq(paths_sweep_scratch(dir, 1), 0);
	ck_assert_int_eq(access(mine, F_OK), 0);
	ck_assert_int_eq(remove_tree(dir), 0);
}
END_TEST

Suite *suite_util(void)
{
	Suite *s = suite_create("util");
	TCase *tc = tcase_create("util");

	tcase_add_test(tc, ulong_and_percent);
	tcase_add_test(tc, decimal_strict);
	tcase_add_test(tc, distance);
	tcase_add_test(tc, atomic_write);
	tcase_add_test(tc, bytes_format);
	tcase_add_test(tc, test_utf8_seq_len);
	tcase_add_test(tc, html_text_width);
	tcase_add_test(tc, ends_with);
	tcase_add_test(tc, blocking_folder);
	tcase_add_test(tc, exec_problems);
	tcase_add_test(tc, csv_formula_guard);
	tcase_add_test(tc, md_ampersand);
	tcase_add_test(tc, md_code_spans);
	tcase_add_test(tc, html_code_quotes);
	tcase_add_test(tc, quote_escapes_and_cuts);
	tcase_add_test(tc, figures_compact);
	tcase_add_test(tc, owner_round_trip_and_stale);
	tcase_add_test(tc, sweep_removes_only_dead_runs_scratch);
	suite_add_tcase(s, tc);
	return s;
}
