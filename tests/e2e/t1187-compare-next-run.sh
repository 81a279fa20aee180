# compare --group-by: each pooled column's index score gets a 95 %
# prediction interval for the column's next run (issue 38: "what would I
# get again"), in text, Markdown, CSV, JSON and HTML; a column of one run
# gets none.  A stand-in Dhrystone runs at an exact speed per run (x 10^6
# lps) with a within-run spread of 1e-4 per sample, so each run's own
# variance is negligible beside the runs' spread.  Worked by hand for the
# label "x", runs at 1, 1.1, 1.2: y = ln speed = 0, 0.09531, 0.18232, mean
# 0.092543, s^2 = 0.0083160 (2 df); with v_i ~ 0 DerSimonian-Laird's tau^2
# is s^2, the HKSJ se^2 s^2 / 3, so the next run's se is s sqrt(1 + 1/3) =
# 0.105299 and t(0.975, 2) = 4.302653 makes it exp(mean -+ 0.453064).  The
# score is the one test's index, 10 x the rate / 116700 (about 85.69 x the
# speed; UnixBench's rule keeps a run's two fastest samples): 94.02 pooled,
# the next run 59.77 to 147.91 (-36.4 % to +57.3 %).
. tests/e2e/lib.sh
wrap_prog dhry2reg <<SH
n=\$(cat "$T/calls" 2>/dev/null || echo 0)
n=\$((n + 1))
echo \$n >"$T/calls"
awk -v s="\$(cat "$T/speed")" -v n="\$n" 'BEGIN { printf "COUNT|%d|1|lps\nTIME|1.0\n", s * 1000000 * (1 + n * 0.0001) }' >&2
exit 0
SH

one_run() {
	echo "$2" >"$T/speed"
	echo 0 >"$T/calls"
	run_driver -i 3 -c 1 --duration 1 --settle 0 --testdir "$T/testdir" dhry2reg
	[ $rc -eq 0 ] || die "run $1: exit $rc"
	cp "$(report).json" "$T/$1.json"
}
one_run x1 1
one_run x2 1.1
one_run x3 1.2
one_run y1 1.3
one_run y2 1.4
one_run y3 1.5

runs="--label x $T/x1.json --label x $T/x2.json --label x $T/x3.json"
runs="$runs --label y $T/y1.json --label y $T/y2.json --label y $T/y3.json"
for f in text md csv json html; do
	# shellcheck disable=SC2086 # $runs is a list of words
	"$ROOT/Run" compare --group-by label --format $f $runs >"$T/cmp.$f" 2>"$T/err" ||
		{ cat "$T/err"; die "compare --format $f: exit $?"; }
done
cat "$T/cmp.text"
grep -q "^Next run (95 % prediction from a column's runs" "$T/cmp.text" || die "text: no next-run block"
awk 'length > 100 { exit 1 }' "$T/cmp.text" || die "text: a line over 100 columns"
grep -q "^  x, System Benchmarks Index Score: 94\.0 from 3 runs; the next run between 59\.8 and 147\.9 (-36\.4 %$" \
	"$T/cmp.text" || die "text: x's next run: $(grep '^  x,' "$T/cmp.text")"
grep -q "^  y, System Benchmarks Index Score: " "$T/cmp.text" || die "text: no next run for y"
grep -q "^- x, System Benchmarks Index Score: 94\.0 from 3 runs; the next run between 59\.8 and 147\.9 (-36\.4 % to +57\.3 %)$" \
	"$T/cmp.md" || die "Markdown: x's next run"
grep -q "<li>Next run (95 % prediction from the column's runs): x, System Benchmarks Index Score: 94\.0" \
	"$T/cmp.html" || die "HTML: x's next run"
# CSV: the score row of x has the interval in its last two columns, a test row none.
head -1 "$T/cmp.csv" | grep -q ',next_run_low,next_run_high$' || die "CSV: no next-run columns"
awk -F, '$2 == "score" && $5 == "x" { lo = $(NF-1); hi = $NF }
	END { exit !(lo > 59.75 && lo < 59.78 && hi > 147.9 && hi < 147.92) }' "$T/cmp.csv" ||
	die "CSV: x's next run: $(grep '^1,score' "$T/cmp.csv")"
awk -F, '$2 == "test" && $NF != "" { bad = 1 } END { exit bad }' "$T/cmp.csv" ||
	die "CSV: a test row with a next run"
grep -q '"next_run_low": 59\.7[67]' "$T/cmp.json" || die "JSON: no next_run_low"
grep -q '"next_run_high": 147\.9[01]' "$T/cmp.json" || die "JSON: no next_run_high"
# Three columns: the matrix CSV has a low and a high column per input.
# shellcheck disable=SC2086
"$ROOT/Run" compare --group-by label --format csv $runs --label z "$T/x1.json" --label z "$T/x2.json" \
	--label z "$T/x3.json" >"$T/matrix.csv" 2>"$T/err" || { cat "$T/err"; die "matrix CSV"; }
head -1 "$T/matrix.csv" | grep -q ',next_run_low x,next_run_high x,next_run_low y,next_run_high y,next_run_low z,next_run_high z$' ||
	die "matrix CSV heads: $(head -1 "$T/matrix.csv")"
awk -F, '$2 == "score" { exit !($(NF-1) > 59.75 && $(NF-1) < 59.78 && $NF > 147.9 && $NF < 147.92) }' \
	"$T/matrix.csv" || die "matrix CSV: z's next run: $(grep '^1,score' "$T/matrix.csv")"

# One run a label: no spread between runs, no prediction.
"$ROOT/Run" compare --group-by label --label x "$T/x1.json" --label y "$T/y1.json" >"$T/one" 2>&1 ||
	die "compare of one run a label: $(cat "$T/one")"
grep -q "Next run" "$T/one" && die "a next run from one run: $(cat "$T/one")"
exit 0
