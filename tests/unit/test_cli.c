/* test_cli.c: option and group parsing, samples and seconds. */
#include <check.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cmds.h"
#include "run/plan.h"
#include "stats/verdict.h"

static int parse(struct config *cfg, char *err, size_t len, ...)
{
	char *argv[32];
	int argc = 0;
	va_list ap;

	argv[argc++] = "sysindex";
	va_start(ap, len);
	for (char *a; (a = va_arg(ap, char *)) != NULL && argc < 31;)
		argv[argc++] = a;
	va_end(ap);
	argv[argc] = NULL;
	return (int)cli_parse(argc, argv, cfg, err, len);
}

static struct config cfg;
static char err[512];

START_TEST(defaults_select_index)
{
	unsetenv("UB_TMPDIR");
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), NULL), CLI_RUN);
	ck_assert_uint_eq(cfg.ntests, 12);
	ck_assert_str_eq(cfg.tests[0]->name, "dhry2reg");
	ck_assert_uint_eq(cfg.ncopies, 0);
	ck_assert_uint_eq(plan_samples(&cfg, test_find("dhry2reg")), 10);
	ck_assert_uint_eq(plan_samples(&cfg, test_find("spawn")), 3);
	ck_assert_uint_eq(plan_seconds(&cfg, test_find("spawn")), 30);
	ck_assert_ptr_null(cfg.testdir);
}
END_TEST

/* Issue 41: --peer with no test named runs the net group (iperf3 -c HOST runs its test). */
START_TEST(peer_defaults_select_net)
{
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--peer", "h", "--peer-token", "t", NULL),
			 CLI_RUN);
	ck_assert_int_eq(cfg.tests_named, 0);
	ck_assert_uint_gt(cfg.ntests, 0);
	for (size_t i = 0; i < cfg.ntests; i++)
		ck_assert_msg(cfg.tests[i]->groups & G_NET, "%s", cfg.tests[i]->name);
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--peer", "h", "pipe", NULL), CLI_RUN);
	ck_assert_int_eq(cfg.tests_named, 1);
	ck_assert_uint_eq(cfg.ntests, 1);
}
END_TEST

START_TEST(iterations_rule)
{
	static const unsigned want[][3] = { { 1, 1, 1 }, { 3, 3, 1 }, { 10, 10, 3 }, { 5, 5, 2 } };
	char buf[16];

	snprintf(buf, sizeof(buf), "%u", want[_i][0]);
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "-i", buf, NULL), CLI_RUN);
	ck_assert_uint_eq(plan_samples(&cfg, test_find("pipe")), want[_i][1]);
	ck_assert_uint_eq(plan_samples(&cfg, test_find("execl")), want[_i][2]);
}
END_TEST

START_TEST(repeated_copies_and_mixed_order)
{
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "pipe", "-c", "1", "spawn", "-c", "4",
			       "-q", NULL), CLI_RUN);
	ck_assert_uint_eq(cfg.ncopies, 2);
	ck_assert_uint_eq(cfg.copies[1], 4);
	ck_assert_uint_eq(cfg.ntests, 2);
	ck_assert_str_eq(cfg.tests[1]->name, "spawn");
	ck_assert_int_eq(cfg.quiet, 1);
}
END_TEST

START_TEST(quick_mode)
{
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--quick", "shell", "pipe", NULL), CLI_RUN);
	ck_assert_uint_eq(plan_samples(&cfg, test_find("pipe")), 1);
	ck_assert_uint_eq(plan_seconds(&cfg, test_find("pipe")), 2);
	ck_assert_uint_eq(plan_seconds(&cfg, test_find("shell8")), 5);
	ck_assert_uint_eq(cfg.ntests, 4);
}
END_TEST

START_TEST(groups_expand_without_duplicates)
{
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "index", "system", "dhry", NULL), CLI_RUN);
	/* 12 index tests + shell16 (the rest of system is in the index). */
	ck_assert_uint_eq(cfg.ntests, 13);
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "load", NULL), CLI_RUN);
	ck_assert_uint_eq(cfg.ntests, 3);
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "disk", NULL), CLI_RUN);
	ck_assert_uint_eq(cfg.ntests, 6);
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "all", NULL), CLI_RUN);
	for (size_t i = 0; i < cfg.ntests; i++)
		ck_assert(!(cfg.tests[i]->groups & G_DISK));
}
END_TEST

