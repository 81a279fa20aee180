#!/bin/sh
# multi.sh [-5] N: the shell workload of the Shell Scripts tests, as
# UnixBench 6.0's multi.sh: start N copies of tst.sh in the background on
# sort.src (MULTI_SH_WORK_FACTOR=K > 1: on K copies of it concatenated into
# one file here), wait for them, fail if one failed.  -5: UnixBench 5.1.3's
# loop instead, which counts the copies with expr(1) (one more process per
# copy) and has no work factor.  tst.sh and sort.src are found next to this
# script, else in $SYSINDEX_PGMDIR or $UB_BINDIR.  Runs in the current
# directory (the driver's scratch test directory).

compat=
if [ "${1-}" = -5 ]; then
	compat=5.1.3
	shift
fi
case ${1-} in
''|*[!0-9]*) echo "usage: multi.sh [-5] <copies>" >&2; exit 2 ;;
esac
work_factor=${MULTI_SH_WORK_FACTOR:-1}
case $work_factor in
''|*[!0-9]*) echo "multi.sh: MULTI_SH_WORK_FACTOR must be a number" >&2; exit 2 ;;
esac
[ -n "$compat" ] && work_factor=1

dir=
case $0 in
*/*) [ -f "${0%/*}/tst.sh" ] && dir=${0%/*} ;;
esac
for d in "${SYSINDEX_PGMDIR-}" "${UB_BINDIR-}"; do
	[ -z "$dir" ] && [ -n "$d" ] && [ -f "$d/tst.sh" ] && dir=$d
done
if [ -z "$dir" ]; then
	echo "ERROR|multi.sh: cannot find tst.sh (set SYSINDEX_PGMDIR)" >&2
	exit 1
fi

sort_src=$dir/sort.src
if [ "$work_factor" -gt 1 ]; then
	inputs=
	for i in $(seq "$work_factor"); do inputs="$inputs $sort_src"; done
	cat $inputs > sort.src-alt.$$ || exit 1
	sort_src=sort.src-alt.$$
fi

pids=
instance=1
while [ "$instance" -le "$1" ]; do
	/bin/sh "$dir/tst.sh" "$sort_src" &
	pids="$pids $!"
	if [ -n "$compat" ]; then
		instance=`expr $instance + 1`
	else
		instance=$((instance + 1))
	fi
done

# One wait per copy: the same waiting as a plain wait, and it sees failures.
rc=0
for p in $pids; do
	wait "$p" || rc=1
done
if [ "$work_factor" -gt 1 ]; then
	rm "$sort_src" || rc=1
fi
exit "$rc"
