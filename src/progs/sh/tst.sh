#!/bin/sh
# tst.sh [input]: one copy of the shell workload.  In the current directory:
# sort a text file, dump the result with od and sort that numerically, grep
# a word through tee into wc, then remove the four temporary files.
# The input defaults to sort.src next to this script, else in
# $SYSINDEX_PGMDIR, $UB_BINDIR or the current directory.

src=${1-}
if [ -z "$src" ]; then
	for d in "${0%/*}" "${SYSINDEX_PGMDIR-}" "${UB_BINDIR-}" .; do
		if [ -n "$d" ] && [ -f "$d/sort.src" ]; then
			src=$d/sort.src
			break
		fi
	done
fi

s=sort.$$ o=od.$$ g=grep.$$ w=wc.$$

# Stopped at the end of a sample (looper sends SIGPIPE, which shells do not
# report): leave nothing behind.
trap 'rm -f "$s" "$o" "$g" "$w"; exit 141' PIPE TERM HUP

fail() {
	rm -f "$s" "$o" "$g" "$w"
	echo "ERROR|tst.sh: $1 failed" >&2
	exit 1
}

[ -r "$src" ] || fail "reading $src"
sort < "$src" > "$s" || fail sort
od "$s" | sort -n -k 1 > "$o" || fail "od | sort"
grep the "$s" | tee "$g" | wc > "$w" || fail "grep | tee | wc"
rm "$s" "$o" "$g" "$w" || fail rm
