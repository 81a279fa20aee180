/* opt.c: one parser, help and synopsis over any option table (see opt.h). */
#define _GNU_SOURCE   /* getopt_long */
#include "cli/opt.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "shared/size.h"
#include "util/util.h"
#include "util/quote.h"

#define OPT_MAX_ROWS 96
#define WRAP 79           /* columns of help and synopsis */
#define HELP_COL 27       /* where an option's help text starts */

const struct opt_def *opt_find(const struct opt_cmd *cmd, const char *lname)
{
	for (size_t i = 0; i < cmd->nopts; i++)
		if (strcmp(cmd->opts[i].lname, lname) == 0)
			return &cmd->opts[i];
	return NULL;
}

static int bad_number(const struct opt_def *o, const char *arg, char *err, size_t errlen)
{
	char q[QUOTE_BUF];

	fmt(err, errlen, "--%s: '%s' is not a number from %.15g to %.15g", o->lname, quote(arg, q),
	    o->min, o->max);
	return -1;
}

static int set_choice(const struct opt_def *o, const char *arg, int *field, char *err,
		      size_t errlen)
{
	char list[256] = "", q[QUOTE_BUF];
	size_t used = 0;

	for (int i = 0; o->choices[i] != NULL; i++)
		if (strcmp(o->choices[i], arg) == 0) {
			*field = i;
			return 0;
		}
	for (int i = 0; o->choices[i] != NULL && used < sizeof(list); i++)
		used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%s", i ? ", " : "",
					 o->choices[i]);
	fmt(err, errlen, "--%s: unknown value '%s' (%s)", o->lname, quote(arg, q), list);
	return -1;
}

/* The next free slot of a list row, or NULL (err set) when it is full. */
static void *list_slot(const struct opt_def *o, void *dst, size_t width, char *err,
		       size_t errlen)
{
	size_t *count = (size_t *)((char *)dst + o->count_off);

	if (*count >= o->cap) {
		fmt(err, errlen, "too many --%s options (at most %zu)", o->lname, o->cap);
		return NULL;
	}
	return (char *)dst + o->off + width * (*count)++;
}

int opt_set(const struct opt_def *o, const char *arg, void *dst, char *err, size_t errlen)
{
	char *field = (char *)dst + o->off;
	unsigned long u;
	unsigned long long sz;
	double d;
	char q[QUOTE_BUF];
	void *slot;

	switch (o->kind) {
	case OPT_FLAG:
		*(int *)field = 1;
		return 0;
	case OPT_ACTION:
		return 0;
	case OPT_UINT:
	case OPT_UINT_LIST:
		if (parse_ulong(arg, (unsigned long)o->min, (unsigned long)o->max, &u) != 0)
			return bad_number(o, arg, err, errlen);
		if (o->kind == OPT_UINT)
			slot = field;
		else if ((slot = list_slot(o, dst, sizeof(unsigned), err, errlen)) == NULL)
			return -1;
		*(unsigned *)slot = (unsigned)u;
		return 0;
	case OPT_DOUBLE:
		if (parse_decimal(arg, &d, NULL) != 0 || d < o->min || d > o->max)
			return bad_number(o, arg, err, errlen);
		memcpy(field, &d, sizeof(d));   /* a double field: see the row's kind */
		return 0;
	case OPT_PERCENT:
		if (parse_percent(arg, &d) != 0 || d * 100 < o->min || d * 100 > o->max) {
			fmt(err, errlen, "--%s: '%s' is not a percentage from %g%% to %g%%",
			    o->lname, quote(arg, q), o->min, o->max);
			return -1;
		}
		memcpy(field, &d, sizeof(d));   /* a double field: see the row's kind */
		return 0;
	case OPT_SIZE:
		if (parse_size(arg, &sz) != 0) {
			fmt(err, errlen, "--%s: invalid size '%s' (such as 256M or 4G)", o->lname,
			    quote(arg, q));
			return -1;
		}
		if ((double)sz < o->min) {
			fmt(err, errlen, "--%s: '%s' is below the %gM minimum", o->lname, quote(arg, q),
			    o->min / (1 << 20));
			return -1;
		}
		if ((double)sz > o->max) {
			fmt(err, errlen, "--%s: '%s' is too large", o->lname, quote(arg, q));
			return -1;
		}
		*(unsigned long long *)field = sz;
		return 0;
	case OPT_STR:
	case OPT_STR_LIST:
		if (*arg == '\0') {
			fmt(err, errlen, "--%s: empty value", o->lname);
			return -1;
		}
		if (o->check != NULL && o->check(arg, err, errlen) != 0)
			return -1;
		if (o->kind == OPT_STR)
			slot = field;
		else if ((slot = list_slot(o, dst, sizeof(const char *), err, errlen)) == NULL)
			return -1;
		*(const char **)slot = arg;
		return 0;
	case OPT_CHOICE:
		return set_choice(o, arg, (int *)field, err, errlen);
	}
	fmt(err, errlen, "--%s: internal error: unknown option kind", o->lname);
	return -1;
}

