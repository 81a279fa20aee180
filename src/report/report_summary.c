/*
 * report_summary.c: the few lines a reader takes in first (report.h's
 * report_summary): what kind of run, its headline figures with their
 * uncertainty, and the host.  Writers only format these lines.
 */
#include "report/report.h"

#include <string.h>

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

/*
 * After a score that disturbed samples moved (report_intf_moved): how many
 * of its tests, and what to do about it.
 */
static size_t disturbed(const struct run_result *r, const struct copy_run *run,
			char lines[][REPORT_SUMMARY_LINE], size_t n, size_t max)
{
	size_t indexed, moved = report_intf_moved(run, &indexed);
	char what[160];

	if (moved == 0)
		return n;
	fmt(what, sizeof(what), REPORT_DISTURBED_HEAD "%u cop%s: %zu of %zu test%s kept samples "
	    "that other work on the host slowed (steal, contended or throttled)", run->copies,
	    run->copies == 1 ? "y" : "ies", moved, indexed, indexed == 1 ? "" : "s");
	return add(lines, n, max, "%s%s", what, r->exclude_disturbed
		   ? " (all their samples were, so --exclude-disturbed kept them): this score may "
		     "read low; run again on a quiet host."
		   : ": this score may read low; run again on a quiet host, or with "
		     "--exclude-disturbed.");
}

/*
 * Paired mode: after the verdicts, each copy count whose tests counted a
 * disturbed sample in any directory's (or setting's) run
 * (report_intf_moved_paired), and what to do about it.
 */
static size_t disturbed_paired(const struct run_result *r, char lines[][REPORT_SUMMARY_LINE],
			       size_t n, size_t max)
{
	for (size_t i = 0; i < r->nruns && r->runs != NULL && n < max; i++) {
		const struct copy_run *run = &r->runs[i];
		size_t tested, moved;
		char what[200];

		if (run->dir != 0)
			continue;       /* each copy count once, at its baseline's run */
		moved = report_intf_moved_paired(r, run->copies, &tested);
		if (moved == 0)
			continue;
		fmt(what, sizeof(what), REPORT_DISTURBED_HEAD "%u cop%s: %zu of %zu test%s kept "
		    "samples that other work on the host slowed (steal, contended or throttled), in "
		    "%s", run->copies, run->copies == 1 ? "y" : "ies", moved, tested,
		    tested == 1 ? "" : "s", r->nsettings >= 2 ? "any setting" : "any test dir");
		n = add(lines, n, max, "%s%s", what, r->exclude_disturbed
			? " (all their samples were, so --exclude-disturbed kept them): their changes "
			  "may be off; run again on a quiet host."
			: ": their changes may be off; run again on a quiet host, or with "
			  "--exclude-disturbed.");
	}
	return n;
}

/* Each copy count's index score (the baseline directory's in paired mode). */
static size_t scores(const struct run_result *r, char lines[][REPORT_SUMMARY_LINE], size_t n,
		     size_t max)
{
	for (size_t i = 0; i < r->nruns && n < max; i++) {
		const struct copy_run *run = &r->runs[i];
		const struct cat_index *ci = &run->cats[CAT_SYSTEM];
		const struct score_ci *sc = &run->score_ci;
		char what[64], ival[160], fs[FIGURE_BUF], fl[FIGURE_BUF], fh[FIGURE_BUF];

		if (run->dir != 0 || ci->nindexed == 0)
			continue;
		fmt(what, sizeof(what), "System Benchmarks Index Score%s, %u cop%s",
		    ci->partial ? " (Partial Only)" : "", run->copies, run->copies == 1 ? "y" : "ies");
		if (sc->ok)
			fmt(ival, sizeof(ival), "%s (95%% CI %s to %s)", figure(fs, ci->score, 0),
			    figure(fl, sc->lo, 0), figure(fh, sc->hi, 0));
		else
			fmt(ival, sizeof(ival), "%s (no interval: %s)", figure(fs, ci->score, 0),
			    strncmp(sc->why, "unavailable: ", 13) == 0 ? sc->why + 13 : sc->why);
		n = add(lines, n, max, "%s: %s", what, ival);
		n = disturbed(r, run, lines, n, max);
	}
	return n;
}

