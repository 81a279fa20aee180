/*
 * fake-setting: a stand-in whose speed a --setting chooses.  It ignores its
 * arguments, reads a rate from the file $SYSINDEX_FAKE_SETTING_FILE (which
 * the setting's command writes), sleeps a tenth of a second and reports
 * that rate: COUNT|<rate>|0|lps, TIME|1.  A missing file is an error.
 */
#include <string.h>

#include "fake.h"

int main(void)
{
	const char *path = getenv("SYSINDEX_FAKE_SETTING_FILE");
	char buf[64] = "";
	double rate;
	char *end;
	FILE *f;

	if (path == NULL || (f = fopen(path, "r")) == NULL) {
		fprintf(stderr, "ERROR|fake-setting: no rate file\n");
		return 1;
	}
	if (fgets(buf, sizeof(buf), f) == NULL)
		buf[0] = '\0';
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	errno = 0;
	rate = strtod(buf, &end);
	if (errno != 0 || end == buf || *end != '\0' || !(rate > 0)) {
		fprintf(stderr, "ERROR|fake-setting: bad rate '%s'\n", buf);
		return 1;
	}
	fake_sleep(0.1);
	fprintf(stderr, "COUNT|%s|0|lps\nTIME|1\n", buf);
	return 0;
}
