/* util.c: clocks, strict number parsing, paths and atomic files. */
#include "util/util.h"
#include "util/quote.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <langinfo.h>
#include <locale.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

double now_mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int parse_ulong(const char *s, unsigned long min, unsigned long max, unsigned long *out)
{
	char *end;
	unsigned long v;

	if (s == NULL || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

static size_t digits(const char *s)
{
	size_t n = 0;

	while (s[n] >= '0' && s[n] <= '9')
		n++;
	return n;
}

int parse_decimal(const char *s, double *out, size_t *used)
{
	size_t n = 0, whole, frac = 0;
	char buf[64], *end;
	double v;

	if (s == NULL)
		return -1;
	if (s[n] == '-')
		n++;
	whole = digits(s + n);
	n += whole;
	if (s[n] == '.') {
		frac = digits(s + n + 1);
		n += 1 + frac;
	}
	if (whole + frac == 0)
		return -1;
	if ((s[n] == 'e' || s[n] == 'E')) {
		size_t e = n + 1 + (s[n + 1] == '-' || s[n + 1] == '+');

		if (digits(s + e) == 0)
			return -1;
		n = e + digits(s + e);
	}
	if ((used == NULL && s[n] != '\0') || n >= sizeof(buf))
		return -1;
	/* strtod on the checked span only, in the C locale's syntax it was. */
	memcpy(buf, s, n);
	buf[n] = '\0';
	errno = 0;
	v = strtod(buf, &end);
	if (errno != 0 || *end != '\0' || !isfinite(v))
		return -1;
	*out = v;
	if (used != NULL)
		*used = n;
	return 0;
}

int parse_percent(const char *s, double *out)
{
	size_t n;
	double v;

	if (parse_decimal(s, &v, &n) != 0)
		return -1;
	if (s[n] == '%')
		n++;
	if (s[n] != '\0' || !(v >= 0) || v >= 100)
		return -1;
	*out = v / 100.0;
	return 0;
}

size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), prev[64], cur[64];

	if (la >= 63 || lb >= 63)
		return (size_t)-1;
	for (size_t j = 0; j <= lb; j++)
		prev[j] = j;
	for (size_t i = 1; i <= la; i++) {
		cur[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t del = prev[j] + 1, ins = cur[j - 1] + 1;
			size_t sub = prev[j - 1] + (a[i - 1] != b[j - 1]);

			cur[j] = del < ins ? del : ins;
			if (sub < cur[j])
				cur[j] = sub;
		}
		memcpy(prev, cur, (lb + 1) * sizeof(size_t));
	}
	return prev[lb];
}

int path_join(char *out, size_t outlen, const char *dir, const char *name)
{
	int n = snprintf(out, outlen, "%s%s%s", dir,
			 (*dir && dir[strlen(dir) - 1] == '/') ? "" : "/", name);

	return n < 0 || (size_t)n >= outlen ? -1 : 0;
}

int find_in_path(const char *name, char *out, size_t outlen)
{
	const char *path = getenv("PATH");
	char buf[4096];

	if (strchr(name, '/') != NULL) {
		if (access(name, X_OK) != 0)
			return -1;
		snprintf(out, outlen, "%s", name);
		return 0;
	}
	if (path == NULL || *path == '\0')
		path = "/usr/local/bin:/usr/bin:/bin";
	while (*path) {
		size_t len = strcspn(path, ":");
		struct stat st;

		if (len > 0 && len < sizeof(buf) - 1) {
			memcpy(buf, path, len);
			buf[len] = '\0';
			if (path_join(out, outlen, buf, name) == 0 &&
			    stat(out, &st) == 0 && S_ISREG(st.st_mode) &&
			    access(out, X_OK) == 0)
				return 0;
		}
		path += len;
		if (*path == ':')
			path++;
	}
	return -1;
}

int remove_tree(const char *path)
{
	struct stat st;
	DIR *d;
	struct dirent *e;
	int rc = 0;

	if (lstat(path, &st) != 0)
		return errno == ENOENT ? 0 : -1;
	if (!S_ISDIR(st.st_mode))
		return unlink(path);
	d = opendir(path);
	if (d == NULL)   /* no memory for it, say: an empty folder still goes */
		return rmdir(path);
	while ((e = readdir(d)) != NULL) {
		char child[4096];

		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (path_join(child, sizeof(child), path, e->d_name) != 0 ||
		    remove_tree(child) != 0)
			rc = -1;
	}
	closedir(d);
	if (rmdir(path) != 0)
		rc = -1;
	return rc;
}

int read_secret_file(const char *path, char *out, size_t outlen, char *err, size_t errlen)
{
	char buf[1024];
	size_t n = 0, len;
	ssize_t got;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	const char *why = NULL;

	char q[QUOTE_BUF];

	if (fd < 0) {
		fmt(err, errlen, "'%s': %s", quote(path, q), strerror(errno));
		return -1;
	}
	/* Up to a full buffer: a secret is short, a larger file is not one. */
	while (n < sizeof(buf) && (got = read(fd, buf + n, sizeof(buf) - n)) != 0) {
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			fmt(err, errlen, "'%s': %s", quote(path, q), strerror(errno));
			close(fd);
			return -1;
		}
		n += (size_t)got;
	}
	close(fd);
	len = n;
	if (len > 0 && buf[len - 1] == '\n')
		len--;
	if (len > 0 && buf[len - 1] == '\r')
		len--;
	if (len == 0)
		why = "empty";
	else if (memchr(buf, '\n', len) != NULL || memchr(buf, '\0', len) != NULL)
		why = "more than one line";
	else if (n == sizeof(buf) || len >= outlen)
		why = "too long";
	if (why != NULL) {
		fmt(err, errlen, "'%s': %s", quote(path, q), why);
		return -1;
	}
	memcpy(out, buf, len);
	out[len] = '\0';
	return 0;
}

