/* setfile.c: settings mode's state file, checked and restored (setfile.h). */
#define _GNU_SOURCE   /* MS_* flags */
#include "run/setfile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/quote.h"
#include "util/util.h"

#define SETFILE_PREFIX "settings-"

/* The option words a remount sets as flags: per mount, and per superblock. */
struct flag_word {
	const char *word;
	unsigned long flag;
};

static const struct flag_word mount_words[] = {
	{ "rw", 0 },
	{ "ro", MS_RDONLY },
	{ "nosuid", MS_NOSUID },
	{ "nodev", MS_NODEV },
	{ "noexec", MS_NOEXEC },
	{ "noatime", MS_NOATIME },
	{ "nodiratime", MS_NODIRATIME },
	{ "relatime", MS_RELATIME },
	{ "strictatime", MS_STRICTATIME },
#ifdef MS_NOSYMFOLLOW
	{ "nosymfollow", MS_NOSYMFOLLOW },
#endif
};

static const struct flag_word super_words[] = {
	{ "rw", 0 },
	{ "ro", MS_RDONLY },
	{ "sync", MS_SYNCHRONOUS },
	{ "dirsync", MS_DIRSYNC },
	{ "lazytime", MS_LAZYTIME },
	{ "mand", MS_MANDLOCK },
};

/*
 * The flags of an option list; 0, or -1 when a word is not in the table
 * (strict: every word must be known) -- a superblock's other words (errors=,
 * data=) are the file system's own and a remount without data keeps them.
 */
static int opts_flags(const char *opts, const struct flag_word *tab, size_t n, int strict,
		      unsigned long *flags)
{
	char word[SETSTATE_OPTS_LEN];

	*flags = 0;
	for (const char *p = opts; *p;) {
		size_t len = strcspn(p, ","), i;

		if (len >= sizeof(word))
			return -1;
		memcpy(word, p, len);
		word[len] = '\0';
		for (i = 0; i < n && strcmp(tab[i].word, word) != 0; i++)
			;
		if (i < n)
			*flags |= tab[i].flag;
		else if (strict)
			return -1;
		p += len + (p[len] == ',');
	}
	/* mountinfo names no atime word for strictatime; a remount without
	 * one gives relatime. */
	if (tab == mount_words && !(*flags & (MS_NOATIME | MS_RELATIME)))
		*flags |= MS_STRICTATIME;
	return 0;
}

/* sysroot's path into out: 0, or -1 (too long). */
static int under(const char *sysroot, const char *path, char *out, size_t len)
{
	return fmt(out, len, "%s%s", sysroot, path);
}

/* The parts of the live state f's file records, read now into now. */
static void read_live(const char *testdir, const char *sysroot, struct setfile *now)
{
	char thp[PATH_MAX];

	if (under(sysroot, SETSTATE_THP_PATH, thp, sizeof(thp)) != 0)
		thp[0] = '\0';
	setstate_read(testdir, thp, &now->found);
	if (hoststate_rows[HS_GOVERNOR].read(sysroot, now->governor, sizeof(now->governor)) != 0)
		now->governor[0] = '\0';
	if (hoststate_rows[HS_EPP].read(sysroot, now->epp, sizeof(now->epp)) != 0)
		now->epp[0] = '\0';
}

void setfile_found(struct setfile *f, const char *testdir, const char *sysroot,
		   const char *restore)
{
	static struct mount_entry m;    /* large: not on the stack */
	struct device_info dev;
	char err[256];

	memset(f, 0, sizeof(*f));
	owner_self(&f->owner);
	fmt(f->testdir, sizeof(f->testdir), "%s", testdir);
	fmt(f->restore, sizeof(f->restore), "%s", restore);
	if (mountinfo_describe(testdir, &m, &dev, err, sizeof(err)) == 0) {
		fmt(f->mount_point, sizeof(f->mount_point), "%s", m.mount_point);
		if (strcmp(dev.disk, "unknown") != 0 && strchr(dev.disk, '/') == NULL &&
		    dev.disk[0] != '.')
			fmt(f->disk, sizeof(f->disk), "%s", dev.disk);
	}
	read_live(testdir, sysroot, f);
}

/* The fields of the file, as rows: key and where its text is. */
struct field {
	const char *key;
	size_t off, size;
};

