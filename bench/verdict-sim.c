/*
 * bench/verdict-sim.c: the simulations behind issue 37's fixes, run on the
 * product's own functions (linked with build/libsysindex.a): the stopping
 * rules of src/run/plan.c, the estimators of src/stats and the verdict rule
 * of src/stats/verdict.c.  Pure computation; bench/verdicts.sh builds and
 * runs it.
 *
 *   verdict-sim coverage [REPS]   coverage of the intervals --precision
 *                                 stops on, single directory and paired,
 *                                 against fixed counts
 *   verdict-sim family [REPS]     the report-wide false-claim rate: one
 *                                 step-down over both p-values (the rule)
 *                                 against two Holm procedures, each at alpha
 *   verdict-sim judge             re-judge rows read from stdin, one per
 *                                 line "file est se df lower_better", a
 *                                 family per file, under both rules
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/plan.h"
#include "stats/paired.h"
#include "stats/stats.h"
#include "stats/verdict.h"

/* ---- a seeded generator (xorshift64*), normal by Box-Muller ------------ */

static uint64_t rng_state = 88172645463325252ULL;

static double uniform(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return ((double)((rng_state * 2685821657736338717ULL) >> 11) + 0.5) / 9007199254740992.0;
}

static double normal(void)
{
	return sqrt(-2 * log(uniform())) * cos(2 * M_PI * uniform());
}

/* ---- coverage of stopped intervals ------------------------------------ */

/* Rule k of a table: a fixed count (k < nfixed), else a --precision target. */
static void set_rule(struct test_plan *p, size_t k, const unsigned *fixed, size_t nfixed,
		     const double *precisions, const char *what, char *rule, size_t len)
{
	if (k < nfixed) {
		p->min_samples = p->max_samples = fixed[k];
		snprintf(rule, len, "fixed %u %s", fixed[k], what);
	} else {
		p->precision = precisions[k - nfixed];
		snprintf(rule, len, "--precision %g%%", 100 * precisions[k - nfixed]);
	}
}

/*
 * The estimand of UnixBench's result for log rates N(mu, sigma): the mean
 * of the top two thirds, mu + sigma * phi(z) / (1 - 1/3), z = Phi^-1(1/3).
 */
#define Z_THIRD (-0.430727299295457)
static double trimmed_target(double mu, double sigma)
{
	double phi = exp(-Z_THIRD * Z_THIRD / 2) / sqrt(2 * M_PI);

	return mu + sigma * phi / (2.0 / 3.0);
}

/*
 * E[result at n] for standard normal log rates (by simulation, once): with
 * int(n/3) dropped the estimand itself moves with n.
 */
static double et[64];

static void expected_result(void)
{
	for (size_t n = 2; n < 41; n++) {
		double sum = 0, rate[64], count[64];
		struct trimmed_log t;

		for (int r = 0; r < 40000; r++) {
			for (size_t i = 0; i < n; i++)
				count[i] = rate[i] = exp(0.01 * normal());
			if (stats_trimmed_log(count, rate, n, &t) == 0)
				sum += t.mean / 0.01;
		}
		et[n] = sum / 40000;
	}
}

/* One single-directory run: returns whether the final interval holds the target. */
static int single_run(const struct test_plan *p, double sigma, size_t *n_out, double *est_out,
		      int *hit_n)
{
	double rate[64], count[64], target = trimmed_target(0, sigma), half;
	struct trimmed_log t;
	size_t n = 0;
	int capped;

	for (;;) {
		double r = exp(sigma * normal());

		rate[n] = r;
		count[n] = 10 * r;      /* a rate test: the count follows the rate */
		n++;
		if (plan_done(p, count, rate, n, 0, &capped))
			break;
	}
	*n_out = n;
	if (stats_trimmed_log(count, rate, n, &t) != 0) {
		*est_out = NAN;
		return 0;
	}
	*est_out = t.mean;
	half = stats_t_quantile(0.975, t.df) * sqrt(t.var);
	*hit_n = fabs(t.mean - sigma * et[n]) <= half;
	return fabs(t.mean - target) <= half;
}

