/*
 * test_writers.c: every result writer over one synthetic run.
 *
 * The run has two copy counts, indexed and unindexed tests, a failed and a
 * skipped test, a disk test with metrics and a note, mem-latency's curve,
 * context1's placement, and hostile text (a host name with a quote, a
 * backslash and a newline; a test dir with spaces, quotes, a pipe and
 * markup; a byte that is not UTF-8).  Times are fixed and TZ is UTC, so the
 * text, Markdown and HTML reports are compared byte for byte with golden
 * files.  SYSINDEX_UPDATE_GOLDEN=1 rewrites them instead (review the diff
 * before committing it).
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/metrics.h"
#include "report/chart_rows.h"
#include "report/plot.h"
#include "report/report.h"
#include "score/score.h"
#include "score/score_ci.h"
#include "util/html_out.h"
#include "util/json_out.h"
#include "util/util.h"

#define GOLDEN_TEXT "tests/data/golden/report-synthetic.txt"
#define GOLDEN_MD "tests/data/golden/report-synthetic.md"
#define GOLDEN_HTML "tests/data/golden/report-synthetic.html"
#define HOSTNAME "bench\"host\\back\nline"
#define TESTDIR "/srv/my bench|dir/\"quoted\" & <odd>'s"
#define BASE_NAME "bench\"host,x-2026-01-01-01"
#define T0 ((time_t)1767225600)         /* 2026-01-01 00:00:00 UTC */
#define NTESTS 8
#define NPASS 4
#define NCOPY 2

struct synth {
	struct run_result r;
	struct copy_run runs[2];
	struct bench_result tests[2][NTESTS];
	struct pass_result passes[2][NTESTS][NPASS];
	struct copy_result copies[2][NTESTS][NPASS][NCOPY];
	struct cpu_info cpus[2];
};

struct spec {
	const char *name;
	enum test_status status;
	size_t npasses;
	double count;           /* per copy and pass, before the jitter */
	double time;
	int timebase;
};

static const struct spec specs[NTESTS] = {
	{ "dhry2reg", TS_OK, 4, 4.0e8, 10.0, 1 },
	{ "pipe", TS_OK, 4, 2.5e7, 10.0, 1 },
	{ "context1", TS_OK, 3, 3.0e6, 10.0, 1 },
	{ "execl", TS_FAILED, 0, 0, 0, 0 },
	{ "fstime", TS_OK, 3, 2.4e7, 30.0, 1 },
	{ "dc", TS_SKIPPED, 0, 0, 0, 0 },
	{ "seqwrite-dsync", TS_OK, 1, 1500, 10.0, 1 },   /* one sample: no spread */
	{ "mem-latency", TS_OK, 3, 1.5, 2.0, 0 },        /* lower is better, a curve */
};

static void add_metric(struct copy_result *c, const char *name, double v, const char *unit,
		       enum metric_combine how)
{
	struct metric *m = &c->metrics[c->nmetrics++];

	snprintf(m->name, sizeof(m->name), "%s", name);
	snprintf(m->unit, sizeof(m->unit), "%s", unit);
	m->value = v;
	m->combine = how;
}

static void fill_test(struct synth *s, size_t ri, size_t ti, unsigned copies)
{
	const struct spec *sp = &specs[ti];
	struct bench_result *t = &s->tests[ri][ti];

	t->def = test_find(sp->name);
	ck_assert_ptr_nonnull(t->def);
	t->status = sp->status;
	t->seconds = t->def->seconds;
	t->shared_cpu = -1;
	snprintf(t->command, sizeof(t->command), "pgms/%s %u", t->def->prog, t->seconds);
	if (sp->status == TS_FAILED)
		snprintf(t->reason, sizeof(t->reason), "exit status 1: \"execl\" failed, see log");
	if (sp->status == TS_SKIPPED)
		snprintf(t->reason, sizeof(t->reason), "dc not found");
	t->passes = s->passes[ri][ti];
	t->npasses = sp->npasses;
	for (size_t p = 0; p < sp->npasses; p++) {
		struct pass_result *ps = &t->passes[p];
		/* Deterministic jitter: -3%, +1%, +2%, -1% ... */
		double jitter = 1.0 + 0.01 * (double)((int)((p * 7 + ti * 3) % 6) - 3);

		ps->ok = 1;
		ps->copies = s->copies[ri][ti][p];
		ps->ncopies = copies;
		for (size_t c = 0; c < copies; c++) {
			struct copy_result *cr = &ps->copies[c];

			cr->ok = 1;
			cr->count = sp->count * jitter;
			cr->timebase = sp->timebase;
			cr->time = sp->time;
			cr->elapsed = sp->time + 0.0125;
			cr->wait_status = 0;
			cr->cpu = (int)c;
			ps->count += cr->count;
			if (strcmp(sp->name, "context1") == 0) {
				/* Always on one CPU; with 2 copies, copy 2 moved in pass 2. */
				add_metric(cr, "placement_samples", 120.0 + 10.0 * (double)c, "count",
					   MC_SUM);
				add_metric(cr, "shared_cpu_fraction", 1, "fraction", MC_MEAN);
				add_metric(cr, "placement_changed", copies == 2 && c == 1 && p == 1,
					   "bool", MC_MAX);
			}
			if (strcmp(sp->name, "mem-latency") == 0) {
				add_metric(cr, "lat_16K", 1.25, "ns", MC_MEAN);
				add_metric(cr, "lat_1M", 4.5 * jitter, "ns", MC_MEAN);
				add_metric(cr, "lat_64M", 91.0, "ns", MC_MEAN);
				add_metric(cr, "l1d", 32, "KiB", MC_MAX);
				add_metric(cr, "l2", 512, "KiB", MC_MAX);
			}
			if (strcmp(sp->name, "seqwrite-dsync") == 0) {
				add_metric(cr, "iops", 150.0 * jitter, "IOPS", MC_SUM);
				add_metric(cr, "lat_p99", 6789.5, "us", MC_MEAN);
				snprintf(cr->note, sizeof(cr->note), "buffered");
				snprintf(t->note, sizeof(t->note), "buffered");
			}
		}
		ps->time = sp->time;
	}
	score_test(t);
}

static void fill_sys(struct sys_info *si, struct cpu_info *cpus)
{
	snprintf(si->hostname, sizeof(si->hostname), "%s", HOSTNAME);
	snprintf(si->os, sizeof(si->os), "GNU/Linux");
	snprintf(si->system, sizeof(si->system), "GNU/Linux");
	snprintf(si->os_release, sizeof(si->os_release), "6.1.0-28-amd64");
	snprintf(si->distribution, sizeof(si->distribution), "Debian GNU/Linux 12 (bookworm) <b>");
	/* 0xE9 is Latin-1 'é': not UTF-8, must not break JSON or HTML. */
	snprintf(si->os_version, sizeof(si->os_version), "#1 SMP PREEMPT_DYNAMIC Debian caf\xe9");
	snprintf(si->machine, sizeof(si->machine), "x86_64");
	snprintf(si->platform, sizeof(si->platform), "unknown");
	snprintf(si->locale, sizeof(si->locale), "en_US.utf8");
	snprintf(si->language, sizeof(si->language),
		 "en_US.utf8 (charmap=\"UTF-8\", collate=\"UTF-8\")");
	si->ncpus = 2;
	for (int i = 0; i < 2; i++) {
		snprintf(cpus[i].model, sizeof(cpus[i].model), "AMD EPYC 7B13 64-Core Processor");
		cpus[i].bogomips = 4899.99;
		snprintf(cpus[i].flags, sizeof(cpus[i].flags),
			 "Hyper-Threading, x86-64, MMX, AMD MMX, Physical Address Ext");
	}
	si->cpus = cpus;
	si->ncpu_info = 2;
	ck_assert_int_eq(hostid_hash("0123456789abcdef0123456789abcdef\n", si->host.id), 0);
	snprintf(si->host.virt, sizeof(si->host.virt), "kvm");
	snprintf(si->host.cpu_model, sizeof(si->host.cpu_model), "AMD EPYC 7B13 64-Core Processor");
	snprintf(si->host.kernel, sizeof(si->host.kernel), "%s", si->os_release);
	snprintf(si->uptime, sizeof(si->uptime),
		 "00:00:00 up 2 min,  0 user,  load average: 0.59, 0.21, 0.08; runlevel 5");
	si->mem_total_kb = 4028880;
	si->timer_res_ns = 1;
	snprintf(si->cc_version, sizeof(si->cc_version), "gcc (Debian 12.2.0-14) 12.2.0");
	snprintf(si->bench_cflags, sizeof(si->bench_cflags),
		 "-O3 -ffast-math -march=native -mtune=native");
	snprintf(si->testdir, sizeof(si->testdir), "%s", TESTDIR);
	si->have_mount = 1;
	snprintf(si->mount.mount_point, sizeof(si->mount.mount_point), "/srv");
	snprintf(si->mount.root, sizeof(si->mount.root), "/");
	snprintf(si->mount.source, sizeof(si->mount.source), "/dev/sda1");
	snprintf(si->mount.fstype, sizeof(si->mount.fstype), "ext4");
	snprintf(si->mount.options, sizeof(si->mount.options), "rw,noatime");
	snprintf(si->mount.super_options, sizeof(si->mount.super_options),
		 "rw,errors=remount-ro");
	si->mount.mount_id = 29;
	si->mount.major = 8;
	si->mount.minor = 1;
	si->mount.space_known = 1;
	si->mount.total_bytes = 100ULL << 30;
	si->mount.free_bytes = 85ULL << 29;
	si->mount.avail_bytes = 80ULL << 29;
	snprintf(si->device.kind, sizeof(si->device.kind), "partition");
	snprintf(si->device.name, sizeof(si->device.name), "sda1");
	snprintf(si->device.disk, sizeof(si->device.disk), "sda");
	si->device.rotational = 0;
	snprintf(si->device.scheduler, sizeof(si->device.scheduler), "mq-deadline");
	snprintf(si->device.model, sizeof(si->device.model), "QEMU HARDDISK");
	/* The host state of a fixture tree, hostile kernel command line and all,
	 * and a cpu.max quota that lowered the default copy count. */
	hoststate_read("tests/data/hoststate/full", &si->state);
	cpulimits_read("tests/data/cpulimits/quota", 4, 4, &si->limits);
	si->limits.defaulted = 1;
}

