/*
 * textparse_host.c: the host identity line of a sysindex text report's
 * header,
 *     Host identity: id <16 hex digits>, virt <name>
 * which names the machine stably (a hash of /etc/machine-id) whatever its
 * hostname, so that compare --group-by host groups runs correctly.  A line
 * that does not have exactly this shape (a paste cut it, say) is ignored:
 * the hostname of the "System:" line is then the host.
 *
 * Also the header's host-state lines, "<label>: <value>" for each label of
 * hoststate_rows ("CPU frequency governor: performance") and "CPU limits:
 * ...", so that compare can warn when two runs differ in them.  Only before
 * a report's first copy block; control characters are replaced.
 */
#include "reader/textparse_int.h"

#include <ctype.h>
#include <string.h>

#include "sysinfo/cpulimits.h"
#include "util/util.h"

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

int tp_try_host_state(struct parser *p, const char *s)
{
	const char *colon = strstr(s, ": ");
	struct tp_report *r = tp_cur_report(p);
	int row;

	if (colon == NULL || r == NULL || r->nblocks > 0)
		return 0;
	if ((size_t)(colon - s) == strlen(CPULIMITS_LABEL) &&
	    strncmp(s, CPULIMITS_LABEL, strlen(CPULIMITS_LABEL)) == 0) {
		tp_copy_text(r->cpu_limits, sizeof(r->cpu_limits), colon + 2, strlen(colon + 2));
		strip_controls(r->cpu_limits);
		return 1;
	}
	if ((row = hoststate_by_label(s, (size_t)(colon - s))) < 0)
		return 0;
	tp_copy_text(r->state[row], sizeof(r->state[row]), colon + 2, strlen(colon + 2));
	strip_controls(r->state[row]);
	r->have_state[row] = 1;
	return 1;
}
