/* testdirs.c: labels of paired mode's --testdir values. */
#include "core/testdirs.h"

#include <stdio.h>
#include <string.h>

static int label_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '.' || c == '_' || c == '+' || c == '-';
}

int testdirs_label_ok(const char *s)
{
	if (*s == '\0' || strlen(s) >= TESTDIR_LABEL_MAX)
		return 0;
	for (; *s; s++)
		if (!label_char((unsigned char)*s))
			return 0;
	return 1;
}

int testdirs_split(const char *arg, struct testdir_spec *out, char *err, size_t errlen)
{
	const char *eq = strchr(arg, '=');
	size_t n;

	memset(out, 0, sizeof(*out));
	out->path = arg;
	if (eq == NULL || memchr(arg, '/', (size_t)(eq - arg)) != NULL)
		goto check_path;
	n = (size_t)(eq - arg);
	if (n == 0) {
		snprintf(err, errlen, "--testdir: empty label before '=' in '%.80s'", arg);
		return -1;
	}
	if (n >= TESTDIR_LABEL_MAX) {
		snprintf(err, errlen, "--testdir: label longer than %d characters in '%.80s%s'",
			 TESTDIR_LABEL_MAX - 1, arg, strlen(arg) > 80 ? "..." : "");
		return -1;
	}
	memcpy(out->label, arg, n);
	out->label[n] = '\0';
	if (!testdirs_label_ok(out->label)) {
		snprintf(err, errlen, "--testdir: a label may hold only letters, digits and ._+- "
			 "(in '%.80s%s')", arg, strlen(arg) > 80 ? "..." : "");
		return -1;
	}
	out->labelled = 1;
	out->path = eq + 1;
check_path:
	if (*out->path == '\0') {
		snprintf(err, errlen, "--testdir: empty directory after '=' in '%.80s'", arg);
		return -1;
	}
	return 0;
}

/* The directory's last component as a label: "/mnt/no atime/" -> "no_atime". */
static void default_label(const char *path, char *out, size_t len)
{
	size_t end = strlen(path), start, k = 0;

	while (end > 1 && path[end - 1] == '/')
		end--;
	start = end;
	while (start > 0 && path[start - 1] != '/')
		start--;
	for (size_t i = start; i < end && k + 1 < len; i++)
		out[k++] = label_char((unsigned char)path[i]) ? path[i] : '_';
	out[k] = '\0';
	if (k == 0 || strcmp(out, ".") == 0 || strcmp(out, "..") == 0)
		snprintf(out, len, "dir");
}

static int label_taken(const struct testdir_spec *d, size_t n, const char *label)
{
	for (size_t i = 0; i < n; i++)
		if (d[i].label[0] && strcmp(d[i].label, label) == 0)
			return 1;
	return 0;
}

int testdirs_parse(const char *const *args, size_t n, struct testdir_spec *out,
		   char *err, size_t errlen)
{
	for (size_t i = 0; i < n; i++) {
		if (testdirs_split(args[i], &out[i], err, errlen) != 0)
			return -1;
		if (out[i].labelled && label_taken(out, i, out[i].label)) {
			snprintf(err, errlen, "--testdir: label '%s' given twice", out[i].label);
			return -1;
		}
	}
	/* Given labels first, so a default never takes a name given later. */
	for (size_t i = 0; i < n; i++) {
		char base[TESTDIR_LABEL_MAX - 4], cand[TESTDIR_LABEL_MAX];

		if (out[i].labelled)
			continue;
		default_label(out[i].path, base, sizeof(base));
		snprintf(cand, sizeof(cand), "%s", base);
		for (unsigned k = 2; label_taken(out, n, cand); k++)
			snprintf(cand, sizeof(cand), "%s-%u", base, k);
		snprintf(out[i].label, sizeof(out[i].label), "%s", cand);
	}
	return 0;
}