/* The synthetic run (TZ is set to UTC so local times are fixed). */
static struct synth *synth_new(void)
{
	struct synth *s = calloc(1, sizeof(*s));
	static const unsigned copies[2] = { 1, 2 };

	ck_assert_ptr_nonnull(s);
	setenv("TZ", "UTC", 1);
	tzset();
	snprintf(s->r.version, sizeof(s->r.version), "0.1.0");
	snprintf(s->r.base_name, sizeof(s->r.base_name), "%s", BASE_NAME);
	snprintf(s->r.mode, sizeof(s->r.mode), "quick (1 pass per test, 2 s samples)");
	s->r.quick = 1;
	s->r.disk_size = 256ULL << 20;
	s->r.start = T0;
	s->r.end = T0 + 620;
	fill_sys(&s->r.sys, s->cpus);
	for (size_t ri = 0; ri < 2; ri++) {
		struct copy_run *run = &s->runs[ri];

		run->copies = copies[ri];
		run->start = T0 + (time_t)(ri * 300);
		run->end = T0 + (time_t)(ri * 300 + 287 + ri * 33);
		run->tests = s->tests[ri];
		run->ntests = NTESTS;
		for (size_t ti = 0; ti < NTESTS; ti++)
			fill_test(s, ri, ti, copies[ri]);
		score_run(run);
	}
	s->r.runs = s->runs;
	s->r.nruns = 2;
	return s;
}

