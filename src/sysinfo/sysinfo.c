/* sysinfo.c: what the report header says about the machine. */
#include "sysinfo/sysinfo.h"

#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "buildinfo.h"
#include "util/util.h"

/* UnixBench's /proc/cpuinfo flag labels, in alphabetical order of the flag. */
static const struct { const char *flag, *label; } flag_labels[] = {
	{ "cxmmx", "Cyrix MMX" },
	{ "ht", "Hyper-Threading" },
	{ "ia64", "IA-64 processor" },
	{ "lm", "x86-64" },
	{ "mmx", "MMX" },
	{ "mmxext", "AMD MMX" },
	{ "pae", "Physical Address Ext" },
	{ "sep", "SYSENTER/SYSEXIT" },
	{ "svm", "AMD virtualization" },
	{ "syscall", "SYSCALL/SYSRET" },
	{ "vmx", "Intel virtualization" },
	{ "xmm", "Streaming SIMD" },
	{ "xmm2", "Streaming SIMD-2" },
	{ "xmm3", "Streaming SIMD-3" },
};

static void trim(char *s)
{
	size_t n = strlen(s);

	while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = '\0';
}

static int has_word(const char *list, const char *word)
{
	size_t wl = strlen(word);

	for (const char *p = list; (p = strstr(p, word)) != NULL; p += wl)
		if ((p == list || p[-1] == ' ' || p[-1] == '\t') &&
		    (p[wl] == '\0' || p[wl] == ' ' || p[wl] == '\n'))
			return 1;
	return 0;
}

void sysinfo_cpu_flags(const char *flags, char *out, size_t outlen)
{
	size_t used = 0;

	out[0] = '\0';
	for (size_t i = 0; i < sizeof(flag_labels) / sizeof(flag_labels[0]); i++) {
		int n;

		if (!has_word(flags, flag_labels[i].flag))
			continue;
		n = snprintf(out + used, outlen - used, "%s%s", used ? ", " : "",
			     flag_labels[i].label);
		if (n < 0 || (size_t)n >= outlen - used)
			break;
		used += (size_t)n;
	}
}

/* ---- ARM parts: implementer and part ids as the kernel prints them ---- */

struct arm_part {
	unsigned impl, part;
	const char *name;
};

static const struct { unsigned id; const char *name; } arm_implementers[] = {
	{ 0x41, "ARM" }, { 0x42, "Broadcom" }, { 0x43, "Cavium" }, { 0x46, "FUJITSU" },
	{ 0x48, "HiSilicon" }, { 0x4e, "NVIDIA" }, { 0x50, "APM" }, { 0x51, "Qualcomm" },
	{ 0x61, "Apple" }, { 0x6d, "Microsoft" }, { 0xc0, "Ampere" },
};

/* The common server and desktop parts; the names UnixBench prints. */
static const struct arm_part arm_parts[] = {
	{ 0x41, 0xd03, "Cortex-A53" }, { 0x41, 0xd04, "Cortex-A35" },
	{ 0x41, 0xd05, "Cortex-A55" }, { 0x41, 0xd07, "Cortex-A57" },
	{ 0x41, 0xd08, "Cortex-A72" }, { 0x41, 0xd09, "Cortex-A73" },
	{ 0x41, 0xd0a, "Cortex-A75" }, { 0x41, 0xd0b, "Cortex-A76" },
	{ 0x41, 0xd0c, "Neoverse-N1" }, { 0x41, 0xd0d, "Cortex-A77" },
	{ 0x41, 0xd40, "Neoverse-V1" }, { 0x41, 0xd41, "Cortex-A78" },
	{ 0x41, 0xd44, "Cortex-X1" }, { 0x41, 0xd46, "Cortex-A510" },
	{ 0x41, 0xd47, "Cortex-A710" }, { 0x41, 0xd48, "Cortex-X2" },
	{ 0x41, 0xd49, "Neoverse-N2" }, { 0x41, 0xd4d, "Cortex-A715" },
	{ 0x41, 0xd4e, "Cortex-X3" }, { 0x41, 0xd4f, "Neoverse-V2" },
	{ 0x41, 0xd80, "Cortex-A520" }, { 0x41, 0xd81, "Cortex-A720" },
	{ 0x41, 0xd82, "Cortex-X4" }, { 0x41, 0xd84, "Neoverse-V3" },
	{ 0x41, 0xd8e, "Neoverse-N3" },
	{ 0x61, 0x022, "Icestorm-M1" }, { 0x61, 0x023, "Firestorm-M1" },
	{ 0x61, 0x032, "Blizzard-M2" }, { 0x61, 0x033, "Avalanche-M2" },
	{ 0xc0, 0xac3, "Ampere-1" }, { 0xc0, 0xac4, "Ampere-1a" },
	{ 0x6d, 0xd49, "Azure-Cobalt-100" },
	{ 0x43, 0x0af, "ThunderX2" }, { 0x48, 0xd01, "TaiShan-v110" },
	{ 0x46, 0x001, "A64FX" }, { 0x50, 0x000, "X-Gene" },
};

