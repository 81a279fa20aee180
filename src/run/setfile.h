/*
 * setfile.h: settings mode's state file (issue 50), so that no setting is
 * left in force without a run noticing.  Before the first setting's
 * command runs, the state as found (what sysinfo/setstate.h reads: the
 * test dir's per-mount and superblock options, its device's I/O
 * scheduler, THP's mode; and hoststate.h's CPU frequency governor and
 * energy preference), where it lives (the mount point, the disk), the
 * command that restores it and the run's owner (util/owner.h) go to
 * <state dir>/settings-<pid>, written whole (write_atomic).  After the
 * restore, the live state is checked against it: what differs is put back
 * natively where sysindex knows how (a remount with the flags found, the
 * sysfs words), checked again, and what is still different is said.  A
 * later run that finds the file of a run that is gone does the same before
 * it measures anything.
 *
 * The state dir is $SYSINDEX_STATE_DIR, else SETFILE_DIR (a tmpfs: a reboot
 * clears the files with the state they describe).
 */
#ifndef SYSINDEX_SETFILE_H
#define SYSINDEX_SETFILE_H

#include <limits.h>
#include <stddef.h>

#include "core/settings.h"
#include "sysinfo/hoststate.h"
#include "sysinfo/mountinfo.h"
#include "sysinfo/setstate.h"
#include "util/owner.h"

#define SETFILE_DIR "/run/sysindex"
#define SETFILE_LEFT_MAX 1024   /* "mount rw,noatime (found rw,relatime); ..." */

struct setfile {
	struct owner owner;
	char testdir[PATH_MAX];
	char mount_point[MOUNTINFO_PATH_LEN];   /* "" unknown: no remount */
	char disk[MOUNTINFO_NAME_LEN];          /* /sys/block/DISK's scheduler; "" none */
	struct setting_state found;
	/* The host's cpufreq state as hoststate.h reads it ("performance";
	 * "performance (1 policy), powersave (1)" when mixed); "" unknown. */
	char governor[HS_VALUE_MAX];
	char epp[HS_VALUE_MAX];
	char restore[SETTING_CMD_MAX];          /* the command that restores it */
};

/*
 * The state as found now for testdir (canonical); this process owns it.
 * sysroot prefixes every /sys path ("" for the machine; the unit tests'
 * fixture trees), as in hoststate.h.
 */
void setfile_found(struct setfile *f, const char *testdir, const char *sysroot,
		   const char *restore);

/* f as the file's text, and back: 0, or -1 (too long; not a state file). */
int setfile_format(const struct setfile *f, char *out, size_t len);
int setfile_parse(const char *text, struct setfile *f);

/* The state dir ($SYSINDEX_STATE_DIR or SETFILE_DIR) into out; 0, or -1. */
int setfile_dir(char *out, size_t len);

/* Write f to <state dir>/settings-<pid> (made if missing), its path into
 * path: 0, or -1 with why in err. */
int setfile_write(const struct setfile *f, char *path, size_t len, char *err, size_t errlen);

/*
 * Compare the live state with f->found; put back natively what differs
 * (when native), then compare again.  What is still different into left
 * ("" none), what was put back into done ("" nothing).  Returns 0 when
 * nothing is left different.
 */
int setfile_restore(const struct setfile *f, const char *sysroot, int native,
		    char *done, size_t donelen, char *left, size_t leftlen);

/*
 * Before a run measures: every state file in the state dir whose run is
 * gone, restored (as root) and removed, or what it left said in one line
 * with the command that undoes it.  Returns how many are left changed.
 */
size_t setfile_sweep(const char *sysroot, int quiet);

#endif
