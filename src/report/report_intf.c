/*
 * report_intf.c: the run's interference totals (sysinfo/interference.h),
 * summed over every sample, and the one line every writer shows them in.
 */
#include "report/report.h"

#include <math.h>
#include <string.h>

#include "util/util.h"

void report_intf_totals(const struct run_result *r, struct intf_total *t)
{
	memset(t, 0, sizeof(*t));
	for (size_t i = 0; i < r->nruns && r->runs != NULL; i++)
		for (size_t k = 0; k < r->runs[i].ntests && r->runs[i].tests != NULL; k++) {
			const struct bench_result *b = &r->runs[i].tests[k];

			for (size_t p = 0; p < b->npasses && b->passes != NULL; p++)
				intf_add(t, &b->passes[p].intf);
		}
}

/* One counter's part of the line; "" when it is not measured. */
static size_t part(char *out, size_t len, size_t used, const char *text)
{
	if (used >= len)
		return used;
	fmt(out + used, len - used, "%s%s", used ? "; " : "", text);
	return used + strlen(out + used);
}

/*
 * --exclude-disturbed: each test that left samples out, its result without
 * them and with them (the flags are thresholds, not proof: both are shown),
 * as many as fit whole; the rest counted (each is in the JSON).
 */
#define INTF_MORE_RESERVE 64    /* room kept for "N more tests ..." */
static size_t with_and_without(const struct run_result *r, char *out, size_t len, size_t used)
{
	char buf[200];
	size_t more = 0;

	for (size_t i = 0; i < r->nruns && r->runs != NULL; i++)
		for (size_t k = 0; k < r->runs[i].ntests && r->runs[i].tests != NULL; k++) {
			const struct bench_result *b = &r->runs[i].tests[k];

			if (b->excluded == 0 || !(b->score_all > 0))
				continue;
			fmt(buf, sizeof(buf), "%s: %.1f without the %zu flagged, %.1f with them",
			    b->def->title, b->score, b->excluded, b->score_all);
			if (more || used + 2 + strlen(buf) + INTF_MORE_RESERVE >= len)
				more++;
			else
				used = part(out, len, used, buf);
		}
	if (more) {
		fmt(buf, sizeof(buf), "%zu more test%s with and without them in the JSON", more,
		    more == 1 ? "" : "s");
		used = part(out, len, used, buf);
	}
	return used;
}

void report_intf_shares(const struct run_result *r, struct intf_shares *s)
{
	struct intf_total t;

	report_intf_totals(r, &t);
	s->have = t.have != 0 && t.wall > 0;
	s->steal_pct = (t.have & INTF_HAVE_STEAL) && t.cpu_time > 0
		? 100 * t.steal / t.cpu_time : (double)NAN;
	s->wait_pct = (t.have & INTF_HAVE_DELAY) && t.copy_seconds > 0
		? 100 * t.run_delay / t.copy_seconds : (double)NAN;
	s->throttled_pct = (t.have & INTF_HAVE_THROTTLE) && t.wall > 0
		? 100 * t.throttled / t.wall : (double)NAN;
	s->disturbed = t.flagged[0] + t.flagged[1] + t.flagged[2] > 0 ? report_intf_disturbed(r) : 0;
	s->samples = t.samples;
}

int report_intf_line(const struct run_result *r, char *out, size_t len)
{
	struct intf_total t;
	struct intf_shares sh;
	char buf[160];
	size_t used = 0;

	report_intf_totals(r, &t);
	report_intf_shares(r, &sh);
	if (len)
		out[0] = '\0';
	if (!sh.have)
		return -1;
	if (!isnan(sh.steal_pct)) {
		fmt(buf, sizeof(buf), "CPU steal during the run: %.1f %% of CPU time", sh.steal_pct);
		used = part(out, len, used, buf);
	}
	if (t.have & INTF_HAVE_PSI) {
		fmt(buf, sizeof(buf), "CPU pressure: %.1f %% of the time", 100 * t.psi_some / t.wall);
		used = part(out, len, used, buf);
	}
	if ((t.have & INTF_HAVE_IVCSW) && t.copy_seconds > 0) {
		fmt(buf, sizeof(buf), "involuntary switches: %.0f per copy-second",
		    (double)t.ivcsw / t.copy_seconds);
		used = part(out, len, used, buf);
	}
	if (!isnan(sh.wait_pct)) {
		fmt(buf, sizeof(buf), "copies waited for a CPU: %.1f %% of their time", sh.wait_pct);
		used = part(out, len, used, buf);
	}
	if (!isnan(sh.throttled_pct)) {
		fmt(buf, sizeof(buf), "cgroup throttled: %.1f %% of the time", sh.throttled_pct);
		used = part(out, len, used, buf);
	}
	fmt(buf, sizeof(buf), "disturbed samples: %lu of %lu (steal %zu, contended %zu, throttled %zu)",
	    sh.disturbed, sh.samples, t.flagged[0], t.flagged[1], t.flagged[2]);
	used = part(out, len, used, buf);
	if (r->exclude_disturbed) {
		size_t kept;
		size_t left = report_intf_excluded(r, &kept);

		fmt(buf, sizeof(buf), "left out of the statistics (--exclude-disturbed): %zu", left);
		used = part(out, len, used, buf);
		if (kept) {
			fmt(buf, sizeof(buf), "kept, every sample of their test flagged: %zu", kept);
			used = part(out, len, used, buf);
		}
		used = with_and_without(r, out, len, used);
		if (left && r->ndirs >= 2)
			part(out, len, used, "in paired mode a flag can come from the directory "
			     "itself (its loop worker, journal or writeback), so leaving the sample "
			     "out can remove part of the difference measured");
	}
	return 0;
}

