/*
 * test_runner.c: how one copy's output becomes a result, and spawn_pass()
 * against fake programs that crash, hang, flood, or leave orphans behind.
 * The fakes are built by `make check` into build/fakepgms/.
 */
#include <check.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run/proto.h"
#include "run/runner.h"
#include "util/sig.h"
#include "run/spawn.h"
#include "run/steps.h"
#include "util/util.h"

#define W_EXIT(n) ((n) << 8)          /* a wait status for exit(n) */

static struct copy_result cr;
static char reason[REASON_MAX];
static int skipped;

static void parse(const char *err, int status, int timed_out)
{
	progout_parse_copy(err, 0, status, timed_out, 10.0, &cr, reason, sizeof(reason), &skipped);
}

START_TEST(good_copy)
{
	parse("COUNT|123|1|lps\nTIME|9.5\nMETRIC|x|2|IOPS\nNOTE|buffered\n", W_EXIT(0), 0);
	ck_assert_int_eq(cr.ok, 1);
	ck_assert_double_eq(cr.count, 123);
	ck_assert_double_eq(cr.time, 9.5);
	ck_assert_uint_eq(cr.nmetrics, 1);
	ck_assert_str_eq(cr.note, "buffered");
}
END_TEST

/* A program's ERROR and NOTE text reach the terminal: no ESC sequence (issue 41). */
START_TEST(program_text_controls)
{
	parse("ERROR|cannot resolve a\033]0;pwn\007\033[2Jb\n", W_EXIT(1), 0);
	ck_assert_ptr_null(strchr(reason, '\033'));
	ck_assert_ptr_nonnull(strstr(reason, "cannot resolve a?]0;pwn??[2Jb"));
	parse("COUNT|1|1|lps\nTIME|1\nNOTE|x\033[31my\n", W_EXIT(0), 0);
	ck_assert_int_eq(cr.ok, 1);
	ck_assert_str_eq(cr.note, "x?[31my");
}
END_TEST

START_TEST(last_count_wins)
{
	/* context1 in UnixBench: both processes print; the last line counts. */
	parse("COUNT|100|1|lps\nCOUNT|101|1|lps\n", W_EXIT(0), 0);
	ck_assert_int_eq(cr.ok, 1);
	ck_assert_double_eq(cr.count, 101);
	ck_assert_double_eq(cr.time, -1);
}
END_TEST

static const struct {
	const char *err;
	int status, timed_out;
	const char *want;       /* substring of the reason */
	int skip;
} failures[] = {
	{ "COUNT|1|1|lps\n", SIGSEGV, 0, "signal 11", 0 },
	{ "", W_EXIT(7), 0, "status 7", 0 },
	{ "ERROR|disk on fire\n", W_EXIT(1), 0, "disk on fire", 0 },
	{ "hello world\nCOUNT|1|1|lps\n", W_EXIT(0), 0, "unexpected output: hello world", 0 },
	{ "", W_EXIT(0), 0, "printed no result", 0 },
	{ "COUNT|1|1|lps\n", SIGKILL, 1, "did not finish", 0 },
	{ "SKIP|not supported here\n", W_EXIT(3), 0, "not supported here", 1 },
	{ "COUNT|x|1|lps\n", W_EXIT(0), 0, "malformed COUNT", 0 },
	{ "ERROR|quota\nCOUNT|5|1|lps\n", W_EXIT(0), 0, "quota", 0 },
	{ "", -1, 0, "could not be started", 0 },
};

START_TEST(failed_copies)
{
	parse(failures[_i].err, failures[_i].status, failures[_i].timed_out);
	ck_assert_int_eq(cr.ok, 0);
	ck_assert_msg(strstr(reason, failures[_i].want) != NULL, "reason '%s' lacks '%s'",
		      reason, failures[_i].want);
	ck_assert_int_eq(skipped, failures[_i].skip);
}
END_TEST

START_TEST(too_much_output)
{
	progout_parse_copy("COUNT|1|1|lps\n", 5000, W_EXIT(0), 0, 1, &cr, reason,
			   sizeof(reason), &skipped);
	ck_assert_int_eq(cr.ok, 0);
	ck_assert(strstr(reason, "more than") != NULL);
}
END_TEST

