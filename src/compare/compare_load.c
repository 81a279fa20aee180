/*
 * compare_load.c: from `sysindex compare`'s file arguments to its inputs,
 * each held as the run's model: a sysindex run through its record (x.json,
 * read whole by reader/record_read.c, whichever of the run's files is
 * named); any other report (UnixBench's, a pasted one, a sysindex run
 * without its record) as text with the samples beside it (sysindex's CSV
 * or UnixBench's .log), or those samples alone, through
 * reader/text_import.c; one input per report, with its label and host;
 * --baseline's choice.  Also the
 * warnings about inputs that are not alike (versions, modes, compilers,
 * copy counts, seconds per sample, sample counts, units, indexed tests).
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "compare/compare_int.h"
#include "core/testtab.h"
#include "reader/journal_read.h"
#include "reader/record_read.h"
#include "reader/text_import.h"
#include "stats/stats.h"
#include "sysinfo/cpulimits.h"
#include "sysinfo/hoststate.h"
#include "sysinfo/interference.h"
#include "util/util.h"
#include "util/quote.h"

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
	if (strip != NULL && str_ends_with(b, strip) && n > strlen(strip))
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
	/* Its run_status column: a run that did not end by itself, a partial run. */
	r->interrupted = s->interrupted;
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
		res->status = TS_OK;
		res->value = nk ? stats_geomean(kept, nk) : stats_geomean(set->rate, set->n);
		res->time = -1;
		res->samples = (unsigned)(nk ? nk : set->n);
		free(kept);
	}
	return 0;
}

static int load_samples(struct source *s, const char *path, int required)
{
	char err[CMP_PATH_MAX + 256];   /* a path, then the reason: never cut */
	int rc = tp_parse_samples_csv(path, &s->samples, err, sizeof(err));

	if (rc < 0)
		return cmp_usage_error("%s", err);
	if (rc == 1) {
		if (required)
			return cmp_usage_error("%s: not a sysindex samples CSV", path);
		return 0;
	}
	snprintf(s->csv, sizeof(s->csv), "%s", path);
	s->have_samples = 1;
	return 0;
}

/*
 * A UnixBench .log as the source's samples: 0 read, 1 not a UnixBench log
 * (an error if required), -1 after a usage error.
 */
static int load_ublog(struct source *s, const char *path, int required)
{
	char err[CMP_PATH_MAX + 256];   /* a path, then the reason: never cut */
	int rc = tp_parse_ublog(path, &s->samples, err, sizeof(err));

	if (rc < 0) {
		cmp_usage_error("%s", err);
		return -1;
	}
	if (rc == 1) {
		if (required) {
			cmp_usage_error("%s: neither a report nor a UnixBench log", path);
			return -1;
		}
		return 1;
	}
	if (fmt(s->ublog, sizeof(s->ublog), "%s", path) != 0) {
		cmp_usage_error("%.60s...: path too long", path);
		return -1;
	}
	s->have_samples = 1;
	return 0;
}

/* The comparison rows of s's runs, in order: 0, or 2 after a usage error. */
static int take_paired_rows(struct source *s, const char *path)
{
	for (size_t i = 0; i < s->nruns; i++)
		if (cmp_paired_rows(&s->runs[i], &s->paired, &s->npaired) != 0)
			return cmp_usage_error("%s: out of memory", path);
	return 0;
}

/*
 * What was read as text (the report's tables, the samples beside it) into
 * the run's model (reader/text_import.c), the parse tables let go: 0, or 2
 * after a usage error.
 */
static int import_text(struct source *s, const char *path)
{
	int rc = text_import(&s->doc, s->have_samples ? &s->samples : NULL, &s->runs, &s->nruns);

	tp_doc_free(&s->doc);
	tp_samples_free(&s->samples);
	if (rc != 0)
		return cmp_usage_error("%s: out of memory", path);
	return take_paired_rows(s, path);
}

/* A source of samples alone (a CSV, a log): its results made from them. */
static int samples_doc(struct source *s, const char *path)
{
	if (s->samples.nsets == 0)
		return cmp_usage_error("%s: no benchmark results found", path);
	if (doc_from_samples(&s->samples, &s->doc) != 0)
		return cmp_usage_error("%s: out of memory", path);
	if (s->ublog[0])
		snprintf(s->doc.reports[0].title, sizeof(s->doc.reports[0].title),
			 "UnixBench log without a report");
	return import_text(s, path);
}