#define FIELD(k, m) { k, offsetof(struct setfile, m), sizeof(((struct setfile *)0)->m) }
static const struct field fields[] = {
	FIELD("testdir", testdir),
	FIELD("mount_point", mount_point),
	FIELD("disk", disk),
	FIELD("mount", found.mount),
	FIELD("super", found.super),
	FIELD("scheduler", found.scheduler),
	FIELD("thp", found.thp),
	FIELD("governor", governor),
	FIELD("epp", epp),
	FIELD("restore", restore),
};
#define NFIELDS (sizeof(fields) / sizeof(fields[0]))

/* Append "key value\n", the value's backslashes and control bytes escaped. */
static int put_field(char *out, size_t len, size_t *used, const char *key, const char *v)
{
	int n = snprintf(out + *used, len - *used, "%s ", key);

	if (n < 0 || (size_t)n >= len - *used)
		return -1;
	*used += (size_t)n;
	for (const unsigned char *s = (const unsigned char *)v; *s; s++) {
		n = *s == '\\' ? snprintf(out + *used, len - *used, "\\\\")
		  : *s < 0x20 || *s == 0x7f ? snprintf(out + *used, len - *used, "\\x%02x", *s)
		  : snprintf(out + *used, len - *used, "%c", *s);
		if (n < 0 || (size_t)n >= len - *used)
			return -1;
		*used += (size_t)n;
	}
	if (*used + 2 > len)
		return -1;
	out[(*used)++] = '\n';
	out[*used] = '\0';
	return 0;
}

int setfile_format(const struct setfile *f, char *out, size_t len)
{
	size_t used;

	if (owner_format(&f->owner, out, len) != 0)
		return -1;
	used = strlen(out);
	for (size_t i = 0; i < NFIELDS; i++)
		if (put_field(out, len, &used, fields[i].key,
			      (const char *)f + fields[i].off) != 0)
			return -1;
	return 0;
}

/* One escaped value (to the end of its line) into dst; 0, or -1. */
static int get_value(const char *s, size_t n, char *dst, size_t size)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		char c = s[i];

		if (c == '\\' && i + 1 < n && s[i + 1] == '\\') {
			i++;
		} else if (c == '\\' && i + 3 < n && s[i + 1] == 'x') {
			char hex[3] = { s[i + 2], s[i + 3], '\0' }, *end;

			c = (char)strtoul(hex, &end, 16);
			if (*end != '\0')
				return -1;
			i += 3;
		} else if (c == '\\') {
			return -1;
		}
		if (k + 1 >= size)
			return -1;
		dst[k++] = c;
	}
	dst[k] = '\0';
	return 0;
}

int setfile_parse(const char *text, struct setfile *f)
{
	const char *line = strchr(text, '\n');
	unsigned seen = 0;

	memset(f, 0, sizeof(*f));
	if (line == NULL || owner_parse(text, &f->owner) != 0)
		return -1;
	for (line++; *line; ) {
		const char *end = strchr(line, '\n'), *sp = strchr(line, ' ');
		size_t i;

		if (end == NULL || sp == NULL || sp > end)
			return -1;
		for (i = 0; i < NFIELDS; i++)
			if (strlen(fields[i].key) == (size_t)(sp - line) &&
			    strncmp(fields[i].key, line, (size_t)(sp - line)) == 0)
				break;
		if (i == NFIELDS || (seen & (1u << i)) ||
		    get_value(sp + 1, (size_t)(end - sp - 1), (char *)f + fields[i].off,
			      fields[i].size) != 0)
			return -1;
		seen |= 1u << i;
		line = end + 1;
	}
	return seen == (1u << NFIELDS) - 1 ? 0 : -1;
}

int setfile_dir(char *out, size_t len)
{
	const char *e = getenv("SYSINDEX_STATE_DIR");

	return fmt(out, len, "%s", e != NULL && *e ? e : SETFILE_DIR);
}

/* write_atomic()'s callback: the text made beforehand. */
static int write_text(FILE *out, const void *ctx)
{
	return fputs(ctx, out) == EOF ? -1 : 0;
}

