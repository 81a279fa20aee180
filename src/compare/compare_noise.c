/*
 * compare_noise.c: an empirical noise floor for inputs without samples.
 *
 * A pasted report has one figure per test, so no change in it can be
 * judged.  But when several such reports come from one machine and one
 * setting family (same host, version and mode) and what was changed between
 * them is the disk side (test directory, mount options, device), the tests
 * that cannot be affected by that change still differ from run to run: the
 * CPU tests, which the test table marks by not having TF_TESTDIR (they write
 * no files).  How much they vary, (largest / smallest - 1) over the inputs,
 * is the floor: a disk test's change within it is not distinguishable from
 * drift.  This is a guide from control tests, not a significance test: the
 * disk tests may drift more (or less) than the CPU tests do.  A test whose
 * result depends on CPU placement (context1) is a control row but not part
 * of the floor: placement, not drift, moves it by several times.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare/compare_int.h"
#include "util/md_out.h"
#include "core/testtab.h"

static int unjudged(const struct delta *d)
{
	return isfinite(d->change) &&
		(strcmp(d->verdict, V_NOSAMPLES) == 0 || strcmp(d->verdict, V_ONESAMPLE) == 0);
}

/* A row of a test that writes no files: one whose result the disk cannot change. */
static int is_control(const struct row *row)
{
	const struct test_def *t = row->is_score ? NULL : test_find(row->key);

	if (t == NULL && !row->is_score)
		t = test_find_title(row->title);
	return t != NULL && !(t->flags & TF_TESTDIR);
}

/*
 * A control test the floor is measured on: not one whose result depends on
 * which CPUs its processes share (TF_PLACEMENT, context1), which swings by
 * several times from run to run with placement, not with drift.
 */
static int measures_floor(const struct row *row)
{
	return is_control(row) && !(test_find_title(row->title)->flags & TF_PLACEMENT);
}

/* NULL when the inputs are one machine and one setting family, else why not. */
static const char *not_one_family(const struct compare *c)
{
	char va[96], vb[96];

	cmp_describe_version(&c->in[0].head, va, sizeof(va));
	for (size_t i = 0; i < c->nin; i++) {
		if (c->in[i].nruns > 1)
			return "runs grouped";
		if (c->in[i].host[0] == '\0')
			return "an input does not name its host";
		if (strcmp(c->in[i].host, c->in[0].host) != 0)
			return "the inputs come from different hosts";
		cmp_describe_version(&c->in[i].head, vb, sizeof(vb));
		if (strcmp(va, vb) != 0)
			return "the inputs are of different versions";
		if (strcmp(cmp_mode_of(&c->in[i].head), cmp_mode_of(&c->in[0].head)) != 0)
			return "the inputs ran in different modes";
	}
	return NULL;
}

/* The floor of one copy count; 0 when no control test ran in two inputs. */
static int floor_of(const struct compare *c, unsigned copies, struct noise *nz)
{
	memset(nz, 0, sizeof(*nz));
	nz->copies = copies;
	for (size_t r = 0; r < c->nrows; r++) {
		const struct row *row = &c->rows[r];
		double lo = INFINITY, hi = 0;
		size_t n = 0;
		const char *unit = "";

		if (row->copies != copies || !measures_floor(row))
			continue;
		for (size_t i = 0; i < c->nin; i++) {
			const struct cell *x = &row->cells[i];

			if (!x->present || x->status != TS_OK || !(x->value > 0))
				continue;
			lo = fmin(lo, x->value);
			hi = fmax(hi, x->value);
			unit = x->unit;
			n++;
		}
		if (n < 2)
			continue;
		if (nz->ntests++ == 0 || 100 * (hi / lo - 1) > nz->pct) {
			nz->pct = 100 * (hi / lo - 1);
			nz->lo = lo;
			nz->hi = hi;
			snprintf(nz->widest, sizeof(nz->widest), "%s", row->title);
			snprintf(nz->unit, sizeof(nz->unit), "%s", unit);
		}
	}
	return nz->ntests > 0;
}

