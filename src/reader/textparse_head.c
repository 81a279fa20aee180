/*
 * textparse_head.c: the lines that structure a report rather than measure
 * anything: its title ("BYTE UNIX Benchmarks (Version ...)"), "System:",
 * "Compiler:", "Mode:", "Benchmark Run:", the "N CPUs in system; running C
 * parallel copies" line, index table headers and index score lines.  They
 * open new reports and copy blocks (a header line after results means the
 * next report began, even when pasted without its title).
 */
#include "reader/textparse_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/testtab.h"
#include "util/util.h"

/* ---- header lines ------------------------------------------------------- */

int tp_on_title(struct parser *p, const char *s)
{
	struct tp_report *r = tp_cur_report(p);
	const char *t = strstr(s, "BYTE UNIX Benchmarks"), *v, *close;

	if (r == NULL || r->nblocks > 0 || r->title[0])
		if ((r = tp_new_report(p)) == NULL)
			return -1;
	close = strchr(t, ')');
	tp_copy_text(r->title, sizeof(r->title), t, close ? (size_t)(close - t + 1) : strlen(t));
	v = strstr(t, "(Version ");
	if (v != NULL) {
		const char *si;

		v += strlen("(Version ");
		tp_copy_text(r->version, sizeof(r->version), v, strcspn(v, "); "));
		si = strstr(v, "sysindex ");
		if (si != NULL && (close == NULL || si < close)) {
			si += strlen("sysindex ");
			tp_copy_text(r->sysindex_version, sizeof(r->sysindex_version), si,
				  strcspn(si, "); "));
		}
	}
	return 0;
}

int tp_on_system(struct parser *p, const char *s)
{
	struct tp_report *r = tp_cur_report(p);
	const char *colon = strstr(s, ": ");

	if (r == NULL || r->nblocks > 0 || r->host[0])
		if ((r = tp_new_report(p)) == NULL)
			return -1;
	if (colon == NULL) {
		tp_copy_text(r->host, sizeof(r->host), s, strlen(s));
		return 0;
	}
	tp_copy_text(r->host, sizeof(r->host), s, (size_t)(colon - s));
	tp_copy_text(r->system, sizeof(r->system), colon + 2, strlen(colon + 2));
	return 0;
}

/* "Compiler:" and "Mode:" belong to the header: a report whose runs began is done. */
int tp_on_header_field(struct parser *p, const char *value, int compiler)
{
	struct tp_report *r = tp_cur_report(p);
	char *field;
	size_t len;

	if (r == NULL || r->nblocks > 0)
		if ((r = tp_new_report(p)) == NULL)
			return -1;
	field = compiler ? r->compiler : r->mode;
	len = compiler ? sizeof(r->compiler) : sizeof(r->mode);
	tp_copy_text(field, len, value, strlen(value));
	return 0;
}

int tp_on_interrupted(struct parser *p, const char *value)
{
	struct tp_report *r = tp_cur_report(p);
	unsigned long sig = 0;
	char num[8];
	size_t n = strspn(value, "0123456789");

	/* Only in a header (before any block): the Summary repeats no such line. */
	if (r == NULL || r->nblocks > 0)
		return 0;
	r->interrupted = 1;
	if (n > 0 && n < sizeof(num)) {
		memcpy(num, value, n);
		num[n] = '\0';
		if (parse_ulong(num, 1, 255, &sig) != 0)
			sig = 0;
	}
	r->signal = (int)sig;
	return 0;
}

/* The number after 'key' in s, NAN when absent or not a number. */
static double after(const char *s, const char *key)
{
	const char *k = strstr(s, key);
	char *end;
	double v;

	if (k == NULL)
		return NAN;
	v = strtod(k + strlen(key), &end);
	return end == k + strlen(key) || !isfinite(v) || v < 0 ? NAN : v;
}

/*
 * "Interference: CPU steal during the run: 0.4 % of CPU time; ...;
 * copies waited for a CPU: 3.1 % of their time; ...; disturbed samples: 2
 * of 9 (...)".  Only in a header; a line that does not parse is ignored.
 */
int tp_on_interference(struct parser *p, const char *value)
{
	struct tp_report *r = tp_cur_report(p);
	const char *d = strstr(value, "disturbed samples: ");
	unsigned long n = 0, of = 0;

	if (r == NULL || r->nblocks > 0 || d == NULL ||
	    sscanf(d, "disturbed samples: %lu of %lu", &n, &of) != 2 || n > of)
		return 0;
	r->intf.have = 1;
	r->intf.disturbed = n;
	r->intf.samples = of;
	r->intf.steal_pct = after(value, "CPU steal during the run: ");
	r->intf.wait_pct = after(value, "copies waited for a CPU: ");
	r->intf.throttled_pct = after(value, "cgroup throttled: ");
	return 0;
}

int tp_on_benchmark_run(struct parser *p)
{
	struct tp_block *b = tp_cur_block(p);

	if (b != NULL && tp_block_empty(b)) {
		b->line = p->lr.lineno;
		p->mode = M_NONE;
		return 0;
	}
	return tp_new_block(p, 0) ? 0 : -1;
}

/*
 * "2 CPUs in system; running 1 parallel copy of tests".  A copy count seen
 * twice in one report means a second report whose header is missing.
 */
