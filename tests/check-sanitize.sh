#!/bin/sh
# check-sanitize.sh (make check-sanitize): the unit tests and short runs of
# the driver built with ASan+UBSan (build/san/) must pass with zero reports.
# The runs: a quick pipe+spawn run, a compare of its result, bad options,
# misbehaving test programs (crash, garbage, flood, orphan) and a SIGINT.
# LeakSanitizer needs ptrace-like rights; where it cannot run it is turned
# off with a note.  Needs: make all, the fakes and build/san/{sysindex,tests/unit}.
set -u
cd "$(dirname "$0")/.." || exit 1
ROOT=$(pwd)
SAN=$ROOT/build/san/sysindex
T=$(mktemp -d "${TMPDIR:-/tmp}/sysindex-san.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM
REPORTS='ERROR: AddressSanitizer|ERROR: LeakSanitizer|runtime error:|Sanitizer:DEADLYSIGNAL|SUMMARY: [A-Za-z]*Sanitizer'
die() { echo "check-sanitize: FAIL: $*"; exit 1; }

# Probe LeakSanitizer with a leaking program of the sanitized unit runner's
# make: a real leak must be reported, else LSan is unusable here.
leaks=1
cat >"$T/leak.c" <<'C'
#include <stdlib.h>
void *volatile keep;
int main(void) { keep = malloc(33); keep = 0; return 0; }
C
if ${SAN_CC:-cc} -fsanitize=address -g -o "$T/leak" "$T/leak.c" 2>/dev/null; then
	ASAN_OPTIONS=detect_leaks=1 "$T/leak" >/dev/null 2>"$T/leak.out"
	if ! grep -q 'detected memory leaks' "$T/leak.out"; then
		leaks=0
		echo "check-sanitize: note: LeakSanitizer cannot run here ($(grep -m1 -o 'LeakSanitizer[^.]*' "$T/leak.out" || echo 'no report')); detect_leaks=0"
	fi
fi
ASAN_OPTIONS=detect_leaks=$leaks:abort_on_error=1:strict_string_checks=1:check_initialization_order=1
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export ASAN_OPTIONS UBSAN_OPTIONS

# clean LOG: no sanitizer report in LOG.
clean() {
	if grep -Eq "$REPORTS" "$1"; then
		grep -E -A 20 "$REPORTS" "$1" | head -n 60
		die "sanitizer report in $1"
	fi
}

start=$(date +%s)
CK_DEFAULT_TIMEOUT=${CK_DEFAULT_TIMEOUT:-20} CK_TIMEOUT_MULTIPLIER=3 \
	./build/san/tests/unit >"$T/unit.log" 2>&1
rc=$?
tail -n 1 "$T/unit.log" | sed 's/^/check-sanitize: unit: /'
clean "$T/unit.log"
[ $rc -eq 0 ] || { grep -v ':P:' "$T/unit.log" | tail -n 30; die "unit tests exit $rc"; }

# si NAME WANT ARGS...: run the sanitized driver, expect exit WANT, no report.
si() {
	name=$1 want=$2
	shift 2
	"$SAN" "$@" >"$T/$name.out" 2>"$T/$name.err"
	got=$?
	clean "$T/$name.err"
	[ "$got" -eq "$want" ] || { tail -n 20 "$T/$name.err"; die "$name: exit $got, want $want"; }
}
mkdir -p "$T/res" "$T/td" "$T/fakeres"
export SYSINDEX_PGMDIR="$ROOT/pgms"
si quick 0 --quick -c 1 --results "$T/res" --testdir "$T/td" pipe spawn
r=$(ls "$T/res" | grep -v '\.' | head -n 1)
[ -n "$r" ] && [ -s "$T/res/$r.json" ] || die "quick run wrote no report"
si compare 0 compare "$T/res/$r" tests/data/reports/quick
si compare-json 0 compare --format json "$T/res/$r.json" "$T/res/$r"
# Paired mode: two directories, a file test interleaved, pipe as --control.
mkdir -p "$T/pres" "$T/pa" "$T/pb"
si paired 0 --quick -c 1 --duration 1 --control --results "$T/pres" --testdir "$T/pa" \
	--testdir "b=$T/pb" fsbuffer-w pipe
p=$(ls "$T/pres" | grep -v '\.' | head -n 1)
si compare-paired 0 compare "$T/pres/$p"
si compare-paired-two 0 compare "$T/pres/$p" "$T/res/$r"
si bad-paired 2 --testdir "$T/pa" --testdir "$T/pa" pipe
si bad-args 2 -c 0 pipe
si help 0 --help
si list 0 --list
si bad-compare 2 compare "$T/res/$r" "$T/nonexistent"

# Misbehaving programs: every failure path of the runner, under the sanitizers.
F=$ROOT/build/fakepgms
mkdir -p "$T/pgms"
for f in "$ROOT"/pgms/*; do ln -s "$f" "$T/pgms/"; done
for pair in pipe:fake-crash spawn:fake-garbage execl:fake-silent context1:fake-exit \
	    hanoi:fake-orphan dhry2reg:fake-flood short:fake-error; do
	rm -f "$T/pgms/${pair%%:*}"
	ln -s "$F/${pair#*:}" "$T/pgms/${pair%%:*}"
done
SYSINDEX_PGMDIR=$T/pgms si fakes 1 --quick -c 1 --results "$T/fakeres" --testdir "$T/td" \
	pipe spawn execl context1 hanoi dhry2reg short

# Interrupted mid-test: the partial report is written under the sanitizers too.
rm -rf "$T/res"/*
"$SAN" --quick -c 1 --results "$T/res" --testdir "$T/td" pipe spawn >"$T/int.out" 2>"$T/int.err" &
pid=$!
sleep 1
kill -INT $pid
wait $pid
rc=$?
clean "$T/int.err"
[ $rc -eq 130 ] || die "SIGINT: exit $rc, want 130"
echo "check-sanitize: unit tests and driver runs clean (ASan+UBSan, detect_leaks=$leaks, $(( $(date +%s) - start )) s)"
