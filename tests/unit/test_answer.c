/*
 * test_answer.c: the answer on one line (report_answer.c, issue 49): what
 * changed and by how much, what stayed within the margin, what is left
 * undecided and what deciding it would take; and the rounds that would
 * decide a row (paired_rounds_to_decide), worked by hand.
 */
#include <check.h>
#include <math.h>
#include <string.h>

#include "report/report.h"
#include "stats/paired.h"

/*
 * A row of sd 5 % per round, no change, 5 rounds, alone (m 1): equivalence
 * needs se <= ln 1.02 / t(0.95, N - 1); N = 0.05^2 t^2 / ln(1.02)^2 =
 * 6.375 t^2: at df 19 (t 1.72913) 19.06, so 20 rounds.  A change of 5 %
 * beyond the margin: se <= 0.05 / t(0.975, N - 1), N = t^2: 5.99 at df 6,
 * the least above the 5 rounds it has, 6.  With an instance term of 2 %,
 * above the se equivalence needs: no N (0).  A two-stage row keeps t on
 * its 4 df: 6.375 x 2.13185^2 = 28.97, 29.
 */
/* A row of n rounds of scatter sd, change est, alone; stage: its first stage (0: none). */
static unsigned decide(size_t n, double sd, double est, double inst, size_t stage)
{
	struct paired_stats ps = { .n = n, .se_rounds = sd / sqrt((double)n),
				   .df = (double)(stage ? stage : n) - 1, .mean_log = est,
				   .instance_sd = inst, .stage_one = stage };

	return paired_rounds_to_decide(&ps, 1, 0.05, 0.02);
}

START_TEST(rounds_to_decide_by_hand)
{
	ck_assert_uint_eq(decide(5, 0.05, 0, 0, 0), 20);
	ck_assert_uint_eq(decide(5, 0.05, 0.05, 0, 0), 6);
	ck_assert_uint_eq(decide(5, 0.05, 0, 0.02, 0), 0);
	ck_assert_uint_eq(decide(5, 0.05, 0, 0, 5), 29);
	/* Never below the rounds a verdict needs: 3 rounds, a big change. */
	ck_assert_uint_eq(decide(3, 0.01, 0.2, 0, 0), 5);
	/* Nothing to go on: one round, or no scatter. */
	ck_assert_uint_eq(decide(1, 0.05, 0, 0, 0), 0);
	ck_assert_uint_eq(decide(5, 0, 0, 0, 0), 0);
}
END_TEST

#define NROWS 5

/* Two sides' results: every test 5 passes of 2 s, so a round costs 4 s. */
static struct pass_result passes[2][NROWS][5];
static struct bench_result tests[2][NROWS];
static struct copy_run runs[2];
static struct paired_cmp cmps[NROWS + 1];

static void row(struct paired_cmp *c, const char *name, enum verdict v, double ratio,
		double sd)
{
	memset(c, 0, sizeof(*c));
	c->copies = 1;
	c->def = test_find(name);
	c->dir = 1;
	c->base_status = c->status = TS_OK;
	c->rounds = 5;
	c->st.n = 5;
	c->st.mean_log = log(ratio);
	c->st.ratio = ratio;
	c->st.se_rounds = c->st.se_log = sd / sqrt(5);
	c->st.df = 4;
	c->st.ci_lo = ratio * exp(-2.7764 * c->st.se_log);
	c->st.ci_hi = ratio * exp(2.7764 * c->st.se_log);
	c->st.vd.v = v;
}

static void question(struct run_result *r)
{
	static const char *const names[NROWS] = { "fstime-r", "fstime", "fstime-w", "fsbuffer",
						  "fsbuffer-r" };

	memset(r, 0, sizeof(*r));
	r->ndirs = 2;
	strcpy(r->dirs[0].label, "relatime");
	strcpy(r->dirs[1].label, "noatime");
	r->family = (struct verdict_family){ .margin = 0.02, .alpha = 0.05, .m = NROWS };
	for (size_t d = 0; d < 2; d++) {
		runs[d] = (struct copy_run){ .copies = 1, .dir = d, .tests = tests[d],
					     .ntests = NROWS };
		for (size_t k = 0; k < NROWS; k++) {
			tests[d][k] = (struct bench_result){ .def = test_find(names[k]),
							     .status = TS_OK, .passes = passes[d][k],
							     .npasses = 5 };
			for (size_t p = 0; p < 5; p++)
				passes[d][k][p] = (struct pass_result){ .ok = 1, .time = 2 };
		}
	}
	r->runs = runs;
	r->nruns = 2;
	row(&cmps[0], names[0], VD_FASTER, 1.067, 0.01);
	for (size_t k = 1; k < NROWS; k++)
		row(&cmps[k], names[k], VD_EQUIVALENT, 1.001, 0.005);
	r->cmps = cmps;
	r->ncmps = NROWS;
}

