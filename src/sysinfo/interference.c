/* interference.c: steal, CPU pressure, preemption and throttling, read around a sample. */
#include "sysinfo/interference.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/util.h"

/* A whole small file into buf (NUL-terminated); -1 with errno on failure. */
static int slurp(const char *root, const char *path, char *buf, size_t len)
{
	char full[4200];
	size_t got = 0;
	int fd;

	if (fmt(full, sizeof(full), "%s%s", root, path) != 0) {
		errno = ENAMETOOLONG;
		return -1;
	}
	fd = open(full, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	while (got + 1 < len) {
		ssize_t n = read(fd, buf + got, len - 1 - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;

			close(fd);
			errno = e;
			return -1;
		}
		if (n == 0)
			break;
		got += (size_t)n;
	}
	buf[got] = '\0';
	close(fd);
	return 0;
}

/* Lines "cpuN user nice system idle iowait irq softirq steal ...". */
int intf_parse_stat(const char *text, unsigned long long *steal, int max, int *ncpu)
{
	const char *p = text;
	int found = 0;

	*ncpu = 0;
	while (p != NULL && *p) {
		if (strncmp(p, "cpu", 3) == 0 && p[3] >= '0' && p[3] <= '9') {
			char *end;
			unsigned long cpu = strtoul(p + 3, &end, 10);
			unsigned long long v[8];
			int k = 0;

			for (; k < 8; k++) {
				char *e2;

				while (*end == ' ')
					end++;
				if (*end < '0' || *end > '9')
					break;
				errno = 0;
				v[k] = strtoull(end, &e2, 10);
				if (errno != 0)
					break;
				end = e2;
			}
			if (k == 8 && cpu < (unsigned long)max) {
				steal[cpu] = v[7];
				if ((int)cpu + 1 > *ncpu)
					*ncpu = (int)cpu + 1;
				found = 1;
			}
		}
		p = strchr(p, '\n');
		if (p != NULL)
			p++;
	}
	return found ? 0 : -1;
}

/* "some avg10=0.00 avg60=0.00 avg300=0.00 total=12345". */
int intf_parse_psi(const char *text, unsigned long long *some_us)
{
	const char *p = text, *t;

	while (p != NULL && *p) {
		if (strncmp(p, "some ", 5) == 0 && (t = strstr(p, " total=")) != NULL) {
			const char *eol = strchr(p, '\n');
			char *end;

			if (eol != NULL && t > eol)
				return -1;
			errno = 0;
			*some_us = strtoull(t + 7, &end, 10);
			return end == t + 7 || errno != 0 || t[7] == '-' ? -1 : 0;
		}
		p = strchr(p, '\n');
		if (p != NULL)
			p++;
	}
	return -1;
}

/* "nr_throttled N" and "throttled_usec N" lines of cgroup v2 cpu.stat. */
int intf_parse_cpustat(const char *text, unsigned long long *nr_throttled,
		       unsigned long long *throttled_us)
{
	const char *p = text;
	int seen = 0;

	while (p != NULL && *p) {
		unsigned long long *dst = NULL;
		size_t skip = 0;

		if (strncmp(p, "nr_throttled ", 13) == 0)
			dst = nr_throttled, skip = 13;
		else if (strncmp(p, "throttled_usec ", 15) == 0)
			dst = throttled_us, skip = 15;
		if (dst != NULL && p[skip] >= '0' && p[skip] <= '9') {
			char *end;

			errno = 0;
			*dst = strtoull(p + skip, &end, 10);
			if (errno == 0)
				seen |= dst == nr_throttled ? 1 : 2;
		}
		p = strchr(p, '\n');
		if (p != NULL)
			p++;
	}
	return seen == 3 ? 0 : -1;
}

/* The "0::" line of /proc/self/cgroup; a path with "..", none. */
int intf_parse_cgroup(const char *text, char *out, size_t len)
{
	const char *p = text;

	while (p != NULL && *p) {
		if (strncmp(p, "0::/", 4) == 0) {
			size_t n = strcspn(p + 3, "\n");

			if (n >= len || memchr(p + 3, '\0', n) != NULL)
				return -1;
			memcpy(out, p + 3, n);
			out[n] = '\0';
			if (strstr(out, "/..") != NULL)
				return -1;
			/* A trailing " (deleted)" means it is gone. */
			return str_ends_with(out, " (deleted)") ? -1 : 0;
		}
		p = strchr(p, '\n');
		if (p != NULL)
			p++;
	}
	return -1;
}

static void because(char *why, size_t len, const char *what, const char *path, int err)
{
	size_t used;

	if (len == 0)
		return;
	used = strlen(why);
	if (used < len)
		fmt(why + used, len - used, "%s%s: %s: %s; left out",
		    used ? "; " : "", what, path, err ? strerror(err) : "no such counter in it");
}

/* A counter this machine does not have, as many do: said, not a fault. */
static void not_available(char *why, size_t len, const char *what, const char *detail)
{
	size_t used;

	if (len == 0)
		return;
	used = strlen(why);
	if (used < len)
		fmt(why + used, len - used, "%s%s: not available (%s)", used ? "; " : "", what,
		    detail);
}

unsigned intf_read(const char *root, struct intf_snap *s, char *why, size_t len)
{
	static char buf[256 * 1024];
	char cg[1024], path[1200];
	unsigned missing = 0;
	int rc = 0;

	memset(s, 0, sizeof(*s));
	if (len)
		why[0] = '\0';
	if (slurp(root, "/proc/stat", buf, sizeof(buf)) != 0)
		because(why, len, "CPU steal", "/proc/stat", errno), missing |= INTF_HAVE_STEAL;
	else if (intf_parse_stat(buf, s->steal, INTF_MAX_CPUS, &s->ncpu) != 0)
		because(why, len, "CPU steal", "/proc/stat", 0), missing |= INTF_HAVE_STEAL;
	if (slurp(root, "/proc/pressure/cpu", buf, sizeof(buf)) != 0)
		because(why, len, "CPU pressure", "/proc/pressure/cpu", errno), missing |= INTF_HAVE_PSI;
	else if (intf_parse_psi(buf, &s->psi_some_us) != 0)
		because(why, len, "CPU pressure", "/proc/pressure/cpu", 0), missing |= INTF_HAVE_PSI;
	if (slurp(root, "/proc/self/cgroup", buf, sizeof(buf)) != 0)
		because(why, len, "cgroup throttling", "/proc/self/cgroup", errno),
			missing |= INTF_HAVE_THROTTLE;
	else if (intf_parse_cgroup(buf, cg, sizeof(cg)) != 0)
		because(why, len, "cgroup throttling", "/proc/self/cgroup (no cgroup v2)", 0),
			missing |= INTF_HAVE_THROTTLE;
	else if (fmt(path, sizeof(path), "/sys/fs/cgroup%s%scpu.stat", cg,
		     str_ends_with(cg, "/") ? "" : "/") != 0)
		because(why, len, "cgroup throttling", "/proc/self/cgroup (path too long)", 0),
			missing |= INTF_HAVE_THROTTLE;
	else if ((rc = slurp(root, path, buf, sizeof(buf))) != 0 && errno == ENOENT)
		not_available(why, len, "cgroup throttling", "no cpu controller in this cgroup"),
			missing |= INTF_HAVE_THROTTLE, s->absent |= INTF_HAVE_THROTTLE;
	else if (rc != 0)
		because(why, len, "cgroup throttling", path, errno), missing |= INTF_HAVE_THROTTLE;
	else if (intf_parse_cpustat(buf, &s->nr_throttled, &s->throttled_us) != 0)
		because(why, len, "cgroup throttling", path, 0), missing |= INTF_HAVE_THROTTLE;
	s->have = (INTF_HAVE_STEAL | INTF_HAVE_PSI | INTF_HAVE_THROTTLE) & ~missing;
	return missing;
}

static unsigned long long up(unsigned long long a, unsigned long long b)
{
	return b >= a ? b - a : 0;   /* a counter never goes back; if it did, nothing */
}

void intf_diff(const struct intf_snap *a, const struct intf_snap *b, double wall,
	       const int *cpus, size_t n, const struct intf_copies *cp,
	       unsigned online, long hz, struct intf_sample *out)
{
	unsigned have = a->have & b->have;

	memset(out, 0, sizeof(*out));
	out->wall = wall > 0 ? wall : 0;
	out->copies = cp->copies;
	if ((have & INTF_HAVE_STEAL) && hz > 0) {
		unsigned long long ticks = 0;
		unsigned char used[INTF_MAX_CPUS] = { 0 };
		int ncpu = a->ncpu < b->ncpu ? a->ncpu : b->ncpu;

		for (size_t i = 0; i < n; i++)
			if (cpus[i] >= 0 && cpus[i] < ncpu)
				used[cpus[i]] = 1;
		for (int c = 0; c < ncpu; c++)
			if (n == 0 || used[c]) {
				ticks += up(a->steal[c], b->steal[c]);
				out->ncpus++;
			}
		out->steal = (double)ticks / (double)hz;
		if (out->ncpus == 0)
			have &= ~(unsigned)INTF_HAVE_STEAL;
	}
	if (have & INTF_HAVE_PSI)
		out->psi_some = (double)up(a->psi_some_us, b->psi_some_us) / 1e6;
	if (have & INTF_HAVE_THROTTLE) {
		out->throttled = (double)up(a->throttled_us, b->throttled_us) / 1e6;
		out->nr_throttled = up(a->nr_throttled, b->nr_throttled);
	}
	have &= INTF_HAVE_STEAL | INTF_HAVE_PSI | INTF_HAVE_THROTTLE;
	if (cp->copies > 0 && cp->have_ivcsw) {
		have |= INTF_HAVE_IVCSW;
		out->ivcsw = cp->ivcsw;
	}
	if (cp->copies > 0 && cp->have_delay) {
		have |= INTF_HAVE_DELAY;
		out->run_delay = cp->run_delay;
	}
	out->have = have;
	out->flags = intf_flags(out, online);
}

unsigned intf_flags(const struct intf_sample *s, unsigned online)
{
	unsigned f = 0;

	if (s->wall <= 0)
		return 0;
	if ((s->have & INTF_HAVE_STEAL) && s->ncpus > 0 &&
	    s->steal >= INTF_STEAL_SHARE * s->wall * s->ncpus)
		f |= INTF_STEAL;
	/*
	 * Contended: the copies waited for a CPU for a share of their time
	 * (schedstat); without it, they were preempted often and tasks waited
	 * for a CPU for a share of the sample (PSI): both, as the methodology
	 * says; switches alone (no PSI) flag nothing, since a copy's own I/O or
	 * timer wakeups switch it too.  Copies that outnumber the CPUs contend
	 * with each other: that is the test.
	 */
	if (s->copies > 0 && (online == 0 || s->copies <= online)) {
		if (s->have & INTF_HAVE_DELAY) {
			if (s->run_delay >= INTF_DELAY_SHARE * s->wall * s->copies)
				f |= INTF_CONTENDED;
		} else if ((s->have & INTF_HAVE_IVCSW) && (s->have & INTF_HAVE_PSI) &&
			   (double)s->ivcsw >= INTF_IVCSW_RATE * s->wall * s->copies &&
			   s->psi_some >= INTF_PSI_SHARE * s->wall) {
			f |= INTF_CONTENDED;
		}
	}
	if ((s->have & INTF_HAVE_THROTTLE) && s->nr_throttled > 0 &&
	    s->throttled >= INTF_THROTTLE_SHARE * s->wall)
		f |= INTF_THROTTLED;
	return f;
}

const char *intf_flag_names(unsigned flags, char *out, size_t len)
{
	static const char *const names[] = { "steal", "contended", "throttled" };
	size_t used = 0;

	if (len)
		out[0] = '\0';
	for (unsigned i = 0; i < 3; i++)
		if ((flags & (1u << i)) && used < len)
			used += (size_t)snprintf(out + used, len - used, "%s%s",
						 used ? "," : "", names[i]);
	return out;
}

void intf_add(struct intf_total *t, const struct intf_sample *s)
{
	if (s->have == 0)
		return;
	t->have |= s->have;
	t->samples++;
	t->wall += s->wall;
	t->cpu_time += s->wall * s->ncpus;
	t->steal += s->steal;
	t->psi_some += s->psi_some;
	t->throttled += s->throttled;
	t->ivcsw += s->ivcsw;
	t->run_delay += s->run_delay;
	t->copy_seconds += s->wall * s->copies;
	for (unsigned i = 0; i < 3; i++)
		if (s->flags & (1u << i))
			t->flagged[i]++;
}

/* Share i of n of a count: the remainder goes one each to the first shares. */
static unsigned long long count_share(unsigned long long v, size_t i, size_t n)
{
	return v / n + (i < v % n);
}

void intf_share(const struct intf_sample *s, size_t i, size_t n, struct intf_sample *out)
{
	double k = (double)(n ? n : 1);

	*out = *s;
	if (n <= 1 || s->have == 0)
		return;
	out->wall = s->wall / k;
	out->steal = s->steal / k;
	out->psi_some = s->psi_some / k;
	out->run_delay = s->run_delay / k;
	out->throttled = s->throttled / k;
	out->ivcsw = count_share(s->ivcsw, i, n);
	out->nr_throttled = count_share(s->nr_throttled, i, n);
}
