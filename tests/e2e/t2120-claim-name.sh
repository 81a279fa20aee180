# A run's name is free only when no file of the results folder holds it
# (issue 50): claim_name() looked only at the text report and the .log, so
# a folder holding a run's .json and .csv alone (the text report deleted,
# or copied without it) was overwritten by the next run.  Any file named
# <base>, <base>.<ext> or <base>-<more> (the charts) now keeps its name.
. tests/e2e/lib.sh
quick() { run_si --quick --duration 1 --settle 0 -c 1 --no-charts syscall >/dev/null; }
quick
[ $rc -eq 0 ] || die "first run: exit $rc"
b1=$(basename "$(report)")
case $b1 in *-01) ;; *) die "first run is $b1, want ...-01" ;; esac
pre=${b1%01}
# Only the record and the samples of run 01 stay; a chart of 02, a page of 03.
rm "$RES/$b1" "$RES/$b1.log" "$RES/$b1.html" "$RES/$b1.md"
cp "$RES/$b1.json" "$T/keep.json"
cp "$RES/$b1.csv" "$T/keep.csv"
echo chart >"$RES/${pre}02-paired.svg"
echo page >"$RES/${pre}03.html"
quick
[ $rc -eq 0 ] || die "second run: exit $rc"
ls "$RES"
cmp -s "$RES/$b1.json" "$T/keep.json" || die "run 01's .json was overwritten"
cmp -s "$RES/$b1.csv" "$T/keep.csv" || die "run 01's .csv was overwritten"
[ "$(cat "$RES/${pre}02-paired.svg")" = chart ] || die "a chart of 02 was overwritten"
[ "$(cat "$RES/${pre}03.html")" = page ] || die "03.html was overwritten"
if [ -f "$RES/${pre}04" ]; then
	:
elif ls "$RES" | grep -q -- "-01\$"; then
	die "the second run took a name whose files were there"
else
	note "the day changed between the runs: the names are not comparable"
fi
echo "PASS"