static void coverage_single(long reps)
{
	static const double sigmas[] = { 0.005, 0.01, 0.02 };
	static const double precisions[] = { 0.005, 0.01, 0.02 };

	expected_result();
	printf("### Single directory: UnixBench's result (trimmed), its Yuen interval\n\n");
	printf("Log rates N(0, sigma); the target is the top two thirds' mean; plan_done() "
	       "as --precision plans it (at least %d samples, at most 20), and fixed counts.\n\n",
	       PLAN_MIN_PRECISION_RESULT);
	printf("| sigma | rule | coverage of the two-thirds mean | coverage of E[result at its n] "
	       "| mean n | mean bias / sigma |\n");
	printf("|--:|:--|--:|--:|--:|--:|\n");
	for (size_t s = 0; s < sizeof(sigmas) / sizeof(sigmas[0]); s++) {
		for (size_t k = 0; k < 3 + sizeof(precisions) / sizeof(precisions[0]); k++) {
			struct test_plan p = { .min_samples = PLAN_MIN_PRECISION_RESULT,
					       .max_samples = 20 };
			long hit = 0, hitn = 0;
			double nsum = 0, bias = 0;
			char rule[48];

			static const unsigned fixed[] = { 5, 10, 20 };

			set_rule(&p, k, fixed, 3, precisions, "samples", rule, sizeof(rule));
			for (long i = 0; i < reps; i++) {
				size_t n;
				double est;
				int h = 0;

				hit += single_run(&p, sigmas[s], &n, &est, &h);
				hitn += h;
				nsum += (double)n;
				bias += est - trimmed_target(0, sigmas[s]);
			}
			printf("| %.1f %% | %s | %.1f %% | %.1f %% | %.1f | %+.3f |\n", 100 * sigmas[s],
			       rule, 100.0 * (double)hit / (double)reps,
			       100.0 * (double)hitn / (double)reps, nsum / (double)reps,
			       bias / (double)reps / sigmas[s]);
		}
	}
	printf("\n");
}

/*
 * One paired run of two directories: round i's log-ratio is delta + the
 * run's instance offset (N(0, 0.3 %), what PAIRED_INSTANCE_SD stands for)
 * + N(0, sigma) noise; the host's drift falls on both sides and cancels.
 */
static int paired_run(const struct test_plan *p, double sigma, size_t *n_out)
{
	double a[64], b[64], inst = PAIRED_INSTANCE_SD * normal();
	const double *rates[2] = { a, b };
	int active[2] = { 1, 1 }, capped;
	struct paired_stats ps;
	size_t n = 0;

	for (;;) {
		double drift = 0.05 * normal();

		a[n] = exp(drift);
		b[n] = exp(drift + inst + sigma * normal());
		n++;
		if (plan_rounds_done(p, rates, NULL, active, 2, n, 0, &capped))
			break;
	}
	*n_out = n;
	paired_compute(a, b, n, &ps);
	return ps.ci_lo <= 1 && 1 <= ps.ci_hi;
}

static void coverage_paired(long reps)
{
	static const double sigmas[] = { 0.003, 0.01, 0.03 };
	static const double precisions[] = { 0.01, 0.02 };

	printf("### Paired: the ratio's interval with the instance term\n\n");
	printf("A/A: the true change is 0; each run has its own instance offset N(0, 0.3 %%); "
	       "plan_rounds_done() as --precision plans it (from %d rounds, at most %d), "
	       "and fixed counts.\n\n", PLAN_MIN_VERDICT_ROUNDS, PLAN_MAX_PAIRED_ROUNDS_FLOOR);
	printf("| sigma of a round's ratio | rule | coverage (nominal 95 %%) | mean rounds |\n");
	printf("|--:|:--|--:|--:|\n");
	for (size_t s = 0; s < sizeof(sigmas) / sizeof(sigmas[0]); s++) {
		for (size_t k = 0; k < 2 + sizeof(precisions) / sizeof(precisions[0]); k++) {
			struct test_plan p = { .min_samples = PLAN_MIN_VERDICT_ROUNDS,
					       .max_samples = PLAN_MAX_PAIRED_ROUNDS_FLOOR };
			long hit = 0;
			double nsum = 0;
			char rule[48];

			static const unsigned fixed[] = { 5, 10 };

			set_rule(&p, k, fixed, 2, precisions, "rounds", rule, sizeof(rule));
			for (long i = 0; i < reps; i++) {
				size_t n;

				hit += paired_run(&p, sigmas[s], &n);
				nsum += (double)n;
			}
			printf("| %.1f %% | %s | %.1f %% | %.1f |\n", 100 * sigmas[s], rule,
			       100.0 * (double)hit / (double)reps, nsum / (double)reps);
		}
	}
	printf("\n");
}

