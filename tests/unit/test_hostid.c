/* test_hostid.c: the machine-id hash and the virtualisation guess. */
#include <check.h>
#include <string.h>

#include "sysinfo/hostid.h"

/* Expected values: FNV-1a 64 computed independently (Python, by hand). */
START_TEST(test_hash_vectors)
{
	char id[HOSTID_HEX + 1];

	ck_assert_int_eq(hostid_hash("0123456789abcdef0123456789abcdef", id), 0);
	ck_assert_str_eq(id, "5f42ddbfa172ba70");
	ck_assert_int_eq(hostid_hash("x", id), 0);
	ck_assert_str_eq(id, "f870e0aa97e155c8");
	/* The file's newline and stray blanks do not change the id. */
	ck_assert_int_eq(hostid_hash("  x\n", id), 0);
	ck_assert_str_eq(id, "f870e0aa97e155c8");
	ck_assert_uint_eq(strlen(id), HOSTID_HEX);
}
END_TEST

START_TEST(test_hash_empty)
{
	char id[HOSTID_HEX + 1] = "junk";

	ck_assert_int_eq(hostid_hash("", id), -1);
	ck_assert_str_eq(id, "");
	ck_assert_int_eq(hostid_hash(" \n", id), -1);
	ck_assert_int_eq(hostid_hash(NULL, id), -1);
	ck_assert_str_eq(id, "");
}
END_TEST

static const char *guess(const char *container, const char *vendor, const char *product, int hv)
{
	static char out[32];
	struct virt_clues c = { container, vendor, product, hv };

	hostid_virt_guess(&c, out, sizeof(out));
	return out;
}

START_TEST(test_virt_guess)
{
	ck_assert_str_eq(guess(NULL, "QEMU", "Standard PC (i440FX + PIIX, 1996)", 1), "qemu");
	ck_assert_str_eq(guess("", "Red Hat", "KVM", 1), "kvm");
	ck_assert_str_eq(guess(NULL, "VMware, Inc.", "VMware Virtual Platform", 1), "vmware");
	ck_assert_str_eq(guess(NULL, "innotek GmbH", "VirtualBox", 1), "oracle");
	ck_assert_str_eq(guess(NULL, "Microsoft Corporation", "Virtual Machine", 1), "microsoft");
	ck_assert_str_eq(guess(NULL, "Amazon EC2", "m5.large", 1), "amazon");
	/* A container inside a VM is reported as the container. */
	ck_assert_str_eq(guess("docker", "QEMU", "KVM", 1), "docker");
	ck_assert_str_eq(guess("lxc", NULL, NULL, 0), "lxc");
	/* Bare metal, and a hypervisor nobody names. */
	ck_assert_str_eq(guess(NULL, "Dell Inc.", "PowerEdge R650", 0), "none");
	ck_assert_str_eq(guess(NULL, NULL, NULL, 0), "none");
	ck_assert_str_eq(guess(NULL, "", "", 1), "vm-other");
}
END_TEST

Suite *suite_hostid(void)
{
	Suite *s = suite_create("hostid");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_hash_vectors);
	tcase_add_test(tc, test_hash_empty);
	tcase_add_test(tc, test_virt_guess);
	suite_add_tcase(s, tc);
	return s;
}
