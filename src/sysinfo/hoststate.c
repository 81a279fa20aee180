/* hoststate.c: the host-state table and its parsers (hoststate.h). */
#include "sysinfo/hoststate.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sysinfo/cpulimits.h"
#include "sysinfo/rootfile.h"
#include "util/util.h"

#define HS_PATH_MAX 4096
#define HS_MAX_DISTINCT 16      /* distinct values summarised; more are "..." */
#define HS_MAX_ENTRIES 1024     /* policies or vulnerability files read */

/* Distinct values and how many times each came, in order of first sight. */
struct tally {
	char value[HS_MAX_DISTINCT][128];
	unsigned count[HS_MAX_DISTINCT];
	size_t n;
	unsigned total, other;
};

static void tally_add(struct tally *t, const char *v)
{
	t->total++;
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->value[i], v) == 0) {
			t->count[i]++;
			return;
		}
	if (t->n == HS_MAX_DISTINCT) {
		t->other++;
		return;
	}
	fmt(t->value[t->n], sizeof(t->value[0]), "%s", v);
	t->count[t->n++] = 1;
}

/* "performance" when all agree, else "performance (3 of 4 what), powersave (1 of 4)". */
static int tally_text(const struct tally *t, const char *what, char *out, size_t len)
{
	size_t used = 0;

	out[0] = '\0';
	if (t->total == 0)
		return -1;
	if (t->n == 1 && t->other == 0) {
		fmt(out, len, "%s", t->value[0]);
		return 0;
	}
	for (size_t i = 0; i < t->n && used < len; i++) {
		int k = snprintf(out + used, len - used, "%s%s (%u of %u%s%s)", i ? ", " : "",
				 t->value[i], t->count[i], t->total, i ? "" : " ", i ? "" : what);

		if (k < 0)
			break;
		used += (size_t)k;
	}
	if (t->other > 0 && used < len)
		snprintf(out + used, len - used, ", %u other", t->other);
	return 0;
}

/* Names in dir (under root) starting with prefix, sorted (numbers by value); the count. */
static size_t list_dir(const char *root, const char *dir, const char *prefix,
		       char (*names)[64], size_t max)
{
	char full[HS_PATH_MAX];
	struct dirent *e;
	DIR *d;
	size_t n = 0, pl = strlen(prefix);

	if (fmt(full, sizeof(full), "%s%s", root, dir) != 0 || (d = opendir(full)) == NULL)
		return 0;
	while ((e = readdir(d)) != NULL && n < max) {
		if (e->d_name[0] == '.' || strncmp(e->d_name, prefix, pl) != 0 ||
		    strlen(e->d_name) >= sizeof(names[0]))
			continue;
		fmt(names[n++], sizeof(names[0]), "%s", e->d_name);
	}
	closedir(d);
	/* "policy10" after "policy9": shorter names first, then by bytes. */
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0; j--) {
			size_t a = strlen(names[j - 1]), b = strlen(names[j]);
			char tmp[64];

			if (a < b || (a == b && strcmp(names[j - 1], names[j]) <= 0))
				break;
			memcpy(tmp, names[j], sizeof(tmp));
			memcpy(names[j], names[j - 1], sizeof(tmp));
			memcpy(names[j - 1], tmp, sizeof(tmp));
		}
	return n;
}

/* One cpufreq file of every policy, summarised. */
static int per_policy(const char *root, const char *file, char *out, size_t len)
{
	static const char dir[] = "/sys/devices/system/cpu/cpufreq";
	char (*names)[64] = calloc(HS_MAX_ENTRIES, sizeof(*names));
	struct tally t;
	size_t n;

	if (names == NULL)
		return -1;
	memset(&t, 0, sizeof(t));
	n = list_dir(root, dir, "policy", names, HS_MAX_ENTRIES);
	for (size_t i = 0; i < n; i++) {
		char path[HS_PATH_MAX], v[128];

		if (fmt(path, sizeof(path), "%s/%s/%s", dir, names[i], file) == 0 &&
		    rootfile_line(root, path, v, sizeof(v)) == 0 && v[0])
			tally_add(&t, v);
	}
	free(names);
	return tally_text(&t, "policies", out, len);
}

static int read_governor(const char *root, char *out, size_t len)
{
	return per_policy(root, "scaling_governor", out, len);
}

static int read_epp(const char *root, char *out, size_t len)
{
	return per_policy(root, "energy_performance_preference", out, len);
}