/* Run one writer into a fresh file; returns its malloc'd text, path in 'path'. */
static char *write_to_file(int (*w)(FILE *, const struct run_result *),
			   const struct run_result *r, char *path, size_t len, const char *ext)
{
	FILE *f;
	long size;
	char *text;
	int fd;

	/* The extension is only for a human looking at a left-over file. */
	(void)ext;
	snprintf(path, len, "/tmp/sysindex-writers-XXXXXX");
	fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	f = fdopen(fd, "w+");
	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(w(f, r), 0);
	ck_assert_int_eq(fflush(f), 0);
	size = ftell(f);
	ck_assert_int_gt(size, 0);
	rewind(f);
	text = calloc((size_t)size + 1, 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_uint_eq(fread(text, 1, (size_t)size, f), (size_t)size);
	fclose(f);
	return text;
}

static const char *const json_check_py =
	"import json, sys\n"
	"def bad(x):\n"
	"    raise ValueError('non-standard constant ' + x)\n"
	"d = json.load(open(sys.argv[1], encoding='utf-8'), parse_constant=bad)\n"
	"assert d['schema_version'] == 2\n"
	"assert d['system']['hostname'] == 'bench\"host\\\\back\\nline', d['system']['hostname']\n"
	"assert d['system']['os_version'].endswith('caf\\ufffd')\n"
	"h = d['system']['host_identity']\n"
	"assert h['id'] == '5f42ddbfa172ba70' and h['virtualization'] == 'kvm', h\n"
	"assert h['kernel'] == '6.1.0-28-amd64' and h['cpu_model'].startswith('AMD EPYC'), h\n"
	"assert d['testdir']['path'] == '/srv/my bench|dir/\"quoted\" & <odd>\\'s'\n"
	"assert d['testdir']['mount']['fstype'] == 'ext4'\n"
	"assert d['testdir']['device']['rotational'] is False\n"
	"assert d['run']['id'] == 'bench\"host,x-2026-01-01-01'\n"
	"assert d['run']['start'] == '2026-01-01T00:00:00+00:00', d['run']['start']\n"
	"assert [r['copies'] for r in d['runs']] == [1, 2]\n"
	"assert [s['copies'] for s in d['scores']] == [1, 2]\n"
	"for run, score in zip(d['runs'], d['scores']):\n"
	"    assert run['system_index_score'] == score['system_index_score'] > 0\n"
	"    assert run['system_index_partial'] is True\n"
	"    t = {x['name']: x for x in run['tests']}\n"
	"    assert len(t) == 8\n"
	"    assert t['execl']['status'] == 'failed' and t['execl']['score'] is None\n"
	"    assert t['execl']['reason'].startswith('exit status 1')\n"
	"    assert t['dc']['status'] == 'skipped' and t['dc']['index'] is None\n"
	"    dh = t['dhry2reg']\n"
	"    assert dh['unit'] == 'lps' and dh['baseline'] == 116700\n"
	"    assert abs(dh['index'] - 10 * dh['score'] / 116700) < 1e-6 * dh['index']\n"
	"    assert len(dh['samples']) == 4 and sum(s['dropped'] for s in dh['samples']) == 1\n"
	"    assert len(dh['samples'][0]['copies']) == run['copies']\n"
	"    assert dh['stats']['n'] == 4 and dh['stats']['ci95']['lo'] < dh['stats']['mean']\n"
	"    fs = t['fstime']\n"
	"    assert fs['base_unit'] == 'bytes_per_second'\n"
	"    assert abs(fs['bytes_per_second'] - fs['score'] * 1024) < 1e-6 * fs['bytes_per_second']\n"
	"    sw = t['seqwrite-dsync']\n"
	"    assert sw['note'] == 'buffered' and sw['index'] is None and sw['baseline'] is None\n"
	"    assert abs(sw['bytes_per_second'] - sw['score'] * 1e6) < 1e-3\n"
	"    assert {m['name'] for m in sw['metrics']} == {'iops', 'lat_p99'}\n"
	"    assert sw['samples'][0]['copies'][0]['metrics'][1]['unit'] == 'us'\n"
	"    st = sw['stats']\n"
	"    assert st['n'] == 1 and st['mean'] > 0 and 'single-sample' in st['flags']\n"
	"    assert st['sd'] is None and st['cv'] is None and st['ci95']['half'] is None\n"
	"    assert t['context1']['shared_cpu'] is True\n"
	"    c0 = dh['samples'][0]['copies'][0]\n"
	"    assert c0['exit_code'] == 0 and c0['term_signal'] is None and c0['wait_status'] == 0\n";

START_TEST(test_json_valid)
{
	struct synth *s = synth_new();
	char path[128], py[128], cmd[512], gp[4096];
	char *text = write_to_file(report_json, &s->r, path, sizeof(path), ".json");
	FILE *f;

	ck_assert_ptr_nonnull(strstr(text, "\"schema_version\": 2"));
	ck_assert_ptr_nonnull(strstr(text, "\"hostname\": \"bench\\\"host\\\\back\\nline\""));
	ck_assert_ptr_null(strstr(text, "NaN"));
	ck_assert_ptr_null(strstr(text, "Infinity"));
	ck_assert_ptr_null(strstr(text, ": nan"));
	ck_assert_ptr_null(strstr(text, ": -nan"));
	ck_assert_ptr_null(strstr(text, ": inf"));
	ck_assert_ptr_null(strstr(text, ": -inf"));
	/* The host's limits and state: named objects, the ESC of the fixture's
	 * command line gone, its quote escaped. */
	ck_assert_ptr_nonnull(strstr(text, "\"cpu_limits\": {\n    \"summary\": \"4 online; "));
	ck_assert_ptr_nonnull(strstr(text, "\"limited_by\": \"cpu.max quota\""));
	ck_assert_ptr_nonnull(strstr(text, "\"copies_why\": \"2 copies: cpu.max quota 1.5 CPUs of 4 online\""));
	ck_assert_ptr_nonnull(strstr(text, "\"transparent_hugepages\": \"madvise\""));
	ck_assert_ptr_nonnull(strstr(text, "x=\\\"a|b\\\" ?[31mred\""));
	if (find_in_path("python3", gp, sizeof(gp)) != 0) {
		fprintf(stderr, "test_json_valid: python3 not found, JSON not parsed\n");
	} else {
		snprintf(py, sizeof(py), "/tmp/sysindex-writers-check-%ld.py", (long)getpid());
		f = fopen(py, "w");
		ck_assert_ptr_nonnull(f);
		fputs(json_check_py, f);
		ck_assert_int_eq(fclose(f), 0);
		snprintf(cmd, sizeof(cmd), "python3 %s %s", py, path);
		ck_assert_msg(system(cmd) == 0, "python3 rejected %s", path);
		unlink(py);
	}
	unlink(path);
	free(text);
	free(s);
}
END_TEST

/* Parse RFC 4180 records; every one must have the header's field count. */
static size_t csv_check(const char *p, size_t *nrecords)
{
	size_t want = 0, fields = 1;
	int quoted = 0, at_start = 1;

	*nrecords = 0;
	for (; *p; p++) {
		if (quoted) {
			if (*p == '"' && p[1] == '"')
				p++;
			else if (*p == '"')
				quoted = 0;
			continue;
		}
		if (*p == '"') {
			ck_assert_msg(at_start, "quote inside an unquoted field");
			quoted = 1;
		} else if (*p == ',') {
			fields++;
			at_start = 1;
			continue;
		} else if (*p == '\n') {
			if (*nrecords == 0)
				want = fields;
			ck_assert_uint_eq(fields, want);
			(*nrecords)++;
			fields = 1;
			at_start = 1;
			continue;
		}
		at_start = 0;
	}
	ck_assert_msg(!quoted, "unterminated quoted field");
	ck_assert_msg(fields == 1 && at_start, "last record not terminated");
	return want;
}

START_TEST(test_csv_columns)
{
	struct synth *s = synth_new();
	char path[128];
	char *text = write_to_file(report_csv, &s->r, path, sizeof(path), ".csv");
	size_t records, rows = 0;
	static const char header[] = "format_version,run_id,copies,test,title,pass,count,"
				     "seconds,rate,unit,dropped,ok,first_write_rate,rewrite_rate,"
				     "disturbed,excluded,index_score,index_score_lo,index_score_hi,"
				     "run_status\n";
	struct score_ci ci;
	char want[160];   /* three numbers of up to 40 bytes */

	ck_assert_msg(strncmp(text, header, sizeof(header) - 1) == 0, "header: %.80s", text);
	ck_assert_uint_eq(csv_check(text, &records), 20);
	/* Every row ends with its copy count's score and interval. */
	score_ci_run(&s->r.runs[0], &ci);
	ck_assert(ci.ok);
	{
		char a[40], b[40], c[40];

		ck_assert_int_eq(json_format_double(ci.score, a, sizeof(a)) |
				 json_format_double(ci.lo, b, sizeof(b)) |
				 json_format_double(ci.hi, c, sizeof(c)), 0);
		snprintf(want, sizeof(want), ",%s,%s,%s,complete\n", a, b, c);
	}
	ck_assert_msg(strstr(text, want) != NULL, "no row ends %s", want);
	for (size_t ri = 0; ri < 2; ri++)
		for (size_t ti = 0; ti < NTESTS; ti++)
			rows += specs[ti].npasses;
	ck_assert_uint_eq(records, rows + 1);
	/* The run id has a quote and a comma: quoted, quote doubled. */
	ck_assert_ptr_nonnull(strstr(text, "\n1,\"bench\"\"host,x-2026-01-01-01\",1,dhry2reg,"));
	ck_assert_ptr_nonnull(strstr(text, ",Seq Write 1 MiB O_DSYNC,1,"));
	ck_assert_ptr_nonnull(strstr(text, ",MB/s,0,1,"));
	free(text);
	/* A run cut short says so on every row: a signal, or a setting that stopped it. */
	s->r.interrupted = 1;
	s->r.signal = 15;
	text = write_to_file(report_csv, &s->r, path, sizeof(path), ".csv");
	ck_assert_ptr_nonnull(strstr(text, ",interrupted\n"));
	ck_assert_ptr_null(strstr(text, ",complete\n"));
	free(text);
	s->r.signal = 0;
	snprintf(s->r.stopped, sizeof(s->r.stopped), "setting b: its command exited with 1");
	text = write_to_file(report_csv, &s->r, path, sizeof(path), ".csv");
	ck_assert_ptr_nonnull(strstr(text, ",stopped\n"));
	unlink(path);
	free(text);
	free(s);
}
END_TEST

/* Field k (from 0) of the CSV record that starts at p, unquoted, into out. */
static void csv_field_at(const char *p, size_t k, char *out, size_t len)
{
	size_t n = 0;
	int quoted = 0;

	for (; *p && *p != '\n' && k > 0; p++) {
		if (*p == '"')
			quoted = !quoted;
		else if (*p == ',' && !quoted)
			k--;
	}
	for (quoted = 0; *p && (quoted || (*p != ',' && *p != '\n')); p++) {
		if (*p == '"' && !(quoted && p[1] == '"')) {
			quoted = !quoted;
			continue;
		}
		if (*p == '"')
			p++;
		if (n + 1 < len)
			out[n++] = *p;
	}
	out[n] = '\0';
}

/* The header's column named name: its index (the test fails when absent). */
static size_t csv_column(const char *text, const char *name)
{
	char field[64];

	for (size_t k = 0; k < 64; k++) {
		csv_field_at(text, k, field, sizeof(field));
		if (strcmp(field, name) == 0)
			return k;
	}
	ck_abort_msg("no column %s", name);
	return 0;
}

/*
 * The CSV's metric columns come from one table (report.h): each column's
 * metric is one of the names the driver reads (core/metrics.h), the header
 * names them in the table's order after "ok", and a metric a sample's copies
 * reported lands in its column, combined as the table says.
 */
START_TEST(test_csv_metric_columns)
{
	static const char *const names[] = { METRIC_NAMES };
	struct synth *s = synth_new();
	struct pass_result *ps = &s->tests[1][6].passes[0];   /* seqwrite-dsync, 2 copies */
	char path[128], field[64], *text, *row;
	size_t ok_col;

	ck_assert_uint_ge(report_csv_metric_ncols, 2);
	for (size_t i = 0; i < report_csv_metric_ncols; i++) {
		size_t k = 0;

		while (k < sizeof(names) / sizeof(names[0]) &&
		       strcmp(names[k], report_csv_metric_cols[i].metric) != 0)
			k++;
		ck_assert_msg(k < sizeof(names) / sizeof(names[0]), "column %s: metric %s not in "
			      "core/metrics.h", report_csv_metric_cols[i].column,
			      report_csv_metric_cols[i].metric);
	}
	ck_assert_str_eq(report_csv_metric_cols[0].metric, METRIC_FIRST_WRITE_MB_S);
	ck_assert_str_eq(report_csv_metric_cols[1].metric, METRIC_REWRITE_MB_S);
	/* Copy 1 wrote at 100 and 50 MB/s (summed: 150); only copy 2 rewrote. */
	ck_assert_str_eq(s->tests[1][6].def->name, "seqwrite-dsync");
	add_metric(&ps->copies[0], METRIC_FIRST_WRITE_MB_S, 100, "MB/s", MC_SUM);
	add_metric(&ps->copies[1], METRIC_FIRST_WRITE_MB_S, 50, "MB/s", MC_SUM);
	add_metric(&ps->copies[1], METRIC_REWRITE_MB_S, 30, "MB/s", MC_SUM);
	text = write_to_file(report_csv, &s->r, path, sizeof(path), ".csv");
	unlink(path);
	ok_col = csv_column(text, "ok");
	for (size_t i = 0; i < report_csv_metric_ncols; i++)
		ck_assert_uint_eq(csv_column(text, report_csv_metric_cols[i].column),
				  ok_col + 1 + i);
	row = strstr(text, ",2,seqwrite-dsync,");
	ck_assert_ptr_nonnull(row);
	while (row[-1] != '\n')
		row--;
	csv_field_at(row, csv_column(text, "first_write_rate"), field, sizeof(field));
	ck_assert_str_eq(field, "150");
	csv_field_at(row, csv_column(text, "rewrite_rate"), field, sizeof(field));
	ck_assert_str_eq(field, "30");
	/* A test that reported neither: both cells empty. */
	row = strstr(text, ",2,pipe,");
	ck_assert_ptr_nonnull(row);
	while (row[-1] != '\n')
		row--;
	csv_field_at(row, csv_column(text, "first_write_rate"), field, sizeof(field));
	ck_assert_str_eq(field, "");
	free(text);
	free(s);
}
END_TEST

/* Every metric the test table names (a placement metric) is one of core/metrics.h's. */
START_TEST(test_table_metrics_named)
{
	static const char *const names[] = { METRIC_NAMES };
	size_t n = 0;

	for (size_t i = 0; i < test_table_len; i++) {
		const char *m = test_table[i].placement_metric;
		size_t k = 0;

		if (m == NULL)
			continue;
		while (k < sizeof(names) / sizeof(names[0]) && strcmp(names[k], m) != 0)
			k++;
		ck_assert_msg(k < sizeof(names) / sizeof(names[0]), "%s: placement metric %s not "
			      "in core/metrics.h", test_table[i].name, m);
		n++;
	}
	ck_assert_uint_ge(n, 1);   /* context1's */
}
END_TEST

/* How a metric column combines a sample's copies: sum, mean over the copies, max; none seen. */
START_TEST(test_csv_metric_combine)
{
	struct copy_result copies[3];
	struct pass_result ps = { .copies = copies, .ncopies = 3 };
	double v;

	memset(copies, 0, sizeof(copies));
	add_metric(&copies[0], "m", 4, "x", MC_SUM);
	add_metric(&copies[1], "other", 100, "x", MC_SUM);
	add_metric(&copies[2], "m", 2, "x", MC_SUM);
	ck_assert_int_eq(score_pass_metric(&ps, "m", MC_SUM, &v), 1);
	ck_assert_double_eq(v, 6);
	ck_assert_int_eq(score_pass_metric(&ps, "m", MC_MEAN, &v), 1);
	ck_assert_double_eq(v, 2);
	ck_assert_int_eq(score_pass_metric(&ps, "m", MC_MAX, &v), 1);
	ck_assert_double_eq(v, 4);
	ck_assert_int_eq(score_pass_metric(&ps, "absent", MC_SUM, &v), 0);
}
END_TEST

/* One table written through the model (report_table.c) into a string. */
static char *model_table(struct table_out (*format)(FILE *), const struct table_heads *h)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct table_out t;

	ck_assert_ptr_nonnull(f);
	t = format(f);
	table_head(&t, h, "Test");
	table_head(&t, h, "a|<b>");
	table_more(&t, " vs x");
	table_head_end(&t, h);
	table_rule(&t, h, 0);
	table_rule(&t, h, 1);
	table_rule_end(&t, h);
	table_text(&t, "pipe_*");
	table_num(&t, "%.1f", 1.25);
	table_end(&t);
	table_total(&t, "Score");
	table_num(&t, "-");
	table_num_text(&t, "a<b");
	table_end(&t);
	ck_assert_int_eq(fclose(f), 0);
	return buf;
}

