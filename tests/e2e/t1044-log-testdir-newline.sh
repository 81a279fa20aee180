# Issue 41, defect 5: a test dir whose name holds a newline is written on one
# line in the .log (octal escape, "\012"), as the text report writes it.
. tests/e2e/lib.sh
d="$T/bench
dir"
mkdir -p "$d"
run_si --testdir "$d" --quick -c 1 --no-charts fstime
[ $rc -eq 0 ] || die "exit $rc"
log=$(report).log
grep -q 'bench\\012dir' "$(report)" || die "the text report does not escape the newline"
grep -q 'scratch .*bench\\012dir/sysindex-' "$log" || { head -n 3 "$log"; die "the log's scratch line"; }
grep -q '==> .*bench\\012dir/sysindex-' "$log" || die "the log's command line"
grep -q '^dir' "$log" && { grep -n '^dir' "$log"; die "a test dir's newline split a line of the log"; }
exit 0