int tp_try_copies(struct parser *p, const char *s)
{
	const char *mid = strstr(s, " in system; running "), *end = mid, *after;
	struct tok cpu, ncpu, ncopies;
	unsigned cpus = 0, copies = 0;
	const char *why = "";
	struct tp_block *b;
	struct tp_report *r;
	int rc;

	if (!tp_take_last(s, &end, &cpu) || !(tp_tok_is(&cpu, "CPU") || tp_tok_is(&cpu, "CPUs")) ||
	    !tp_take_last(s, &end, &ncpu))
		return 0;
	after = mid + strlen(" in system; running ");
	ncopies.p = after;
	ncopies.n = strcspn(after, " ");
	if (!tp_starts(after + ncopies.n, " parallel cop"))
		return 0;
	if ((rc = tp_parse_count(ncpu.p, ncpu.n, &cpus, &why)) == NUM_BAD)
		return tp_bad_number(p, &ncpu, why);
	if (rc == NUM_NO)
		cpus = 0;
	rc = tp_parse_count(ncopies.p, ncopies.n, &copies, &why);
	if (rc == NUM_BAD)
		return tp_bad_number(p, &ncopies, why);
	if (rc == NUM_NO)
		return 0;
	if (copies == 0)
		return tp_fail(p, "zero parallel copies");
	b = tp_cur_block(p);
	if (b == NULL || !tp_block_empty(b) || b->copies != 0)
		if ((b = tp_new_block(p, 0)) == NULL)
			return -1;
	r = tp_cur_report(p);
	for (size_t i = 0; i + 1 < r->nblocks; i++) {
		if (r->blocks[i].copies == copies) {
			/* The current block is empty: move it into a new report. */
			unsigned line = b->line;

			tp_free_block(&r->blocks[--r->nblocks]);
			if (tp_new_report(p) == NULL || (b = tp_new_block(p, 0)) == NULL)
				return -1;
			b->line = tp_cur_report(p)->line = line;
			break;
		}
	}
	b->copies = copies;
	b->cpus = cpus;
	return 1;
}

/* ---- index tables: headers and scores ---------------------------------- */

/* A known category title ending the text at a word boundary, else the text. */
static void resolve_category(const char *s, size_t n, char *out, size_t outlen)
{
	for (int c = 0; c < CAT_COUNT; c++) {
		const char *t = category_title[c];
		size_t k = strlen(t);

		if (k <= n && strncasecmp(s + n - k, t, k) == 0 && (k == n || s[n - k - 1] == ' ')) {
			tp_copy_text(out, outlen, t, k);
			return;
		}
	}
	tp_copy_text(out, outlen, s, n);
}

/* "System Benchmarks Index Values BASELINE RESULT INDEX" (or "Partial Index"). */
int tp_on_index_header(struct parser *p, const char *s)
{
	const char *at = strstr(s, " Index Values");

	if (at == NULL)
		at = strstr(s, " Partial Index");
	if (tp_need_block(p) == NULL)
		return -1;
	p->mode = M_INDEX;
	p->index_partial = strstr(s, "Partial Index") != NULL;
	if (at != NULL)
		resolve_category(s, (size_t)(at - s), p->index_category, sizeof(p->index_category));
	else
		p->index_category[0] = '\0';
	return 0;
}

/* "System Benchmarks Index Score (Partial Only) 693.5" */
int tp_try_score(struct parser *p, const char *s)
{
	const char *at = strstr(s, " Index Score"), *end = s + strlen(s), *why = "";
	struct tok num;
	struct tp_block *b;
	struct tp_score *sc;
	double v;
	int rc;

	if (at == NULL || !tp_take_last(s, &end, &num) || end <= at + strlen(" Index Score") - 1)
		return 0;
	rc = tp_parse_num(num.p, num.n, &v, &why);
	if (rc == NUM_NO)
		return 0;
	if (rc == NUM_BAD)
		return tp_bad_number(p, &num, why);
	if ((b = tp_need_block(p)) == NULL)
		return -1;
	if (b->nscores == TP_MAX_SCORES)
		return tp_fail(p, "too many index scores in one benchmark run (more than %d)",
			    TP_MAX_SCORES);
	sc = &b->scores[b->nscores++];
	memset(sc, 0, sizeof(*sc));
	resolve_category(s, (size_t)(at - s), sc->category, sizeof(sc->category));
	sc->score = v;
	sc->partial = p->index_partial || strstr(at, "Partial") != NULL;
	sc->line = p->lr.lineno;
	p->mode = M_NONE;
	p->index_partial = 0;
	return 1;
}

int tp_try_between(struct parser *p, const char *s)
{
	static const char head[] = "Between passes (--repeat ";
	unsigned n;
	double v, lo, hi;
	struct tp_block *b;

	if (strncmp(s, head, sizeof(head) - 1) != 0)
		return 0;
	/* "... (--repeat 2): 1 pass with a score: no interval": nothing to read. */
	if (sscanf(s + sizeof(head) - 1, "%u): index score %lf, 95%% interval over the passes "
		   "%lf to %lf", &n, &v, &lo, &hi) != 4)
		return 1;
	if (n < 2 || !isfinite(v) || !isfinite(lo) || !isfinite(hi) || !(lo > 0) ||
	    !(lo <= v && v <= hi))
		return tp_fail(p, "a Between passes line with figures that do not hold together");
	if ((b = tp_need_block(p)) == NULL)
		return -1;
	b->between_passes = n;
	b->between_score = v;
	b->between_lo = lo;
	b->between_hi = hi;
	return 1;
}
