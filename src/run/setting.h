/*
 * setting.h: running the --setting commands (issue 39).  Paired mode
 * measures settings where it measured directories: before each of a
 * setting's samples, setting_apply() runs its command with /bin/sh -c
 * (fork and execve of a fixed argv, never system()), checks its exit
 * status, logs what it printed (bounded, escaped) and records what was in
 * force afterwards (sysinfo/setstate.h) into the result.  After the run, on
 * a failure and after Ctrl-C or SIGTERM (the runner stops at the next
 * sample, sig.h), setting_restore() runs --restore's command, else the
 * baseline's, then checks that the state found before the first setting
 * (setfile.h) is back, putting back natively what it can.  A command that
 * fails, or whose state moves from its first sample's, stops the run: what
 * was measured is written as a stopped run (r->stopped says why).
 *
 * The commands run as the user who started sysindex, in their own process
 * group (a Ctrl-C at the terminal does not cut a remount or the restore
 * short), with stdin from /dev/null, for at most SETTING_TIMEOUT_S; a
 * terminating signal to sysindex kills an applied setting's command at once.
 */
#ifndef SYSINDEX_SETTING_H
#define SYSINDEX_SETTING_H

#include <stddef.h>

#include "core/result.h"
#include "run/runner.h"
#include "run/setfile.h"

#define SETTING_TIMEOUT_S 120   /* a setting command that takes longer fails */
#define SETTING_LOG_MAX 4096    /* bytes of its output logged; the rest counted */

struct setting_run {
	const struct run_env *env;      /* the log */
	struct run_result *r;           /* settings[]: what ran, what was in force */
	const char *testdir;            /* canonical: whose mount is recorded */
	const char *restore;            /* --restore, or NULL: the baseline's command */
	int ran;                        /* a command has run: restore at the end */
	int failed;                     /* a command failed or its state moved: the run
					 * stops, r->stopped says why */
	struct setfile state;           /* the state as found (setfile.h) */
	char state_path[PATH_MAX];      /* its file, "" until written */
};

/*
 * Before anything runs: --setting needs root (a remount and a /sys write
 * do), and never switches user.  0, or 2 after one line on stderr.
 */
int setting_check(const struct config *cfg, unsigned euid);

/* The records of cfg's settings into r->settings[]; sr ready for the run. */
void setting_init(struct setting_run *sr, const struct config *cfg, const struct run_env *env,
		  struct run_result *r, const char *testdir);

/*
 * Before the first setting's command: the state as found, and the command
 * that restores it, into the state file (setfile.h).  0, or 2 after one
 * line on stderr.
 */
int setting_save(struct setting_run *sr);

/*
 * Setting d's command before its sample of round 'round' (from 1), then
 * its recorded state.  0; or -1: a signal stopped the command, or (with
 * sr->failed set, r->stopped saying why, one line on stderr) the command
 * failed or no longer gives the state its first sample had.
 */
int setting_apply(struct setting_run *sr, size_t d, unsigned round);

/*
 * The restore command, when any setting ran; then the state checked
 * against the one found, what differs put back natively, and the state
 * file removed when nothing is left changed.  0; or -1 after one line (the
 * command failed, or something is left changed: what, and the command
 * that undoes it).
 */
int setting_restore(struct setting_run *sr);

/*
 * Run 'cmd' with /bin/sh -c, its output (stdout and stderr) into out (at
 * most outlen - 1 bytes, terminated; *more counts the bytes left out).
 * Returns the wait status, or -1 with why (it could not start, did not
 * finish within timeout_s, or, with stop_on_signal, a terminating signal
 * came (sig.h): then its process group was killed).  The restore passes 0:
 * it runs after a Ctrl-C too, and must finish.
 */
int setting_shell(const char *cmd, double timeout_s, int stop_on_signal, char *out,
		  size_t outlen, size_t *more, char *why, size_t whylen);

#endif
