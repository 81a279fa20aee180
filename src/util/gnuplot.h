/*
 * gnuplot.h: gnuplot as an external program (optional: callers say so in
 * one line when find_in_path() does not find it).
 */
#ifndef SYSINDEX_GNUPLOT_H
#define SYSINDEX_GNUPLOT_H

#include <stddef.h>
#include <stdio.h>

#define GNUPLOT_TIMEOUT_S 30.0
#define GNUPLOT_HINT "apt-get install gnuplot-nox"

/*
 * Run gnuplot (path gp) with up to three arguments (argv1, NULL-terminated)
 * in folder dir (NULL: here); its stdout and stderr go to out (cut to
 * outlen).  Returns its wait status, or -1 if it could not be started or
 * was killed at the deadline (err says which).
 */
int gnuplot_run(const char *gp, const char *dir, const char *const argv1[],
		char *out, size_t outlen, char *err, size_t errlen);

/* Whether `gnuplot -e "set terminal"` lists the terminal 'name'. */
int gnuplot_has_terminal(const char *gp, const char *name);

/* s as a gnuplot single-quoted string ('' for a quote, controls as spaces). */
void gnuplot_squote(FILE *f, const char *s);

/*
 * s as single-quoted strings, one a line, joined with "\n" (a newline in s
 * starts a new line).  Outside text never goes into a double-quoted string:
 * gnuplot runs `backquoted` commands inside those.
 */
void gnuplot_squote_lines(FILE *f, const char *s);

#endif
