/*
 * grepdata.c: the grep test's large.txt.  A fixed pseudo-random sequence
 * picks each line's length (about a third are short return-value lines of
 * 43-44 bytes, the rest 45-196, as in the reference file; matching lines
 * 60-130, about 90 on average, as there), then the lengths
 * are nudged by one byte at a time until they add up to GREPDATA_BYTES; each
 * line is a made-up system call, cut to its
 * length: calls on paths, reads of binary data shown as escapes, memory
 * calls with hexadecimal addresses, in proportions that give about the
 * reference's mix of letters, digits and backslashes.  Evenly spread lines
 * carry a path through a "gimp" folder; no other line can contain the word,
 * since no token does and tokens are separated by punctuation.
 */
#include "run/grepdata.h"

#include <stdlib.h>
#include <string.h>

#define MIN_LEN 7u
#define MAX_LEN 196u

static const char *const calls[] = {
	"openat", "read", "fstat", "mmap", "close", "stat", "access", "lseek",
	"brk", "mprotect", "poll", "write", "ioctl", "getdents64", "futex",
	"rt_sigaction", "readlink", "fcntl", "select", "munmap", "lstat",
};
static const char *const dirs[] = {
	"usr", "lib", "share", "local", "etc", "fonts", "icons", "locale",
	"x86_64-linux-gnu", "cache", "plug-ins", "modules", "themes", "Default",
	"brushes", "patterns", "palettes", "scripts", "python", "tmp", "home",
	"alice", "config", "pixmaps", "gradients", "fractals", "tool-options",
	"dynamics", "environ", "interpreters", "menus", "tags", "fontconfig",
};
static const char *const files[] = {
	"libpng16.so.16", "libz.so.1", "libc.so.6", "libm.so.6", "splash.png",
	"libglib-2.0.so.0", "libgtk-3.so.0", "menurc", "sessionrc", "unitrc",
	"controllerrc", "templaterc", "devicerc", "parasiterc", "fonts.conf",
	"ld.so.cache", "LC_MESSAGES", "index.theme", "brush.vbr", "default.py",
};
static const char *const flags[] = {
	"O_RDONLY", "O_RDONLY|O_CLOEXEC", "O_WRONLY|O_CREAT|O_TRUNC", "F_GETFD",
	"PROT_READ|PROT_WRITE", "MAP_PRIVATE|MAP_ANONYMOUS", "st_size=4096",
	"{st_mode=S_IFREG|0644, st_size=22184, ...}", "SEEK_SET", "0666", "4096",
};
static const char *const results[] = {
	"= 0", "= 3", "= 4096", "= -1 ENOENT (No such file or directory)",
	"= 0x8360000", "= 5", "= 832", "= -1 EAGAIN (Resource temporarily unavailable)",
};
/* Folders that put the test's word into a matching line's path. */
static const char *const word_dirs[] = {
	"/usr/lib/" GREPDATA_WORD "/2.0/", "/usr/share/" GREPDATA_WORD "/2.0/",
	"/home/alice/." GREPDATA_WORD "-2.0/", "/etc/" GREPDATA_WORD "/2.0/",
};

#define PICK(r, a) ((a)[next(r) % (sizeof(a) / sizeof((a)[0]))])

static unsigned next(unsigned *r)
{
	/* xorshift32: the same sequence on every machine */
	*r ^= *r << 13;
	*r ^= *r >> 17;
	*r ^= *r << 5;
	return *r;
}

static unsigned pick_len(unsigned *r, int match)
{
	unsigned k = next(r) % 100;

	if (match)
		return 60 + next(r) % 71;		/* 60..130 */
	if (k < 36)
		return 43 + next(r) % 2;
	if (k < 60)
		return 45 + next(r) % 26;		/* 45..70 */
	if (k < 88)
		return 71 + next(r) % 35;		/* 71..105 */
	if (k < 98)
		return 106 + next(r) % 45;		/* 106..150 */
	return 151 + next(r) % (MAX_LEN - 150);	/* 151..196 */
}

/* Line i of n carries the word when the even spread of m matches says so. */
static int is_match(unsigned long i)
{
	return (i * GREPDATA_MATCHES) / GREPDATA_LINES !=
	       ((i + 1) * GREPDATA_MATCHES) / GREPDATA_LINES;
}

static void append(char *buf, size_t cap, size_t *n, const char *s)
{
	size_t len = strlen(s);

	if (*n + len >= cap)
		len = cap - 1 - *n;
	memcpy(buf + *n, s, len);
	*n += len;
	buf[*n] = '\0';
}

