/*
 * report_host.c: the header's lines on what decides results, one model for
 * every writer: the CPUs the run could use (online, affinity, cpuset,
 * cpu.max quota), why the default copy count is below the online CPUs, one
 * line per readable host-state row (sysinfo/hoststate.h) and the rows that
 * were not readable, said once.  The text, Markdown and HTML writers print
 * these lines, each in its own markup; the JSON writes the same model as
 * objects.  Values are text from the machine (the kernel command line is
 * anyone's): the writers escape them as every other value.
 */
#include "report/report.h"

#include <string.h>

#include "sysinfo/cpulimits.h"
#include "util/util.h"

int report_copies_why(const struct cpu_limits *l, char *out, size_t len)
{
	char q[48];

	out[0] = '\0';
	if (!l->defaulted || l->by == CL_ONLINE)
		return -1;
	switch (l->by) {
	case CL_QUOTA:
		cpulimits_quota_text(l->quota, q, sizeof(q));
		fmt(out, len, "%u cop%s: cpu.max quota %s of %u online", l->usable,
		    l->usable == 1 ? "y" : "ies", q, l->online);
		break;
	case CL_CPUSET:
		fmt(out, len, "%u cop%s: cpuset %s of %u online", l->usable,
		    l->usable == 1 ? "y" : "ies", l->cpuset, l->online);
		break;
	case CL_AFFINITY:
	case CL_ONLINE:
		fmt(out, len, "%u cop%s: affinity allows %u CPU%s of %u online", l->usable,
		    l->usable == 1 ? "y" : "ies", l->affinity, l->affinity == 1 ? "" : "s",
		    l->online);
		break;
	}
	return 0;
}

size_t report_host_lines(const struct run_result *r, struct report_hline *lines, size_t max)
{
	const struct sys_info *si = &r->sys;
	size_t n = 0;

	/* A result whose machine was not read (online 0, state not read) has no lines. */
	if (n < max && si->limits.online > 0) {
		lines[n].label = REPORT_CPU_LIMITS;
		cpulimits_describe(&si->limits, lines[n].value, sizeof(lines[n].value));
		n++;
	}
	if (n < max && report_copies_why(&si->limits, lines[n].value, sizeof(lines[n].value)) == 0)
		lines[n++].label = REPORT_COPIES_WHY;
	for (int i = 0; i < HS_COUNT && n < max; i++) {
		if (!si->state.have[i])
			continue;
		lines[n].label = hoststate_rows[i].label;
		fmt(lines[n].value, sizeof(lines[n].value), "%s", si->state.value[i]);
		strip_controls(lines[n].value);
		n++;
	}
	if (n < max && si->state.read) {
		hoststate_missing(&si->state, lines[n].value, sizeof(lines[n].value));
		if (lines[n].value[0]) {
			lines[n].label = REPORT_NOT_READABLE;
			n++;
		}
	}
	return n;
}
