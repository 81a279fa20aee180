/* setstate.c: what a setting left in force, read back (setstate.h). */
#include "sysinfo/setstate.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sysinfo/mountinfo.h"

static int word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '-' || c == '_';
}

int setstate_bracketed(const char *text, char *out, size_t len)
{
	const char *open = strchr(text, '['), *close;
	size_t n;

	out[0] = '\0';
	if (open == NULL || (close = strchr(open + 1, ']')) == NULL)
		return -1;
	n = (size_t)(close - open - 1);
	if (n == 0 || n >= len)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (!word_char(open[1 + i]))
			return -1;
	memcpy(out, open + 1, n);
	out[n] = '\0';
	return 0;
}

int setstate_equal(const struct setting_state *a, const struct setting_state *b)
{
	return strcmp(a->mount, b->mount) == 0 && strcmp(a->super, b->super) == 0 &&
	       strcmp(a->scheduler, b->scheduler) == 0 && strcmp(a->thp, b->thp) == 0;
}

/* Append "; " (unless first) and text to out. */
static void part(char *out, size_t len, const char *head, const char *value, const char *tail)
{
	size_t used = strlen(out);

	if (used + 1 >= len)
		return;
	snprintf(out + used, len - used, "%s%s%s%s", used ? "; " : "", head, value, tail);
}

void setstate_text(const struct setting_state *st, char *out, size_t len)
{
	if (len == 0)
		return;
	out[0] = '\0';
	if (st->mount[0]) {
		char m[SETSTATE_OPTS_LEN * 2 + 16];

		snprintf(m, sizeof(m), "%s%s%s%s", st->mount, st->super[0] ? " (super " : "",
			 st->super, st->super[0] ? ")" : "");
		part(out, len, "mount ", m, "");
	}
	if (st->scheduler[0])
		part(out, len, "scheduler ", st->scheduler, "");
	if (st->thp[0])
		part(out, len, "THP ", st->thp, "");
	if (out[0] == '\0')
		snprintf(out, len, "nothing recorded");
}

/* An option list cut whole at a comma so it fits. */
static void copy_opts(char *dst, size_t size, const char *src)
{
	size_t n = strlen(src);

	if (n >= size) {
		n = size - 1;
		while (n > 0 && src[n] != ',')
			n--;
	}
	memcpy(dst, src, n);
	dst[n] = '\0';
}

void setstate_read(const char *path, const char *thp_path, struct setting_state *st)
{
	static struct mount_entry m;    /* 11 KiB: not on the stack; the driver is one thread */
	struct device_info dev;
	char err[256], buf[256];
	int fd;

	memset(st, 0, sizeof(*st));
	if (mountinfo_describe(path, &m, &dev, err, sizeof(err)) == 0) {
		copy_opts(st->mount, sizeof(st->mount), m.options);
		copy_opts(st->super, sizeof(st->super), m.super_options);
		if (strcmp(dev.kind, "virtual") != 0 && strcmp(dev.scheduler, "unknown") != 0)
			snprintf(st->scheduler, sizeof(st->scheduler), "%s", dev.scheduler);
	}
	if ((fd = open(thp_path, O_RDONLY | O_CLOEXEC)) >= 0) {
		ssize_t n = read(fd, buf, sizeof(buf) - 1);

		(void)close(fd);
		if (n > 0) {
			buf[n] = '\0';
			(void)setstate_bracketed(buf, st->thp, sizeof(st->thp));
		}
	}
}
