/*
 * test_journal.c: the sample journal (run/journal.c writes it,
 * reader/journal_read.c reads it): a round trip at full precision, a torn
 * last line dropped (and cut off by --resume's reopen), hostile or garbled
 * lines refused in one line, the replay, and the partial run compare gets.
 */
#include <check.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "reader/journal_read.h"
#include "run/journal.h"

static char dir[64], path[128];

static void setup(void)
{
	snprintf(dir, sizeof(dir), "/tmp/sysindex-journal-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/r.journal", dir);
}

static void teardown(void)
{
	unlink(path);
	rmdir(dir);
}

static void fill_head(struct journal *h, char **args, size_t nargs)
{
	memset(h, 0, sizeof(*h));
	snprintf(h->generator, sizeof(h->generator), "sysindex test");
	journal_build_id(h->build, sizeof(h->build));
	snprintf(h->hostname, sizeof(h->hostname), "host\"\n1");
	snprintf(h->host_id, sizeof(h->host_id), "0123456789abcdef");
	snprintf(h->cpu_model, sizeof(h->cpu_model), "CPU");
	snprintf(h->kernel, sizeof(h->kernel), "6.1");
	snprintf(h->bench_cflags, sizeof(h->bench_cflags), "-O3");
	snprintf(h->testdir, sizeof(h->testdir), "/tmp/t dir");
	snprintf(h->base, sizeof(h->base), "r");
	h->seed = 18446744073709551615ull;
	h->start = 1700000000;
	for (size_t i = 0; i < nargs; i++)
		h->args[h->nargs++] = args[i];
}

static void one_pass(struct pass_result *p, struct copy_result *c, double count, double time)
{
	memset(p, 0, sizeof(*p));
	memset(c, 0, sizeof(*c));
	c->ok = 1;
	c->count = count;
	c->timebase = 1;
	c->time = time;
	c->elapsed = time + 0.001;
	c->wait_status = 0;
	c->cpu = 1;
	c->started = -1;
	for (int d = 0; d < PROTOCOL_MAX_DIRS; d++)
		c->dir_time[d] = -1;
	p->ok = 1;
	p->count = count;
	p->time = time;
	p->rate = count / time;
	p->start_spread = -1;
	p->intf.have = INTF_HAVE_STEAL;
	p->intf.steal = 0.125;
	p->intf.wall = time;
	p->intf.copies = 1;
	p->copies = c;
	p->ncopies = 1;
}

/* A journal of two samples of syscall and one of pipe; end line if sig >= 0. */
static void write_journal(int sig)
{
	static char a0[] = "-c", a1[] = "1", a2[] = "syscall", a3[] = "pipe";
	char *args[] = { a0, a1, a2, a3 };
	struct journal h;
	struct journal_out jo;
	struct pass_result p;
	struct copy_result c;
	char err[256];
	const struct test_def *sc = test_find("syscall"), *pi = test_find("pipe");

	fill_head(&h, args, 4);
	ck_assert_int_eq(journal_create(&jo, path, &h, err, sizeof(err)), 0);
	one_pass(&p, &c, 1000.5, 1.0000000000000002);
	journal_sample(&jo, 1, 0, sc, "", 1.25, &p);
	one_pass(&p, &c, 3000, 3);
	journal_sample(&jo, 1, 0, sc, "", 3.5, &p);
	one_pass(&p, &c, 77, 0.1);
	journal_sample(&jo, 1, 0, pi, "", 0.5, &p);
	if (sig >= 0)
		journal_end(&jo, sig);
	journal_close(&jo);
}

static char *slurp(size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = malloc(1 << 16);

	ck_assert_ptr_nonnull(f);
	*len = fread(buf, 1, (1 << 16) - 1, f);
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

static void spew(const char *buf, size_t len)
{
	FILE *f = fopen(path, "wb");

	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(buf, 1, len, f), len);
	fclose(f);
}