void cmp_noise_floor(struct compare *c)
{
	int any = 0;

	/* Only for tests without samples: index scores never have any. */
	for (size_t r = 0; r < c->nrows; r++)
		for (size_t i = 1; i < c->nin && !c->rows[r].is_score; i++)
			any |= unjudged(&c->rows[r].deltas[i]);
	if (!any)
		return;
	if (c->one_run) {
		c->noise_why = "the inputs are one run: nothing varied between them";
		return;
	}
	if ((c->noise_why = not_one_family(c)) != NULL)
		return;
	for (size_t r = 0; r < c->nrows; r++) {
		struct row *row = &c->rows[r];
		struct noise *nz = NULL;

		for (size_t k = 0; k < c->nnoise; k++)
			if (c->noise[k].copies == row->copies)
				nz = &c->noise[k];
		if (nz == NULL) {
			if (c->nnoise == sizeof(c->noise) / sizeof(c->noise[0]) ||
			    !floor_of(c, row->copies, &c->noise[c->nnoise]))
				continue;
			nz = &c->noise[c->nnoise++];
		}
		for (size_t i = 1; i < c->nin; i++) {
			struct delta *d = &row->deltas[i];

			if (!unjudged(d))
				continue;
			if (is_control(row))
				d->floor = FLOOR_CONTROL;
			else
				d->floor = fabs(d->change) <= nz->pct ? FLOOR_WITHIN : FLOOR_BEYOND;
		}
	}
	if (c->nnoise == 0)
		c->noise_why = "no CPU test (one that writes no files) ran in two of the inputs";
}

const char *cmp_floor_note(const struct delta *d)
{
	switch (d->floor) {
	case FLOOR_WITHIN: return "; within the noise floor";
	case FLOOR_BEYOND: return "; beyond the noise floor";
	case FLOOR_CONTROL: return "; a control test";
	case FLOOR_NONE: break;
	}
	return "";
}

/*
 * A floor above this: the runs differ by more than any run-to-run drift of a
 * CPU test seen on shared VMs (5-10 % for a single figure,
 * bench/reference-comparison.md), several times over.
 */
#define NOISE_UNALIKE_PCT 50.0

void cmp_print_noise(FILE *out, const struct compare *c, const char *before, int md)
{
	char msg[1024];

	for (size_t k = 0; k < c->nnoise; k++) {
		const struct noise *nz = &c->noise[k];
		char copies[64] = "";

		if (c->nnoise > 1)
			snprintf(copies, sizeof(copies), " with %u parallel cop%s", nz->copies,
				 nz->copies == 1 ? "y" : "ies");
		fputs(before, out);
		snprintf(msg, sizeof(msg), "Noise floor%s: CPU tests, which do not touch the disk, "
			 "vary by up to %.1f%% between these runs (the widest spread of one test's "
			 "result, largest / smallest - 1, over %zu test%s; most: %s, %.1f to %.1f "
			 "%s): changes within that are not distinguishable from run-to-run "
			 "drift.%s",
			 copies, nz->pct, nz->ntests, nz->ntests == 1 ? "" : "s", nz->widest,
			 nz->lo, nz->hi, nz->unit, nz->pct > NOISE_UNALIKE_PCT
			 ? " A spread this large says the runs were not alike (one of them "
			   "disturbed, or run with other settings), not that the disk tests are "
			   "noisy: compare runs made alike." : "");
		if (md) {   /* the widest test's title is outside text */
			md_text(out, msg);
			fputc('\n', out);
		} else {
			cmp_wrapped(out, "", msg);
		}
	}
	if (c->nnoise > 0)
		cmp_wrapped(out, "", "This is a guide from control tests, not a significance test: the tests "
			"that touch the disk may drift more or less than the CPU tests do; only samples "
			"(a sysindex run, or UnixBench's .log) give a verdict.");
}
