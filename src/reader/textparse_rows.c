/*
 * textparse_rows.c: the per-test lines of a report, each parsed from the
 * right: results ("<title> <value> <unit> (<time> s, <n> samples) [note]"),
 * sysindex's FAILED/SKIPPED/N/A/NOT RUN lines, statistics rows and index
 * table rows.  Titles are resolved against the test table so that text
 * pasted before a known name is dropped.
 */
#include "reader/textparse_int.h"

#include <ctype.h>
#include <math.h>
#include <string.h>
#include <strings.h>

#include "core/testtab.h"

/* ---- known names -------------------------------------------------------- */

/*
 * Resolve a title: a known display name (case-insensitive) gives its exact
 * spelling; with allow_suffix, a known name that ends the text at a word
 * boundary wins (drops text pasted before it).  Otherwise the text itself.
 * Returns 1 when the title is known.
 */
static int resolve_title(const char *s, size_t n, int allow_suffix, char *out, size_t outlen)
{
	const char *best = NULL;
	size_t bestlen = 0;

	for (size_t i = 0; i < test_table_len; i++) {
		const char *t = test_table[i].title;
		size_t k = strlen(t);

		if (k == n && strncasecmp(s, t, n) == 0) {
			tp_copy_text(out, outlen, t, k);
			return 1;
		}
		if (allow_suffix && k < n && s[n - k - 1] == ' ' &&
		    strncasecmp(s + n - k, t, k) == 0 && k > bestlen) {
			best = t;
			bestlen = k;
		}
	}
	if (best != NULL) {
		tp_copy_text(out, outlen, best, bestlen);
		return 1;
	}
	tp_copy_text(out, outlen, s, n);
	return 0;
}

/* ---- result lines ------------------------------------------------------- */

/* The last occurrence of needle in s, or NULL. */
static const char *last_strstr(const char *s, const char *needle)
{
	const char *hit = NULL, *p = s;

	while ((p = strstr(p, needle)) != NULL)
		hit = p++;
	return hit;
}

/* A new result in the current block; a title seen twice starts a new report. */
static struct tp_result *add_result(struct parser *p, const char *title)
{
	struct tp_block *b = tp_need_block(p);
	struct tp_result *res;

	if (b == NULL)
		return NULL;
	if (tp_find_result(b, title) != NULL) {
		unsigned copies = b->copies;

		if (tp_new_report(p) == NULL || (b = tp_new_block(p, copies)) == NULL)
			return NULL;
	}
	APPEND(b->results, b->nresults, TP_MAX_ROWS, res);
	if (res == NULL)
		tp_fail(p, "too many results in one benchmark run (more than %d)", TP_MAX_ROWS);
	return res;
}

/* A row of the title in s's first tlen bytes, its unit u and status: NULL after an error. */
static struct tp_result *new_row(struct parser *p, const char *s, size_t tlen, const char *u,
				 size_t ulen, enum test_status st)
{
	char title[TP_TITLE_MAX];
	struct tp_result *res;

	resolve_title(s, tlen, 1, title, sizeof(title));
	if ((res = add_result(p, title)) == NULL)
		return NULL;
	memcpy(res->title, title, sizeof(title));
	tp_copy_text(res->unit, sizeof(res->unit), u, ulen);
	res->status = st;
	res->time = -1;
	res->line = p->lr.lineno;
	return res;
}

static int is_time_unit(const char *s, size_t n)
{
	static const char *const units[] = { "s", "sec", "secs", "seconds" };

	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (strlen(units[i]) == n && strncmp(s, units[i], n) == 0)
			return 1;
	return 0;
}

