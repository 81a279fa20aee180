/*
 * redact.h: --redact, for reports meant to be published.  The hostname,
 * the host id and every path the run knows (the test and results
 * directories, the test programs' folder, the clone or install folder the
 * driver runs from, the home folder) are replaced by plain placeholders
 * ("host-1", "<hostid-1>", "<testdir-1>", "<results>", "<programs>",
 * "<clone>", "<home>") in the run's result (so every writer and chart
 * sees only those) and in the log, which the runner wrote as it went.
 * Placeholders carry nothing of the value: no hash that could be brute-forced
 * back from a list of hostnames.  The same input gives the same placeholder
 * within a run.
 */
#ifndef SYSINDEX_REDACT_H
#define SYSINDEX_REDACT_H

#include <stddef.h>

#include "core/result.h"

#define REDACT_HOST "host-1"
#define REDACT_MAX 48     /* every path twice (as given, resolved), 8 test dirs */

struct redact {
	struct redact_sub {
		char from[4096];
		char to[32];
		int word;       /* only where not inside a longer name (hostnames) */
	} sub[REDACT_MAX];
	size_t n;
};

/*
 * The substitutions for run r, written into the results folder resdir with
 * the programs of pgmdir (its parent, when that is a clone's pgms/, and the
 * driver's own folder are the clone); longest first.
 */
void redact_init(struct redact *rd, const struct run_result *r, const char *resdir,
		 const char *pgmdir, const char *const *given, size_t ngiven);
/* Add one substitution (ignored when from is empty or the table is full). */
void redact_add(struct redact *rd, const char *from, const char *to, int word);
/* in, with every substitution made, into out (at most len bytes, always terminated). */
void redact_str(const struct redact *rd, const char *in, char *out, size_t len);
/* The same on a malloc'd copy of n bytes of text; NULL when out of memory. */
char *redact_text(const struct redact *rd, const char *in, size_t n, size_t *outlen);
/* Every string of r that can hold a name or a path, in place. */
void redact_run(const struct redact *rd, struct run_result *r);
/* Rewrite a text file (the log) with every substitution made: 0 or -1. */
int redact_file(const struct redact *rd, const char *path, char *err, size_t errlen);

#endif