/*
 * A compared row the summary names: faster or slower, not a control, its
 * sides alike (a record from before issue 53 may hold a verdict on unlike
 * sides: it is not named).
 */
static int named(const struct run_result *r, const struct paired_cmp *c)
{
	return !c->control && (c->st.vd.v == VD_FASTER || c->st.vd.v == VD_SLOWER) &&
	       result_cmp_same_work(r, c);
}

static int same_group(const struct paired_cmp *a, const struct paired_cmp *b)
{
	return a->st.vd.v == b->st.vd.v && a->dir == b->dir && a->copies == b->copies;
}

/*
 * "Faster in ssd than hdd, 2 copies: File Copy 1024 bufsize 2000 maxblocks
 * (+5.10%), ...": one line per verdict, directory and copy count, the rows
 * in the report's order.  Every row is named (these are the rows that
 * answer the question): a group too long for one line goes on over more,
 * each "(continued)".
 */
static size_t winners(const struct run_result *r, char lines[][REPORT_SUMMARY_LINE], size_t n,
		      size_t max)
{
	for (size_t i = 0; i < r->ncmps && n < max; i++) {
		const struct paired_cmp *c = &r->cmps[i];
		char head[TESTDIR_LABEL_MAX * 2 + 80], names[REPORT_SUMMARY_LINE];
		size_t used = 0, j, lines_of_group = 0;

		if (!named(r, c) || c->dir >= r->ndirs)
			continue;
		for (j = 0; j < i && !(named(r, &r->cmps[j]) && same_group(&r->cmps[j], c)); j++)
			;
		if (j < i)
			continue;       /* named with the first row of its group */
		names[0] = '\0';
		for (j = i; j <= r->ncmps; j++) {
			const struct paired_cmp *o = j < r->ncmps ? &r->cmps[j] : NULL;
			char item[160] = "";

			if (o != NULL && (!named(r, o) || !same_group(o, c)))
				continue;
			if (o != NULL)
				fmt(item, sizeof(item), "%s%s (%+.2f%%)", used ? ", " : "",
				    o->def->title, 100 * (o->st.ratio - 1));
			fmt(head, sizeof(head), "%s in %s than %s, %u cop%s%s",
			    c->st.vd.v == VD_FASTER ? "Faster" : "Slower", r->dirs[c->dir].label,
			    r->dirs[0].label, c->copies, c->copies == 1 ? "y" : "ies",
			    lines_of_group ? " (continued)" : "");
			/* The line is full, or the group ends: out with it. */
			if (used > 0 && (o == NULL || strlen(head) + 2 + used + strlen(item) >=
						       sizeof(names))) {
				n = add(lines, n, max, "%s: %s", head, names);
				lines_of_group++;
				used = 0;
				names[0] = '\0';
				if (o != NULL)
					fmt(item, sizeof(item), "%s (%+.2f%%)", o->def->title,
					    100 * (o->st.ratio - 1));
			}
			if (o != NULL) {
				fmt(names + used, sizeof(names) - used, "%s", item);
				used = strlen(names);
			}
		}
	}
	return n;
}

/*
 * Paired mode: each directory's change of the index score over the tests
 * that use the test directory (the partial score ratio), then the verdicts
 * counted and the rows judged faster or slower named.
 */
