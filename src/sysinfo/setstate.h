/*
 * setstate.h: what a setting (--setting, issue 39) can change that sysindex
 * can read back: the test directory's mount options (per mount and per
 * superblock, from /proc/self/mountinfo), the I/O scheduler of the device
 * under it (/sys/block/DEV/queue/scheduler) and transparent huge pages'
 * mode (/sys/kernel/mm/transparent_hugepage/enabled).  Read after each
 * setting's command, so the report shows what was in force.
 */
#ifndef SYSINDEX_SETSTATE_H
#define SYSINDEX_SETSTATE_H

#include <stddef.h>

#define SETSTATE_OPTS_LEN 256   /* an option list, cut at a comma */
#define SETSTATE_WORD_LEN 32

struct setting_state {
	char mount[SETSTATE_OPTS_LEN];  /* per-mount options: rw,noatime; "" unknown */
	char super[SETSTATE_OPTS_LEN];  /* per-superblock options: rw,sync; "" unknown */
	char scheduler[SETSTATE_WORD_LEN]; /* the active I/O scheduler; "" none known */
	char thp[SETSTATE_WORD_LEN];    /* THP's enabled mode; "" unknown */
};

#define SETSTATE_THP_PATH "/sys/kernel/mm/transparent_hugepage/enabled"

/*
 * The bracketed word of a sysfs choice list ("always [madvise] never" gives
 * "madvise") into out; 0, or -1 (out "") when there is none or it does not
 * fit.  Only letters, digits and "-_" are taken.
 */
int setstate_bracketed(const char *text, char *out, size_t len);

/* Whether two records say the same (every field). */
int setstate_equal(const struct setting_state *a, const struct setting_state *b);

/*
 * A record as one line: "mount rw,noatime (super rw); scheduler none; THP
 * always", the unknown parts left out; "nothing recorded" when all are.
 */
void setstate_text(const struct setting_state *st, char *out, size_t len);

/*
 * Read the live state for the directory path (canonical) with THP's file at
 * thp_path; every part that cannot be read stays "".  Never fails.
 */
void setstate_read(const char *path, const char *thp_path, struct setting_state *st);

#endif
