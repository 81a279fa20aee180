/*
 * report_summary.c: the few lines a reader takes in first (report.h's
 * report_summary): what kind of run, its headline figures with their
 * uncertainty, and the host.  Writers only format these lines.
 */
#include "report/report.h"

#include <string.h>

#include "stats/score_ci.h"
#include "stats/verdict.h"
#include "util/util.h"

/* Adds one line when there is room; returns the new count. */
static size_t add(char lines[][REPORT_SUMMARY_LINE], size_t n, size_t max, const char *fmtstr,
		  const char *a, const char *b)
{
	if (n >= max)
		return n;
	fmt(lines[n], REPORT_SUMMARY_LINE, fmtstr, a, b);
	strip_controls(lines[n]);   /* a hostname may hold a newline */
	return n + 1;
}

/* Each copy count's index score (the baseline directory's in paired mode). */
static size_t scores(const struct run_result *r, char lines[][REPORT_SUMMARY_LINE], size_t n,
		     size_t max)
{
	for (size_t i = 0; i < r->nruns && n < max; i++) {
		const struct copy_run *run = &r->runs[i];
		const struct cat_index *ci = &run->cats[CAT_SYSTEM];
		struct score_ci sc;
		char what[64], ival[160];

		if (run->dir != 0 || ci->nindexed == 0)
			continue;
		score_ci_run(run, &sc);
		fmt(what, sizeof(what), "System Benchmarks Index Score%s, %u cop%s",
		    ci->partial ? " (Partial Only)" : "", run->copies, run->copies == 1 ? "y" : "ies");
		if (sc.ok)
			fmt(ival, sizeof(ival), "%.1f (95%% CI %.1f to %.1f)", ci->score, sc.lo, sc.hi);
		else
			fmt(ival, sizeof(ival), "%.1f (no interval: %s)", ci->score,
			    strncmp(sc.why, "unavailable: ", 13) == 0 ? sc.why + 13 : sc.why);
		n = add(lines, n, max, "%s: %s", what, ival);
	}
	return n;
}

/* Paired mode: the partial score ratios, then the verdicts counted. */
static size_t paired(const struct run_result *r, char lines[][REPORT_SUMMARY_LINE], size_t n,
		     size_t max)
{
	size_t count[VD_INCONCLUSIVE + 1] = { 0 };
	char line[256], method[160], tally[200];

	for (size_t i = 0; i < r->npscores; i++) {
		const struct paired_score *p = &r->pscores[i];
		char copies[32];

		if (p->ntests == 0 || p->dir >= r->ndirs)
			continue;
		report_paired_score_text(r, p, line, sizeof(line));
		fmt(copies, sizeof(copies), "%u cop%s", p->copies, p->copies == 1 ? "y" : "ies");
		n = add(lines, n, max, "Partial score ratio, %s: %s", copies, line);
	}
	for (size_t i = 0; i < r->ncmps; i++)
		if (!r->cmps[i].control && r->cmps[i].st.vd.v <= VD_INCONCLUSIVE)
			count[r->cmps[i].st.vd.v == VD_FEW || r->cmps[i].st.vd.v == VD_NONE
			      ? VD_INCONCLUSIVE : r->cmps[i].st.vd.v]++;
	verdict_method(&r->family, method, sizeof(method));
	fmt(tally, sizeof(tally), "%zu faster, %zu slower, %zu equivalent, %zu inconclusive",
	    count[VD_FASTER], count[VD_SLOWER], count[VD_EQUIVALENT], count[VD_INCONCLUSIVE]);
	return add(lines, n, max, "Tests compared: %s (%s)", tally, method);
}

size_t report_summary(const struct run_result *r, char lines[][REPORT_SUMMARY_LINE], size_t max)
{
	const struct sys_info *si = &r->sys;
	char host[REPORT_SUMMARY_LINE], cpu[160];
	size_t n = 0;

	if (r->quick)
		n = add(lines, n, max, "%s%s", "Quick run (--quick): a first look; its scores are ",
			"not comparable with published UnixBench scores.");
	if (r->interrupted)
		n = add(lines, n, max, "%s%s", "Interrupted: partial results.", "");
	n = r->ndirs >= 2 ? paired(r, lines, n, max) : scores(r, lines, n, max);
	fmt(cpu, sizeof(cpu), "%s", si->ncpu_info > 0 && si->cpus != NULL ? si->cpus[0].model : "");
	fmt(host, sizeof(host), "%s, %u CPU%s%s%s%s%s", si->hostname, si->ncpus,
	    si->ncpus == 1 ? "" : "s", cpu[0] ? " (" : "", cpu, cpu[0] ? ")" : "",
	    si->distribution[0] ? "; " : "");
	return add(lines, n, max, "Host: %s%s", host, si->distribution);
}
