/*
 * textparse_host.c: the host identity line of a sysindex text report's
 * header,
 *     Host identity: id <16 hex digits>, virt <name>
 * which names the machine stably (a hash of /etc/machine-id) whatever its
 * hostname, so that compare --group-by host groups runs correctly.  A line
 * that does not have exactly this shape (a paste cut it, say) is ignored:
 * the hostname of the "System:" line is then the host.
 */
#include "reader/textparse_int.h"

#include <ctype.h>
#include <string.h>

int tp_try_host_identity(struct parser *p, const char *s)
{
	static const char head[] = "Host identity: id ";
	struct tp_report *r;
	const char *id, *virt;
	size_t n;

	if (!tp_starts(s, head))
		return 0;
	id = s + strlen(head);
	for (n = 0; isxdigit((unsigned char)id[n]); n++)
		;
	if (n != TP_HOST_ID_LEN || !tp_starts(id + n, ", virt "))
		return 1;
	virt = id + n + strlen(", virt ");
	if (*virt == '\0' || strchr(virt, ' ') != NULL)
		return 1;
	r = tp_cur_report(p);
	if (r == NULL || r->nblocks > 0)
		if ((r = tp_new_report(p)) == NULL)
			return -1;
	for (size_t i = 0; i < n; i++)
		r->host_id[i] = (char)tolower((unsigned char)id[i]);
	r->host_id[n] = '\0';
	tp_copy_text(r->virt, sizeof(r->virt), virt, strlen(virt));
	return 1;
}