int setfile_write(const struct setfile *f, char *path, size_t len, char *err, size_t errlen)
{
	static char text[PATH_MAX + MOUNTINFO_PATH_LEN + SETTING_CMD_MAX * 4 +
			 SETSTATE_OPTS_LEN * 8 + 512];
	char dir[PATH_MAX], q[QUOTE_BUF];

	if (setfile_format(f, text, sizeof(text)) != 0) {
		fmt(err, errlen, "the state is too long to record");
		return -1;
	}
	if (setfile_dir(dir, sizeof(dir)) != 0 ||
	    fmt(path, len, "%s/" SETFILE_PREFIX "%ld", dir, f->owner.pid) != 0) {
		fmt(err, errlen, "the state dir's path is too long");
		return -1;
	}
	if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
		fmt(err, errlen, "cannot create %s: %s", quote(dir, q), strerror(errno));
		return -1;
	}
	return write_atomic(path, write_text, text, err, errlen);
}

/* Write word into a sysfs file: 0, or -1. */
static int write_word(const char *path, const char *word)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), rc;

	if (fd < 0)
		return -1;
	rc = write(fd, word, strlen(word)) == (ssize_t)strlen(word) ? 0 : -1;
	return close(fd) == 0 ? rc : -1;
}

/* Whether v is one sysfs word (letters, digits, "-_"): one value for every policy. */
static int one_word(const char *v)
{
	if (*v == '\0')
		return 0;
	for (; *v; v++)
		if (!((*v >= 'a' && *v <= 'z') || (*v >= 'A' && *v <= 'Z') ||
		      (*v >= '0' && *v <= '9') || *v == '-' || *v == '_'))
			return 0;
	return 1;
}

/* word into file of every cpufreq policy under sysroot: 0, or -1 if one failed or none is. */
static int every_policy(const char *sysroot, const char *file, const char *word)
{
	char dir[PATH_MAX], path[PATH_MAX];
	struct dirent *e;
	int rc = -1;
	DIR *d;

	if (under(sysroot, "/sys/devices/system/cpu/cpufreq", dir, sizeof(dir)) != 0 ||
	    (d = opendir(dir)) == NULL)
		return -1;
	while ((e = readdir(d)) != NULL) {
		if (strncmp(e->d_name, "policy", 6) != 0)
			continue;
		if (fmt(path, sizeof(path), "%s/%s/%s", dir, e->d_name, file) != 0 ||
		    write_word(path, word) != 0) {
			rc = -1;
			break;
		}
		rc = 0;
	}
	closedir(d);
	return rc;
}

/* Add ", what word" to done. */
static void did(char *done, size_t len, const char *what, const char *word)
{
	fmt(done + strlen(done), len - strlen(done), "%s%s %s", *done ? ", " : "", what, word);
}

/* Put back what differs in now from f's state found, natively; what was done into done. */
static void put_back(const struct setfile *f, const struct setfile *now, const char *sysroot,
		     char *done, size_t len)
{
	const struct setting_state *was = &f->found, *is = &now->found;
	unsigned long mnt, sb;
	char path[PATH_MAX];

	if (f->mount_point[0] && strcmp(was->super, is->super) != 0 && was->super[0] &&
	    opts_flags(was->super, super_words, sizeof(super_words) / sizeof(super_words[0]),
		       0, &sb) == 0 &&
	    opts_flags(was->mount, mount_words, sizeof(mount_words) / sizeof(mount_words[0]),
		       1, &mnt) == 0 &&
	    mount(NULL, f->mount_point, NULL, MS_REMOUNT | sb | (mnt & ~MS_RDONLY), NULL) == 0)
		did(done, len, "superblock", was->super);
	/* The per-mount flags exactly as found (MS_BIND: only the mount's own). */
	if (f->mount_point[0] && strcmp(was->mount, is->mount) != 0 && was->mount[0] &&
	    opts_flags(was->mount, mount_words, sizeof(mount_words) / sizeof(mount_words[0]),
		       1, &mnt) == 0 &&
	    mount(NULL, f->mount_point, NULL, MS_REMOUNT | MS_BIND | mnt, NULL) == 0)
		did(done, len, "mount", was->mount);
	if (f->disk[0] && was->scheduler[0] && strcmp(was->scheduler, is->scheduler) != 0 &&
	    fmt(path, sizeof(path), "%s/sys/block/%s/queue/scheduler", sysroot, f->disk) == 0 &&
	    write_word(path, was->scheduler) == 0)
		did(done, len, "scheduler", was->scheduler);
	if (was->thp[0] && strcmp(was->thp, is->thp) != 0 &&
	    under(sysroot, SETSTATE_THP_PATH, path, sizeof(path)) == 0 &&
	    write_word(path, was->thp) == 0)
		did(done, len, "THP", was->thp);
	/* A governor found mixed across policies ("a (1 policy), b (1)") is not put back. */
	if (one_word(f->governor) && strcmp(f->governor, now->governor) != 0 &&
	    every_policy(sysroot, "scaling_governor", f->governor) == 0)
		did(done, len, "governor", f->governor);
	if (one_word(f->epp) && strcmp(f->epp, now->epp) != 0 &&
	    every_policy(sysroot, "energy_performance_preference", f->epp) == 0)
		did(done, len, "energy preference", f->epp);
}