/* "0x41" as the kernel prints ids; -1 if it is not one. */
static long hex_id(const char *s)
{
	char *end;
	long v;

	if (strncmp(s, "0x", 2) != 0 || s[2] == '\0')
		return -1;
	v = strtol(s + 2, &end, 16);
	return *end == '\0' && v >= 0 ? v : -1;
}

void sysinfo_arm_model(const char *implementer, const char *part, char *out, size_t len)
{
	long impl = hex_id(implementer), id = part != NULL ? hex_id(part) : -1;
	const char *iname = NULL, *pname = NULL;

	for (size_t i = 0; i < sizeof(arm_implementers) / sizeof(arm_implementers[0]); i++)
		if (impl >= 0 && arm_implementers[i].id == (unsigned)impl)
			iname = arm_implementers[i].name;
	for (size_t i = 0; i < sizeof(arm_parts) / sizeof(arm_parts[0]); i++)
		if (iname != NULL && id >= 0 && arm_parts[i].impl == (unsigned)impl &&
		    arm_parts[i].part == (unsigned)id)
			pname = arm_parts[i].name;
	/* Unknown ids are named by their field, as UnixBench does. */
	if (iname == NULL)
		fmt(out, len, "CPU implementer %s", implementer);
	else
		fmt(out, len, "%s", iname);
	if (part == NULL)
		return;
	if (pname != NULL)
		fmt(out + strlen(out), len - strlen(out), " %s", pname);
	else
		fmt(out + strlen(out), len - strlen(out), " CPU part %s", part);
}

/* Runs of two or more spaces become one ("Intel(R) Xeon(R) CPU   E5"). */
static void collapse_spaces(char *s)
{
	char *w = s;

	for (const char *r = s; *r; r++)
		if (!(*r == ' ' && r[1] == ' '))
			*w++ = *r;
	*w = '\0';
}

/* "field<spaces>:<spaces>value": both trimmed, 0; -1 if either is empty. */
static int split_field(char *line, char **field, char **val)
{
	char *colon = strchr(line, ':'), *e;

	if (colon == NULL)
		return -1;
	*colon = '\0';
	for (e = colon; e > line && (e[-1] == ' ' || e[-1] == '\t'); e--)
		e[-1] = '\0';
	*val = colon + 1;
	*val += strspn(*val, " \t");
	trim(*val);
	*field = line;
	return **field && **val ? 0 : -1;
}

int sysinfo_parse_cpuinfo(FILE *f, const char *machine, struct cpu_info *cpus, size_t max)
{
	int arm = machine != NULL && strcmp(machine, "aarch64") == 0;
	char line[4096], impl[64] = "";
	size_t n = 0;

	while (fgets(line, sizeof(line), f) != NULL) {
		char *field, *val;
		struct cpu_info *c;

		if (split_field(line, &field, &val) != 0)
			continue;
		if (strcmp(field, "processor") == 0) {
			if (n == max)
				break;
			memset(&cpus[n++], 0, sizeof(cpus[0]));
			continue;
		}
		if (n == 0)
			continue;
		c = &cpus[n - 1];
		if (arm) {
			/* The implementer is remembered across CPUs, as in UnixBench. */
			if (strcmp(field, "CPU implementer") == 0) {
				collapse_spaces(val);
				fmt(impl, sizeof(impl), "%s", val);
				sysinfo_arm_model(impl, NULL, c->model, sizeof(c->model));
			} else if (strcmp(field, "CPU part") == 0 && impl[0]) {
				sysinfo_arm_model(impl, val, c->model, sizeof(c->model));
			} else if (strcmp(field, "BogoMIPS") == 0) {
				c->bogomips = atof(val);
			} else if (strcmp(field, "Features") == 0) {
				fmt(c->flags, sizeof(c->flags), "CPU Features: %s", val);
			}
		} else if (strcmp(field, "model name") == 0) {
			collapse_spaces(val);
			fmt(c->model, sizeof(c->model), "%s", val);
		} else if (strcmp(field, "bogomips") == 0 || strcmp(field, "BogoMIPS") == 0) {
			c->bogomips = atof(val);
		} else if (strcmp(field, "flags") == 0) {
			sysinfo_cpu_flags(val, c->flags, sizeof(c->flags));
		}
	}
	return (int)n;
}