static int takes_value(const struct opt_def *o)
{
	return o->kind != OPT_FLAG && o->kind != OPT_ACTION;
}

/* A row that holds one value: given twice, the first would be lost unseen. */
static int single_valued(const struct opt_def *o)
{
	return takes_value(o) && o->kind != OPT_UINT_LIST && o->kind != OPT_STR_LIST;
}

/* The closest long name to word (without its dashes and "=value"), or NULL. */
static const char *suggest(const struct opt_cmd *cmd, const char *word)
{
	char w[64];
	const char *best = NULL;
	size_t bestd = (size_t)-1;

	while (*word == '-')
		word++;
	fmt(w, sizeof(w), "%.*s", (int)strcspn(word, "="), word);
	for (size_t i = 0; i < cmd->nopts; i++) {
		size_t d = edit_distance(w, cmd->opts[i].lname);

		if (d < bestd) {
			bestd = d;
			best = cmd->opts[i].lname;
		}
	}
	return bestd <= (strlen(w) <= 4 ? 1u : 2u) ? best : NULL;
}

/* getopt_long's '?' or ':' as one line. */
static int getopt_error(const struct opt_cmd *cmd, int c, const char *bad, char *err,
			size_t errlen)
{
	const char *hint;
	/* The option as typed, up to its '=': one byte more than quote() shows. */
	char q[QUOTE_BUF], opt1[2] = { (char)optopt, '\0' }, bad_name[QUOTE_SHOWN + 2];
	size_t n = strcspn(bad, "=");

	if (optopt >= 256 && (size_t)(optopt - 256) < cmd->nopts) {
		const struct opt_def *o = &cmd->opts[optopt - 256];

		if (c == ':')
			fmt(err, errlen, "option --%s needs a value", o->lname);
		else
			fmt(err, errlen, "option --%s takes no value", o->lname);
		return -1;
	}
	if (c == ':') {
		fmt(err, errlen, "option -%s needs a value", quote(opt1, q));
		return -1;
	}
	if (optopt > 0 && strncmp(bad, "--", 2) != 0) {
		fmt(err, errlen, "unknown option -%s; see %s --help", quote(opt1, q), cmd->name);
		return -1;
	}
	hint = suggest(cmd, bad);
	n = n < sizeof(bad_name) - 1 ? n : sizeof(bad_name) - 1;
	memcpy(bad_name, bad, n);
	bad_name[n] = '\0';
	fmt(err, errlen, "unknown option %s%s%s%s; see %s --help", quote(bad_name, q),
	    hint ? " (did you mean --" : "", hint ? hint : "", hint ? "?)" : "", cmd->name);
	return -1;
}

static int store_defaults(const struct opt_cmd *cmd, void *dst, char *err, size_t errlen)
{
	for (size_t i = 0; i < cmd->nopts; i++) {
		const struct opt_def *o = &cmd->opts[i];
		char why[256] = "a repeatable option has no default";

		if (o->def != NULL && (o->kind == OPT_UINT_LIST || o->kind == OPT_STR_LIST ||
				       opt_set(o, o->def, dst, why, sizeof(why)) != 0)) {
			fmt(err, errlen, "internal error: the default of --%s: %s", o->lname, why);
			return -1;
		}
	}
	return 0;
}

int opt_parse(const struct opt_cmd *cmd, int argc, char **argv, void *dst,
	      unsigned char *given, int *first, char *err, size_t errlen)
{
	struct option longopts[OPT_MAX_ROWS + 1];
	char shortopts[2 * OPT_MAX_ROWS + 2];
	unsigned char seen[OPT_MAX_ROWS] = { 0 };
	size_t sl = 0;
	int c, idx, action = 0;

	if (cmd->nopts > OPT_MAX_ROWS) {
		fmt(err, errlen, "internal error: %s has more than %d options", cmd->name,
		    OPT_MAX_ROWS);
		return -1;
	}
	if (store_defaults(cmd, dst, err, errlen) != 0)
		return -1;
	if (given != NULL)
		memset(given, 0, cmd->nopts);
	shortopts[sl++] = ':';      /* report a missing value as ':' */
	for (size_t i = 0; i < cmd->nopts; i++) {
		const struct opt_def *o = &cmd->opts[i];

		longopts[i].name = o->lname;
		longopts[i].has_arg = takes_value(o) ? required_argument : no_argument;
		longopts[i].flag = NULL;
		longopts[i].val = 256 + (int)i;
		if (o->sname) {
			shortopts[sl++] = (char)o->sname;
			if (takes_value(o))
				shortopts[sl++] = ':';
		}
	}
	shortopts[sl] = '\0';
	memset(&longopts[cmd->nopts], 0, sizeof(longopts[0]));
	/* 0, not 1: glibc and musl then also forget a half-read "-abc" cluster
	 * of an earlier call, which would point into that call's argv. */
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, shortopts, longopts, &idx)) != -1) {
		size_t row = cmd->nopts;
		const struct opt_def *o;

		if (c == '?' || c == ':')
			return getopt_error(cmd, c, argv[optind - 1] ? argv[optind - 1] : "?", err,
					    errlen);
		if (c >= 256)
			row = (size_t)(c - 256);
		else
			for (size_t i = 0; i < cmd->nopts; i++)
				if (cmd->opts[i].sname == c)
					row = i;
		if (row >= cmd->nopts)
			continue;
		o = &cmd->opts[row];
		if (seen[row] && single_valued(o)) {
			fmt(err, errlen, "--%s given twice: it takes one value", o->lname);
			return -1;
		}
		seen[row] = 1;
		if (given != NULL)
			given[row] = 1;
		if (o->kind == OPT_ACTION) {
			if (action == 0 || o->action < action)
				action = o->action;
		} else if (opt_set(o, optarg, dst, err, errlen) != 0) {
			return -1;
		}
	}
	*first = optind;
	return action;
}

