# compare of two --repeat runs shows each test's row pooled over its passes,
# with its interval over them, and judges none (issue 38: the passes of one
# run scatter less than whole runs do, bench/between-runs.md: 4 of 20 A/A
# pairs of --repeat 5 runs got a false verdict).  From the records, which
# say which pass each sample was taken in, a test's figure is pooled over
# its passes.  A stand-in Dhrystone reports exact rates (a TIME of 1 s): run
# A's three passes go at 1, 1.5 and 1 (x 10^6 lps), B's at 1.5, 1, 1.5, C's
# at 3, 4.5, 3.  Worked by hand: A and B pool to 1.5^(1/3) and 1.5^(2/3), a
# change of +14.5 % whose SE over the passes, sqrt(2 x 0.01827) on 4 df,
# gives the interval -32.7 % to +94.6 %.  C is 3 times A: +200 %, shown, not
# judged: one run a side.  Pooled with --group-by (two runs a side) the runs
# are the unit and the rows are judged.
. tests/e2e/lib.sh
# $T/speeds: the three passes' speeds; calls 1-3 are pass 1's samples, 4-6 pass 2's, ...
wrap_prog dhry2reg <<SH
n=\$(cat "$T/calls" 2>/dev/null || echo 0)
n=\$((n + 1))
echo \$n >"$T/calls"
set -- \$(cat "$T/speeds")
p=\$(( (n - 1) / 3 + 1 ))
eval s=\\\${\$p}
awk -v s="\$s" 'BEGIN { printf "COUNT|%d|1|lps\nTIME|1.0\n", s * 1000000 }' >&2
exit 0
SH

one_run() {
	echo "$2" >"$T/speeds"
	echo 0 >"$T/calls"
	run_driver --repeat 3 -i 3 -c 1 --duration 1 --settle 0 --testdir "$T/testdir" dhry2reg
	[ $rc -eq 0 ] || die "run $1: exit $rc"
	[ "$(cat "$T/calls")" -eq 9 ] || die "run $1: $(cat "$T/calls") samples, want 3 x 3"
	cp "$(report)" "$T/$1.txt"
	cp "$(report).json" "$T/$1.json"
	grep -q '"repeat_pass": 3' "$T/$1.json" || die "run $1: the samples' passes not recorded"
}
one_run A "1 1.5 1"
one_run B "1.5 1 1.5"
one_run C "3 4.5 3"

row() { grep "^Dhrystone 2 using register variables .*$1" "$T/cmp"; }
"$ROOT/Run" compare --long "$T/A.json" "$T/B.json" >"$T/cmp" 2>"$T/cmperr" ||
	{ cat "$T/cmperr"; die "compare A B"; }
cat "$T/cmp" "$T/cmperr"
row B | grep -q -- "+14\.47%  \[-32\.67%, +94\.61%\]  inconclusive: single runs$" ||
	die "A/B: the test row's interval over the passes: $(row B)"
grep -q "Between --repeat runs no row is tested either" "$T/cmp" ||
	die "A/B: what the verdicts rest on"
"$ROOT/Run" compare --long "$T/A.json" "$T/C.json" >"$T/cmp" 2>"$T/cmperr" ||
	{ cat "$T/cmperr"; die "compare A C"; }
cat "$T/cmp"
row C | grep -q -- "+200\.00%  *\[+76\.46%, +410\.03%\]  *inconclusive: single runs$" ||
	die "A/C: the test row: $(row C)"
grep -q "^System Benchmarks Index Score  *1  C .*+200\.00%  *\[+76\.46%, +410\.03%\]  *inconclusive: single runs$" \
	"$T/cmp" || die "A/C: the score row"

# Two runs a side pooled with --group-by: the runs are the unit, judged.
"$ROOT/Run" compare --group-by label --label slow "$T/A.json" --label slow "$T/B.json" \
	--label fast "$T/C.json" --label fast "$T/C.json" >"$T/cmp" 2>"$T/cmperr" ||
	{ cat "$T/cmperr"; die "compare --group-by"; }
cat "$T/cmp" "$T/cmperr"
grep -q "inconclusive: single runs" "$T/cmp" && die "pooled runs treated as single runs"
# Their spread is between runs (two a side), not one run's passes.
"$ROOT/Run" compare --long --group-by label --label slow "$T/A.json" --label slow "$T/B.json" \
	--label fast "$T/C.json" --label fast "$T/C.json" >"$T/cmp" 2>"$T/cmperr" ||
	{ cat "$T/cmperr"; die "compare --long --group-by"; }
cat "$T/cmp"
grep -q "passes" "$T/cmp" && die "pooled runs counted as passes"
grep -q "^System Benchmarks Index Score .*inconclusive: 2+2 runs$" "$T/cmp" ||
	die "the pooled score's runs: $(grep '^System' "$T/cmp")"
grep -q "^Dhrystone 2 using register variables .*inconclusive: 2+2 runs$" "$T/cmp" ||
	die "the pooled test row's runs: $(grep '^Dhrystone' "$T/cmp")"
exit 0
