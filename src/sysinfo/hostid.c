/* hostid.c: machine-id hash and virtualisation type (see hostid.h). */
#include "sysinfo/hostid.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "util/util.h"

int hostid_hash(const char *machine_id, char out[HOSTID_HEX + 1])
{
	const char *p = machine_id, *end;
	uint64_t h = 0xcbf29ce484222325ULL;

	out[0] = '\0';
	if (p == NULL)
		return -1;
	while (isspace((unsigned char)*p))
		p++;
	end = p + strlen(p);
	while (end > p && isspace((unsigned char)end[-1]))
		end--;
	if (end == p)
		return -1;
	for (const char *s = "sysindex:"; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	for (; p < end; p++)
		h = (h ^ (unsigned char)*p) * 0x100000001b3ULL;
	snprintf(out, HOSTID_HEX + 1, "%016llx", (unsigned long long)h);
	return 0;
}

/* DMI vendor or product substrings and systemd-detect-virt's names for them. */
static const struct { const char *needle, *virt; } dmi_virt[] = {
	{ "KVM", "kvm" },            { "QEMU", "qemu" },
	{ "VMware", "vmware" },      { "VirtualBox", "oracle" },
	{ "innotek", "oracle" },     { "Xen", "xen" },
	{ "Amazon EC2", "amazon" },  { "Google Compute Engine", "google" },
	{ "Bochs", "bochs" },        { "Parallels", "parallels" },
	{ "BHYVE", "bhyve" },        { "Virtual Machine", "microsoft" },
};

static int has_text(const char *s, const char *needle)
{
	return s != NULL && *s && strstr(s, needle) != NULL;
}

void hostid_virt_guess(const struct virt_clues *c, char *out, size_t len)
{
	if (c->container != NULL && *c->container) {
		fmt(out, len, "%s", c->container);
		return;
	}
	for (size_t i = 0; i < sizeof(dmi_virt) / sizeof(dmi_virt[0]); i++) {
		if (has_text(c->sys_vendor, dmi_virt[i].needle) ||
		    has_text(c->product_name, dmi_virt[i].needle)) {
			fmt(out, len, "%s", dmi_virt[i].virt);
			return;
		}
	}
	fmt(out, len, "%s", c->hypervisor_flag ? "vm-other" : "none");
}

/* The first line of a file, trimmed; "" when it cannot be read. */
static void first_line(const char *path, char *out, size_t len)
{
	FILE *f = fopen(path, "r");

	out[0] = '\0';
	if (f == NULL)
		return;
	if (fgets(out, (int)len, f) == NULL)
		out[0] = '\0';
	fclose(f);
	out[strcspn(out, "\r\n")] = '\0';
}

/* $container from PID 1's environment (readable as root), or a marker file. */
static void container_of_init(char *out, size_t len)
{
	char env[8192];
	FILE *f = fopen("/proc/1/environ", "r");
	size_t n = 0;

	out[0] = '\0';
	if (f != NULL) {
		n = fread(env, 1, sizeof(env) - 1, f);
		fclose(f);
	}
	for (size_t i = 0; i < n; i += strlen(env + i) + 1) {
		env[n] = '\0';
		if (strncmp(env + i, "container=", 10) == 0) {
			fmt(out, len, "%s", env + i + 10);
			return;
		}
	}
	if (access("/.dockerenv", F_OK) == 0)
		fmt(out, len, "docker");
	else if (access("/run/.containerenv", F_OK) == 0)
		fmt(out, len, "podman");
}

static int cpu_has_hypervisor_flag(void)
{
	char line[4096];
	FILE *f = fopen("/proc/cpuinfo", "r");
	int found = 0;

	if (f == NULL)
		return 0;
	while (!found && fgets(line, sizeof(line), f) != NULL)
		if (strncmp(line, "flags", 5) == 0)
			found = strstr(line, " hypervisor") != NULL;
	fclose(f);
	return found;
}

void hostid_collect(struct host_identity *h, const char *cpu_model, const char *kernel)
{
	char mid[128], container[64], vendor[128], product[128];
	FILE *p;

	memset(h, 0, sizeof(*h));
	first_line("/etc/machine-id", mid, sizeof(mid));
	if (!mid[0])
		first_line("/var/lib/dbus/machine-id", mid, sizeof(mid));
	hostid_hash(mid, h->id);
	fmt(h->cpu_model, sizeof(h->cpu_model), "%s", cpu_model ? cpu_model : "");
	fmt(h->kernel, sizeof(h->kernel), "%s", kernel ? kernel : "");

	/* systemd-detect-virt prints one word and exits 1 for "none". */
	p = popen("systemd-detect-virt 2>/dev/null", "r");
	if (p != NULL) {
		if (fgets(h->virt, sizeof(h->virt), p) == NULL)
			h->virt[0] = '\0';
		pclose(p);
		h->virt[strcspn(h->virt, "\r\n")] = '\0';
	}
	if (h->virt[0])
		return;
	container_of_init(container, sizeof(container));
	first_line("/sys/class/dmi/id/sys_vendor", vendor, sizeof(vendor));
	first_line("/sys/class/dmi/id/product_name", product, sizeof(product));
	hostid_virt_guess(&(struct virt_clues){ container, vendor, product,
						 cpu_has_hypervisor_flag() },
			  h->virt, sizeof(h->virt));
}
