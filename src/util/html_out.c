/* html_out.c: escaping and the head every HTML page shares (html_out.h). */
#include "util/html_out.h"

#include <string.h>

#include "util/util.h"

const char html_style[] =
	":root{color-scheme:light dark}\n"
	"body{font-family:system-ui,sans-serif;margin:1.5em auto;max-width:72em;"
	"padding:0 1em;color:#222;background:#fff;overflow-wrap:anywhere}\n"
	"h1{font-size:1.4em}h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ccc}"
	"h3{font-size:1em}\n"
	/* A table wider than the screen scrolls sideways in its own box. */
	"table{border-collapse:collapse;margin:.5em 0 1.5em;display:block;max-width:100%;"
	"overflow-x:auto;overflow-wrap:normal}caption{text-align:left}\n"
	/* The system table's long words (mount options, flags) wrap rather than scroll. */
	"table.info td{overflow-wrap:anywhere}\n"
	"th,td{border:1px solid #ccc;padding:.2em .6em;text-align:left;vertical-align:top}\n"
	"th{background:#f0f0f0}td.n{text-align:right;white-space:nowrap;"
	"font-variant-numeric:tabular-nums}\n"
	"tr.total td{font-weight:bold;background:#f7f7f7}\n"
	/* A paired table's test names wrap to two or three lines, not five, and its
	 * change cell wraps its interval under the change. */
	"table.paired td:first-child{min-width:8em}table.paired td.n{white-space:normal}\n"
	/* On a phone the verdicts table reads as a list: per row the test on a
	 * line, then its dir, change and verdict (the cells say what they are). */
	"@media (max-width:40em){table.verdicts,table.verdicts tbody{display:block}"
	"table.verdicts tr:first-child{display:none}"
	"table.verdicts tr{display:block;border-top:1px solid #ccc;padding:.3em 0}"
	"table.verdicts td{display:inline;border:none;padding:0 .5em 0 0}"
	"table.verdicts td:first-child{display:block;font-weight:bold;min-width:0}"
	"table.verdicts .v{white-space:normal}}\n"
	".score{font-size:1.15em}.warn{color:#a00;font-weight:bold}"
	".small{color:#555;font-size:.85em}\n"
	".chart{max-width:100%;overflow-x:auto}.chart svg{max-width:none;display:block}"
	"svg text{font-family:system-ui,sans-serif}\n"
	/* A verdict is seen without colour too: a symbol, and bold but for inconclusive. */
	".v{white-space:nowrap;padding:0 .3em;border:1px solid;border-radius:.3em;"
	"font-weight:bold}\n"
	".v-faster{color:#0b5d1e;background:#e4f4e8}.v-slower{color:#9b0000;background:#fde7e7}"
	".v-equivalent{color:#16467a;background:#e5eefa}"
	".v-inconclusive{color:#555;background:transparent;font-weight:normal;"
	"border-style:dashed}\n"
	"@media (prefers-color-scheme:dark){"
	"body{color:#e4e4e4;background:#121212}h2{border-color:#444}"
	"th,td{border-color:#444}th{background:#262626}tr.total td{background:#1c1c1c}"
	".warn{color:#ff8a80}.small{color:#b0b0b0}a{color:#8ab4f8}"
	".v-faster{color:#8fe3a4;background:#12361d}.v-slower{color:#ffaaa5;background:#431515}"
	".v-equivalent{color:#a9cbff;background:#162a46}.v-inconclusive{color:#c0c0c0}}\n";

/* Each chart's own colours: light, then dark; the background is its rect.bg. */
static const char svg_style[] =
	".si-chart .bg{fill:#fff}.si-chart text{fill:#222}.si-chart .muted{fill:#555}"
	".si-chart .grid{stroke:#ddd}.si-chart .zero{stroke:#333}"
	"@media (prefers-color-scheme:dark){.si-chart .bg{fill:#121212}"
	".si-chart text{fill:#e4e4e4}.si-chart .muted{fill:#b8b8b8}"
	".si-chart .grid{stroke:#3a3a3a}.si-chart .zero{stroke:#ccc}}";

