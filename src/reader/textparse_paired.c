/*
 * textparse_paired.c: the lines of a paired run's text report.
 *
 *   Test directory noatime                  the current block's directory; a
 *                                           block that starts a new report
 *                                           (a copy count seen again) takes
 *                                           the run's header with it
 *   Paired comparison: 1 copy, baseline relatime, 2 test dirs, ...
 *   Control (A/A: ...)                      the control table of that block
 *   <comparison rows>                       until "Ran once" or "change:"
 */
#include "reader/textparse_int.h"

#include <math.h>
#include <stdlib.h>

#include "core/testtab.h"
#include "stats/verdict.h"

#define TP_MAX_PAIRED 4096

/* A signed decimal of n bytes (tp_parse_num takes no negative numbers). */
static int signed_num(const char *p, size_t n, double *v)
{
	char buf[64], *end;

	if (n == 0 || n >= sizeof(buf) || !tp_numberish(p, n))
		return 0;
	memcpy(buf, p, n);
	buf[n] = '\0';
	*v = strtod(buf, &end);
	return *end == '\0' && isfinite(*v);
}

/* A "-" cell is NAN; "+1.25%" is 1.25.  0 when the token is not a figure. */
static int cell(const struct tok *t, int pct, double *v)
{
	size_t n = t->n;

	if (tp_tok_is(t, "-")) {
		*v = NAN;
		return 1;
	}
	if (pct) {
		if (n < 2 || t->p[n - 1] != '%')
			return 0;
		n--;
	}
	return signed_num(t->p, n, v);
}

/* "-1.20%..+0.40%" */
static int ci_cell(const struct tok *t, double *lo, double *hi)
{
	const char *dots;
	struct tok a, b;

	if (tp_tok_is(t, "-")) {
		*lo = *hi = NAN;
		return 1;
	}
	dots = memchr(t->p, '.', t->n);
	while (dots != NULL && dots + 1 < t->p + t->n && dots[1] != '.')
		dots = memchr(dots + 1, '.', (size_t)(t->p + t->n - dots - 1));
	if (dots == NULL || dots + 1 >= t->p + t->n)
		return 0;
	a.p = t->p;
	a.n = (size_t)(dots - t->p);
	b.p = dots + 2;
	b.n = (size_t)(t->p + t->n - b.p);
	return cell(&a, 1, lo) && cell(&b, 1, hi);
}

/*
 * The verdict at the end of a row (stats/verdict.h's words), or why there is
 * none; its start, or NULL.
 */
static const char *verdict_of(const char *s, size_t len)
{
	char few[32];
	size_t k = verdict_word_at_end(s, len);
	const char *v;

	if (k > 0)
		return s + len - k;
	snprintf(few, sizeof(few), " %s: ", verdict_word(VD_FEW));
	if ((v = strstr(s, " not compared: ")) != NULL || (v = strstr(s, " cannot judge: ")) != NULL ||
	    (v = strstr(s, few)) != NULL)
		return v + 1;
	return NULL;
}

static int paired_row(struct parser *p, const char *s)
{
	const char *v = verdict_of(s, strlen(s)), *end = v;
	struct tok rounds, detect, ci, change, other, base, label;
	struct paired_row row, *out;
	const struct test_def *def;
	double r;

	if (v == NULL)
		return 0;
	memset(&row, 0, sizeof(row));
	row.rounds_lo_pct = row.rounds_hi_pct = NAN;
	if (!tp_take_last(s, &end, &rounds) || !tp_take_last(s, &end, &detect) ||
	    !tp_take_last(s, &end, &ci) || !tp_take_last(s, &end, &change) ||
	    !tp_take_last(s, &end, &other) || !tp_take_last(s, &end, &base) ||
	    !tp_take_last(s, &end, &label) || tp_trimmed_len(s, end) == 0)
		return 0;
	if (detect.n > 2 && memcmp(detect.p, "+-", 2) == 0) {
		detect.p += 2;
		detect.n -= 2;
	}
	if (!cell(&rounds, 0, &r) || !(r >= 0) || !cell(&detect, 1, &row.detect_pct) ||
	    !ci_cell(&ci, &row.ci_lo_pct, &row.ci_hi_pct) || !cell(&change, 1, &row.change_pct) ||
	    !cell(&other, 0, &row.other) || !cell(&base, 0, &row.base))
		return 0;
	row.rounds = (unsigned)r;
	row.copies = p->paired_copies;
	row.control = p->paired_control;
	tp_copy_text(row.title, sizeof(row.title), s, tp_trimmed_len(s, end));
	if ((def = test_find_title(row.title)) != NULL)
		snprintf(row.name, sizeof(row.name), "%s", def->name);
	tp_copy_text(row.label, sizeof(row.label), label.p, label.n);
	snprintf(row.baseline, sizeof(row.baseline), "%s", p->paired_baseline);
	snprintf(row.verdict, sizeof(row.verdict), "%s", v);
	APPEND(p->doc->paired, p->doc->npaired, TP_MAX_PAIRED, out);
	if (out == NULL)
		return tp_fail(p, "too many paired comparison rows (at most %d)", TP_MAX_PAIRED);
	*out = row;
	return 1;
}

