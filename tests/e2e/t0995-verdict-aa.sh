# The verdict rule on A/A inputs (stats/verdict.c): a paired run whose two
# directories get stand-in programs of equal speed (the host drifts 10 %
# from round to round, the two sides of a round differ by a fixed-seed
# +-0.05 %) gives no faster or slower row, and says "equivalent" through
# two one-sided tests with the method and the family's size stated; compare
# of two runs of one configuration gives no faster or slower row either.
# Also: --margin's bad input.
. tests/e2e/lib.sh
A=$T/a B=$T/b
mkdir -p "$A" "$B"
echo 0 >"$T/calls"

# A stand-in answers every call with a rate: round k's drift, and a
# pseudo-random wobble seeded by the call number (so the test cannot flake).
for prog in syscall; do
	wrap_prog $prog <<SH
n=\$(cat "$T/calls"); echo \$((n + 1)) >"$T/calls"
awk -v n="\$n" 'BEGIN { srand(n + 1); r = 1000000 * (1 + 0.1 * ((int(n / 2) % 5) - 2)) * (1 + 0.001 * (rand() - 0.5))
	printf "COUNT|%d|1|lps\nTIME|1.0\n", r }' >&2
exit 0
SH
done
run_driver -c 1 -i 10 --duration 1 --settle 0 --control --testdir "a=$A" --testdir "b=$B" syscall
[ $rc -eq 0 ] || die "A/A paired run: exit $rc"
r=$(report)
grep -q "^Paired comparison: 1 copy, baseline a" "$r" || die "paired block"
row=$(grep "^System Call Overhead  *b  " "$r") || die "no comparison row"
echo "$row" | grep -q " equivalent\$" || die "A/A row not equivalent: $row"
grep -E "^(System|File|Shell|Dhry|Pipe|Exec).* (faster|slower)\$" "$r" && die "a faster/slower verdict on A/A"
grep -q "^Verdicts: Holm-Shaffer over 1 comparison (2 p-values), one alpha 0.05 for every claim," "$r" ||
	die "method and family not stated"
check_json "$r.json"
grep -q '"verdict": "equivalent"' "$r.json" || die "JSON verdict"
grep -q '"verdict_family": 1' "$r.json" || die "JSON family"

# --margin: paired mode or compare only, inside (0, 50 %).
run_driver -c 1 --margin 2% syscall
[ $rc -eq 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ] || die "--margin without paired mode: exit $rc"
"$ROOT/Run" compare --margin 50 tests/data/reports/a tests/data/reports/b >"$T/out" 2>"$T/err" && die "compare --margin 50 accepted"
[ "$(wc -l <"$T/err")" -eq 1 ] && [ ! -s "$T/out" ] || die "compare --margin 50: not one line"

# compare of two runs of one configuration (one host, same options): no
# faster or slower row, at the default margin and at a narrow one.
D=tests/data/reports
for m in 2 0.5; do
	LC_ALL=C "$ROOT/Run" compare --long --margin "$m" $D/hosts/alpha-3f2a-1.txt $D/hosts/alpha-3f2a-2.txt \
		>"$T/cmp" 2>&1 || die "compare: $(cat "$T/cmp")"
	grep -E " (faster|slower)\$" "$T/cmp" && die "compare A/A at margin $m: faster/slower"
	# Single runs (issue 38): no row tested, and the method says why.
	grep -q "^Verdicts: none, single runs: the between-run spread was not measured" "$T/cmp" ||
		die "compare: method"
	grep -q " inconclusive: single runs\$" "$T/cmp" || die "compare: single runs"
	tr '\n' ' ' <"$T/cmp" | grep -q "margin +-$m%" || die "compare: margin"
done

# --precision in paired mode never stops below the 5 rounds a verdict needs:
# the two sides agree to +-0.05 %, so 3 rounds (t(2) x 0.3 % = 1.3 %) were
# already "precise" at 2 %, and every row said "inconclusive: 3 rounds".
run_driver -c 1 --precision 2% --duration 1 --settle 0 --control --testdir "a=$A" --testdir "b=$B" syscall
[ $rc -eq 0 ] || die "paired --precision 2%: exit $rc"
r=$(report)
row=$(grep "^System Call Overhead  *b  " "$r") || die "--precision: no comparison row"
echo "$row" | grep -q "inconclusive: [0-9]* rounds" && die "--precision stopped below a verdict: $row"
rounds=$(echo "$row" | sed 's/.* \([0-9][0-9]*\)  *equivalent.*/\1/')
[ "$rounds" -ge 5 ] 2>/dev/null || die "--precision 2%: $rounds rounds, want 5 or more: $row"
exit 0
