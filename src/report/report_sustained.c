/*
 * report_sustained.c: a --sustained disk test's figures (the METRIC lines of
 * lib/diskmain.c's sustained mode) in one sentence every writer prints: the
 * burst and the sustained rate, when the steady-state rule held (or that it
 * did not by the limit), when the rate changed (or that it did not), and
 * the rule.
 */
#include "report/report.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/metrics.h"
#include "stats/steady.h"
#include "util/util.h"

static const char *const sustained_metrics[] = {
	METRIC_BURST, METRIC_SUSTAINED, METRIC_STEADY, METRIC_STEADY_AT_S,
	METRIC_CHANGE_AT_S, METRIC_INTERVAL_S, METRIC_RAMP_S,
};

int report_is_sustained_metric(const struct metric *m)
{
	for (size_t i = 0; i < sizeof(sustained_metrics) / sizeof(sustained_metrics[0]); i++)
		if (strcmp(m->name, sustained_metrics[i]) == 0)
			return 1;
	return 0;
}

/* A metric's value, or NAN when the test has none. */
static double value(const struct bench_result *t, const char *name)
{
	const struct metric *m = report_find_metric(t, name);

	return m != NULL ? m->value : NAN;
}

int report_sustained_words(const struct bench_result *t, char *out, size_t len)
{
	const struct steady_rule rule = STEADY_RULE_SNIA;
	double burst = value(t, METRIC_BURST), sus = value(t, METRIC_SUSTAINED);
	double steady = value(t, METRIC_STEADY), at = value(t, METRIC_STEADY_AT_S);
	double change = value(t, METRIC_CHANGE_AT_S), dt = value(t, METRIC_INTERVAL_S);
	double ramp = value(t, METRIC_RAMP_S);
	char when[64], changed[64];

	if (!isfinite(burst) || !isfinite(sus) || !isfinite(steady) || !isfinite(at) ||
	    !isfinite(change) || !isfinite(dt) || !isfinite(ramp) || !(sus > 0))
		return -1;
	if (steady >= 1)
		fmt(when, sizeof(when), "steady at %.1f s", at);
	else
		fmt(when, sizeof(when), "not steady by %.1f s (the limit; the last window "
		    "stands in)", at);
	if (change > 0)
		fmt(changed, sizeof(changed), "the rate changed at %.1f s", change);
	else
		fmt(changed, sizeof(changed), "no change from the burst");
	fmt(out, len, "burst %.6g %s, sustained %.6g %s (%+.1f %%): %s, %s (steady: %zu "
	    "intervals of %.3g s after a %.0f s ramp, each within %.0f %% of their mean, "
	    "their slope within %.0f %%)", burst, t->def->unit, sus, t->def->unit,
	    100 * (sus / burst - 1), when, changed, rule.window, dt, ramp, 100 * rule.dev,
	    100 * rule.slope);
	return 0;
}
