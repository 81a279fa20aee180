/*
 * cmd_compare.c: `sysindex compare [options] FILE...`: one table of two or
 * more results, the change of each against the first, and whether the change
 * is real: Welch's t-test on every sample's rate where both sides have
 * samples (the statistics block of a sysindex text report, or better, the
 * per-sample CSV beside it).
 *
 * Everything is read and checked before anything is printed: bad input
 * gives one line on stderr, exit 2, and an empty stdout.
 */
#include "cmds.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "json_out.h"
#include "plot.h"
#include "stats.h"
#include "testtab.h"
#include "textparse.h"
#include "util.h"

#define CMP_MAX_FILES 64
#define CMP_MAX_INPUTS 64
#define CMP_PATH_MAX 4096
#define ROW_TITLE_MAX (TP_TITLE_MAX + 32)
#define TIME_RATIO_WARN 1.5     /* seconds per sample this far apart: not the same test */

#define V_FASTER "faster"
#define V_SLOWER "slower"
#define V_NODIFF "no difference proven"
#define V_NOSAMPLES "significance cannot be judged (no samples)"
#define V_ONESAMPLE "significance cannot be judged (1 sample)"
#define V_UNITS "units differ"
#define V_TESTS "index tests differ"

enum format { F_TEXT, F_MD, F_CSV, F_JSON };

struct options {
	const char *labels[CMP_MAX_INPUTS];
	size_t nlabels;
	const char *files[CMP_MAX_FILES];
	size_t nfiles;
	enum format format;
	const char *plot;
	unsigned copies;        /* 0: every copy count */
};

/* One file argument: a parsed report file and the samples CSV beside it. */
struct source {
	const char *arg;
	char text[CMP_PATH_MAX];        /* the text report read ("" for a CSV-only run) */
	char csv[CMP_PATH_MAX];         /* the samples CSV used ("" if none) */
	char label[128];                /* default label: the file's base name */
	struct tp_doc doc;
	struct tp_samples samples;
	int have_samples;
};

/* One column of the table: one report. */
struct input {
	char label[160];
	const struct source *src;
	const struct tp_report *rep;
	const struct tp_samples *samples;       /* NULL: none */
};

/* One input's figure in one row. */
struct cell {
	int present;
	enum tp_status status;
	double value;           /* headline: UnixBench's score, or the index score */
	char unit[16];
	double time;            /* seconds per sample, -1 unknown */
	unsigned samples;       /* samples behind the headline, 0 unknown */
	int has_stats;
	size_t n;
	double mean, sd;
	const struct tp_block *block;   /* score rows: where the index rows are */
};

/* Input i against input 0 in one row. */
struct delta {
	double change;          /* %, NAN when not computed */
	int judged;             /* Welch ran: ci and p are set */
	double ci_lo, ci_hi;    /* % of input 0's mean */
	double p, df;
	const char *verdict;    /* "" when there is nothing to say */
};

struct row {
	unsigned copies;
	int is_score;
	char title[ROW_TITLE_MAX];
	char category[64];      /* score rows */
	struct cell *cells;     /* one per input */
	struct delta *deltas;   /* one per input; [0] unused */
};

struct compare {
	struct options opt;
	struct source *src;
	size_t nsrc;
	struct input in[CMP_MAX_INPUTS];
	size_t nin;
	struct row *rows;
	size_t nrows;
	char **warnings;
	size_t nwarnings;
};

/* ---- messages --------------------------------------------------------- */

static int usage_error(const char *fmt, ...)
{
	va_list ap;

	fputs("sysindex compare: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return 2;
}

/* A warning: one line on stderr now, and kept for the JSON output. */
static void warn(struct compare *c, const char *fmt, ...)
{
	char msg[512], **grown;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	fprintf(stderr, "sysindex compare: warning: %s\n", msg);
	grown = realloc(c->warnings, (c->nwarnings + 1) * sizeof(*grown));
	if (grown == NULL)
		return;
	c->warnings = grown;
	if ((c->warnings[c->nwarnings] = strdup(msg)) != NULL)
		c->nwarnings++;
}

static void usage(FILE *out)
{
	fputs("usage: sysindex compare [--label L]... [--format text|md|csv|json]\n"
	      "                        [--plot FILE.svg|FILE.png] [--copies N] FILE...\n"
	      "\n"
	      "Compare two or more results: sysindex text reports (or their .json/.csv\n"
	      "files, which resolve to the run's text report and samples CSV) and plain\n"
	      "UnixBench 5.x/6.x reports, also pasted from web pages.  A file holding\n"
	      "several reports counts as several inputs (file#1, file#2, ...).\n"
	      "\n"
	      "  --label L     name the next input's column (repeat, in input order)\n"
	      "  --format F    text (default), md (Markdown table), csv or json\n"
	      "  --plot FILE   grouped bar chart of each input relative to the first (gnuplot)\n"
	      "  --copies N    only the runs with N parallel copies\n"
	      "\n"
	      "Each input's change is against the first.  Where both have samples, the\n"
	      "95% confidence interval of the difference and Welch's t-test say whether\n"
	      "it is faster, slower, or \"no difference proven\".  See docs/compare.md.\n", out);
}

/* ---- options ---------------------------------------------------------- */

/*
 * "--name VALUE" or "--name=VALUE" in a (= argv[*i]): the value, or NULL if a
 * is not --name (or its value is missing: then *missing is set).
 */
static const char *opt_value(const char *a, int argc, char **argv, int *i, const char *name,
			     int *missing)
{
	size_t k = strlen(name);

	if (strncmp(a, name, k) != 0)
		return NULL;
	if (a[k] == '=')
		return a + k + 1;
	if (a[k] != '\0')
		return NULL;
	if (*i + 1 >= argc || argv[*i + 1] == NULL) {
		*missing = 1;
		return NULL;
	}
	return argv[++*i];
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* 0, 1 for --help, or 2 after a usage error. */
static int parse_options(int argc, char **argv, struct options *o)
{
	int only_files = 0;

	memset(o, 0, sizeof(*o));
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v;
		int missing = 0;

		if (only_files || a[0] != '-' || a[1] == '\0') {
			if (o->nfiles == CMP_MAX_FILES)
				return usage_error("too many files (at most %d)", CMP_MAX_FILES);
			o->files[o->nfiles++] = a;
		} else if (strcmp(a, "--") == 0) {
			only_files = 1;
		} else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			return 1;
		} else if ((v = opt_value(a, argc, argv, &i, "--label", &missing)) != NULL) {
			if (o->nlabels == CMP_MAX_INPUTS)
				return usage_error("too many --label options");
			if (v[0] == '\0')
				return usage_error("--label: empty label");
			o->labels[o->nlabels++] = v;
		} else if ((v = opt_value(a, argc, argv, &i, "--format", &missing)) != NULL) {
			static const char *const names[] = { "text", "md", "csv", "json" };
			size_t f = 0;

			while (f < 4 && strcmp(v, names[f]) != 0)
				f++;
			if (f == 4)
				return usage_error("--format: unknown format '%s' (text, md, csv, json)", v);
			o->format = (enum format)f;
		} else if ((v = opt_value(a, argc, argv, &i, "--plot", &missing)) != NULL) {
			if (!ends_with(v, ".svg") && !ends_with(v, ".png"))
				return usage_error("--plot: '%s' must end in .svg or .png", v);
			o->plot = v;
		} else if ((v = opt_value(a, argc, argv, &i, "--copies", &missing)) != NULL) {
			unsigned long n;

			if (parse_ulong(v, 1, 1000000, &n) != 0)
				return usage_error("--copies: '%s' is not a copy count", v);
			o->copies = (unsigned)n;
		} else if (missing) {
			return usage_error("%s: missing value", a);
		} else {
			return usage_error("unknown option '%s' (see --help)", a);
		}
	}
	return 0;
}