/* Any process still parented to us (the subreaper) after a pass is a leak. */
static int children_left(void)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	int n = 0;

	while (d != NULL && (e = readdir(d)) != NULL) {
		char path[300], buf[512], *p;
		int ppid = -1;
		FILE *f;

		if (e->d_name[0] < '0' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/stat", e->d_name);
		if ((f = fopen(path, "r")) == NULL)
			continue;
		if (fgets(buf, sizeof(buf), f) && (p = strrchr(buf, ')')) != NULL)
			sscanf(p + 1, " %*c %d", &ppid);
		fclose(f);
		if (ppid == (int)getpid())
			n++;
	}
	if (d != NULL)
		closedir(d);
	return n;
}

static int run_fake(const char *prog, const char *arg, size_t copies, double timeout,
		    struct spawn_out *out)
{
	char path[256];
	char *argv[4];
	struct spawn_spec spec;

	snprintf(path, sizeof(path), "build/fakepgms/%s", prog);
	ck_assert_msg(access(path, X_OK) == 0, "%s not built (make check builds it)", path);
	argv[0] = path;
	argv[1] = (char *)arg;
	argv[2] = NULL;
	memset(&spec, 0, sizeof(spec));
	spec.argv = argv;
	spec.cwd = ".";
	spec.log_fd = -1;
	spec.timeout = timeout;
	return spawn_pass(&spec, copies, out);
}

START_TEST(spawn_two_copies)
{
	struct spawn_out out[2];

	ck_assert_int_eq(run_fake("fake-ok", "0.3", 2, 10, out), 0);
	for (int i = 0; i < 2; i++) {
		ck_assert_int_eq(WIFEXITED(out[i].status) && WEXITSTATUS(out[i].status) == 0, 1);
		ck_assert(strstr(out[i].err, "COUNT|1000|1|lps") != NULL);
		ck_assert(out[i].elapsed >= 0.29 && out[i].elapsed < 5);
		/* Read once, from the exited copy, before it was reaped. */
		ck_assert_int_ge(out[i].cpu, 0);
		ck_assert_int_lt(out[i].cpu, (int)sysconf(_SC_NPROCESSORS_CONF));
	}
	spawn_free(out, 2);
	ck_assert_int_eq(children_left(), 0);
}
END_TEST

/*
 * The start gate: every copy finds descriptor $SYSINDEX_START_FD, reading it
 * ends (EOF) once all copies are started (no copy holds the write end, or
 * cat would wait until the timeout), and the copies' starts are set to the
 * gate's opening.
 */
START_TEST(spawn_start_gate)
{
	char *argv[] = { "/bin/sh", "-c",
		"echo \"FD|$" PROTOCOL_START_FD_ENV "\" >&2; cat <&3 >/dev/null && echo \"OPENED|\" >&2", NULL };
	struct spawn_spec spec;
	struct spawn_out out[3];

	memset(&spec, 0, sizeof(spec));
	spec.argv = argv;
	spec.cwd = ".";
	spec.log_fd = -1;
	spec.timeout = 20;
	ck_assert_int_eq(spawn_pass(&spec, 3, out), 0);
	for (int i = 0; i < 3; i++) {
		ck_assert_msg(out[i].err != NULL && strstr(out[i].err, "FD|3\n") != NULL,
			      "copy %d: %s", i, out[i].err ? out[i].err : "(nothing)");
		ck_assert_msg(strstr(out[i].err, "OPENED|") != NULL, "copy %d: %s", i, out[i].err);
		ck_assert_int_eq(out[i].timed_out, 0);
		ck_assert(out[i].elapsed < 15);
	}
	spawn_free(out, 3);
	ck_assert_int_eq(children_left(), 0);
}
END_TEST

