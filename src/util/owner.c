/* owner.c: a run's pid and start time, written and checked (owner.h). */
#include "util/owner.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define OWNER_WORD "sysindex-owner"

unsigned long long owner_start_of(long pid)
{
	char path[64], buf[1024], *p;
	unsigned long long start = 0;
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/%ld/stat", pid);
	if ((f = fopen(path, "re")) == NULL)
		return 0;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	/* After the name's last ')': state is field 3, starttime field 22. */
	if ((p = strrchr(buf, ')')) == NULL)
		return 0;
	p++;
	for (int field = 3; field <= 22 && p != NULL; field++) {
		while (*p == ' ')
			p++;
		if (field == 22)
			start = strtoull(p, NULL, 10);
		p = strchr(p, ' ');
	}
	return start;
}

void owner_self(struct owner *o)
{
	o->pid = (long)getpid();
	o->start = owner_start_of(o->pid);
}

int owner_alive(const struct owner *o)
{
	unsigned long long now;

	if (o->pid <= 0)
		return 0;
	if (kill((pid_t)o->pid, 0) != 0 && errno == ESRCH)
		return 0;
	/* Another process with its pid: a different start time. */
	now = owner_start_of(o->pid);
	return o->start == 0 || now == 0 || now == o->start;
}

int owner_format(const struct owner *o, char *out, size_t len)
{
	int n = snprintf(out, len, OWNER_WORD " %ld %llu\n", o->pid, o->start);

	return n > 0 && (size_t)n < len ? 0 : -1;
}

int owner_parse(const char *line, struct owner *o)
{
	char word[sizeof(OWNER_WORD) + 1];
	int used = 0;

	memset(o, 0, sizeof(*o));
	if (sscanf(line, "%15s %ld %llu%n", word, &o->pid, &o->start, &used) != 3 ||
	    strcmp(word, OWNER_WORD) != 0 || o->pid <= 0 ||
	    (line[used] != '\0' && line[used] != '\n'))
		return -1;
	return 0;
}
