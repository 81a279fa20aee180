# compare's matrix of changes printed each interval as change +- (hi - lo)/2,
# which for a wide interval on the log scale misstates both ends ("+11.5%
# +-142.2" for -61.5..+222.9 %; issue 48, item 5).  A lopsided interval
# now prints its two ends, the same as the CSV's ci_low_pct/ci_high_pct;
# a near-symmetric one keeps its +-, and the legend says what [lo%, hi%] is.
. tests/e2e/lib.sh
R=$ROOT/tests/data/reports
# Pipe Throughput of the second input: 3 samples, sd 70 % of the mean.
sed 's/^Pipe Throughput  *10  *1400000.0  *28000.0 .*/Pipe Throughput                            3    1400000.0     980000.0    10.00%  70.00%  /' \
	"$R/a" >"$T/wide"
grep -q "^Pipe Throughput  *3  *1400000.0  *980000.0" "$T/wide" || die "the fixture did not change"
LANG=C "$ROOT/Run" compare "$R/a" "$T/wide" "$R/a" >"$T/out" 2>"$T/err" || { cat "$T/err"; die "compare"; }
LANG=C "$ROOT/Run" compare --long --format csv "$R/a" "$T/wide" >"$T/csv" 2>"$T/err" ||
	{ cat "$T/err"; die "compare --format csv"; }
sed -n '/^Change against/,/^Marks/p' "$T/out" >"$T/changes"
pipe=$(grep "^Pipe Throughput" "$T/changes") || { cat "$T/out"; die "no Pipe row"; }
# Its ends, as the CSV has them to one decimal.
want=$(awk -F, '$3 == "Pipe Throughput" && $4 == 2 {
	printf "[%+.1f%%, %+.1f%%]", $15, $16 }' "$T/csv")
[ -n "$want" ] || die "no interval in the CSV"
case $pipe in
*"$want"*) ;;
*) die "Pipe Throughput: want its ends $want in: $pipe" ;;
esac
# The ends lie unevenly about the change (that is why they are printed).
echo "$want" | awk -F'[][%, ]+' '{ lo = $2; hi = $3; if (!(hi + lo > 10)) exit 1 }' ||
	die "the fixture's interval is not lopsided: $want"
# One +- on the row: the third input's, not the lopsided cell's.
[ "$(echo "$pipe" | grep -o -- "+-" | wc -l)" -eq 1 ] || die "the lopsided cell has a +-: $pipe"
# The other input's Pipe cell and the narrow rows keep their +-.
grep -q "^Dhrystone 2 using register variables .*+0.0% +-[0-9.]* r .*+0.0% +-[0-9.]* r" "$T/changes" ||
	{ cat "$T/changes"; die "a narrow interval lost its +-"; }
grep -q "^  \[lo%, hi%\]: the two ends of that interval" "$T/out" ||
	{ cat "$T/out"; die "no legend for [lo%, hi%]"; }
# Without a lopsided interval, no such legend.
LANG=C "$ROOT/Run" compare "$R/a" "$R/a" "$R/a" >"$T/out2" 2>/dev/null || die "compare a a a"
grep -q "\[lo%, hi%\]" "$T/out2" && die "the [lo%, hi%] legend without such a cell"
echo "PASS"
