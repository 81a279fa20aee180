/*
 * hoststate.h: the host's settings that decide results and that no score
 * shows: the CPU frequency governor and energy preference, boost, SMT, the
 * CPU vulnerability mitigations, microcode, transparent huge pages, NUMA
 * nodes, the clock source and the kernel command line.
 *
 * One table (hoststate_rows): each row's name (the JSON key and the word in
 * "not readable here: ..."), its header label, the files it reads and its
 * parser.  The reader, every writer, the text report's reader and compare's
 * warning all walk this table.  The reader takes a root directory prefix
 * ("" for the machine) so the unit tests read fixture trees of /proc and
 * /sys (tests/data/hoststate/).
 */
#ifndef SYSINDEX_HOSTSTATE_H
#define SYSINDEX_HOSTSTATE_H

#include <stddef.h>

#define HS_VALUE_MAX 1024

enum hs_field {
	HS_GOVERNOR, HS_EPP, HS_BOOST, HS_SMT, HS_MITIGATIONS, HS_MICROCODE, HS_THP,
	HS_NUMA, HS_CLOCKSOURCE, HS_CMDLINE, HS_COUNT
};

struct hs_row {
	const char *name;       /* "governor": JSON key and the "not readable" word */
	const char *label;      /* "CPU frequency governor": the header line's label */
	const char *files;      /* what it reads (documentation) */
	/* The value read under root into out: 0, or -1 when not readable. */
	int (*read)(const char *root, char *out, size_t len);
};
extern const struct hs_row hoststate_rows[HS_COUNT];

struct host_state {
	int read;                       /* hoststate_read ran (0: nothing to report) */
	int have[HS_COUNT];             /* 1: value[] was read */
	char value[HS_COUNT][HS_VALUE_MAX]; /* one line, no control characters */
};

/* Every row read under root ("" for the machine). */
void hoststate_read(const char *root, struct host_state *hs);

/* "governor, boost": the names of the rows not read, comma-separated; "" if none. */
void hoststate_missing(const struct host_state *hs, char *out, size_t len);

/* The row whose label is label (exactly), or -1. */
int hoststate_by_label(const char *label, size_t n);

#endif
