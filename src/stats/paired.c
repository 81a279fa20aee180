/* paired.c: log-ratio statistics of interleaved rounds. */
#include "stats/paired.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats/stats.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The figures that follow from mean_log and half_log. */
static void conclude(struct paired_stats *ps)
{
	ps->ratio = exp(ps->mean_log);
	ps->ci_lo = exp(ps->mean_log - ps->half_log);
	ps->ci_hi = exp(ps->mean_log + ps->half_log);
	ps->detect = NAN;       /* the family's: paired_judge (verdict_mde) */
}

/*
 * The rounds' standard error ps->se_rounds and df set: the instance term
 * added (paired.h) and the half-width that follows.
 */
static void add_instance(struct paired_stats *ps)
{
	ps->se_log = sqrt(ps->se_rounds * ps->se_rounds + ps->instance_sd * ps->instance_sd);
	ps->half_log = stats_t_quantile(0.975, ps->df) * ps->se_log;
}

void paired_set_instance(struct paired_stats *ps, double sd)
{
	if (ps->n < 2 || !(sd >= 0) || !isfinite(ps->se_rounds))
		return;
	ps->instance_sd = sd;
	add_instance(ps);
	conclude(ps);
}

void paired_rounds_ci(const struct paired_stats *ps, double *lo, double *hi)
{
	double h = ps->n >= 2 ? stats_t_quantile(0.975, ps->df) * ps->se_rounds : NAN;

	*lo = exp(ps->mean_log - h);
	*hi = exp(ps->mean_log + h);
}

static int valid(double rate)
{
	return rate > 0 && isfinite(rate);
}

void paired_compute(const double *base, const double *other, size_t n,
		    struct paired_stats *ps)
{
	double *d = malloc((n ? n : 1) * sizeof(*d)), sum = 0, sa = 0, sb = 0, ss = 0;
	size_t m = 0;

	*ps = (struct paired_stats){ .ratio = NAN, .ci_lo = NAN, .ci_hi = NAN,
				     .detect = NAN, .median_ratio = NAN,
				     .base_gm = NAN, .other_gm = NAN, .mean_log = NAN,
				     .sd_log = NAN, .half_log = NAN, .se_log = NAN,
				     .se_rounds = NAN, .df = NAN,
				     .instance_sd = PAIRED_INSTANCE_SD };
	if (d == NULL)
		return;
	for (size_t i = 0; i < n; i++) {
		if (!valid(base[i]) || !valid(other[i]))
			continue;
		d[m] = log(other[i]) - log(base[i]);
		sum += d[m];
		sa += log(base[i]);
		sb += log(other[i]);
		m++;
	}
	ps->n = m;
	if (m == 0) {
		free(d);
		return;
	}
	ps->mean_log = sum / (double)m;
	ps->ratio = exp(ps->mean_log);
	ps->base_gm = exp(sa / (double)m);
	ps->other_gm = exp(sb / (double)m);
	qsort(d, m, sizeof(*d), cmp_double);
	ps->median_ratio = exp(m % 2 ? d[m / 2] : (d[m / 2 - 1] + d[m / 2]) / 2);
	if (m < 2) {
		free(d);
		return;
	}
	for (size_t i = 0; i < m; i++)
		ss += (d[i] - ps->mean_log) * (d[i] - ps->mean_log);
	free(d);
	ps->sd_log = sqrt(ss / (double)(m - 1));
	ps->se_rounds = ps->sd_log / sqrt((double)m);
	ps->df = (double)(m - 1);
	add_instance(ps);
	conclude(ps);
}

/*
 * Solve a x = b for the q x q matrix a (row-major, destroyed), by Gaussian
 * elimination with partial pivoting; -1 when a is (nearly) singular.
 */
