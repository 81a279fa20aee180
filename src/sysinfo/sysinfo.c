/* sysinfo.c: what the report header says about the machine. */
#include "sysinfo/sysinfo.h"

#include <langinfo.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
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

int sysinfo_parse_cpuinfo(FILE *f, struct cpu_info *cpus, size_t max)
{
	char line[4096];
	size_t n = 0;
	int in_cpu = 0;

	while (fgets(line, sizeof(line), f) != NULL) {
		char *colon = strchr(line, ':'), *val;
		struct cpu_info *c;

		if (strncmp(line, "processor", 9) == 0 && colon != NULL) {
			if (n == max)
				break;
			memset(&cpus[n], 0, sizeof(cpus[n]));
			n++;
			in_cpu = 1;
			continue;
		}
		if (!in_cpu || colon == NULL)
			continue;
		c = &cpus[n - 1];
		val = colon + 1;
		while (*val == ' ' || *val == '\t')
			val++;
		trim(val);
		if (strncmp(line, "model name", 10) == 0)
			fmt(c->model, sizeof(c->model), "%s", val);
		else if (strncasecmp(line, "bogomips", 8) == 0)
			c->bogomips = atof(val);
		else if (strncmp(line, "flags", 5) == 0)
			sysinfo_cpu_flags(val, c->flags, sizeof(c->flags));
		else if (strncmp(line, "Features", 8) == 0 && !c->flags[0])
			fmt(c->flags, sizeof(c->flags), "%.200s", val);
		else if (strncmp(line, "CPU part", 8) == 0 && !c->model[0])
			fmt(c->model, sizeof(c->model), "ARM CPU part %s", val);
	}
	return (int)n;
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
	char up[160] = "", rl[64] = "", *field;
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
	/* runlevel: the number after "run-level" in `who -r`; empty where there is
	 * none (containers), as in UnixBench's own published sample header. */
	field = strtok(rl, " ");
	if (field != NULL)
		field = strtok(NULL, " ");
	/* uptime(1) starts with a space; UnixBench's header shows it without. */
	fmt(out, len, "%s; runlevel %s", up + strspn(up, " "), field ? field : "");
}

void sysinfo_language(const char *lang, char *out, size_t len)
{
	char charmap[64] = "unknown", collate[64] = "unknown";
	locale_t loc = newlocale(LC_ALL_MASK, lang, (locale_t)0);

	/* Not installed: the tools run in the C locale, as UnixBench's header shows. */
	if (loc == (locale_t)0)
		loc = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	if (loc != (locale_t)0) {
		fmt(charmap, sizeof(charmap), "%s", nl_langinfo_l(CODESET, loc));
		freelocale(loc);
		fmt(collate, sizeof(collate), "%s", charmap);
	}
	fmt(out, len, "%s (charmap=\"%s\", collate=\"%s\")", lang, charmap, collate);
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
		if (sysinfo_parse_cpuinfo(f, &cpu0, 1) < 1)
			cpu0.model[0] = '\0';
		fclose(f);
	}
	hostid_collect(&si->host, cpu0.model, si->os_release);
}

int sysinfo_collect(struct sys_info *si, int brief)
{
	struct utsname u;
	struct timespec res;
	FILE *f;
	long n;

	memset(si, 0, sizeof(*si));
	if (gethostname(si->hostname, sizeof(si->hostname) - 1) != 0)
		fmt(si->hostname, sizeof(si->hostname), "localhost");
	if (uname(&u) == 0) {
		fmt(si->os_release, sizeof(si->os_release), "%s", u.release);
		fmt(si->os_version, sizeof(si->os_version), "%s", u.version);
		fmt(si->machine, sizeof(si->machine), "%s", u.machine);
	}
	read_first_line("uname -o 2>/dev/null", si->system, sizeof(si->system));
	if (!si->system[0])
		fmt(si->system, sizeof(si->system), "%s", u.sysname);
	read_first_line("uname -i 2>/dev/null", si->platform, sizeof(si->platform));
	if (!si->platform[0])
		fmt(si->platform, sizeof(si->platform), "unknown");
	n = sysconf(_SC_NPROCESSORS_ONLN);
	si->ncpus = n > 0 ? (unsigned)n : 1;
	if (!brief && (f = fopen("/proc/cpuinfo", "r")) != NULL) {
		si->cpus = calloc(si->ncpus + 64, sizeof(*si->cpus));
		if (si->cpus != NULL)
			si->ncpu_info = (size_t)sysinfo_parse_cpuinfo(f, si->cpus, si->ncpus + 64);
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
