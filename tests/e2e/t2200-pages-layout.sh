# Issue 53 (items 11-13): a paired run's pages as a phone and a blog column
# need them, without a browser (make check-browser renders them).  The
# Markdown is headed by what was compared, its verdicts table has four
# columns, the figures come in a table of their own, and both come before
# ## Details; the HTML has the same heading with UnixBench's line under it,
# the Results caption outside its table, each chart drawn wide and narrow,
# and the verdicts table its own.
. tests/e2e/lib.sh
mkdir -p "$T/a" "$T/b"
run_si --quick -c 1 --duration 1 --no-charts --testdir "a=$T/a" --testdir "b=$T/b" fsbuffer-w
[ $rc -eq 0 ] || die "paired run: exit $rc"
r=$(report)
md=$r.md html=$r.html
[ "$(head -n 1 "$md")" = "# b vs a: file tests" ] || die "Markdown heading: $(head -n 1 "$md")"
grep -q "^| Test | Dir | Change (95% CI) | Verdict |$" "$md" || die "Markdown verdicts table"
grep -q "^| Test | Dir | a | Result | Detect | Rounds |$" "$md" || die "Markdown figures table"
line() { grep -n "$1" "$md" | head -n 1 | cut -d: -f1; }
v=$(line "^| Test | Dir | Change") d=$(line "^## Details")
[ -n "$v" ] && [ -n "$d" ] && [ "$v" -lt "$d" ] || die "verdicts ($v) not before Details ($d)"
grep -q "^<h1>b vs a: file tests</h1>$" "$html" || die "HTML heading"
grep -q "^<p class=\"small\">BYTE UNIX Benchmarks (Version 6.0.0; sysindex " "$html" ||
	die "UnixBench's line under the heading"
grep -q "<caption" "$html" && die "a caption inside a table (it scrolls with it on a phone)"
grep -q "^<h2>Results</h2>$" "$html" && grep -A1 "^<h2>Results</h2>$" "$html" | grep -q '^<p class="caption">' ||
	die "Results caption as a paragraph above the table"
[ "$(grep -c '<div class="chart-pair' "$html")" -eq 1 ] || die "the change chart not drawn as a pair"
[ "$(grep -c '<div class="narrow">' "$html")" -eq 1 ] || die "no narrow drawing"
grep -q '<table class="paired verdicts">' "$html" || die "HTML verdicts table"
grep -q '<details class="figures">' "$html" || die "HTML figures folded"
echo "ok"
