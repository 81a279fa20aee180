/* sysinfo.h: the machine facts for the report header. */
#ifndef SYSINDEX_SYSINFO_H
#define SYSINDEX_SYSINFO_H

#include <stdio.h>

#include "result.h"

/* Fill si (CPU lines skipped when brief); the test dir is filled elsewhere. */
int sysinfo_collect(struct sys_info *si, int brief);
void sysinfo_free(struct sys_info *si);

/* Parse /proc/cpuinfo text into at most max entries; returns the count. */
int sysinfo_parse_cpuinfo(FILE *f, struct cpu_info *cpus, size_t max);
/* UnixBench's labels for a cpuinfo "flags" value, comma-separated. */
void sysinfo_cpu_flags(const char *flags, char *out, size_t outlen);

/* en_US.utf8, else C.UTF-8, else C: the first locale that exists here. */
const char *sysinfo_pick_locale(void);
/* "<lang> (charmap="...", collate="...")" */
void sysinfo_language(const char *lang, char *out, size_t len);

#endif
