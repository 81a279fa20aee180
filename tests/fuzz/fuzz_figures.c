/*
 * fuzz_figures.c: libFuzzer entry point for records whose syntax is valid
 * and whose figures are not (issue 51; tests/fuzz/README.md).
 *
 * The input is not a record: it is a list of edits to a real one
 * (tests/data/records/quick.json or paired.json, read once; the run starts
 * in the source tree).  Its first byte picks the record; then each 3 bytes
 * name a number of the record (its index among the number tokens, 16 bits)
 * and a new value for it from a table (0, -1, 1, 3, 6, a tenth more, a
 * millionth more, a huge value, the value of another number...), so every
 * edit keeps the JSON valid and only the figures go wrong.  The reader
 * must refuse the edited record in one line naming the input, or read a
 * model whose figures are its samples': every test scored again
 * (score_test) gives the figures stored, every copy count's index tables
 * (score_run) too, no rate, count, score or index is negative, no kept
 * count passes the samples, no sample lies outside --repeat's passes, no
 * test or copy count is given twice, and the verdicts judged again
 * (score_paired_judge) are the ones read.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reader/record_read.h"
#include "score/score.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void require(int ok)
{
	if (!ok)
		abort();
}

/* A record and where each of its number tokens starts and ends. */
struct base {
	char *text;
	size_t len;
	size_t *at, *end, n;
};

static void load(struct base *b, const char *path)
{
	FILE *f = fopen(path, "rb");
	long sz = 0;

	require(f != NULL && fseek(f, 0, SEEK_END) == 0 && (sz = ftell(f)) > 0);
	rewind(f);
	b->text = malloc((size_t)sz + 1);
	require(b->text != NULL && fread(b->text, 1, (size_t)sz, f) == (size_t)sz);
	fclose(f);
	b->len = (size_t)sz;
	b->text[b->len] = '\0';
	b->at = malloc(b->len * sizeof(*b->at));
	b->end = malloc(b->len * sizeof(*b->end));
	require(b->at != NULL && b->end != NULL);
	/* Numbers outside strings: a '-' or digit after ':', ',', '[' or blanks. */
	for (size_t i = 0, in_str = 0; i < b->len; i++) {
		char c = b->text[i];

		if (in_str) {
			if (c == '\\')
				i++;
			else if (c == '"')
				in_str = 0;
			continue;
		}
		if (c == '"') {
			in_str = 1;
		} else if (c == '-' || (c >= '0' && c <= '9')) {
			size_t j = i;

			while (j < b->len && strchr("-+.eE0123456789", b->text[j]) != NULL)
				j++;
			b->at[b->n] = i;
			b->end[b->n++] = j;
			i = j - 1;
		}
	}
	require(b->n > 0);
}

static double value_of(const struct base *b, size_t k)
{
	return strtod(b->text + b->at[k], NULL);
}

/* The new value of number k, by op. */
static double new_value(const struct base *b, size_t k, unsigned op, size_t other)
{
	double v = value_of(b, k);

	switch (op % 12) {
	case 0: return 0;
	case 1: return -1;
	case 2: return 1;
	case 3: return 3;
	case 4: return 6;
	case 5: return v * 1.1;
	case 6: return v * (1 + 1e-6);
	case 7: return v * 1.5;
	case 8: return -v;
	case 9: return 1e300;
	case 10: return v + 1;
	default: return value_of(b, other);
	}
}

struct edit {
	size_t k;
	char num[32];
};

static int by_token(const void *a, const void *b)
{
	const struct edit *x = a, *y = b;

	return x->k < y->k ? -1 : x->k > y->k;
}

