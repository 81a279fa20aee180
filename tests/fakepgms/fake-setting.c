/*
 * fake-setting: a stand-in whose speed a --setting chooses.  It ignores its
 * arguments, reads a rate from the file $SYSINDEX_FAKE_SETTING_FILE (which
 * the setting's command writes), sleeps a tenth of a second and reports
 * that rate times a wobble: COUNT|<rate>|0|lps, TIME|1.  A missing file is
 * an error.  The wobble (+-0.25 %, a fixed sequence over the calls, counted
 * in <file>.calls) gives the rounds a spread: identical figures have none,
 * and no verdict rests on a zero spread (stats/verdict.h).  With
 * SYSINDEX_FAKE_SETTING_STEADY set there is no wobble: every figure alike.
 */
#include <string.h>

#include "fake.h"

/* The call's number, from and into <path>.calls (0 when unreadable). */
static unsigned long next_call(const char *path)
{
	char name[4096];
	unsigned long k = 0;
	FILE *f;

	if (snprintf(name, sizeof(name), "%s.calls", path) >= (int)sizeof(name))
		return 0;
	if ((f = fopen(name, "r")) != NULL) {
		if (fscanf(f, "%lu", &k) != 1)
			k = 0;
		fclose(f);
	}
	if ((f = fopen(name, "w")) != NULL) {
		fprintf(f, "%lu\n", k + 1);
		fclose(f);
	}
	return k;
}

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
	if (getenv("SYSINDEX_FAKE_SETTING_STEADY") == NULL)
		rate *= 1 + 0.0005 * (double)((long)(next_call(path) * 7 % 11) - 5);
	fake_sleep(0.1);
	fprintf(stderr, "COUNT|%.3f|0|lps\nTIME|1\n", rate);
	return 0;
}