/*
 * The driver does not wake while a copy runs quietly (as UnixBench's runner,
 * blocked in read, does not): the copy reads the driver's voluntary context
 * switches (this process's: $PPID) at the start and at the end of a 3.5 s
 * sleep.  Each time the driver woke and slept again adds one; a driver that
 * looked every second, as it did before, adds three.  With the self-pipe
 * installed, SIGCHLD still ends the pass as soon as the copy exits.
 */
START_TEST(spawn_driver_sleeps_through_a_sample)
{
	char *argv[] = { "/bin/sh", "-c",
		"cs() { sed -n 's/^voluntary_ctxt_switches:[[:space:]]*//p' /proc/$PPID/status; }; "
		"a=$(cs); sleep 3.5; b=$(cs); echo \"CS|$a|$b\" >&2", NULL };
	struct spawn_spec spec;
	struct spawn_out out;
	long a = -1, b = -1;
	const char *cs;

	ck_assert_int_eq(sig_install(), 0);
	memset(&spec, 0, sizeof(spec));
	spec.argv = argv;
	spec.cwd = ".";
	spec.log_fd = -1;
	spec.timeout = 30;
	ck_assert_int_eq(spawn_pass(&spec, 1, &out), 0);
	ck_assert_msg(out.err != NULL && (cs = strstr(out.err, "CS|")) != NULL &&
		      sscanf(cs, "CS|%ld|%ld", &a, &b) == 2,
		      "no CS line: %s", out.err ? out.err : "(nothing)");
	ck_assert_msg(b - a <= 1, "the driver woke %ld times in 3.5 s", b - a);
	/* Ended by the exit (SIGCHLD, stderr EOF), not by a timer. */
	ck_assert(out.elapsed >= 3.4 && out.elapsed < 10);
	ck_assert_int_ge(out.cpu, 0);
	spawn_free(&out, 1);
	ck_assert_int_eq(children_left(), 0);
}
END_TEST

START_TEST(start_spread_of_copies)
{
	struct copy_result c[3];

	memset(c, 0, sizeof(c));
	c[0].started = 100.004;
	c[1].started = 100.001;
	c[2].started = 100.010;
	ck_assert_double_eq_tol(progout_start_spread(c, 3), 0.009, 1e-9);
	ck_assert_double_eq_tol(progout_start_spread(c, 1), 0, 1e-12);
	c[1].started = -1;          /* one copy never said: unknown */
	ck_assert_double_eq_tol(progout_start_spread(c, 3), -1, 1e-12);
	ck_assert_double_eq_tol(progout_start_spread(c, 0), -1, 1e-12);
}
END_TEST

START_TEST(spawn_crash_and_abort)
{
	struct spawn_out out;

	run_fake("fake-crash", NULL, 1, 10, &out);
	ck_assert(WIFSIGNALED(out.status) && WTERMSIG(out.status) == SIGSEGV);
	spawn_free(&out, 1);
	run_fake("fake-abort", NULL, 1, 10, &out);
	ck_assert(WIFSIGNALED(out.status) && WTERMSIG(out.status) == SIGABRT);
	spawn_free(&out, 1);
}
END_TEST

START_TEST(spawn_kills_a_hang)
{
	struct spawn_out out;

	/* fake-hang ignores SIGTERM: SIGKILL must follow. */
	ck_assert_int_eq(run_fake("fake-hang", NULL, 1, 0.5, &out), 0);
	ck_assert_int_eq(out.timed_out, 1);
	ck_assert(WIFSIGNALED(out.status) && WTERMSIG(out.status) == SIGKILL);
	spawn_free(&out, 1);
	ck_assert_int_eq(children_left(), 0);
}
END_TEST

START_TEST(spawn_leaves_no_orphans)
{
	struct spawn_out out;

	ck_assert_int_eq(run_fake("fake-orphan", NULL, 1, 10, &out), 0);
	ck_assert(strstr(out.err, "COUNT|") != NULL);
	/* The orphan holds stderr open for 300 s; the pass must not wait for it. */
	ck_assert(out.elapsed < 3);
	spawn_free(&out, 1);
	ck_assert_int_eq(children_left(), 0);
}
END_TEST

