#!/bin/sh
# multi.sh N: the shell workload of the Shell Scripts tests.  Starts N
# concurrent copies of tst.sh in the background, waits for all of them and
# fails if any copy failed.  tst.sh and sort.src are found next to this
# script, else in $SYSINDEX_PGMDIR or $UB_BINDIR.  Runs in the current
# directory (the driver's scratch test directory).

case ${1-} in
''|*[!0-9]*) echo "usage: multi.sh <copies>" >&2; exit 2 ;;
esac
n=$1

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

pids=
i=0
while [ "$i" -lt "$n" ]; do
	/bin/sh "$dir/tst.sh" "$dir/sort.src" &
	pids="$pids $!"
	i=$((i + 1))
done

rc=0
for p in $pids; do
	wait "$p" || rc=1
done
exit "$rc"