static char *edited(const struct base *b, const uint8_t *data, size_t size, size_t *len)
{
	size_t ne = size / 3, o = 0, from = 0;
	struct edit *e = calloc(ne ? ne : 1, sizeof(*e));
	char *out;

	require(e != NULL);
	for (size_t i = 0; i < ne; i++) {
		size_t k = ((size_t)data[3 * i] << 8 | data[3 * i + 1]) % b->n;
		unsigned op = data[3 * i + 2];
		double v = new_value(b, k, op, (k + op) % b->n);

		e[i].k = k;
		/* A whole number stays one (an unsigned member takes no fraction). */
		if (v == floor(v) && fabs(v) < 1e15)
			snprintf(e[i].num, sizeof(e[i].num), "%.0f", v);
		else
			snprintf(e[i].num, sizeof(e[i].num), "%.17g", v);
	}
	qsort(e, ne, sizeof(*e), by_token);
	out = malloc(b->len + ne * sizeof(e[0].num) + 1);
	require(out != NULL);
	for (size_t i = 0; i < ne; i++) {
		if (i > 0 && e[i].k == e[i - 1].k)
			continue;   /* the first edit of a number wins */
		memcpy(out + o, b->text + from, b->at[e[i].k] - from);
		o += b->at[e[i].k] - from;
		memcpy(out + o, e[i].num, strlen(e[i].num));
		o += strlen(e[i].num);
		from = b->end[e[i].k];
	}
	memcpy(out + o, b->text + from, b->len - from);
	o += b->len - from;
	out[o] = '\0';
	*len = o;
	free(e);
	return out;
}

static int near(double a, double b)
{
	if (isnan(a) || isnan(b))
		return isnan(a) && isnan(b);
	return fabs(a - b) <= 1e-9 * fmax(fabs(a), fabs(b));
}

/* What the reader promised of a model it accepted. */
static void check_figures(struct run_result *r)
{
	size_t n = r->ncmps + r->npscores;
	enum verdict *was = calloc(n ? n : 1, sizeof(*was));

	require(was != NULL);
	for (size_t i = 0; i < r->nruns; i++) {
		struct copy_run *run = &r->runs[i], s = *run;

		for (size_t h = 0; h < i; h++)
			require(r->runs[h].copies != run->copies || r->runs[h].dir != run->dir);
		for (size_t j = 0; j < run->ntests; j++) {
			const struct bench_result *t = &run->tests[j];
			struct bench_result c = *t;

			for (size_t h = 0; h < j; h++)
				require(run->tests[h].def != t->def);
			require(!(t->score < 0) && !(t->index < 0) && t->kept <= t->npasses);
			for (size_t p = 0; p < t->npasses; p++) {
				const struct pass_result *ps = &t->passes[p];

				require(!(ps->rate < 0) && !(ps->count < 0) && !(ps->time < 0));
				require(r->repeat >= 2 ? ps->repeat_pass >= 1 && ps->repeat_pass <= r->repeat
						       : ps->repeat_pass == 0);
			}
			c.passes = malloc((t->npasses ? t->npasses : 1) * sizeof(*c.passes));
			require(c.passes != NULL);
			if (t->npasses)
				memcpy(c.passes, t->passes, t->npasses * sizeof(*c.passes));
			score_test(&c);
			require(near(c.score, t->score) && near(c.index, t->index) && c.kept == t->kept);
			require(near(c.stats.mean, t->stats.mean) && near(c.stats.sd, t->stats.sd));
			free(c.passes);
		}
		score_run(&s);
		for (int c = 0; c < CAT_COUNT; c++)
			require(near(s.cats[c].score, run->cats[c].score));
	}
	for (size_t i = 0; i < n; i++)
		was[i] = i < r->ncmps ? r->cmps[i].st.vd.v : r->pscores[i - r->ncmps].st.vd.v;
	require(score_paired_judge(r) == 0);
	for (size_t i = 0; i < n; i++)
		require(was[i] == (i < r->ncmps ? r->cmps[i].st.vd.v
						 : r->pscores[i - r->ncmps].st.vd.v));
	free(was);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct base bases[2];
	static const char *const paths[2] = {
		"tests/data/records/quick.json", "tests/data/records/paired.json",
	};
	struct run_result r;
	const struct base *b;
	char err[512], *text;
	size_t len;

	if (bases[0].text == NULL)
		for (int i = 0; i < 2; i++)
			load(&bases[i], paths[i]);
	if (size == 0)
		return 0;
	b = &bases[data[0] % 2];
	text = edited(b, data + 1, size - 1, &len);
	if (record_read_buffer("in.json", text, len, &r, err, sizeof(err)) == 0) {
		check_figures(&r);
		result_free(&r);
	} else {
		require(strncmp(err, "in.json: ", 9) == 0 && strlen(err) > 9);
		require(strchr(err, '\n') == NULL);
		require(r.runs == NULL && r.cmps == NULL);
	}
	free(text);
	return 0;
}
