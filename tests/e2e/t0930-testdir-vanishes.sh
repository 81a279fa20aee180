# The test directory goes away or turns read-only between two tests (acted
# on during the settle pause before fsbuffer-w, found by polling the log):
# that test fails cleanly with a message naming the cause, the rest of the
# run goes on, and the run ends with a report and valid JSON.
#  1. the run's scratch folder is removed: fsbuffer-w fails, the next test
#     gets a new scratch folder and runs;
#  2. the test dir becomes read-only (a tmpfs remounted ro as root, the
#     scratch folder chmod 555 otherwise): fsbuffer-w fails, syscall runs;
#  3. the whole test dir is removed: every test after it fails, with the reason.
. tests/e2e/lib.sh
TITLE='File Write 256 bufsize 500 maxblocks -- 1 copy'

# mid_run DIR ACTION: run pipe, fsbuffer-w, syscall in DIR; eval ACTION once
# fsbuffer-w's settle pause has begun ($scratch is the run's scratch folder).
mid_run() {
	dir=$1 action=$2
	rm -rf "$RES"/*
	"$ROOT/Run" --results "$RES" --testdir "$dir" -q --settle 1.5 --duration 1 -i 1 -c 1 \
		pipe fsbuffer-w syscall >"$T/out" 2>"$T/err" &
	pid=$!
	wait_log "^$TITLE" "$RES" 200 "fsbuffer-w never started"
	sleep 0.3
	scratch=$(sed -n 's/.*; scratch \(.*\)$/\1/p' "$RES"/*.log)
	[ -d "$scratch" ] || die "no scratch folder $scratch"
	eval "$action"
	wait $pid
	rc=$?
	cat "$T/out" "$T/err"
	[ $rc -eq 1 ] || die "$action: exit $rc, want 1 (a test failed)"
	r=$(report)
	expect_files "$r"
	check_json "$r.json"
	grep -q '^Pipe Throughput  *[0-9]' "$r" || die "$action: the test before is lost"
}
want() { grep -q "^$1  *FAILED.*$2" "$r" || die "report lacks '$1 FAILED ... $2'"; }

mid_run "$T/testdir" 'rm -rf "$scratch"'
want "File Write 256 bufsize 500 maxblocks" "cannot enter $scratch: No such file or directory"
grep -q '^System Call Overhead  *[0-9]' "$r" || die "syscall did not run after the scratch was removed"
grep -q 'had disappeared: created again' "$r.log" || die "the log does not say the scratch was made again"
[ -z "$(ls -A "$T/testdir")" ] || die "scratch left in the test dir"

if [ "$(id -u)" = 0 ]; then
	M=$T/mnt
	mkdir -p "$M"
	if mount -t tmpfs -o size=16m,mode=1777 sysindex-e2e "$M" 2>/dev/null; then
		trap 'umount "$M" 2>/dev/null; cleanup' EXIT
		mid_run "$M" 'mount -o remount,ro "$M"'
		want "File Write 256 bufsize 500 maxblocks" "Read-only file system"
		mount -o remount,rw "$M"
	else
		note "mounting a tmpfs is not permitted here: read-only case skipped"
		r=
	fi
else
	mid_run "$T/testdir" 'chmod 555 "$scratch"'
	want "File Write 256 bufsize 500 maxblocks" "Permission denied"
	chmod 755 "$scratch" 2>/dev/null
fi
[ -z "$r" ] || grep -q '^System Call Overhead  *[0-9]' "$r" ||
	die "syscall did not run after the test dir turned read-only"

mkdir -p "$T/gone"
mid_run "$T/gone" 'rm -rf "$T/gone"'
want "File Write 256 bufsize 500 maxblocks" "cannot enter $scratch: No such file or directory"
want "System Call Overhead" "cannot enter $scratch: No such file or directory"
no_strays
