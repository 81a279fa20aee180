/*
 * report_heading.c: what a paired or settings run compared, in a few words
 * for the HTML and Markdown headings ("tmpfs vs ext4: file and disk
 * tests"): the labels, then the kinds of test that ran, from a row per
 * kind of test (the test table's groups), not from test names.
 */
#include "report/report.h"

#include <string.h>

#include "util/util.h"

/* A kind of test in words: the groups that make it, first match wins. */
static const struct {
	unsigned groups;
	const char *words;
} kinds[] = {
	{ G_FS, "file" },
	{ G_DISK, "disk" },
	{ G_MEM, "memory" },
	{ G_NET, "network" },
	{ 0, "CPU and system" },        /* every other test */
};
#define NKINDS (sizeof(kinds) / sizeof(kinds[0]))

/* s after what out holds, cut to fit. */
static void add(char *out, size_t len, const char *s)
{
	size_t n = strlen(out);

	fmt(out + n, len - n, "%s", s);
}

static size_t kind_of(const struct test_def *t)
{
	size_t k = 0;

	while (k + 1 < NKINDS && !(t->groups & kinds[k].groups))
		k++;
	return k;
}

/* "file and disk tests": each kind compared, in the table's order. */
static void kinds_text(const struct run_result *r, char *out, size_t len)
{
	int seen[NKINDS] = { 0 };
	size_t n = 0, done = 0;

	for (size_t c = 0; c < r->ncmps; c++) {
		size_t k = kind_of(r->cmps[c].def);

		n += !seen[k];
		seen[k] = 1;
	}
	out[0] = '\0';
	for (size_t k = 0; k < NKINDS; k++) {
		if (!seen[k])
			continue;
		done++;
		add(out, len, done == 1 ? "" : done == n ? " and " : ", ");
		add(out, len, kinds[k].words);
	}
	add(out, len, n ? " tests" : "tests");
}

void report_heading(const struct run_result *r, char *out, size_t len)
{
	char kinds_buf[128];

	out[0] = '\0';
	if (r->ndirs < 2)
		return;
	for (size_t d = 1; d < r->ndirs; d++) {
		add(out, len, d == 1 ? "" : ", ");
		add(out, len, r->dirs[d].label);
	}
	add(out, len, " vs ");
	add(out, len, r->dirs[0].label);
	kinds_text(r, kinds_buf, sizeof(kinds_buf));
	add(out, len, ": ");
	add(out, len, kinds_buf);
}
