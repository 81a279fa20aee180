/*
 * redact.c: --redact's substitutions (see redact.h).  Plain text in, plain
 * text out; matching is byte for byte, longest needle first, so a test
 * directory inside the home folder becomes "<testdir-1>", not "<home>/...".
 */
#define _GNU_SOURCE   /* realpath */
#include "run/redact.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/util.h"

void redact_add(struct redact *rd, const char *from, const char *to, int word)
{
	size_t k;

	if (from == NULL || from[0] == '\0' || rd->n == REDACT_MAX || strlen(from) >= 4096)
		return;
	if (strcmp(from, "/") == 0)
		return;         /* "/" is in every path and names nothing */
	for (k = 0; k < rd->n; k++)
		if (strcmp(rd->sub[k].from, from) == 0)
			return;
	/* Keep the table longest first. */
	for (k = rd->n; k > 0 && strlen(rd->sub[k - 1].from) < strlen(from); k--)
		rd->sub[k] = rd->sub[k - 1];
	fmt(rd->sub[k].from, sizeof(rd->sub[k].from), "%s", from);
	fmt(rd->sub[k].to, sizeof(rd->sub[k].to), "%s", to);
	rd->sub[k].word = word;
	rd->n++;
}

/* A path as given and as resolved, both to one placeholder. */
static void add_path(struct redact *rd, const char *path, const char *to)
{
	char real[4096];

	redact_add(rd, path, to, 0);
	if (path != NULL && realpath(path, real) != NULL)
		redact_add(rd, real, to, 0);
}

/* The clone (or the folder the binary is in): pgms/'s parent, as Run and find_pgmdir() set it. */
static void add_clone(struct redact *rd, const char *pgmdir)
{
	char dir[4096];
	size_t n;

	if (pgmdir == NULL || !str_ends_with(pgmdir, "/pgms") ||
	    (n = strlen(pgmdir) - strlen("/pgms")) == 0 || n >= sizeof(dir))
		return;
	memcpy(dir, pgmdir, n);
	dir[n] = '\0';
	add_path(rd, dir, "<clone>");
}

void redact_init(struct redact *rd, const struct run_result *r, const char *resdir,
		 const char *pgmdir, const char *const *given, size_t ngiven)
{
	char to[32];

	memset(rd, 0, sizeof(*rd));
	redact_add(rd, r->sys.hostname, REDACT_HOST, 1);
	redact_add(rd, r->sys.host.id, "<hostid-1>", 1);
	add_path(rd, r->sys.testdir, "<testdir-1>");
	for (size_t i = 0; i < r->ndirs; i++) {
		fmt(to, sizeof(to), "<testdir-%zu>", i + 1);
		add_path(rd, r->dirs[i].path, to);
	}
	for (size_t i = 0; i < ngiven; i++) {
		fmt(to, sizeof(to), "<testdir-%zu>", i + 1);
		add_path(rd, given[i], to);
	}
	add_path(rd, resdir, "<results>");
	add_path(rd, pgmdir, "<programs>");
	add_clone(rd, pgmdir);
	add_path(rd, getenv("HOME"), "<home>");
}

static int name_byte(unsigned char c)
{
	return isalnum(c) || c == '_';
}

/* The substitution that matches at s (start: the text's beginning), or NULL. */
static const struct redact_sub *match(const struct redact *rd, const char *start,
				      const char *s)
{
	for (size_t k = 0; k < rd->n; k++) {
		const struct redact_sub *sb = &rd->sub[k];
		size_t len = strlen(sb->from);

		if (strncmp(s, sb->from, len) != 0)
			continue;
		if (sb->word && ((s > start && name_byte((unsigned char)s[-1])) ||
				 name_byte((unsigned char)s[len])))
			continue;
		return sb;
	}
	return NULL;
}

char *redact_text(const struct redact *rd, const char *in, size_t n, size_t *outlen)
{
	size_t cap = n + 64, used = 0;
	char *out = malloc(cap), *grown;

	if (out == NULL)
		return NULL;
	for (size_t i = 0; i < n; ) {
		const struct redact_sub *sb = in[i] ? match(rd, in, in + i) : NULL;
		const char *piece = sb ? sb->to : in + i;
		size_t plen = sb ? strlen(sb->to) : 1;

		if (used + plen + 1 > cap) {
			cap = 2 * cap + plen;
			if ((grown = realloc(out, cap)) == NULL) {
				free(out);
				return NULL;
			}
			out = grown;
		}
		memcpy(out + used, piece, plen);
		used += plen;
		i += sb ? strlen(sb->from) : 1;
	}
	out[used] = '\0';
	if (outlen != NULL)
		*outlen = used;
	return out;
}