static size_t paired(const struct run_result *r, char lines[][REPORT_SUMMARY_LINE], size_t n,
		     size_t max)
{
	size_t count[VD_INCONCLUSIVE + 1] = { 0 }, unlike = 0;
	char line[256], method[160], tally[280];

	for (size_t i = 0; i < r->npscores; i++) {
		const struct paired_score *p = &r->pscores[i];
		char copies[32];

		if (p->ntests == 0 || p->dir >= r->ndirs)
			continue;
		report_paired_score_text(r, p, line, sizeof(line));
		fmt(copies, sizeof(copies), "%u cop%s", p->copies, p->copies == 1 ? "y" : "ies");
		n = add(lines, n, max, "Index score change over the tests that use the test dir, "
			"%s: %s", copies, line);
	}
	for (size_t i = 0; i < r->ncmps; i++) {
		if (r->cmps[i].control || r->cmps[i].st.vd.v > VD_INCONCLUSIVE)
			continue;
		if (!result_cmp_same_work(r, &r->cmps[i]))
			unlike++;
		else
			count[r->cmps[i].st.vd.v == VD_FEW || r->cmps[i].st.vd.v == VD_NONE
			      ? VD_INCONCLUSIVE : r->cmps[i].st.vd.v]++;
	}
	verdict_method(&r->family, method, sizeof(method));
	fmt(tally, sizeof(tally), "%zu faster, %zu slower, %zu equivalent, %zu inconclusive",
	    count[VD_FASTER], count[VD_SLOWER], count[VD_EQUIVALENT], count[VD_INCONCLUSIVE]);
	if (unlike)
		fmt(tally + strlen(tally), sizeof(tally) - strlen(tally),
		    ", %zu not compared (the two sides did different work)",
		    unlike);
	n = add(lines, n, max, "Tests compared: %s (%s)", tally, method);
	n = winners(r, lines, n, max);
	return disturbed_paired(r, lines, n, max);
}

/* "2 x AMD EPYC 7B13": identical models counted together, else "2 CPUs". */
static void cpu_words(const struct sys_info *si, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < si->ncpu_info && si->cpus != NULL; i++) {
		size_t n = 0, k;

		for (k = 0; k < i && strcmp(si->cpus[k].model, si->cpus[i].model) != 0; k++)
			;
		if (k < i)
			continue;       /* counted with the first of its model */
		for (k = i; k < si->ncpu_info; k++)
			n += strcmp(si->cpus[k].model, si->cpus[i].model) == 0;
		fmt(buf + used, len - used, "%s%zu x %s", used ? ", " : "", n, si->cpus[i].model);
		used = strlen(buf);
	}
	if (used == 0)
		fmt(buf, len, "%u CPU%s", si->ncpus, si->ncpus == 1 ? "" : "s");
}

/* "Host: vm: 2 x AMD EPYC, 3.8 GiB RAM; Debian 12, kernel 6.1.0-28-amd64, virt kvm". */
static size_t machine(const struct sys_info *si, char lines[][REPORT_SUMMARY_LINE], size_t n,
		      size_t max)
{
	char cpu[200], bytes[32], mem[48] = "", rest[REPORT_SUMMARY_LINE];

	cpu_words(si, cpu, sizeof(cpu));
	if (si->mem_total_kb > 0) {
		format_bytes(si->mem_total_kb * 1024ULL, bytes, sizeof(bytes));
		fmt(mem, sizeof(mem), ", %s RAM", bytes);
	}
	fmt(rest, sizeof(rest), "%s%s%s%s, kernel %s, virt %s", cpu, mem,
	    si->distribution[0] ? "; " : "", si->distribution,
	    si->os_release[0] ? si->os_release : "unknown",
	    si->host.virt[0] ? si->host.virt : "unknown");
	return add(lines, n, max, "Host: %s: %s", si->hostname, rest);
}

/*
 * "Test dir: /srv/x on /srv (ext4, /dev/sda1, rw,noatime)"; head names it.
 * options: the mount options shown (NULL: m's).
 */
static size_t dir_line(const char *head, const char *path, int have_mount,
		       const struct mount_entry *m, const char *options,
		       char lines[][REPORT_SUMMARY_LINE], size_t n, size_t max)
{
	char where[REPORT_SUMMARY_LINE];

	if (have_mount)
		fmt(where, sizeof(where), "%s on %s (%s, %s, %s)", path, m->mount_point, m->fstype,
		    m->source, options ? options : m->options);
	else
		fmt(where, sizeof(where), "%s (mount unknown)", path);
	return add(lines, n, max, "%s: %s", head, where);
}