static const char *const bad[][4] = {
	{ "-c", "0" }, { "-c", "100000" }, { "-i", "-1" }, { "-i", "x" },
	{ "--duration", "1e99" }, { "--duration", "0" }, { "--bogus" }, { "-z" },
	{ "pipee" }, { "nosuchtest" }, { "-c" }, { "--disk-size", "12Q" },
	{ "--settle", "-3" }, { "" }, { "--testdir", "" },
};

START_TEST(bad_input_one_line)
{
	char *argv[6] = { "sysindex" };
	int argc = 1;

	for (int k = 0; k < 4 && bad[_i][k] != NULL; k++)
		argv[argc++] = (char *)bad[_i][k];
	argv[argc] = NULL;
	err[0] = '\0';
	ck_assert_int_eq(cli_parse(argc, argv, &cfg, err, sizeof(err)), CLI_USAGE);
	ck_assert_msg(err[0] != '\0' && strchr(err, '\n') == NULL, "bad message '%s'", err);
}
END_TEST

START_TEST(did_you_mean)
{
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "pipee", NULL), CLI_USAGE);
	ck_assert_msg(strstr(err, "did you mean pipe") != NULL, "%s", err);
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--quik", NULL), CLI_USAGE);
	ck_assert_msg(strstr(err, "did you mean --quick") != NULL, "%s", err);
	ck_assert_str_eq(cli_suggest("dhry2re"), "dhry2reg");
	ck_assert_ptr_null(cli_suggest("zzzzzzzz"));
}
END_TEST

START_TEST(ub_tmpdir_env)
{
	setenv("UB_TMPDIR", "/some/where", 1);
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), NULL), CLI_RUN);
	ck_assert_str_eq(cfg.testdir, "/some/where");
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--testdir", "/x", NULL), CLI_RUN);
	ck_assert_str_eq(cfg.testdir, "/x");
	unsetenv("UB_TMPDIR");
}
END_TEST

/* ---- the table machinery itself (cli/opt.h), on a table of its own ------- */

struct toy {
	unsigned n;
	const char *names[2];
	size_t nnames;
	int mode;
	const char *path;
};

static const char *const toy_modes[] = { "fast", "slow", NULL };

static int toy_check(const char *arg, char *e, size_t len)
{
	if (arg[0] == '/')
		return 0;
	snprintf(e, len, "--path: '%s' is not absolute", arg);
	return -1;
}

static const struct opt_def toy_rows[] = {
	{ .lname = "count", .sname = 'n', .kind = OPT_UINT, .off = offsetof(struct toy, n),
	  .min = 1, .max = 9, .argname = "N", .def = "4", .help = "how many" },
	{ .lname = "name", .kind = OPT_STR_LIST, .off = offsetof(struct toy, names),
	  .count_off = offsetof(struct toy, nnames), .cap = 2, .argname = "S",
	  .help = "a name (repeat)" },
	{ .lname = "mode", .kind = OPT_CHOICE, .off = offsetof(struct toy, mode),
	  .choices = toy_modes, .def = "slow", .help = "fast or slow" },
	{ .lname = "path", .kind = OPT_STR, .off = offsetof(struct toy, path), .argname = "P",
	  .check = toy_check, .help = "where" },
	{ .lname = "version", .kind = OPT_ACTION, .action = 2, .help = "version" },
	{ .lname = "help", .sname = 'h', .kind = OPT_ACTION, .action = 1, .help = "help" },
};
static const struct opt_cmd toy_cmd = { "toy", toy_rows, 6, "FILE..." };

static int toy_parse(struct toy *t, unsigned char *given, int *first, ...)
{
	char *argv[16] = { "toy" };
	int argc = 1;
	va_list ap;

	va_start(ap, first);
	for (char *a; (a = va_arg(ap, char *)) != NULL && argc < 15;)
		argv[argc++] = a;
	va_end(ap);
	argv[argc] = NULL;
	memset(t, 0, sizeof(*t));
	err[0] = '\0';
	return opt_parse(&toy_cmd, argc, argv, t, given, first, err, sizeof(err));
}