START_TEST(spawn_bounds_a_flood)
{
	struct spawn_out out;

	ck_assert_int_eq(run_fake("fake-flood", NULL, 1, 20, &out), 0);
	ck_assert_uint_le(out.err_len, SPAWN_STDERR_MAX);
	ck_assert(out.err_dropped > 0);
	spawn_free(&out, 1);
}
END_TEST

START_TEST(spawn_missing_program)
{
	struct spawn_out out;
	char *argv[] = { "/nonexistent/prog", NULL };
	struct spawn_spec spec;

	memset(&spec, 0, sizeof(spec));
	spec.argv = argv;
	spec.log_fd = -1;
	spec.timeout = 5;
	ck_assert_int_eq(spawn_pass(&spec, 1, &out), 0);
	ck_assert(WIFEXITED(out.status) && WEXITSTATUS(out.status) == 127);
	ck_assert(strstr(out.err, "ERROR|cannot execute") != NULL);
	spawn_free(&out, 1);
}
END_TEST

/* The loop's steps for one_loop_for_both: two samples a round, met after three. */
static unsigned loop_calls;

static unsigned loop_active(struct test_loop *L)
{
	(void)L;
	return 2;
}

static int loop_done(struct test_loop *L, unsigned k, double elapsed, int *capped)
{
	(void)L;
	(void)elapsed;
	*capped = 0;
	return k >= 3;
}

static int loop_step(struct test_loop *L, unsigned k)
{
	(void)k;
	loop_calls++;
	test_loop_account(L, 2, now_mono());
	return 0;
}

/*
 * The one loop normal and paired tests run (test_loop_run): it stops when
 * the plan is met, credits the ETA with what did not run, stops past the
 * budget once the floor is in, and a signal before the first step runs
 * none and marks every result interrupted.
 */
START_TEST(one_loop_for_both)
{
	static struct run_env env;
	static struct config cfg;
	static struct bench_result tr[2];
	struct bench_result *const trs[2] = { &tr[0], &tr[1] };
	const char *const labels[2] = { "a", "b" };
	const struct test_def *def = test_find("dhry2reg");
	struct test_loop L;

	ck_assert_ptr_nonnull(def);
	env.cfg = &cfg;
	env.log_fd = -1;
	env.plans[0] = (struct test_plan){ .max_samples = 5, .seconds = 1, .pass_estimate = 2,
					   .floor_samples = 1, .dirs = 2 };
	for (int pass = 0; pass < 3; pass++) {
		for (size_t d = 0; d < 2; d++) {
			memset(&tr[d], 0, sizeof(tr[d]));
			tr[d].def = def;
			tr[d].status = TS_OK;
		}
		L = (struct test_loop){ .env = &env, .t = def, .plan = &env.plans[0], .ti = 0,
					.copies = 1, .nsteps = 5, .width = 2, .steps_word = "rounds",
					.trs = trs, .ntrs = 2, .labels = labels,
					.active = loop_active, .done = loop_done, .step = loop_step };
		loop_calls = 0;
		env.eta_done = 0;
		memset(&env.measured, 0, sizeof(env.measured));
		if (pass == 0) {
			ck_assert_int_eq(test_loop_run(&L), 0);
			ck_assert_uint_eq(loop_calls, 3);
			ck_assert_uint_eq(env.measured.n[0], 6);
			ck_assert_int_eq(tr[1].status, TS_OK);
		} else if (pass == 1) {
			L.sig = SIGINT;
			ck_assert_int_eq(test_loop_run(&L), SIGINT);
			ck_assert_uint_eq(loop_calls, 0);
			for (size_t d = 0; d < 2; d++) {
				ck_assert_int_eq(tr[d].status, TS_NOT_RUN);
				ck_assert_str_eq(tr[d].reason, "interrupted");
			}
		} else {
			cfg.time_budget = 1;
			env.budget_start = now_mono() - 1e6;
			ck_assert_int_eq(test_loop_run(&L), 0);
			ck_assert_uint_eq(loop_calls, 1);
			cfg.time_budget = 0;
		}
		/* Whatever ran, the ETA holds the whole plan: 5 rounds of 2 at 2 s. */
		ck_assert_double_eq(env.eta_done, 20);
	}
}
END_TEST