/* "Paired comparison: 2 copies, baseline relatime, ..." */
static int comparison_head(struct parser *p, const char *s)
{
	const char *b = strstr(s, ", baseline ");
	unsigned long copies = strtoul(s + strlen("Paired comparison: "), NULL, 10);

	if (copies == 0 || b == NULL)
		return 0;
	b += strlen(", baseline ");
	tp_copy_text(p->paired_baseline, sizeof(p->paired_baseline), b, strcspn(b, ","));
	p->paired_copies = (unsigned)copies;
	p->paired_control = 0;
	p->mode = M_PAIRED;
	return 1;
}

/* The first report's header, for a directory's report that starts mid-file. */
static void inherit_header(struct parser *p, struct tp_report *r)
{
	const struct tp_report *first = &p->doc->reports[0];

	if (r == first || r->title[0])
		return;
	memcpy(r->title, first->title, sizeof(r->title));
	memcpy(r->version, first->version, sizeof(r->version));
	memcpy(r->sysindex_version, first->sysindex_version, sizeof(r->sysindex_version));
	memcpy(r->host, first->host, sizeof(r->host));
	memcpy(r->system, first->system, sizeof(r->system));
	memcpy(r->compiler, first->compiler, sizeof(r->compiler));
	memcpy(r->mode, first->mode, sizeof(r->mode));
}

/* "Setting <label>" or "Setting <label> (the baseline)", the whole line. */
static int setting_head(const char *s)
{
	const char *l = s + strlen("Setting "), *rest;

	if (!tp_starts(s, "Setting ") || *l == '\0')
		return 0;
	rest = l + strcspn(l, " ");
	return *rest == '\0' || strcmp(rest, " (the baseline)") == 0;
}

int tp_try_paired(struct parser *p, const char *s)
{
	/*
	 * A block's head: "Test directory ssd (the baseline)", or in settings
	 * mode "Setting noatime" (the label alone, or with " (the baseline)":
	 * not the summary's "Setting noatime: ..." lines).
	 */
	if (tp_starts(s, "Test directory ") || setting_head(s)) {
		struct tp_report *r = tp_cur_report(p);
		const char *l = s + (tp_starts(s, "Setting ") ? strlen("Setting ") : strlen("Test directory "));

		if (r == NULL)
			return 0;
		tp_copy_text(r->dir_label, sizeof(r->dir_label), l, strcspn(l, " "));
		inherit_header(p, r);
		return 1;
	}
	if (tp_starts(s, "Paired comparison: "))
		return comparison_head(p, s);
	if (p->mode != M_PAIRED)
		return 0;
	if (tp_starts(s, "Control (A/A")) {
		p->paired_control = 1;
		return 1;
	}
	if (tp_starts(s, "Ran once") || tp_starts(s, "change: ")) {
		p->mode = M_NONE;
		return 1;
	}
	{
		/* "(rounds alone: -0.52%..+0.81%)" under a row: that row's interval without the term. */
		const char *ra = s + strspn(s, " ");
		static const char head[] = "(rounds alone: ";

		if (strncmp(ra, head, sizeof(head) - 1) == 0) {
			struct tok t = { ra + sizeof(head) - 1, 0 };

			t.n = strcspn(t.p, ")");
			if (p->doc->npaired > 0 && t.p[t.n] == ')') {
				struct paired_row *last = &p->doc->paired[p->doc->npaired - 1];

				if (!ci_cell(&t, &last->rounds_lo_pct, &last->rounds_hi_pct))
					last->rounds_lo_pct = last->rounds_hi_pct = NAN;
			}
			return 1;
		}
		/* "(not compared: ...)", "(the two sides did not do the same work: ...)": the last row's reason. */
		if (ra[0] == '(' && p->doc->npaired > 0) {
			size_t n = strlen(ra);

			while (n > 1 && (ra[n - 1] == ' ' || ra[n - 1] == '\r'))
				n--;
			if (n > 2 && ra[n - 1] == ')') {
				struct paired_row *last = &p->doc->paired[p->doc->npaired - 1];

				tp_copy_text(last->reason, sizeof(last->reason), ra + 1, n - 2);
				return 1;
			}
		}
	}
	/* Anything else (headers, notes) is left to the other shapes. */
	return paired_row(p, s);
}