START_TEST(round_trip)
{
	struct journal j;
	char err[256];

	write_journal(15);
	ck_assert_int_eq(journal_read_file(path, &j, err, sizeof(err)), 0);
	ck_assert_uint_eq(j.version, JOURNAL_VERSION);
	ck_assert_str_eq(j.hostname, "host\"\n1");
	ck_assert_str_eq(j.testdir, "/tmp/t dir");
	ck_assert_str_eq(j.bench_cflags, "-O3");
	ck_assert(j.seed == 18446744073709551615ull);
	ck_assert_int_eq((int)j.start, 1700000000);
	ck_assert_uint_eq(j.nargs, 4);
	ck_assert_str_eq(j.args[3], "pipe");
	ck_assert_uint_eq(j.nsamples, 3);
	ck_assert_int_eq(j.end, JOURNAL_INTERRUPTED);
	ck_assert_int_eq(j.signal, 15);
	ck_assert_str_eq(j.samples[0].test, "syscall");
	ck_assert_double_eq(j.samples[0].pass.time, 1.0000000000000002);  /* every bit */
	ck_assert_double_eq(j.samples[0].pass.count, 1000.5);
	ck_assert_double_eq(j.samples[0].wall, 1.25);
	ck_assert_double_eq(j.samples[0].pass.intf.steal, 0.125);
	ck_assert_uint_eq(j.samples[0].pass.ncopies, 1);
	ck_assert_int_eq(j.samples[0].pass.copies[0].cpu, 1);
	ck_assert_double_eq(j.samples[2].pass.rate, 770);
	ck_assert(j.samples[2].def == test_find("pipe"));
	ck_assert_uint_eq(j.valid, j.samples[2].end);   /* the end line after it */
	ck_assert_uint_gt(j.samples[0].end, j.head_end);
	journal_free(&j);
}
END_TEST

START_TEST(torn_last_line_dropped_and_cut)
{
	struct journal j;
	struct journal_out jo;
	char err[256];
	size_t len;
	char *buf;

	write_journal(-1);
	buf = slurp(&len);
	spew(buf, len - 20);            /* the third sample in flight */
	ck_assert_int_eq(journal_read_file(path, &j, err, sizeof(err)), 0);
	ck_assert_uint_eq(j.nsamples, 2);
	ck_assert_int_eq(j.torn, 1);
	ck_assert_int_eq(j.end, JOURNAL_OPEN);
	/* --resume cuts it before appending, and replays the two in order. */
	ck_assert_int_eq(journal_reopen(&jo, path, &j, err, sizeof(err)), 0);
	{
		struct stat st;
		struct pass_result p;
		double wall = 0;

		ck_assert_int_eq(stat(path, &st), 0);
		ck_assert_uint_eq((size_t)st.st_size, j.valid);
		ck_assert(journal_replaying(&jo));
		ck_assert_int_eq(journal_replay(&jo, test_find("syscall"), 1, &p, &wall), 1);
		ck_assert_double_eq(wall, 1.25);
		ck_assert_double_eq(p.count, 1000.5);
		ck_assert_ptr_ne(p.copies, j.samples[0].pass.copies);  /* its own copy */
		free(p.copies);
		/* The plan went another way: cut back to the sample replayed. */
		ck_assert_int_eq(journal_replay(&jo, test_find("pipe"), 1, &p, &wall), 0);
		ck_assert(!journal_replaying(&jo));
		ck_assert_int_eq(stat(path, &st), 0);
		ck_assert_uint_eq((size_t)st.st_size, j.samples[0].end);
	}
	journal_close(&jo);
	journal_free(&j);
	free(buf);
}
END_TEST