void redact_str(const struct redact *rd, const char *in, char *out, size_t len)
{
	char *s = redact_text(rd, in, strlen(in), NULL);

	if (len == 0)
		return;
	/* Out of memory: the value is dropped rather than left unredacted. */
	fmt(out, len, "%s", s != NULL ? s : "<redacted>");
	free(s);
}

#define REDACT_FIELD(rd, f) do { \
	char tmp_[sizeof(f)]; \
	redact_str(rd, f, tmp_, sizeof(tmp_)); \
	memcpy(f, tmp_, sizeof(f)); \
} while (0)

static void redact_mount(const struct redact *rd, struct mount_entry *m, struct device_info *d)
{
	REDACT_FIELD(rd, m->root);
	REDACT_FIELD(rd, m->mount_point);
	REDACT_FIELD(rd, m->source);
	REDACT_FIELD(rd, m->options);
	REDACT_FIELD(rd, m->super_options);
	REDACT_FIELD(rd, d->backing_file);
}

void redact_run(const struct redact *rd, struct run_result *r)
{
	struct sys_info *si = &r->sys;

	fmt(si->hostname, sizeof(si->hostname), "%s", REDACT_HOST);
	if (si->host.id[0])
		fmt(si->host.id, sizeof(si->host.id), "%s", "<hostid-1>");
	REDACT_FIELD(rd, si->system);
	REDACT_FIELD(rd, si->os_version);
	REDACT_FIELD(rd, si->testdir);
	/* The kernel command line can name hosts, addresses, disks: all of it goes. */
	if (si->state.have[HS_CMDLINE])
		fmt(si->state.value[HS_CMDLINE], sizeof(si->state.value[HS_CMDLINE]), "<redacted>");
	redact_mount(rd, &si->mount, &si->device);
	for (size_t i = 0; i < r->ndirs; i++) {
		REDACT_FIELD(rd, r->dirs[i].path);
		redact_mount(rd, &r->dirs[i].mount, &r->dirs[i].device);
	}
	for (size_t i = 0; i < r->nruns; i++)
		for (size_t t = 0; t < r->runs[i].ntests; t++) {
			struct bench_result *b = &r->runs[i].tests[t];

			REDACT_FIELD(rd, b->command);
			REDACT_FIELD(rd, b->reason);
			REDACT_FIELD(rd, b->note);
		}
	for (size_t i = 0; i < r->ncmps; i++)
		REDACT_FIELD(rd, r->cmps[i].reason);
	/* --setting: the commands name the test dir, a device, a host. */
	for (size_t i = 0; i < r->nsettings; i++)
		REDACT_FIELD(rd, r->settings[i].command);
	REDACT_FIELD(rd, r->restore);
}

struct text_ctx {
	const char *text;
	size_t len;
};

static int put_text(FILE *out, const void *ctx)
{
	const struct text_ctx *t = ctx;

	return fwrite(t->text, 1, t->len, out) == t->len ? 0 : -1;
}

int redact_file(const struct redact *rd, const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	char *in = NULL, *out;
	size_t cap = 0, len = 0, n;
	struct text_ctx t;
	int rc;

	if (f == NULL) {
		fmt(err, errlen, "cannot read %s", path);
		return -1;
	}
	do {
		if (len + 65536 > cap) {
			char *grown = realloc(in, cap = 2 * cap + 65536);

			if (grown == NULL) {
				free(in);
				fclose(f);
				fmt(err, errlen, "out of memory");
				return -1;
			}
			in = grown;
		}
		n = fread(in + len, 1, cap - len - 1, f);
		len += n;
	} while (n > 0);
	rc = ferror(f);
	fclose(f);
	in[len] = '\0';       /* match() reads needles as C strings */
	out = rc ? NULL : redact_text(rd, in, len, &t.len);
	free(in);
	if (out == NULL) {
		fmt(err, errlen, "cannot read %s", path);
		return -1;
	}
	t.text = out;
	rc = write_atomic(path, put_text, &t, err, errlen);
	free(out);
	return rc;
}
