# Two ./Run started at once with the same results and test dirs: both
# complete, under different result names, each with its own scratch folder,
# and neither leaves anything in the test dir.
. tests/e2e/lib.sh
for n in 1 2; do
	"$ROOT/Run" --results "$RES" --testdir "$T/testdir" -q --quick -c 1 pipe \
		>"$T/out$n" 2>"$T/err$n" &
	eval "pid$n=\$!"
done
wait $pid1; rc1=$?
wait $pid2; rc2=$?
cat "$T/err1" "$T/err2"
[ $rc1 -eq 0 ] || die "first run: exit $rc1"
[ $rc2 -eq 0 ] || die "second run: exit $rc2"
reports=$(ls "$RES" | grep -v '\.')
[ "$(echo "$reports" | wc -l)" -eq 2 ] || die "want 2 reports, got: $reports"
for r in $reports; do
	expect_files "$RES/$r"
	check_json "$RES/$r.json"
	grep -q '^Pipe Throughput  *[0-9]' "$RES/$r" || die "$r: no pipe result"
done
# Each run printed its own report, and each report is one of the saved ones.
for n in 1 2; do
	found=
	for r in $reports; do cmp -s "$T/out$n" "$RES/$r" && found=$r; done
	[ -n "$found" ] || die "stdout of run $n matches no saved report"
done
s1=$(sed -n 's/.*; scratch \(.*\)$/\1/p' "$RES"/*.log | head -n 1)
s2=$(sed -n 's/.*; scratch \(.*\)$/\1/p' "$RES"/*.log | tail -n 1)
[ -n "$s1" ] && [ -n "$s2" ] || die "logs do not name their scratch folders"
[ "$s1" != "$s2" ] || die "both runs used scratch $s1"
ls "$RES" | grep -q tmp && die "temporary file left in results"
[ -z "$(ls -A "$T/testdir")" ] || die "scratch left in the test dir: $(ls -A "$T/testdir")"
no_strays
