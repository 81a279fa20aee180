/*
 * test_mountinfo.c: the mountinfo parser, path-to-mount resolution and the
 * sysfs device reader, on recorded samples (tests/data/mountinfo/) and
 * a fake sysfs tree (tests/data/sysfs).  Paths are relative to the repo root,
 * where the unit runner is started.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sysinfo/mountinfo.h"

#define FIXTURES "tests/data/mountinfo/"
#define SYSFS "tests/data/sysfs"

/* The fixture's whole text (NUL-terminated); the caller frees it. */
static char *load(const char *name)
{
	char path[256];
	FILE *f;
	char *buf;
	long size;

	snprintf(path, sizeof(path), FIXTURES "%s", name);
	f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "fixture %s missing (run from the repo root)", path);
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	size = ftell(f);
	ck_assert_int_ge(size, 0);
	rewind(f);
	buf = malloc((size_t)size + 1);
	ck_assert_ptr_nonnull(buf);
	ck_assert_uint_eq(fread(buf, 1, (size_t)size, f), (size_t)size);
	buf[size] = '\0';
	fclose(f);
	return buf;
}

/* Which mount of fixture 'name' holds 'path'; fails the test if none. */
static void find_in(const char *name, const char *path, struct mount_entry *m)
{
	char *text = load(name);

	ck_assert_msg(mountinfo_find(text, path, m) == 0, "no mount for %s", path);
	free(text);
}

static const char *mp_of(const char *name, const char *path)
{
	static struct mount_entry m;

	find_in(name, path, &m);
	return m.mount_point;
}

START_TEST(parse_plain_line)
{
	const char *line = "22 1 259:2 / / rw,relatime shared:1 - ext4 /dev/nvme0n1p2 rw,errors=remount-ro";
	struct mount_entry m;

	ck_assert_int_eq(mountinfo_parse_line(line, strlen(line), &m), 0);
	ck_assert_int_eq(m.mount_id, 22);
	ck_assert_int_eq(m.parent_id, 1);
	ck_assert_uint_eq(m.major, 259);
	ck_assert_uint_eq(m.minor, 2);
	ck_assert_str_eq(m.root, "/");
	ck_assert_str_eq(m.mount_point, "/");
	ck_assert_str_eq(m.options, "rw,relatime");
	ck_assert_str_eq(m.fstype, "ext4");
	ck_assert_str_eq(m.source, "/dev/nvme0n1p2");
	ck_assert_str_eq(m.super_options, "rw,errors=remount-ro");
	ck_assert_int_eq(m.space_known, 0);
}
END_TEST

START_TEST(parse_needs_only_len_bytes)
{
	/* The parser must stop at len, not at the NUL: lines are parsed in place. */
	const char *two = "5 1 8:1 / /one rw - ext4 /dev/sda1 rw\n6 1 8:2 / /two rw - xfs /dev/sda2 rw";
	struct mount_entry m;

	ck_assert_int_eq(mountinfo_parse_line(two, strchr(two, '\n') - two, &m), 0);
	ck_assert_str_eq(m.mount_point, "/one");
	ck_assert_str_eq(m.super_options, "rw");
	ck_assert_int_eq(mountinfo_parse_line(NULL, 3, &m), -1);
	ck_assert_int_eq(mountinfo_parse_line(two, 0, &m), -1);
}
END_TEST

START_TEST(escapes_are_decoded)
{
	struct mount_entry m;

	find_in("host.txt", "/media/alice/My Disk/photos", &m);
	ck_assert_str_eq(m.mount_point, "/media/alice/My Disk");
	ck_assert_str_eq(m.source, "/dev/sda1");
	find_in("host.txt", "/mnt/tab\tand\nnewline\\back/file", &m);
	ck_assert_str_eq(m.mount_point, "/mnt/tab\tand\nnewline\\back");
	ck_assert_str_eq(m.source, "weird source");
	/* "/media/alice/My" is only a prefix of the mount point. */
	ck_assert_str_eq(mp_of("host.txt", "/media/alice/My"), "/");
}
END_TEST