/* cpufreq/boost (1 on), else intel_pstate/no_turbo (0 on). */
static int read_boost(const char *root, char *out, size_t len)
{
	char v[32];

	if (rootfile_line(root, "/sys/devices/system/cpu/cpufreq/boost", v, sizeof(v)) == 0 &&
	    (strcmp(v, "0") == 0 || strcmp(v, "1") == 0))
		return fmt(out, len, "%s (cpufreq boost)", v[0] == '1' ? "on" : "off");
	if (rootfile_line(root, "/sys/devices/system/cpu/intel_pstate/no_turbo", v, sizeof(v)) == 0 &&
	    (strcmp(v, "0") == 0 || strcmp(v, "1") == 0))
		return fmt(out, len, "%s (intel_pstate no_turbo %s)", v[0] == '0' ? "on" : "off", v);
	return -1;
}

/* smt/control's word ("on", "off", "forceoff", "notsupported"), with smt/active. */
static int read_smt(const char *root, char *out, size_t len)
{
	char control[64], active[16];
	int have_c = rootfile_line(root, "/sys/devices/system/cpu/smt/control", control,
			       sizeof(control)) == 0 && control[0];
	int have_a = rootfile_line(root, "/sys/devices/system/cpu/smt/active", active,
			       sizeof(active)) == 0 &&
		     (strcmp(active, "0") == 0 || strcmp(active, "1") == 0);
	const char *act = have_a ? (active[0] == '1' ? "active" : "inactive") : "";

	if (have_c && have_a)
		return fmt(out, len, "%s (%s)", control, act);
	if (have_c)
		return fmt(out, len, "%s", control);
	if (have_a)
		return fmt(out, len, "%s", act);
	return -1;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(a, b);
}

/*
 * vulnerabilities/<name>: "2 vulnerable (mds, spectre_v1), 9 mitigated, 7 not
 * affected", in that order, the vulnerable and unknown ones named.
 */
static int read_mitigations(const char *root, char *out, size_t len)
{
	static const char dir[] = "/sys/devices/system/cpu/vulnerabilities";
	static const char *const kinds[] = { "vulnerable", "unknown", "mitigated", "not affected" };
	char (*names)[64] = calloc(HS_MAX_ENTRIES, sizeof(*names));
	unsigned count[4] = { 0, 0, 0, 0 };
	char named[2][512] = { "", "" };
	size_t n, used = 0;

	if (names == NULL)
		return -1;
	n = list_dir(root, dir, "", names, HS_MAX_ENTRIES);
	/* list_dir sorts by length first; these are shown by name. */
	qsort(names, n, sizeof(names[0]), by_name);
	for (size_t i = 0; i < n; i++) {
		char path[HS_PATH_MAX], v[512];
		const char *s = v;
		int k;

		if (fmt(path, sizeof(path), "%s/%s", dir, names[i]) != 0 ||
		    rootfile_line(root, path, v, sizeof(v)) != 0 || !v[0])
			continue;
		if (strncmp(s, "KVM: ", 5) == 0)
			s += 5;
		k = strncmp(s, "Not affected", 12) == 0 ? 3
		  : strncmp(s, "Mitigation", 10) == 0 ? 2
		  : strncmp(s, "Vulnerable", 10) == 0 ? 0 : 1;
		count[k]++;
		if (k < 2) {
			size_t l = strlen(named[k]);

			fmt(named[k] + l, sizeof(named[k]) - l, "%s%s", l ? ", " : "", names[i]);
		}
	}
	free(names);
	out[0] = '\0';
	if (count[0] + count[1] + count[2] + count[3] == 0)
		return -1;
	for (int k = 0; k < 4 && used < len; k++) {
		int w;

		if (count[k] == 0)
			continue;
		w = snprintf(out + used, len - used, "%s%u %s", used ? ", " : "", count[k], kinds[k]);
		if (w < 0)
			break;
		used += (size_t)w;
		if (k < 2 && used < len && (w = snprintf(out + used, len - used, " (%s)",
							 named[k])) > 0)
			used += (size_t)w;
	}
	return 0;
}

/* /proc/cpuinfo's "microcode : 0xf0" of every CPU, summarised. */
static int read_microcode(const char *root, char *out, size_t len)
{
	char full[HS_PATH_MAX], line[512];
	struct tally t;
	FILE *f;

	if (fmt(full, sizeof(full), "%s/proc/cpuinfo", root) != 0 || (f = fopen(full, "r")) == NULL)
		return -1;
	memset(&t, 0, sizeof(t));
	while (fgets(line, sizeof(line), f) != NULL) {
		char *colon, *v;
		size_t n;

		if (strncmp(line, "microcode", 9) != 0 || (colon = strchr(line, ':')) == NULL ||
		    line[9 + strspn(line + 9, " \t")] != ':')
			continue;
		v = colon + 1 + strspn(colon + 1, " \t");
		n = strcspn(v, "\n");
		while (n > 0 && (v[n - 1] == ' ' || v[n - 1] == '\t'))
			n--;
		v[n] = '\0';
		strip_controls(v);
		if (*v)
			tally_add(&t, v);
	}
	fclose(f);
	return tally_text(&t, "CPUs", out, len);
}

