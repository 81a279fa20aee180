/* html_out.c: escaping and the head every HTML page shares (html_out.h). */
#include "util/html_out.h"

#include <string.h>

#include "util/util.h"

const char html_style[] =
	"body{font-family:system-ui,sans-serif;margin:1.5em auto;max-width:72em;"
	"padding:0 1em;color:#222;background:#fff}\n"
	"h1{font-size:1.4em}h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ccc}"
	"h3{font-size:1em}\n"
	"table{border-collapse:collapse;margin:.5em 0 1.5em}\n"
	"th,td{border:1px solid #ccc;padding:.2em .6em;text-align:left;vertical-align:top}\n"
	"th{background:#f0f0f0}td.n{text-align:right;white-space:nowrap;"
	"font-variant-numeric:tabular-nums}\n"
	"tr.total td{font-weight:bold;background:#f7f7f7}\n"
	".score{font-size:1.15em}.warn{color:#a00;font-weight:bold}"
	".small{color:#555;font-size:.85em}\n"
	"svg{max-width:100%;height:auto}svg text{font-family:system-ui,sans-serif}\n"
	/* Machine text (a kernel command line's root=UUID=...) wraps on a phone. */
	"table.info td{overflow-wrap:anywhere}\n";

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