/*
 * Whether the samples beside a report are that run's: every result the
 * report shows for which the samples have a set must be the set's UnixBench
 * result (the geometric mean of the passes not dropped), to the report's
 * one decimal.  0 if they agree, else -1 with the first disagreement in why.
 */
static int samples_fit(const struct tp_report *r, const struct tp_samples *sm, char *why,
		       size_t len)
{
	for (size_t b = 0; b < r->nblocks; b++)
		for (size_t k = 0; k < r->blocks[b].nresults; k++) {
			const struct tp_result *res = &r->blocks[b].results[k];
			const struct tp_sample_set *set;
			const struct test_def *def;
			double sum = 0, v;
			size_t kept = 0;
			int zero;
			char fv[FIGURE_BUF], fr[FIGURE_BUF];

			if (res->status != TS_OK)
				continue;
			set = tp_find_samples(sm, tp_block_copies(&r->blocks[b]), res->title);
			if (set == NULL)
				continue;
			def = test_find_title(res->title);
			zero = 0;
			for (size_t i = 0; i < set->n; i++)
				if (!set->dropped[i]) {
					sum += set->rate[i] > 0 ? log(set->rate[i]) : 0;
					zero |= !(set->rate[i] > 0);
					kept++;
				}
			/* score_test's rule: a kept zero is 1 only in a test with a baseline. */
			v = kept && !(zero && def != NULL && !test_zero_as_one(def)) ?
			    exp(sum / (double)kept) : 0;
			if (fabs(v - res->value) <= 0.051 + 1e-6 * fabs(res->value))
				continue;
			snprintf(why, len, "its samples give %s for %s at %u cop%s, the report %s",
				 figure(fv, v, 0), res->title, tp_block_copies(&r->blocks[b]),
				 tp_block_copies(&r->blocks[b]) == 1 ? "y" : "ies",
				 figure(fr, res->value, 0));
			return -1;
		}
	return 0;
}

/* The samples just read beside s's report: kept if they fit it, else let go. */
static void check_sibling(struct source *s, const char *path)
{
	char why[300];

	if (!s->have_samples || s->doc.nreports != 1 ||
	    samples_fit(&s->doc.reports[0], &s->samples, why, sizeof(why)) == 0)
		return;
	snprintf(s->stranger, sizeof(s->stranger), "%.150s is not from the run of %.150s (%.150s): "
		 "its samples are ignored", path, s->text, why);
	tp_samples_free(&s->samples);
	s->have_samples = 0;
	s->csv[0] = s->ublog[0] = '\0';
}

/*
 * A run's record into s: 0, 1 when path does not hold a record (a file of
 * text), or 2 after a usage error (a record that does not read: its one
 * line).
 */
static int load_record(struct source *s, const char *path)
{
	struct run_result *r = calloc(1, sizeof(*r));
	char err[CMP_PATH_MAX + 256], head[64];
	FILE *f = fopen(path, "rb");
	size_t n = f ? fread(head, 1, sizeof(head), f) : 0;

	if (f != NULL)
		fclose(f);
	if (r == NULL)
		return cmp_usage_error("%s: out of memory", path);
	if (!record_looks_like(head, n)) {
		free(r);
		return 1;
	}
	if (record_read_file(path, r, err, sizeof(err)) != 0) {
		free(r);
		return cmp_usage_error("%s", err);
	}
	if (r->nruns == 0) {
		result_free(r);
		free(r);
		return cmp_usage_error("%s: no benchmark results found", path);
	}
	s->runs = r;
	s->nruns = 1;
	snprintf(s->text, sizeof(s->text), "%s", path);
	s->record = 1;
	s->have_samples = 1;
	return take_paired_rows(s, path);
}

/*
 * A killed run's journal (reader/journal_read.h) into s as a partial run,
 * marked interrupted: 0, or 2 after a usage error (its one line).
 */