START_TEST(opt_table_machinery)
{
	struct toy t;
	unsigned char given[6];
	int first;

	/* Defaults stored, operands after the options, given[] marks rows. */
	ck_assert_int_eq(toy_parse(&t, given, &first, "a", "--name", "x", "--name=y", "b", NULL), 0);
	ck_assert_uint_eq(t.n, 4);
	ck_assert_int_eq(t.mode, 1);
	ck_assert_uint_eq(t.nnames, 2);
	ck_assert_str_eq(t.names[1], "y");
	ck_assert_int_eq(given[0], 0);
	ck_assert_int_eq(given[1], 1);
	ck_assert_int_eq(first, 4);   /* GNU order: toy --name x --name=y a b */
	/* A repeatable option has a cap; a choice names its values. */
	ck_assert_int_eq(toy_parse(&t, NULL, &first, "--name", "x", "--name", "y", "--name", "z",
				   NULL), -1);
	ck_assert_str_eq(err, "too many --name options (at most 2)");
	ck_assert_int_eq(toy_parse(&t, NULL, &first, "--mode", "medium", NULL), -1);
	ck_assert_str_eq(err, "--mode: unknown value 'medium' (fast, slow)");
	ck_assert_int_eq(toy_parse(&t, NULL, &first, "--mode=fast", "-n3", NULL), 0);
	ck_assert_int_eq(t.mode, 0);
	ck_assert_uint_eq(t.n, 3);
	/* The row's own check; values on flags; the smallest action wins. */
	ck_assert_int_eq(toy_parse(&t, NULL, &first, "--path", "rel", NULL), -1);
	ck_assert_str_eq(err, "--path: 'rel' is not absolute");
	ck_assert_int_eq(toy_parse(&t, NULL, &first, "--help=1", NULL), -1);
	ck_assert_str_eq(err, "option --help takes no value");
	ck_assert_int_eq(toy_parse(&t, NULL, &first, "--version", "-h", NULL), 1);
	ck_assert_int_eq(toy_parse(&t, NULL, &first, "--version", NULL), 2);
	ck_assert_int_eq(toy_parse(&t, NULL, &first, "--cou", "2", NULL), 0);   /* a unique prefix */
	ck_assert_int_eq(toy_parse(&t, NULL, &first, "--conut", "2", NULL), -1);
	ck_assert_str_eq(err, "unknown option --conut (did you mean --count?); see toy --help");
	ck_assert_int_eq(toy_parse(&t, NULL, &first, "-n", NULL), -1);
	ck_assert_str_eq(err, "option -n needs a value");
	/* A one-value option given twice is refused, long or short, = or not;
	 * a repeatable one is not. */
	ck_assert_int_eq(toy_parse(&t, NULL, &first, "--count", "2", "--count=3", NULL), -1);
	ck_assert_str_eq(err, "--count given twice: it takes one value");
	ck_assert_int_eq(toy_parse(&t, NULL, &first, "-n2", "--count", "2", NULL), -1);
	ck_assert_str_eq(err, "--count given twice: it takes one value");
	ck_assert_int_eq(toy_parse(&t, NULL, &first, "--mode", "fast", "--mode", "slow", NULL), -1);
	ck_assert_str_eq(err, "--mode given twice: it takes one value");
	ck_assert_int_eq(toy_parse(&t, NULL, &first, "--name", "x", "--name", "y", NULL), 0);
}
END_TEST

/* Every command's values, through the one table: strict, and given once. */
static const char *const bad_values[][7] = {
	{ "--repeat", "2", "--repeat", "3" }, { "-i", "2", "--iterations", "3" },
	{ "--settle", "0x10" }, { "--settle", " 1" }, { "--settle", "inf" }, { "--settle", "nan" },
	{ "--time-budget", "1e" }, { "--grace", "+5" }, { "--results", "a", "--results", "b" },
	{ "--testdir", "/x", "--testdir", "/y", "--margin", "0x1" },
	{ "--testdir", "/x", "--testdir", "/y", "--margin", " 2%" },
	{ "--testdir", "/x", "--testdir", "/y", "--instance-sd", "11%" },
	{ "--progress", "line", "--progress", "none" },
};