START_TEST(answer_line)
{
	struct run_result r;
	char lines[4][REPORT_SUMMARY_LINE];

	question(&r);
	ck_assert_uint_eq(report_answer(&r, lines, 0, 4), 1);
	ck_assert_str_eq(lines[0], "Answer, noatime against relatime: File Read 1024 bufsize 2000 "
			 "maxblocks +6.70% faster; the other 4 tests equivalent within +-2%");
	/*
	 * One row undecided at 5 % scatter: 95 % CI 1.001 x exp(-+2.7764 x
	 * 0.05 / sqrt 5) = -5.9%..+6.5%; at m 5 equivalence needs se <=
	 * (ln 1.02 - ln 1.001) / t(0.99, N - 1) = 0.0188031 / t, so N =
	 * 7.0709 t^2: at df 41 (t 2.42080) 41.44, 42 rounds; 37 more of 4 s,
	 * 148 s: 3 minutes.
	 */
	row(&cmps[2], "fstime-w", VD_INCONCLUSIVE, 1.001, 0.05);
	ck_assert_uint_eq(report_answer(&r, lines, 0, 4), 1);
	ck_assert_str_eq(lines[0], "Answer, noatime against relatime: File Read 1024 bufsize 2000 "
			 "maxblocks +6.70% faster; 3 tests equivalent within +-2%; 1 undecided "
			 "(File Write 1024 bufsize 2000 maxblocks -5.9%..+6.5%); deciding it would "
			 "take about 42 rounds at the measured scatter, 3 more minutes of sampling");
	/* Nothing decided, a failed row, an instance term wider than the need. */
	cmps[0].st.vd.v = VD_EQUIVALENT;
	cmps[1].status = TS_FAILED;
	cmps[2].st.instance_sd = 0.02;
	ck_assert_uint_eq(report_answer(&r, lines, 0, 4), 1);
	ck_assert_str_eq(lines[0], "Answer, noatime against relatime: no test faster or slower; "
			 "3 tests equivalent within +-2%; 1 undecided (File Write 1024 bufsize "
			 "2000 maxblocks -5.9%..+6.5%); 1 beyond reach at this scatter (the "
			 "instance term is wider than a verdict needs); 1 not compared (failed or "
			 "skipped)");
	/* Every round alike: no scatter to work from. */
	cmps[2].st.se_rounds = cmps[2].st.se_log = 0;
	cmps[2].st.vd.v = VD_FEW;
	ck_assert_uint_eq(report_answer(&r, lines, 0, 4), 1);
	ck_assert_ptr_nonnull(strstr(lines[0], "; 1 with no scatter measured yet (one round, or "
				     "every round alike): more rounds will tell; 1 not compared"));
	/* Not one question: three directories, no answer line. */
	r.ndirs = 3;
	ck_assert_uint_eq(report_answer(&r, lines, 0, 4), 0);
	r.ndirs = 2;
	/* Two copy counts: one line each, the count named. */
	question(&r);
	cmps[NROWS] = cmps[0];
	cmps[NROWS].copies = 2;
	r.ncmps = NROWS + 1;
	ck_assert_uint_eq(report_answer(&r, lines, 0, 4), 2);
	ck_assert_ptr_nonnull(strstr(lines[0], "against relatime, 1 copy: "));
	ck_assert_ptr_nonnull(strstr(lines[1], "against relatime, 2 copies: File Read 1024"));
	/* No room: nothing written. */
	ck_assert_uint_eq(report_answer(&r, lines, 4, 4), 4);
}
END_TEST

/*
 * A row whose two sides did different work (a tmpfs against a disk) is no
 * comparison: not undecided (no rounds would decide it), counted apart.
 * An answer too long for one summary line goes on over more, cut after a
 * "; ", none cut short.
 */
START_TEST(answer_unlike_and_long)
{
	struct run_result r;
	char lines[6][REPORT_SUMMARY_LINE], all[6 * REPORT_SUMMARY_LINE] = "";
	size_t n;

	question(&r);
	row(&cmps[2], "fstime-w", VD_NONE, 190.0, 0.3);
	strcpy(tests[1][2].note, "tmpfs");
	ck_assert_uint_eq(report_answer(&r, lines, 0, 6), 1);
	ck_assert_str_eq(lines[0], "Answer, noatime against relatime: File Read 1024 bufsize 2000 "
			 "maxblocks +6.70% faster; 3 tests equivalent within +-2%; 1 not compared "
			 "(the two sides did different work)");
	/* Every row undecided, long labels: more than one line holds it. */
	question(&r);
	memset(r.dirs[0].label, 'a', sizeof(r.dirs[0].label) - 1);
	memset(r.dirs[1].label, 'b', sizeof(r.dirs[1].label) - 1);
	r.dirs[0].label[sizeof(r.dirs[0].label) - 1] = '\0';
	r.dirs[1].label[sizeof(r.dirs[1].label) - 1] = '\0';
	for (size_t k = 0; k < NROWS; k++)
		cmps[k].st.vd.v = VD_INCONCLUSIVE, cmps[k].st.se_rounds = cmps[k].st.se_log = 0.05;
	n = report_answer(&r, lines, 0, 6);
	ck_assert_uint_ge(n, 2);
	for (size_t i = 0; i < n; i++) {
		ck_assert_uint_lt(strlen(lines[i]), REPORT_SUMMARY_LINE - 1);
		ck_assert_ptr_nonnull(strstr(lines[i], i ? " (continued): " : ": "));
		strcat(all, lines[i]);
	}
	ck_assert_ptr_nonnull(strstr(all, "at the measured scatter, "));
	ck_assert_ptr_nonnull(strstr(lines[n - 1], " more minutes of sampling"));
}
END_TEST

Suite *suite_answer(void)
{
	Suite *s = suite_create("answer");
	TCase *tc = tcase_create("answer");

	tcase_add_test(tc, rounds_to_decide_by_hand);
	tcase_add_test(tc, answer_line);
	tcase_add_test(tc, answer_unlike_and_long);
	suite_add_tcase(s, tc);
	return s;
}