/* "(10.0 s, 2 samples)" between open and samp: time and sample count. */
static int parse_samples_paren(struct parser *p, const char *open, const char *samp,
			       double *time, unsigned *n)
{
	char buf[96];
	struct tok t[4];
	size_t nt = 0, len = (size_t)(samp - open - 1);
	const char *why = "", *q;
	int rc;

	if (len >= sizeof(buf))
		return 0;
	memcpy(buf, open + 1, len);
	buf[len] = '\0';
	for (char *c = buf; *c; c++)
		if (*c == ',')
			*c = ' ';
	for (q = buf; *q;) {
		while (*q == ' ')
			q++;
		if (!*q)
			break;
		if (nt == 4)
			return 0;
		t[nt].p = q;
		t[nt].n = strcspn(q, " ");
		q += t[nt++].n;
	}
	if (nt == 2) {
		/* "10.0s": split the unit off the number. */
		size_t k = t[0].n;

		while (k > 0 && isalpha((unsigned char)t[0].p[k - 1]))
			k--;
		if (k == t[0].n || !is_time_unit(t[0].p + k, t[0].n - k))
			return 0;
		t[0].n = k;
	} else if (nt != 3 || !is_time_unit(t[1].p, t[1].n)) {
		return 0;
	}
	if ((rc = tp_parse_num(t[0].p, t[0].n, time, &why)) != NUM_OK)
		return rc == NUM_BAD ? tp_bad_number(p, &t[0], why) : 0;
	if ((rc = tp_parse_count(t[nt - 1].p, t[nt - 1].n, n, &why)) != NUM_OK)
		return rc == NUM_BAD ? tp_bad_number(p, &t[nt - 1], why) : 0;
	return 1;
}

/* "<title> <value> <unit> (<time> s, <n> samples) [<note>]" */
int tp_try_result(struct parser *p, const char *s)
{
	const char *samp = last_strstr(s, "sample"), *after, *open = NULL, *end;
	struct tok unit, value;
	struct tp_result *res;
	double v, time = -1;
	unsigned n = 0;
	const char *why = "";
	int rc;

	if (samp == NULL)
		return 0;
	after = samp + strlen("sample");
	if (*after == 's')
		after++;
	if (*after != ')')
		return 0;
	for (const char *c = s; c < samp; c++)
		if (*c == '(')
			open = c;
	if (open == NULL || open == s)
		return 0;
	if ((rc = parse_samples_paren(p, open, samp, &time, &n)) != 1)
		return rc;
	end = open;
	if (!tp_take_last(s, &end, &unit) || tp_numberish(unit.p, unit.n) || unit.n >= 16 ||
	    !tp_take_last(s, &end, &value) || tp_trimmed_len(s, end) == 0)
		return 0;
	rc = tp_parse_num(value.p, value.n, &v, &why);
	if (rc == NUM_BAD)
		return tp_bad_number(p, &value, why);
	if (rc == NUM_NO)
		return 0;
	if ((res = new_row(p, s, tp_trimmed_len(s, end), unit.p, unit.n, TS_OK)) == NULL)
		return -1;
	res->value = v;
	res->time = time;
	res->samples = n;
	res->line = p->lr.lineno;
	after++;
	while (*after == ' ')
		after++;
	if (*after == '[') {
		size_t k = strcspn(after + 1, "]");

		if (after[1 + k] == ']')
			tp_copy_text(res->note, sizeof(res->note), after + 1, k);
	}
	return 1;
}

/* The first " <word> " in s, unless it starts s; NULL if none. */
static const char *find_word(const char *s, const char *word)
{
	char needle[32];
	const char *w;

	snprintf(needle, sizeof(needle), " %s ", word);
	w = strstr(s, needle);
	return w == s ? NULL : w;
}

/*
 * A test a signal or a stopped setting cut short: "<title> <value> <unit>
 * (interrupted: 3 of 5 samples)".  Its figure covers only the samples it
 * has: not a result, a test that did not run to its end (TS_NOT_RUN).
 */
