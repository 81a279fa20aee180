/*
 * progout.c: the test programs' output parser: what one copy said, its
 * exit status and timing turned into a copy result or a one-line reason
 * (pure).
 */
#include "run/progout.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "core/protocol.h"
#include "run/proto.h"
#include "run/spawn.h"
#include "util/util.h"

static void describe_status(int status, char *out, size_t outlen)
{
	if (status < 0)
		fmt(out, outlen, "could not be started");
	else if (WIFSIGNALED(status))
		fmt(out, outlen, "killed by signal %d (%s)", WTERMSIG(status),
			 strsignal(WTERMSIG(status)));
	else if (WIFEXITED(status))
		fmt(out, outlen, "exited with status %d", WEXITSTATUS(status));
	else
		fmt(out, outlen, "ended with wait status %d", status);
}

void progout_parse_copy(const char *err, size_t dropped, int status, int timed_out,
			double elapsed, struct copy_result *cr, char *reason,
			size_t reasonlen, int *skipped)
{
	char error[256] = "", skip[256] = "", invalid[160] = "", cause[128] = "", st[128];
	int have_count = 0;
	const char *p = err ? err : "";

	memset(cr, 0, sizeof(*cr));
	cr->time = -1;
	cr->started = -1;
	cr->elapsed = elapsed;
	cr->wait_status = status;
	cr->cpu = -1;
	for (size_t d = 0; d < PROTOCOL_MAX_DIRS; d++)
		cr->dir_time[d] = -1;
	*skipped = 0;
	reason[0] = '\0';
	while (*p) {
		size_t len = strcspn(p, "\n");
		char line[600];
		struct proto_line pl;

		if (len > 0) {
			fmt(line, sizeof(line), "%.*s", (int)(len < 599 ? len : 599), p);
			proto_parse_line(line, &pl);
			switch (pl.kind) {
			case PL_COUNT:
				/* The last COUNT wins, as in UnixBench. */
				cr->count = pl.value;
				cr->timebase = pl.timebase;
				have_count = 1;
				if (pl.dir >= 0) {
					cr->dir_count[pl.dir] = pl.value;
					cr->dir_seen |= 1u << pl.dir;
				}
				break;
			case PL_TIME:
				if (pl.dir >= 0)
					cr->dir_time[pl.dir] = pl.value;
				else
					cr->time = pl.value;
				break;
			case PL_START:
				cr->started = pl.value;
				break;
			case PL_METRIC:
				if (cr->nmetrics < MAX_METRICS) {
					struct metric *m = &cr->metrics[cr->nmetrics++];

					fmt(m->name, sizeof(m->name), "%s", pl.name);
					fmt(m->unit, sizeof(m->unit), "%s", pl.unit);
					m->value = pl.value;
					m->combine = pl.combine;
				}
				break;
			case PL_NOTE:
				if (pl.dir >= 0)
					fmt(cr->dir_note[pl.dir], sizeof(cr->dir_note[0]), "%s",
					    pl.text);
				else
					fmt(cr->note, sizeof(cr->note), "%s", pl.text);
				break;
			case PL_ERROR:
				if (!error[0])
					fmt(error, sizeof(error), "%s", pl.text);
				break;
			case PL_SKIP:
				fmt(skip, sizeof(skip), "%s", pl.text);
				break;
			case PL_OTHER:
			case PL_INTERVAL:   /* progout_series() reads them */
				break;
			case PL_INVALID:
				if (!invalid[0]) {
					fmt(invalid, sizeof(invalid), "%.60s (%s)", line, pl.text);
					fmt(cause, sizeof(cause), "%.120s", line);
				}
				break;
			}
		}
		p += len;
		if (*p == '\n')
			p++;
	}
	describe_status(status, st, sizeof(st));
	if (timed_out) {
		fmt(reason, reasonlen, "did not finish in %.0f s; killed", elapsed);
	} else if (status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == PROTOCOL_EXIT_SKIPPED) {
		*skipped = 1;
		fmt(reason, reasonlen, "%s", skip[0] ? skip : "not supported here");
	} else if (status < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		/* A workload's own message (sort: write failed ...) is the cause
		 * behind "multi.sh failed": say it too. */
		fmt(reason, reasonlen, "%s%s%s%s%s%s", st, error[0] ? ": " : "", error,
		    cause[0] ? (error[0] ? " (it printed: " : ": ") : "", cause,
		    cause[0] && error[0] ? ")" : "");
	} else if (error[0]) {
		fmt(reason, reasonlen, "%s", error);
	} else if (dropped > 0) {
		fmt(reason, reasonlen, "printed more than %d KiB on stderr",
			 SPAWN_STDERR_MAX / 1024);
	} else if (invalid[0]) {
		fmt(reason, reasonlen, "unexpected output: %s", invalid);
	} else if (!have_count) {
		fmt(reason, reasonlen, "printed no result");
	} else {
		cr->ok = 1;
	}
	/* A program's text (an ERROR naming a --peer host, a NOTE) goes to the
	 * terminal and every report: no control byte (an ESC sequence) in it. */
	strip_controls(reason);
	strip_controls(cr->note);
	for (size_t d = 0; d < sizeof(cr->dir_note) / sizeof(cr->dir_note[0]); d++)
		strip_controls(cr->dir_note[d]);
}

double progout_start_spread(const struct copy_result *copies, size_t n)
{
	double lo = 0, hi = 0;
	size_t seen = 0;

	for (size_t i = 0; i < n; i++) {
		double t = copies[i].started;

		if (t < 0)
			continue;
		if (seen == 0 || t < lo)
			lo = t;
		if (seen == 0 || t > hi)
			hi = t;
		seen++;
	}
	return seen == n && n > 0 ? hi - lo : -1;
}

size_t progout_series(const char *err, struct series_pt **out)
{
	struct series_pt *v = NULL;
	size_t n = 0, cap = 0;

	*out = NULL;
	for (const char *p = err ? err : ""; *p;) {
		size_t len = strcspn(p, "\n");
		char line[600];
		struct proto_line pl;

		fmt(line, sizeof(line), "%.*s", (int)(len < 599 ? len : 599), p);
		proto_parse_line(line, &pl);
		if (pl.kind == PL_INTERVAL) {
			if (n == cap) {
				size_t c = cap ? cap * 2 : 64;
				struct series_pt *nv = realloc(v, c * sizeof(*nv));

				if (nv == NULL) {
					free(v);
					return 0;
				}
				v = nv;
				cap = c;
			}
			v[n++] = (struct series_pt){ pl.value, pl.rate, pl.io_us };
		}
		p += len;
		if (*p == '\n')
			p++;
	}
	*out = v;
	return n;
}
