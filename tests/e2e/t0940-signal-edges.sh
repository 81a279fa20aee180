# SIGINT, SIGTERM and SIGHUP at the edges of a run: right after start, as
# soon as the run has claimed its result name (before the first test ends),
# and while the report is being written (stdout is a full FIFO, so the
# driver is blocked writing the report when the signal comes).  Each time:
# exit 128+signal, valid JSON wherever a report was written, no scratch and
# no temporary file left, no process left.
. tests/e2e/lib.sh
export SYSINDEX_PGMDIR=$ROOT/pgms
# Every run below starts with SIGINT and SIGHUP at their defaults, as from
# an interactive shell, whatever this script inherited (a background job has
# SIGINT ignored; a CI job started under nohup has SIGHUP ignored, which the
# driver keeps ignoring on purpose: case 4).
default_int=
env --default-signal=INT,HUP true 2>/dev/null && default_int="env --default-signal=INT,HUP"
# Background jobs name the binary itself (no shell function), so that $! is
# sysindex and not a subshell.
# after SIG: what every interrupted run must leave behind.
after() {
	[ $rc -eq $want ] || die "SIG$1 $2: exit $rc, want $want"
	r=$(report)
	[ -z "$r" ] || check_json "$r.json"
	[ -z "$(ls -A "$T/testdir")" ] || die "SIG$1 $2: scratch left in the test dir"
	ls "$RES" | grep -q tmp && die "SIG$1 $2: temporary file left in results"
	no_strays
}
# claimed WHAT: wait until the run has claimed its result name (its log).
claimed() {
	n=0
	until ls "$RES"/*.log >/dev/null 2>&1; do
		n=$((n + 1)); [ $n -lt 200 ] || die "$1: the run never started"
		sleep 0.05
	done
}
for sig in INT TERM HUP; do
	case $sig in INT) want=130 ;; TERM) want=143 ;; HUP) want=129 ;; esac

	# 1. As soon as sysindex is exec'd: before or just after its handlers
	# are in place.  A background job starts with SIGINT ignored; env puts
	# the default back, as an interactive shell would have.
	if [ -n "$default_int" ] || [ $sig != INT ]; then
		rm -rf "$RES"/*
		$default_int "$ROOT/sysindex" --results "$RES" --testdir "$T/testdir" -q --quick -c 1 pipe \
			>"$T/out" 2>"$T/err" &
		pid=$!
		n=0
		until [ "$(readlink "/proc/$pid/exe" 2>/dev/null)" = "$ROOT/sysindex" ]; do
			n=$((n + 1)); [ $n -lt 5000 ] || die "SIG$sig: sysindex never started"
		done
		kill -$sig $pid
		wait $pid
		rc=$?
		after $sig "at start"
	fi

	# 2. Once the result name is claimed, long before the first test ends.
	rm -rf "$RES"/*
	$default_int "$ROOT/sysindex" --results "$RES" --testdir "$T/testdir" -q --quick -c 1 --duration 5 \
		pipe spawn >"$T/out" 2>"$T/err" &
	pid=$!
	claimed "SIG$sig"
	kill -$sig $pid
	wait $pid
	rc=$?
	after $sig "before the first test"
	[ -n "$r" ] || die "SIG$sig before the first test: no report"
	expect_files "$r"
	grep -q 'Interrupted by signal' "$r" || die "SIG$sig: report not marked interrupted"
	grep -q '^Pipe Throughput  *[0-9]' "$r" && die "SIG$sig: pipe cannot have finished"

	# 3. While writing the report: stdout is a FIFO whose buffer we filled.
	rm -rf "$RES"/* "$T/fifo"
	mkfifo "$T/fifo"
	exec 3<>"$T/fifo"
	dd if=/dev/zero of="$T/fifo" bs=4096 count=1024 oflag=nonblock 2>/dev/null
	$default_int "$ROOT/sysindex" --results "$RES" --testdir "$T/testdir" -q --quick -c 1 pipe \
		>"$T/fifo" 2>"$T/err" 3>&- &
	pid=$!
	wait_log '^>>>> Results of pipe' "$RES" 200 "SIG$sig: pipe never finished"
	sleep 0.5
	kill -0 $pid 2>/dev/null || die "SIG$sig: the driver did not block on its full stdout"
	kill -$sig $pid
	sleep 0.3
	cat "$T/fifo" >"$T/raw" 3>&- &
	cat=$!
	sleep 0.3
	exec 3>&-
	wait $pid
	rc=$?
	wait $cat
	tr -d '\000' <"$T/raw" >"$T/out"
	cat "$T/err"
	after $sig "while writing the report"
	[ -n "$r" ] || die "SIG$sig while writing: no report"
	expect_files "$r"
	cmp -s "$r" "$T/out" || die "SIG$sig while writing: saved report differs from stdout"
	grep -q '^Pipe Throughput  *[0-9]' "$r" || die "SIG$sig while writing: the finished test is lost"
done

# 4. Under nohup a hangup is ignored: the run goes on to its full report.
rm -rf "$RES"/*
nohup "$ROOT/sysindex" --results "$RES" --testdir "$T/testdir" -q --quick -c 1 --duration 3 pipe \
	>"$T/out" 2>"$T/err" &
pid=$!
claimed nohup
kill -HUP $pid
wait $pid
rc=$?
want=0
after HUP "under nohup"
[ -n "$r" ] || die "nohup: no report"
grep -q 'Interrupted by signal' "$r" && die "nohup: a hangup interrupted the run"
grep -q '^Pipe Throughput  *[0-9]' "$r" || die "nohup: the test did not finish"

# 5. Issue 41: the other signals whose default ends a process (SIGUSR1,
# SIGALRM, SIGXCPU as ulimit -t sends it, a real-time signal) end the run as
# SIGTERM does: exit 128+signal, a report marked interrupted, no scratch.
# Linux's numbers (dash's kill -l gives none; 34 is glibc's SIGRTMIN).
for sig in USR1:10 ALRM:14 XCPU:24 RTMIN:34; do
	num=${sig#*:}
	sig=${sig%:*}
	want=$((128 + num))
	rm -rf "$RES"/*
	"$ROOT/sysindex" --results "$RES" --testdir "$T/testdir" -q --quick -c 1 --duration 5 \
		pipe spawn >"$T/out" 2>"$T/err" &
	pid=$!
	claimed "SIG$sig"
	kill -$num $pid
	wait $pid
	rc=$?
	after $sig "before the first test"
	[ -n "$r" ] || die "SIG$sig: no report"
	grep -q 'Interrupted by signal' "$r" || die "SIG$sig: report not marked interrupted"
done

# ulimit -t sets the soft and hard CPU limits alike; at the hard one the
# kernel sends SIGKILL, so the driver lowers the soft one by a second: its
# SIGXCPU comes first and ends the run cleanly.
rm -rf "$RES"/*
( ulimit -t 50 && exec "$ROOT/sysindex" --results "$RES" --testdir "$T/testdir" -q --quick -c 1 \
	--duration 5 pipe ) >"$T/out" 2>"$T/err" &
pid=$!
claimed "ulimit -t"
lim=$(sed -n 's/^Max cpu time  *\([0-9]*\)  *\([0-9]*\).*/\1 \2/p' "/proc/$pid/limits")
kill -TERM $pid
wait $pid
[ "$lim" = "49 50" ] || die "ulimit -t 50: the driver's CPU limits are '$lim', want '49 50'"
