/* proto.c: the COUNT/TIME/METRIC/NOTE/ERROR/SKIP line parser. */
#include "run/proto.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FIELDS 5

/* Split 'buf' in place at each PROTOCOL_SEP; returns the number of fields (at most max). */
static size_t split(char *buf, char **fields, size_t max)
{
	size_t n = 0;
	char *p = buf;

	while (n < max) {
		fields[n++] = p;
		p = strchr(p, PROTOCOL_SEP[0]);
		if (p == NULL)
			break;
		*p++ = '\0';
	}
	return n;
}

static int parse_number(const char *s, double *out)
{
	char *end;

	if (*s == '\0')
		return -1;
	errno = 0;
	*out = strtod(s, &end);
	while (*end == ' ' || *end == '\t')
		end++;
	if (errno == ERANGE || *end != '\0' || !isfinite(*out) || *out < 0)
		return -1;
	return 0;
}

/* An optional directory index field: -1 when absent, -2 when malformed. */
static int parse_dir(const char *s)
{
	double v;

	if (s == NULL)
		return -1;
	if (parse_number(s, &v) != 0 || v != floor(v) || v >= PROTOCOL_MAX_DIRS)
		return -2;
	return (int)v;
}

static void copy_text(char *dst, size_t len, const char *src)
{
	snprintf(dst, len, "%s", src);
}

static void invalid(struct proto_line *out, const char *why)
{
	out->kind = PL_INVALID;
	copy_text(out->text, sizeof(out->text), why);
}

/* NOTE|<text>|<i>: directory i's note (a sliced sample); the text's own
 * bars stay when what follows the last one is no directory index. */
static void note_dir(struct proto_line *out)
{
	char *bar = strrchr(out->text, PROTOCOL_SEP[0]);
	int d;

	if (bar == NULL || bar[1] == '\0')
		return;
	d = parse_dir(bar + 1);
	if (d < 0)
		return;
	out->dir = d;
	*bar = '\0';
}

void proto_parse_line(const char *line, struct proto_line *out)
{
	char buf[512];
	char *f[MAX_FIELDS];
	size_t n, len;
	double tb;

	memset(out, 0, sizeof(*out));
	out->dir = -1;
	len = strcspn(line, "\r\n");
	if (len >= sizeof(buf)) {
		invalid(out, "line too long");
		return;
	}
	memcpy(buf, line, len);
	buf[len] = '\0';
	if (strchr(buf, PROTOCOL_SEP[0]) == NULL) {
		invalid(out, "no '|' in line");
		return;
	}
	n = split(buf, f, MAX_FIELDS);
	if (strcmp(f[0], PROTOCOL_COUNT) == 0) {
		out->dir = parse_dir(n == 5 ? f[4] : NULL);
		if (n < 4 || parse_number(f[1], &out->value) != 0 ||
		    parse_number(f[2], &tb) != 0 || tb != floor(tb) || tb > 3600 ||
		    out->dir == -2) {
			invalid(out, "malformed COUNT line");
			return;
		}
		out->kind = PL_COUNT;
		out->timebase = (int)tb;
		copy_text(out->unit, sizeof(out->unit), f[3]);
	} else if (strcmp(f[0], PROTOCOL_TIME) == 0) {
		out->dir = parse_dir(n >= 3 ? f[2] : NULL);
		if (n < 2 || parse_number(f[1], &out->value) != 0 || out->dir == -2) {
			invalid(out, "malformed TIME line");
			return;
		}
		out->kind = PL_TIME;
	} else if (strcmp(f[0], PROTOCOL_START) == 0) {
		if (n < 2 || parse_number(f[1], &out->value) != 0) {
			invalid(out, "malformed START line");
			return;
		}
		out->kind = PL_START;
	} else if (strcmp(f[0], PROTOCOL_INTERVAL) == 0) {
		if (n < 5 || parse_number(f[1], &out->value) != 0 ||
		    parse_number(f[2], &out->rate) != 0 || parse_number(f[4], &out->io_us) != 0) {
			invalid(out, "malformed INTERVAL line");
			return;
		}
		out->kind = PL_INTERVAL;
		copy_text(out->unit, sizeof(out->unit), f[3]);
	} else if (strcmp(f[0], PROTOCOL_METRIC) == 0) {
		if (n < 4 || *f[1] == '\0' || parse_number(f[2], &out->value) != 0 ||
		    (n == 5 && metric_combine_parse(f[4], &out->combine) != 0)) {
			invalid(out, "malformed METRIC line");
			return;
		}
		out->kind = PL_METRIC;
		copy_text(out->name, sizeof(out->name), f[1]);
		copy_text(out->unit, sizeof(out->unit), f[3]);
	} else if (strcmp(f[0], PROTOCOL_NOTE) == 0 || strcmp(f[0], PROTOCOL_ERROR) == 0 ||
		   strcmp(f[0], PROTOCOL_SKIP) == 0) {
		/* The text is everything after the first '|', bars included. */
		copy_text(out->text, sizeof(out->text), line + strlen(f[0]) + 1);
		out->text[strcspn(out->text, "\r\n")] = '\0';
		out->kind = strcmp(f[0], PROTOCOL_NOTE) == 0 ? PL_NOTE
			  : strcmp(f[0], PROTOCOL_ERROR) == 0 ? PL_ERROR : PL_SKIP;
		if (out->kind == PL_NOTE)
			note_dir(out);
	} else {
		out->kind = PL_OTHER;
		copy_text(out->text, sizeof(out->text), f[0]);
	}
}
