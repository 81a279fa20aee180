# SIGINT or SIGTERM mid-run: children killed, scratch removed, a partial
# report marked as interrupted, valid JSON, exit 128+signal.
. tests/e2e/lib.sh
for sig in INT TERM HUP; do
	rm -rf "$RES"/*
	"$ROOT/Run" --results "$RES" --testdir "$T/testdir" -q --settle 0 --duration 3 -i 1 -c 1 pipe spawn syscall >"$T/out" 2>"$T/err" &
	pid=$!
	# Signal once the first test has finished, mid-way through the second.
	wait_log '^>>>> Results of pipe' "$RES" 600 "SIG$sig: pipe never finished"
	sleep 1
	kill -$sig $pid
	wait $pid
	rc=$?
	case $sig in INT) want=130 ;; TERM) want=143 ;; HUP) want=129 ;; esac
	[ $rc -eq $want ] || die "SIG$sig: exit $rc, want $want"
	r=$(report)
	[ -n "$r" ] || die "SIG$sig: no report"
	expect_files "$r"
	check_json "$r.json"
	grep -q 'Interrupted by signal' "$r" || die "SIG$sig: report not marked interrupted"
	grep -q '^Pipe Throughput  *[0-9]' "$r" || die "SIG$sig: the finished test is lost"
	[ -z "$(ls "$T/testdir")" ] || die "SIG$sig: scratch left behind"
	ls "$RES" | grep -q tmp && die "SIG$sig: temporary file left in results"
	no_strays
done
