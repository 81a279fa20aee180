/*
 * owner.h: which run a file left behind belongs to, and whether that run
 * is still alive (issue 50).  A run writes its owner (its pid and the
 * process's start time, which tells a reused pid apart) into its scratch
 * folder and its settings state file; a later run that finds one whose
 * process is gone removes or restores what it left.
 */
#ifndef SYSINDEX_OWNER_H
#define SYSINDEX_OWNER_H

#include <stddef.h>
#include <sys/types.h>

struct owner {
	long pid;
	unsigned long long start;       /* clock ticks after boot; 0 unknown */
};

/* This process. */
void owner_self(struct owner *o);

/*
 * Whether o's process still runs: 1 when a process with its pid exists
 * and (where /proc tells) started when o says; 0 when it is gone.
 */
int owner_alive(const struct owner *o);

/* "sysindex-owner PID START" as one line (with its newline); parse: 0 or -1. */
int owner_format(const struct owner *o, char *out, size_t len);
int owner_parse(const char *line, struct owner *o);

/* The start time of process pid from /proc/PID/stat; 0 unknown. */
unsigned long long owner_start_of(long pid);

#endif