/* ---- the report-wide false-claim rate --------------------------------- */

/*
 * The rule before issue 37: Holm over the difference p-values and another
 * Holm over the TOST p-values, each at alpha.  Returns the verdicts in v[].
 */
static void old_rule(const struct verdict_in *in, size_t m, double margin, enum verdict *v)
{
	double pd[64] = { 0 }, pt[64] = { 0 }, ad[64], at[64], delta = log1p(margin);

	for (size_t i = 0; i < m; i++) {
		double lo, hi, t = fabs(in[i].est) / in[i].se;

		pd[i] = fmin(1, 2 * (1 - stats_t_cdf(t, in[i].df)));
		verdict_tost(in[i].est, in[i].se, in[i].df, delta, &lo, &hi);
		pt[i] = fmax(lo, hi);
	}
	verdict_holm(pd, m, ad);
	verdict_holm(pt, m, at);
	for (size_t i = 0; i < m; i++)
		v[i] = at[i] <= VERDICT_ALPHA ? VD_EQUIVALENT
			: ad[i] <= VERDICT_ALPHA ? (in[i].est > 0 ? VD_FASTER : VD_SLOWER)
			: VD_INCONCLUSIVE;
}

/* Whether a verdict is false for the true change delta (log scale). */
static int false_claim(enum verdict v, double truth, double margin)
{
	if (v == VD_FASTER || v == VD_SLOWER)
		return truth == 0 || (v == VD_FASTER) != (truth > 0);
	if (v == VD_EQUIVALENT)
		return fabs(truth) >= log1p(margin) * (1 - 1e-12);
	return 0;
}

static void family(long reps)
{
	static const size_t sizes[] = { 2, 5, 10, 18, 20 };
	static const char *const mixes[] = { "all 0", "all at +margin", "half 0, half at +margin" };
	const double margin = VERDICT_MARGIN, se = 0.005, df = 9;

	printf("### One error rate per report\n\n");
	printf("m rows, each est ~ truth + se x t(9), se 0.5 %%, margin +-2 %%; a false claim is "
	       "faster/slower where the truth is 0 (or the other way), or equivalent where the "
	       "truth is at the margin.  %ld reports each.\n\n", reps);
	printf("| rows | truths | any false claim: two Holms, each at alpha | "
	       "one step-down over both p-values (the rule) |\n|--:|:--|--:|--:|\n");
	for (size_t z = 0; z < sizeof(sizes) / sizeof(sizes[0]); z++)
		for (size_t mix = 0; mix < 3; mix++) {
			size_t m = sizes[z];
			long bad_old = 0, bad_new = 0;

			for (long r = 0; r < reps; r++) {
				struct verdict_in in[64];
				struct verdict_out out[64];
				struct verdict_family f = { .margin = margin, .alpha = VERDICT_ALPHA };
				enum verdict v[64];
				double truth[64];
				int o = 0, nw = 0;

				for (size_t i = 0; i < m; i++) {
					double chi = 0, t;

					for (int k = 0; k < (int)df; k++) {
						double g = normal();

						chi += g * g;
					}
					t = normal() / sqrt(chi / df);
					truth[i] = mix == 0 ? 0 : mix == 1 ? log1p(margin)
						: (i % 2 ? log1p(margin) : 0);
					in[i] = (struct verdict_in){ truth[i] + se * t, se, df, 0 };
				}
				old_rule(in, m, margin, v);
				verdict_judge(in, m, &f, out);
				for (size_t i = 0; i < m; i++) {
					o |= false_claim(v[i], truth[i], margin);
					nw |= false_claim(out[i].v, truth[i], margin);
				}
				bad_old += o;
				bad_new += nw;
			}
			printf("| %zu | %s | %.2f %% | %.2f %% |\n", m, mixes[mix],
			       100.0 * (double)bad_old / (double)reps,
			       100.0 * (double)bad_new / (double)reps);
		}
	printf("\n");
}