START_TEST(deepest_mount_wins)
{
	struct mount_entry m;

	ck_assert_str_eq(mp_of("host.txt", "/"), "/");
	ck_assert_str_eq(mp_of("host.txt", "/usr/bin/sh"), "/");
	ck_assert_str_eq(mp_of("host.txt", "/home/alice/src"), "/home");
	ck_assert_str_eq(mp_of("host.txt", "/boot/efi/EFI"), "/boot/efi");
	ck_assert_str_eq(mp_of("host.txt", "/boot/grub"), "/");
	ck_assert_str_eq(mp_of("host.txt", "/dev/shm/x"), "/dev/shm");
	ck_assert_str_eq(mp_of("host.txt", "/dev/null"), "/dev");
	find_in("host.txt", "/var/lib/data", &m);
	ck_assert_str_eq(m.mount_point, "/var/lib/data");
	ck_assert_str_eq(m.options, "rw,noatime,nodiratime,sync");
	ck_assert_str_eq(m.super_options, "rw,discard,stripe=256");
	ck_assert_uint_eq(m.major, 8);
	ck_assert_uint_eq(m.minor, 3);
}
END_TEST

START_TEST(prefix_is_not_containment)
{
	ck_assert_str_eq(mp_of("host.txt", "/mnt/a"), "/mnt/a");
	ck_assert_str_eq(mp_of("host.txt", "/mnt/a/x"), "/mnt/a");
	ck_assert_str_eq(mp_of("host.txt", "/mnt/ab"), "/mnt/ab");
	ck_assert_str_eq(mp_of("host.txt", "/mnt/ab/y"), "/mnt/ab");
	ck_assert_str_eq(mp_of("host.txt", "/mnt/abc"), "/");
	ck_assert_str_eq(mp_of("host.txt", "/tmpfoo"), "/");
	ck_assert_str_eq(mp_of("host.txt", "/tmp"), "/tmp");
	ck_assert_str_eq(mp_of("docker.txt", "/etc/hosts"), "/etc/hosts");
	ck_assert_str_eq(mp_of("docker.txt", "/etc/hosts.allow"), "/");
}
END_TEST

START_TEST(stacked_mounts_last_wins)
{
	struct mount_entry m;

	find_in("host.txt", "/mnt/stack/file", &m);
	ck_assert_str_eq(m.source, "second");
	ck_assert_int_eq(m.mount_id, 37);
	find_in("host.txt", "/mnt/stack/inner/z", &m);
	ck_assert_str_eq(m.source, "inner");
	find_in("overmount.txt", "/data", &m);	/* file ends without '\n' */
	ck_assert_str_eq(m.fstype, "tmpfs");
}
END_TEST

START_TEST(loop_device_with_noatime)
{
	struct mount_entry m;

	find_in("host.txt", "/mnt/bench/sysindex.123", &m);
	ck_assert_str_eq(m.mount_point, "/mnt/bench");
	ck_assert_str_eq(m.fstype, "ext4");
	ck_assert_str_eq(m.source, "/dev/loop0");
	ck_assert_str_eq(m.options, "rw,noatime");
	ck_assert_uint_eq(m.major, 7);
	ck_assert_uint_eq(m.minor, 0);
}
END_TEST

START_TEST(bind_mounts_keep_their_root)
{
	struct mount_entry m;

	find_in("host.txt", "/srv/projects/sysindex", &m);
	ck_assert_str_eq(m.root, "/alice/projects");
	ck_assert_str_eq(m.source, "/dev/mapper/vg0-home");
	ck_assert_uint_eq(m.major, 253);
	find_in("docker.txt", "/etc/hosts", &m);
	ck_assert_str_eq(m.root, "/var/lib/docker/containers/0123abcd/hosts");
	ck_assert_str_eq(m.fstype, "ext4");
	find_in("docker.txt", "/work/src", &m);
	ck_assert_str_eq(m.root, "/projects/bench");
	ck_assert_str_eq(m.fstype, "xfs");
	ck_assert_str_eq(m.options, "rw,noatime");
	ck_assert_str_eq(m.source, "/dev/mapper/vg0-data");
}
END_TEST

