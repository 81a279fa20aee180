/* journal.c: the run's sample journal and --resume's replay (journal.h). */
#define _GNU_SOURCE   /* open_memstream(), flock() */
#include "run/journal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "buildinfo.h"
#include "report/report.h"
#include "score/score.h"
#include "util/json_out.h"
#include "util/util.h"

void journal_build_id(char *out, size_t len)
{
	uint64_t h = 1469598103934665603ULL;
	unsigned char buf[65536];
	ssize_t n;
	int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);

	while (fd >= 0 && ((n = read(fd, buf, sizeof(buf))) > 0 || (n < 0 && errno == EINTR)))
		for (ssize_t i = 0; i < n; i++) {
			h ^= buf[i];
			h *= 1099511628211ULL;
		}
	if (fd >= 0)
		close(fd);
	fmt(out, len, "%s-%016llx", SYSINDEX_VERSION, fd >= 0 ? (unsigned long long)h : 0ull);
}

/* One whole line, one write(), on the disk before the next sample. */
static void put_line(struct journal_out *jo, const char *buf, size_t len)
{
	size_t done = 0;

	while (jo->fd >= 0 && done < len) {
		ssize_t n = write(jo->fd, buf + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (!jo->failed++)
				fprintf(stderr, "sysindex: the journal: cannot write: %s (the run "
					"goes on; --resume will not see what follows)\n",
					n < 0 ? strerror(errno) : "nothing written");
			return;
		}
		done += (size_t)n;
	}
	if (jo->fd >= 0 && fdatasync(jo->fd) != 0 && errno != EINVAL && !jo->failed++)
		fprintf(stderr, "sysindex: the journal: cannot flush: %s\n", strerror(errno));
}

typedef void (*line_fn)(struct json_out *j, const void *ctx);

static void write_line(struct journal_out *jo, line_fn fn, const void *ctx)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f;
	struct json_out j;

	if (jo->fd < 0 || (f = open_memstream(&buf, &len)) == NULL)
		return;
	json_init(&j, f, 0);
	fn(&j, ctx);
	if (json_finish(&j) == 0 && fclose(f) == 0)
		put_line(jo, buf, len);
	else if (!jo->failed++)
		fprintf(stderr, "sysindex: the journal: cannot format a line\n");
	free(buf);
}

/* Paired or settings mode: the labels and how the rows are judged (journal_read.h). */
static void paired_head(struct json_out *j, const struct journal_paired *p)
{
	json_key(j, "paired");
	json_object_begin(j);
	json_key(j, "dirs");
	json_array_begin(j);
	for (size_t d = 0; d < p->ndirs; d++)
		json_string(j, p->label[d]);
	json_array_end(j);
	json_kv_bool(j, "settings", p->settings);
	json_kv_bool(j, "control", p->control);
	json_kv_double(j, "instance_sd", p->instance_sd);
	json_kv_bool(j, "instance_set", p->instance_set);
	json_kv_double(j, "margin", p->margin);
	json_kv_double(j, "precision", p->precision);
	json_object_end(j);
}

static void head_line(struct json_out *j, const void *ctx)
{
	const struct journal *h = ctx;

	json_object_begin(j);
	json_kv_uint(j, "journal", JOURNAL_VERSION);
	json_kv_string(j, "generator", h->generator);
	json_kv_string(j, "build", h->build);
	json_kv_string(j, "hostname", h->hostname);
	json_kv_string(j, "host_id", h->host_id);
	json_kv_string(j, "virt", h->virt);
	json_kv_string(j, "cpu_model", h->cpu_model);
	json_kv_string(j, "kernel", h->kernel);
	json_kv_string(j, "compiler", h->cc_version);
	json_kv_string(j, "cflags", h->bench_cflags);
	json_kv_string(j, "mode", h->mode);
	json_kv_string(j, "testdir", h->testdir);
	json_kv_string(j, "base", h->base);
	json_kv_uint(j, "seed", h->seed);
	json_kv_int(j, "start", (long long)h->start);
	if (h->paired.ndirs >= 2)
		paired_head(j, &h->paired);
	json_key(j, "args");
	json_array_begin(j);
	for (size_t i = 0; i < h->nargs; i++)
		json_string(j, h->args[i]);
	json_array_end(j);
	json_object_end(j);
}

