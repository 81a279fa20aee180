# Issue 41, defect 5: a result of 1e308 (a CSV's rates) is shown compactly
# (1.0000e+308) in every format of compare, not as a 309-digit number that
# breaks the text layout's 100 columns; ordinary figures keep one decimal.
. tests/e2e/lib.sh
R=$ROOT/tests/data/reports
mkdir -p "$T/d"
sed 's/,10,[0-9.]*,lps/,10,1e308,lps/' "$R/csvrun.csv" >"$T/d/huge.csv"
grep -q ',1e308,' "$T/d/huge.csv" || die "no 1e308 rate in the fixture"
for f in text md csv json html; do
	for long in "" --long; do
		"$ROOT/Run" compare --format $f $long "$R/csvrun.csv" "$T/d/huge.csv" >"$T/out" 2>"$T/err" ||
			{ cat "$T/err"; die "compare --format $f $long: exit $?"; }
		grep -q '[0-9]\{20\}' "$T/out" "$T/err" &&
			{ grep '[0-9]\{20\}' "$T/out" "$T/err" | cut -c1-160; die "a 20-digit run in compare --format $f $long"; }
	done
done
"$ROOT/Run" compare "$R/csvrun.csv" "$T/d/huge.csv" >"$T/out" 2>/dev/null || die "compare"
cat "$T/out"
grep -q '1\.0000e+308' "$T/out" || die "the huge figure is not shown compactly"
grep -q '50128294\.8' "$T/out" || die "an ordinary figure lost its one decimal"
awk 'length($0) > 100 && /1\.0000e\+308/ { bad = 1; print } END { exit bad }' "$T/out" ||
	die "a row with the huge figure is wider than 100 columns"
exit 0
