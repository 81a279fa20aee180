/* rootfile.c: one line of a file under a root prefix (rootfile.h). */
#include "sysinfo/rootfile.h"

#include <stdio.h>
#include <string.h>

#include "util/util.h"

int rootfile_line(const char *root, const char *path, char *out, size_t len)
{
	char full[ROOTFILE_PATH_MAX];
	FILE *f;
	int rc = -1;

	out[0] = '\0';
	if (fmt(full, sizeof(full), "%s%s", root, path) != 0 || (f = fopen(full, "r")) == NULL)
		return -1;
	if (fgets(out, (int)len, f) != NULL) {
		size_t n = strcspn(out, "\n");

		while (n > 0 && (out[n - 1] == ' ' || out[n - 1] == '\t'))
			n--;
		out[n] = '\0';
		strip_controls(out);
		rc = 0;
	} else if (!ferror(f)) {
		out[0] = '\0';    /* an empty file is read, and empty */
		rc = 0;
	}
	fclose(f);
	return rc;
}