/* ---- reading the inputs ----------------------------------------------- */

static int is_file(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The base name of path without a known result extension, as a label. */
static void base_label(const char *path, const char *strip, char *out, size_t outlen)
{
	const char *b = strrchr(path, '/');
	size_t n;

	b = b ? b + 1 : path;
	if (*b == '\0')
		b = path;
	n = strlen(b);
	if (strip != NULL && ends_with(b, strip) && n > strlen(strip))
		n -= strlen(strip);
	snprintf(out, outlen, "%.*s", (int)n, b);
}

/*
 * A CSV without its text report: one result per (copies, test) with
 * UnixBench's score (geometric mean of the kept samples' rates).
 */
static int doc_from_samples(const struct tp_samples *s, struct tp_doc *doc)
{
	struct tp_report *r = calloc(1, sizeof(*r));

	memset(doc, 0, sizeof(*doc));
	if (r == NULL)
		return -1;
	doc->reports = r;
	doc->nreports = 1;
	r->blocks = calloc(s->nsets ? s->nsets : 1, sizeof(*r->blocks));
	if (r->blocks == NULL)
		return -1;
	for (size_t i = 0; i < s->nsets; i++) {
		const struct tp_sample_set *set = &s->sets[i];
		struct tp_block *b = NULL;
		struct tp_result *res;
		double *kept = malloc((set->n ? set->n : 1) * sizeof(*kept));
		size_t nk = 0;

		if (kept == NULL)
			return -1;
		for (size_t j = 0; j < r->nblocks; j++)
			if (r->blocks[j].copies == set->copies)
				b = &r->blocks[j];
		if (b == NULL) {
			b = &r->blocks[r->nblocks++];
			b->copies = set->copies;
			b->results = calloc(s->nsets, sizeof(*b->results));
			if (b->results == NULL) {
				free(kept);
				return -1;
			}
		}
		for (size_t j = 0; j < set->n; j++)
			if (!set->dropped[j])
				kept[nk++] = set->rate[j];
		res = &b->results[b->nresults++];
		snprintf(res->title, sizeof(res->title), "%s", set->title);
		snprintf(res->unit, sizeof(res->unit), "%s", set->unit);
		res->status = TP_OK;
		res->value = nk ? stats_geomean(kept, nk) : stats_geomean(set->rate, set->n);
		res->time = -1;
		res->samples = (unsigned)(nk ? nk : set->n);
		free(kept);
	}
	return 0;
}

static int load_samples(struct source *s, const char *path, int required)
{
	char err[512];
	int rc = tp_parse_samples_csv(path, &s->samples, err, sizeof(err));

	if (rc < 0)
		return usage_error("%s", err);
	if (rc == 1) {
		if (required)
			return usage_error("%s: not a sysindex samples CSV", path);
		return 0;
	}
	snprintf(s->csv, sizeof(s->csv), "%s", path);
	s->have_samples = 1;
	return 0;
}

/*
 * x.json, x.csv, x.html, x.md, x.log resolve to the run's text report x and
 * the samples CSV x.csv beside it; any other file is read as a report.
 */
static int load_source(struct source *s, const char *arg)
{
	static const char *const exts[] = { ".json", ".csv", ".html", ".md", ".log" };
	const char *ext = NULL;
	char base[CMP_PATH_MAX], csv[CMP_PATH_MAX + 8], err[512];
	int rc;

	memset(s, 0, sizeof(*s));
	s->arg = arg;
	for (size_t i = 0; i < sizeof(exts) / sizeof(exts[0]); i++)
		if (ends_with(arg, exts[i]) && strlen(arg) > strlen(exts[i]))
			ext = exts[i];
	if (strlen(arg) >= sizeof(base))
		return usage_error("%.60s...: path too long", arg);
	snprintf(base, sizeof(base), "%s", arg);
	if (ext != NULL)
		base[strlen(arg) - strlen(ext)] = '\0';
	if (ext != NULL && is_file(base)) {
		snprintf(s->text, sizeof(s->text), "%s", base);
		base_label(arg, ext, s->label, sizeof(s->label));
	} else if (ext != NULL && strcmp(ext, ".csv") == 0 && is_file(arg)) {
		base_label(arg, ext, s->label, sizeof(s->label));
		if ((rc = load_samples(s, arg, 1)) != 0)
			return rc;
		if (s->samples.nsets == 0)
			return usage_error("%s: no benchmark results found", arg);
		if (doc_from_samples(&s->samples, &s->doc) != 0)
			return usage_error("%s: out of memory", arg);
		return 0;
	} else if (ext != NULL && strcmp(ext, ".json") == 0) {
		return usage_error("%s: a .json result is read through its text report %s, which "
				   "is missing", arg, base);
	} else {
		snprintf(s->text, sizeof(s->text), "%s", arg);
		base_label(arg, NULL, s->label, sizeof(s->label));
	}
	if (tp_parse_file(s->text, &s->doc, err, sizeof(err)) != 0)
		return usage_error("%s", err);
	snprintf(csv, sizeof(csv), "%s.csv", s->text);
	/* Samples of one run only: a file of several reports has no single CSV. */
	if (s->doc.nreports == 1 && is_file(csv))
		return load_samples(s, csv, 0);
	return 0;
}

static int label_taken(const struct compare *c, size_t upto, const char *label)
{
	for (size_t i = 0; i < upto; i++)
		if (strcmp(c->in[i].label, label) == 0)
			return 1;
	return 0;
}

static int make_inputs(struct compare *c)
{
	for (size_t s = 0; s < c->nsrc; s++) {
		const struct source *src = &c->src[s];

		for (size_t r = 0; r < src->doc.nreports; r++) {
			struct input *in;

			if (c->nin == CMP_MAX_INPUTS)
				return usage_error("too many reports (at most %d)", CMP_MAX_INPUTS);
			in = &c->in[c->nin];
			in->src = src;
			in->rep = &src->doc.reports[r];
			in->samples = src->have_samples ? &src->samples : NULL;
			if (c->nin < c->opt.nlabels)
				snprintf(in->label, sizeof(in->label), "%s", c->opt.labels[c->nin]);
			else if (src->doc.nreports > 1)
				snprintf(in->label, sizeof(in->label), "%s#%zu", src->label, r + 1);
			else
				snprintf(in->label, sizeof(in->label), "%s", src->label);
			for (unsigned k = 2; label_taken(c, c->nin, in->label); k++) {
				char base[128];

				snprintf(base, sizeof(base), "%.100s", c->nin < c->opt.nlabels
					 ? c->opt.labels[c->nin] : src->label);
				snprintf(in->label, sizeof(in->label), "%s (%u)", base, k);
			}
			c->nin++;
		}
	}
	if (c->opt.nlabels > c->nin)
		return usage_error("%zu labels for %zu inputs", c->opt.nlabels, c->nin);
	if (c->nin < 2)
		return usage_error("need at least 2 reports to compare, got %zu", c->nin);
	return 0;
}

/* ---- rows ------------------------------------------------------------- */

static unsigned block_copies(const struct tp_block *b)
{
	return b->copies ? b->copies : 1;
}

static struct row *find_row(struct compare *c, unsigned copies, const char *title, int add)
{
	struct row *grown, *r;

	for (size_t i = 0; i < c->nrows; i++)
		if (c->rows[i].copies == copies && strcmp(c->rows[i].title, title) == 0)
			return &c->rows[i];
	if (!add)
		return NULL;
	grown = realloc(c->rows, (c->nrows + 1) * sizeof(*grown));
	if (grown == NULL)
		return NULL;
	c->rows = grown;
	r = &c->rows[c->nrows];
	memset(r, 0, sizeof(*r));
	r->copies = copies;
	snprintf(r->title, sizeof(r->title), "%s", title);
	r->cells = calloc(c->nin, sizeof(*r->cells));
	r->deltas = calloc(c->nin, sizeof(*r->deltas));
	if (r->cells == NULL || r->deltas == NULL) {
		free(r->cells);
		free(r->deltas);
		return NULL;
	}
	c->nrows++;
	return r;
}

/*
 * One row per category's score, partial or not: whether two scores cover the
 * same tests is judged per pair ("index tests differ"), not by the label.
 */
static void score_title(const struct tp_score *s, char *out, size_t len)
{
	snprintf(out, len, "%s Index Score", s->category);
}

/* Rows in order: per copy count, tests as they first appear, then the scores. */
static int collect_rows(struct compare *c, const unsigned *copies, size_t ncopies)
{
	for (size_t k = 0; k < ncopies; k++) {
		for (int pass = 0; pass < 2; pass++) {
			for (size_t i = 0; i < c->nin; i++) {
				const struct tp_report *rep = c->in[i].rep;

				for (size_t b = 0; b < rep->nblocks; b++) {
					const struct tp_block *bl = &rep->blocks[b];
					char title[ROW_TITLE_MAX];

					if (block_copies(bl) != copies[k])
						continue;
					for (size_t j = 0; pass == 0 && j < bl->nresults; j++)
						if (!find_row(c, copies[k], bl->results[j].title, 1))
							return -1;
					for (size_t j = 0; pass == 0 && j < bl->nindex; j++)
						if (!find_row(c, copies[k], bl->index[j].title, 1))
							return -1;
					for (size_t j = 0; pass == 0 && j < bl->nstats; j++)
						if (!find_row(c, copies[k], bl->stats[j].title, 1))
							return -1;
					for (size_t j = 0; pass == 1 && j < bl->nscores; j++) {
						struct row *r;

						score_title(&bl->scores[j], title, sizeof(title));
						if ((r = find_row(c, copies[k], title, 1)) == NULL)
							return -1;
						r->is_score = 1;
						snprintf(r->category, sizeof(r->category), "%s",
							 bl->scores[j].category);
					}
				}
			}
		}
	}
	return 0;
}

static void fill_stats(struct cell *cell, const struct input *in, const struct tp_block *bl,
		       const char *title)
{
	const struct tp_sample_set *set = in->samples
		? tp_find_samples(in->samples, bl->copies, title) : NULL;
	const struct tp_stats_row *st = tp_find_stats(bl, title);

	if (set != NULL && set->n > 0) {
		struct summary s;

		stats_summarize(set->rate, set->n, &s);
		cell->has_stats = 1;
		cell->n = s.n;
		cell->mean = s.mean;
		cell->sd = s.sd;
		if (cell->unit[0] == '\0')
			snprintf(cell->unit, sizeof(cell->unit), "%s", set->unit);
	} else if (st != NULL) {
		cell->has_stats = 1;
		cell->n = st->n;
		cell->mean = st->mean;
		cell->sd = st->sd;
	}
}

static void fill_cells(struct compare *c)
{
	for (size_t i = 0; i < c->nin; i++) {
		const struct tp_report *rep = c->in[i].rep;

		for (size_t b = 0; b < rep->nblocks; b++) {
			const struct tp_block *bl = &rep->blocks[b];
			unsigned cp = block_copies(bl);

			for (size_t r = 0; r < c->nrows; r++) {
				struct row *row = &c->rows[r];
				struct cell *cell = &row->cells[i];
				const struct tp_result *res;
				const struct tp_index_row *ix;

				if (row->copies != cp || cell->present || row->is_score)
					continue;
				res = tp_find_result(bl, row->title);
				ix = tp_find_index(bl, row->title);
				if (res != NULL) {
					cell->present = 1;
					cell->status = res->status;
					cell->value = res->value;
					cell->time = res->time;
					cell->samples = res->samples;
					snprintf(cell->unit, sizeof(cell->unit), "%s", res->unit);
				} else if (ix != NULL) {
					cell->present = 1;
					cell->status = TP_OK;
					cell->value = ix->result;
					cell->time = -1;
				} else if (tp_find_stats(bl, row->title) == NULL &&
					   (c->in[i].samples == NULL ||
					    !tp_find_samples(c->in[i].samples, bl->copies, row->title))) {
					continue;
				} else {
					cell->present = 1;
					cell->status = TP_OK;
					cell->time = -1;
				}
				fill_stats(cell, &c->in[i], bl, row->title);
				if (res == NULL && ix == NULL)
					cell->value = cell->mean;  /* only a statistics row: its mean */
			}
			for (size_t s = 0; s < bl->nscores; s++) {
				char title[ROW_TITLE_MAX];
				struct row *row;

				score_title(&bl->scores[s], title, sizeof(title));
				row = find_row(c, cp, title, 0);
				if (row == NULL || row->cells[i].present)
					continue;
				row->cells[i].present = 1;
				row->cells[i].status = TP_OK;
				row->cells[i].value = bl->scores[s].score;
				row->cells[i].time = -1;
				row->cells[i].block = bl;
			}
		}
	}
}

/* ---- judging ---------------------------------------------------------- */

/* Every unit sysindex and UnixBench report is a rate: higher is better. */
static int lower_is_better(const char *unit)
{
	static const char *const lower[] = { "s", "ms", "us", "ns", "sec", "usec", "nsec" };

	for (size_t i = 0; i < sizeof(lower) / sizeof(lower[0]); i++)
		if (strcmp(unit, lower[i]) == 0)
			return 1;
	return 0;
}

/* Whether two blocks indexed the same tests for a category's score. */
static int same_index_tests(const struct tp_block *a, const struct tp_block *b,
			    const char *category)
{
	const struct tp_block *pair[2][2] = { { a, b }, { b, a } };

	for (int k = 0; k < 2; k++)
		for (size_t i = 0; i < pair[k][0]->nindex; i++) {
			const struct tp_index_row *x = &pair[k][0]->index[i], *y;

			if (x->baseline < 0 || strcmp(x->category, category) != 0)
				continue;
			y = tp_find_index(pair[k][1], x->title);
			if (y == NULL || y->baseline < 0)
				return 0;
		}
	return 1;
}

static void judge(const struct row *row, const struct cell *a, const struct cell *b,
		  struct delta *d)
{
	struct welch w;

	d->change = NAN;
	d->ci_lo = d->ci_hi = d->p = d->df = NAN;
	d->verdict = "";
	if (!a->present || !b->present || a->status != TP_OK || b->status != TP_OK)
		return;
	if (a->unit[0] && b->unit[0] && strcmp(a->unit, b->unit) != 0) {
		d->verdict = V_UNITS;
		return;
	}
	if (row->is_score && a->block && b->block &&
	    !same_index_tests(a->block, b->block, row->category)) {
		d->verdict = V_TESTS;
		return;
	}
	if (a->value > 0)
		d->change = 100 * (b->value - a->value) / a->value;
	if (!a->has_stats || !b->has_stats || a->n == 0 || b->n == 0) {
		d->verdict = V_NOSAMPLES;
		return;
	}
	if (a->n < 2 || b->n < 2) {
		d->verdict = V_ONESAMPLE;
		return;
	}
	if (stats_welch(a->n, a->mean, a->sd, b->n, b->mean, b->sd, &w) != 0) {
		/* Both without spread and equal: nothing to tell apart. */
		d->judged = 1;
		d->ci_lo = d->ci_hi = 0;
		d->p = 1;
		d->df = (double)(a->n + b->n - 2);
		d->verdict = V_NODIFF;
		return;
	}
	d->judged = 1;
	d->p = w.p;
	d->df = w.df;
	if (a->mean > 0) {
		d->ci_lo = 100 * w.ci_lo / a->mean;
		d->ci_hi = 100 * w.ci_hi / a->mean;
	}
	if (w.verdict == 0)
		d->verdict = V_NODIFF;
	else if ((w.verdict > 0) != lower_is_better(a->unit[0] ? a->unit : b->unit))
		d->verdict = V_FASTER;
	else
		d->verdict = V_SLOWER;
}

/* ---- warnings --------------------------------------------------------- */

static void describe_version(const struct tp_report *r, char *out, size_t len)
{
	if (r->sysindex_version[0])
		snprintf(out, len, "sysindex %s (UnixBench %s layout)", r->sysindex_version,
			 r->version[0] ? r->version : "?");
	else if (r->version[0])
		snprintf(out, len, "UnixBench %s", r->version);
	else
		snprintf(out, len, "unknown version (no title line)");
}

static const char *mode_of(const struct tp_report *r)
{
	return r->mode[0] ? r->mode : "default";
}

static void copies_list(const struct tp_report *r, char *out, size_t len)
{
	size_t o = 0;

	out[0] = '\0';
	for (size_t b = 0; b < r->nblocks && o < len; b++) {
		int n = snprintf(out + o, len - o, "%s%u", b ? ", " : "",
				 block_copies(&r->blocks[b]));

		if (n < 0)
			break;
		o += (size_t)n;
	}
}

/* Per input: which kinds of row-level difference, and one example of each. */
static void warn_rows(struct compare *c, size_t i)
{
	const struct input *a = &c->in[0], *b = &c->in[i];
	size_t ntime = 0, nsamples = 0, nunits = 0, ntests = 0;
	const struct row *etime = NULL, *esamples = NULL, *eunits = NULL, *etests = NULL;

	for (size_t r = 0; r < c->nrows; r++) {
		const struct row *row = &c->rows[r];
		const struct cell *x = &row->cells[0], *y = &row->cells[i];

		if (!x->present || !y->present)
			continue;
		if (x->time > 0 && y->time > 0 &&
		    fmax(x->time, y->time) / fmin(x->time, y->time) > TIME_RATIO_WARN) {
			if (ntime++ == 0)
				etime = row;
		}
		if (x->samples && y->samples && x->samples != y->samples && nsamples++ == 0)
			esamples = row;
		if (strcmp(row->deltas[i].verdict, V_UNITS) == 0 && nunits++ == 0)
			eunits = row;
		if (strcmp(row->deltas[i].verdict, V_TESTS) == 0 && ntests++ == 0)
			etests = row;
	}
	if (ntime)
		warn(c, "%s and %s ran different seconds per sample in %zu test%s (%s: %.1f s vs "
		     "%.1f s): not the same test parameters", b->label, a->label, ntime,
		     ntime == 1 ? "" : "s", etime->title, etime->cells[i].time,
		     etime->cells[0].time);
	if (nsamples)
		warn(c, "%s and %s kept different sample counts in %zu test%s (%s: %u vs %u)",
		     b->label, a->label, nsamples, nsamples == 1 ? "" : "s", esamples->title,
		     esamples->cells[i].samples, esamples->cells[0].samples);
	if (nunits)
		warn(c, "%s and %s report different units in %zu test%s (%s: %s vs %s): "
		     "those rows are not compared", b->label, a->label, nunits,
		     nunits == 1 ? "" : "s", eunits->title, eunits->cells[i].unit,
		     eunits->cells[0].unit);
	if (ntests)
		warn(c, "%s and %s indexed different tests (%s): those scores are not compared",
		     b->label, a->label, etests->title);
}

static void warn_inputs(struct compare *c)
{
	const struct tp_report *a = c->in[0].rep;

	for (size_t i = 0; i < c->nin; i++)
		for (size_t b = 0; b < c->in[i].rep->nblocks; b++)
			if (c->in[i].rep->blocks[b].copies == 0) {
				warn(c, "%s: no \"parallel copies\" line; assuming 1 copy",
				     c->in[i].label);
				break;
			}
	for (size_t i = 1; i < c->nin; i++) {
		const struct tp_report *b = c->in[i].rep;
		char va[96], vb[96], ca[128], cb[128];

		describe_version(a, va, sizeof(va));
		describe_version(b, vb, sizeof(vb));
		if (strcmp(va, vb) != 0)
			warn(c, "versions differ: %s is %s, %s is %s", c->in[i].label, vb,
			     c->in[0].label, va);
		if (strcmp(mode_of(a), mode_of(b)) != 0)
			warn(c, "modes differ: %s ran \"%s\", %s ran \"%s\"", c->in[i].label,
			     mode_of(b), c->in[0].label, mode_of(a));
		if (a->compiler[0] && b->compiler[0] && strcmp(a->compiler, b->compiler) != 0)
			warn(c, "compilers differ: %s: %s; %s: %s", c->in[i].label, b->compiler,
			     c->in[0].label, a->compiler);
		copies_list(a, ca, sizeof(ca));
		copies_list(b, cb, sizeof(cb));
		if (strcmp(ca, cb) != 0)
			warn(c, "copies differ: %s ran %s, %s ran %s parallel copies",
			     c->in[i].label, cb, c->in[0].label, ca);
		warn_rows(c, i);
	}
}

/* ---- output: a grid of strings, printed as text or Markdown ------------ */

struct grid {
	size_t ncols, nrows;
	char **cell;            /* nrows * ncols, malloc'd strings */
	int *right;             /* per column: right-aligned */
};

static int grid_init(struct grid *g, size_t nrows, size_t ncols)
{
	g->nrows = nrows;
	g->ncols = ncols;
	g->cell = calloc(nrows * ncols, sizeof(*g->cell));
	g->right = calloc(ncols, sizeof(*g->right));
	return g->cell && g->right ? 0 : -1;
}

static void grid_set(struct grid *g, size_t r, size_t col, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	free(g->cell[r * g->ncols + col]);
	g->cell[r * g->ncols + col] = strdup(buf);
}

static const char *grid_get(const struct grid *g, size_t r, size_t col)
{
	const char *s = g->cell[r * g->ncols + col];

	return s ? s : "";
}

static void grid_free(struct grid *g)
{
	for (size_t i = 0; g->cell && i < g->nrows * g->ncols; i++)
		free(g->cell[i]);
	free(g->cell);
	free(g->right);
}

static const char *status_word(enum tp_status s)
{
	switch (s) {
	case TP_OK: return "OK";
	case TP_FAILED: return "FAILED";
	case TP_SKIPPED: return "SKIPPED";
	case TP_UNAVAILABLE: return "N/A";
	case TP_NOT_RUN: break;
	}
	return "NOT RUN";
}

static const char *row_unit(const struct compare *c, const struct row *row)
{
	for (size_t i = 0; i < c->nin; i++)
		if (row->cells[i].present && row->cells[i].unit[0])
			return row->cells[i].unit;
	return "";
}

static size_t delta_col(const struct compare *c, size_t i)
{
	return 3 + c->nin + 3 * (i - 1);
}

/* Header row 0, then one row per table row. */
static int build_grid(const struct compare *c, struct grid *g)
{
	size_t ncols = 3 + c->nin + 3 * (c->nin - 1);

	if (grid_init(g, c->nrows + 1, ncols) != 0)
		return -1;
	grid_set(g, 0, 0, "Test");
	grid_set(g, 0, 1, "Copies");
	grid_set(g, 0, 2, "Unit");
	g->right[1] = 1;
	for (size_t i = 0; i < c->nin; i++) {
		grid_set(g, 0, 3 + i, "%s", c->in[i].label);
		g->right[3 + i] = 1;
	}
	for (size_t i = 1; i < c->nin; i++) {
		size_t k = delta_col(c, i);

		grid_set(g, 0, k, "%s vs %s", c->in[i].label, c->in[0].label);
		grid_set(g, 0, k + 1, "95%% CI");
		grid_set(g, 0, k + 2, "Verdict");
		g->right[k] = 1;
	}
	for (size_t r = 0; r < c->nrows; r++) {
		const struct row *row = &c->rows[r];

		grid_set(g, r + 1, 0, "%s", row->title);
		grid_set(g, r + 1, 1, "%u", row->copies);
		grid_set(g, r + 1, 2, "%s", row_unit(c, row));
		for (size_t i = 0; i < c->nin; i++) {
			const struct cell *x = &row->cells[i];

			if (!x->present)
				grid_set(g, r + 1, 3 + i, "-");
			else if (x->status != TP_OK)
				grid_set(g, r + 1, 3 + i, "%s", status_word(x->status));
			else
				grid_set(g, r + 1, 3 + i, "%.1f", x->value);
		}
		for (size_t i = 1; i < c->nin; i++) {
			const struct delta *d = &row->deltas[i];
			size_t k = delta_col(c, i);

			if (isfinite(d->change))
				grid_set(g, r + 1, k, "%+.2f%%", d->change);
			if (d->judged && isfinite(d->ci_lo))
				grid_set(g, r + 1, k + 1, "[%+.2f%%, %+.2f%%]", d->ci_lo, d->ci_hi);
			grid_set(g, r + 1, k + 2, "%s", d->verdict);
		}
	}
	return 0;
}

static const char *samples_source(const struct input *in, int *any)
{
	const struct tp_report *r = in->rep;

	*any = 1;
	if (in->samples != NULL)
		return "per-sample CSV";
	for (size_t b = 0; b < r->nblocks; b++)
		if (r->blocks[b].nstats > 0)
			return "statistics block";
	*any = 0;
	return "no samples (headline scores only)";
}

static void print_text(FILE *out, const struct compare *c, const struct grid *g)
{
	size_t *w = calloc(g->ncols, sizeof(*w));
	int any;

	if (w == NULL)
		return;
	for (size_t i = 0; i < c->nin; i++) {
		const struct input *in = &c->in[i];
		char v[96];

		describe_version(in->rep, v, sizeof(v));
		fprintf(out, "%s: %s: %s", in->label,
			in->src->text[0] ? in->src->text : in->src->csv, v);
		if (in->rep->host[0])
			fprintf(out, ", host %s", in->rep->host);
		fprintf(out, ", mode %s; %s\n", mode_of(in->rep), samples_source(in, &any));
	}
	fputc('\n', out);
	for (size_t r = 0; r < g->nrows; r++)
		for (size_t k = 0; k < g->ncols; k++)
			if (strlen(grid_get(g, r, k)) > w[k])
				w[k] = strlen(grid_get(g, r, k));
	for (size_t r = 0; r < g->nrows; r++) {
		size_t last = g->ncols;

		/* No trailing blanks: stop after the last non-empty cell. */
		while (last > 0 && grid_get(g, r, last - 1)[0] == '\0')
			last--;
		for (size_t k = 0; k < last; k++) {
			const char *s = grid_get(g, r, k);
			int pad = (int)w[k];

			if (k + 1 == last && !g->right[k])
				fputs(s, out);
			else
				fprintf(out, g->right[k] ? "%*s" : "%-*s", pad, s);
			if (k + 1 < last)
				fputs("  ", out);
		}
		fputc('\n', out);
	}
	fprintf(out, "\nChange: against %s's score.  95%% CI and verdict: Welch's t-test on "
		"every sample's rate\n(two-sided, 95%%); \"no difference proven\" when the "
		"interval of the difference holds 0.\n", c->in[0].label);
	free(w);
}

/* Markdown cell: '|' would end the cell, so it is escaped. */
static void md_cell(FILE *out, const char *s)
{
	fputs(" ", out);
	for (; *s; s++) {
		if (*s == '|' || *s == '\\')
			fputc('\\', out);
		fputc(*s, out);
	}
	fputs(" |", out);
}

static void print_md(FILE *out, const struct compare *c, const struct grid *g)
{
	for (size_t r = 0; r < g->nrows; r++) {
		fputs("|", out);
		for (size_t k = 0; k < g->ncols; k++)
			md_cell(out, grid_get(g, r, k));
		fputc('\n', out);
		if (r == 0) {
			fputs("|", out);
			for (size_t k = 0; k < g->ncols; k++)
				fputs(g->right[k] ? " ---: |" : " --- |", out);
			fputc('\n', out);
		}
	}
	fprintf(out, "\nChange against %s. Verdicts: Welch's t-test on every sample's rate "
		"(two-sided, 95%%).\n", c->in[0].label);
}

/* ---- output: CSV and JSON ---------------------------------------------- */

static void csv_field(FILE *out, const char *s)
{
	if (strpbrk(s, ",\"\r\n") == NULL) {
		fputs(s, out);
		return;
	}
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

/* ",<number>", or just "," when the number does not exist (NAN). */
static void csv_num(FILE *out, double v)
{
	char buf[40];

	fputc(',', out);
	if (json_format_double(v, buf, sizeof(buf)) == 0)
		fputs(buf, out);
}

/* Long format: one line per (row, input). */
static void print_csv(FILE *out, const struct compare *c)
{
	fputs("copies,kind,test,input,label,status,value,unit,time,samples,n,mean,sd,"
	      "change_pct,ci_low_pct,ci_high_pct,p_value,df,verdict\n", out);
	for (size_t r = 0; r < c->nrows; r++) {
		const struct row *row = &c->rows[r];

		for (size_t i = 0; i < c->nin; i++) {
			const struct cell *x = &row->cells[i];
			const struct delta *d = &row->deltas[i];

			fprintf(out, "%u,%s,", row->copies, row->is_score ? "score" : "test");
			csv_field(out, row->title);
			fprintf(out, ",%zu,", i + 1);
			csv_field(out, c->in[i].label);
			fputc(',', out);
			csv_field(out, !x->present ? "missing" : x->status == TP_OK ? "ok"
				  : status_word(x->status));
			csv_num(out, x->present && x->status == TP_OK ? x->value : NAN);
			fputc(',', out);
			csv_field(out, x->unit);
			csv_num(out, x->time > 0 ? x->time : NAN);
			fputc(',', out);
			if (x->samples)
				fprintf(out, "%u", x->samples);
			fputc(',', out);
			if (x->has_stats)
				fprintf(out, "%zu", x->n);
			csv_num(out, x->has_stats ? x->mean : NAN);
			csv_num(out, x->has_stats ? x->sd : NAN);
			csv_num(out, i ? d->change : NAN);
			csv_num(out, i && d->judged ? d->ci_lo : NAN);
			csv_num(out, i && d->judged ? d->ci_hi : NAN);
			csv_num(out, i && d->judged ? d->p : NAN);
			csv_num(out, i && d->judged ? d->df : NAN);
			fputc(',', out);
			csv_field(out, i ? d->verdict : "");
			fputc('\n', out);
		}
	}
}

static void json_input(struct json_out *j, const struct input *in)
{
	int any;

	json_object_begin(j);
	json_kv_string(j, "label", in->label);
	json_kv_string_or_null(j, "file", in->src->text);
	json_kv_string_or_null(j, "samples_csv", in->src->csv);
	json_kv_string_or_null(j, "title", in->rep->title);
	json_kv_string_or_null(j, "unixbench_version", in->rep->version);
	json_kv_string_or_null(j, "sysindex_version", in->rep->sysindex_version);
	json_kv_string_or_null(j, "host", in->rep->host);
	json_kv_string(j, "mode", mode_of(in->rep));
	json_kv_string_or_null(j, "compiler", in->rep->compiler);
	json_kv_string(j, "samples_from", samples_source(in, &any));
	json_object_end(j);
}

static void json_row(struct json_out *j, const struct compare *c, const struct row *row)
{
	json_object_begin(j);
	json_kv_uint(j, "copies", row->copies);
	json_kv_string(j, "kind", row->is_score ? "score" : "test");
	json_kv_string(j, "title", row->title);
	json_kv_string_or_null(j, "unit", row_unit(c, row));
	json_key(j, "values");
	json_array_begin(j);
	for (size_t i = 0; i < c->nin; i++) {
		const struct cell *x = &row->cells[i];

		json_object_begin(j);
		json_kv_string(j, "label", c->in[i].label);
		json_kv_string(j, "status", !x->present ? "missing" : x->status == TP_OK ? "ok"
			       : status_word(x->status));
		if (x->present && x->status == TP_OK)
			json_kv_double(j, "value", x->value);
		else
			json_kv_null(j, "value");
		json_kv_string_or_null(j, "unit", x->unit);
		if (x->time > 0)
			json_kv_double(j, "seconds", x->time);
		else
			json_kv_null(j, "seconds");
		if (x->samples)
			json_kv_uint(j, "samples", x->samples);
		else
			json_kv_null(j, "samples");
		if (x->has_stats) {
			json_kv_uint(j, "n", x->n);
			json_kv_double(j, "mean", x->mean);
			json_kv_double(j, "sd", x->sd);
		}
		json_object_end(j);
	}
	json_array_end(j);
	json_key(j, "comparisons");
	json_array_begin(j);
	for (size_t i = 1; i < c->nin; i++) {
		const struct delta *d = &row->deltas[i];

		json_object_begin(j);
		json_kv_string(j, "label", c->in[i].label);
		json_kv_string(j, "against", c->in[0].label);
		json_kv_double(j, "change_pct", d->change);
		json_kv_bool(j, "judged", d->judged);
		json_kv_double(j, "ci_low_pct", d->judged ? d->ci_lo : NAN);
		json_kv_double(j, "ci_high_pct", d->judged ? d->ci_hi : NAN);
		json_kv_double(j, "p_value", d->judged ? d->p : NAN);
		json_kv_double(j, "df", d->judged ? d->df : NAN);
		json_kv_string_or_null(j, "verdict", d->verdict);
		json_object_end(j);
	}
	json_array_end(j);
	json_object_end(j);
}

static int print_json(FILE *out, const struct compare *c)
{
	struct json_out j;

	json_init(&j, out, 1);
	json_object_begin(&j);
	json_kv_string(&j, "format", "sysindex-compare");
	json_kv_int(&j, "format_version", 1);
	json_kv_string(&j, "test", "Welch's t-test, two-sided, 95%");
	json_key(&j, "inputs");
	json_array_begin(&j);
	for (size_t i = 0; i < c->nin; i++)
		json_input(&j, &c->in[i]);
	json_array_end(&j);
	json_key(&j, "warnings");
	json_array_begin(&j);
	for (size_t i = 0; i < c->nwarnings; i++)
		json_string(&j, c->warnings[i]);
	json_array_end(&j);
	json_key(&j, "rows");
	json_array_begin(&j);
	for (size_t r = 0; r < c->nrows; r++)
		json_row(&j, c, &c->rows[r]);
	json_array_end(&j);
	json_object_end(&j);
	return json_finish(&j);
}

/* ---- the chart ---------------------------------------------------------- */

/* Each input's value as a percentage of the first input's, one group per row. */
static int draw_plot(const struct compare *c, size_t ncopies)
{
	const char **rows = calloc(c->nrows ? c->nrows : 1, sizeof(*rows));
	char **names = calloc(c->nrows ? c->nrows : 1, sizeof(*names));
	const char *series[CMP_MAX_INPUTS];
	double *values = calloc((c->nrows ? c->nrows : 1) * c->nin, sizeof(*values));
	char title[256], ylabel[200], err[512], gp[CMP_PATH_MAX];
	size_t n = 0;
	int rc = 0;

	if (rows == NULL || names == NULL || values == NULL) {
		rc = usage_error("--plot: out of memory");
		goto out;
	}
	for (size_t r = 0; r < c->nrows; r++) {
		const struct row *row = &c->rows[r];
		const struct cell *a = &row->cells[0];
		char name[ROW_TITLE_MAX + 32];

		if (!a->present || a->status != TP_OK || !(a->value > 0))
			continue;
		if (ncopies > 1)
			snprintf(name, sizeof(name), "%s (%u cop%s)", row->title, row->copies,
				 row->copies == 1 ? "y" : "ies");
		else
			snprintf(name, sizeof(name), "%s", row->title);
		if ((names[n] = strdup(name)) == NULL)
			break;
		rows[n] = names[n];
		for (size_t i = 0; i < c->nin; i++) {
			const struct cell *x = &row->cells[i];
			int comparable = x->present && x->status == TP_OK &&
				(i == 0 || (strcmp(row->deltas[i].verdict, V_UNITS) != 0 &&
					    strcmp(row->deltas[i].verdict, V_TESTS) != 0));

			values[n * c->nin + i] = comparable ? 100 * x->value / a->value : NAN;
		}
		n++;
	}
	for (size_t i = 0; i < c->nin; i++)
		series[i] = c->in[i].label;
	snprintf(title, sizeof(title), "sysindex compare: each input relative to %s",
		 c->in[0].label);
	snprintf(ylabel, sizeof(ylabel), "%% of %s", c->in[0].label);
	if (find_in_path("gnuplot", gp, sizeof(gp)) != 0) {
		fprintf(stderr, "sysindex compare: gnuplot not found: %s not drawn "
			"(apt-get install gnuplot-nox)\n", c->opt.plot);
	} else if (plot_grouped(c->opt.plot, title, rows, n, series, c->nin, values, ylabel,
				err, sizeof(err)) != 0) {
		fprintf(stderr, "sysindex compare: %s: %s\n", c->opt.plot, err);
		rc = 1;
	}
out:
	for (size_t r = 0; names != NULL && r < n; r++)
		free(names[r]);
	free(names);
	free(rows);
	free(values);
	return rc;
}

/* ---- main --------------------------------------------------------------- */

static int cmp_unsigned(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

	return (x > y) - (x < y);
}

/* Sorted distinct copy counts over all inputs (or just --copies N). */
static size_t copy_counts(const struct compare *c, unsigned *out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < c->nin; i++)
		for (size_t b = 0; b < c->in[i].rep->nblocks; b++) {
			unsigned cp = block_copies(&c->in[i].rep->blocks[b]);
			size_t k = 0;

			if (c->opt.copies && cp != c->opt.copies)
				continue;
			while (k < n && out[k] != cp)
				k++;
			if (k == n && n < max)
				out[n++] = cp;
		}
	qsort(out, n, sizeof(*out), cmp_unsigned);
	return n;
}

static void compare_free(struct compare *c)
{
	for (size_t s = 0; s < c->nsrc; s++) {
		tp_doc_free(&c->src[s].doc);
		tp_samples_free(&c->src[s].samples);
	}
	free(c->src);
	for (size_t r = 0; r < c->nrows; r++) {
		free(c->rows[r].cells);
		free(c->rows[r].deltas);
	}
	free(c->rows);
	for (size_t i = 0; i < c->nwarnings; i++)
		free(c->warnings[i]);
	free(c->warnings);
}

static int run_compare(struct compare *c)
{
	unsigned copies[TP_MAX_BLOCKS * 4];
	size_t ncopies;
	struct grid g = { 0 };
	int rc;

	c->src = calloc(c->opt.nfiles ? c->opt.nfiles : 1, sizeof(*c->src));
	if (c->src == NULL)
		return usage_error("out of memory");
	for (size_t f = 0; f < c->opt.nfiles; f++) {
		c->nsrc = f + 1;
		if ((rc = load_source(&c->src[f], c->opt.files[f])) != 0)
			return rc;
	}
	if ((rc = make_inputs(c)) != 0)
		return rc;
	ncopies = copy_counts(c, copies, sizeof(copies) / sizeof(copies[0]));
	if (ncopies == 0)
		return usage_error("no run with %u parallel copies in the inputs", c->opt.copies);
	if (collect_rows(c, copies, ncopies) != 0)
		return usage_error("out of memory");
	fill_cells(c);
	for (size_t r = 0; r < c->nrows; r++)
		for (size_t i = 1; i < c->nin; i++)
			judge(&c->rows[r], &c->rows[r].cells[0], &c->rows[r].cells[i],
			      &c->rows[r].deltas[i]);
	warn_inputs(c);
	switch (c->opt.format) {
	case F_TEXT:
	case F_MD:
		if (build_grid(c, &g) != 0) {
			grid_free(&g);
			return usage_error("out of memory");
		}
		if (c->opt.format == F_TEXT)
			print_text(stdout, c, &g);
		else
			print_md(stdout, c, &g);
		grid_free(&g);
		break;
	case F_CSV:
		print_csv(stdout, c);
		break;
	case F_JSON:
		if (print_json(stdout, c) != 0) {
			fprintf(stderr, "sysindex compare: internal error writing JSON\n");
			return 1;
		}
		break;
	}
	if (fflush(stdout) != 0)
		return 1;
	return c->opt.plot ? draw_plot(c, ncopies) : 0;
}

int cmd_compare(int argc, char **argv)
{
	struct compare c;
	int rc;

	memset(&c, 0, sizeof(c));
	rc = parse_options(argc, argv, &c.opt);
	if (rc == 1) {
		usage(stdout);
		return 0;
	}
	if (rc != 0)
		return rc;
	if (c.opt.nfiles == 0)
		return usage_error("need at least 2 reports to compare (see --help)");
	rc = run_compare(&c);
	compare_free(&c);
	return rc;
}
