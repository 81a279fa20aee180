/*
 * hostid.h: a stable identity for the machine a result came from, so that
 * runs collected from many hosts (contrib/ansible, compare --group-by host)
 * group by machine, not by a host name that may repeat or change.
 *
 * The id is a hash of /etc/machine-id (not the id itself: results get
 * pasted into blog posts); the virtualisation type, CPU model and kernel
 * release tell machines of one kind apart.
 */
#ifndef SYSINDEX_HOSTID_H
#define SYSINDEX_HOSTID_H

#include <stddef.h>

#define HOSTID_HEX 16

struct host_identity {
	char id[HOSTID_HEX + 1];  /* "" when there is no machine id */
	char virt[32];            /* systemd-detect-virt's names: "kvm", "docker", "none" ... */
	char cpu_model[128];
	char kernel[128];         /* uname -r */
};

/*
 * 16 hex digits of the 64-bit FNV-1a hash of "sysindex:" and the machine id
 * (surrounding white space ignored).  Returns 0, or -1 (out = "") when the
 * id is empty.  A grouping key, not a secret-keeping hash.
 */
int hostid_hash(const char *machine_id, char out[HOSTID_HEX + 1]);

/*
 * What the machine looks like from inside, for a system without
 * systemd-detect-virt: container markers first (as systemd-detect-virt does:
 * a container is reported even inside a VM), then the DMI vendor and product
 * names, then the CPU's hypervisor flag.  Any argument may be NULL or "".
 */
struct virt_clues {
	const char *container;      /* $container of PID 1, or "docker" from /.dockerenv ... */
	const char *sys_vendor;     /* /sys/class/dmi/id/sys_vendor */
	const char *product_name;   /* /sys/class/dmi/id/product_name */
	int hypervisor_flag;        /* "hypervisor" in /proc/cpuinfo's flags */
};
void hostid_virt_guess(const struct virt_clues *c, char *out, size_t len);

/* Fill h from this machine (cpu_model and kernel are passed in). */
void hostid_collect(struct host_identity *h, const char *cpu_model, const char *kernel);

#endif
