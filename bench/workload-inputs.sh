#!/bin/sh
# workload-inputs.sh: do sysindex's own inputs cost what UnixBench's do?
#
# sysindex's sort.src, generated large.txt and cctest.c are its own text with
# the shape of UnixBench's (sizes, lines, matching lines).  This runs the
# same sysindex looper and scripts on each input of both sides, alternating
# A/B for R rounds, and prints loops per minute and the ratio
# sysindex/UnixBench per workload, so that the cost of the text alone is
# known (docs/unixbench-fidelity.md).  UB_TREE is a UnixBench checkout,
# read only: its testdir/ inputs are copied into a temporary folder that is
# removed at the end, never into this repository.  Also compares the 6.0 and
# 5.1.3 workloads of the tests --compat changes, on this machine.
#
#   bench/workload-inputs.sh [-d SECONDS] [-r ROUNDS] [-c COPIES] [-n] UB_TREE
#
# -n skips the ./Run part (System Call and File Copy, 6.0 against 5.1.3),
# which takes about 10 minutes per workload with the default settle pauses.
set -eu
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
secs=30 rounds=3 copies=2 no_run=
while getopts d:r:c:n o; do
	case $o in
	d) secs=$OPTARG ;;
	r) rounds=$OPTARG ;;
	c) copies=$OPTARG ;;
	n) no_run=1 ;;
	*) echo "usage: $0 [-d SECONDS] [-r ROUNDS] [-c COPIES] [-n] UB_TREE" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { echo "usage: $0 [-d SECONDS] [-r ROUNDS] [-c COPIES] [-n] UB_TREE" >&2; exit 2; }
ub=$1/testdir
[ -d "$1/UnixBench/testdir" ] && ub=$1/UnixBench/testdir
for f in sort.src large.txt cctest.c; do
	[ -r "$ub/$f" ] || { echo "$0: $ub/$f not found" >&2; exit 2; }
done
pgms=$root/pgms
[ -x "$pgms/looper" ] || { echo "$0: run make first" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysindex-inputs.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
export LANG=en_US.utf8
unset LC_ALL

# Two script folders that differ only in sort.src; the grep files; the C files.
for side in si ub; do
	mkdir -p "$tmp/$side/sh" "$tmp/$side/run"
	cp "$pgms/multi.sh" "$pgms/tst.sh" "$tmp/$side/sh/"
done
cp "$pgms/sort.src" "$tmp/si/sh/sort.src"
cp "$ub/sort.src" "$tmp/ub/sh/sort.src"
cp "$ub/large.txt" "$tmp/ub/run/large.txt"
cp "$ub/cctest.c" "$tmp/ub/run/cctest.c"
cp "$pgms/cctest.c" "$tmp/si/run/cctest.c"
make -C "$root" -s build/tests/grepdata
"$root/build/tests/grepdata" >"$tmp/si/run/large.txt"

# lpm SIDE CMD...: one looper sample in SIDE's run folder, loops per minute
# by the wall clock (as the driver rates looper).
lpm() {
	side=$1
	shift
	(cd "$tmp/$side/run" && s=$(date +%s.%N) &&
	 n=$("$pgms/looper" "$secs" "$@" 2>&1 >/dev/null | sed -n 's/^COUNT|\([0-9]*\)|.*/\1/p') &&
	 e=$(date +%s.%N) && echo "$n $s $e" | awk '{ printf "%.1f\n", $1 * 60 / ($3 - $2) }')
}

# pair NAME A-CMD -- B-CMD: R alternating rounds, A first on odd rounds.
pair() {
	name=$1
	shift
	a=$(printf '%s\n' "$@" | sed '/^--$/,$d' | tr '\n' ' ')
	b=$(printf '%s\n' "$@" | sed '1,/^--$/d' | tr '\n' ' ')
	i=1
	while [ "$i" -le "$rounds" ]; do
		if [ $((i % 2)) -eq 1 ]; then
			ra=$(eval "lpm $a"); rb=$(eval "lpm $b")
		else
			rb=$(eval "lpm $b"); ra=$(eval "lpm $a")
		fi
		echo "$name $i $ra $rb" | awk '{ printf "%-28s round %d  A %10.1f  B %10.1f  A/B %.3f\n", $1, $2, $3, $4, $3 / $4 }'
		i=$((i + 1))
	done
}

echo "A = sysindex's input (or the 6.0 workload), B = UnixBench's input (or 5.1.3's); ${secs} s samples"
pair shell1-input si "$tmp/si/sh/multi.sh" 1 -- ub "$tmp/ub/sh/multi.sh" 1
pair shell8-input si "$tmp/si/sh/multi.sh" 8 -- ub "$tmp/ub/sh/multi.sh" 8
pair grep-input si grep -c gimp large.txt -- ub grep -c gimp large.txt
pair C-input si gcc cctest.c -- ub gcc cctest.c
pair shell1-6.0-vs-5.1.3 si "$tmp/si/sh/multi.sh" 1 -- si "$tmp/si/sh/multi.sh" -5 1
pair shell8-6.0-vs-5.1.3 si "$tmp/si/sh/multi.sh" 8 -- si "$tmp/si/sh/multi.sh" -5 8
[ -z "$no_run" ] || exit 0
echo "System Call and File Copy, 6.0 against 5.1.3 with $copies copies (./Run, $secs s):"
for w in 6.0 5.1.3; do
	mkdir -p "$tmp/r-$w"
	"$root/Run" -q --no-charts --compat "$w" -c 1 -c "$copies" -i 8 --duration "$secs" \
		--results "$tmp/r-$w" --testdir "$tmp/r-$w" syscall fstime fsbuffer fsdisk |
		grep -E '^([0-9]+ CPUs? in system|.* (lps|KBps) +\()' | sed "s/^/  $w: /"
done