/*
 * The table model every Markdown and HTML page uses, the run's and
 * compare's: heads, the alignment rule, cells and a total row, each text
 * escaped for its format.
 */
START_TEST(test_table_model)
{
	static const struct table_heads md_heads = {
		.open = "| ", .sep = " | ", .close = " |\n",
		.rule_open = "|", .rule_text = " --- |", .rule_num = " ---: |", .rule_end = "\n",
	};
	char *text = model_table(table_md, &md_heads);

	ck_assert_str_eq(text, "| Test | a\\|\\<b\\> vs x |\n"
			 "| --- | ---: |\n"
			 "| pipe\\_\\* | 1.2 |\n"
			 "| Score | - | a\\<b |\n");
	free(text);
	text = model_table(table_html, &table_html_heads);
	ck_assert_str_eq(text, "<tr><th>Test</th><th>a|&lt;b&gt; vs x</th></tr>\n"
			 "<tr><td>pipe_*</td><td class=\"n\">1.2</td></tr>\n"
			 "<tr class=\"total\"><td>Score</td><td class=\"n\">-</td>"
			 "<td class=\"n\">a&lt;b</td></tr>\n");
	free(text);
}
END_TEST

static size_t count_of(const char *text, const char *needle)
{
	size_t n = 0;

	for (const char *p = text; (p = strstr(p, needle)) != NULL; p += strlen(needle))
		n++;
	return n;
}

START_TEST(test_html_self_contained)
{
	struct synth *s = synth_new();
	char path[128];
	char *text = write_to_file(report_html, &s->r, path, sizeof(path), ".html");

	ck_assert_msg(strncmp(text, "<!DOCTYPE html>", 15) == 0, "no doctype");
	/* SVG's namespace names, it fetches nothing: blanked before the check. */
	for (char *ns; (ns = strstr(text, "xmlns=\"http://www.w3.org/2000/svg\"")) != NULL;)
		memset(ns, ' ', strlen("xmlns=\"http://www.w3.org/2000/svg\""));
	ck_assert_ptr_null(strstr(text, "http://"));
	ck_assert_ptr_null(strstr(text, "https://"));
	ck_assert_ptr_null(strstr(text, "src="));
	ck_assert_ptr_null(strstr(text, "href="));
	ck_assert_ptr_null(strstr(text, "<script"));
	ck_assert_ptr_null(strstr(text, "url("));
	ck_assert_uint_gt(count_of(text, "<table"), 5);
	ck_assert_uint_eq(count_of(text, "<table"), count_of(text, "</table>"));
	ck_assert_uint_eq(count_of(text, "<tr"), count_of(text, "</tr>"));
	/* The index chart, drawn wide and narrow (a phone's), the page showing one. */
	ck_assert_uint_eq(count_of(text, "<svg"), 2);
	ck_assert_uint_eq(count_of(text, "</svg>"), 2);
	ck_assert_ptr_nonnull(strstr(text, "</html>\n"));
	/* Machine text is escaped, and invalid UTF-8 replaced. */
	ck_assert_ptr_nonnull(strstr(text, "bench&quot;host\\back"));
	ck_assert_ptr_nonnull(strstr(text, "&quot;quoted&quot; &amp; &lt;odd&gt;&#39;s"));
	ck_assert_ptr_null(strstr(text, "<odd>"));
	ck_assert_ptr_null(strstr(text, "\xe9"));
	ck_assert_ptr_nonnull(strstr(text, "caf&#xFFFD;"));
	ck_assert_ptr_nonnull(strstr(text, "System Benchmarks Index Score"));
	ck_assert_ptr_nonnull(strstr(text, "buffered"));
	unlink(path);
	free(text);
	free(s);
}
END_TEST

/* Unescaped '|' in one Markdown line. */
static size_t md_pipes(const char *line, size_t len)
{
	size_t n = 0;

	for (size_t i = 0; i < len; i++) {
		if (line[i] == '\\') {
			i++;
			continue;
		}
		n += line[i] == '|';
	}
	return n;
}

START_TEST(test_md_tables)
{
	struct synth *s = synth_new();
	char path[128];
	char *text = write_to_file(report_md, &s->r, path, sizeof(path), ".md");
	size_t tables = 0, want = 0;
	int in_table = 0;

	for (const char *p = text; *p;) {
		size_t len = strcspn(p, "\n");

		if (len > 0 && p[0] == '|') {
			size_t n = md_pipes(p, len);

			if (!in_table) {
				want = n;
				tables++;
			}
			ck_assert_msg(n == want, "table row with %zu pipes, want %zu: %.*s", n, want,
				      (int)len, p);
			in_table = 1;
		} else {
			in_table = 0;
		}
		p += len + (p[len] == '\n');
	}
	/* by copy count; then per copy count: results, curve, statistics, placement */
	ck_assert_uint_eq(tables, 9);
	ck_assert_ptr_nonnull(strstr(text, "1/2/mixed: samples wholly on one CPU"));
	ck_assert_ptr_nonnull(strstr(text, "my bench\\|dir"));
	ck_assert_ptr_nonnull(strstr(text, "\\<odd\\>"));
	ck_assert_ptr_nonnull(strstr(text, "**System Benchmarks Index Score (Partial Only): "));
	ck_assert_ptr_nonnull(strstr(text, "AMD EPYC 7B13 64-Core Processor × 2"));
	ck_assert_ptr_null(strstr(text, "back\nline"));   /* the host name's newline is gone */
	unlink(path);
	free(text);
	free(s);
}
END_TEST

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long size;

	if (f == NULL)
		return NULL;
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	size = ftell(f);
	rewind(f);
	buf = calloc((size_t)size + 1, 1);
	ck_assert_ptr_nonnull(buf);
	*len = fread(buf, 1, (size_t)size, f);
	fclose(f);
	return buf;
}

/*
 * One writer's output of the synthetic run against its golden file, byte for
 * byte (the Markdown and HTML ones keep the writers' tables from changing
 * while their code is shared).
 */
static void check_golden(int (*w)(FILE *, const struct run_result *), const char *golden_path)
{
	struct synth *s = synth_new();
	char path[128];
	char *text = write_to_file(w, &s->r, path, sizeof(path), ".out");
	const char *update = getenv("SYSINDEX_UPDATE_GOLDEN");
	char *golden;
	size_t glen = 0;

	if (update != NULL && strcmp(update, "1") == 0) {
		FILE *f = fopen(golden_path, "wb");

		ck_assert_ptr_nonnull(f);
		fputs(text, f);
		ck_assert_int_eq(fclose(f), 0);
	}
	golden = slurp(golden_path, &glen);
	ck_assert_msg(golden != NULL, "%s missing (run from the source tree)", golden_path);
	if (strcmp(text, golden) != 0) {
		size_t i = 0;

		while (text[i] && text[i] == golden[i])
			i++;
		ck_abort_msg("output differs from %s at byte %zu: got \"%.40s\", want \"%.40s\""
			     " (diff %s %s)", golden_path, i, text + i, golden + i, path, golden_path);
	}
	unlink(path);
	free(golden);
	free(text);
	free(s);
}

START_TEST(test_text_golden)
{
	check_golden(report_text, GOLDEN_TEXT);
}
END_TEST

START_TEST(test_md_golden)
{
	check_golden(report_md, GOLDEN_MD);
}
END_TEST

START_TEST(test_html_golden)
{
	check_golden(report_html, GOLDEN_HTML);
}
END_TEST

/*
 * Every registered writer produces output; the text report comes first, no
 * extension, and with the CSV before the charts (a disk that fills up takes
 * the charts first); the record, HTML and Markdown after them.
 */
START_TEST(test_writer_table)
{
	struct synth *s = synth_new();
	static const char *const exts[] = { "", ".csv", ".json", ".html", ".md" };
	static const int after[] = { 0, 0, 1, 1, 1 };

	ck_assert_uint_ge(report_writers_len, 5);
	ck_assert_str_eq(report_writers[0].name, "text");
	for (size_t i = 0; i < 5; i++) {
		char path[128];
		char *text;

		ck_assert_str_eq(report_writers[i].ext, exts[i]);
		ck_assert_int_eq(report_writers[i].after_charts, after[i]);
		text = write_to_file(report_writers[i].write, &s->r, path, sizeof(path), ".out");
		unlink(path);
		free(text);
	}
	free(s);
}
END_TEST

