/*
 * report_settings.c: settings mode's record (--setting, core/settings.h)
 * for every writer: each setting's command and what was in force after it,
 * and the warnings (identical states, a state that changed).  The commands
 * are shown as text, never run: no reader turns them back into one.
 */
#include "report/report.h"

#include <string.h>

#include "util/json_out.h"
#include "util/md_out.h"
#include "util/util.h"

void report_setting_switch(const struct setting_rec *s, char *out, size_t len)
{
	/* A record from before the switch was timed has 0 here: say nothing. */
	if (s->applied == 0 || !(s->switch_s > 0))
		fmt(out, len, "%s", "");
	else
		fmt(out, len, "; switch %.1f ms a time (longest %.1f ms)",
		    1e3 * s->switch_s / s->applied, 1e3 * s->switch_max_s);
}

void report_setting_text(const struct run_result *r, size_t d, char *out, size_t len)
{
	const struct setting_rec *s = &r->settings[d];
	char st[2 * SETSTATE_OPTS_LEN + 96], sw[96];

	report_setting_switch(s, sw, sizeof(sw));
	if (s->nstate)
		setstate_text(&s->state, st, sizeof(st));
	else
		fmt(st, sizeof(st), "not recorded (its command never ran)");
	fmt(out, len, "`%s`; in force: %s%s%s", s->command, st,
	    s->changed ? " (changed during its samples)" : "", sw);
}

size_t report_settings_warnings(const struct run_result *r, char lines[][REPORT_SUMMARY_LINE],
				size_t n, size_t max)
{
	size_t first = n;

	if (n >= max)
		return n;
	n += settings_warnings(r->settings, r->nsettings, lines[n], REPORT_SUMMARY_LINE, max - n);
	for (size_t i = first; i < n; i++)
		strip_controls(lines[i]);
	return n;
}

void report_settings_md(FILE *out, const struct run_result *r)
{
	char lines[REPORT_SUMMARY_MAX][REPORT_SUMMARY_LINE], buf[SETTING_CMD_MAX + 1200];
	size_t nw;

	if (r->nsettings == 0)
		return;
	fputs("## Settings\n\n| Setting | Command | In force |\n|:--|:--|:--|\n", out);
	for (size_t d = 0; d < r->nsettings; d++) {
		const struct setting_rec *s = &r->settings[d];

		fputs("| ", out);
		md_text(out, s->name);
		fputs(d == 0 ? " (baseline) | " : " | ", out);
		md_code(out, s->command, 1);
		fputs(" | ", out);
		if (s->nstate)
			setstate_text(&s->state, buf, sizeof(buf));
		else
			fmt(buf, sizeof(buf), "not recorded");
		md_text(out, buf);
		report_setting_switch(s, buf, sizeof(buf));
		fputs(s->changed ? " (changed during its samples)" : "", out);
		md_text(out, buf);
		fputs(" |\n", out);
	}
	fputs("\nAfter the run: ", out);
	md_code(out, r->restore[0] ? r->restore : r->settings[0].command, 0);
	fputs(r->restore[0] ? " (--restore)\n\n" : " (the baseline's)\n\n", out);
	nw = report_settings_warnings(r, lines, 0, REPORT_SUMMARY_MAX);
	for (size_t i = 0; i < nw; i++) {
		md_text(out, lines[i]);
		fputs("\n\n", out);
	}
}

static void state_json(struct json_out *j, const char *key, const struct setting_state *st)
{
	json_key(j, key);
	json_object_begin(j);
	json_kv_string_or_null(j, "mount_options", st->mount[0] ? st->mount : NULL);
	json_kv_string_or_null(j, "super_options", st->super[0] ? st->super : NULL);
	json_kv_string_or_null(j, "scheduler", st->scheduler[0] ? st->scheduler : NULL);
	json_kv_string_or_null(j, "thp", st->thp[0] ? st->thp : NULL);
	json_object_end(j);
}

void report_settings_json(struct json_out *j, const struct run_result *r)
{
	char lines[REPORT_SUMMARY_MAX][REPORT_SUMMARY_LINE];
	size_t nw;

	if (r->nsettings == 0)
		return;
	json_key(j, "settings");
	json_object_begin(j);
	json_kv_string(j, "baseline", r->settings[0].name);
	json_kv_string(j, "switch", "whole samples in turn");
	json_kv_string(j, "restore", r->restore[0] ? r->restore : r->settings[0].command);
	json_key(j, "list");
	json_array_begin(j);
	for (size_t d = 0; d < r->nsettings; d++) {
		const struct setting_rec *s = &r->settings[d];

		json_object_begin(j);
		json_kv_string(j, "name", s->name);
		json_kv_bool(j, "baseline", d == 0);
		json_kv_string(j, "command", s->command);
		json_kv_uint(j, "applied", s->applied);
		json_kv_uint(j, "states_recorded", s->nstate);
		json_kv_double(j, "switch_seconds", s->switch_s);
		json_kv_double(j, "switch_max_seconds", s->switch_max_s);
		if (s->nstate)
			state_json(j, "in_force", &s->state);
		else
			json_kv_null(j, "in_force");
		json_kv_bool(j, "changed", s->changed);
		if (s->changed)
			state_json(j, "changed_to", &s->other);
		json_object_end(j);
	}
	json_array_end(j);
	json_key(j, "warnings");
	json_array_begin(j);
	nw = report_settings_warnings(r, lines, 0, REPORT_SUMMARY_MAX);
	for (size_t i = 0; i < nw; i++)
		json_string(j, lines[i]);
	json_array_end(j);
	json_object_end(j);
}