static int load_journal(struct source *s, const char *path)
{
	struct journal *j = calloc(1, sizeof(*j));
	struct run_result *r = calloc(1, sizeof(*r));
	char err[CMP_PATH_MAX + 256];
	int rc = 0;

	if (j == NULL || r == NULL)
		rc = cmp_usage_error("%s: out of memory", path);
	else if (journal_read_file(path, j, err, sizeof(err)) != 0)
		rc = cmp_usage_error("%s", err);
	else if (journal_to_run(j, r, err, sizeof(err)) != 0)
		rc = cmp_usage_error("%s: %s", path, err);
	else if (r->nruns == 0)
		rc = cmp_usage_error("%s: no sample finished before the run stopped", path);
	if (j != NULL)
		journal_free(j);
	free(j);
	if (rc != 0) {
		if (r != NULL)
			result_free(r);
		free(r);
		return rc;
	}
	s->runs = r;
	s->nruns = 1;
	if (fmt(s->text, sizeof(s->text), "%s", path) != 0)
		return cmp_usage_error("%.60s...: path too long", path);
	s->record = 1;
	s->have_samples = 1;
	/* Marked where every output names it: the column, the inputs list. */
	fmt(s->label + strlen(s->label), sizeof(s->label) - strlen(s->label), " (partial)");
	/* A paired or settings run: its rows from the rounds kept. */
	return take_paired_rows(s, path);
}

/*
 * x.json, x.csv, x.html, x.md, x.log and x itself name one run: when its
 * record x.json is there, the run is read from it (full precision, every
 * sample); else from the text report x and the samples beside it:
 * sysindex's x.csv, else UnixBench's x.log.  Any other file is read as a
 * record if it is one, else as a report.  A CSV or a UnixBench log
 * without its report (or with a report that has no result: a UnixBench
 * run cut short) is read alone.
 */
int cmp_load_source(struct source *s, const char *arg)
{
	static const char *const exts[] = { ".json", ".csv", ".html", ".md", ".log",
					    JOURNAL_EXT };
	const char *ext = NULL;
	char base[CMP_PATH_MAX], csv[CMP_PATH_MAX + 8], err[CMP_PATH_MAX + 256];
	struct stat st;
	int rc;

	memset(s, 0, sizeof(*s));
	s->arg = arg;
	/* A FIFO would hang the read, a device or directory is no result. */
	if (stat(arg, &st) == 0 && !S_ISREG(st.st_mode))
		return cmp_usage_error("%s: not a regular file (%s)", arg, S_ISFIFO(st.st_mode) ?
				       "a FIFO" : S_ISDIR(st.st_mode) ? "a directory" :
				       S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "a device" :
				       "a socket or other special file");
	for (size_t i = 0; i < sizeof(exts) / sizeof(exts[0]); i++)
		if (str_ends_with(arg, exts[i]) && strlen(arg) > strlen(exts[i]))
			ext = exts[i];
	if (strlen(arg) >= sizeof(base))
		return cmp_usage_error("%.60s...: path too long", arg);
	snprintf(base, sizeof(base), "%s", arg);
	if (ext != NULL)
		base[strlen(arg) - strlen(ext)] = '\0';
	if (fmt(csv, sizeof(csv), "%s.json", base) == 0 && is_file(csv)) {
		/* The run's record, whichever of its files was named. */
		if (ext != NULL)
			base_label(arg, ext, s->label, sizeof(s->label));
		else
			base_label(arg, NULL, s->label, sizeof(s->label));
		if ((rc = load_record(s, csv)) != 1)
			return rc;
	}
	/* Neither record nor report: a run killed before it wrote them leaves its journal. */
	if (fmt(csv, sizeof(csv), "%s" JOURNAL_EXT, base) == 0 && is_file(csv) && !is_file(base) &&
	    (ext == NULL || strcmp(ext, ".json") != 0)) {
		base_label(arg, ext, s->label, sizeof(s->label));
		return load_journal(s, csv);
	}
	if (ext != NULL && strcmp(ext, ".json") == 0 && is_file(arg)) {
		base_label(arg, ext, s->label, sizeof(s->label));
		if ((rc = load_record(s, arg)) != 1)
			return rc;
		return cmp_usage_error("%s: not a sysindex run record", arg);
	}
	if (ext != NULL && is_file(base)) {
		snprintf(s->text, sizeof(s->text), "%s", base);
		base_label(arg, ext, s->label, sizeof(s->label));
	} else if (ext != NULL && strcmp(ext, ".csv") == 0 && is_file(arg)) {
		base_label(arg, ext, s->label, sizeof(s->label));
		if ((rc = load_samples(s, arg, 1)) != 0)
			return rc;
		return samples_doc(s, arg);
	} else if (ext != NULL && strcmp(ext, ".log") == 0 && is_file(arg)) {
		/* A UnixBench log without its report (or a run that never wrote one). */
		base_label(arg, ext, s->label, sizeof(s->label));
		if (load_ublog(s, arg, 1) != 0)
			return 2;
		return samples_doc(s, arg);
	} else if (ext != NULL && strcmp(ext, ".json") == 0) {
		return cmp_usage_error("%s: no such file", arg);
	} else {
		snprintf(s->text, sizeof(s->text), "%s", arg);
		base_label(arg, NULL, s->label, sizeof(s->label));
		if (is_file(arg) && (rc = load_record(s, arg)) != 1)
			return rc;      /* a record under another name */
	}
	if (tp_parse_file(s->text, &s->doc, err, sizeof(err)) != 0) {
		/* A UnixBench run cut short: the report has no result, the log its passes. */
		snprintf(csv, sizeof(csv), "%s.log", s->text);
		if (is_file(csv) && (rc = load_ublog(s, csv, 0)) <= 0) {
			s->text[0] = '\0';
			s->cut_short = 1;
			return rc < 0 ? 2 : samples_doc(s, csv);
		}
		return cmp_usage_error("%s", err);
	}
	snprintf(csv, sizeof(csv), "%s.csv", s->text);
	/* Samples of one run only: a file of several reports has no single CSV. */
	if (s->doc.nreports == 1 && is_file(csv)) {
		if ((rc = load_samples(s, csv, 0)) != 0)
			return rc;
		check_sibling(s, csv);
		if (s->have_samples)
			return import_text(s, s->text);
	}
	snprintf(csv, sizeof(csv), "%s.log", s->text);
	if (s->doc.nreports == 1 && is_file(csv)) {
		if (load_ublog(s, csv, 0) < 0)
			return 2;
		check_sibling(s, csv);
	}
	return import_text(s, s->text);
}