START_TEST(tmpfs_and_overlay)
{
	struct mount_entry m;

	find_in("docker.txt", "/usr/local/bin", &m);
	ck_assert_str_eq(m.fstype, "overlay");
	ck_assert_str_eq(m.source, "overlay");
	ck_assert_uint_eq(m.major, 0);
	ck_assert_msg(strncmp(m.super_options, "rw,lowerdir=", 12) == 0, "%s", m.super_options);
	find_in("docker.txt", "/work/scratch/run1", &m);
	ck_assert_str_eq(m.fstype, "tmpfs");
	ck_assert_str_eq(m.super_options, "rw,size=1048576k,inode64");
	find_in("host.txt", "/tmp/x", &m);
	ck_assert_str_eq(m.fstype, "tmpfs");
	ck_assert_str_eq(m.options, "rw,nosuid,nodev");
}
END_TEST

START_TEST(device_number_breaks_overmount)
{
	char *text = load("overmount.txt");
	struct mount_entry m;

	/* /data/deep is listed, but a later mount on /data hides it. */
	ck_assert_int_eq(mountinfo_find(text, "/data/deep/f", &m), 0);
	ck_assert_str_eq(m.mount_point, "/data/deep");
	ck_assert_int_eq(mountinfo_find_dev(text, "/data/deep/f", 0, 50, &m), 0);
	ck_assert_str_eq(m.mount_point, "/data");
	ck_assert_str_eq(m.fstype, "tmpfs");
	ck_assert_int_eq(mountinfo_find_dev(text, "/data/deep/f", 8, 3, &m), 0);
	ck_assert_str_eq(m.mount_point, "/data/deep");
	/* No mount has that number (a btrfs subvolume): plain answer. */
	ck_assert_int_eq(mountinfo_find_dev(text, "/data/deep/f", 0, 99, &m), 0);
	ck_assert_str_eq(m.mount_point, "/data/deep");
	free(text);
}
END_TEST

START_TEST(no_answer_without_a_mount)
{
	char *text = load("docker.txt");
	struct mount_entry m;

	ck_assert_int_eq(mountinfo_find(text, "relative/path", &m), -1);
	ck_assert_int_eq(mountinfo_find(text, "", &m), -1);
	ck_assert_int_eq(mountinfo_find("", "/", &m), -1);
	ck_assert_int_eq(mountinfo_find(NULL, "/", &m), -1);
	ck_assert_int_eq(mountinfo_find(text, NULL, &m), -1);
	ck_assert_int_eq(mountinfo_find("7 1 8:1 / /only rw - ext4 /dev/sda1 rw\n", "/other", &m), -1);
	ck_assert_str_eq(m.mount_point, "");
	free(text);
}
END_TEST