/* ---- help and synopsis ---------------------------------------------------- */

/* Print text from column col, wrapped at WRAP, continuing at column indent. */
static void wrap(FILE *out, const char *text, size_t col, size_t indent)
{
	const char *p = text;

	while (*p) {
		size_t w = strcspn(p, " ");

		if (col > indent && col + 1 + w > WRAP) {
			fprintf(out, "\n%*s", (int)indent, "");
			col = indent;
		} else if (col > indent) {
			fputc(' ', out);
			col++;
		}
		fprintf(out, "%.*s", (int)w, p);
		col += w;
		p += w;
		while (*p == ' ')
			p++;
	}
	fputc('\n', out);
}

/* " (default 10; with --quick 1)": empty when the row has no default. */
static void default_text(const struct opt_def *o, char *buf, size_t len)
{
	char dflt[160] = "", quick[160] = "";

	if (o->def != NULL || o->def_note != NULL)
		fmt(dflt, sizeof(dflt), "default %s%s", o->def ? o->def : "",
		    o->def_note ? o->def_note : "");
	if (o->quick != NULL)
		fmt(quick, sizeof(quick), "%swith --quick %s%s", dflt[0] ? "; " : "", o->quick,
		    o->quick_note ? o->quick_note : "");
	if (dflt[0] || quick[0])
		fmt(buf, len, " (%s%s)", dflt, quick);
	else
		buf[0] = '\0';
}

/* The value's name as help and synopsis show it: ARG, or a|b|c for a choice. */
static void value_name(const struct opt_def *o, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	if (o->argname != NULL || o->choices == NULL) {
		fmt(buf, len, "%s", o->argname ? o->argname : "");
		return;
	}
	for (int i = 0; o->choices[i] != NULL && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? "|" : "", o->choices[i]);
}

void opt_help(FILE *out, const struct opt_cmd *cmd)
{
	for (size_t i = 0; i < cmd->nopts; i++) {
		const struct opt_def *o = &cmd->opts[i];
		char left[96], arg[64], dflt[400], text[1024];
		int n;

		value_name(o, arg, sizeof(arg));
		if (o->sname)
			n = snprintf(left, sizeof(left), "  -%c, --%s%s%s", o->sname, o->lname,
				     arg[0] ? " " : "", arg);
		else
			n = snprintf(left, sizeof(left), "      --%s%s%s", o->lname,
				     arg[0] ? " " : "", arg);
		default_text(o, dflt, sizeof(dflt));
		fmt(text, sizeof(text), "%s%s", o->help, dflt);
		fputs(left, out);
		if (n < 0 || (size_t)n + 1 > HELP_COL - 1) {
			fprintf(out, "\n%*s", HELP_COL, "");
		} else {
			fprintf(out, "%*s", HELP_COL - n, "");
		}
		wrap(out, text, HELP_COL, HELP_COL);
	}
}

void opt_synopsis(FILE *out, const char *lead, const struct opt_cmd *cmd)
{
	char text[2048] = "";
	size_t used = 0;

	for (size_t i = 0; i < cmd->nopts && used < sizeof(text); i++) {
		const struct opt_def *o = &cmd->opts[i];
		char arg[64];
		int list = o->kind == OPT_UINT_LIST || o->kind == OPT_STR_LIST;

		if (o->kind == OPT_ACTION)
			continue;
		value_name(o, arg, sizeof(arg));
		used += (size_t)snprintf(text + used, sizeof(text) - used, "%s[--%s%s%s]%s",
					 used ? " " : "", o->lname, arg[0] ? " " : "", arg,
					 list ? "..." : "");
	}
	if (cmd->operands != NULL && used < sizeof(text))
		snprintf(text + used, sizeof(text) - used, "%s%s", used ? " " : "", cmd->operands);
	fprintf(out, "%s%s ", lead, cmd->name);
	wrap(out, text, strlen(lead) + strlen(cmd->name) + 1, strlen(lead) + strlen(cmd->name) + 1);
}