START_TEST(values_strict_and_once)
{
	char *argv[8] = { "sysindex" };
	int argc = 1;

	for (int k = 0; k < 7 && bad_values[_i][k] != NULL; k++)
		argv[argc++] = (char *)bad_values[_i][k];
	argv[argc] = NULL;
	err[0] = '\0';
	ck_assert_int_eq(cli_parse(argc, argv, &cfg, err, sizeof(err)), CLI_USAGE);
	ck_assert_msg(err[0] != '\0' && strchr(err, '\n') == NULL, "bad message '%s'", err);
}
END_TEST

/* --instance-sd 0, which README and the man page recommend for one instance. */
START_TEST(instance_sd_zero)
{
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--testdir", "/x", "--testdir", "/y",
			       "--instance-sd", "0", NULL), CLI_RUN);
	ck_assert_double_eq(cfg.instance_sd, 0);
	ck_assert_int_eq(cfg.given[O_INSTANCE_SD], 1);
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--testdir", "/x", "--testdir", "/y",
			       "--instance-sd", "0.5%", NULL), CLI_RUN);
	ck_assert_double_eq_tol(cfg.instance_sd, 0.005, 1e-12);
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--setting", "a=true", "--setting",
			       "b=true", "--instance-sd", "0", NULL), CLI_RUN);
	ck_assert_double_eq(cfg.instance_sd, 0);
}
END_TEST

START_TEST(opt_synopsis_and_help)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	opt_synopsis(f, "usage: ", &toy_cmd);
	opt_help(f, &toy_cmd);
	fclose(f);
	ck_assert_msg(strncmp(buf, "usage: toy [--count N] [--name S]... [--mode fast|slow] "
			      "[--path P] FILE...\n", 71) == 0, "%s", buf);
	ck_assert_ptr_nonnull(strstr(buf, "\n  -n, --count N            how many (default 4)\n"));
	ck_assert_ptr_nonnull(strstr(buf, "\n      --mode fast|slow     fast or slow (default slow)\n"));
	free(buf);
}
END_TEST

/* ---- defaults: --help, the parser and the man page agree ------------------ */

/* Bytes of the field an option row stores into. */
static size_t field_size(const struct opt_def *o)
{
	switch (o->kind) {
	case OPT_UINT:
		return sizeof(unsigned);
	case OPT_DOUBLE:
	case OPT_PERCENT:
		return sizeof(double);
	case OPT_SIZE:
		return sizeof(unsigned long long);
	case OPT_STR:
		return sizeof(const char *);
	default:
		return sizeof(int);
	}
}

/* --help's whole entry of --lname, continuation lines joined, or NULL. */
static char *help_entry(const char *help, const char *lname, char *out, size_t len)
{
	char head[64];
	const char *p = help, *hit = NULL;
	size_t n = 0;

	snprintf(head, sizeof(head), "--%s", lname);
	/* An entry starts a line: "  -x, --name" or "      --name". */
	for (; (p = strstr(p, head)) != NULL; p++) {
		const char *bol = p;

		while (bol > help && bol[-1] != '\n')
			bol--;
		if (p - bol == 6 && (strncmp(bol, "      ", 6) == 0 ||
				     (bol[2] == '-' && bol[4] == ',')) &&
		    (p[strlen(head)] == ' ' || p[strlen(head)] == '\n')) {
			hit = p;
			break;
		}
	}
	if (hit == NULL)
		return NULL;
	/* The entry: this line and the lines that start with spaces only. */
	for (p = hit; *p && n + 1 < len; p++) {
		if (*p == '\n') {
			size_t sp = strspn(p + 1, " ");

			if (sp < 20)
				break;
			p += sp;
			out[n++] = ' ';
			continue;
		}
		out[n++] = *p;
	}
	out[n] = '\0';
	return out;
}

/* The first word after 'key' in text, without trailing punctuation. */
static int word_after(const char *text, const char *key, char *out, size_t len)
{
	const char *p = strstr(text, key);
	size_t n;

	if (p == NULL)
		return -1;
	p += strlen(key);
	n = strcspn(p, " ");
	while (n > 0 && strchr(",;)", p[n - 1]) != NULL)
		n--;
	snprintf(out, len, "%.*s", (int)n, p);
	return n > 0 ? 0 : -1;
}