START_TEST(malformed_lines_are_skipped)
{
	char *text = load("malformed.txt"), *line = text;
	int good = 0;
	struct mount_entry m;

	while (*line != '\0') {
		char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);

		good += mountinfo_parse_line(line, len, &m) == 0;
		line += len + (nl != NULL);
	}
	/* good, binary, \04, \999, \000, nosuper, optional, longsuper */
	ck_assert_int_eq(good, 8);
	ck_assert_int_eq(mountinfo_find(text, "/good/x", &m), 0);
	ck_assert_int_eq(m.mount_id, 10);
	ck_assert_str_eq(mp_of("malformed.txt", "/short\\04"), "/short\\04");
	ck_assert_str_eq(mp_of("malformed.txt", "/bad\\999/x"), "/bad\\999");
	ck_assert_str_eq(mp_of("malformed.txt", "/nul\\000byte"), "/nul\\000byte");
	/* Bad lines never match, and this file has no "/" mount. */
	ck_assert_int_eq(mountinfo_find(text, "/nofstype", &m), -1);
	ck_assert_int_eq(mountinfo_find(text, "/relative", &m), -1);
	ck_assert_int_eq(mountinfo_find(text, "/negative", &m), -1);
	ck_assert_int_eq(mountinfo_find(text, "/nosuper", &m), 0);
	ck_assert_str_eq(m.super_options, "");
	ck_assert_int_eq(mountinfo_find(text, "/optional", &m), 0);
	ck_assert_str_eq(m.source, "/dev/sda2");
	free(text);
}
END_TEST

START_TEST(long_options_cut_at_a_comma)
{
	struct mount_entry m;
	size_t n;

	find_in("malformed.txt", "/longsuper", &m);
	n = strlen(m.super_options);
	ck_assert_uint_gt(n, 100);
	ck_assert_uint_lt(n, sizeof(m.super_options));
	/* The last option is whole: "...lowerdirN=/.../LAYERnnnn". */
	ck_assert_msg(strstr(m.super_options + n - 9, "LAYER") != NULL, "%s",
		      m.super_options + n - 20);
	ck_assert_str_eq(m.fstype, "overlay");
}
END_TEST

/* Every prefix of a good line, and noise: must never crash or overrun. */
START_TEST(truncated_and_random_input)
{
	const char *line = "33 22 8:1 / /media/a\\040b rw,nosuid shared:50 - ext4 /dev/sda1 rw,x";
	size_t full = strlen(line);
	size_t source = (size_t)(strstr(line, "/dev/sda1") - line);
	struct mount_entry m;
	unsigned long seed = 12345;
	char noise[600];

	for (size_t len = 0; len <= full; len++) {
		int r = mountinfo_parse_line(line, len, &m);

		/* Without a source the line is incomplete. */
		ck_assert_int_eq(r, len > source ? 0 : -1);
	}
	for (int round = 0; round < 2000; round++) {
		size_t len = (size_t)(round % (int)sizeof(noise));

		for (size_t i = 0; i < len; i++) {
			seed = seed * 1103515245u + 12345u;
			/* mostly field characters, to get deep into the parser */
			noise[i] = "0123456789: -/\\a,\n"[(seed >> 16) % 18];
		}
		noise[len] = '\0';
		(void)mountinfo_parse_line(noise, len, &m);
		(void)mountinfo_find(noise, "/a/b", &m);
	}
}
END_TEST

START_TEST(huge_line_without_newline)
{
	size_t n = 200000;
	char *text = malloc(n + 1);
	struct mount_entry m;

	ck_assert_ptr_nonnull(text);
	memset(text, 'x', n);
	memcpy(text, "1 0 8:1 / / rw - ext4 /dev/sda1 rw,", 35);
	text[n] = '\0';
	ck_assert_int_eq(mountinfo_find(text, "/a", &m), 0);
	ck_assert_uint_lt(strlen(m.super_options), sizeof(m.super_options));
	free(text);
}
END_TEST

/* ---- sysfs ------------------------------------------------------------ */

START_TEST(nvme_partition)
{
	struct device_info d;

	ck_assert_int_eq(mountinfo_device_info(SYSFS, 259, 2, &d), 0);
	ck_assert_str_eq(d.kind, "partition");
	ck_assert_str_eq(d.name, "nvme0n1p2");
	ck_assert_str_eq(d.disk, "nvme0n1");
	ck_assert_int_eq(d.rotational, 0);
	ck_assert_str_eq(d.scheduler, "none");
	ck_assert_str_eq(d.model, "Samsung SSD 970 EVO Plus 1TB");
	ck_assert_str_eq(d.backing_file, "");
	ck_assert_str_eq(d.dm_name, "");
	ck_assert_int_eq(mountinfo_device_info(SYSFS, 259, 0, &d), 0);
	ck_assert_str_eq(d.kind, "disk");
	ck_assert_str_eq(d.disk, "nvme0n1");
}
END_TEST

