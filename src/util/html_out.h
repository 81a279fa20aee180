/*
 * html_out.h: what every HTML page sysindex writes shares (the run's report,
 * compare's page): text escaped for element content and attribute values,
 * and the pages' style and head.
 */
#ifndef SYSINDEX_HTML_OUT_H
#define SYSINDEX_HTML_OUT_H

#include <stdio.h>

/* Text for element content and attribute values: always well-formed UTF-8,
 * & < > " ' as entities, C0 controls as U+FFFD. */
void html_text(FILE *out, const char *s);
/*
 * A line that quotes a command between its first and last backtick
 * ("Setting a: `cmd`; in force: ..."): the quote as <code>, the rest as
 * text, all escaped (html_text); a line without two backticks as
 * html_text.  The HTML twin of md_text_code (util/md_out.h).
 */
void html_text_code(FILE *out, const char *s);

/* The pages' inline style (no external file, no script). */
extern const char html_style[];

/* "<!DOCTYPE html>...<title>" title "</title><style>...</style></head><body>". */
void html_head(FILE *out, const char *title);

/*
 * An inline chart: a box that scrolls sideways where the screen is
 * narrower than the chart (the chart keeps its size, so no label shrinks;
 * html_pair_open gives a phone a narrow drawing instead), then the <svg> of width x
 * height px with class "si-chart" and aria-label label, its own <style>
 * (text, grid and background colours for light and dark mode, so that it
 * reads on any page and pasted alone) and a background rect of class
 * "bg".  The caller draws, then html_svg_close ends the svg and the box.
 * Text of class "muted" is drawn grey, lines of class "grid" light.
 */
void html_svg_open(FILE *out, int width, int height, const char *label);
void html_svg_close(FILE *out);

/*
 * One chart drawn twice, so that a phone need not scroll to see its marks:
 * html_pair_open (wide_w: the wide drawing's width), the wide <svg>,
 * html_pair_next, the narrow one, html_pair_close.  The page shows the wide
 * drawing where the screen holds it (wide_w px and the body's margins),
 * else the narrow one.
 */
void html_pair_open(FILE *out, int wide_w);
void html_pair_next(FILE *out);
void html_pair_close(FILE *out);

/*
 * A width in px that s does not exceed when drawn at font_px in the pages'
 * font, bold when bold is non-zero: each character counted at the widest
 * glyph of its class in DejaVu Sans (a wide font, and what system-ui is on
 * many Linux desktops), each byte that is not UTF-8 as the U+FFFD drawn for
 * it.  The charts size their label and note columns with it.
 */
int html_text_px(const char *s, int font_px, int bold);

#endif