static const char *const bytes[] = {
	"\\0", "\\1", "\\2", "\\3", "\\4", "\\10", "\\20", "\\177", "\\200",
	"\\377", "\\t", "\\v", "ELF", ">", "@", "8", "\\0\\0\\0\\0",
};
static const char *const memcalls[] = {
	"mmap(NULL, %u, PROT_READ|PROT_EXEC, MAP_PRIVATE|MAP_DENYWRITE, 3, 0)",
	"mprotect(0x%x, %u, PROT_NONE)", "munmap(0x%x, %u)", "brk(0x%x)",
	"fstat(%u, {st_mode=S_IFREG|0644, st_size=%u, ...})", "close(%u)",
};

/* Pad to strace's result column (39), then " = result". */
static void result(char *buf, size_t cap, size_t *n, unsigned *r)
{
	while (*n < 39)
		append(buf, cap, n, " ");
	append(buf, cap, n, " ");
	append(buf, cap, n, PICK(r, results));
}

/* A call on a path; matching lines' paths go through a word folder. */
static void path_call(char *buf, size_t cap, size_t *n, unsigned *r, int match)
{
	unsigned comps = 1 + next(r) % 6;

	append(buf, cap, n, PICK(r, calls));
	append(buf, cap, n, "(\"");
	append(buf, cap, n, match ? PICK(r, word_dirs) : "/");
	for (unsigned c = 0; c < comps; c++) {
		append(buf, cap, n, PICK(r, dirs));
		append(buf, cap, n, "/");
	}
	append(buf, cap, n, PICK(r, files));
	append(buf, cap, n, "\", ");
	append(buf, cap, n, PICK(r, flags));
	append(buf, cap, n, ")");
	result(buf, cap, n, r);
}

/* A read of binary data, shown as escapes, as long as the line needs. */
static void read_call(char *buf, size_t cap, size_t *n, unsigned *r, unsigned len)
{
	char tail[48];

	append(buf, cap, n, "read(3, \"");
	while (*n + 24 < len)
		append(buf, cap, n, PICK(r, bytes));
	snprintf(tail, sizeof(tail), "\"..., %u) = %u", 512u + next(r) % 512, 832u);
	append(buf, cap, n, tail);
}

/* Memory calls: numbers more than words. */
static void mem_call(char *buf, size_t cap, size_t *n, unsigned *r)
{
	char call[128];
	unsigned a = 0xb7e00000u + (next(r) % 4096) * 4096, b = next(r) % 2200000;

	snprintf(call, sizeof(call), PICK(r, memcalls), a, b);
	append(buf, cap, n, call);
	result(buf, cap, n, r);
}

/* One line of exactly len bytes, the newline included. */
static void make_line(char *buf, size_t cap, unsigned *r, int match, unsigned len)
{
	size_t n = 0;
	unsigned kind = next(r) % 100;
	char num[24];

	buf[0] = '\0';
	if (match || (kind < 45 && len <= 130))
		path_call(buf, cap, &n, r, match);
	else if (kind < 60 || len > 130)
		read_call(buf, cap, &n, r, len);
	else
		mem_call(buf, cap, &n, r);
	while (n + 1 < len) {		/* what strace shows of a longer call */
		snprintf(num, sizeof(num), ", 0x%x", next(r) % 0x10000000u);
		append(buf, cap, &n, num);
	}
	buf[len - 1] = '\n';
}

int grepdata_write(FILE *out)
{
	unsigned short *len = malloc(GREPDATA_LINES * sizeof(*len));
	unsigned r = 0x5eed1e55u, total = 0;
	char line[MAX_LEN * 4];
	int rc = 0;

	if (len == NULL)
		return -1;
	for (unsigned i = 0; i < GREPDATA_LINES; i++) {
		len[i] = (unsigned short)pick_len(&r, is_match(i));
		total += len[i];
	}
	/* One byte at a time, spread over the lines, until the sum is exact. */
	for (unsigned i = 0; total != GREPDATA_BYTES; i = (i + 7919) % GREPDATA_LINES) {
		if (total < GREPDATA_BYTES && len[i] < MAX_LEN) {
			len[i]++;
			total++;
		} else if (total > GREPDATA_BYTES && len[i] > MIN_LEN + 60) {
			len[i]--;
			total--;
		}
	}
	for (unsigned i = 0; i < GREPDATA_LINES && rc == 0; i++) {
		make_line(line, sizeof(line), &r, is_match(i), len[i]);
		if (fwrite(line, 1, len[i], out) != len[i])
			rc = -1;
	}
	free(len);
	return rc;
}
