/*
 * settings.h: the --setting NAME=COMMAND values (issue 39) and what a run
 * records of each (pure).
 *
 * Two or more --setting values compare one test directory under several
 * settings in one run, the first the baseline: paired mode with settings
 * where directories were (labels are the names).  NAME is a label as
 * testdirs_label_ok() allows (letters, digits, "._+-"); COMMAND is kept
 * verbatim and only ever given to /bin/sh -c by run/setting.c, never put
 * into a path or another command.  It is one line of printable text (no
 * control characters: every report shows it).  Commands come only from the
 * command line: no reader turns a report back into one.
 */
#ifndef SYSINDEX_SETTINGS_H
#define SYSINDEX_SETTINGS_H

#include <stddef.h>

#include "core/testdirs.h"
#include "sysinfo/setstate.h"

#define MAX_SETTINGS MAX_TESTDIRS
#define SETTING_CMD_MAX 1024    /* bytes, with the NUL */

struct setting_spec {
	char name[TESTDIR_LABEL_MAX];
	const char *command;    /* points into the argument */
};

/* Whether cmd can be a setting's (or --restore's) command: 0, or -1 with why. */
int settings_command_ok(const char *cmd, char *why, size_t len);

/* Split one NAME=COMMAND; 0, or -1 with a one-line message. */
int settings_split(const char *arg, struct setting_spec *out, char *err, size_t errlen);

/* Split n values (a name given twice is refused); 0, or -1 with a one-line message. */
int settings_parse(const char *const *args, size_t n, struct setting_spec *out,
		   char *err, size_t errlen);

/* One setting as the run recorded it (run_result.settings[]). */
struct setting_rec {
	char name[TESTDIR_LABEL_MAX];
	char command[SETTING_CMD_MAX];
	unsigned applied;               /* times its command ran */
	double switch_s;                /* wall seconds its command took, summed over its runs */
	double switch_max_s;            /* the longest of them */
	unsigned nstate;                /* states recorded (one after each run of it) */
	struct setting_state state;     /* the first recorded */
	int changed;                    /* a later record differed from the first */
	struct setting_state other;     /* the first one that differed */
};

/* Add one record read after s's command ran. */
void settings_observe(struct setting_rec *s, const struct setting_state *st);

/*
 * The warnings a run's settings deserve, one line each into lines[] (at
 * most max, len bytes each): two settings whose recorded states were the
 * same (the comparison may be an A/A), a setting whose state changed during
 * its samples.  Returns the lines stored.
 */
size_t settings_warnings(const struct setting_rec *s, size_t n, char *lines, size_t len,
			 size_t max);

#endif