static int label_taken(const struct compare *c, size_t upto, const char *label)
{
	for (size_t i = 0; i < upto; i++)
		if (strcmp(c->in[i].label, label) == 0)
			return 1;
	return 0;
}

/* How many inputs source s makes: one per run, one per directory of a paired run. */
static size_t source_inputs(const struct source *s)
{
	size_t n = 0;

	for (size_t r = 0; r < s->nruns; r++)
		n += s->runs[r].ndirs ? s->runs[r].ndirs : 1;
	return n;
}

/* Input c->in[c->nin] from directory d of run r of src (its k-th input of n). */
static void make_input(struct compare *c, const struct source *src, const struct run_result *r,
		       size_t d, size_t k, size_t n)
{
	struct input *in = &c->in[c->nin];

	in->src = src;
	in->run = r;
	in->dir = d;
	cmp_head(r, d, &in->head);
	in->samples = src->have_samples;
	in->nruns = 1;
	snprintf(in->host, sizeof(in->host), "%s",
		 in->head.host_id[0] ? in->head.host_id : in->head.host);
	if (c->nin < c->opt.nlabels)
		snprintf(in->label, sizeof(in->label), "%s", c->opt.labels[c->nin]);
	else if (r->ndirs)      /* a paired run: one input per directory */
		snprintf(in->label, sizeof(in->label), "%s:%s", src->label, r->dirs[d].label);
	else if (r->label[0])   /* the run's own --label (./Run spread's runs) */
		snprintf(in->label, sizeof(in->label), "%s", r->label);
	else if (n > 1)
		snprintf(in->label, sizeof(in->label), "%s#%zu", src->label, k + 1);
	else
		snprintf(in->label, sizeof(in->label), "%s", src->label);
	strip_controls(in->label);   /* a file name or --label: one line of every output */
	memcpy(in->given, in->label, sizeof(in->given));
	for (unsigned u = 2; label_taken(c, c->nin, in->label); u++) {
		char base[128];

		snprintf(base, sizeof(base), "%.100s", c->nin < c->opt.nlabels
			 ? c->opt.labels[c->nin] : r->ndirs ? in->label : src->label);
		snprintf(in->label, sizeof(in->label), "%s (%u)", base, u);
	}
	c->nin++;
}

