/* sysinfo.h: the machine facts for the report header. */
#ifndef SYSINDEX_SYSINFO_H
#define SYSINDEX_SYSINFO_H

#include <stdio.h>

#include "sysinfo/cpulimits.h"
#include "sysinfo/hostid.h"
#include "sysinfo/hoststate.h"
#include "sysinfo/mountinfo.h"

struct cpu_info {
	char model[128];
	double bogomips;
	char flags[256];        /* UnixBench's labels, comma-separated */
};

struct sys_info {
	char hostname[128];
	char os[128];           /* uname -o (else uname -s) */
	char system[128];       /* os, or the first line of /etc/SuSE-release or /etc/release */
	char distribution[128]; /* os-release PRETTY_NAME (sysindex's extra line) */
	char os_release[128], os_version[256];
	char machine[64], platform[64];
	char language[160];     /* "en_US.utf8 (charmap=..., collate=...)" */
	char locale[64];        /* the LANG the tests ran with */
	unsigned ncpus;         /* online CPUs */
	struct cpu_limits limits; /* the CPUs this process may use: the default copy count */
	struct host_state state;  /* governor, boost, SMT, ... (hoststate.h) */
	int brief;              /* -b: /proc/cpuinfo not read, no CPU lines */
	struct cpu_info *cpus;
	size_t ncpu_info;
	char uptime[160];       /* uptime-like line with load averages */
	unsigned long long mem_total_kb;
	double timer_res_ns;    /* clock_getres(CLOCK_MONOTONIC) */
	char cc_version[160];
	char bench_cflags[160];
	struct host_identity host;  /* machine-id hash, virtualisation, CPU, kernel */
	/* The test directory and its mount. */
	char testdir[4096];
	int have_mount;
	struct mount_entry mount;
	struct device_info device;
};

/* Fill si (CPU lines skipped when brief); the test dir is filled elsewhere. */
int sysinfo_collect(struct sys_info *si, int brief);
void sysinfo_free(struct sys_info *si);

/*
 * The parsers, on text (so tests feed them samples).  They read what UnixBench
 * reads and name things as its report does.
 */

/*
 * /proc/cpuinfo text into at most max entries (one per "processor"); returns
 * the count.  machine is uname -m: on "aarch64" the model comes from the
 * implementer and part ids ("ARM Neoverse-N1") and the flags line is "CPU
 * Features: <Features>"; elsewhere the model is "model name" with runs of
 * spaces collapsed and the flags are UnixBench's labels for "flags".
 */
int sysinfo_parse_cpuinfo(FILE *f, const char *machine, struct cpu_info *cpus, size_t max);
/* UnixBench's labels for a cpuinfo "flags" value, comma-separated. */
void sysinfo_cpu_flags(const char *flags, char *out, size_t outlen);
/* "ARM Neoverse-N1" for "0x41", "0xd0c"; unknown ids as "CPU implementer 0x99"
 * and "<implementer> CPU part 0x123"; part NULL: the implementer alone. */
void sysinfo_arm_model(const char *implementer, const char *part, char *out, size_t len);
/* The runlevel field UnixBench prints: the third word of `who -r` (the date,
 * on Linux); empty when who -r printed nothing. */
void sysinfo_runlevel(const char *who_r, char *out, size_t len);
/* A release file's first non-blank line, trimmed; 0, or -1 (out "") if none. */
int sysinfo_first_line(FILE *f, char *out, size_t len);
/* os-release text's PRETTY_NAME (else NAME), unquoted; 0 or -1. */
int sysinfo_os_release(FILE *f, char *out, size_t len);

/* en_US.utf8, else C.UTF-8, else C: the first locale that exists here. */
const char *sysinfo_pick_locale(void);
/*
 * UnixBench's Language value for the LANG the tests run with:
 * '<lang> (charmap="<codeset>", collate="<codeset>")', the codeset being the
 * one the C library gives for lang, or for the C locale when lang is not
 * installed (glibc: "ANSI_X3.4-1968"), since that is what the tools then use.
 */
void sysinfo_language(const char *lang, char *out, size_t len);

#endif