/*
 * Scaling above 110 % and File Copy rows get their notes in words in every
 * human format, with the scaling figure itself (the text's Scaling block).
 */
START_TEST(test_notes_every_format)
{
	struct synth *s = synth_new();
	int (*const w[])(FILE *, const struct run_result *) = { report_text, report_md,
								 report_html };
	const char *notes[REPORT_MAX_NOTES];

	ck_assert_uint_eq(report_notes(&s->runs[1], notes), 1);   /* File Copy only */
	ck_assert_ptr_nonnull(strstr(notes[0], "page cache"));
	/* Dhrystone is no placement test: its scaling is not blamed on placement. */
	s->tests[1][0].scaling = 8.51;
	ck_assert_uint_eq(report_notes(&s->runs[1], notes), 2);
	ck_assert_ptr_nonnull(strstr(notes[0], "is not a placement effect"));
	ck_assert_ptr_null(strstr(notes[0], "--pin"));
	/* Pipe-based Context Switching is (TF_PLACEMENT): placement, and --pin. */
	ck_assert_str_eq(s->tests[1][2].def->name, "context1");
	s->tests[1][2].scaling = 1.2;
	ck_assert_uint_eq(report_notes(&s->runs[1], notes), 3);
	ck_assert_ptr_nonnull(strstr(notes[0], "comes from placement"));
	ck_assert_ptr_nonnull(strstr(notes[0], "--pin"));
	for (size_t i = 0; i < sizeof(w) / sizeof(w[0]); i++) {
		char path[128];
		char *text = write_to_file(w[i], &s->r, path, sizeof(path), ".out");

		unlink(path);
		ck_assert_msg(strstr(text, "851.0") != NULL, "writer %zu: no scaling figure", i);
		ck_assert_msg(strstr(text, "--pin") != NULL, "writer %zu: no --pin note", i);
		ck_assert_msg(strstr(text, "page cache") != NULL, "writer %zu: no File Copy note", i);
		free(text);
	}
	s->tests[1][0].scaling = 1.09;
	s->tests[1][2].scaling = 1.09;
	ck_assert_uint_eq(report_notes(&s->runs[1], notes), 1);
	free(s);
}
END_TEST

/*
 * The score's interval is the model's (score_run fills run->score_ci): every
 * writer prints what it holds and computes none of its own.
 */
START_TEST(test_score_ci_read_from_the_model)
{
	struct synth *s = synth_new();
	int (*const w[])(FILE *, const struct run_result *) = { report_text, report_md,
								 report_html, report_json,
								 report_csv };
	static const char *const want[] = { "1234.6 to 8765.4", "1234.6 to 8765.4",
					    "1234.6 to 8765.4", "\"lo\": 1234.5678",
					    ",1234.5678,8765.4321,complete\n" };
	char lines[REPORT_SUMMARY_MAX][REPORT_SUMMARY_LINE];
	struct score_ci ci;
	size_t n, found = 0;

	for (size_t i = 0; i < 2; i++) {
		score_ci_run(&s->runs[i], &ci);
		ck_assert_mem_eq(&s->runs[i].score_ci, &ci, sizeof(ci));
		s->runs[i].score_ci.ok = 1;
		s->runs[i].score_ci.lo = 1234.5678;
		s->runs[i].score_ci.hi = 8765.4321;
	}
	for (size_t i = 0; i < sizeof(w) / sizeof(w[0]); i++) {
		char path[128];
		char *text = write_to_file(w[i], &s->r, path, sizeof(path), ".out");

		unlink(path);
		ck_assert_msg(strstr(text, want[i]) != NULL, "writer %zu: no '%s'", i, want[i]);
		free(text);
	}
	n = report_summary(&s->r, lines, REPORT_SUMMARY_MAX);
	for (size_t i = 0; i < n; i++)
		found += strstr(lines[i], "95% CI 1234.6 to 8765.4") != NULL;
	ck_assert_uint_eq(found, 2);
	free(s);
}
END_TEST

/* The File Copy note follows the row's TF_PAGE_CACHE, not its program's name. */
START_TEST(test_page_cache_note_from_the_row)
{
	struct synth *s = synth_new();
	static struct test_def defs[NTESTS];
	const char *notes[REPORT_MAX_NOTES];

	for (size_t k = 0; k < s->runs[1].ntests; k++) {
		defs[k] = *s->tests[1][k].def;
		if (defs[k].flags & TF_PAGE_CACHE) {
			ck_assert_str_eq(defs[k].prog, "fstime");
			defs[k].flags &= ~(unsigned)TF_PAGE_CACHE;
		}
		s->tests[1][k].def = &defs[k];
	}
	ck_assert_uint_eq(report_notes(&s->runs[1], notes), 0);
	defs[0].flags |= TF_PAGE_CACHE;
	ck_assert_str_ne(defs[0].prog, "fstime");
	ck_assert_uint_eq(report_notes(&s->runs[1], notes), 1);
	ck_assert_ptr_nonnull(strstr(notes[0], "page cache"));
	free(s);
}
END_TEST

/*
 * The summary a reader sees first: the scores with their intervals and the
 * quick marker, in the .md before its details (within its first 15
 * lines), in the HTML before its first table, and in the text only after
 * UnixBench's layout (its last block).
 */
START_TEST(test_summary_first)
{
	struct synth *s = synth_new();
	char lines[REPORT_SUMMARY_MAX][REPORT_SUMMARY_LINE];
	size_t n;
	char path[128], *md, *html, *text, *p;
	int nl = 0;

	s->r.quick = 1;
	n = report_summary(&s->r, lines, REPORT_SUMMARY_MAX);
	ck_assert_uint_eq(n, 6);
	ck_assert_ptr_nonnull(strstr(lines[0], "not comparable with published UnixBench"));
	ck_assert_ptr_nonnull(strstr(lines[1], "1 copy: "));
	ck_assert_ptr_nonnull(strstr(lines[1], "(95% CI "));
	ck_assert_ptr_nonnull(strstr(lines[2], "2 copies: "));
	ck_assert(strncmp(lines[3], "Mode: ", 6) == 0);
	ck_assert(strncmp(lines[4], "Host: ", 6) == 0);
	ck_assert_ptr_null(strchr(lines[4], '\n'));
	ck_assert(strncmp(lines[5], "Test dir: ", 10) == 0);
	s->r.quick = 0;
	ck_assert_uint_eq(report_summary(&s->r, lines, REPORT_SUMMARY_MAX), 5);
	ck_assert_ptr_nonnull(strstr(lines[0], "System Benchmarks Index Score"));

	md = write_to_file(report_md, &s->r, path, sizeof(path), ".md");
	unlink(path);
	p = strstr(md, "## Summary\n");
	ck_assert_ptr_nonnull(p);
	for (const char *q = md; q < p; q++)
		nl += *q == '\n';
	ck_assert_int_lt(nl, 15);
	ck_assert_ptr_nonnull(strstr(p, lines[0]));
	ck_assert(strstr(md, "## Details") > p && strstr(md, "| Test |") > p);
	html = write_to_file(report_html, &s->r, path, sizeof(path), ".html");
	unlink(path);
	p = strstr(html, "<section id=\"summary\">");
	ck_assert_ptr_nonnull(p);
	ck_assert(strstr(html, "<table") > p);
	/* The statistics are details: collapsed behind their summary line. */
	ck_assert_ptr_nonnull(strstr(html, "<details class=\"stats\"><summary><b>Statistics</b>"));
	text = write_to_file(report_text, &s->r, path, sizeof(path), ".txt");
	unlink(path);
	p = strstr(text, "\nSummary\n");
	ck_assert_ptr_nonnull(p);
	ck_assert(strstr(text, "System Benchmarks Index Score") < p);
	ck_assert_ptr_null(strstr(p, "Benchmark Run:"));
	free(md);
	free(html);
	free(text);
	free(s);
}
END_TEST

/*
 * The chart's row labels end at x (text-anchor="end"): each must fit in
 * the x px left of it; returns how many there are.
 */
static size_t chart_labels_fit(const char *html)
{
	static const char bold[] = "<tspan font-weight=\"bold\">";
	const char *p = strstr(html, "<svg "), *end = strstr(html, "</svg>");
	size_t n = 0;

	ck_assert(p != NULL && end > p);
	for (; (p = strstr(p, "<text x=\"")) != NULL && p < end; p++) {
		char label[256];
		int x, at = 0, b;
		size_t len;

		if (sscanf(p, "<text x=\"%d\" y=\"%*d\" text-anchor=\"end\">%n", &x, &at) != 1 ||
		    at == 0)
			continue;
		b = strncmp(p + at, bold, sizeof(bold) - 1) == 0;
		at += b ? (int)sizeof(bold) - 1 : 0;
		len = strcspn(p + at, "<");
		ck_assert_uint_lt(len, sizeof(label));
		memcpy(label, p + at, len);
		label[len] = '\0';
		ck_assert_msg(html_text_px(label, 12, b) <= x, "'%s' (%s, %d px) ends at x=%d",
			      label, b ? "bold" : "normal", html_text_px(label, 12, b), x);
		n++;
	}
	return n;
}