void html_svg_open(FILE *out, int width, int height, const char *label)
{
	fprintf(out, "<div class=\"chart\">\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
		"class=\"si-chart\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		"role=\"img\" font-family=\"system-ui,sans-serif\" aria-label=\"",
		width, height, width, height);
	html_text(out, label);
	fprintf(out, "\">\n<style>%s</style>\n<rect class=\"bg\" width=\"%d\" height=\"%d\"/>\n",
		svg_style, width, height);
}

void html_svg_close(FILE *out)
{
	fputs("</svg>\n</div>\n", out);
}

/*
 * Two layouts of one chart: the wide one where the page is wide enough for
 * it (wide_w px plus the body's 1em margins), else the narrow one.  The
 * rule is keyed by the width, so charts of one width share it.
 */
void html_pair_open(FILE *out, int wide_w)
{
	fprintf(out, "<style>@media (max-width:%dpx){.cw%d>.wide{display:none}}"
		"@media (min-width:%dpx){.cw%d>.narrow{display:none}}</style>\n"
		"<div class=\"chart-pair cw%d\">\n<div class=\"wide\">\n",
		wide_w + 31, wide_w, wide_w + 32, wide_w, wide_w);
}

void html_pair_next(FILE *out)
{
	fputs("</div>\n<div class=\"narrow\">\n", out);
}

void html_pair_close(FILE *out)
{
	fputs("</div>\n</div>\n", out);
}

/* HTML's special characters as entities; C0 controls are not allowed. */
static const char *html_sub(unsigned char c, char buf[8])
{
	(void)buf;
	switch (c) {
	case '&': return "&amp;";
	case '<': return "&lt;";
	case '>': return "&gt;";
	case '"': return "&quot;";
	case '\'': return "&#39;";
	default: break;
	}
	return c < 0x20 && c != '\t' && c != '\n' ? "&#xFFFD;" : NULL;
}

void html_text(FILE *out, const char *s)
{
	put_utf8_escaped(out, s, strlen(s), html_sub, "&#xFFFD;");
}

void html_text_code(FILE *out, const char *s)
{
	const char *a = strchr(s, '`'), *b = strrchr(s, '`');

	if (a == NULL || b == a) {
		html_text(out, s);
		return;
	}
	put_utf8_escaped(out, s, (size_t)(a - s), html_sub, "&#xFFFD;");
	if (b > a + 1) {
		fputs("<code>", out);
		put_utf8_escaped(out, a + 1, (size_t)(b - a - 1), html_sub, "&#xFFFD;");
		fputs("</code>", out);
	}
	html_text(out, b + 1);
}

/*
 * The widest glyph of c's class in DejaVu Sans, in 1/100 em, normal and
 * bold: narrow punctuation and letters, lower case, wide signs and letters,
 * the rest (capitals, digits); a control is drawn as U+FFFD.
 */
static int glyph_em100(unsigned char c, int bold)
{
	if (c < 0x20)
		return bold ? 112 : 104;
	if (strchr(" !'(),-./:;I[\\]fijlrt|", c) != NULL)
		return bold ? 50 : 40;
	if (strchr("#%&+<=>@MW^mw~", c) != NULL)
		return bold ? 112 : 100;
	if (c >= 'a' && c <= 'z')
		return bold ? 73 : 64;
	return bold ? 86 : 80;
}

int html_text_px(const char *s, int font_px, int bold)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t len = strlen(s), i = 0;
	long em100 = 0;

	while (i < len) {
		size_t n = u[i] < 0x80 ? 1 : utf8_seq_len(u + i, len - i);

		/* Another script's glyph, or U+FFFD for a byte that is not UTF-8. */
		em100 += n == 1 && u[i] < 0x80 ? glyph_em100(u[i], bold) : bold ? 112 : 104;
		i += n == 0 ? 1 : n;
	}
	return (int)((em100 * font_px + 99) / 100);
}

void html_head(FILE *out, const char *title)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	      "<title>", out);
	html_text(out, title);
	fputs("</title>\n<style>\n", out);
	fputs(html_style, out);
	fputs("</style>\n</head>\n<body>\n", out);
}