static int try_partial(struct parser *p, const char *s)
{
	const char *open = strstr(s, " (" REASON_INTERRUPTED), *end;
	struct tok unit, value;

	if (open == NULL || s[strlen(s) - 1] != ')')
		return 0;
	end = open;
	if (!tp_take_last(s, &end, &unit) || tp_numberish(unit.p, unit.n) || unit.n >= 16 ||
	    !tp_take_last(s, &end, &value) || !tp_numberish(value.p, value.n) ||
	    tp_trimmed_len(s, end) == 0)
		return 0;
	return new_row(p, s, tp_trimmed_len(s, end), unit.p, unit.n, TS_NOT_RUN) ? 1 : -1;
}

/* sysindex's line for a test without a result: "<title> FAILED <unit> (<reason>)". */
int tp_try_status(struct parser *p, const char *s)
{
	static const enum test_status st[] = { TS_FAILED, TS_SKIPPED, TS_UNAVAILABLE, TS_NOT_RUN };

	for (size_t i = 0; i < sizeof(st) / sizeof(st[0]); i++) {
		const char *w = find_word(s, status_word(st[i])), *u;
		size_t ulen;

		if (w == NULL)
			continue;
		u = w + strlen(status_word(st[i])) + 2;
		ulen = strcspn(u, " ");
		if (ulen == 0 || ulen >= 16 || tp_numberish(u, ulen) || u[ulen] != ' ' ||
		    u[ulen + 1] != '(')
			continue;
		return new_row(p, s, (size_t)(w - s), u, ulen, st[i]) ? 1 : -1;
	}
	return try_partial(p, s);
}

/* ---- statistics rows ---------------------------------------------------- */

static int flag_word(const struct tok *t)
{
	for (size_t i = 0; i < t->n; i++)
		if (!isalpha((unsigned char)t->p[i]) && t->p[i] != '-')
			return 0;
	return t->n > 0;
}

/* "-": a spread column of a one-sample row (nothing to estimate). */
static int no_spread(const struct tok *t)
{
	return tp_tok_is(t, "-");
}

/* A spread column: "-", or a number (with '%' when pct, which is cut off). */
static int spread_cell(struct tok *t, int pct)
{
	if (no_spread(t))
		return 1;
	if (pct) {
		if (t->n < 2 || t->p[t->n - 1] != '%')
			return 0;
		t->n--;
	}
	return tp_numberish(t->p, t->n);
}

/*
 * "<title> <n> <mean> <sd|-> <ci%|-> <cv%|-> [flags...]": a statistics row;
 * the spread columns read "-" when n < 2.
 */
int tp_try_stats(struct parser *p, const char *s)
{
	const char *end = s + strlen(s), *flags_end = end, *flags_start = NULL, *why = "";
	struct tok t, cv, ci, sd, mean, n;
	struct tp_stats_row *row;
	struct tp_block *b;
	char title[TP_TITLE_MAX];
	double v[4];
	unsigned count = 0;
	int known;

	for (int k = 0;; k++) {
		if (k > 8 || !tp_take_last(s, &end, &t))
			return 0;
		if (no_spread(&t) || (t.n > 1 && t.p[t.n - 1] == '%'))
			break;
		if (!flag_word(&t))
			return 0;
		flags_start = t.p;
	}
	cv = t;
	if (!tp_take_last(s, &end, &ci))
		return 0;
	if (!tp_take_last(s, &end, &sd) || !tp_take_last(s, &end, &mean) || !tp_take_last(s, &end, &n) ||
	    tp_trimmed_len(s, end) == 0)
		return 0;
	if (!spread_cell(&cv, 1) || !spread_cell(&ci, 1) || !spread_cell(&sd, 0) ||
	    !tp_numberish(mean.p, mean.n) || !tp_numberish(n.p, n.n))
		return 0;
	known = resolve_title(s, tp_trimmed_len(s, end), p->mode == M_STATS, title, sizeof(title));
	if (!known && p->mode != M_STATS)
		return 0;
	if (tp_parse_count(n.p, n.n, &count, &why) != NUM_OK)
		return tp_bad_number(p, &n, why);
	{
		const struct tok *nums[4] = { &mean, &sd, &ci, &cv };

		for (int k = 0; k < 4; k++) {
			if (no_spread(nums[k])) {
				/* Only a single sample has no spread to print. */
				if (count >= 2)
					return tp_bad_number(p, nums[k], "no spread given for 2 or more samples");
				v[k] = NAN;
			} else if (tp_parse_num(nums[k]->p, nums[k]->n, &v[k], &why) != NUM_OK) {
				return tp_bad_number(p, nums[k], why);
			}
		}
	}
	if ((b = tp_need_block(p)) == NULL)
		return -1;
	if (tp_find_stats(b, title) != NULL)
		return 1;
	APPEND(b->stats, b->nstats, TP_MAX_ROWS, row);
	if (row == NULL)
		return tp_fail(p, "too many statistics rows in one benchmark run (more than %d)",
			    TP_MAX_ROWS);
	memcpy(row->title, title, sizeof(title));
	row->n = count;
	row->mean = v[0];
	row->sd = v[1];
	row->ci_pct = v[2];
	row->cv_pct = v[3];
	if (flags_start != NULL)
		tp_copy_text(row->flags, sizeof(row->flags), flags_start,
			  (size_t)(flags_end - flags_start));
	row->line = p->lr.lineno;
	return 1;
}

