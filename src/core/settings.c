/* settings.c: --setting values and their records (settings.h). */
#include "core/settings.h"

#include "core/setting_native.h"

#include <stdio.h>
#include <string.h>

int settings_command_ok(const char *cmd, char *why, size_t len)
{
	size_t n = strlen(cmd), k = 0;
	struct native_setting ns;

	while (cmd[k] == ' ' || cmd[k] == '\t')
		k++;
	if (cmd[k] == '\0') {
		snprintf(why, len, "empty command");
		return -1;
	}
	if (n >= SETTING_CMD_MAX) {
		snprintf(why, len, "command longer than %d bytes", SETTING_CMD_MAX - 1);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)cmd[i];

		if ((c < 0x20 && c != '\t') || c == 0x7f) {
			snprintf(why, len, "the command holds a control character (byte %zu): "
				 "give one line", i + 1);
			return -1;
		}
	}
	/* mount: and sysfs: values are sysindex's own: odd ones refused here. */
	return native_parse(cmd, &ns, why, len);
}

int settings_split(const char *arg, struct setting_spec *out, char *err, size_t errlen)
{
	const char *eq = strchr(arg, '=');
	char why[256];
	size_t n;

	memset(out, 0, sizeof(*out));
	if (eq == NULL) {
		snprintf(err, errlen, "--setting: '%.60s%s' is not NAME=COMMAND", arg,
			 strlen(arg) > 60 ? "..." : "");
		return -1;
	}
	n = (size_t)(eq - arg);
	if (n == 0 || n >= TESTDIR_LABEL_MAX) {
		snprintf(err, errlen, "--setting: %s name before '=' (1 to %d characters)",
			 n ? "too long a" : "empty", TESTDIR_LABEL_MAX - 1);
		return -1;
	}
	memcpy(out->name, arg, n);
	out->name[n] = '\0';
	if (!testdirs_label_ok(out->name)) {
		snprintf(err, errlen, "--setting: a name may hold only letters, digits and ._+- "
			 "(before the '=' of '%.40s%s')", arg, strlen(arg) > 40 ? "..." : "");
		return -1;
	}
	if (settings_command_ok(eq + 1, why, sizeof(why)) != 0) {
		snprintf(err, errlen, "--setting %s: %s", out->name, why);
		return -1;
	}
	out->command = eq + 1;
	return 0;
}

int settings_parse(const char *const *args, size_t n, struct setting_spec *out,
		   char *err, size_t errlen)
{
	for (size_t i = 0; i < n; i++) {
		if (settings_split(args[i], &out[i], err, errlen) != 0)
			return -1;
		for (size_t k = 0; k < i; k++)
			if (strcmp(out[k].name, out[i].name) == 0) {
				snprintf(err, errlen, "--setting: name '%s' given twice", out[i].name);
				return -1;
			}
	}
	return 0;
}

void settings_observe(struct setting_rec *s, const struct setting_state *st)
{
	if (s->nstate++ == 0) {
		s->state = *st;
		return;
	}
	if (!s->changed && !setstate_equal(&s->state, st)) {
		s->changed = 1;
		s->other = *st;
	}
}

size_t settings_warnings(const struct setting_rec *s, size_t n, char *lines, size_t len,
			 size_t max)
{
	char a[2 * SETSTATE_OPTS_LEN + 96], b[2 * SETSTATE_OPTS_LEN + 96];
	size_t k = 0;

	for (size_t i = 0; i < n && k < max; i++) {
		if (!s[i].changed)
			continue;
		setstate_text(&s[i].state, a, sizeof(a));
		setstate_text(&s[i].other, b, sizeof(b));
		snprintf(lines + k++ * len, len, "Warning: setting %s's recorded state changed "
			 "during its samples (%s, later %s): something else changes it too",
			 s[i].name, a, b);
	}
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n && k < max; j++) {
			if (s[i].nstate == 0 || s[j].nstate == 0 ||
			    !setstate_equal(&s[i].state, &s[j].state))
				continue;
			setstate_text(&s[i].state, a, sizeof(a));
			snprintf(lines + k++ * len, len, "Warning: settings %s and %s left the "
				 "recorded state identical (%s): an A/A comparison unless they "
				 "change something not recorded", s[i].name, s[j].name, a);
		}
	return k;
}