static char *usage_text(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	cli_usage(f, subcmd_table, subcmd_table_len);
	ck_assert_int_eq(fclose(f), 0);
	return buf;
}

/* Parsing --lname=word stores what the default stored (after lead, if any). */
static void same_as_default(const struct opt_def *o, const char *lead, const char *word)
{
	static struct config dflt, given;
	char arg[128];

	snprintf(arg, sizeof(arg), "--%s=%s", o->lname, word);
	ck_assert_int_eq(parse(&dflt, err, sizeof(err), lead, NULL), CLI_RUN);
	ck_assert_msg(parse(&given, err, sizeof(err), arg, lead, NULL) == CLI_RUN,
		      "--help's default of --%s does not parse: %s", o->lname, err);
	ck_assert_msg(memcmp((char *)&dflt + o->off, (char *)&given + o->off, field_size(o)) == 0,
		      "--help says --%s defaults to %s%s%s, the parser uses another value",
		      o->lname, word, lead ? " with " : "", lead ? lead : "");
}

/*
 * --margin is one row in the run's and compare's tables: the same kind,
 * range, help and default, and that default is the verdict rule's margin.
 */
START_TEST(margin_one_row)
{
	const struct opt_def *r = opt_find(&cli_cmd, "margin"), *c = opt_find(&compare_opts, "margin");
	static unsigned char opts[1 << 14];
	double v;

	ck_assert_ptr_nonnull(r);
	ck_assert_ptr_nonnull(c);
	ck_assert_ptr_nonnull(r->def);
	ck_assert_str_eq(r->def, c->def);
	ck_assert(r->kind == c->kind && r->min == c->min && r->max == c->max);
	ck_assert_str_eq(r->argname, c->argname);
	ck_assert_str_eq(r->help, "paired mode: changes within +-P are \"equivalent\" when two "
			 "one-sided tests show it");
	ck_assert_str_eq(c->help, r->help + strlen("paired mode: "));
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), NULL), CLI_RUN);
	ck_assert(cfg.margin == VERDICT_MARGIN);
	ck_assert_uint_lt(c->off + sizeof(double), sizeof(opts));
	ck_assert_int_eq(opt_set(c, c->def, opts, err, sizeof(err)), 0);
	memcpy(&v, opts + c->off, sizeof(v));
	ck_assert(v == VERDICT_MARGIN);
}
END_TEST

START_TEST(help_defaults_are_the_parsers)
{
	char *help = usage_text(), entry[1024], word[64], shell[64], key[96];
	size_t checked = 0;

	for (size_t i = 0; i < opt_table_len; i++) {
		const struct opt_def *o = &opt_table[i];

		ck_assert_msg(o->lname != NULL && o->help != NULL, "opt_table[%zu] is empty", i);
		ck_assert_msg(help_entry(help, o->lname, entry, sizeof(entry)) != NULL,
			      "--help lacks --%s", o->lname);
		if (o->def != NULL || o->def_note != NULL)
			ck_assert_msg(strstr(entry, "(default ") != NULL, "--%s: no default in '%s'",
				      o->lname, entry);
		/* --margin needs paired mode: margin_one_row checks its default. */
		if (o->def != NULL && i != O_MARGIN) {
			ck_assert_int_eq(word_after(entry, "(default ", word, sizeof(word)), 0);
			/* --sustained's own options need it. */
			same_as_default(o, i == O_RAMP || i == O_SUSTAINED_MAX ||
					i == O_SUSTAINED_INTERVAL ? "--sustained" : NULL, word);
			checked++;
		}
		if (o->quick != NULL) {
			ck_assert_msg(word_after(entry, "with --quick ", word, sizeof(word)) == 0,
				      "--%s: no --quick default in '%s'", o->lname, entry);
			same_as_default(o, "--quick", word);
			checked++;
		}
	}
	ck_assert_uint_ge(checked, 6);
	/* The rules: --grace's "N + the duration", --duration's quick lengths. */
	ck_assert_ptr_nonnull(help_entry(help, "grace", entry, sizeof(entry)));
	ck_assert(strstr(entry, " + the duration") != NULL);
	ck_assert_int_eq(word_after(entry, "(default ", word, sizeof(word)), 0);
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), NULL), CLI_RUN);
	ck_assert_double_eq(plan_grace(&cfg, 10), atof(word) + 10);
	ck_assert_double_eq(plan_grace(&cfg, 60), atof(word) + 60);
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--grace", "7", NULL), CLI_RUN);
	ck_assert_double_eq(plan_grace(&cfg, 60), 7);
	ck_assert_ptr_nonnull(help_entry(help, "duration", entry, sizeof(entry)));
	ck_assert_int_eq(word_after(entry, "with --quick ", word, sizeof(word)), 0);
	snprintf(key, sizeof(key), "with --quick %s, ", word);
	ck_assert_int_eq(word_after(entry, key, shell, sizeof(shell)), 0);
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--quick", NULL), CLI_RUN);
	ck_assert_uint_eq(plan_seconds(&cfg, test_find("pipe")), (unsigned)atoi(word));
	ck_assert_uint_eq(plan_seconds(&cfg, test_find("shell8")), (unsigned)atoi(shell));
	ck_assert_uint_eq(plan_quick_seconds(test_find("shell8")), (unsigned)atoi(shell));
	free(help);
}
END_TEST

