# compare: two single runs get no faster/slower, whatever their change
# (issue 38): each run's interval holds its own noise, not the spread between
# runs.  Every row is inconclusive with the reason, the change and the
# within-run interval are still shown (labelled), and the output says what
# answers the question instead.  Runs pooled with --group-by are judged.
. tests/e2e/lib.sh
R=$ROOT/tests/data/reports
# a and b: Dhrystone +10 % with sd 2 of 100 (far beyond either run's noise).
for f in text md csv json html; do
	"$ROOT/Run" compare --format $f "$R/a" "$R/b" >"$T/cmp.$f" 2>"$T/err" \
		|| { cat "$T/err"; die "compare, $f: exit $?"; }
	grep -E '(^|[ ",|>])(faster|slower)([ ",|<]|$)' "$T/cmp.$f" | grep -v 'faster or slower\|faster/slower\|0 faster, 0 slower' \
		&& die "a faster/slower verdict between single runs ($f)"
	grep -q 'single runs' "$T/cmp.$f" || die "$f output does not say why ($f)"
done
grep -q 'the between-run spread was not measured' "$T/err" || die "no reason on stderr"
grep -q -- '--repeat N' "$T/err" || die "no way out (--repeat N)"
"$ROOT/Run" compare --long "$R/a" "$R/b" >"$T/long" 2>/dev/null || die "compare --long"
grep -q '^Dhrystone 2 using register variables .*+10.00%  \[+8.04%, +12.00%\]  inconclusive: single runs$' \
	"$T/long" || die "the change and its within-run interval: $(cat "$T/long")"
tr '\n' ' ' <"$T/long" | grep -q 'the interval shown is within-run' || die "the interval not labelled within-run"
exit 0