/* Which loop each step of steps_interleave ran: the loop's ti. */
static size_t step_seq[16], nseq;

static int seq_step(struct test_loop *L, unsigned k)
{
	(void)k;
	if (nseq < 16)
		step_seq[nseq++] = L->ti;
	test_loop_account(L, 1, now_mono());
	return 0;
}

static unsigned one_active(struct test_loop *L)
{
	(void)L;
	return 1;
}

/*
 * The loop's unit is the step (--order spread): two tests' loops stepped in
 * turn run their steps alternately, each stopping at its own plan (3 and
 * 2 steps: loop_done's k >= 3, the other's nsteps), then ended apart.
 */
START_TEST(steps_interleave)
{
	static struct run_env env;
	static struct config cfg;
	static struct bench_result tr[2];
	struct bench_result *const t0[1] = { &tr[0] }, *const t1[1] = { &tr[1] };
	const struct test_def *def = test_find("dhry2reg");
	struct test_loop L[2];
	const size_t want[5] = { 0, 1, 0, 1, 0 };
	int any = 1;

	env.cfg = &cfg;
	env.log_fd = -1;
	env.plans[0] = (struct test_plan){ .max_samples = 5, .seconds = 1, .pass_estimate = 1,
					   .dirs = 1 };
	env.plans[1] = (struct test_plan){ .max_samples = 2, .seconds = 1, .pass_estimate = 1,
					   .dirs = 1 };
	for (size_t i = 0; i < 2; i++) {
		tr[i].def = def;
		tr[i].status = TS_OK;
		L[i] = (struct test_loop){ .env = &env, .t = def, .plan = &env.plans[i], .ti = i,
					   .copies = 1, .nsteps = i ? 2 : 5, .width = 1,
					   .steps_word = "samples", .trs = i ? t1 : t0, .ntrs = 1,
					   .active = one_active, .done = loop_done, .step = seq_step };
	}
	nseq = 0;
	while (any) {
		any = 0;
		for (size_t i = 0; i < 2; i++)
			any |= test_loop_step(&L[i]);
	}
	ck_assert_uint_eq(nseq, 5);
	for (size_t s = 0; s < 5; s++)
		ck_assert_uint_eq(step_seq[s], want[s]);
	ck_assert_uint_eq(L[0].k, 3);
	ck_assert_uint_eq(L[1].k, 2);
	ck_assert(L[0].over && L[1].over);
	ck_assert_int_eq(test_loop_end(&L[0]), 0);
	ck_assert_int_eq(test_loop_end(&L[1]), 0);
	/* The ETA: test 0 planned 5, ran 3 (2 credited); test 1 all 2. */
	ck_assert_double_eq(env.eta_done, 7);
}
END_TEST

Suite *suite_runner(void)
{
	Suite *s = suite_create("runner");
	TCase *tc = tcase_create("parse");
	TCase *sp = tcase_create("spawn");

	tcase_add_test(tc, good_copy);
	tcase_add_test(tc, one_loop_for_both);
	tcase_add_test(tc, steps_interleave);
	tcase_add_test(tc, last_count_wins);
	tcase_add_test(tc, program_text_controls);
	tcase_add_loop_test(tc, failed_copies, 0, sizeof(failures) / sizeof(failures[0]));
	tcase_add_test(tc, too_much_output);
	suite_add_tcase(s, tc);
	tcase_set_timeout(sp, 60);
	tcase_add_test(sp, spawn_two_copies);
	tcase_add_test(sp, spawn_start_gate);
	tcase_add_test(sp, spawn_driver_sleeps_through_a_sample);
	tcase_add_test(tc, start_spread_of_copies);
	tcase_add_test(sp, spawn_crash_and_abort);
	tcase_add_test(sp, spawn_kills_a_hang);
	tcase_add_test(sp, spawn_leaves_no_orphans);
	tcase_add_test(sp, spawn_bounds_a_flood);
	tcase_add_test(sp, spawn_missing_program);
	suite_add_tcase(s, sp);
	return s;
}
