#!/bin/sh
# check-valgrind.sh (make check-valgrind): the unit tests in one process
# (CK_FORK=no) and a short run of ./sysindex, each under valgrind memcheck:
# no errors, no definite leaks.  Test programs are not traced.
set -u
cd "$(dirname "$0")/.." || exit 1
ROOT=$(pwd)
# Under make check (VALGRIND_OPTIONAL=1) a missing valgrind is a note, not a failure.
if ! command -v valgrind >/dev/null 2>&1; then
	echo "check-valgrind: ${VALGRIND_OPTIONAL:+SKIPPED: }valgrind is not installed (apt-get install valgrind)"
	[ -n "${VALGRIND_OPTIONAL:-}" ] && exit 0
	exit 1
fi
T=$(mktemp -d "${TMPDIR:-/tmp}/sysindex-vg.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM
VG="valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --show-leak-kinds=definite --trace-children=no"
die() { echo "check-valgrind: FAIL: $*"; exit 1; }
start=$(date +%s)

# vg NAME WANT CMD...: CMD under memcheck exits WANT (99: valgrind found errors).
vg() {
	name=$1 want=$2
	shift 2
	$VG --log-file="$T/$name.vg" "$@" >"$T/$name.out" 2>"$T/$name.err"
	got=$?
	if [ -s "$T/$name.vg" ] || [ $got -eq 99 ]; then
		head -n 60 "$T/$name.vg"
		die "$name: memcheck errors"
	fi
	[ $got -eq "$want" ] || { tail -n 20 "$T/$name.out" "$T/$name.err"; die "$name: exit $got, want $want"; }
}

CK_FORK=no CK_DEFAULT_TIMEOUT=${CK_DEFAULT_TIMEOUT:-20} CK_TIMEOUT_MULTIPLIER=5 \
	vg unit 0 ./build/vg/unit
tail -n 1 "$T/unit.out" | sed 's/^/check-valgrind: unit: /'

mkdir -p "$T/res" "$T/td"
export SYSINDEX_PGMDIR="$ROOT/pgms"
vg run 0 ./sysindex --quick -c 1 --results "$T/res" --testdir "$T/td" pipe spawn
r=$(ls "$T/res" | grep -v '\.' | head -n 1)
[ -n "$r" ] || die "the run wrote no report"
vg compare 0 ./sysindex compare "$T/res/$r" tests/data/reports/quick
vg bad-args 2 ./sysindex -c 0 pipe
echo "check-valgrind: unit tests and driver runs clean ($(( $(date +%s) - start )) s)"