/*
 * Every label of the run's chart fits left of its bars: the longest test
 * title, and the bold score row where every test's title is shorter.
 */
START_TEST(test_html_chart_labels)
{
	struct synth *s = synth_new();
	char path[128], *html;

	html = write_to_file(report_html, &s->r, path, sizeof(path), ".html");
	unlink(path);
	ck_assert_uint_eq(chart_labels_fit(html), 5);   /* 4 indexed tests and the score */
	free(html);
	/* Only pipe and context1, whose titles are shorter than the score's label. */
	for (size_t ri = 0; ri < 2; ri++) {
		s->runs[ri].tests = &s->tests[ri][1];
		s->runs[ri].ntests = 2;
		score_run(&s->runs[ri]);
	}
	html = write_to_file(report_html, &s->r, path, sizeof(path), ".html");
	unlink(path);
	ck_assert_ptr_nonnull(strstr(html, "Pipe-based Context Switching</text>"));
	ck_assert_uint_eq(chart_labels_fit(html), 3);
	free(html);
	free(s);
}
END_TEST

/*
 * The HTML's inline chart and gnuplot's draw one model (chart_rows.h): the
 * HTML's bars, in order, are the model's values that exist, each in its
 * series' colour, and its row labels are the gnuplot chart's.
 */
START_TEST(test_html_chart_model)
{
	struct synth *s = synth_new();
	struct plot_run_chart pc;
	char path[128], *html;
	const char *p, *end;

	html = write_to_file(report_html, &s->r, path, sizeof(path), ".html");
	unlink(path);
	ck_assert_int_eq(plot_run_chart(&s->r, &pc), 0);
	p = strstr(html, "<h2>Index per test</h2>");
	ck_assert_ptr_nonnull(p);
	end = strstr(p, "</svg>");
	ck_assert_ptr_nonnull(end);
	for (size_t i = 0; i < pc.chart.nrows; i++) {
		char want[160];

		/* The score's label is bold; a test's title is escaped text. */
		snprintf(want, sizeof(want), i + 1 < pc.chart.nrows ? "end\">%s</text>" :
			 "bold\">%s</tspan>", pc.chart.rows[i]);
		p = strstr(p, want);
		ck_assert_msg(p != NULL && p < end, "row %zu '%s' not in order", i, pc.chart.rows[i]);
		for (size_t k = 0; k < pc.chart.nseries; k++) {
			double v = pc.chart.values[i * pc.chart.nseries + k];

			if (!isfinite(v))
				continue;
			snprintf(want, sizeof(want), "fill=\"%s\"><title>%.1f</title>",
				 chart_colour(k), v);
			p = strstr(p, want);
			ck_assert_msg(p != NULL && p < end, "row %zu series %zu: no %s", i, k, want);
		}
	}
	plot_run_chart_free(&pc);
	free(html);
	free(s);
}
END_TEST

/*
 * The summary's mode, machine and test dir lines: the mode as the run
 * described it (with a --compat workload), the CPUs counted by model with
 * memory, distribution, kernel and virtualisation, the test dir's mount;
 * in paired mode one line per directory with its label.
 */
START_TEST(test_summary_lines)
{
	struct synth *s = synth_new();
	char lines[REPORT_SUMMARY_MAX][REPORT_SUMMARY_LINE];
	size_t n;

	s->r.quick = 0;
	snprintf(s->r.mode, sizeof(s->r.mode), "default (UnixBench 6.0 procedure)");
	snprintf(s->cpus[1].model, sizeof(s->cpus[1].model), "Other CPU");
	n = report_summary(&s->r, lines, REPORT_SUMMARY_MAX);
	ck_assert_uint_eq(n, 5);
	ck_assert_str_eq(lines[2], "Mode: default (UnixBench 6.0 procedure)");
	ck_assert_str_eq(lines[3], "Host: bench\"host\\back?line: 1 x AMD EPYC 7B13 64-Core "
			 "Processor, 1 x Other CPU, 3.8 GiB RAM; Debian GNU/Linux 12 (bookworm) "
			 "<b>, kernel 6.1.0-28-amd64, virt kvm");
	ck_assert_str_eq(lines[4], "Test dir: " TESTDIR " on /srv (ext4, /dev/sda1, rw,noatime)");
	/* No CPU details (-b), no memory, distribution or virt: what is known. */
	s->r.sys.ncpu_info = 0;
	s->r.sys.mem_total_kb = 0;
	s->r.sys.distribution[0] = s->r.sys.host.virt[0] = '\0';
	s->r.sys.have_mount = 0;
	s->r.workload = WL_UB513;
	n = report_summary(&s->r, lines, REPORT_SUMMARY_MAX);
	ck_assert_str_eq(lines[2], "Mode: default (UnixBench 6.0 procedure); workload "
			 "UnixBench 5.1.3 (--compat 5.1.3)");
	ck_assert_str_eq(lines[3], "Host: bench\"host\\back?line: 2 CPUs, kernel 6.1.0-28-amd64, "
			 "virt unknown");
	ck_assert_str_eq(lines[4], "Test dir: " TESTDIR " (mount unknown)");
	/* Quick: the caveat opens the summary, once; the Mode line keeps the rest. */
	s->r.quick = 1;
	s->r.workload = WL_UB60;
	snprintf(s->r.mode, sizeof(s->r.mode), "quick (1 sample, short samples, no settle)"
		 REPORT_QUICK_CAVEAT "; copies pinned to CPUs");
	n = report_summary(&s->r, lines, REPORT_SUMMARY_MAX);
	ck_assert_ptr_nonnull(strstr(lines[0], "not comparable with published UnixBench"));
	ck_assert_str_eq(lines[3], "Mode: quick (1 sample, short samples, no settle); copies "
			 "pinned to CPUs");
	s->r.quick = 0;
	/* Paired: a line per directory, the baseline's marked. */
	s->r.ndirs = 2;
	for (size_t d = 0; d < 2; d++) {
		snprintf(s->r.dirs[d].label, sizeof(s->r.dirs[d].label), "%s", d ? "ssd" : "hdd");
		snprintf(s->r.dirs[d].path, sizeof(s->r.dirs[d].path), "/mnt/%s", d ? "ssd" : "hdd");
		s->r.dirs[d].have_mount = 1;
		s->r.dirs[d].mount = s->r.sys.mount;
	}
	n = report_summary(&s->r, lines, REPORT_SUMMARY_MAX);
	ck_assert_uint_ge(n, 4);
	ck_assert_str_eq(lines[n - 2], "Test dir hdd (baseline): /mnt/hdd on /srv (ext4, /dev/sda1, "
			 "rw,noatime)");
	ck_assert_str_eq(lines[n - 1], "Test dir ssd: /mnt/ssd on /srv (ext4, /dev/sda1, rw,noatime)");
	free(s);
}
END_TEST

/*
 * The README's sample summary is what the tool prints: its quick line and
 * its Mode line are the summary's for a --quick run (the Mode line once
 * showed a caveat the summary leaves out).
 */
START_TEST(test_readme_summary_is_the_tools)
{
	struct synth *s = synth_new();
	char lines[REPORT_SUMMARY_MAX][REPORT_SUMMARY_LINE], want[REPORT_SUMMARY_LINE + 4];
	size_t len = 0, n;
	char *readme = slurp("README.md", &len), *block, *end;

	ck_assert_ptr_nonnull(readme);
	block = strstr(readme, "```\nSummary\n");
	ck_assert_ptr_nonnull(block);
	end = strstr(block + 4, "```");
	ck_assert_ptr_nonnull(end);
	*end = '\0';
	s->r.quick = 1;
	snprintf(s->r.mode, sizeof(s->r.mode), "quick (1 sample, short samples, no settle)"
		 REPORT_QUICK_CAVEAT);
	n = report_summary(&s->r, lines, REPORT_SUMMARY_MAX);
	for (size_t i = 0; i < n; i++)
		if (strncmp(lines[i], "Mode: ", 6) == 0 || strncmp(lines[i], "Quick run", 9) == 0) {
			snprintf(want, sizeof(want), "\n  %s\n", lines[i]);
			ck_assert_msg(strstr(block, want) != NULL, "README lacks: %s", want);
		}
	free(readme);
	free(s);
}
END_TEST

/*
 * The summary warns of a disturbed score only when a flagged sample is among
 * those a score's test kept (report_intf_moved): one UnixBench's lowest-third
 * rule dropped, or --exclude-disturbed left out, does not move the score.
 */