/* The test directory, or in paired mode each directory with its label. */
static size_t testdirs(const struct run_result *r, char lines[][REPORT_SUMMARY_LINE], size_t n,
		       size_t max)
{
	const struct sys_info *si = &r->sys;
	char head[TESTDIR_LABEL_MAX + 32];

	if (r->nsettings >= 2) {
		/* The options as found ran no sample: each setting's are on its line. */
		n = si->testdir[0] ? dir_line("Test dir", si->testdir, si->have_mount, &si->mount,
					       "mount options per setting below", lines, n,
					       max) : n;
		for (size_t d = 0; d < r->nsettings && n < max; d++) {
			char what[SETTING_CMD_MAX + 1200];

			fmt(head, sizeof(head), "Setting %s%s", r->settings[d].name,
			    d == 0 ? " (baseline)" : "");
			report_setting_text(r, d, what, sizeof(what));
			n = add(lines, n, max, "%s: %s", head, what);
		}
		return n;
	}
	if (r->ndirs < 2)
		return si->testdir[0] ? dir_line("Test dir", si->testdir, si->have_mount,
						 &si->mount, NULL, lines, n, max) : n;
	for (size_t d = 0; d < r->ndirs; d++) {
		const struct test_dir *td = &r->dirs[d];

		fmt(head, sizeof(head), "Test dir %s%s", td->label, d == 0 ? " (baseline)" : "");
		n = dir_line(head, td->path, td->have_mount, &td->mount, NULL, lines, n, max);
	}
	return n;
}

/*
 * What the run did: r->mode as the run described it, and a --compat
 * workload.  A quick run's caveat is the summary's first line already.
 */
static size_t mode(const struct run_result *r, char lines[][REPORT_SUMMARY_LINE], size_t n,
		   size_t max)
{
	char what[REPORT_SUMMARY_LINE], *caveat;

	fmt(what, sizeof(what), "%s%s%s", r->mode[0] ? r->mode : "default",
	    r->workload != WL_UB60 ? "; workload " : "",
	    r->workload != WL_UB60 ? workload_tags[r->workload] : "");
	caveat = r->quick ? strstr(what, REPORT_QUICK_CAVEAT) : NULL;
	if (caveat != NULL)
		memmove(caveat, caveat + strlen(REPORT_QUICK_CAVEAT),
			strlen(caveat + strlen(REPORT_QUICK_CAVEAT)) + 1);
	return add(lines, n, max, "Mode: %s%s", what, "");
}

void report_stopped(const struct run_result *r, char *out, size_t len)
{
	if (!r->interrupted)
		fmt(out, len, "%s", "");
	else if (r->signal == 0 && r->stopped[0])
		fmt(out, len, "Stopped: %s", r->stopped);
	else
		fmt(out, len, "Interrupted by signal %d", r->signal);
}

size_t report_summary(const struct run_result *r, char lines[][REPORT_SUMMARY_LINE], size_t max)
{
	size_t n = 0;

	if (r->quick)
		n = add(lines, n, max, "%s%s", REPORT_QUICK_FIRST, "");
	if (r->interrupted && r->signal == 0 && r->stopped[0])
		n = add(lines, n, max, "Stopped (%s): partial results.", r->stopped, "");
	else if (r->interrupted)
		n = add(lines, n, max, "%s%s", "Interrupted: partial results.", "");
	n = report_answer(r, lines, n, max);
	n = r->ndirs >= 2 ? paired(r, lines, n, max) : scores(r, lines, n, max);
	n = report_host_speed(r, lines, n, max);
	n = report_settings_warnings(r, lines, n, max);
	n = mode(r, lines, n, max);
	n = machine(&r->sys, lines, n, max);
	return testdirs(r, lines, n, max);
}