static int solve(double *a, double *b, size_t q)
{
	double scale = 0;

	for (size_t i = 0; i < q * q; i++)
		if (fabs(a[i]) > scale)
			scale = fabs(a[i]);
	for (size_t c = 0; c < q; c++) {
		size_t piv = c;

		for (size_t r = c + 1; r < q; r++)
			if (fabs(a[r * q + c]) > fabs(a[piv * q + c]))
				piv = r;
		if (!(fabs(a[piv * q + c]) > 1e-9 * scale))
			return -1;
		for (size_t j = 0; j < q && piv != c; j++) {
			double t = a[c * q + j];

			a[c * q + j] = a[piv * q + j];
			a[piv * q + j] = t;
		}
		if (piv != c) {
			double t = b[c];

			b[c] = b[piv];
			b[piv] = t;
		}
		for (size_t r = 0; r < q; r++) {
			double f;

			if (r == c)
				continue;
			f = a[r * q + c] / a[c * q + c];
			for (size_t j = c; j < q; j++)
				a[r * q + j] -= f * a[c * q + j];
			b[r] -= f * b[c];
		}
	}
	for (size_t c = 0; c < q; c++)
		b[c] /= a[c * q + c];
	return 0;
}

/* Round i's regressors: 1, then for each fitted place its indicator difference. */
static void regressors(const unsigned *pa, const unsigned *pb, size_t i,
		       const size_t *place, size_t q, double *x)
{
	x[0] = 1;
	for (size_t j = 1; j < q; j++)
		x[j] = (double)(pb[i] == place[j]) - (double)(pa[i] == place[j]);
}

/*
 * The crossover fit over the rounds in use[] (m of them): 0 with ps's
 * mean_log, sd_log, half_log and place_log set, -1 when the rule or the
 * design does not allow it.
 */
static int fit_order(const double *d, const size_t *use, size_t m, const unsigned *pa,
		     const unsigned *pb, size_t k, struct paired_stats *ps)
{
	size_t place[PAIRED_MAX_PLACES + 1], q = 1;
	double xtx[(PAIRED_MAX_PLACES + 1) * (PAIRED_MAX_PLACES + 1)] = { 0 };
	double inv0[PAIRED_MAX_PLACES + 1] = { 0 }, beta[PAIRED_MAX_PLACES + 1] = { 0 };
	double a[(PAIRED_MAX_PLACES + 1) * (PAIRED_MAX_PLACES + 1)];
	double x[PAIRED_MAX_PLACES + 1], rss = 0;

	/* Places 2..k that some round has on one side only. */
	for (unsigned p = 2; p <= k; p++)
		for (size_t r = 0; r < m; r++)
			if ((pa[use[r]] == p) != (pb[use[r]] == p)) {
				place[q++] = p;
				break;
			}
	if (q == 1 || m < q + PAIRED_ORDER_MIN_DF)
		return -1;
	for (size_t r = 0; r < m; r++) {
		regressors(pa, pb, use[r], place, q, x);
		for (size_t i = 0; i < q; i++) {
			for (size_t j = 0; j < q; j++)
				xtx[i * q + j] += x[i] * x[j];
			beta[i] += x[i] * d[r];
		}
	}
	memcpy(a, xtx, sizeof(a));
	if (solve(a, beta, q) != 0)
		return -1;
	memcpy(a, xtx, sizeof(a));
	inv0[0] = 1;    /* the first column of the inverse: delta's variance */
	if (solve(a, inv0, q) != 0 || !(inv0[0] > 0))
		return -1;
	for (size_t r = 0; r < m; r++) {
		double fit = 0;

		regressors(pa, pb, use[r], place, q, x);
		for (size_t i = 0; i < q; i++)
			fit += x[i] * beta[i];
		rss += (d[r] - fit) * (d[r] - fit);
	}
	ps->order_adjusted = 1;
	ps->mean_log = beta[0];
	ps->sd_log = sqrt(rss / (double)(m - q));
	ps->se_rounds = ps->sd_log * sqrt(inv0[0]);
	ps->df = (double)(m - q);
	add_instance(ps);
	for (size_t j = 1; j < q; j++)
		ps->place_log[place[j] - 1] = beta[j];
	ps->place_log[0] = 0;
	return 0;
}