START_TEST(help_synopsis_is_generated)
{
	char *help = usage_text();

	/* Every compare option in the compare line, none copied by hand. */
	ck_assert_ptr_nonnull(strstr(help, "\n       ./Run compare [--label L]..."));
	for (size_t i = 0; i < compare_opts.nopts; i++) {
		char want[64];

		if (compare_opts.opts[i].kind == OPT_ACTION)
			continue;
		snprintf(want, sizeof(want), "[--%s", compare_opts.opts[i].lname);
		ck_assert_msg(strstr(help, want) != NULL, "synopsis lacks %s", want);
	}
	free(help);
}
END_TEST

/*
 * The man page as plain text, one paragraph per .TP entry of section 'sh':
 * font escapes and \- undone, macros' words joined as groff prints them,
 * lower case, single spaces.
 */
static size_t man_entries(const char *man, const char *sh, char ent[][1024], size_t max)
{
	char key[64];
	const char *p;
	size_t n = 0, k = 0;

	snprintf(key, sizeof(key), "\n.SH %s\n", sh);
	p = strstr(man, key);
	ck_assert_msg(p != NULL, "docs/sysindex.1 has no %s section", sh);
	p += strlen(key);
	while (*p && strncmp(p, ".SH ", 4) != 0) {
		size_t len = strcspn(p, "\n");
		char line[1024];
		int glue = 0, quoted = 0;

		snprintf(line, sizeof(line), "%.*s", (int)len, p);
		p += len + (p[len] == '\n');
		if (strcmp(line, ".TP") == 0) {
			if (n == max)
				break;
			n++;
			k = 0;
			ent[n - 1][0] = '\0';
			continue;
		}
		if (n == 0)
			continue;
		if (line[0] == '.') {
			/* .BI/.BR/.IR/.RB...: words alternate fonts, no space between. */
			glue = strlen(line) >= 3 && line[2] != ' ' && isupper((unsigned char)line[1]);
			if (strchr(line, ' ') == NULL)
				continue;
			memmove(line, strchr(line, ' ') + 1, strlen(strchr(line, ' ')));
		}
		if (k > 0 && k + 1 < 1024)
			ent[n - 1][k++] = ' ';
		for (const char *q = line; *q && k + 1 < 1024; q++) {
			if (q[0] == '\\' && q[1] == '-') {
				ent[n - 1][k++] = '-';
				q++;
			} else if (q[0] == '\\' && q[1] == 'f' && q[2]) {
				q += 2;
			} else if (*q == '"') {
				quoted = !quoted;
			} else if (*q == ' ' && glue && !quoted) {
				continue;
			} else {
				ent[n - 1][k++] = (char)tolower((unsigned char)*q);
			}
		}
		ent[n - 1][k] = '\0';
	}
	return n;
}