START_TEST(test_summary_disturbed)
{
	struct synth *s = synth_new();
	char lines[REPORT_SUMMARY_MAX][REPORT_SUMMARY_LINE];
	struct bench_result *dhry = &s->tests[1][0];
	size_t n, indexed, dropped = NPASS, kept = NPASS;

	s->r.quick = 0;
	ck_assert_uint_eq(report_intf_moved(&s->runs[1], &indexed), 0);
	ck_assert_uint_eq(indexed, 4);  /* dhry2reg, pipe, context1, fstime; execl failed */
	for (size_t p = 0; p < dhry->npasses; p++)
		*(dhry->passes[p].dropped ? &dropped : &kept) = p;
	ck_assert(dropped < NPASS && kept < NPASS);
	/* Flagged but dropped by the lowest-third rule: the score did not move. */
	dhry->passes[dropped].intf.flags = 2;
	ck_assert_uint_eq(report_intf_moved(&s->runs[1], &indexed), 0);
	n = report_summary(&s->r, lines, REPORT_SUMMARY_MAX);
	for (size_t i = 0; i < n; i++)
		ck_assert_ptr_null(strstr(lines[i], "Disturbed"));
	/* Flagged and kept: the 2-copy score warns, right after it. */
	dhry->passes[kept].intf.flags = 1;
	ck_assert_uint_eq(report_intf_moved(&s->runs[1], &indexed), 1);
	n = report_summary(&s->r, lines, REPORT_SUMMARY_MAX);
	ck_assert_uint_eq(n, 6);
	ck_assert_ptr_nonnull(strstr(lines[1], "2 copies: "));
	ck_assert_str_eq(lines[2], "Disturbed, 2 copies: 1 of 4 tests kept samples that other "
			 "work on the host slowed (steal, contended or throttled): this score may "
			 "read low; run again on a quiet host, or with --exclude-disturbed.");
	/* A sample that did not count (failed) or was left out moves nothing. */
	dhry->passes[kept].excluded = 1;
	ck_assert_uint_eq(report_intf_moved(&s->runs[1], &indexed), 0);
	dhry->passes[kept].excluded = 0;
	dhry->passes[kept].ok = 0;
	ck_assert_uint_eq(report_intf_moved(&s->runs[1], &indexed), 0);
	/* --exclude-disturbed kept them (every sample flagged): run again. */
	dhry->passes[kept].ok = 1;
	s->r.exclude_disturbed = 1;
	n = report_summary(&s->r, lines, REPORT_SUMMARY_MAX);
	ck_assert_ptr_nonnull(strstr(lines[2], "--exclude-disturbed kept them"));
	ck_assert_ptr_nonnull(strstr(lines[2], "run again on a quiet host."));
	free(s);
}
END_TEST

/*
 * Settings mode: the summary's Test dir line names the dir and its mount but
 * not the options found before the first setting ran (no sample ran under
 * them); each setting's Setting line shows its own.  Before, it printed the
 * found "rw,noatime" beside settings that ran under others.
 */
START_TEST(test_summary_settings_testdir)
{
	struct synth *s = synth_new();
	char lines[REPORT_SUMMARY_MAX][REPORT_SUMMARY_LINE];
	size_t n, found = 0;

	s->r.ndirs = s->r.nsettings = 2;
	for (size_t d = 0; d < 2; d++) {
		snprintf(s->r.settings[d].name, sizeof(s->r.settings[d].name), "%s",
			 d ? "noa" : "rel");
		snprintf(s->r.settings[d].command, sizeof(s->r.settings[d].command), "%s",
			 d ? "mount -o remount,noatime </x>" : "true");
		snprintf(s->r.dirs[d].label, sizeof(s->r.dirs[d].label), "%s", s->r.settings[d].name);
	}
	n = report_summary(&s->r, lines, REPORT_SUMMARY_MAX);
	for (size_t i = 0; i < n; i++) {
		ck_assert_ptr_null(strstr(lines[i], "rw,noatime"));
		found += strcmp(lines[i], "Test dir: " TESTDIR " on /srv (ext4, /dev/sda1, mount "
				"options per setting below)") == 0;
	}
	ck_assert_uint_eq(found, 1);
	/* The HTML summary shows each command as code, escaped, not in backticks. */
	{
		char *buf = NULL, *sum, *end;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);

		ck_assert_int_eq(report_html(f, &s->r), 0);
		ck_assert_int_eq(fclose(f), 0);
		sum = strstr(buf, "<section id=\"summary\">");
		ck_assert_ptr_nonnull(sum);
		end = strstr(sum, "</section>");
		ck_assert_ptr_nonnull(end);
		*end = '\0';
		ck_assert_msg(strstr(sum, "Setting noa: <code>mount -o remount,noatime "
				     "&lt;/x&gt;</code>; in force: ") != NULL, "%s", sum);
		ck_assert_ptr_nonnull(strstr(sum, "<code>true</code>"));
		ck_assert_ptr_null(strchr(sum, '`'));
		free(buf);
	}
	free(s);
}
END_TEST

/*
 * A paired run warns of disturbed samples as a normal run does, counted over
 * every directory's samples of a copy count: here both runs are 1 copy, the
 * baseline's (dir 0) quiet and the other directory's Dhrystone flagged, even
 * in a sample UnixBench's lowest-third rule dropped (the paired change uses
 * every round).  Before, paired runs printed no Disturbed line at all.
 */
START_TEST(test_summary_disturbed_paired)
{
	struct synth *s = synth_new();
	char lines[REPORT_SUMMARY_MAX][REPORT_SUMMARY_LINE], want[REPORT_SUMMARY_LINE];
	struct bench_result *dhry = &s->tests[1][0];
	size_t n, tested, found = 0;

	s->r.quick = 0;
	s->r.ndirs = 2;
	for (size_t d = 0; d < 2; d++) {
		snprintf(s->r.dirs[d].label, sizeof(s->r.dirs[d].label), "%s", d ? "ssd" : "hdd");
		snprintf(s->r.dirs[d].path, sizeof(s->r.dirs[d].path), "/mnt/%s", d ? "ssd" : "hdd");
	}
	s->runs[1].copies = 1;
	s->runs[1].dir = 1;
	n = report_summary(&s->r, lines, REPORT_SUMMARY_MAX);
	for (size_t i = 0; i < n; i++)
		ck_assert_ptr_null(strstr(lines[i], "Disturbed"));
	ck_assert_uint_eq(report_intf_moved_paired(&s->r, 1, &tested), 0);
	ck_assert_uint_ge(tested, 4);
	for (size_t p = 0; p < dhry->npasses; p++)
		if (dhry->passes[p].dropped)
			dhry->passes[p].intf.flags = 2;
	ck_assert_uint_eq(report_intf_moved_paired(&s->r, 1, &tested), 1);
	ck_assert_uint_eq(report_intf_moved_paired(&s->r, 2, &n), 0);
	n = report_summary(&s->r, lines, REPORT_SUMMARY_MAX);
	snprintf(want, sizeof(want), "Disturbed, 1 copy: 1 of %zu tests kept samples that other "
		 "work on the host slowed (steal, contended or throttled), in any test dir: their "
		 "changes may be off; run again on a quiet host, or with --exclude-disturbed.",
		 tested);
	for (size_t i = 0; i < n; i++)
		found += strcmp(lines[i], want) == 0;
	ck_assert_uint_eq(found, 1);
	/* Left out by --exclude-disturbed: nothing counted. */
	for (size_t p = 0; p < dhry->npasses; p++)
		dhry->passes[p].excluded = dhry->passes[p].intf.flags != 0;
	ck_assert_uint_eq(report_intf_moved_paired(&s->r, 1, &tested), 0);
	free(s);
}
END_TEST

/*
 * A paired summary names the rows judged faster or slower, one line per
 * verdict, directory and copy count, in the report's order; controls and the
 * other verdicts are counted, not named; a group too long for one line goes
 * on over more, every row named.
 */
START_TEST(test_summary_winners)
{
	static struct run_result r;
	static struct paired_cmp cmps[40];
	static const char *const names[] = { "fstime", "fsbuffer", "fsdisk", "shell1", "dhry2reg" };
	char lines[REPORT_SUMMARY_MAX][REPORT_SUMMARY_LINE];
	size_t n, k, faster = 0, named = 0;

	memset(&r, 0, sizeof(r));
	r.ndirs = 3;
	snprintf(r.dirs[0].label, sizeof(r.dirs[0].label), "hdd");
	snprintf(r.dirs[1].label, sizeof(r.dirs[1].label), "ssd");
	snprintf(r.dirs[2].label, sizeof(r.dirs[2].label), "nvme");
	for (k = 0; k < 5; k++) {
		cmps[k].def = test_find(names[k]);
		ck_assert_ptr_nonnull(cmps[k].def);
		cmps[k].copies = 1;
		cmps[k].dir = 1;
	}
	cmps[0].st = (struct paired_stats){ .ratio = 1.051, .vd = { .v = VD_FASTER } };
	cmps[1].st = (struct paired_stats){ .ratio = 0.98, .vd = { .v = VD_INCONCLUSIVE } };
	cmps[2].st = (struct paired_stats){ .ratio = 0.90, .vd = { .v = VD_SLOWER } };
	cmps[3].st = (struct paired_stats){ .ratio = 1.032, .vd = { .v = VD_FASTER } };
	cmps[4].st = (struct paired_stats){ .ratio = 1.2, .vd = { .v = VD_FASTER } };
	cmps[4].control = 1;    /* an A/A control is never a winner */
	cmps[5] = cmps[0];
	cmps[5].dir = 2;
	cmps[5].copies = 2;
	r.cmps = cmps;
	r.ncmps = 6;
	n = report_summary(&r, lines, REPORT_SUMMARY_MAX);
	for (k = 0; k < n && strncmp(lines[k], "Tests compared: ", 16) != 0; k++)
		;
	ck_assert_uint_lt(k + 3, n);
	ck_assert_ptr_nonnull(strstr(lines[k], "3 faster, 1 slower, 0 equivalent, 1 inconclusive"));
	ck_assert_str_eq(lines[k + 1], "Faster in ssd than hdd, 1 copy: File Copy 1024 bufsize 2000 "
			 "maxblocks (+5.10%), Shell Scripts (1 concurrent) (+3.20%)");
	ck_assert_str_eq(lines[k + 2], "Slower in ssd than hdd, 1 copy: File Copy 4096 bufsize 8000 "
			 "maxblocks (-10.00%)");
	ck_assert_str_eq(lines[k + 3], "Faster in nvme than hdd, 2 copies: File Copy 1024 bufsize "
			 "2000 maxblocks (+5.10%)");
	/* Too many for one line: every row named, over lines that say "(continued)". */
	for (k = 6; k < 40; k++) {
		cmps[k] = cmps[0];
		cmps[k].copies = 4;
	}
	r.ncmps = 40;
	n = report_summary(&r, lines, REPORT_SUMMARY_MAX);
	for (k = 0; k < n; k++)
		if (strncmp(lines[k], "Faster in ssd than hdd, 4 copies", 32) == 0) {
			ck_assert_ptr_null(strstr(lines[k], " more"));
			for (const char *q = lines[k]; (q = strstr(q, "(+5.10%)")) != NULL; q++)
				named++;
			ck_assert_uint_lt(strlen(lines[k]), REPORT_SUMMARY_LINE - 1);
			ck_assert((faster == 0) == (strstr(lines[k], "(continued)") == NULL));
			faster++;
		}
	ck_assert_uint_eq(named, 34);
	ck_assert_uint_gt(faster, 1);
}
END_TEST