static int open_locked(struct journal_out *jo, const char *path, int flags, char *err,
		       size_t errlen)
{
	jo->fd = open(path, flags | O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0644);
	if (jo->fd < 0) {
		snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	if (flock(jo->fd, LOCK_EX | LOCK_NB) != 0) {
		snprintf(err, errlen, "%s: %s", path, errno == EWOULDBLOCK ?
			 "a run is writing it now" : strerror(errno));
		close(jo->fd);
		jo->fd = -1;
		return -1;
	}
	return 0;
}

int journal_create(struct journal_out *jo, const char *path, const struct journal *h,
		   char *err, size_t errlen)
{
	memset(jo, 0, sizeof(*jo));
	if (open_locked(jo, path, O_CREAT | O_TRUNC, err, errlen) != 0)
		return -1;
	write_line(jo, head_line, h);
	return jo->failed ? -1 : 0;
}

int journal_reopen(struct journal_out *jo, const char *path, struct journal *j,
		   char *err, size_t errlen)
{
	struct journal now;
	int changed;

	memset(jo, 0, sizeof(*jo));
	if (open_locked(jo, path, 0, err, errlen) != 0)
		return -1;
	/* Under the lock: a run that wrote on after j was read is not cut back. */
	if (journal_read_file(path, &now, err, errlen) != 0)
		goto fail;
	changed = now.valid != j->valid || now.end != j->end;
	journal_free(&now);
	if (changed) {
		snprintf(err, errlen, "%s: it changed while read (a run was ending): try again", path);
		goto fail;
	}
	if (ftruncate(jo->fd, (off_t)j->valid) != 0) {
		snprintf(err, errlen, "%s: cannot cut its torn last line: %s", path, strerror(errno));
		goto fail;
	}
	jo->replay = j;
	return 0;
fail:
	close(jo->fd);
	jo->fd = -1;
	return -1;
}

int journal_replaying(const struct journal_out *jo)
{
	return jo != NULL && jo->replay != NULL && jo->next < jo->replay->nsamples;
}

int journal_replay(struct journal_out *jo, const struct test_def *t, unsigned copies,
		   struct pass_result *pr, double *wall)
{
	const struct journal_sample *s;

	if (!journal_replaying(jo))
		return 0;
	s = &jo->replay->samples[jo->next];
	if (s->def != t || s->copies != copies) {
		/* The plan went another way (a budget spent otherwise): measure from here. */
		size_t keep = jo->next ? jo->replay->samples[jo->next - 1].end : jo->replay->head_end;

		jo->redo = jo->replay->nsamples - jo->next;
		for (size_t i = jo->next; i < jo->replay->nsamples; i++) {
			free(jo->replay->samples[i].pass.copies);
			jo->replay->samples[i].pass.copies = NULL;
		}
		jo->replay->nsamples = jo->next;
		if (ftruncate(jo->fd, (off_t)keep) != 0 && !jo->failed++)
			fprintf(stderr, "sysindex: the journal: cannot cut it back: %s\n",
				strerror(errno));
		fprintf(stderr, "sysindex: --resume: the journal's next sample is %s at %u "
			"cop%s, the plan's %s: measuring the %zu sample%s left again\n", s->test,
			s->copies, s->copies == 1 ? "y" : "ies", t->name, jo->redo,
			jo->redo == 1 ? "" : "s");
		return 0;
	}
	*pr = s->pass;
	pr->copies = calloc(s->pass.ncopies ? s->pass.ncopies : 1, sizeof(*pr->copies));
	if (pr->copies == NULL) {
		memset(pr, 0, sizeof(*pr));
		return 0;
	}
	memcpy(pr->copies, s->pass.copies, s->pass.ncopies * sizeof(*pr->copies));
	*wall = s->wall;
	jo->next++;
	return 1;
}

struct sample_ctx {
	unsigned copies;
	int dir;
	const struct test_def *t;
	const char *label;
	double wall;
	const struct pass_result *pr;
};

static void sample_line(struct json_out *j, const void *ctx)
{
	const struct sample_ctx *c = ctx;

	json_object_begin(j);
	json_kv_uint(j, "copies", c->copies);
	if (c->dir == JOURNAL_ALL_DIRS)
		json_kv_null(j, "dir");
	else
		json_kv_uint(j, "dir", (unsigned)c->dir);
	json_kv_string(j, "test", c->t->name);
	json_kv_double(j, "wall", c->wall);
	json_key(j, "sample");
	report_json_sample(j, c->pr, 0, c->t, c->label);
	json_object_end(j);
}

void journal_sample(struct journal_out *jo, unsigned copies, int dir, const struct test_def *t,
		    const char *label, double wall, const struct pass_result *pr)
{
	struct sample_ctx c = { copies, dir, t, label, wall, pr };

	if (jo != NULL)
		write_line(jo, sample_line, &c);
}

static void end_line(struct json_out *j, const void *ctx)
{
	int sig = *(const int *)ctx;

	json_object_begin(j);
	json_kv_string(j, "end", sig ? "interrupted" : "complete");
	if (sig)
		json_kv_int(j, "signal", sig);
	json_object_end(j);
}

void journal_end(struct journal_out *jo, int sig)
{
	if (jo != NULL)
		write_line(jo, end_line, &sig);
}

void journal_close(struct journal_out *jo)
{
	if (jo != NULL && jo->fd >= 0) {
		close(jo->fd);
		jo->fd = -1;
	}
}