int cmp_make_inputs(struct compare *c)
{
	for (size_t s = 0; s < c->nsrc; s++) {
		const struct source *src = &c->src[s];
		size_t n = source_inputs(src), k = 0;

		if (src->stranger[0])
			cmp_warn(c, "%s", src->stranger);
		for (size_t r = 0; r < src->nruns; r++)
			for (size_t d = 0; d < (src->runs[r].ndirs ? src->runs[r].ndirs : 1); d++) {
				if (c->nin == CMP_MAX_INPUTS)
					return cmp_usage_error("too many reports (at most %d)",
							       CMP_MAX_INPUTS);
				make_input(c, src, &src->runs[r], d, k++, n);
			}
	}
	if (c->opt.nlabels > c->nin)
		return cmp_usage_error("%zu labels for %zu inputs", c->opt.nlabels, c->nin);
	if (c->nin < 2)
		return cmp_usage_error("need at least 2 reports to compare, got %zu", c->nin);
	return 0;
}

/* --baseline N|LABEL: that input becomes column 0, the others keep their order. */
int cmp_pick_baseline(struct compare *c)
{
	const char *b = c->opt.baseline;
	unsigned long n = 0;
	size_t k = c->nin;
	struct input in;

	if (b == NULL)
		return 0;
	for (size_t i = 0; i < c->nin; i++)
		if (strcmp(c->in[i].label, b) == 0)
			k = i;
	if (k == c->nin && parse_ulong(b, 1, c->nin, &n) == 0)
		k = n - 1;
	if (k == c->nin) {
		char q[QUOTE_BUF];

		return cmp_usage_error("--baseline: '%s' is neither an input's number (1 to %zu) "
				       "nor its label", quote(b, q), c->nin);
	}
	in = c->in[k];
	memmove(&c->in[1], &c->in[0], k * sizeof(c->in[0]));
	c->in[0] = in;
	for (size_t r = 0; r < c->nrows; r++) {
		struct cell x = c->rows[r].cells[k];

		memmove(&c->rows[r].cells[1], &c->rows[r].cells[0], k * sizeof(x));
		c->rows[r].cells[0] = x;
	}
	return 0;
}

/* ---- warnings --------------------------------------------------------- */

#define TIME_RATIO_WARN 1.5     /* seconds per sample this far apart: not the same test */

void cmp_describe_version(const struct cmp_head *h, char *out, size_t len)
{
	if (h->sysindex_version[0])
		snprintf(out, len, "sysindex %s (UnixBench %s layout)", h->sysindex_version,
			 h->version[0] ? h->version : "?");
	else if (h->version[0])
		snprintf(out, len, "UnixBench %s", h->version);
	else if (h->title[0])
		snprintf(out, len, "%s", h->title);
	else
		snprintf(out, len, "unknown version (no title line)");
}

const char *cmp_mode_of(const struct cmp_head *h)
{
	return h->mode[0] ? h->mode : "default";
}