/* Each garbled variant of the journal: refused, one line naming the line. */
START_TEST(garbled_lines_refused)
{
	static const struct { const char *line; const char *says; } bad[] = {
		{ "not json at all\n", "line 2: neither a sample" },
		{ "{\"copies\":1,\"dir\":0,\"test\":\"syscall\",\"wall\":1,\"sample\":{\"ok\":\"yes\"}}\n",
		  "line 2: sample.ok" },
		{ "{\"copies\":1,\"dir\":0,\"test\":\"nosuch\",\"wall\":1,\"sample\":{}}\n",
		  "line 2: test: no test" },
		{ "{\"copies\":2,\"dir\":0,\"test\":\"syscall\",\"wall\":1,\"sample\":{\"copies\":[]}}\n",
		  "line 2: 0 copies' figures for 2 copies" },
		{ "{\"copies\":1,\"dir\":99,\"test\":\"syscall\",\"wall\":1,\"sample\":{}}\n",
		  "line 2: dir: not a directory" },
		{ "{\"copies\":1,\"x\x01\n\":1}\n", "line 2" },
		{ "{\"end\":\"maybe\"}\n", "line 2: end:" },
		{ "{\"end\":\"complete\"}\n{\"end\":\"complete\"}\n", "line 3: a line after" },
		{ "{\"copies\":1} trailing\n", "line 2" },
		/* The record's sample table: a negative figure no run writes (issue 51). */
		{ "{\"copies\":1,\"dir\":0,\"test\":\"syscall\",\"wall\":1,"
		  "\"sample\":{\"ok\":true,\"count\":-5,\"time\":1}}\n", "line 2: sample: count: negative" },
	};
	size_t len, head;
	char *buf, err[512];
	struct journal j;

	write_journal(-1);
	buf = slurp(&len);
	head = (size_t)(strchr(buf, '\n') + 1 - buf);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char doc[8192];
		size_t n = strlen(bad[i].line);

		memcpy(doc, buf, head);
		memcpy(doc + head, bad[i].line, n);
		memcpy(doc + head + n, buf + head, len - head);
		spew(doc, head + n + len - head);
		ck_assert_msg(journal_read_file(path, &j, err, sizeof(err)) == -1, "case %zu taken", i);
		ck_assert_msg(strstr(err, bad[i].says) != NULL, "case %zu: %s", i, err);
		ck_assert_msg(strchr(err, '\n') == NULL, "case %zu: more than a line", i);
		ck_assert_uint_eq(j.nsamples, 0);
	}
	/* Not a journal at all: the first line says so. */
	spew("{\"schema_version\":2}\n", 21);
	ck_assert_int_eq(journal_read_file(path, &j, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "not a sysindex journal"));
	spew("", 0);
	ck_assert_int_eq(journal_read_file(path, &j, err, sizeof(err)), -1);
	free(buf);
}
END_TEST

START_TEST(partial_run_for_compare)
{
	struct journal j;
	struct run_result r;
	char err[256];

	write_journal(-1);
	ck_assert_int_eq(journal_read_file(path, &j, err, sizeof(err)), 0);
	ck_assert_int_eq(journal_to_run(&j, &r, err, sizeof(err)), 0);
	ck_assert(r.interrupted);
	ck_assert_uint_eq(r.nruns, 1);
	ck_assert_uint_eq(r.runs[0].ntests, 2);
	ck_assert_int_eq(r.runs[0].tests[0].status, TS_OK);     /* the run went past it */
	ck_assert_uint_eq(r.runs[0].tests[0].npasses, 2);
	ck_assert_double_gt(r.runs[0].tests[0].score, 0);
	ck_assert_int_eq(r.runs[0].tests[1].status, TS_NOT_RUN); /* cut short */
	ck_assert_double_eq(r.runs[0].tests[1].passes[0].rate, 770);
	result_free(&r);
	journal_free(&j);
}
END_TEST

/*
 * A settings run's journal (issue 50): two settings, syscall's 3 rounds
 * done, pipe cut short after one round.  compare gets the paired model:
 * its rows from the rounds kept, syscall's judged, pipe's not (cut short,
 * its figures shown), the run partial.  A journal whose samples name a
 * directory its header does not is refused in one line.
 */