void paired_compute_ordered(const double *base, const double *other,
			    const unsigned *place_a, const unsigned *place_b, size_t k,
			    size_t n, struct paired_stats *ps)
{
	double *d;
	size_t *use, m = 0;

	paired_compute(base, other, n, ps);
	if (place_a == NULL || place_b == NULL || k < 2 || k > PAIRED_MAX_PLACES ||
	    ps->n < 2 + PAIRED_ORDER_MIN_DF)
		return;
	d = malloc(n * sizeof(*d));
	use = malloc(n * sizeof(*use));
	if (d != NULL && use != NULL) {
		for (size_t i = 0; i < n; i++)
			if (valid(base[i]) && valid(other[i]) && place_a[i] >= 1 &&
			    place_a[i] <= k && place_b[i] >= 1 && place_b[i] <= k) {
				d[m] = log(other[i]) - log(base[i]);
				use[m++] = i;
			}
		ps->nplaces = k;
		for (size_t p = 0; p < k; p++)
			ps->place_log[p] = NAN;
		/* Every paired round must say its places, or none is adjusted. */
		if (m == ps->n && fit_order(d, use, m, place_a, place_b, k, ps) == 0)
			conclude(ps);
		else
			ps->nplaces = 0;
	}
	free(d);
	free(use);
}

void paired_score_ratio(const double *const *base, const double *const *other, size_t k,
			size_t n, size_t n0, struct paired_stats *ps)
{
	double *ga = calloc(n ? n : 1, sizeof(*ga)), *gb = calloc(n ? n : 1, sizeof(*gb));

	for (size_t i = 0; ga != NULL && gb != NULL && i < n; i++) {
		double la = 0, lb = 0;
		int ok = k > 0;

		for (size_t t = 0; t < k && ok; t++) {
			ok = valid(base[t][i]) && valid(other[t][i]);
			la += ok ? log(base[t][i]) : 0;
			lb += ok ? log(other[t][i]) : 0;
		}
		/* A round without every test is left out (paired_compute skips 0). */
		ga[i] = ok ? exp(la / (double)k) : 0;
		gb[i] = ok ? exp(lb / (double)k) : 0;
	}
	if (ga != NULL && gb != NULL && n0 > 0)
		paired_compute_two_stage(ga, gb, n, n0, ps);
	else if (ga != NULL && gb != NULL)
		paired_compute(ga, gb, n, ps);
	else
		paired_compute(NULL, NULL, 0, ps);
	free(ga);
	free(gb);
}

void paired_judge(struct paired_stats *const *ps, const int *lower, size_t n,
		  struct verdict_family *f)
{
	struct verdict_in *in = calloc(n ? n : 1, sizeof(*in));
	struct verdict_out *out = calloc(n ? n : 1, sizeof(*out));

	f->m = 0;
	if (in != NULL && out != NULL) {
		for (size_t i = 0; i < n; i++)
			in[i] = (struct verdict_in){ ps[i]->mean_log, ps[i]->se_log,
						     ps[i]->n >= 2 ? ps[i]->df : NAN,
						     lower != NULL && lower[i] };
		verdict_judge(in, n, f, out);
		for (size_t i = 0; i < n; i++) {
			ps[i]->vd = out[i];
			/* detect: the minimum detectable change at the family's level. */
			if (ps[i]->n >= 2)
				ps[i]->detect = expm1(verdict_mde(ps[i]->se_log, ps[i]->df, f->m,
								  f->alpha > 0 ? f->alpha
									       : VERDICT_ALPHA,
								  VERDICT_POWER));
		}
	}
	free(in);
	free(out);
}

