# Charts: with gnuplot, a run draws non-empty .svg (and .png) charts; with
# gnuplot hidden from PATH, one line says so and every other file is written;
# --no-charts draws none.  Then compare of two runs prints verdicts.
. tests/e2e/lib.sh
if command -v gnuplot >/dev/null 2>&1; then
	run_si --quick -c 1 -c 2 pipe syscall
	[ $rc -eq 0 ] || die "exit $rc"
	r=$(report)
	[ -s "$r.svg" ] || die "no SVG chart"
	grep -q '<svg' "$r.svg" || die "the SVG is not an SVG"
	if gnuplot -e 'set terminal' 2>&1 | grep -q png; then
		[ -s "$r.png" ] || die "no PNG chart"
	fi
	grep -q 'gnuplot not found' "$T/err" && die "gnuplot present but reported missing"
	# The Markdown links the chart beside it; a quick chart says it is quick.
	grep -qF "](${r##*/}.svg)" "$r.md" || die "the Markdown does not link its chart"
	grep -q 'Quick run (--quick)' "$r.svg" || die "the quick run's chart has no quick caveat"
	# compare --plot says what it wrote, on stderr.
	"$ROOT/sysindex" compare --plot "$T/cq.svg" "$r" "$r" >"$T/out" 2>"$T/err" ||
		die "compare --plot exit $?"
	[ -s "$T/cq.svg" ] && grep -qxF "sysindex compare: chart in $T/cq.svg" "$T/err" ||
		die "compare --plot: no chart, or not said: $(cat "$T/err")"
	first=$r
else
	note "gnuplot is not installed: only the missing case is checked"
fi

# gnuplot hidden: a PATH with the tools the run needs but no gnuplot.
mkdir -p "$T/bin"
for tool in sh uname uptime who sort od grep tee wc rm cat; do
	p=$(command -v $tool) && ln -sf "$p" "$T/bin/$tool"
done
rm -rf "$RES"/*
PATH=$T/bin "$ROOT/sysindex" --results "$RES" --testdir "$T/testdir" --quick -c 1 pipe syscall \
	>"$T/out" 2>"$T/err"
rc=$?
cat "$T/err"
[ $rc -eq 0 ] || die "exit $rc without gnuplot"
[ "$(grep -c 'gnuplot not found' "$T/err")" -eq 1 ] || die "no one-line gnuplot note"
r=$(report)
expect_files "$r"
[ -e "$r.svg" ] && die "an SVG appeared without gnuplot"
grep -q '](.*\.svg)' "$r.md" && die "the Markdown links a chart gnuplot never drew"
# compare --plot asks for a chart: without gnuplot, one line and exit 1.
PATH=$T/bin "$ROOT/sysindex" compare --plot "$T/c.svg" "$r" "$r" >"$T/out" 2>"$T/err"
[ $? -eq 1 ] || die "compare --plot without gnuplot: not exit 1"
[ "$(wc -l <"$T/err")" -eq 1 ] && grep -q -- '--plot needs gnuplot, which is not on PATH' "$T/err" ||
	die "compare --plot without gnuplot: $(cat "$T/err")"
[ ! -s "$T/out" ] && [ ! -e "$T/c.svg" ] || die "compare --plot without gnuplot wrote something"

rm -rf "$RES"/*
run_si --quick -c 1 --no-charts pipe
[ $rc -eq 0 ] || die "--no-charts exit $rc"
r=$(report)
[ -e "$r.svg" ] && die "--no-charts drew a chart"
grep -q 'gnuplot' "$T/err" && die "--no-charts still talks about gnuplot"

# compare: two runs with several samples each get verdicts.
rm -rf "$RES"/*
run_si -i 4 --duration 1 --settle 0 -c 1 pipe
a=$(report)
mv "$a" "$a.first"; for e in .csv .json .log .html .md .svg .png; do [ -e "$a$e" ] && mv "$a$e" "$a.first$e"; done
run_si -i 4 --duration 1 --settle 0 -c 1 pipe
b=$(report)
"$ROOT/Run" compare --long "$a.first" "$b" >"$T/cmp" 2>"$T/cmperr"
rc=$?
cat "$T/cmp" "$T/cmperr"
[ $rc -eq 0 ] || die "compare exit $rc"
grep -q '^Pipe Throughput .*\(faster\|slower\|equivalent\|inconclusive\)' "$T/cmp" || die "no verdict"
"$ROOT/Run" compare --format md "$a.first" "$b" | grep -q '^| Pipe Throughput' || die "Markdown table"