static void lower(char *s)
{
	for (; *s; s++)
		*s = (char)tolower((unsigned char)*s);
}

/* Each option of cmd has a man entry in section sh naming its defaults as the table does. */
static void man_matches(const char *man, const char *sh, const struct opt_cmd *cmd)
{
	static char ent[64][1024];
	size_t n = man_entries(man, sh, ent, 64);

	for (size_t i = 0; i < cmd->nopts; i++) {
		const struct opt_def *o = &cmd->opts[i];
		char name[64], want[256];
		const char *e = NULL;

		snprintf(name, sizeof(name), "--%s", o->lname);
		for (size_t k = 0; k < n && e == NULL; k++) {
			const char *hit = strstr(ent[k], name);

			/* in the entry's first words (its tag), as a whole option name */
			if (hit != NULL && hit - ent[k] < 40 && !isalnum((unsigned char)hit[strlen(name)]) &&
			    hit[strlen(name)] != '-')
				e = ent[k];
		}
		ck_assert_msg(e != NULL, "docs/sysindex.1 %s: no entry for %s", sh, name);
		if (o->def != NULL || o->def_note != NULL) {
			snprintf(want, sizeof(want), "default %s%s", o->def ? o->def : "",
				 o->def_note ? o->def_note : "");
			lower(want);
			ck_assert_msg(strstr(e, want) != NULL, "docs/sysindex.1: %s: want '%s' in '%s'",
				      name, want, e);
		}
		if (o->quick != NULL) {
			snprintf(want, sizeof(want), "with --quick %s%s", o->quick,
				 o->quick_note ? o->quick_note : "");
			lower(want);
			ck_assert_msg(strstr(e, want) != NULL, "docs/sysindex.1: %s: want '%s' in '%s'",
				      name, want, e);
		}
	}
}

START_TEST(man_page_states_each_default)
{
	FILE *f = fopen("docs/sysindex.1", "r");
	static char man[1 << 17];
	size_t len;

	ck_assert_msg(f != NULL, "docs/sysindex.1 missing (run from the top folder)");
	len = fread(man + 1, 1, sizeof(man) - 2, f);
	fclose(f);
	man[0] = '\n';
	man[len + 1] = '\0';
	man_matches(man, "OPTIONS", &cli_cmd);
	man_matches(man, "COMPARE", &compare_opts);
	man_matches(man, "SPREAD", &spread_opts);
}
END_TEST

/* Two or more --testdir: paired mode, labelled; --control needs it. */
START_TEST(paired_testdirs)
{
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--testdir", "rel=/a", "--testdir",
			       "/b/noatime", "--control", "fs", NULL), CLI_RUN);
	ck_assert_uint_eq(cfg.ndirs, 2);
	ck_assert_str_eq(cfg.testdir, "/a");
	ck_assert_str_eq(cfg.dirs[0].label, "rel");
	ck_assert_str_eq(cfg.dirs[1].label, "noatime");
	ck_assert_int_eq(cfg.control, 1);
	/* One --testdir is a plain path, '=' and all: no paired mode. */
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--testdir", "x=/y", NULL), CLI_RUN);
	ck_assert_uint_eq(cfg.ndirs, 0);
	ck_assert_str_eq(cfg.testdir, "x=/y");
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--control", NULL), CLI_USAGE);
	ck_assert_ptr_nonnull(strstr(err, "two or more --testdir"));
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--testdir", "a=/x", "--testdir", "a=/y",
			       NULL), CLI_USAGE);
	ck_assert_ptr_nonnull(strstr(err, "given twice"));
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--testdir", "", "--testdir", "/y",
			       NULL), CLI_USAGE);
	/* --interleave: slices by default; samples asked; only in paired mode. */
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--testdir", "/x", "--testdir", "/y",
			       NULL), CLI_RUN);
	ck_assert_int_eq(cfg.interleave, INTERLEAVE_SLICES);
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--testdir", "/x", "--testdir", "/y",
			       "--interleave", "samples", NULL), CLI_RUN);
	ck_assert_int_eq(cfg.interleave, INTERLEAVE_SAMPLES);
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--interleave", "samples", NULL), CLI_USAGE);
	ck_assert_ptr_nonnull(strstr(err, "--interleave needs paired mode"));
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--testdir", "/x", "--testdir", "/y",
			       "--interleave", "rounds", NULL), CLI_USAGE);
	/*
	 * The least paired half-width with t, not z: t(0.975, 39) = 2.0227 at
	 * the 40 rounds --precision plans at most, x 0.3 % = 0.6068 %, as a
	 * change 0.609 %.  0.6 % (z's 1.96 x 0.3 % = 0.59 %) was accepted and
	 * could never be reached.
	 */
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--testdir", "/x", "--testdir", "/y",
			       "--precision", "0.6%", NULL), CLI_USAGE);
	ck_assert_ptr_nonnull(strstr(err, "0.61% or more"));
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--testdir", "/x", "--testdir", "/y",
			       "--precision", "0.62%", NULL), CLI_RUN);
}
END_TEST