/* transparent_hugepage/enabled: the bracketed word of "always [madvise] never". */
static int read_thp(const char *root, char *out, size_t len)
{
	char v[256];
	const char *open, *close;

	if (rootfile_line(root, "/sys/kernel/mm/transparent_hugepage/enabled", v, sizeof(v)) != 0 ||
	    (open = strchr(v, '[')) == NULL || (close = strchr(open, ']')) == NULL ||
	    close == open + 1)
		return -1;
	return fmt(out, len, "%.*s", (int)(close - open - 1), open + 1);
}

/* node/online: "0-1 (2 nodes)". */
static int read_numa(const char *root, char *out, size_t len)
{
	char v[256];
	int n;

	if (rootfile_line(root, "/sys/devices/system/node/online", v, sizeof(v)) != 0 ||
	    (n = cpulist_count(v)) <= 0)
		return -1;
	return fmt(out, len, "%s (%d node%s)", v, n, n == 1 ? "" : "s");
}

static int read_clocksource(const char *root, char *out, size_t len)
{
	if (rootfile_line(root, "/sys/devices/system/clocksource/clocksource0/current_clocksource",
		      out, len) != 0 || !out[0])
		return -1;
	return 0;
}

/* /proc/cmdline: hostile text (controls replaced); "(empty)" when empty. */
static int read_cmdline(const char *root, char *out, size_t len)
{
	if (rootfile_line(root, "/proc/cmdline", out, len) != 0)
		return -1;
	if (!out[0])
		fmt(out, len, "(empty)");
	return 0;
}

const struct hs_row hoststate_rows[HS_COUNT] = {
	[HS_GOVERNOR] = { "governor", "CPU frequency governor",
			  "/sys/devices/system/cpu/cpufreq/policy*/scaling_governor",
			  read_governor },
	[HS_EPP] = { "energy_performance_preference", "Energy performance preference",
		     "/sys/devices/system/cpu/cpufreq/policy*/energy_performance_preference",
		     read_epp },
	[HS_BOOST] = { "boost", "Boost",
		       "/sys/devices/system/cpu/cpufreq/boost, "
		       "/sys/devices/system/cpu/intel_pstate/no_turbo", read_boost },
	[HS_SMT] = { "smt", "SMT", "/sys/devices/system/cpu/smt/control, .../smt/active",
		     read_smt },
	[HS_MITIGATIONS] = { "mitigations", "CPU vulnerabilities",
			     "/sys/devices/system/cpu/vulnerabilities/*", read_mitigations },
	[HS_MICROCODE] = { "microcode", "Microcode", "/proc/cpuinfo (microcode)",
			   read_microcode },
	[HS_THP] = { "transparent_hugepages", "Transparent huge pages",
		     "/sys/kernel/mm/transparent_hugepage/enabled", read_thp },
	[HS_NUMA] = { "numa_nodes", "NUMA nodes", "/sys/devices/system/node/online", read_numa },
	[HS_CLOCKSOURCE] = { "clocksource", "Clock source",
			     "/sys/devices/system/clocksource/clocksource0/current_clocksource",
			     read_clocksource },
	[HS_CMDLINE] = { "kernel_cmdline", "Kernel command line", "/proc/cmdline", read_cmdline },
};

void hoststate_read(const char *root, struct host_state *hs)
{
	memset(hs, 0, sizeof(*hs));
	hs->read = 1;
	for (int i = 0; i < HS_COUNT; i++) {
		hs->have[i] = hoststate_rows[i].read(root, hs->value[i], sizeof(hs->value[i])) == 0;
		if (!hs->have[i])
			hs->value[i][0] = '\0';
	}
}

void hoststate_missing(const struct host_state *hs, char *out, size_t len)
{
	size_t used = 0;

	out[0] = '\0';
	for (int i = 0; i < HS_COUNT && used < len; i++) {
		int k;

		if (hs->have[i])
			continue;
		k = snprintf(out + used, len - used, "%s%s", used ? ", " : "",
			     hoststate_rows[i].name);
		if (k < 0)
			break;
		used += (size_t)k;
	}
}

int hoststate_by_label(const char *label, size_t n)
{
	for (int i = 0; i < HS_COUNT; i++)
		if (strlen(hoststate_rows[i].label) == n &&
		    strncmp(hoststate_rows[i].label, label, n) == 0)
			return i;
	return -1;
}