START_TEST(paired_partial_run_for_compare)
{
	static char a0[] = "--setting", a1[] = "a=true", a2[] = "--setting", a3[] = "b=true";
	char *args[] = { a0, a1, a2, a3 };
	const struct test_def *sc = test_find("syscall"), *pi = test_find("pipe");
	struct journal h, j;
	struct journal_out jo;
	struct pass_result p;
	struct copy_result c;
	struct run_result r;
	char err[256];

	fill_head(&h, args, 4);
	h.paired.ndirs = 2;
	snprintf(h.paired.label[0], sizeof(h.paired.label[0]), "a");
	snprintf(h.paired.label[1], sizeof(h.paired.label[1]), "b");
	h.paired.settings = 1;
	h.paired.control = 1;      /* settings mode: every test interleaved */
	h.paired.instance_set = 1;
	h.paired.margin = 0.02;
	ck_assert_int_eq(journal_create(&jo, path, &h, err, sizeof(err)), 0);
	for (unsigned k = 1; k <= 3; k++)
		for (int d = 0; d < 2; d++) {
			one_pass(&p, &c, 1000 + 10 * k + 500 * d, 1);
			p.round = k;
			p.slot = (unsigned)d + 1;
			journal_sample(&jo, 1, d, sc, d ? "b" : "a", 1, &p);
		}
	one_pass(&p, &c, 77, 0.1);
	p.round = 1;
	p.slot = 1;
	journal_sample(&jo, 1, 0, pi, "a", 0.5, &p);
	journal_close(&jo);
	ck_assert_int_eq(journal_read_file(path, &j, err, sizeof(err)), 0);
	ck_assert_uint_eq(j.paired.ndirs, 2);
	ck_assert_int_eq(journal_to_run(&j, &r, err, sizeof(err)), 0);
	ck_assert(r.interrupted);
	ck_assert_uint_eq(r.ndirs, 2);
	ck_assert_uint_eq(r.nsettings, 2);
	ck_assert_str_eq(r.dirs[1].label, "b");
	ck_assert_uint_eq(r.nruns, 2);
	ck_assert_uint_eq(r.runs[1].dir, 1);
	ck_assert_uint_eq(r.runs[1].tests[0].npasses, 3);
	ck_assert_uint_eq(r.ncmps, 2);
	ck_assert(r.cmps[0].def == sc && r.cmps[0].status == TS_OK && r.cmps[0].st.n == 3);
	ck_assert_double_gt(r.cmps[0].st.ratio, 1.4);     /* b's rate is half as much again */
	ck_assert(r.cmps[1].def == pi && r.cmps[1].base_status == TS_NOT_RUN);
	ck_assert_uint_eq(result_partial(&r.runs[0].tests[1]), 1);
	ck_assert_str_eq(r.runs[0].tests[1].reason, "interrupted: 1 round");
	result_free(&r);
	journal_free(&j);
	/* A sample of a directory the header does not name: refused. */
	fill_head(&h, args, 4);
	ck_assert_int_eq(journal_create(&jo, path, &h, err, sizeof(err)), 0);
	one_pass(&p, &c, 1000, 1);
	journal_sample(&jo, 1, 1, sc, "b", 1, &p);
	journal_close(&jo);
	ck_assert_int_eq(journal_read_file(path, &j, err, sizeof(err)), 0);
	ck_assert_int_eq(journal_to_run(&j, &r, err, sizeof(err)), -1);
	ck_assert_msg(strstr(err, "sample 1 is of directory 1, but the journal's header names 1")
		      != NULL, "%s", err);
	journal_free(&j);
}
END_TEST

Suite *suite_journal(void)
{
	Suite *s = suite_create("journal");
	TCase *tc = tcase_create("journal");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, round_trip);
	tcase_add_test(tc, torn_last_line_dropped_and_cut);
	tcase_add_test(tc, garbled_lines_refused);
	tcase_add_test(tc, partial_run_for_compare);
	tcase_add_test(tc, paired_partial_run_for_compare);
	suite_add_tcase(s, tc);
	return s;
}