static void copies_list(const struct input *in, char *out, size_t len)
{
	const struct copy_run *run;
	size_t o = 0, b = 0;

	out[0] = '\0';
	while ((run = cmp_next_block(in, &b)) != NULL && o < len) {
		int n = snprintf(out + o, len - o, "%s%u", o ? ", " : "", cmp_copies(run));

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
		/*
		 * The seconds a sample is asked to run are a parameter; the seconds
		 * it took are a measurement (execl and the shell tests overrun).
		 * sysindex's Mode line names the parameters, and differing modes
		 * are warned of below; only inputs without one (UnixBench's
		 * reports) are judged by the seconds measured.
		 */
		if (!(a->head.mode[0] && b->head.mode[0]) && x->time > 0 && y->time > 0 &&
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
		cmp_warn(c, "%s and %s ran different seconds per sample in %zu test%s (%s: %.1f s vs "
		     "%.1f s): not the same test parameters", b->label, a->label, ntime,
		     ntime == 1 ? "" : "s", etime->title, etime->cells[i].time,
		     etime->cells[0].time);
	if (nsamples)
		cmp_warn(c, "%s and %s kept different sample counts in %zu test%s (%s: %u vs %u)",
		     b->label, a->label, nsamples, nsamples == 1 ? "" : "s", esamples->title,
		     esamples->cells[i].samples, esamples->cells[0].samples);
	if (nunits)
		cmp_warn(c, "%s and %s report different units in %zu test%s (%s: %s vs %s): "
		     "those rows are not compared", b->label, a->label, nunits,
		     nunits == 1 ? "" : "s", eunits->title, eunits->cells[i].unit,
		     eunits->cells[0].unit);
	if (ntests)
		cmp_warn(c, "%s and %s indexed different tests (%s): those scores are not compared",
		     b->label, a->label, etests->title);
}

/* "2 of 9 samples disturbed, CPU steal 0.4 %, copies waited 3.1 %". */
static void intf_describe(const struct intf_shares *r, char *out, size_t len)
{
	size_t used;

	snprintf(out, len, "%lu of %lu samples disturbed", r->disturbed, r->samples);
	used = strlen(out);
	if (!isnan(r->steal_pct) && used < len)
		used += (size_t)snprintf(out + used, len - used, ", CPU steal %.1f %%",
					 r->steal_pct);
	if (!isnan(r->wait_pct) && used < len)
		used += (size_t)snprintf(out + used, len - used, ", copies waited for a CPU %.1f %%",
					 r->wait_pct);
	if (!isnan(r->throttled_pct) && used < len)
		snprintf(out + used, len - used, ", throttled %.1f %%", r->throttled_pct);
}

/*
 * Whether two runs' interference differs: a different share of disturbed
 * samples, or steal, CPU wait or throttling apart by at least the flag's
 * threshold (docs/methodology.md §1).
 */
static int intf_differs(const struct intf_shares *a, const struct intf_shares *b)
{
	static const struct { size_t off; double step; } shares[] = {
		{ offsetof(struct intf_shares, steal_pct), 100 * INTF_STEAL_SHARE },
		{ offsetof(struct intf_shares, wait_pct), 100 * INTF_DELAY_SHARE },
		{ offsetof(struct intf_shares, throttled_pct), 100 * INTF_THROTTLE_SHARE },
	};

	if (a->samples == 0 || b->samples == 0)
		return 0;
	if ((double)a->disturbed / a->samples != (double)b->disturbed / b->samples)
		return 1;
	for (size_t k = 0; k < sizeof(shares) / sizeof(shares[0]); k++) {
		double x = *(const double *)((const char *)a + shares[k].off);
		double y = *(const double *)((const char *)b + shares[k].off);

		if (!isnan(x) && !isnan(y) && fabs(x - y) >= shares[k].step)
			return 1;
	}
	return 0;
}

/*
 * The host's state (sysinfo/hoststate.h's rows) and CPU limits, where both
 * reports give them: each difference is a warning, as compilers are.
 */
static void warn_host_state(struct compare *c, size_t i)
{
	const struct cmp_head *a = &c->in[0].head, *b = &c->in[i].head;

	for (int k = 0; k < HS_COUNT; k++)
		if (a->have_state[k] && b->have_state[k] && strcmp(a->state[k], b->state[k]) != 0)
			cmp_warn(c, "host state differs: %s: %s: %s; %s: %s",
				 hoststate_rows[k].label, c->in[i].label, b->state[k],
				 c->in[0].label, a->state[k]);
	if (a->cpu_limits[0] && b->cpu_limits[0] && strcmp(a->cpu_limits, b->cpu_limits) != 0)
		cmp_warn(c, "host state differs: %s: %s: %s; %s: %s", CPULIMITS_LABEL,
			 c->in[i].label, b->cpu_limits, c->in[0].label, a->cpu_limits);
}

/*
 * No faster or slower between single runs: a run's interval holds its own
 * noise only, not the host's drift between runs nor what holds for a whole
 * run (placement), which on shared VMs is larger (bench/interference.md: 7
 * of 10 A/A pairs of back-to-back runs got such a verdict; pseudo-
 * replication, Hurlbert 1984).  Such rows are inconclusive (verdict.h's
 * VERDICT_WHY_SINGLE); this says why and what answers the question.
 */
static void note_single_runs(struct compare *c)
{
	size_t n = 0;

	for (size_t r = 0; r < c->nrows; r++)
		for (size_t i = 1; i < c->nin; i++)
			n += c->rows[r].deltas[i].judged && c->rows[r].deltas[i].vd.v == VD_FEW &&
			     cmp_single_runs(c, i);
	if (n > 0)
		cmp_warn(c, "%s: %zu row%s inconclusive, whatever the change (the intervals shown "
			 "are within-run: each run's own noise, or its --repeat passes', not the "
			 "spread between runs; bench/between-runs.md).  To judge two machines or "
			 "kernels, make several runs on each side (five or more, plain or "
			 "--repeat N) and pool them with --group-by label or host; on one "
			 "machine, use paired mode (--testdir A --testdir B) or --setting",
			 VERDICT_WHY_SINGLE, n, n == 1 ? "" : "s");
}

/* The file an input was read from, as stat sees it; 0, or -1 if none. */
static int input_file(const struct input *in, struct stat *st)
{
	const char *p = in->src->text[0] ? in->src->text : in->src->csv[0] ? in->src->csv
		: in->src->ublog;

	return p[0] && stat(p, st) == 0 ? 0 : -1;
}

int cmp_same_run(const struct input *a, const struct input *b)
{
	const struct run_result *ra = a->run, *rb = b->run;
	struct stat sa, sb;

	if (ra == NULL || rb == NULL || a->dir != b->dir)
		return 0;
	if (ra == rb)
		return 1;
	/* Two files of one run: its record and its text report, or a copy of either. */
	if (ra->start != 0 && ra->start == rb->start && ra->end == rb->end &&
	    strcmp(ra->sys.hostname, rb->sys.hostname) == 0 && strcmp(ra->base_name, rb->base_name) == 0)
		return 1;
	/* The same file named twice (a report from text may carry no times). */
	return input_file(a, &sa) == 0 && input_file(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

void cmp_warn_same_runs(struct compare *c)
{
	size_t repeats = 0;

	for (size_t i = 1; i < c->nin; i++) {
		size_t j = 0;

		while (j < i && !cmp_same_run(&c->in[j], &c->in[i]))
			j++;
		if (j == i)
			continue;
		repeats++;
		cmp_warn(c, "%s and %s are the same run: a run compared with itself shows no change "
			 "and says nothing of how much runs vary; compare two runs", c->in[j].label,
			 c->in[i].label);
	}
	c->one_run = c->nin > 1 && repeats == c->nin - 1;
}

void cmp_warn_inputs(struct compare *c)
{
	const struct cmp_head *a = &c->in[0].head;

	for (size_t i = 0; i < c->nin; i++) {
		const struct copy_run *run;
		size_t b = 0;

		/* A run cut short: its figures cover what ran before it stopped. */
		if (c->in[i].run != NULL && c->in[i].run->interrupted)
			cmp_warn(c, "%s: interrupted, a partial run (%s): its figures cover only "
				 "the samples finished before it stopped; ./Run --resume completes it",
				 c->in[i].label, c->in[i].src != NULL &&
				 str_ends_with(c->in[i].src->text, JOURNAL_EXT) ? "read from its journal"
				 : "stopped by a signal");

		while ((run = cmp_next_block(&c->in[i], &b)) != NULL)
			if (run->copies == 0) {
				cmp_warn(c, "%s: no \"parallel copies\" line; assuming 1 copy",
				     c->in[i].label);
				break;
			}
	}
	for (size_t i = 1; i < c->nin; i++) {
		const struct cmp_head *b = &c->in[i].head;
		char va[96], vb[96], ca[128], cb[128];

		cmp_describe_version(a, va, sizeof(va));
		cmp_describe_version(b, vb, sizeof(vb));
		if (strcmp(va, vb) != 0)
			cmp_warn(c, "versions differ: %s is %s, %s is %s", c->in[i].label, vb,
			     c->in[0].label, va);
		if (strcmp(cmp_mode_of(a), cmp_mode_of(b)) != 0)
			cmp_warn(c, "modes differ: %s ran \"%s\", %s ran \"%s\"", c->in[i].label,
			     cmp_mode_of(b), c->in[0].label, cmp_mode_of(a));
		if (a->compiler[0] && b->compiler[0] && strcmp(a->compiler, b->compiler) != 0)
			cmp_warn(c, "compilers differ: %s: %s; %s: %s", c->in[i].label, b->compiler,
			     c->in[0].label, a->compiler);
		copies_list(&c->in[0], ca, sizeof(ca));
		copies_list(&c->in[i], cb, sizeof(cb));
		if (strcmp(ca, cb) != 0)
			cmp_warn(c, "copies differ: %s ran %s, %s ran %s parallel copies",
			     c->in[i].label, cb, c->in[0].label, ca);
		warn_host_state(c, i);
		if (a->intf.have && b->intf.have && intf_differs(&a->intf, &b->intf)) {
			char ia[160], ib[160];

			intf_describe(&b->intf, ib, sizeof(ib));
			intf_describe(&a->intf, ia, sizeof(ia));
			cmp_warn(c, "interference differs: %s: %s; %s: %s", c->in[i].label, ib,
				 c->in[0].label, ia);
		}
		warn_rows(c, i);
	}
	note_single_runs(c);
	cmp_note_runs_needed(c);
}
