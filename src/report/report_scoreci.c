/* report_scoreci.c: the index score's 95% interval (run->score_ci), as every writer prints it. */
#include "report/report.h"

#include "util/util.h"

/* "1230.1 to 1245.3 (-1.2% +1.3%, df 14.2)", or "unavailable: <why>". */
const char *report_score_ci_text(const struct copy_run *run, char *buf, size_t len)
{
	const struct score_ci *ci = &run->score_ci;
	char fl[FIGURE_BUF], fh[FIGURE_BUF];

	if (!ci->ok)
		fmt(buf, len, "%s", ci->why);
	else
		fmt(buf, len, "%s to %s (%+.1f%% %+.1f%%, df %.1f)", figure(fl, ci->lo, 0),
		    figure(fh, ci->hi, 0),
		    100 * (ci->lo / ci->score - 1), 100 * (ci->hi / ci->score - 1), ci->df);
	return buf;
}

/* The Statistics block's last line (text report). */
void report_score_ci_line(FILE *out, const struct copy_run *run)
{
	char buf[160];

	if (run->cats[CAT_SYSTEM].nindexed == 0)
		return;
	fprintf(out, "Index score 95%% CI (delta method): %s\n",
		report_score_ci_text(run, buf, sizeof(buf)));
}
