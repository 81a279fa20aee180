# The results folder fills up while the run is measuring (a tmpfs, filled
# from outside once the last test has started): the report is still printed
# on stdout, the files already written stay intact, no temporary file is
# left, and the exit status says something failed.  Twice: with no room at
# all, and with room for the text report only (two 4 KiB pages: with the
# host's state and CPU limits in its header it is over 4 KiB).  Root only.
. tests/e2e/lib.sh
[ "$(id -u)" = 0 ] || skip "not root: cannot mount a tmpfs (run make check as root to cover this)"
M=$T/mnt
mkdir -p "$M"
mount -t tmpfs -o size=2m,mode=1777 sysindex-e2e "$M" 2>/dev/null ||
	skip "mounting a tmpfs is not permitted here"
trap 'umount "$M" 2>/dev/null; cleanup' EXIT

# fill_run PAGES: a 3 s pipe run; once it measures, leave PAGES free pages.
fill_run() {
	rm -rf "$M"/*
	"$ROOT/Run" --results "$M" --testdir "$T/testdir" -q --quick --duration 3 -c 1 pipe \
		>"$T/out" 2>"$T/err" &
	pid=$!
	wait_log '^#### Pass 1' "$M" 100 "the run never started measuring"
	cp "$M"/*.log "$T/log.before"
	dd if=/dev/zero of="$M/fill" bs=4096 2>/dev/null
	[ "$1" -eq 0 ] || truncate -s -$(($1 * 4096)) "$M/fill"
	kill -0 $pid 2>/dev/null || die "the run ended before the folder was full"
	wait $pid
	rc=$?
	cat "$T/out" "$T/err"
	[ $rc -eq 1 ] || die "$1 free pages: exit $rc, want 1"
	grep -q '^System Benchmarks Index Score\|^Pipe Throughput  *[0-9]' "$T/out" ||
		die "$1 free pages: no report on stdout"
	grep -q 'No space left on device' "$T/err" || die "$1 free pages: ENOSPC not reported"
	ls "$M" | grep -q tmp && die "$1 free pages: temporary file left: $(ls "$M")"
	log=$(ls "$M"/*.log)
	# The log written before the disk filled is intact (only appended to).
	head -c "$(wc -c <"$T/log.before")" "$log" | cmp -s - "$T/log.before" ||
		die "$1 free pages: the log lost what it had"
	base=${log%.log}
	# Whatever result file was written is whole.
	[ ! -e "$base" ] || cmp -s "$base" "$T/out" || die "$1 free pages: saved report differs from stdout"
	[ ! -e "$base.json" ] || check_json "$base.json"
}
fill_run 0
[ ! -e "$base" ] || die "no room, yet the report was written"
fill_run 2
[ -s "$base" ] || die "room for the text report, yet it was not written"
[ ! -e "$base.html" ] || die "the HTML report cannot have fitted"
[ -z "$(ls -A "$T/testdir")" ] || die "scratch left in the test dir"
no_strays