void sysinfo_runlevel(const char *who_r, char *out, size_t len)
{
	const char *p = who_r;
	size_t k = 0;

	out[0] = '\0';
	/* UnixBench prints awk's $3 of `who -r`: past "run-level" and the level
	 * itself that is the date ("run-level 5  2026-11-29 19:52" gives
	 * "2026-11-29"); where who -r prints nothing (containers), nothing. */
	for (int word = 1; *p; word++) {
		p += strspn(p, " \t\n");
		k = strcspn(p, " \t\n");
		if (k == 0)
			return;
		if (word == 3) {
			fmt(out, len, "%.*s", (int)k, p);
			return;
		}
		p += k;
	}
}

int sysinfo_first_line(FILE *f, char *out, size_t len)
{
	char line[512];

	out[0] = '\0';
	while (fgets(line, sizeof(line), f) != NULL) {
		char *s = line + strspn(line, " \t");

		trim(s);
		if (*s) {
			fmt(out, len, "%s", s);
			return 0;
		}
	}
	return -1;
}

int sysinfo_os_release(FILE *f, char *out, size_t len)
{
	char line[512], name[128] = "";

	out[0] = '\0';
	while (fgets(line, sizeof(line), f) != NULL) {
		const char *key[] = { "PRETTY_NAME=", "NAME=" };

		trim(line);
		for (int i = 0; i < 2; i++) {
			size_t kl = strlen(key[i]);
			char *v = line + kl, *w;

			if (strncmp(line, key[i], kl) != 0)
				continue;
			/* A shell-style value: quotes removed, backslash escapes undone. */
			w = v;
			for (const char *r = v; *r; r++) {
				if (*r == '"' || *r == '\'')
					continue;
				if (*r == '\\' && r[1])
					r++;
				*w++ = *r;
			}
			*w = '\0';
			if (i == 0 && *v) {
				fmt(out, len, "%s", v);
				return 0;
			}
			if (i == 1)
				fmt(name, sizeof(name), "%s", v);
		}
	}
	if (!name[0])
		return -1;
	fmt(out, len, "%s", name);
	return 0;
}

static void read_first_line(const char *cmd, char *out, size_t len)
{
	FILE *p = popen(cmd, "r");

	out[0] = '\0';
	if (p == NULL)
		return;
	if (fgets(out, (int)len, p) == NULL)
		out[0] = '\0';
	pclose(p);
	trim(out);
}

/* A line like uptime(1)'s, from /proc when uptime is not installed. */
static void uptime_line(char *out, size_t len)
{
	char up[160] = "", rl[128] = "", level[64];
	FILE *f;

	read_first_line("uptime 2>/dev/null", up, sizeof(up));
	if (!up[0] && (f = fopen("/proc/loadavg", "r")) != NULL) {
		double a = 0, b = 0, c = 0, secs = 0;
		FILE *u = fopen("/proc/uptime", "r");
		time_t now = time(NULL);
		struct tm tm;

		if (fscanf(f, "%lf %lf %lf", &a, &b, &c) != 3)
			a = b = c = 0;
		fclose(f);
		if (u != NULL) {
			if (fscanf(u, "%lf", &secs) != 1)
				secs = 0;
			fclose(u);
		}
		localtime_r(&now, &tm);
		fmt(up, sizeof(up), " %02d:%02d:%02d up %d days, %2d:%02d,  load average: %.2f, %.2f, %.2f",
			 tm.tm_hour, tm.tm_min, tm.tm_sec, (int)(secs / 86400),
			 (int)secs % 86400 / 3600, (int)secs % 3600 / 60, a, b, c);
	}
	read_first_line("who -r 2>/dev/null", rl, sizeof(rl));
	sysinfo_runlevel(rl, level, sizeof(level));
	/* uptime(1) starts with a space; UnixBench's header shows it without. */
	fmt(out, len, "%s; runlevel %s", up + strspn(up, " "), level);
}

void sysinfo_language(const char *lang, char *out, size_t len)
{
	char charmap[64] = "unknown";
	locale_t loc = newlocale(LC_ALL_MASK, lang != NULL ? lang : "", (locale_t)0);
	int missing = loc == (locale_t)0;

	/* A locale that is not installed leaves the tools in the C locale: its
	 * codeset is what they ran with (glibc: "ANSI_X3.4-1968"), which the
	 * line says, lest a UTF-8 name and an ASCII charmap read as one locale. */
	if (missing)
		loc = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	if (loc != (locale_t)0) {
		fmt(charmap, sizeof(charmap), "%s", nl_langinfo_l(CODESET, loc));
		freelocale(loc);
	}
	/* One LANG sets both categories, so the collation codeset is the same. */
	fmt(out, len, "%s (%scharmap=\"%s\", collate=\"%s\")", lang != NULL ? lang : "",
	    missing ? "not installed here, so the tools ran in the C locale: " : "", charmap,
	    charmap);
}

