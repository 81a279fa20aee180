/* status.c: the status words, both directions. */
#include "core/status.h"

#include <stdio.h>
#include <string.h>

static const struct {
	const char *word;       /* reports */
	const char *key;        /* JSON, CSV */
} words[TS_COUNT] = {
	[TS_NOT_RUN] = { "NOT RUN", "not_run" },
	[TS_OK] = { "OK", "ok" },
	[TS_FAILED] = { "FAILED", "failed" },
	[TS_SKIPPED] = { "SKIPPED", "skipped" },
	[TS_UNAVAILABLE] = { "N/A", "unavailable" },
};

/* Anything outside the enum reads as never run, as the writers always did. */
static enum test_status known(enum test_status s)
{
	return (unsigned)s < TS_COUNT ? s : TS_NOT_RUN;
}

const char *status_word(enum test_status s)
{
	return words[known(s)].word;
}

const char *status_key(enum test_status s)
{
	return words[known(s)].key;
}

int status_parse_word(const char *w, size_t len, enum test_status *out)
{
	for (int s = 0; s < TS_COUNT; s++)
		if (strlen(words[s].word) == len && memcmp(words[s].word, w, len) == 0) {
			*out = (enum test_status)s;
			return 0;
		}
	return -1;
}

/* Each note word a program prints, and what it means for the work done (facts as rows). */
static const struct {
	const char *word;       /* as the program prints it */
	int prefix;             /* word is a prefix ("engine="): the rest follows the words */
	const char *means;      /* after "<label> ": what that side did */
} note_rows[] = {
	{ "tmpfs", 0, "is tmpfs, which keeps the file in memory and ignores O_DIRECT and fdatasync" },
	{ "ramfs", 0, "is ramfs, which keeps the file in memory and ignores O_DIRECT and fdatasync" },
	{ "buffered", 0, "refused O_DIRECT, so its I/O went through the page cache" },
	{ "engine=", 1, "used the I/O engine " },
};

int note_same_work(const char *a, const char *b)
{
	return strcmp(a != NULL ? a : "", b != NULL ? b : "") == 0;
}

/* Append to out[len] at *used what one side's note says, each part in words. */
static void note_side(char *out, size_t len, size_t *used, int *first, const char *label,
		      const char *note)
{
	for (const char *p = note; p != NULL && *p != '\0' && *used < len;) {
		size_t n = strcspn(p, ","), k, w = 0;
		int r;

		for (k = 0; k < sizeof(note_rows) / sizeof(note_rows[0]); k++) {
			w = strlen(note_rows[k].word);
			if (note_rows[k].prefix ? n > w && strncmp(p, note_rows[k].word, w) == 0
						: n == w && strncmp(p, note_rows[k].word, w) == 0)
				break;
		}
		if (k == sizeof(note_rows) / sizeof(note_rows[0]))
			r = snprintf(out + *used, len - *used, "%s%s was labelled \"%.*s\"",
				     *first ? "" : "; ", label, (int)n, p);
		else
			r = snprintf(out + *used, len - *used, "%s%s %s%.*s", *first ? "" : "; ", label,
				     note_rows[k].means, (int)(n - w), p + w);
		*used += r > 0 ? (size_t)r : 0;
		*first = 0;
		p += n;
		p += strspn(p, ", ");
	}
}

void note_difference(char *out, size_t len, const char *la, const char *na, const char *lb,
		     const char *nb)
{
	int r = snprintf(out, len, "the two sides did not do the same work: ");
	size_t used = r > 0 ? (size_t)r : 0;
	int first = 1;

	/* The side without a note did the test as asked; the other's note says how it did not. */
	note_side(out, len, &used, &first, la, na);
	note_side(out, len, &used, &first, lb, nb);
}