size_t report_intf_excluded(const struct run_result *r, size_t *kept)
{
	size_t n = 0;

	*kept = 0;
	for (size_t i = 0; i < r->nruns && r->runs != NULL; i++)
		for (size_t k = 0; k < r->runs[i].ntests && r->runs[i].tests != NULL; k++) {
			n += r->runs[i].tests[k].excluded;
			*kept += r->runs[i].tests[k].flagged_kept;
		}
	return n;
}

size_t report_intf_disturbed(const struct run_result *r)
{
	size_t n = 0;

	for (size_t i = 0; i < r->nruns && r->runs != NULL; i++)
		for (size_t k = 0; k < r->runs[i].ntests && r->runs[i].tests != NULL; k++) {
			const struct bench_result *b = &r->runs[i].tests[k];

			for (size_t p = 0; p < b->npasses && b->passes != NULL; p++)
				n += b->passes[p].intf.flags != 0;
		}
	return n;
}

/*
 * A test moves its copy count's score when a disturbed sample is among those
 * its result is computed from: flagged (each flag's threshold is where the
 * loss exceeds a test's run-to-run noise, docs/methodology.md §1), not
 * dropped by UnixBench's lowest-third rule (a disturbed sample is slow, so a
 * test with few of them usually drops them all) and not left out by
 * --exclude-disturbed.  The score is the geometric mean of its tests, so one
 * such test is enough to move it.
 */
size_t report_intf_moved(const struct copy_run *run, size_t *indexed)
{
	size_t n = 0;

	*indexed = 0;
	for (size_t k = 0; k < run->ntests && run->tests != NULL; k++) {
		const struct bench_result *b = &run->tests[k];
		int moved = 0;

		if (b->status != TS_OK || !(b->score > 0) || !(b->def->baseline > 0) ||
		    test_category(b->def) != CAT_SYSTEM)
			continue;
		(*indexed)++;
		for (size_t p = 0; p < b->npasses && b->passes != NULL; p++) {
			const struct pass_result *ps = &b->passes[p];

			moved |= ps->ok && !ps->dropped && !ps->excluded && ps->intf.flags != 0;
		}
		n += moved != 0;
	}
	return n;
}

/* Whether b counted a disturbed sample: flagged, ok, not left out (dropped or not). */
static int kept_disturbed(const struct bench_result *b)
{
	for (size_t p = 0; p < b->npasses && b->passes != NULL; p++) {
		const struct pass_result *ps = &b->passes[p];

		if (ps->ok && !ps->excluded && ps->intf.flags != 0)
			return 1;
	}
	return 0;
}

/* Whether def ran at copies in a run before runs[upto] (so it is counted already). */
static int ran_before(const struct run_result *r, unsigned copies, const struct test_def *def,
		      size_t upto)
{
	for (size_t i = 0; i < upto; i++)
		for (size_t k = 0; r->runs[i].copies == copies && k < r->runs[i].ntests &&
		     r->runs[i].tests != NULL; k++)
			if (r->runs[i].tests[k].def == def && r->runs[i].tests[k].status == TS_OK)
				return 1;
	return 0;
}

/*
 * Paired mode: of the tests run at `copies` (each counted once over every
 * directory's or setting's run of that copy count), those that kept a
 * disturbed sample in any of those runs.  A paired change is computed from
 * every round's samples, so UnixBench's lowest-third rule shields none.
 * *tested gets how many tests ran.
 */
size_t report_intf_moved_paired(const struct run_result *r, unsigned copies, size_t *tested)
{
	size_t n = 0;

	*tested = 0;
	for (size_t i = 0; i < r->nruns && r->runs != NULL; i++)
		for (size_t k = 0; r->runs[i].copies == copies && k < r->runs[i].ntests &&
		     r->runs[i].tests != NULL; k++) {
			const struct test_def *def = r->runs[i].tests[k].def;
			int moved = 0;

			if (r->runs[i].tests[k].status != TS_OK || ran_before(r, copies, def, i))
				continue;
			(*tested)++;
			for (size_t j = i; j < r->nruns; j++)
				for (size_t q = 0; r->runs[j].copies == copies && q < r->runs[j].ntests &&
				     r->runs[j].tests != NULL; q++)
					moved |= r->runs[j].tests[q].def == def &&
						 kept_disturbed(&r->runs[j].tests[q]);
			n += moved != 0;
		}
	return n;
}
