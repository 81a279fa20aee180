#!/bin/sh
# per-test-figures.sh: run sysindex's own test programs once each and print
# one result line per test, laid out like the result lines of a UnixBench
# report ("%-40s %12.1f %-5s (%.1f s, 1 samples)"), so that the figures can be
# held line by line against a UnixBench report from the same machine.
#
#   bench/per-test-figures.sh [-d SECONDS] [-T TESTDIR] [test ...]
#
#   -d SECONDS  duration of every test (default 10; whetstone's target time)
#   -T TESTDIR  where the file and shell tests write (default: a fresh
#               folder under ${TMPDIR:-/tmp}, removed at the end)
#   test        index (default): dhry2reg whetstone-double execl fstime
#               fsbuffer fsdisk pipe context1 spawn shell1 shell8 syscall
#               others: shell16 sysexec hanoi arithoh short int long
#               float double, or "all"
#
# The programs are taken from ../pgms next to this script (build them with
# `make`).  One copy, one sample per test: no dropping of low samples, no
# geometric mean.  Rates are computed as the report does: COUNT divided by
# the time (the program's TIME line if it prints one, else the wall time
# around the program) over the timebase; timebase 0 means the count is
# already the rate.  A test that fails prints its ERROR/SKIP reason instead.
#
# POSIX sh.  The wall clock is /proc/uptime (1/100 s) where readable, else
# date +%s (1 s).
set -u

usage() {
	echo "usage: per-test-figures.sh [-d SECONDS] [-T TESTDIR] [test ...]" >&2
	exit 2
}

here=$(cd "$(dirname "$0")" && pwd) || exit 1
pgms=$(cd "$here/../pgms" 2>/dev/null && pwd) || {
	echo "per-test-figures.sh: $here/../pgms not found (run make)" >&2
	exit 1
}

secs=10
testdir=
while getopts d:T: opt; do
	case $opt in
	d) secs=$OPTARG ;;
	T) testdir=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
case $secs in
'' | *[!0-9]* | 0) usage ;;
esac

index="dhry2reg whetstone-double execl fstime fsbuffer fsdisk pipe context1
spawn shell1 shell8 syscall"
others="shell16 sysexec hanoi arithoh short int long float double"
# The lists are words on purpose (no globbing characters in them).
# shellcheck disable=SC2086
if [ $# -eq 0 ]; then
	set -- $index
elif [ "$*" = all ]; then
	set -- $index $others
fi

# Scratch folder for the file and shell tests; always removed at the end.
made=
if [ -z "$testdir" ]; then
	testdir=$(mktemp -d "${TMPDIR:-/tmp}/per-test-figures.XXXXXX") || exit 1
	made=$testdir
fi
if ! [ -d "$testdir" ] || ! [ -w "$testdir" ]; then
	echo "per-test-figures.sh: $testdir is not a writable folder" >&2
	exit 1
fi
work=$(mktemp -d "$testdir/run.XXXXXX") || exit 1
errf=$work/stderr
cleanup() {
	rm -rf "$work"
	[ -n "$made" ] && rm -rf "$made"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

# Wall clock in seconds with two decimals.
now() {
	if [ -r /proc/uptime ]; then
		read -r up _ < /proc/uptime && echo "$up" && return
	fi
	date +%s
}

# Display name of a test; fails for an unknown test.
name_of() {
	case $1 in
	dhry2reg) echo "Dhrystone 2 using register variables" ;;
	whetstone-double) echo "Double-Precision Whetstone" ;;
	execl) echo "Execl Throughput" ;;
	fstime) echo "File Copy 1024 bufsize 2000 maxblocks" ;;
	fsbuffer) echo "File Copy 256 bufsize 500 maxblocks" ;;
	fsdisk) echo "File Copy 4096 bufsize 8000 maxblocks" ;;
	pipe) echo "Pipe Throughput" ;;
	context1) echo "Pipe-based Context Switching" ;;
	spawn) echo "Process Creation" ;;
	shell1) echo "Shell Scripts (1 concurrent)" ;;
	shell8) echo "Shell Scripts (8 concurrent)" ;;
	shell16) echo "Shell Scripts (16 concurrent)" ;;
	syscall) echo "System Call Overhead" ;;
	sysexec) echo "Exec System Call Overhead" ;;
	hanoi) echo "Recursion Test -- Tower of Hanoi" ;;
	arithoh) echo "Arithoh" ;;
	short | int | long | float | double) echo "Arithmetic Test ($1)" ;;
	*) return 1 ;;
	esac
}

# Run test $1's program in the scratch folder (stdout dropped, stderr to
# $errf).  Arguments are set per test, so paths with spaces are safe.
run_prog() {
	s=$secs
	case $1 in
	whetstone-double) set -- whetstone-double -t "$s" ;;
	fstime) set -- fstime -c -t "$s" -d "$work" -b 1024 -m 2000 ;;
	fsbuffer) set -- fstime -c -t "$s" -d "$work" -b 256 -m 500 ;;
	fsdisk) set -- fstime -c -t "$s" -d "$work" -b 4096 -m 8000 ;;
	shell1) set -- looper "$s" "$pgms/multi.sh" 1 ;;
	shell8) set -- looper "$s" "$pgms/multi.sh" 8 ;;
	shell16) set -- looper "$s" "$pgms/multi.sh" 16 ;;
	sysexec) set -- syscall "$s" exec ;;
	*) set -- "$1" "$s" ;;
	esac
	prog=$1
	shift
	(cd "$work" && SYSINDEX_PGMDIR=$pgms UB_BINDIR=$pgms \
		exec "$pgms/$prog" "$@") > /dev/null 2> "$errf" < /dev/null
}

# Run one test and print its result line.
run_one() {
	name=$(name_of "$1")
	t0=$(now)
	run_prog "$1"
	rc=$?
	t1=$(now)
	awk -F'|' -v name="$name" -v rc="$rc" -v t0="$t0" -v t1="$t1" '
		$1 == "COUNT" { count = $2; tb = $3; unit = $4; seen = 1 }
		$1 == "TIME"  { ptime = $2; havetime = 1 }
		$1 == "ERROR" || $1 == "SKIP" { why = $1 ": " $2 }
		END {
			elapsed = t1 - t0
			if (!seen || rc != 0) {
				if (why == "") why = "exit status " rc
				printf "%-40s %12s %-5s (%s)\n", name, "-", "", why
				exit
			}
			t = havetime ? ptime : elapsed
			rate = (tb > 0 && t > 0) ? count / (t / tb) : count
			printf "%-40s %12.1f %-5s (%.1f s, 1 samples)\n",
			       name, rate, unit, t
		}' "$errf"
}

for t in "$@"; do
	name_of "$t" > /dev/null || {
		echo "per-test-figures.sh: unknown test \"$t\"" >&2
		usage
	}
done
for t in "$@"; do
	run_one "$t"
done
