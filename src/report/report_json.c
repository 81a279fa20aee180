/*
 * report_json.c: the run as JSON, schema RECORD_SCHEMA (docs/results.md
 * lists every field): the run's record, which `compare` reads back whole
 * (reader/record_read.c).  Everything a later analysis may need is here: the machine,
 * the test directory's mount, each test's command and every sample of every
 * copy, plus the figures the text report shows.  Rates stay in the test's
 * own unit (UnixBench's lps, KBps, ...); each test also names its base unit
 * (bytes or operations per second) and the factor to get there.
 */
#include "report/report.h"

#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include "core/units.h"
#include "report/paired_table.h"
#include "util/json_out.h"

/* The test's unit's row of the units table (core/units.c), when it names a
 * base unit to give the figures in too. */
static const struct unit_def *base_of(const char *unit)
{
	const struct unit_def *u = unit_find(unit);

	return u != NULL && u->base_key != NULL ? u : NULL;
}

/* ISO 8601 local time with a numeric offset, "2026-11-29T19:54:51+00:00". */
static void kv_time(struct json_out *j, const char *key, time_t t)
{
	struct tm tm;
	char buf[48];
	size_t n;

	json_key(j, key);
	if (t == 0 || localtime_r(&t, &tm) == NULL ||
	    (n = strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%S%z", &tm)) < 5) {
		json_null(j);
		return;
	}
	/* %z gives +hhmm; ISO 8601's extended format wants +hh:mm. */
	memmove(buf + n - 1, buf + n - 2, 3);
	buf[n - 2] = ':';
	json_string(j, buf);
}

static void kv_epoch(struct json_out *j, const char *key, time_t t)
{
	if (t == 0)
		json_kv_null(j, key);
	else
		json_kv_int(j, key, (long long)t);
}

static const char *signal_name(int sig)
{
	switch (sig) {
	case SIGINT: return "SIGINT";
	case SIGTERM: return "SIGTERM";
	case SIGHUP: return "SIGHUP";
	case SIGQUIT: return "SIGQUIT";
	default: return NULL;
	}
}

static void metrics(struct json_out *j, const struct metric *m, size_t n)
{
	json_key(j, "metrics");
	json_array_begin(j);
	for (size_t i = 0; i < n; i++) {
		json_object_begin(j);
		json_kv_string(j, "name", m[i].name);
		json_kv_double(j, "value", m[i].value);
		json_kv_string(j, "unit", m[i].unit);
		json_kv_string(j, "combine", metric_combine_word(m[i].combine));
		json_object_end(j);
	}
	json_array_end(j);
}

static void tri_state(struct json_out *j, const char *key, int v)
{
	if (v < 0)
		json_kv_null(j, key);
	else
		json_kv_bool(j, key, v);
}

/* A share in percent, or null when the counter was not measured. */
static void kv_share(struct json_out *j, const char *key, int have, double part, double whole)
{
	json_kv_double(j, key, have && whole > 0 ? 100 * part / whole : (double)NAN);
}

/* The run's interference totals (report_intf.c); null when none was measured. */
static void intf_run_block(struct json_out *j, const struct run_result *r)
{
	struct intf_total t;
	char line[600];

	report_intf_totals(r, &t);
	json_key(j, "interference");
	if (t.have == 0) {
		json_null(j);
	} else {
		json_object_begin(j);
		report_intf_line(r, line, sizeof(line));
		json_kv_string(j, "summary", line);
		kv_share(j, "steal_percent", t.have & INTF_HAVE_STEAL, t.steal, t.cpu_time);
		kv_share(j, "cpu_pressure_percent", t.have & INTF_HAVE_PSI, t.psi_some, t.wall);
		json_kv_double(j, "involuntary_switches_per_copy_second",
			       (t.have & INTF_HAVE_IVCSW) && t.copy_seconds > 0 ?
			       (double)t.ivcsw / t.copy_seconds : (double)NAN);
		kv_share(j, "cpu_wait_percent", t.have & INTF_HAVE_DELAY, t.run_delay, t.copy_seconds);
		kv_share(j, "throttled_percent", t.have & INTF_HAVE_THROTTLE, t.throttled, t.wall);
		json_kv_uint(j, "samples", t.samples);
		json_kv_uint(j, "disturbed_samples", report_intf_disturbed(r));
		json_object_end(j);
	}
	json_kv_string_or_null(j, "interference_not_measured", r->intf_missing);
}

/* One sample's interference counters (docs/results.md); null if none. */
static void intf_pass_block(struct json_out *j, const struct intf_sample *s)
{
	char flags[40];
	const char *p;

	json_key(j, "interference");
	if (s->have == 0) {
		json_null(j);
		return;
	}
	json_object_begin(j);
	json_kv_double(j, "wall_seconds", s->wall);
	json_kv_uint(j, "cpus", s->ncpus);
	json_kv_uint(j, "copies", s->copies);
	json_kv_double(j, "steal_seconds", s->have & INTF_HAVE_STEAL ? s->steal : (double)NAN);
	json_kv_double(j, "cpu_pressure_seconds", s->have & INTF_HAVE_PSI ? s->psi_some : (double)NAN);
	json_kv_uint_or_null(j, "involuntary_switches", s->have & INTF_HAVE_IVCSW, s->ivcsw);
	json_kv_double(j, "cpu_wait_seconds", s->have & INTF_HAVE_DELAY ? s->run_delay : (double)NAN);
	json_kv_double(j, "throttled_seconds",
		       s->have & INTF_HAVE_THROTTLE ? s->throttled : (double)NAN);
	json_kv_uint_or_null(j, "nr_throttled", s->have & INTF_HAVE_THROTTLE, s->nr_throttled);
	json_key(j, "flags");
	json_array_begin(j);
	intf_flag_names(s->flags, flags, sizeof(flags));
	for (p = flags; *p; ) {
		size_t n = strcspn(p, ",");

		json_string_n(j, p, n);
		p += n + (p[n] == ',');
	}
	json_array_end(j);
	json_object_end(j);
}

static void sysindex_block(struct json_out *j, const struct run_result *r)
{
	json_key(j, "sysindex");
	json_object_begin(j);
	json_kv_string(j, "version", r->version);
	json_kv_string(j, "compiler", r->sys.cc_version);
	json_kv_string(j, "bench_cflags", r->sys.bench_cflags);
	json_object_end(j);

	json_key(j, "run");
	json_object_begin(j);
	json_kv_string(j, "id", r->base_name);
	json_kv_string(j, "mode", r->mode);
	if (r->label[0])
		json_kv_string(j, "label", r->label);
	json_kv_string(j, "workload", workload_names[r->workload]);
	json_kv_bool(j, "quick", r->quick);
	json_kv_bool(j, "pinned", r->pinned);
	json_kv_bool(j, "exclude_disturbed", r->exclude_disturbed);
	json_kv_double(j, "precision_target", r->precision > 0 ? r->precision : (double)NAN);
	kv_time(j, "start", r->start);
	kv_time(j, "end", r->end);
	kv_epoch(j, "start_unix", r->start);
	kv_epoch(j, "end_unix", r->end);
	json_kv_bool(j, "interrupted", r->interrupted);
	if (r->interrupted && r->signal > 0) {
		json_kv_int(j, "signal", r->signal);
		json_kv_string(j, "signal_name", signal_name(r->signal));
	} else {
		json_kv_null(j, "signal");
		json_kv_null(j, "signal_name");
	}
	/* Settings mode: why the run stopped without a signal (a setting's command). */
	if (r->stopped[0])
		json_kv_string(j, "stopped", r->stopped);
	else
		json_kv_null(j, "stopped");
	json_kv_uint_or_null(j, "disk_file_bytes", r->disk_size > 0, r->disk_size);
	intf_run_block(j, r);
	/* The gnuplot charts written beside the reports (<id>.svg, <id>-paired.svg). */
	json_key(j, "charts");
	json_object_begin(j);
	json_kv_bool(j, "index", (r->charts & RUN_CHART_INDEX) != 0);
	json_kv_bool(j, "paired", (r->charts & RUN_CHART_PAIRED) != 0);
	if (r->charts & RUN_CHART_SUSTAINED)   /* --sustained's series (absent: none) */
		json_kv_bool(j, "sustained", 1);
	json_object_end(j);
	json_object_end(j);
}

/* "cpu_limits": the CPUs the run could use and the default copy count (docs/results.md). */
static void cpu_limits_block(struct json_out *j, const struct cpu_limits *l)
{
	char why[160], summary[512];

	json_key(j, "cpu_limits");
	json_object_begin(j);
	cpulimits_describe(l, summary, sizeof(summary));
	json_kv_string(j, "summary", summary);
	json_kv_uint(j, "online", l->online);
	json_kv_uint_or_null(j, "affinity", l->affinity > 0, l->affinity);
	json_kv_string_or_null(j, "cpuset", l->cpuset);
	json_kv_uint_or_null(j, "cpuset_cpus", l->cpuset_n > 0, l->cpuset_n);
	json_kv_double(j, "quota_cpus", l->quota > 0 ? l->quota : (double)NAN);
	json_kv_uint(j, "usable", l->usable);
	json_kv_string(j, "limited_by", l->by == CL_ONLINE ? "none" : cpulimits_by_name(l->by));
	json_kv_bool(j, "default_copies", l->defaulted);
	if (report_copies_why(l, why, sizeof(why)) == 0)
		json_kv_string(j, "copies_why", why);
	else
		json_kv_null(j, "copies_why");
	json_object_end(j);
}

/* "host_state": one member per hoststate_rows row, null where not readable. */
static void host_state_block(struct json_out *j, const struct host_state *hs)
{
	json_key(j, "host_state");
	json_object_begin(j);
	for (int i = 0; i < HS_COUNT; i++)
		if (hs->have[i])
			json_kv_string(j, hoststate_rows[i].name, hs->value[i]);
		else
			json_kv_null(j, hoststate_rows[i].name);
	json_object_end(j);
}

static void system_block(struct json_out *j, const struct sys_info *si)
{
	json_key(j, "system");
	json_object_begin(j);
	json_kv_string(j, "hostname", si->hostname);
	json_kv_string(j, "system", si->system);
	json_kv_string(j, "os", si->os);
	json_kv_string_or_null(j, "distribution", si->distribution);
	json_kv_string(j, "os_release", si->os_release);
	json_kv_string(j, "os_version", si->os_version);
	json_kv_string(j, "machine", si->machine);
	json_kv_string(j, "platform", si->platform);
	json_kv_uint(j, "ncpus", si->ncpus);
	json_kv_bool(j, "brief", si->brief);
	json_key(j, "cpus");
	json_array_begin(j);
	for (size_t i = 0; i < si->ncpu_info && si->cpus != NULL; i++) {
		json_object_begin(j);
		json_kv_string(j, "model", si->cpus[i].model);
		json_kv_double(j, "bogomips", si->cpus[i].bogomips);
		json_kv_string(j, "flags", si->cpus[i].flags);
		json_object_end(j);
	}
	json_array_end(j);
	json_kv_uint_or_null(j, "memory_bytes", si->mem_total_kb > 0, si->mem_total_kb * 1024ULL);
	json_kv_double(j, "timer_resolution_seconds",
		       si->timer_res_ns > 0 ? si->timer_res_ns * 1e-9 : (double)NAN);
	json_kv_double(j, "timer_resolution_ns", si->timer_res_ns);
	json_kv_string(j, "locale", si->locale);
	json_kv_string(j, "language", si->language);
	json_kv_string(j, "uptime", si->uptime);
	json_key(j, "host_identity");
	json_object_begin(j);
	if (si->host.id[0])
		json_kv_string(j, "id", si->host.id);
	else
		json_kv_null(j, "id");
	json_kv_string(j, "virtualization", si->host.virt);
	json_kv_string(j, "cpu_model", si->host.cpu_model);
	json_kv_string(j, "kernel", si->host.kernel);
	json_object_end(j);
	json_object_end(j);
	/* null where the machine was not read (a result built elsewhere) */
	if (si->limits.online > 0)
		cpu_limits_block(j, &si->limits);
	else
		json_kv_null(j, "cpu_limits");
	if (si->state.read)
		host_state_block(j, &si->state);
	else
		json_kv_null(j, "host_state");
}

static void dir_members(struct json_out *j, const char *path, int have_mount,
			const struct mount_entry *m, const struct device_info *d);

static void testdir_block(struct json_out *j, const struct sys_info *si)
{
	json_key(j, "testdir");
	json_object_begin(j);
	dir_members(j, si->testdir, si->have_mount, &si->mount, &si->device);
	json_object_end(j);
}

/* "path", "mount" and "device" of one test directory. */
static void dir_members(struct json_out *j, const char *path, int have_mount,
			const struct mount_entry *m, const struct device_info *d)
{
	json_kv_string_or_null(j, "path", path);
	json_key(j, "mount");
	if (!have_mount) {
		json_null(j);
	} else {
		json_object_begin(j);
		json_kv_string(j, "mount_point", m->mount_point);
		json_kv_string(j, "root", m->root);
		json_kv_string(j, "source", m->source);
		json_kv_string(j, "fstype", m->fstype);
		json_kv_string(j, "options", m->options);
		json_kv_string(j, "super_options", m->super_options);
		json_kv_int(j, "mount_id", m->mount_id);
		json_kv_int(j, "parent_id", m->parent_id);
		json_kv_uint(j, "major", m->major);
		json_kv_uint(j, "minor", m->minor);
		if (m->space_known) {
			json_kv_uint(j, "total_bytes", m->total_bytes);
			json_kv_uint(j, "free_bytes", m->free_bytes);
			json_kv_uint(j, "avail_bytes", m->avail_bytes);
		} else {
			json_kv_null(j, "total_bytes");
			json_kv_null(j, "free_bytes");
			json_kv_null(j, "avail_bytes");
		}
		json_object_end(j);
	}
	json_key(j, "device");
	if (!have_mount) {
		json_null(j);
	} else {
		json_object_begin(j);
		json_kv_string(j, "kind", d->kind);
		json_kv_string(j, "name", d->name);
		json_kv_string(j, "disk", d->disk);
		json_kv_string(j, "model", d->model);
		tri_state(j, "rotational", d->rotational);
		json_kv_string(j, "scheduler", d->scheduler);
		json_kv_string_or_null(j, "backing_file", d->backing_file);
		json_kv_string_or_null(j, "dm_name", d->dm_name);
		json_kv_string_or_null(j, "slaves", d->slaves);
		json_object_end(j);
	}
}

static void stats_block(struct json_out *j, const struct run_result *r,
			const struct bench_result *t)
{
	const struct summary *s = &t->stats;
	const char *flags[REPORT_MAX_FLAGS];
	size_t nflags = report_flags(r, t, flags, REPORT_MAX_FLAGS);
	double none = s->n > 0 ? 0 : (double)NAN;  /* no samples: every figure null */
	double nospread = s->n > 1 ? 0 : (double)NAN;  /* one sample: no spread */

	json_key(j, "stats");
	json_object_begin(j);
	json_kv_uint(j, "n", s->n);
	json_kv_double(j, "mean", s->mean + none);
	json_kv_double(j, "median", s->median + none);
	json_kv_double(j, "sd", s->sd + nospread);
	json_kv_double(j, "cv", s->cv + nospread);
	json_kv_double(j, "min", s->min + none);
	json_kv_double(j, "max", s->max + none);
	json_key(j, "ci95");
	json_object_begin(j);
	json_kv_double(j, "lo", s->ci_lo + nospread);
	json_kv_double(j, "hi", s->ci_hi + nospread);
	json_kv_double(j, "half", s->ci_half + nospread);
	json_object_end(j);
	json_key(j, "flags");
	json_array_begin(j);
	for (size_t i = 0; i < nflags; i++)
		json_string(j, flags[i]);
	json_array_end(j);
	json_kv_uint(j, "flag_bits", s->flags);
	json_object_end(j);
}

static void copy_block(struct json_out *j, const struct copy_result *c, size_t idx)
{
	json_object_begin(j);
	json_kv_uint(j, "copy", idx);
	json_kv_bool(j, "ok", c->ok);
	json_kv_double(j, "count", c->count);
	json_kv_int(j, "timebase", c->timebase);
	json_kv_double(j, "time", c->time >= 0 ? c->time : (double)NAN);
	json_kv_double(j, "elapsed", c->elapsed);
	if (c->cpu >= 0)
		json_kv_int(j, "cpu", c->cpu);
	else
		json_kv_null(j, "cpu");
	if (c->wait_status == -1) {
		json_kv_null(j, "wait_status");
		json_kv_null(j, "exit_code");
		json_kv_null(j, "term_signal");
	} else {
		json_kv_int(j, "wait_status", c->wait_status);
		if (WIFEXITED(c->wait_status))
			json_kv_int(j, "exit_code", WEXITSTATUS(c->wait_status));
		else
			json_kv_null(j, "exit_code");
		if (WIFSIGNALED(c->wait_status))
			json_kv_int(j, "term_signal", WTERMSIG(c->wait_status));
		else
			json_kv_null(j, "term_signal");
	}
	json_kv_double(j, "started", c->started >= 0 ? c->started : (double)NAN);
	json_kv_string_or_null(j, "note", c->note);
	metrics(j, c->metrics, c->nmetrics);
	/* A program measuring several directories at once: each one's figures. */
	if (c->dir_seen) {
		json_key(j, "dirs");
		json_array_begin(j);
		for (unsigned d = 0; d < PROTOCOL_MAX_DIRS; d++) {
			if (!(c->dir_seen & (1u << d)))
				continue;
			json_object_begin(j);
			json_kv_uint(j, "dir", d);
			json_kv_double(j, "count", c->dir_count[d]);
			json_kv_double(j, "time", c->dir_time[d] >= 0 ? c->dir_time[d] : (double)NAN);
			json_kv_string_or_null(j, "note", c->dir_note[d]);
			json_object_end(j);
		}
		json_array_end(j);
	}
	json_object_end(j);
}

static void sample_block(struct json_out *j, const struct pass_result *p, size_t idx,
			 const struct unit_def *bu, const char *label)
{
	json_object_begin(j);
	json_kv_uint(j, "pass", idx + 1);
	if (label[0]) {
		/* Paired mode: which directory, which round, where in its order. */
		json_kv_string(j, "label", label);
		json_kv_uint(j, "round", p->round);
		json_kv_uint(j, "place", p->slot);
	}
	if (p->repeat_pass > 0)
		json_kv_uint(j, "repeat_pass", p->repeat_pass);  /* --repeat: which pass */
	json_kv_bool(j, "ok", p->ok);
	json_kv_bool(j, "skipped", p->skipped);
	json_kv_bool(j, "dropped", p->dropped);
	json_kv_bool(j, "excluded", p->excluded);
	json_kv_double(j, "count", p->count);
	json_kv_double(j, "time", p->time);
	json_kv_double(j, "rate", p->rate);
	if (bu != NULL)
		json_kv_double(j, bu->base_key, p->rate * bu->factor);
	json_kv_string_or_null(j, "reason", p->reason);
	/* When it began, from the run's start (the host's speed is fitted over these). */
	json_kv_double(j, "at_seconds", p->at >= 0 ? p->at : (double)NAN);
	/* How far apart the copies began their work (the start gate's effect). */
	if (p->ncopies > 1 && p->start_spread >= 0)
		json_kv_double(j, "start_spread_seconds", p->start_spread);
	else
		json_kv_null(j, "start_spread_seconds");
	intf_pass_block(j, &p->intf);
	json_key(j, "copies");
	json_array_begin(j);
	for (size_t c = 0; c < p->ncopies && p->copies != NULL; c++)
		copy_block(j, &p->copies[c], c);
	json_array_end(j);
	if (p->nseries > 0) {
		/* --sustained: the time series, one object per interval. */
		json_key(j, "series");
		json_array_begin(j);
		for (size_t k = 0; k < p->nseries; k++) {
			json_object_begin(j);
			json_kv_double(j, "t", p->series[k].t);
			json_kv_double(j, "rate", p->series[k].rate);
			json_kv_double(j, "io_us", p->series[k].io_us);
			json_object_end(j);
		}
		json_array_end(j);
	}
	json_object_end(j);
}

void report_json_sample(struct json_out *j, const struct pass_result *p, size_t idx,
			const struct test_def *def, const char *label)
{
	sample_block(j, p, idx, base_of(def->unit), label != NULL ? label : "");
}

static void test_block(struct json_out *j, const struct run_result *r, const struct bench_result *t,
		       const char *label)
{
	const struct test_def *d = t->def;
	const struct unit_def *bu = base_of(d->unit);
	int ok = t->status == TS_OK;
	double none = ok ? 0 : (double)NAN;

	json_object_begin(j);
	json_kv_string(j, "name", d->name);
	json_kv_string(j, "title", d->title);
	json_kv_string(j, "category", category_key[test_category(d)]);
	json_kv_string(j, "program", d->prog);
	json_kv_string_or_null(j, "command", t->command);
	json_kv_string(j, "unit", d->unit);
	json_kv_string(j, "base_unit", bu ? bu->base_key : NULL);
	json_kv_double(j, "base_factor", bu ? bu->factor : (double)NAN);
	json_kv_double(j, "baseline", d->baseline > 0 ? d->baseline : (double)NAN);
	json_kv_uint(j, "seconds_per_sample", t->seconds);
	json_kv_string(j, "sample_class", d->samples == SAMPLES_LONG ? "long" : "short");
	json_kv_string(j, "status", status_key(t->status));
	json_kv_string_or_null(j, "reason", t->reason);
	json_kv_string_or_null(j, "note", t->note);
	json_kv_double(j, "score", t->score + none);
	if (bu != NULL)
		json_kv_double(j, bu->base_key, t->score * bu->factor + none);
	json_kv_double(j, "index", ok && d->baseline > 0 ? t->index : (double)NAN);
	json_kv_double(j, "time", t->time + none);
	json_kv_uint(j, "kept", t->kept);
	json_kv_uint(j, "excluded_disturbed", t->excluded);
	json_kv_uint(j, "disturbed_kept", t->flagged_kept);
	if (t->excluded > 0)
		json_kv_double(j, "score_with_disturbed", t->score_all);
	stats_block(j, r, t);
	json_kv_bool(j, "hit_cap", t->capped);
	json_kv_double(j, "scaling_efficiency", t->scaling > 0 ? t->scaling : (double)NAN);
	metrics(j, t->metrics, t->nmetrics);
	tri_state(j, "shared_cpu", t->shared_cpu);
	json_key(j, "samples");
	json_array_begin(j);
	for (size_t p = 0; p < t->npasses && t->passes != NULL; p++)
		sample_block(j, &t->passes[p], p, bu, label);
	json_array_end(j);
	json_object_end(j);
}

/*
 * The headline's 95% interval: {"lo","hi","log_se","df"}, or {"unavailable"}
 * saying why (a test with one sample has no spread).
 */
static void kv_score_ci(struct json_out *j, const struct copy_run *run)
{
	const struct score_ci *sci = &run->score_ci;

	if (run->cats[CAT_SYSTEM].nindexed == 0)
		return;
	json_key(j, "system_index_score_ci");
	json_object_begin(j);
	if (sci->ok) {
		json_kv_double(j, "lo", sci->lo);
		json_kv_double(j, "hi", sci->hi);
		json_kv_double(j, "log_se", sci->log_se);
		json_kv_double(j, "df", sci->df);
	} else {
		json_kv_string(j, "unavailable", sci->why);
	}
	json_kv_uint(j, "indexed_tests", sci->ntests);
	json_kv_uint(j, "single_sample_tests", sci->nsingle);
	json_object_end(j);
}

/* The headline: null when no indexed test produced a result. */
static void kv_index_score(struct json_out *j, const struct copy_run *run)
{
	const struct cat_index *ci = &run->cats[CAT_SYSTEM];

	json_kv_double(j, "system_index_score", ci->nindexed > 0 ? ci->score : (double)NAN);
	json_kv_bool(j, "system_index_partial", ci->partial);
	kv_score_ci(j, run);
}

/* --repeat: each pass's score and their pool (docs/results.md), nothing without it. */
static void kv_repeat(struct json_out *j, const struct run_result *r, const struct copy_run *run)
{
	const struct repeat_score *rs = report_repeat_of(r, run);

	if (rs == NULL)
		return;
	json_key(j, "between_passes");
	json_object_begin(j);
	json_kv_uint(j, "passes", r->repeat);
	json_key(j, "pass_scores");
	json_array_begin(j);
	for (size_t i = 0; i < rs->n; i++)
		json_double(j, rs->pass_score[i]);
	json_array_end(j);
	json_kv_bool(j, "within_pass_variance", rs->within);
	if (rs->ok) {
		json_kv_double(j, "score", exp(rs->pool.mean));
		json_kv_double(j, "lo", exp(rs->pool.lo));
		json_kv_double(j, "hi", exp(rs->pool.hi));
		json_kv_double(j, "prediction_lo", exp(rs->pool.pred_lo));
		json_kv_double(j, "prediction_hi", exp(rs->pool.pred_hi));
		json_kv_double(j, "between_sd_log", sqrt(rs->pool.tau2));
		json_kv_double(j, "log_se", rs->pool.se);
		json_kv_double(j, "df", rs->pool.df);
	} else {
		json_kv_string(j, "unavailable", "fewer than 2 passes with a score");
	}
	json_object_end(j);
}

/*
 * --repeat's pools at full precision, what `compare` reads back (the
 * scores' between_passes give the same figures made readable); nothing
 * without --repeat.
 */
static void repeat_block(struct json_out *j, const struct run_result *r)
{
	if (r->nreps == 0 || r->reps == NULL)
		return;
	json_key(j, "repeat");
	json_object_begin(j);
	json_kv_uint(j, "passes", r->repeat);
	json_key(j, "pools");
	json_array_begin(j);
	for (size_t i = 0; i < r->nreps; i++) {
		const struct repeat_score *rs = &r->reps[i];
		const struct re_pool *p = &rs->pool;

		json_object_begin(j);
		json_kv_uint(j, "copies", rs->copies);
		json_key(j, "pass_scores");
		json_array_begin(j);
		for (size_t k = 0; k < rs->n && k < MAX_REPEAT; k++)
			json_double(j, rs->pass_score[k]);
		json_array_end(j);
		json_kv_bool(j, "within", rs->within);
		json_kv_bool(j, "ok", rs->ok);
		json_key(j, "pool");
		json_object_begin(j);
		json_kv_uint(j, "r", p->r);
		json_kv_double(j, "q_cochran", p->q_cochran);
		json_kv_double(j, "tau2", p->tau2);
		json_kv_double(j, "mean", p->mean);
		json_kv_double(j, "se_dl", p->se_dl);
		json_kv_double(j, "q_hk", p->q_hk);
		json_kv_double(j, "se", p->se);
		json_kv_double(j, "df", p->df);
		json_kv_double(j, "lo", p->lo);
		json_kv_double(j, "hi", p->hi);
		json_kv_double(j, "pred_se", p->pred_se);
		json_kv_double(j, "pred_lo", p->pred_lo);
		json_kv_double(j, "pred_hi", p->pred_hi);
		json_object_end(j);
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
}

/* The host's speed over the run's samples (stats/hostfactor.h); null when too few. */
static void host_speed_block(struct json_out *j, const struct host_speed *hs)
{
	json_key(j, "host_speed");
	if (!hs->ok) {
		json_null(j);
		return;
	}
	json_object_begin(j);
	json_kv_uint(j, "samples", hs->n);
	json_kv_uint(j, "tests", hs->ntests);
	json_kv_double(j, "span_seconds", hs->span);
	json_kv_double(j, "sample_var_log", hs->var);
	json_kv_double(j, "sd_log", hs->sd);
	json_kv_double(j, "share", hs->share);
	json_kv_double(j, "correlation_seconds", hs->tau);
	json_kv_bool(j, "long_memory", hs->long_memory);
	json_kv_double(j, "windows", hs->windows);
	json_kv_double(j, "noise_var_log", hs->noise_var);
	json_kv_double(j, "minutes_for_1pct", hs->minutes_1pct > 0 ? hs->minutes_1pct : (double)NAN);
	json_object_end(j);
}

static void run_block(struct json_out *j, const struct run_result *r, const struct copy_run *run)
{
	const char *label = report_dir_label(r, run);

	json_object_begin(j);
	json_kv_uint(j, "copies", run->copies);
	if (label[0]) {
		json_kv_string(j, "label", label);
		json_kv_uint(j, "dir", run->dir);
	}
	kv_index_score(j, run);
	kv_time(j, "start", run->start);
	kv_time(j, "end", run->end);
	kv_epoch(j, "start_unix", run->start);
	kv_epoch(j, "end_unix", run->end);
	host_speed_block(j, &run->host);
	json_key(j, "categories");
	json_array_begin(j);
	for (int c = 0; c < CAT_COUNT; c++) {
		const struct cat_index *ci = &run->cats[c];

		json_object_begin(j);
		json_kv_string(j, "id", category_key[c]);
		json_kv_string(j, "title", category_title[c]);
		json_kv_bool(j, "any_results", ci->any_results);
		json_kv_double(j, "score", ci->nindexed > 0 ? ci->score : (double)NAN);
		json_kv_bool(j, "partial", ci->partial);
		json_kv_uint(j, "nindexed", ci->nindexed);
		json_kv_uint(j, "nbaseline", ci->nbaseline);
		json_object_end(j);
	}
	json_array_end(j);
	json_key(j, "tests");
	json_array_begin(j);
	for (size_t t = 0; t < run->ntests && run->tests != NULL; t++)
		if (run->tests[t].def != NULL)
			test_block(j, r, &run->tests[t], label);
	json_array_end(j);
	json_object_end(j);
}

static void kv_ratio_pct(struct json_out *j, const char *key, double ratio)
{
	json_kv_double(j, key, paired_pct(ratio));
}

/*
 * A paired estimate as the model holds it (struct paired_stats), every
 * figure at full precision: what `compare` reads back (the members above
 * it are the same figures made readable).
 */
static void estimate(struct json_out *j, const struct paired_stats *st)
{
	const struct verdict_out *vd = &st->vd;

	json_key(j, "estimate");
	json_object_begin(j);
	json_kv_uint(j, "n", st->n);
	json_kv_double(j, "mean_log", st->mean_log);
	json_kv_double(j, "sd_log", st->sd_log);
	json_kv_double(j, "half_log", st->half_log);
	json_kv_double(j, "ratio", st->ratio);
	json_kv_double(j, "ci_lo", st->ci_lo);
	json_kv_double(j, "ci_hi", st->ci_hi);
	json_kv_double(j, "detect", st->detect);
	json_kv_double(j, "median_ratio", st->median_ratio);
	json_kv_double(j, "base_gm", st->base_gm);
	json_kv_double(j, "other_gm", st->other_gm);
	json_kv_double(j, "se_log", st->se_log);
	json_kv_double(j, "df", st->df);
	json_kv_double(j, "se_rounds", st->se_rounds);
	json_kv_double(j, "instance_sd", st->instance_sd);
	json_kv_bool(j, "order_adjusted", st->order_adjusted);
	json_kv_uint(j, "stage_one", st->stage_one);
	json_key(j, "place_log");
	json_array_begin(j);
	for (size_t p = 0; p < st->nplaces && p < PAIRED_MAX_PLACES; p++)
		json_double(j, st->place_log[p]);
	json_array_end(j);
	json_key(j, "verdict");
	json_object_begin(j);
	json_kv_string(j, "verdict", verdict_word(vd->v));
	json_kv_bool(j, "few", vd->v == VD_FEW);
	json_kv_bool(j, "negligible", vd->negligible);
	json_kv_double(j, "p_diff", vd->p_diff);
	json_kv_double(j, "p_lo", vd->p_lo);
	json_kv_double(j, "p_hi", vd->p_hi);
	json_kv_double(j, "p_diff_adj", vd->p_diff_adj);
	json_kv_double(j, "p_tost_adj", vd->p_tost_adj);
	json_kv_double(j, "lo", vd->lo);
	json_kv_double(j, "hi", vd->hi);
	json_kv_double(j, "adj_lo", vd->adj_lo);
	json_kv_double(j, "adj_hi", vd->adj_hi);
	json_object_end(j);
	json_object_end(j);
}

static void comparison(struct json_out *j, const struct run_result *r, const struct paired_cmp *c)
{
	struct paired_row row;

	report_paired_row(r, c, &row);
	json_object_begin(j);
	paired_table_json(j, &row, c);
	estimate(j, &c->st);
	json_object_end(j);
}

/* Paired mode: the directories and every comparison (docs/results.md). */
static void paired_block(struct json_out *j, const struct run_result *r)
{
	unsigned copies[16];
	size_t nc = report_paired_copies(r, copies, 16);
	char method[VERDICT_METHOD_MAX];

	json_key(j, "paired");
	json_object_begin(j);
	json_kv_string(j, "baseline", r->dirs[0].label);
	json_kv_bool(j, "control", r->control);
	verdict_method(&r->family, method, sizeof(method));
	json_kv_string(j, "verdict_method", method);
	json_kv_double(j, "instance_sd_percent", 100 * run_instance_term(r));
	json_kv_string(j, "instance_sd_source", r->nsettings > 0 ? "one instance (--setting)"
		       : r->instance_set ? "--instance-sd (assumed)" : "measured (bench/paired.md)");
	json_kv_double(j, "instance_sd", r->instance_sd);
	json_kv_bool(j, "instance_set", r->instance_set);
	json_kv_uint(j, "verdict_family", r->family.m);
	json_kv_double(j, "margin_percent", 100 * r->family.margin);
	json_kv_double(j, "margin", r->family.margin);
	json_kv_double(j, "alpha", r->family.alpha);
	json_kv_string(j, "order", "williams");
	json_key(j, "dirs");
	json_array_begin(j);
	for (size_t d = 0; d < r->ndirs; d++) {
		const struct test_dir *td = &r->dirs[d];

		json_object_begin(j);
		json_kv_string(j, "label", td->label);
		json_kv_bool(j, "baseline", d == 0);
		dir_members(j, td->path, td->have_mount, &td->mount, &td->device);
		json_object_end(j);
	}
	json_array_end(j);
	json_key(j, "partial_score_ratios");
	json_array_begin(j);
	for (size_t i = 0; i < r->npscores; i++) {
		const struct paired_score *p = &r->pscores[i];

		if (p->ntests == 0 || p->dir >= r->ndirs)
			continue;
		json_object_begin(j);
		json_kv_uint(j, "copies", p->copies);
		json_kv_string(j, "label", r->dirs[p->dir].label);
		json_kv_uint(j, "index_tests", p->ntests);
		json_kv_uint(j, "rounds", p->st.n);
		json_kv_double(j, "ratio", p->st.ratio);
		kv_ratio_pct(j, "change_percent", p->st.ratio);
		kv_ratio_pct(j, "ci95_lo_change_percent", p->st.ci_lo);
		kv_ratio_pct(j, "ci95_hi_change_percent", p->st.ci_hi);
		json_kv_string(j, "verdict", p->st.n >= 2 ? verdict_word(p->st.vd.v) : NULL);
		estimate(j, &p->st);
		json_object_end(j);
	}
	json_array_end(j);
	json_key(j, "comparisons");
	json_array_begin(j);
	for (size_t i = 0; i < r->ncmps; i++)
		comparison(j, r, &r->cmps[i]);
	json_array_end(j);
	json_key(j, "noise_floor");
	json_array_begin(j);
	for (size_t i = 0; i < nc; i++) {
		double med, worst;
		size_t n;

		if (!report_paired_noise(r, copies[i], &med, &worst, &n))
			continue;
		json_object_begin(j);
		json_kv_uint(j, "copies", copies[i]);
		json_kv_uint(j, "control_rows", n);
		json_kv_double(j, "median_detectable_change_percent", 100 * med);
		json_kv_double(j, "largest_abs_change_percent", 100 * worst);
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
}

int report_json(FILE *out, const struct run_result *r)
{
	struct json_out j;

	json_init(&j, out, 1);
	json_object_begin(&j);
	json_kv_int(&j, "schema_version", RECORD_SCHEMA);
	json_kv_string(&j, "generator", "sysindex");
	/* The headline numbers first, so a glance at the file finds them. */
	json_key(&j, "scores");
	json_array_begin(&j);
	for (size_t i = 0; i < r->nruns; i++) {
		json_object_begin(&j);
		json_kv_uint(&j, "copies", r->runs[i].copies);
		if (r->ndirs >= 2)
			json_kv_string(&j, "label", report_dir_label(r, &r->runs[i]));
		kv_index_score(&j, &r->runs[i]);
		kv_repeat(&j, r, &r->runs[i]);
		json_object_end(&j);
	}
	json_array_end(&j);
	sysindex_block(&j, r);
	system_block(&j, &r->sys);
	testdir_block(&j, &r->sys);
	json_key(&j, "runs");
	json_array_begin(&j);
	for (size_t i = 0; i < r->nruns; i++)
		run_block(&j, r, &r->runs[i]);
	json_array_end(&j);
	if (r->ndirs >= 2)
		paired_block(&j, r);
	report_settings_json(&j, r);
	repeat_block(&j, r);
	json_object_end(&j);
	return json_finish(&j);
}
