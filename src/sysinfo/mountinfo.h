/*
 * mountinfo.h: which mount a path lives on, and what device is under it.
 *
 * A pure parser for the text of /proc/self/mountinfo (no globals, no
 * printing), a sysfs reader for the block device behind a mount (the sysfs
 * root is a parameter so tests can use a fake tree), and one convenience
 * call that does it all for a live path.  Every string field is always
 * NUL-terminated; values that cannot be known read "unknown", never garbage.
 */
#ifndef SYSINDEX_MOUNTINFO_H
#define SYSINDEX_MOUNTINFO_H

#include <stddef.h>

#define MOUNTINFO_PATH_LEN 4096		/* mount point, root, source, files */
#define MOUNTINFO_OPTS_LEN 1024		/* option lists (cut at a comma) */
#define MOUNTINFO_NAME_LEN 128		/* fs type, device names, model */
#define MOUNTINFO_MAX_TEXT (16u << 20)	/* mountinfo_describe() reads at most this */

/* One line of mountinfo, escapes (\040 etc.) decoded. */
struct mount_entry {
	int mount_id, parent_id;
	unsigned major, minor;			/* st_dev of files on this mount */
	char root[MOUNTINFO_PATH_LEN];		/* path inside the fs ("/" unless a bind mount) */
	char mount_point[MOUNTINFO_PATH_LEN];
	char options[MOUNTINFO_OPTS_LEN];	/* per mount: rw,nosuid,noatime,... */
	char fstype[MOUNTINFO_NAME_LEN];	/* ext4, tmpfs, overlay, fuse.sshfs */
	char source[MOUNTINFO_PATH_LEN];	/* /dev/sda2, tmpfs, overlay, ... */
	char super_options[MOUNTINFO_OPTS_LEN];	/* per superblock: rw,discard,... */
	/* Filled only by mountinfo_describe() (statvfs of the path); 0 otherwise. */
	int space_known;
	unsigned long long total_bytes, free_bytes, avail_bytes; /* avail: for non-root */
};

/* The block device under a mount, from sysfs. */
struct device_info {
	char kind[16];		/* disk, partition, loop, dm, md, virtual, unknown */
	char name[MOUNTINFO_NAME_LEN];	/* sda2, nvme0n1p1, dm-0, loop3, or "unknown" */
	char disk[MOUNTINFO_NAME_LEN];	/* whole disk (sda for sda2), or "unknown" */
	int rotational;		/* 1 spinning, 0 not, -1 unknown */
	char scheduler[32];	/* active I/O scheduler, "none" or "unknown" */
	char model[MOUNTINFO_NAME_LEN];	/* device model, or "unknown" */
	char backing_file[MOUNTINFO_PATH_LEN];	/* loop: its file; else "" */
	char dm_name[MOUNTINFO_NAME_LEN];	/* dm: e.g. vg0-home; else "" */
	char slaves[MOUNTINFO_OPTS_LEN];	/* dm/md: "sda3,sdb1"; else "" */
};

/*
 * Parse one mountinfo line (len bytes, no newline needed).  Returns 0, or
 * -1 for a malformed line (out is then unspecified).  A root or mount point
 * too long for the struct makes the line malformed; other fields are cut.
 */
int mountinfo_parse_line(const char *line, size_t len, struct mount_entry *out);

/*
 * Find the mount holding abs_path (canonical, as realpath() gives) in the
 * whole text of a mountinfo file: the deepest mount point containing it
 * wins, and of mounts stacked on the same point the last listed.  Bad lines
 * are skipped.  Returns 0, or -1 when no mount contains the path.
 */
int mountinfo_find(const char *mountinfo_text, const char *abs_path,
		   struct mount_entry *out);

/*
 * Like mountinfo_find, but prefer mounts whose major:minor is the path's
 * st_dev (a mount hidden under a later mount on a parent directory then
 * loses, as it should).  Falls back to mountinfo_find's choice.
 */
int mountinfo_find_dev(const char *mountinfo_text, const char *abs_path,
		       unsigned major, unsigned minor, struct mount_entry *out);

/*
 * Describe block device major:minor from the sysfs tree at sysfs_root
 * ("/sys" on a live system): /dev/block/M:m is resolved to its device
 * directory; a partition reports its disk's queue and model, a loop device
 * its backing file, a dm device its dm name and slaves.  out is always
 * filled.  Returns 0 when the device is known, or is virtual (major 0:
 * tmpfs, overlay, proc, ... give kind "virtual", the rest "unknown");
 * -1 when sysfs does not know it (every field then "unknown").
 */
int mountinfo_device_info(const char *sysfs_root, unsigned major,
			  unsigned minor, struct device_info *out);

/* d as "nothing known": every text field "unknown", rotational -1. */
void mountinfo_device_unknown(struct device_info *d);

/*
 * All of the above for a live path: realpath(), /proc/self/mountinfo,
 * /sys and statvfs().  Returns 0, or -1 with a message in err.  A device
 * sysfs does not know is not an error (d then reads "unknown").
 */
int mountinfo_describe(const char *path, struct mount_entry *m,
		       struct device_info *d, char *err, size_t errlen);

#endif
