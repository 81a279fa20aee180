/*
 * spread.h: `./Run spread --every D --count N [run options...]`: N complete
 * runs spaced D apart, each with its own files in one folder of the results
 * folder (<results>/spread-<YYYYmmdd-HHMMSS>/) and the folder's name as its
 * --label, so that `./Run compare --group-by label` pools each spread with
 * no hand labelling; after the last run, the pool's summary (spread_sum.c).
 *
 * How it waits: in this process, asleep between runs, its state in
 * <folder>/spread.state (written whole, write_atomic) from the first run to
 * the last, removed after it.  It ignores SIGHUP and starts each run in a
 * session of its own, so `nohup ./Run spread ... &` survives a logout; after
 * a reboot `./Run spread --resume` carries on from the state file (the next
 * run at once, the rest spaced as before).  `--status` lists the spreads of
 * the results folder, `--cancel` stops them and removes their state.  No
 * cron entry or systemd timer is written: nothing needs root or a service
 * manager, nothing outlives the last run or a --cancel, and two runs never
 * overlap (the next waits for the one before).  docs/results.md says more.
 */
#ifndef SYSINDEX_SPREAD_H
#define SYSINDEX_SPREAD_H

#include <stddef.h>

#include "cli/opt.h"

/* The state file's name inside a spread's folder. */
#define SPREAD_STATE "spread.state"
/* The summary's file name inside a spread's folder. */
#define SPREAD_SUMMARY "summary.txt"
/* Most runs one spread makes. */
#define SPREAD_MAX_RUNS 1000

extern const struct opt_cmd spread_opts;

/* argv[0] is "spread"; returns the exit status. */
int cmd_spread(int argc, char **argv);

/*
 * Parse a spacing: a whole number of seconds, or with the suffix s, m, h or
 * d ("90", "30s", "10m", "1h", "1d").  0 and sets *secs, or -1.
 */
int spread_parse_every(const char *s, unsigned long *secs);

/*
 * The pool of the runs whose records (*.json) are in folder dir, written to
 * out: each run's start and index score with its interval, in time order;
 * the pool's score and the next run's 95 % prediction interval; the mean
 * score per hour of the day (local time) when the runs fall in two hours or
 * more.  0, or -1 when no record could be read (err says why).
 */
int spread_summary(FILE *out, const char *dir, const char *label, unsigned long every,
		   char *err, size_t errlen);

#endif