/* ---- index rows ---------------------------------------------------------- */

/* The category of an index row: its table's, else the test table's. */
static void row_category(const struct parser *p, const char *title, char *out, size_t len)
{
	if (p->mode == M_INDEX && p->index_category[0]) {
		tp_copy_text(out, len, p->index_category, strlen(p->index_category));
		return;
	}
	out[0] = '\0';
	for (size_t i = 0; i < test_table_len; i++)
		if (strcmp(test_table[i].title, title) == 0) {
			const char *c = category_title[test_category(&test_table[i])];

			tp_copy_text(out, len, c, strlen(c));
		}
}

static int index_cell(const struct tok *t, int dashes_ok)
{
	return tp_numberish(t->p, t->n) || (dashes_ok && tp_tok_is(t, "---"));
}

/* "<title> <baseline|---> <result> <index|--->" */
int tp_try_index_row(struct parser *p, const char *s)
{
	const char *end = s + strlen(s), *why = "";
	struct tok idx, res, base;
	const struct tok *cells[3] = { &base, &res, &idx };
	double v[3] = { -1, -1, -1 };
	char title[TP_TITLE_MAX];
	struct tp_index_row *row;
	struct tp_block *b;
	int known;

	if (!tp_take_last(s, &end, &idx) || !tp_take_last(s, &end, &res) || !tp_take_last(s, &end, &base) ||
	    tp_trimmed_len(s, end) == 0)
		return 0;
	if (!index_cell(&idx, 1) || !index_cell(&res, 0) || !index_cell(&base, 1))
		return 0;
	known = resolve_title(s, tp_trimmed_len(s, end), p->mode == M_INDEX, title, sizeof(title));
	if (!known && p->mode != M_INDEX)
		return 0;
	for (int k = 0; k < 3; k++)
		if (!tp_tok_is(cells[k], "---") &&
		    tp_parse_num(cells[k]->p, cells[k]->n, &v[k], &why) != NUM_OK)
			return tp_bad_number(p, cells[k], why);
	if ((b = tp_need_block(p)) == NULL)
		return -1;
	if (tp_find_index(b, title) != NULL)
		return 1;
	APPEND(b->index, b->nindex, TP_MAX_ROWS, row);
	if (row == NULL)
		return tp_fail(p, "too many index rows in one benchmark run (more than %d)",
			    TP_MAX_ROWS);
	memcpy(row->title, title, sizeof(title));
	row_category(p, title, row->category, sizeof(row->category));
	row->baseline = v[0];
	row->result = v[1];
	row->index = v[2];
	row->line = p->lr.lineno;
	return 1;
}
