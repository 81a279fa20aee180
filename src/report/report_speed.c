/* report_speed.c: the host's speed in the summary (report.h's report_host_speed). */
#include "report/report.h"

#include <math.h>

#include "util/util.h"

/* "~30 s", or at least the run's span when the fit reached it. */
static void memory_words(const struct host_speed *hs, char *out, size_t len)
{
	if (hs->long_memory)
		fmt(out, len, "a memory of at least %.0f s (the whole run)", hs->span);
	else
		fmt(out, len, "a ~%.0f s memory", hs->tau);
}

/* What +-1 % on the score costs here. */
static void budget_words(const struct host_speed *hs, char *out, size_t len)
{
	if (!(hs->minutes_1pct > 0))
		fmt(out, len, "+-1%% on the score is out of reach here (over %.0f minutes)",
		    HF_MAX_MINUTES);
	else if (hs->minutes_1pct < 1)
		fmt(out, len, "+-1%% on the score needs under a minute here");
	else
		fmt(out, len, "+-1%% on the score needs about %.0f minutes here, samples spread "
		    "over the run", hs->minutes_1pct);
}

size_t report_host_speed(const struct run_result *r, char lines[][REPORT_SUMMARY_LINE],
			 size_t n, size_t max)
{
	for (size_t i = 0; i < r->nruns && r->runs != NULL && n < max; i++) {
		const struct host_speed *hs = &r->runs[i].host;
		char mem[80], bud[120];

		if (r->runs[i].dir != 0 || !hs->ok)
			continue;
		memory_words(hs, mem, sizeof(mem));
		budget_words(hs, bud, sizeof(bud));
		fmt(lines[n++], REPORT_SUMMARY_LINE, "Host speed, %u cop%s: varied +-%.1f%% with %s "
		    "(%.0f%% of a sample's spread); this run averaged about %.0f independent "
		    "windows; %s.", r->runs[i].copies, r->runs[i].copies == 1 ? "y" : "ies",
		    100 * hs->sd, mem, 100 * hs->share, hs->windows, bud);
	}
	return n;
}
