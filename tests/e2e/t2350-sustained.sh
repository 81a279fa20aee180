# --sustained (issue 52): a stand-in disk program (fake-disk, on the disk
# programs' own main) gives 200 MB/s until 0.6 s, then 100.  With 0.2 s
# intervals and a 1 s ramp, the first window past the ramp (intervals 5..9)
# is flat at 100: steady at 2.0 s, sustained 100; the last interval off
# the band is the third (0.4-0.6 s): the change at 0.6 s, burst ~200.
# Without a drop nothing changes (steady at 2.0 s: the first window past the
# ramp).  The default run passes no -R; the test
# directory is empty afterwards; bad limits get one line and exit 2.
. tests/e2e/lib.sh
F=$ROOT/build/fakepgms
[ -x "$F/fake-disk" ] || die "build/fakepgms/fake-disk not built (make e2e builds it)"
wrap_prog seqwrite-dsync <<SH
exec "$F/fake-disk" "\$@"
SH

opts="--sustained --ramp 1 --sustained-max 6 --sustained-interval 200 --disk-size 16M"
# shellcheck disable=SC2086 # $opts is a list of words
FAKE_DISK_DROP=0.6 run_driver $opts --progress none --testdir "$T/testdir" seqwrite-dsync
[ $rc -eq 0 ] || die "sustained run: exit $rc"
R=$(report)
grep -q "seqwrite-dsync -t 6 -f .* -s [0-9]* -R 1 -I 200" "$R.log" || die "no -R -I in the command"
sentence=$(grep -A3 "^Seq Write 1 MiB O_DSYNC" "$R" | tr -s ' \n' ' ')
echo "$sentence"
echo "$sentence" | grep -q "sustained 100 MB/s (-[0-9.]* %): steady at 2\.0 s, the rate changed at 0\.6 s" ||
	die "text: no burst/sustained/change sentence"
# The interval the drop falls in mixes both rates (how much depends on the
# timer's slack): the burst is 150 to 200.
echo "$sentence" | grep -q "burst 1[5-9][0-9][0-9.]* MB/s\|burst 200 MB/s" || die "text: burst not 150..200"
echo "$sentence" | grep -q "5 intervals of 0\.2 s after a 1 s ramp, each within 20 % of their mean, their slope within 10 %" ||
	die "text: the rule is not stated"
grep -q "^Seq Write 1 MiB O_DSYNC  *100\.0 MB/s" "$R" || die "text: the headline is not the sustained rate"
grep -q "Mode: sustained: the disk tests past a 1 s ramp until steady or 6 s, a point every 200 ms$" "$R" || die "no mode line"
grep -q "^\*\*Burst or sustained\*\*" "$R.md" || die "Markdown: no sustained block"
grep -q "steady at 2\.0 s, the rate changed at 0\.6 s" "$R.md" || die "Markdown: no sentence"
grep -q "steady at 2\.0 s, the rate changed at 0\.6 s" "$R.html" || die "HTML: no sentence"
check_json "$R.json"
grep -q '"name": *"change_at_s"' "$R.json" || die "JSON: no change_at_s metric"
grep -q "^INTERVAL|2\.[0-9]*|100|MB/s|" "$R.log" || die "log: no INTERVAL lines"
[ -z "$(ls -A "$T/testdir")" ] || die "test dir not empty: $(ls -A "$T/testdir")"
# The series: in the record (read back by compare), drawn in the HTML and
# by gnuplot.
python3 - "$R.json" <<'PY' || die "JSON: the series"
import json, sys
d = json.load(open(sys.argv[1]))
s = d["runs"][0]["tests"][0]["samples"][0]["series"]
assert len(s) == 10, len(s)
assert abs(s[0]["rate"] - 200) < 1e-6 and abs(s[-1]["rate"] - 100) < 1e-6, s
assert abs(s[-1]["t"] - 2.0) < 0.5 and s[-1]["io_us"] > 0, s[-1]
PY
grep -q '<svg[^>]*aria-label="Seq Write 1 MiB O_DSYNC: rate per interval over time"' "$R.html" ||
	die "HTML: no series chart"
grep -q '<polyline' "$R.html" || die "HTML: no line drawn"
grep -q ">change 0.6 s<" "$R.html" || die "HTML: no change mark"
"$ROOT/Run" compare "$R.json" "$R.json" >"$T/cmp" 2>&1 || { cat "$T/cmp"; die "compare cannot read the record"; }
if command -v gnuplot >/dev/null 2>&1; then
	[ -s "$R-sustained.svg" ] || die "no $R-sustained.svg"
	grep -q '"sustained": *true' "$R.json" || die "JSON: charts.sustained"
fi

# shellcheck disable=SC2086 # $opts is a list of words
FAKE_DISK_DROP=1000 run_driver $opts --progress none --testdir "$T/testdir" seqwrite-dsync
[ $rc -eq 0 ] || die "steady run: exit $rc"
grep -A3 "^Seq Write" "$(report)" | tr -s ' \n' ' ' | grep -q "burst 200 MB/s, sustained 200 MB/s (+0\.0 %): steady at 2\.0 s, no change from the burst" ||
	die "no drop: $(grep -A3 '^Seq Write' "$(report)")"

# A real disk program in the mode: intervals, a summary, the file gone.
run_driver --sustained --ramp 0 --sustained-max 3 --sustained-interval 100 --disk-size 16M \
	--progress none --testdir "$T/testdir" randread-4k-qd1
[ $rc -eq 0 ] || die "randread-4k-qd1 --sustained: exit $rc"
grep -q "^INTERVAL|0\.[0-9]*|[0-9.e+]*|IOPS|[0-9.e+]*$" "$(report).log" || die "randread: no INTERVAL lines"
grep -A3 "^Random Read 4 KiB QD1" "$(report)" | tr -s ' \n' ' ' | grep -q "sustained [0-9.e+]* IOPS (" ||
	die "randread: no sentence"
[ -z "$(ls -A "$T/testdir")" ] || die "randread: test dir not empty: $(ls -A "$T/testdir")"

run_driver --disk-size 16M -i 1 --duration 1 --progress none --testdir "$T/testdir" seqwrite-dsync
[ $rc -eq 0 ] || die "default run: exit $rc"
grep -q "seqwrite-dsync -t 1 -f .* -s [0-9]*$" "$(report).log" || die "default run: the command changed"
grep -q "burst\|Burst" "$(report)" && die "default run: a sustained sentence"

for bad in "--sustained --ramp 5 --sustained-max 6" "--ramp 3" "--sustained --time-budget 2" \
	"--sustained --sustained-interval 10"; do
	# shellcheck disable=SC2086 # $bad is a list of words
	run_driver $bad --testdir "$T/testdir" seqwrite-dsync
	[ $rc -eq 2 ] || die "$bad: exit $rc, not 2"
	[ "$(wc -l <"$T/err")" -eq 1 ] || die "$bad: not one line"
done
exit 0