/* ---- re-judging kept rows --------------------------------------------- */

static void judge_flush(const char *file, const struct verdict_in *in, size_t m)
{
	struct verdict_out out[512];
	struct verdict_family f = { .margin = VERDICT_MARGIN, .alpha = VERDICT_ALPHA };
	enum verdict v[512];
	size_t c_old[6] = { 0 }, c_new[6] = { 0 };

	if (m == 0)
		return;
	old_rule(in, m, VERDICT_MARGIN, v);
	verdict_judge(in, m, &f, out);
	for (size_t i = 0; i < m; i++) {
		if (!verdict_enough(in[i].df))
			v[i] = VD_FEW;
		c_old[v[i]]++;
		c_new[out[i].v]++;
		if (v[i] != out[i].v || out[i].negligible)
			printf("  %s row %zu: %s -> %s (est %+.3f %%, se %.3f %%, df %.1f)\n", file,
			       i + 1, verdict_word(v[i]), verdict_label(&out[i]),
			       100 * expm1(in[i].est), 100 * in[i].se, in[i].df);
	}
	printf("| %s | %zu | %zu/%zu/%zu/%zu | %zu/%zu/%zu/%zu |\n", file, m,
	       c_old[VD_FASTER], c_old[VD_SLOWER], c_old[VD_EQUIVALENT],
	       c_old[VD_INCONCLUSIVE] + c_old[VD_FEW],
	       c_new[VD_FASTER], c_new[VD_SLOWER], c_new[VD_EQUIVALENT],
	       c_new[VD_INCONCLUSIVE] + c_new[VD_FEW]);
}

static int judge(void)
{
	char line[1024], file[512] = "", name[512];
	struct verdict_in in[512];
	size_t m = 0;

	printf("| file | rows | before: faster/slower/equivalent/inconclusive | "
	       "now |\n|:--|--:|--:|--:|\n");
	while (fgets(line, sizeof(line), stdin) != NULL) {
		double est, se, df;
		int lower;

		if (sscanf(line, "%511s %lf %lf %lf %d", name, &est, &se, &df, &lower) != 5)
			continue;
		if (strcmp(name, file) != 0 || m == sizeof(in) / sizeof(in[0])) {
			judge_flush(file, in, m);
			m = 0;
			snprintf(file, sizeof(file), "%s", name);
		}
		in[m++] = (struct verdict_in){ est, se, df, lower };
	}
	judge_flush(file, in, m);
	return 0;
}

int main(int argc, char **argv)
{
	long reps = argc > 2 ? atol(argv[2]) : 0;

	if (argc < 2) {
		fprintf(stderr, "usage: verdict-sim coverage|family [REPS] | judge <rows\n");
		return 2;
	}
	if (strcmp(argv[1], "coverage") == 0) {
		coverage_single(reps > 0 ? reps : 20000);
		coverage_paired(reps > 0 ? reps : 20000);
		return 0;
	}
	if (strcmp(argv[1], "family") == 0) {
		family(reps > 0 ? reps : 20000);
		return 0;
	}
	if (strcmp(argv[1], "judge") == 0)
		return judge();
	fprintf(stderr, "verdict-sim: unknown part '%s'\n", argv[1]);
	return 2;
}
