# lib.sh: helpers for the end-to-end tests (POSIX sh).  Each test sources it
# from the repository root; everything it writes goes under a fresh $T that
# is removed on exit.
set -u
ROOT=$(pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/sysindex-e2e.XXXXXX") || exit 1
RES=$T/results
mkdir -p "$RES" "$T/testdir"
cleanup() { [ -n "${KEEP:-}" ] || rm -rf "$T"; }
trap cleanup EXIT
trap 'exit 1' INT TERM

die() { echo "FAIL: $*"; exit 1; }
skip() { echo "$*"; exit 77; }
note() { echo "--- $*"; }

# run_si ARGS...: ./Run with private results and test dirs; sets $rc.  ARGS
# that name a --testdir get no other (two would be paired mode).
run_si() {
	note "./Run $*"
	run_si_own=
	for run_si_arg in "$@"; do   # names no test uses: sh has no local variables
		case $run_si_arg in --testdir | --testdir=*) run_si_own=1 ;; esac
	done
	if [ -n "$run_si_own" ]; then
		"$ROOT/Run" --results "$RES" "$@" >"$T/out" 2>"$T/err"
	else
		"$ROOT/Run" --results "$RES" --testdir "$T/testdir" "$@" >"$T/out" 2>"$T/err"
	fi
	rc=$?
	cat "$T/out"; echo "--- stderr:"; cat "$T/err"
	return 0
}

# report: the single text report written into $RES.
report() {
	ls "$RES" | grep -v '\.' | head -n 1 | sed "s|^|$RES/|"
}

# wrap_prog NAME <<SH ... SH: $P (= $T/pgms) holds a link to every built
# program, except NAME: a shell wrapper that first runs the lines on stdin
# (say, a case on "$*" that answers for the program) and otherwise the
# real program.  For run_driver.
wrap_prog() {
	P=$T/pgms
	mkdir -p "$P"
	for f in "$ROOT"/pgms/*; do [ -e "$P/${f##*/}" ] || ln -s "$f" "$P/"; done
	rm -f "$P/$1"
	{ echo '#!/bin/sh'; cat; echo "exec \"$ROOT/pgms/$1\" \"\$@\""; } >"$P/$1"
	chmod +x "$P/$1"
}

# run_driver ARGS...: the driver itself with $P's programs (./Run would set
# SYSINDEX_PGMDIR to pgms/), into an emptied $RES; sets $rc.
run_driver() {
	rm -rf "$RES"/*
	SYSINDEX_PGMDIR=$P "$ROOT/sysindex" --results "$RES" "$@" >"$T/out" 2>"$T/err"
	rc=$?
	cat "$T/out" "$T/err"
}

# expect_files BASE: every result file of a run exists and is non-empty.
expect_files() {
	for ext in "" .log .json .csv .html .md; do
		[ -s "$1$ext" ] || die "missing result file $1$ext"
	done
}

# check_json FILE: parses as JSON (python3 when present).
check_json() {
	if command -v python3 >/dev/null 2>&1; then
		python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$1" || die "invalid JSON: $1"
	fi
}

# check_consistency REPORT: every index = 10 x result / baseline and each
# score = geometric mean of its indexes (to the printed precision).
check_consistency() {
	awk '
	function abs(x) { return x < 0 ? -x : x }
	/Index Values|Partial Index/ { intable = 1; n = 0; s = 0; next }
	intable && /========/ { next }
	intable && /Index Score/ {
		score = $NF; g = (n > 0) ? exp(s / n) : 0
		if (abs(g - score) > 0.051 + score * 0.0005) { printf "score %s != geomean %.2f\n", score, g; bad = 1 }
		intable = 0; tables++; next
	}
	intable && NF >= 4 && $(NF-2) != "---" {
		base = $(NF-2); res = $(NF-1); idx = $NF
		want = 10 * res / base
		if (abs(want - idx) > 0.051 + want * 0.0005) { printf "index %s != 10*%s/%s\n", idx, res, base; bad = 1 }
		n++; s += log(idx)
	}
	END { if (tables == 0) { print "no index table"; bad = 1 } exit bad }' "$1" || die "inconsistent report $1"
}

# no_strays [DIR]: no process is left whose working directory or program lies
# under DIR, by default this test's folder $T (test programs run in a scratch
# folder inside it).
no_strays() {
	dir=${1:-$T}
	sleep 0.5
	left=
	for p in /proc/[0-9]*; do
		cwd=$(readlink "$p/cwd" 2>/dev/null) || continue
		exe=$(readlink "$p/exe" 2>/dev/null) || exe=
		case "$cwd $exe" in
		*"$dir"*) left="$left ${p#/proc/}" ;;
		esac
	done
	[ -z "$left" ] && return 0
	for p in $left; do ps -o pid,ppid,stat,args -p "$p" | tail -n +2; done
	die "processes left behind:$left"
}

# wait_log PATTERN DIR TENTHS MESSAGE: wait until a .log in DIR has a line
# matching PATTERN, polling every 0.1 s; after TENTHS polls, fail with MESSAGE.
wait_log() {
	n=0
	until grep -qs -- "$1" "$2"/*.log; do
		n=$((n + 1)); [ $n -lt "$3" ] || die "$4"
		sleep 0.1
	done
}

# wait_file FILE TENTHS MESSAGE: wait until FILE exists, polling every
# 0.1 s; after TENTHS polls, fail with MESSAGE.
wait_file() {
	n=0
	until [ -e "$1" ]; do
		n=$((n + 1)); [ $n -lt "$2" ] || die "$3"
		sleep 0.1
	done
}

# start_serve ARGS...: `sysindex serve --port 0 ARGS` in the background
# (--port 0 unless ARGS give a --port: a value option is given once); its
# output in $T/serve.out and serve.err; sets $spid and $port, and adds the
# server to $pids, which the caller's EXIT trap kills.
start_serve() {
	start_serve_port="--port=0"
	for start_serve_arg in "$@"; do   # sh has no local variables
		case $start_serve_arg in --port | --port=*) start_serve_port= ;; esac
	done
	# The background job truncates serve.out only when it starts: remove the
	# last server's first, or its "listening on" line is read with no port.
	rm -f "$T/serve.out"
	# shellcheck disable=SC2086 # empty when ARGS give the port
	"$SI" serve $start_serve_port "$@" >"$T/serve.out" 2>"$T/serve.err" &
	spid=$!
	pids="${pids-} $spid"
	n=0
	until grep -q 'listening on' "$T/serve.out" 2>/dev/null; do
		n=$((n + 1)); [ $n -lt 100 ] || die "serve did not start: $(cat "$T/serve.err")"
		sleep 0.1
	done
	port=$(sed -n 's/^sysindex serve: listening on .* port \([0-9]*\) .*/\1/p' "$T/serve.out")
	[ -n "$port" ] || die "no port in: $(cat "$T/serve.out")"
}