int write_atomic(const char *path, write_fn fn, const void *ctx, char *err, size_t errlen)
{
	char tmp[4096];
	FILE *f;
	int fd, saved;

	if (snprintf(tmp, sizeof(tmp), "%s.tmp.%ld", path, (long)getpid()) >= (int)sizeof(tmp)) {
		snprintf(err, errlen, "%s: path too long", path);
		return -1;
	}
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0 || (f = fdopen(fd, "w")) == NULL) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (fn(f, ctx) != 0 || fflush(f) != 0 || ferror(f) || fsync(fileno(f)) != 0) {
		saved = errno;
		fclose(f);
		unlink(tmp);
		snprintf(err, errlen, "%s: %s", path, saved ? strerror(saved) : "write failed");
		return -1;
	}
	if (fclose(f) != 0 || rename(tmp, path) != 0) {
		saved = errno;
		unlink(tmp);
		snprintf(err, errlen, "%s: %s", path, strerror(saved));
		return -1;
	}
	return 0;
}

void format_bytes(unsigned long long bytes, char *out, size_t outlen)
{
	static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
	double v = (double)bytes;
	size_t u = 0;

	while (v >= 1024 && u + 1 < sizeof(units) / sizeof(units[0])) {
		v /= 1024;
		u++;
	}
	if (u == 0)
		snprintf(out, outlen, "%llu B", bytes);
	else
		snprintf(out, outlen, "%.1f %s", v, units[u]);
}

int fmt(char *out, size_t len, const char *format, ...)
{
	va_list ap;
	int n;

	va_start(ap, format);
	n = vsnprintf(out, len, format, ap);
	va_end(ap);
	return n < 0 || (size_t)n >= len ? -1 : 0;
}

void fmt_cat(char *out, size_t len, const char *format, ...)
{
	size_t used = strnlen(out, len);
	va_list ap;

	if (used + 1 >= len)
		return;
	va_start(ap, format);
	vsnprintf(out + used, len - used, format, ap);
	va_end(ap);
}

void name_component(char *out, size_t len, const char *s)
{
	size_t i = 0;

	if (len == 0)
		return;
	if (!*s)
		s = "unnamed";
	for (; *s && i + 1 < len; s++, i++) {
		unsigned char c = (unsigned char)*s;

		out[i] = isalnum(c) && c < 0x80 ? (char)c : c == '-' || c == '_' ? (char)c
			 : c == '.' && i > 0 ? '.' : '_';
	}
	out[i] = '\0';
}

void strip_controls(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			*s = '?';
}

int str_ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && strcmp(s + n - k, suffix) == 0;
}

size_t utf8_seq_len(const unsigned char *s, size_t len)
{
	unsigned char c = s[0];
	unsigned char lo = 0x80, hi = 0xBF;
	size_t n;

	if (len == 0)
		return 0;
	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF)
		n = 2;
	else if (c >= 0xE0 && c <= 0xEF)
		n = 3;
	else if (c >= 0xF0 && c <= 0xF4)
		n = 4;
	else
		return 0;       /* continuation byte, C0/C1 overlong, F5..FF */
	/* The second byte's range excludes overlongs, surrogates and > U+10FFFF. */
	if (c == 0xE0)
		lo = 0xA0;
	else if (c == 0xED)
		hi = 0x9F;
	else if (c == 0xF0)
		lo = 0x90;
	else if (c == 0xF4)
		hi = 0x8F;
	if (len < n || s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xBF)
			return 0;
	return n;
}

void put_utf8_escaped(FILE *out, const char *str, size_t len,
		      const char *(*sub)(unsigned char c, char buf[8]), const char *bad)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;

	while (i < len) {
		char buf[8];
		const char *r = s[i] < 0x80 ? sub(s[i], buf) : NULL;
		size_t n;

		if (r != NULL) {
			fputs(r, out);
			i++;
			continue;
		}
		n = utf8_seq_len(s + i, len - i);
		if (n == 0) {
			fputs(bad, out);
			i++;
			continue;
		}
		fwrite(s + i, 1, n, out);
		i += n;
	}
}

const char *figure_n(char buf[FIGURE_BUF], double v, int plus, int decimals)
{
	if (isfinite(v) && fabs(v) >= FIGURE_FIXED_MAX)
		snprintf(buf, FIGURE_BUF, plus ? "%+.4e" : "%.4e", v);
	else
		snprintf(buf, FIGURE_BUF, plus ? "%+.*f" : "%.*f", decimals, v);
	return buf;
}

const char *figure(char buf[FIGURE_BUF], double v, int plus)
{
	return figure_n(buf, v, plus, 1);
}

void text_wrapped(FILE *out, const char *indent, const char *text, size_t width)
{
	size_t col = 0, lead = strlen(indent);
	int started = 0;

	while (*text) {
		size_t w = strcspn(text, " ");

		if (started && col + 1 + w > width) {
			fputc('\n', out);
			started = 0;
		}
		if (!started) {
			fputs(indent, out);
			col = lead;
			started = 1;
		} else {
			fputc(' ', out);
			col++;
		}
		fwrite(text, 1, w, out);
		col += w;
		text += w;
		text += strspn(text, " ");
	}
	if (started)
		fputc('\n', out);
}

size_t utf8_cols(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

int locale_utf8(void)
{
	int utf8 = setlocale(LC_CTYPE, "") != NULL && strcmp(nl_langinfo(CODESET), "UTF-8") == 0;

	setlocale(LC_CTYPE, "C");
	return utf8;
}