const char *sysinfo_pick_locale(void)
{
	static const char *const wanted[] = { "en_US.utf8", "C.UTF-8", "C" };

	for (size_t i = 0; i < sizeof(wanted) / sizeof(wanted[0]); i++) {
		locale_t l = newlocale(LC_ALL_MASK, wanted[i], (locale_t)0);

		if (l != (locale_t)0) {
			freelocale(l);
			return wanted[i];
		}
	}
	return "C";
}

/* The host identity names CPU 0's model even in brief mode (no CPU lines). */
static void collect_host_identity(struct sys_info *si)
{
	struct cpu_info cpu0;
	FILE *f;

	memset(&cpu0, 0, sizeof(cpu0));
	if (si->ncpu_info > 0)
		cpu0 = si->cpus[0];
	else if ((f = fopen("/proc/cpuinfo", "r")) != NULL) {
		if (sysinfo_parse_cpuinfo(f, si->machine, &cpu0, 1) < 1)
			cpu0.model[0] = '\0';
		fclose(f);
	}
	hostid_collect(&si->host, cpu0.model, si->os_release);
}

int sysinfo_collect(struct sys_info *si, int brief)
{
	static const char *const release_files[] = { "/etc/SuSE-release", "/etc/release" };
	static const char *const os_release_files[] = { "/etc/os-release", "/usr/lib/os-release" };
	struct utsname u;
	struct timespec res;
	FILE *f;
	long n;

	memset(si, 0, sizeof(*si));
	if (gethostname(si->hostname, sizeof(si->hostname) - 1) != 0)
		fmt(si->hostname, sizeof(si->hostname), "localhost");
	strip_controls(si->hostname);   /* a newline would break every report line */
	if (uname(&u) == 0) {
		fmt(si->os_release, sizeof(si->os_release), "%s", u.release);
		fmt(si->os_version, sizeof(si->os_version), "%s", u.version);
		fmt(si->machine, sizeof(si->machine), "%s", u.machine);
	}
	read_first_line("uname -o 2>/dev/null", si->os, sizeof(si->os));
	if (!si->os[0])
		fmt(si->os, sizeof(si->os), "%s", u.sysname);
	/* UnixBench's system name: uname -o, unless a release file says more. */
	fmt(si->system, sizeof(si->system), "%s", si->os);
	for (size_t i = 0; i < sizeof(release_files) / sizeof(release_files[0]); i++)
		if ((f = fopen(release_files[i], "r")) != NULL) {
			sysinfo_first_line(f, si->system, sizeof(si->system));
			fclose(f);
			break;
		}
	for (size_t i = 0; i < sizeof(os_release_files) / sizeof(os_release_files[0]); i++)
		if ((f = fopen(os_release_files[i], "r")) != NULL) {
			int rc = sysinfo_os_release(f, si->distribution, sizeof(si->distribution));

			fclose(f);
			if (rc == 0)
				break;
		}
	read_first_line("uname -i 2>/dev/null", si->platform, sizeof(si->platform));
	if (!si->platform[0])
		fmt(si->platform, sizeof(si->platform), "unknown");
	n = sysconf(_SC_NPROCESSORS_ONLN);
	si->ncpus = n > 0 ? (unsigned)n : 1;
	cpulimits_collect(&si->limits);
	hoststate_read("", &si->state);
	si->brief = brief;
	if (!brief && (f = fopen("/proc/cpuinfo", "r")) != NULL) {
		si->cpus = calloc(si->ncpus + 64, sizeof(*si->cpus));
		if (si->cpus != NULL)
			si->ncpu_info = (size_t)sysinfo_parse_cpuinfo(f, si->machine, si->cpus,
								      si->ncpus + 64);
		fclose(f);
	}
	if ((f = fopen("/proc/meminfo", "r")) != NULL) {
		if (fscanf(f, "MemTotal: %llu kB", &si->mem_total_kb) != 1)
			si->mem_total_kb = 0;
		fclose(f);
	}
	if (clock_getres(CLOCK_MONOTONIC, &res) == 0)
		si->timer_res_ns = (double)res.tv_sec * 1e9 + (double)res.tv_nsec;
	uptime_line(si->uptime, sizeof(si->uptime));
	fmt(si->cc_version, sizeof(si->cc_version), "%s", SYSINDEX_CC_VERSION);
	fmt(si->bench_cflags, sizeof(si->bench_cflags), "%s", SYSINDEX_BENCH_CFLAGS);
	collect_host_identity(si);
	return 0;
}

void sysinfo_free(struct sys_info *si)
{
	free(si->cpus);
	si->cpus = NULL;
	si->ncpu_info = 0;
}