/* What differs between found and now, "mount rw,noatime (found rw,relatime); ...". */
static void differences(const struct setfile *was, const struct setfile *now, char *out,
			size_t len)
{
	static const struct {
		const char *name;
		size_t off;
	} parts[] = {
		{ "mount", offsetof(struct setfile, found.mount) },
		{ "superblock", offsetof(struct setfile, found.super) },
		{ "scheduler", offsetof(struct setfile, found.scheduler) },
		{ "THP", offsetof(struct setfile, found.thp) },
		{ "governor", offsetof(struct setfile, governor) },
		{ "energy preference", offsetof(struct setfile, epp) },
	};

	out[0] = '\0';
	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		const char *a = (const char *)was + parts[i].off, *b = (const char *)now + parts[i].off;

		/* A part not read when found was not recorded: nothing to compare. */
		if (*a && strcmp(a, b) != 0)
			fmt(out + strlen(out), len - strlen(out), "%s%s %s (found %s)",
			    *out ? "; " : "", parts[i].name, *b ? b : "unknown", a);
	}
}

int setfile_restore(const struct setfile *f, const char *sysroot, int native,
		    char *done, size_t donelen, char *left, size_t leftlen)
{
	static struct setfile now;      /* large: not on the stack */

	done[0] = '\0';
	read_live(f->testdir, sysroot, &now);
	differences(f, &now, left, leftlen);
	if (left[0] == '\0')
		return 0;
	if (native) {
		put_back(f, &now, sysroot, done, donelen);
		read_live(f->testdir, sysroot, &now);
		differences(f, &now, left, leftlen);
	}
	return left[0] ? -1 : 0;
}

/* One state file: restored and removed, or said. 1 when something is left changed. */
static int sweep_one(const char *path, const char *sysroot, int quiet)
{
	static struct setfile f;
	static char text[sizeof(f) * 2];
	char done[SETFILE_LEFT_MAX], left[SETFILE_LEFT_MAX], q[QUOTE_BUF];
	char cmd[SETTING_CMD_MAX * 4];
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return 0;
	n = read(fd, text, sizeof(text) - 1);
	(void)close(fd);
	if (n <= 0)
		return 0;
	text[n] = '\0';
	if (setfile_parse(text, &f) != 0 || owner_alive(&f.owner))
		return 0;
	/* Its test dir is gone (a scratch mount, unmounted): nothing is left to put back. */
	if (access(f.testdir, F_OK) != 0 && errno == ENOENT) {
		(void)unlink(path);
		return 0;
	}
	if (setfile_restore(&f, sysroot, geteuid() == 0, done, sizeof(done), left,
			    sizeof(left)) == 0) {
		if (done[0] && !quiet)
			fprintf(stderr, "sysindex: test dir %s: put back as found before a run "
				"(pid %ld) that did not finish: %s\n", quote(f.testdir, q),
				f.owner.pid, done);
		(void)unlink(path);
		return 0;
	}
	fprintf(stderr, "sysindex: test dir %s is left changed by a run (pid %ld) that did not "
		"finish: %s; undo it with: %s\n", quote(f.testdir, q), f.owner.pid, left,
		octal_controls(f.restore, cmd, sizeof(cmd)));
	return 1;
}

size_t setfile_sweep(const char *sysroot, int quiet)
{
	char dir[PATH_MAX], path[PATH_MAX];
	struct dirent *e;
	size_t left = 0;
	DIR *d;

	if (setfile_dir(dir, sizeof(dir)) != 0 || (d = opendir(dir)) == NULL)
		return 0;
	while ((e = readdir(d)) != NULL)
		if (strncmp(e->d_name, SETFILE_PREFIX, strlen(SETFILE_PREFIX)) == 0 &&
		    strchr(e->d_name, '.') == NULL &&
		    path_join(path, sizeof(path), dir, e->d_name) == 0)
			left += (size_t)sweep_one(path, sysroot, quiet);
	closedir(d);
	return left;
}