# cg_child "QUOTA PERIOD": move this shell into a new cgroup v2 child of its
# own cgroup with that cpu.max (sets $parent and $child; removed on exit), or
# skip with why (not root, no cgroup v2, no cpu controller, not writable).
# cg_leave moves the shell back.
cg_child() {
	CG=/sys/fs/cgroup
	[ "$(id -u)" = 0 ] || skip "not root: cannot create a cgroup"
	grep -q "^cgroup2 $CG " /proc/mounts || skip "no cgroup v2 hierarchy at $CG (v1 or hybrid)"
	grep -qw cpu "$CG/cgroup.controllers" 2>/dev/null ||
		skip "the cpu controller is not available in $CG"
	orig=$(sed -n 's/^0:://p' /proc/self/cgroup)
	parent=$CG${orig%/}
	grep -qw cpu "$parent/cgroup.subtree_control" 2>/dev/null ||
		echo +cpu >"$parent/cgroup.subtree_control" 2>/dev/null ||
		skip "cannot enable the cpu controller under $parent (processes in an inner cgroup?)"
	child=$parent/sysindex-e2e-$$
	mkdir "$child" 2>/dev/null || skip "cannot create $child"
	trap 'cg_leave; rmdir "$child" 2>/dev/null; cleanup' EXIT
	echo "$1" >"$child/cpu.max" || skip "cannot write $child/cpu.max"
	echo $$ >"$child/cgroup.procs" || skip "cannot move this shell into $child"
	note "in $child, cpu.max $(cat "$child/cpu.max")"
}
cg_leave() { echo $$ >"$parent/cgroup.procs" 2>/dev/null; }

# loop_ext4 DIR OPTIONS: a fresh 64 MiB ext4 image loop-mounted on DIR with
# OPTIONS, unmounted when the test exits; skips the test (77) when not root
# or when no loop device can be had.
loop_ext4() {
	[ "$(id -u)" = 0 ] || skip "not root: needs a loop-mounted ext4"
	command -v mkfs.ext4 >/dev/null 2>&1 || skip "no mkfs.ext4 here"
	loop_dir=$1
	mkdir -p "$loop_dir" && truncate -s 64M "$T/fs.img" &&
		mkfs.ext4 -q -F "$T/fs.img" >/dev/null 2>&1 || skip "cannot make an ext4 image"
	mount -o "loop,$2" "$T/fs.img" "$loop_dir" 2>/dev/null || skip "no loop devices here"
	trap 'umount "$loop_dir" 2>/dev/null; cleanup' EXIT
}

# mount_opts DIR: DIR's per-mount options as /proc/self/mountinfo gives them.
mount_opts() {
	awk -v m="$1" '$5 == m { print $6 }' /proc/self/mountinfo | tail -n 1
}

# fake_prog NAME FAKE: $P (= $T/pgms) holds a link to every built program,
# NAME's to build/fakepgms/FAKE instead (built by make check).
fake_prog() {
	P=$T/pgms
	[ -x "$ROOT/build/fakepgms/$2" ] || die "fakes not built (make check builds them)"
	mkdir -p "$P"
	for f in "$ROOT"/pgms/*; do [ -e "$P/${f##*/}" ] || ln -s "$f" "$P/"; done
	rm -f "$P/$1"
	ln -s "$ROOT/build/fakepgms/$2" "$P/$1"
}

# journal_samples FILE: how many sample lines a run's journal holds.
journal_samples() { sn=$(grep -c '^{"copies":' "$1" 2>/dev/null); echo "${sn:-0}"; }

# await_sample PID TRIES WHAT: wait for the run PID's journal in $RES (jf
# names it), then for one sample line more than it holds now, polling TRIES
# times 0.05 s; dies with WHAT when either does not come.  Returns 1 when the
# run ended first (no sample to kill it after).
await_sample() {
	_n=0
	until [ -n "$(ls "$RES"/*.journal 2>/dev/null)" ]; do
		_n=$((_n + 1)); [ $_n -lt 300 ] || die "$3: no journal: $(cat "$T/err" 2>/dev/null)"
		sleep 0.1
	done
	jf=$(ls "$RES"/*.journal)
	_before=$(journal_samples "$jf")
	_n=0
	while kill -0 "$1" 2>/dev/null && [ "$(journal_samples "$jf")" -le "$_before" ]; do
		_n=$((_n + 1)); [ $_n -lt "$2" ] || die "$3: no sample in $(($2 / 20)) s"; sleep 0.05
	done
	kill -0 "$1" 2>/dev/null
}
