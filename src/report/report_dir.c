/*
 * report_dir.c: the description of a test directory and its mount, formatted
 * once for every writer: the path, the mount ("/srv (ext4) from /dev/sda1"),
 * its options and superblock options, the device (kind, the disk of a
 * partition, backing file, device-mapper name, slaves, rotational flag,
 * scheduler, model) and the free space.  The text report prints these as
 * its "Test dir:" block, the Markdown report as one list item, the HTML
 * page as table rows; the JSON writes the same mount and device as members.
 * Control characters (a newline in a folder name) are written as octal
 * escapes, as the kernel does in mountinfo, so each string stays one line.
 */
#include "report/report.h"

#include <stdio.h>
#include <string.h>

#include "util/quote.h"
#include "util/util.h"

/* Append s to out (at most len bytes), its control bytes escaped (octal_controls). */
static void add(char *out, size_t len, const char *s)
{
	size_t used = strlen(out);

	if (used + 1 < len)
		octal_controls(s, out + used, len - used);
}

void report_dir_desc(const char *path, int have_mount, const struct mount_entry *m,
		     const struct device_info *d, struct report_dir *out)
{
	memset(out, 0, sizeof(*out));
	add(out->path, sizeof(out->path), path[0] ? path : "unknown");
	out->have_mount = have_mount;
	if (!have_mount)
		return;
	add(out->mount, sizeof(out->mount), m->mount_point);
	fmt_cat(out->mount, sizeof(out->mount), " (");
	add(out->mount, sizeof(out->mount), m->fstype);
	fmt_cat(out->mount, sizeof(out->mount), ") from ");
	add(out->mount, sizeof(out->mount), m->source);
	add(out->options, sizeof(out->options), m->options);
	add(out->super_options, sizeof(out->super_options), m->super_options);
	add(out->device, sizeof(out->device), d->name);
	fmt_cat(out->device, sizeof(out->device), " (");
	add(out->device, sizeof(out->device), d->kind);
	if (strcmp(d->kind, "partition") == 0) {
		fmt_cat(out->device, sizeof(out->device), " of ");
		add(out->device, sizeof(out->device), d->disk);
	}
	if (d->backing_file[0]) {
		fmt_cat(out->device, sizeof(out->device), ", backing file ");
		add(out->device, sizeof(out->device), d->backing_file);
	}
	if (d->dm_name[0]) {
		fmt_cat(out->device, sizeof(out->device), ", ");
		add(out->device, sizeof(out->device), d->dm_name);
	}
	if (d->slaves[0]) {
		fmt_cat(out->device, sizeof(out->device), " on ");
		add(out->device, sizeof(out->device), d->slaves);
	}
	fmt_cat(out->device, sizeof(out->device), "), rotational (kernel flag): %s, scheduler: ",
	     report_rotational(d->rotational));
	add(out->device, sizeof(out->device), d->scheduler);
	fmt_cat(out->device, sizeof(out->device), ", model: ");
	add(out->device, sizeof(out->device), d->model);
	if (m->space_known) {
		char freeb[32], totalb[32];

		format_bytes(m->avail_bytes, freeb, sizeof(freeb));
		format_bytes(m->total_bytes, totalb, sizeof(totalb));
		fmt(out->free, sizeof(out->free), "%s of %s", freeb, totalb);
	} else {
		fmt(out->free, sizeof(out->free), "unknown");
	}
}

void report_dir_as_found(struct report_dir *rd)
{
	fmt_cat(rd->options, sizeof(rd->options), "%s", REPORT_AS_FOUND);
}

size_t report_dir_parts(const struct report_dir *rd, struct report_dir_part *parts)
{
	const struct report_dir_part all[REPORT_DIR_PARTS] = {
		{ "", rd->path }, { " on ", rd->mount }, { "; options: ", rd->options },
		{ "; device: ", rd->device }, { "; free: ", rd->free },
	};
	size_t n = rd->have_mount ? REPORT_DIR_PARTS : 1;

	memcpy(parts, all, n * sizeof(*parts));
	return n;
}