START_TEST(sata_partition_uses_disk_queue)
{
	struct device_info d;

	ck_assert_int_eq(mountinfo_device_info(SYSFS, 8, 3, &d), 0);
	ck_assert_str_eq(d.kind, "partition");
	ck_assert_str_eq(d.name, "sda3");
	ck_assert_str_eq(d.disk, "sda");
	ck_assert_int_eq(d.rotational, 1);
	ck_assert_str_eq(d.scheduler, "bfq");
	ck_assert_str_eq(d.model, "WDC WD40EFRX-68N");
}
END_TEST

START_TEST(loop_devices)
{
	struct device_info d;

	ck_assert_int_eq(mountinfo_device_info(SYSFS, 7, 0, &d), 0);
	ck_assert_str_eq(d.kind, "loop");
	ck_assert_str_eq(d.name, "loop0");
	ck_assert_str_eq(d.backing_file, "/var/lib/images/bench disk.img");
	ck_assert_str_eq(d.scheduler, "none");
	ck_assert_int_eq(d.rotational, 1);
	ck_assert_str_eq(d.model, "unknown");
	ck_assert_int_eq(mountinfo_device_info(SYSFS, 7, 1, &d), 0);
	ck_assert_str_eq(d.backing_file, "unknown");
}
END_TEST

START_TEST(device_mapper)
{
	struct device_info d;

	ck_assert_int_eq(mountinfo_device_info(SYSFS, 253, 1, &d), 0);
	ck_assert_str_eq(d.kind, "dm");
	ck_assert_str_eq(d.name, "dm-1");
	ck_assert_str_eq(d.dm_name, "vg0-home");
	ck_assert_str_eq(d.slaves, "sda3");
	ck_assert_int_eq(d.rotational, 1);
	ck_assert_int_eq(mountinfo_device_info(SYSFS, 253, 2, &d), 0);
	ck_assert_str_eq(d.dm_name, "vg0-data");
	ck_assert_str_eq(d.slaves, "nvme0n1p1,sdb1");
	ck_assert_int_eq(d.rotational, 0);
}
END_TEST

START_TEST(odd_attributes_never_garbage)
{
	struct device_info d;

	/* rotational "x": unknown; scheduler with trailing blank; no model */
	ck_assert_int_eq(mountinfo_device_info(SYSFS, 254, 0, &d), 0);
	ck_assert_str_eq(d.name, "vda");
	ck_assert_int_eq(d.rotational, -1);
	ck_assert_str_eq(d.scheduler, "mq-deadline");
	ck_assert_str_eq(d.model, "unknown");
	/* no queue directory at all; control bytes in the model */
	ck_assert_int_eq(mountinfo_device_info(SYSFS, 8, 17, &d), 0);
	ck_assert_str_eq(d.disk, "sdb");
	ck_assert_int_eq(d.rotational, -1);
	ck_assert_str_eq(d.scheduler, "unknown");
	ck_assert_str_eq(d.model, "Bad?Model?");
}
END_TEST

START_TEST(unknown_and_virtual_devices)
{
	struct device_info d;

	ck_assert_int_eq(mountinfo_device_info(SYSFS, 0, 45, &d), 0);
	ck_assert_str_eq(d.kind, "virtual");
	ck_assert_str_eq(d.name, "unknown");
	ck_assert_int_eq(d.rotational, -1);
	ck_assert_int_eq(mountinfo_device_info(SYSFS, 7, 9, &d), -1);	/* dangling */
	ck_assert_str_eq(d.kind, "unknown");
	ck_assert_str_eq(d.name, "unknown");
	ck_assert_str_eq(d.scheduler, "unknown");
	ck_assert_int_eq(mountinfo_device_info(SYSFS, 99, 99, &d), -1);
	ck_assert_str_eq(d.model, "unknown");
	ck_assert_int_eq(mountinfo_device_info("tests/data/no-such-sysfs", 8, 1, &d), -1);
	ck_assert_int_eq(mountinfo_device_info(NULL, 8, 1, &d), -1);
	ck_assert_str_eq(d.disk, "unknown");
}
END_TEST