/* ./Run spread --every: seconds, or s, m, h, d; anything else refused. */
START_TEST(spread_every)
{
	static const struct { const char *in; unsigned long secs; } good[] = {
		{ "90", 90 }, { "30s", 30 }, { "10m", 600 }, { "1h", 3600 }, { "1d", 86400 },
		{ "0", 0 },
	};
	static const char *const bad[] = { "", "x", "10x", "1hh", "-1", "1.5h", "367d", "h" };
	unsigned long v;

	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		ck_assert_int_eq(spread_parse_every(good[i].in, &v), 0);
		ck_assert_uint_eq(v, good[i].secs);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(spread_parse_every(bad[i], &v) != 0, "'%s' accepted", bad[i]);
}
END_TEST

/* --sustained: the disk group by default, one sample of --sustained-max. */
START_TEST(sustained_plan)
{
	const struct test_def *t;

	ck_assert_int_eq(parse(&cfg, err, sizeof(err), "--sustained", "--sustained-max", "100",
			       NULL), CLI_RUN);
	ck_assert_uint_gt(cfg.ntests, 0);
	for (size_t i = 0; i < cfg.ntests; i++) {
		t = cfg.tests[i];
		ck_assert(t->groups & G_DISK);
		ck_assert_int_eq(plan_sustained(&cfg, t), 1);
		ck_assert_uint_eq(plan_samples(&cfg, t), 1);
		ck_assert_uint_eq(plan_seconds(&cfg, t), 100);
	}
	ck_assert_int_eq(parse(&cfg, err, sizeof(err), NULL), CLI_RUN);
	ck_assert_int_eq(plan_sustained(&cfg, cfg.tests[0]), 0);
}
END_TEST

Suite *suite_cli(void)
{
	Suite *s = suite_create("cli");
	TCase *tc = tcase_create("options");

	tcase_add_test(tc, defaults_select_index);
	tcase_add_test(tc, spread_every);
	tcase_add_test(tc, sustained_plan);
	tcase_add_test(tc, peer_defaults_select_net);
	tcase_add_loop_test(tc, iterations_rule, 0, 4);
	tcase_add_test(tc, repeated_copies_and_mixed_order);
	tcase_add_test(tc, quick_mode);
	tcase_add_test(tc, groups_expand_without_duplicates);
	tcase_add_loop_test(tc, bad_input_one_line, 0, sizeof(bad) / sizeof(bad[0]));
	tcase_add_test(tc, did_you_mean);
	tcase_add_test(tc, ub_tmpdir_env);
	tcase_add_test(tc, opt_table_machinery);
	tcase_add_loop_test(tc, values_strict_and_once, 0,
			    sizeof(bad_values) / sizeof(bad_values[0]));
	tcase_add_test(tc, instance_sd_zero);
	tcase_add_test(tc, opt_synopsis_and_help);
	suite_add_tcase(s, tc);
	tc = tcase_create("defaults");
	tcase_add_test(tc, help_defaults_are_the_parsers);
	tcase_add_test(tc, margin_one_row);
	tcase_add_test(tc, help_synopsis_is_generated);
	tcase_add_test(tc, man_page_states_each_default);
	tcase_add_test(tc, paired_testdirs);
	suite_add_tcase(s, tc);
	return s;
}
