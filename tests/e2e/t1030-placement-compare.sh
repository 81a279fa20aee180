# compare reads context1 reports of both layouts: the old one (a placement
# line under the result, inside UnixBench's block) and the current one (the
# Placement block after the statistics), and takes nothing from either
# placement text for a test row.  Functional checks, not figures.
. tests/e2e/lib.sh

run_si --quick -c 1 -c 2 context1
[ $rc -eq 0 ] || die "context1 exit $rc"
new=$(report)
grep -q '^Placement (read during each sample)' "$new" || die "no Placement block in $new"
old=$ROOT/tests/data/reports/context1-placement-old.txt
# The fresh run's 1-copy result as the text report has it.
b=$(awk '/running 1 parallel copy/ { on = 1 }
	on && /^Pipe-based Context Switching .* lps / { print $4; exit }' "$new")
[ -n "$b" ] || die "no 1-copy result in $new"

"$ROOT/Run" compare "$old" "$new" >"$T/cmp" 2>"$T/cmp.err"
crc=$?
cat "$T/cmp" "$T/cmp.err"
[ $crc -eq 0 ] || die "compare exit $crc"
grep -q "^Pipe-based Context Switching  *lps  *66209\.0  *$b\$" "$T/cmp" ||
	die "compare's 1-copy row lacks the old report's 66209.0 and the new $b"
grep -q '^-- 2 parallel copies --' "$T/cmp" || die "compare lost the 2-copy block"
# Only the test and the score: no row from either report's placement text.
rows=$(sed -n '/^Values/,/^$/p' "$T/cmp" | grep -c -v -e '^Values' -e '^Test ' -e '^--' -e '^$')
[ "$rows" -eq 4 ] || die "compare's values table has $rows rows, want 4"
echo ok
