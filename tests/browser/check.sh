#!/bin/sh
# check.sh (make check-browser): the pages a user links to, rendered in
# headless Chromium.  Makes a tiny run (three copy counts, so that its Results
# table is wider than a phone), a second one to compare with, a paired run
# (two test dirs) and, as root, a settings run, then render.py checks the
# run's HTML, the paired and settings runs' HTML and `compare --format html`
# of the two runs (skipped, saying so, where compare has no html format):
# no console errors, an SVG chart with its bars drawn and no label cut off
# at its edge, the summary block (id="summary") in the first 1,000 px, no
# backtick shown as text, the statistics' words in a folded legend; then
# at 390 px and in dark mode too: nothing wider than the viewport, no
# caption or paragraph cut off inside a scrolling box, every chart mark on
# screen, chart text at 9 px or more and in contrast with its chart's own
# background.  The paired and settings runs' Markdown, rendered by
# cmark-gfm into a 46em blog column (light and dark): nothing past the
# column, no backtick shown as text.  A copy of the run's page and of the
# Markdown broken on purpose must fail each check.
#
# Installs chromium when it is missing and this runs as root with apt-get;
# otherwise a missing chromium is a skip, said in one line.  The runs, the
# pages and the screenshots stay in build/browser/results/ as artefacts; the
# test dirs and Chromium's profile are temporary and removed.
cd "$(dirname "$0")/../.." || exit 1
ROOT=$(pwd)
OUT=$ROOT/build/browser/results
start=$(date +%s)
say() { echo "check-browser: $*"; }
fail() { say "FAIL: $*"; exit 1; }

command -v python3 >/dev/null 2>&1 || { say "SKIPPED: python3 is not installed"; exit 0; }
find_chromium() {
	CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
}
find_chromium
if [ -z "$CHROMIUM" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	say "installing chromium"
	export DEBIAN_FRONTEND=noninteractive
	apt-get install -y -qq chromium >/dev/null 2>&1 ||
		{ apt-get update -qq && apt-get install -y -qq chromium >/dev/null; } ||
		fail "apt-get install chromium failed"
	find_chromium
fi
[ -n "$CHROMIUM" ] || { say "SKIPPED: chromium is not installed (apt-get install chromium)"; exit 0; }

T=$(mktemp -d "${TMPDIR:-/tmp}/sysindex-browser.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM
rm -rf "$OUT"
mkdir -p "$OUT" "$T/a" "$T/b" "$T/t" || exit 1

# si NAME ARGS...: ./Run ARGS into $OUT/NAME/; $page is its report's path.
si() {
	name=$1; shift
	mkdir -p "$OUT/$name" || exit 1
	"$ROOT/Run" --results "$OUT/$name" --no-charts --progress none "$@" >"$T/$name.out" 2>&1 ||
		{ cat "$T/$name.out"; fail "./Run $* exited non-zero"; }
	page=$OUT/$name/$(ls "$OUT/$name" | grep -v '\.' | head -n 1)
	[ -s "$page.html" ] || fail "./Run $* wrote no HTML"
}
si run --quick -i 3 --duration 1 -c 1 -c 2 -c 3 --testdir "$T/t" syscall pipe
run=$page
si run2 --quick -i 3 --duration 1 -c 1 --testdir "$T/t" syscall pipe
run2=$page
si paired --quick -c 1 --duration 1 --testdir "a=$T/a" --testdir "b=$T/b" fsbuffer
paired=$page
set -- run="$run.html" paired="$paired.html"
# Settings mode runs its commands as root only; a command holding a '|'
# and backticks shows how the Markdown quotes one.
if [ "$(id -u)" = 0 ]; then
	si settings --quick -c 1 --duration 1 --testdir "$T/t" \
		--setting 'plain=true' --setting 'piped=echo `true` | cat >/dev/null' fsbuffer
	set -- "$@" settings="$page.html" settings-md="$page.md"
else
	say "settings: SKIPPED: settings mode needs root"
fi
command -v cmark-gfm >/dev/null 2>&1 && set -- "$@" paired-md="$paired.md" ||
	say "Markdown: SKIPPED: cmark-gfm is not installed (apt-get install cmark-gfm)"
"$ROOT/Run" compare --format html "$run" "$run2" >"$OUT/compare.html" 2>"$T/cmp.err"
rc=$?
if [ $rc -eq 0 ]; then
	set -- "$@" compare="$OUT/compare.html"
elif [ $rc -eq 2 ] && grep -q "unknown value 'html'" "$T/cmp.err"; then
	say "compare: SKIPPED: this build's compare has no --format html"
	rm -f "$OUT/compare.html"
else
	cat "$T/cmp.err"
	fail "./Run compare --format html exited $rc"
fi

# The run's page broken every way: an error on the console, the chart gone
# for one without bars and with a label past its edge, the summary (its id
# taken from the real one) after the tables and below the first screen, a
# block wider than any screen, and the label drawn at 5 px with no
# background of its chart (too small, no contrast to measure).
sed -e 's|id="summary"|id="was-summary"|' \
    -e 's|<body>|<body><script>console.error("injected by check-browser")</script>|' \
    -e '/<svg/,/<\/svg>/d' \
    -e 's|</body>|<svg width="100" height="20"><text x="60" y="15" font-size="5">a label past the edge</text></svg>&|' \
    -e 's|</body>|<div style="width:2000px">wider than any screen</div>&|' \
    -e 's|</body>|<div id="summary" style="margin-top:1200px">late</div>&|' \
    -e 's|</body>|<table style="display:block;overflow-x:auto"><caption>a caption as wide as its table, cut off where the table scrolls</caption><tr><td style="min-width:1500px">x</td></tr></table>&|' \
    -e 's|</body>|<div style="overflow-x:auto"><svg width="1500" height="20"><rect x="1400" width="20" height="10"/></svg></div>&|' \
    -e 's|</body>|<p>Setting a: `mount -o remount /x`</p>&|' \
    -e 's|</body>|<p class="small">change: the geometric mean of the per-round ratio, unfolded</p>&|' \
    "$run.html" >"$OUT/broken.html"
set -- "$@" --broken broken="$OUT/broken.html"
# The Markdown broken both ways: a table wider than the column, a command
# escaped into literal backticks.
if command -v cmark-gfm >/dev/null 2>&1; then
	{ cat "$paired.md"; printf '\n| Test | Interval |\n|:--|--:|\n| %s | 1 |\n\nSetting a: \\`mount -o remount /x\\`\n' \
		"$(printf '%0300d' 0)"; } >"$OUT/broken.md"
	set -- "$@" --broken broken-md="$OUT/broken.md"
fi
# Until the run's page has a summary block, a copy with a stand-in one
# right under the title shows that the summary check passes a good page.
if ! grep -q 'id="summary"' "$run.html"; then
	sed 's|</h1>|</h1><div id="summary"><p>stand-in summary</p></div>|' "$run.html" >"$OUT/stand-in.html"
	set -- "$@" stand-in="$OUT/stand-in.html"
fi

python3 "$ROOT/tests/browser/render.py" --chromium "$CHROMIUM" --shots "$OUT" "$@"
rc=$?
say "artefacts (runs, pages, screenshots) in build/browser/results/; $(( $(date +%s) - start )) s"
exit $rc