/* An HTML verdict is marked with a symbol and a class, whatever text leads to it. */
START_TEST(test_html_verdict_marked)
{
	static const struct {
		const char *in, *want;
	} cases[] = {
		{ "faster", "<span class=\"v v-faster\"><span aria-hidden=\"true\">\xe2\x96\xb2 "
			    "</span>faster</span>" },
		{ "b / a: +1.00%: slower", "b / a: +1.00%: <span class=\"v v-slower\"><span "
			    "aria-hidden=\"true\">\xe2\x96\xbc </span>slower</span>" },
		{ "x <y>: inconclusive: 3 rounds", "x &lt;y&gt;: <span class=\"v v-inconclusive\"><span "
			    "aria-hidden=\"true\">? </span>inconclusive: 3 rounds</span>" },
		{ "+0.1% equivalent", "+0.1% <span class=\"v v-equivalent\"><span aria-hidden=\"true\">"
			    "\xe2\x89\x88 </span>equivalent</span>" },
		{ "fasterish <b>", "fasterish &lt;b&gt;" },
		{ "", "" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);

		ck_assert_ptr_nonnull(f);
		html_verdict_text(f, cases[i].in);
		ck_assert_int_eq(fclose(f), 0);
		ck_assert_str_eq(buf, cases[i].want);
		free(buf);
	}
}
END_TEST

/* The Markdown links the charts gnuplot wrote beside it, and only those. */
START_TEST(test_md_chart_links)
{
	struct synth *s = synth_new();
	char path[128], *md;

	md = write_to_file(report_md, &s->r, path, sizeof(path), ".md");
	unlink(path);
	ck_assert_ptr_null(strstr(md, "!["));
	free(md);
	s->r.charts = RUN_CHART_INDEX;
	md = write_to_file(report_md, &s->r, path, sizeof(path), ".md");
	unlink(path);
	ck_assert_ptr_nonnull(strstr(md, "\n![Index per test and copy count](bench%22host%2Cx-2026-01-01-01.svg)\n"));
	ck_assert(strstr(md, "![") > strstr(md, "## Results") && strstr(md, "![") < strstr(md, "## Details"));
	free(md);
	/* A hostile name cannot end the link or reach outside the folder. */
	snprintf(s->r.base_name, sizeof(s->r.base_name), "a b)(../<x>");
	md = write_to_file(report_md, &s->r, path, sizeof(path), ".md");
	unlink(path);
	ck_assert_ptr_nonnull(strstr(md, "](a%20b%29%28..%2F%3Cx%3E.svg)\n"));
	free(md);
	free(s);
}
END_TEST

/*
 * The Test | 1 copy | N copies table right after the summary, in the
 * Markdown and the HTML: a unit column ("index", or the result's unit
 * without a baseline), then the index or result, or the state; the score last.  In paired mode it shows the
 * baseline directory's copy runs only, and says so (the label escaped).
 */
START_TEST(test_copies_table)
{
	struct synth *s = synth_new();
	char path[128], *md, *html, *p;

	md = write_to_file(report_md, &s->r, path, sizeof(path), ".md");
	unlink(path);
	p = strstr(md, "## Results\n");
	ck_assert(p != NULL && p > strstr(md, "## Summary") && p < strstr(md, "## Details"));
	ck_assert_ptr_nonnull(strstr(p, "| Test | Unit | 1 copy | 2 copies |\n|:-----|:-----|-----:|-----:|\n"));
	ck_assert_ptr_nonnull(strstr(p, "| Dhrystone 2 using register variables | index | 3393.2 | 6786.4 |"));
	ck_assert_ptr_nonnull(strstr(p, "| Execl Throughput | index | FAILED | FAILED |"));
	ck_assert_ptr_nonnull(strstr(p, "| Seq Write 1 MiB O\\_DSYNC | MB/s | 145.5 | 291.0 |"));
	ck_assert_ptr_nonnull(strstr(p, "| System Benchmarks Index Score (Partial Only) | index | 1783.8 | "
				     "3567.5 |"));
	html = write_to_file(report_html, &s->r, path, sizeof(path), ".html");
	unlink(path);
	p = strstr(html, "<h2>Results</h2>");
	ck_assert(p != NULL && p > strstr(html, "<section id=\"summary\">"));
	ck_assert_ptr_nonnull(strstr(p, "<tr><th>Test</th><th>Unit</th><th>1 copy</th><th>2 copies</th></tr>"));
	ck_assert_ptr_nonnull(strstr(p, "<tr><td>Pipe Throughput</td><td>index</td><td class=\"n\">2029.7</td>"
				     "<td class=\"n\">4059.4</td></tr>"));
	free(md);
	free(html);
	/* Paired: the second run becomes directory 1's; the baseline's column only. */
	s->r.ndirs = 2;
	snprintf(s->r.dirs[0].label, sizeof(s->r.dirs[0].label), "a|<b>");
	snprintf(s->r.dirs[1].label, sizeof(s->r.dirs[1].label), "c");
	s->runs[1].copies = 1;
	s->runs[1].dir = 1;
	md = write_to_file(report_md, &s->r, path, sizeof(path), ".md");
	unlink(path);
	ck_assert_ptr_nonnull(strstr(md, "in the baseline directory a\\|\\<b\\> only"));
	ck_assert_ptr_nonnull(strstr(md, "| Test | Unit | 1 copy |\n|:-----|:-----|-----:|\n"));
	ck_assert_ptr_nonnull(strstr(md, "| Pipe Throughput | index | 2029.7 |\n"));
	html = write_to_file(report_html, &s->r, path, sizeof(path), ".html");
	unlink(path);
	ck_assert_ptr_nonnull(strstr(html, "in the baseline directory a|&lt;b&gt; only"));
	ck_assert_ptr_nonnull(strstr(html, "<tr><th>Test</th><th>Unit</th><th>1 copy</th></tr>"));
	free(md);
	free(html);
	free(s);
}
END_TEST

Suite *suite_writers(void)
{
	Suite *s = suite_create("writers");
	TCase *tc = tcase_create("formats");

	tcase_add_test(tc, test_json_valid);
	tcase_add_test(tc, test_csv_columns);
	tcase_add_test(tc, test_csv_metric_columns);
	tcase_add_test(tc, test_csv_metric_combine);
	tcase_add_test(tc, test_table_metrics_named);
	tcase_add_test(tc, test_table_model);
	tcase_add_test(tc, test_html_self_contained);
	tcase_add_test(tc, test_md_tables);
	tcase_add_test(tc, test_text_golden);
	tcase_add_test(tc, test_md_golden);
	tcase_add_test(tc, test_html_golden);
	tcase_add_test(tc, test_writer_table);
	tcase_add_test(tc, test_notes_every_format);
	tcase_add_test(tc, test_page_cache_note_from_the_row);
	tcase_add_test(tc, test_score_ci_read_from_the_model);
	tcase_add_test(tc, test_summary_first);
	tcase_add_test(tc, test_html_chart_labels);
	tcase_add_test(tc, test_html_chart_model);
	tcase_add_test(tc, test_summary_lines);
	tcase_add_test(tc, test_summary_disturbed);
	tcase_add_test(tc, test_summary_disturbed_paired);
	tcase_add_test(tc, test_readme_summary_is_the_tools);
	tcase_add_test(tc, test_summary_settings_testdir);
	tcase_add_test(tc, test_summary_winners);
	tcase_add_test(tc, test_html_verdict_marked);
	tcase_add_test(tc, test_md_chart_links);
	tcase_add_test(tc, test_copies_table);
	suite_add_tcase(s, tc);
	return s;
}