/* ---- live system -------------------------------------------------------- */

START_TEST(describe_live_path)
{
	struct mount_entry m;
	struct device_info d;
	char err[256] = "";

	ck_assert_msg(mountinfo_describe("/tmp", &m, &d, err, sizeof(err)) == 0, "%s", err);
	ck_assert_int_eq(m.mount_point[0], '/');
	ck_assert_str_ne(m.fstype, "");
	ck_assert_int_eq(m.space_known, 1);
	ck_assert_uint_gt(m.total_bytes, 0);
	ck_assert_uint_le(m.avail_bytes, m.total_bytes);
	ck_assert_str_ne(d.kind, "");
	ck_assert_str_ne(d.scheduler, "");
	ck_assert_int_eq(mountinfo_describe("/proc/self", &m, &d, err, sizeof(err)), 0);
	ck_assert_str_eq(m.fstype, "proc");
	ck_assert_str_eq(d.kind, "virtual");
}
END_TEST

START_TEST(describe_missing_path)
{
	struct mount_entry m;
	struct device_info d;
	char err[256] = "";

	ck_assert_int_eq(mountinfo_describe("/nonexistent/sysindex-dir", &m, &d, err, sizeof(err)), -1);
	ck_assert_msg(strstr(err, "/nonexistent/sysindex-dir") != NULL, "%s", err);
	ck_assert_str_eq(d.kind, "unknown");
}
END_TEST

Suite *suite_mountinfo(void)
{
	Suite *s = suite_create("mountinfo");
	TCase *parse = tcase_create("parse");
	TCase *find = tcase_create("find");
	TCase *bad = tcase_create("malformed");
	TCase *sysfs = tcase_create("sysfs");
	TCase *live = tcase_create("live");

	tcase_add_test(parse, parse_plain_line);
	tcase_add_test(parse, parse_needs_only_len_bytes);
	tcase_add_test(parse, escapes_are_decoded);
	tcase_add_test(find, deepest_mount_wins);
	tcase_add_test(find, prefix_is_not_containment);
	tcase_add_test(find, stacked_mounts_last_wins);
	tcase_add_test(find, loop_device_with_noatime);
	tcase_add_test(find, bind_mounts_keep_their_root);
	tcase_add_test(find, tmpfs_and_overlay);
	tcase_add_test(find, device_number_breaks_overmount);
	tcase_add_test(find, no_answer_without_a_mount);
	tcase_add_test(bad, malformed_lines_are_skipped);
	tcase_add_test(bad, long_options_cut_at_a_comma);
	tcase_add_test(bad, truncated_and_random_input);
	tcase_add_test(bad, huge_line_without_newline);
	tcase_add_test(sysfs, nvme_partition);
	tcase_add_test(sysfs, sata_partition_uses_disk_queue);
	tcase_add_test(sysfs, loop_devices);
	tcase_add_test(sysfs, device_mapper);
	tcase_add_test(sysfs, odd_attributes_never_garbage);
	tcase_add_test(sysfs, unknown_and_virtual_devices);
	tcase_add_test(live, describe_live_path);
	tcase_add_test(live, describe_missing_path);
	suite_add_tcase(s, parse);
	suite_add_tcase(s, find);
	suite_add_tcase(s, bad);
	suite_add_tcase(s, sysfs);
	suite_add_tcase(s, live);
	return s;
}