int paired_precise(const double *const *rates, const unsigned *const *places, size_t ndirs,
		   size_t n, size_t min_rounds, double precision, double instance_sd)
{
	if (n < min_rounds || n < 2 || ndirs < 2 || !(precision > 0))
		return 0;
	for (size_t d = 1; d < ndirs; d++) {
		struct paired_stats ps;

		paired_compute_ordered(rates[0], rates[d], places ? places[0] : NULL,
				       places ? places[d] : NULL, ndirs, n, &ps);
		paired_set_instance(&ps, instance_sd);
		if (ps.n < 2 || !(ps.half_log <= log1p(precision)))
			return 0;
	}
	return 1;
}

double paired_least_half(size_t rounds, double instance_sd)
{
	if (rounds < 2)
		return NAN;
	return expm1(stats_t_quantile(0.975, (double)rounds - 1) * instance_sd);
}

unsigned paired_least_rounds(double precision, double instance_sd)
{
	unsigned n = 2;

	while (n < PAIRED_PRECISION_MAX_ROUNDS && !(paired_least_half(n, instance_sd) <= precision))
		n++;
	return n;
}

double paired_stage_sd(const double *base, const double *other, size_t n, size_t n0)
{
	double d[PAIRED_STAGE_MAX], sum = 0, ss = 0;
	size_t m = 0;

	if (n0 < 2 || n0 > PAIRED_STAGE_MAX)
		return NAN;
	for (size_t i = 0; i < n && m < n0; i++)
		if (valid(base[i]) && valid(other[i])) {
			d[m] = log(other[i]) - log(base[i]);
			sum += d[m++];
		}
	if (m < n0)
		return NAN;
	for (size_t i = 0; i < m; i++)
		ss += (d[i] - sum / (double)m) * (d[i] - sum / (double)m);
	return sqrt(ss / (double)(m - 1));
}

unsigned paired_stein_rounds(double s0, size_t n0, double half_log)
{
	double k;

	if (!(s0 >= 0) || !isfinite(s0) || !(half_log > 0) || n0 < 2)
		return 0;
	k = stats_t_quantile(0.975, (double)n0 - 1) * s0 / half_log;
	k = ceil(k * k);
	/* A huge N is as good as "never": the caller's cap decides. */
	if (!(k < (double)UINT_MAX))
		return UINT_MAX;
	return k > (double)n0 ? (unsigned)k : (unsigned)n0;
}

void paired_compute_two_stage(const double *base, const double *other, size_t n, size_t n0,
			      struct paired_stats *ps)
{
	double s0 = paired_stage_sd(base, other, n, n0);

	paired_compute(base, other, n, ps);
	if (!isfinite(s0) || ps->n < n0)
		return;
	ps->stage_one = n0;
	ps->se_rounds = s0 / sqrt((double)ps->n);
	ps->df = (double)n0 - 1;
	add_instance(ps);
	conclude(ps);
}

unsigned paired_rounds_to_decide(const struct paired_stats *ps, size_t m, double alpha,
				 double margin)
{
	double k = (double)(m ? m : 1), e = fabs(ps->mean_log), delta = log1p(margin);
	double sd = ps->se_rounds * sqrt((double)ps->n), df = ps->df, need = 0;

	if (ps->n < 2 || !(sd > 0) || !isfinite(sd) || !isfinite(e) || !(df > 0) || !(margin > 0))
		return 0;
	/* t on the df N rounds give: a few passes from the df the row has. */
	for (int pass = 0; pass < 4; pass++) {
		double se = e / stats_t_quantile(1 - alpha / (2 * k), df), room;

		if (e < delta)
			se = fmax(se, (delta - e) / stats_t_quantile(1 - alpha / k, df));
		room = se * se - ps->instance_sd * ps->instance_sd;
		if (!(room > 0))
			return 0;
		need = ceil(sd * sd / room);
		if (!(need <= PAIRED_DECIDE_MAX))
			return 0;
		if (need < (double)ps->n + 1)
			need = (double)ps->n + 1;
		if (need < VERDICT_MIN_DF + 1)
			need = VERDICT_MIN_DF + 1;      /* no verdict below (verdict.h) */
		if (ps->stage_one == 0)
			df = need - 1;
	}
	return (unsigned)need;
}
