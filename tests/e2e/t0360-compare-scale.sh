#!/bin/sh
# compare at scale: eight pasted UnixBench reports of one machine fit 100
# columns with every change marked and the control tests' noise floor;
# Markdown, CSV and JSON of them; UnixBench runs judged from their .log
# files (6.0 and 5.1.3, beside the report or alone, an aborted run);
# --group-by host; and 50 inputs x 500 tests, fast and within 100 columns.
. tests/e2e/lib.sh
D=tests/data/reports
# The layout checked here is the C locale's ("+-"); a UTF-8 locale's sign is
# the unit tests' (test_compare.c, text_table).
LC_ALL=C
export LC_ALL

# check_text FILE: no line wider than 100 columns, every change marked
# ("+2.7% c", or "+2.7% +-1.3 =" where the samples give an interval).
check_text() {
	awk -v f="$1" '
	length($0) > 100 { printf "%s:%d: %d columns\n", f, NR, length($0); bad = 1 }
	/^Change against/ { inchg = 1; next }
	/^Marks:/ { inchg = 0 }
	inchg { for (i = 1; i <= NF; i++) if ($i ~ /^[-+][0-9.]+%$/) {
			j = $(i + 1) ~ /^\+-[0-9.]+$/ ? i + 2 : i + 1
			if ($j !~ /^[*=i?s!~c]$/) { printf "%s:%d: unmarked %s\n", f, NR, $i; bad = 1 }
			n++ } }
	END { if (n == 0) { print "no change cells"; bad = 1 } exit bad }' "$1"
}

note "eight UnixBench reports"
"$ROOT/Run" compare $D/ub8/*.txt >"$T/ub8" 2>"$T/ub8err" || die "compare exit $?: $(cat "$T/ub8err")"
cat "$T/ub8"
check_text "$T/ub8" || die "eight reports: layout"
grep -q 'CPU tests, which do not touch the disk, vary by up to [0-9.]*%' "$T/ub8" || die "no noise floor"
grep -q 'not a significance test' "$T/ub8" || die "noise floor not explained"
"$ROOT/Run" compare --format md $D/ub8/*.txt | grep -q '^| Test | Unit | B | C |' || die "Markdown changes"
[ "$("$ROOT/Run" compare --format csv $D/ub8/*.txt | wc -l)" -eq 27 ] || die "CSV matrix lines"
"$ROOT/Run" compare --format json $D/ub8/*.txt >"$T/ub8.json" || die "JSON"
check_json "$T/ub8.json"
"$ROOT/Run" compare --long --baseline 3 $D/ub8/*.txt >"$T/long" || die "--long --baseline"
grep -q '^File Copy 1024 bufsize 2000 maxblocks  *2  *bench01-3-tmpfs.txt .* baseline$' "$T/long" \
	|| die "--long: the baseline row: $(head -20 "$T/long")"
"$ROOT/Run" compare --baseline nosuch $D/ub8/*.txt >"$T/out" 2>"$T/err"
[ $? -eq 2 ] && [ ! -s "$T/out" ] || die "--baseline nosuch"

note "UnixBench logs"
"$ROOT/Run" compare --long $D/ublog/ub60-a $D/ublog/ub60-b.log $D/ublog/ub513-a \
	$D/ublog/ub60-aborted >"$T/ub" 2>&1 || die "compare of UnixBench logs: $(cat "$T/ub")"
cat "$T/ub"
grep -q '^Dhrystone 2 using register variables .*ub60-b .*\(faster\|slower\|equivalent\|inconclusive\|inconclusive: [0-9+.]* \(samples\|df\)\|inconclusive: single runs\)$' \
	"$T/ub" || die "no verdict from the .log"
grep -q 'UnixBench log' "$T/ub" || die "samples source"
grep -q '^System Benchmarks Index Score .*ub60-b .*\[.*\]  \(faster\|slower\|equivalent\|inconclusive\)' \
	"$T/ub" || die "the score is not judged from the .log samples"
grep -q 'ub60-aborted .*significance cannot be judged (1 sample)' "$T/ub" || die "aborted run"

note "--group-by host"
"$ROOT/Run" compare --group-by host $D/hosts/*.txt >"$T/hosts" 2>&1 || die "group-by: $(cat "$T/hosts")"
cat "$T/hosts"
grep -q '^  A = alpha: 3 runs' "$T/hosts" || die "group-by: alpha"
grep -q '^  C = web (id 8c1d2e3f): 2 runs' "$T/hosts" || die "group-by: two hosts called web"
check_text "$T/hosts" || die "group-by layout"

note "--group-by host over real runs: grouped by their Host identity line"
run_si -i 2 --duration 1 --settle 0 -c 1 pipe
a=$(report)
mv "$a" "$T/run1"
run_si -i 2 --duration 1 --settle 0 -c 1 pipe
mv "$(report)" "$T/run2"
grep -q '^Index score 95% CI (delta method): [0-9.]* to [0-9.]* ([-+][0-9.]*% [-+][0-9.]*%, df [0-9.]*)$' \
	"$T/run1" || die "two samples give the score an interval: $(grep 'Index score' "$T/run1")"
id=$(sed -n 's/^   Host identity: id \([0-9a-f]\{16\}\), virt .*/\1/p' "$T/run1")
"$ROOT/Run" compare --group-by host --format json "$T/run1" "$T/run2" $D/ub8/*.txt >"$T/g.json" \
	2>"$T/g.err" || die "group-by of real runs: $(cat "$T/g.err")"
check_json "$T/g.json"
if [ -n "$id" ]; then
	grep -q "\"host_id\": \"$id\"" "$T/g.json" || die "host id $id not read back"
fi
grep -q '"runs": 2' "$T/g.json" || die "the two real runs are not one host"
grep -q '"runs": 8' "$T/g.json" || die "the eight UnixBench reports are not one host"

note "50 inputs x 500 tests"
mkdir -p "$T/big"
i=0
while [ $i -lt 50 ]; do
	awk -v i=$i 'BEGIN {
		print "   BYTE UNIX Benchmarks (Version 6.0.0)\n\n   System: big: GNU/Linux\n"
		print "2 CPUs in system; running 1 parallel copy of tests\n"
		for (k = 0; k < 500; k++)
			printf "%-40s %12.1f %-5s (10.0 s, 7 samples)\n", "Synthetic test " k, 1000 + 10 * k + 3.5 * i, "lps"
	}' >"$T/big/run$(printf %02d $i)"
	i=$((i + 1))
done
t0=$(date +%s%N)
"$ROOT/sysindex" compare "$T"/big/run* >"$T/bigout" 2>"$T/bigerr" || die "50 x 500: $(cat "$T/bigerr")"
t1=$(date +%s%N)
ms=$(( (t1 - t0) / 1000000 ))
echo "50 inputs x 500 tests: $ms ms (a loaded machine; figures: bench/compare-scale.sh)"
[ $ms -lt 5000 ] || die "50 x 500 took $ms ms"
check_text "$T/bigout" || die "50 x 500 layout"
grep -q '^  run49 = ' "$T/bigout" || die "50 x 500: key"
exit 0
