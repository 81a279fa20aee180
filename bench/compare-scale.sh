#!/bin/sh
# compare-scale.sh: how long `./Run compare` takes at scale.
#
# Generates N UnixBench-format reports of T tests each (default 50 x 500)
# and times compare over them, R times each, in every output shape (the
# text matrices, --long, Markdown, CSV, JSON).  Run it on an idle machine;
# the e2e test t0360 only asserts a generous bound.
#
#   bench/compare-scale.sh [-n INPUTS] [-t TESTS] [-r REPEATS]
set -eu
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
n=50 t=500 r=5
while getopts n:t:r: o; do
	case $o in
	n) n=$OPTARG ;;
	t) t=$OPTARG ;;
	r) r=$OPTARG ;;
	*) echo "usage: $0 [-n INPUTS] [-t TESTS] [-r REPEATS]" >&2; exit 2 ;;
	esac
done
make -C "$root" -s sysindex
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysindex-cmpscale.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
i=0
while [ "$i" -lt "$n" ]; do
	awk -v i="$i" -v t="$t" 'BEGIN {
		print "   BYTE UNIX Benchmarks (Version 6.0.0)\n\n   System: big: GNU/Linux\n"
		print "2 CPUs in system; running 1 parallel copy of tests\n"
		for (k = 0; k < t; k++)
			printf "%-40s %12.1f %-5s (10.0 s, 7 samples)\n", "Synthetic test " k, 1000 + 10 * k + 3.5 * i, "lps"
	}' >"$tmp/run$(printf %03d "$i")"
	i=$((i + 1))
done
echo "compare over $n inputs x $t tests, best and worst of $r (ms):"
for shape in "" "--long" "--format md" "--format csv" "--format json"; do
	best= worst=0 k=0
	while [ "$k" -lt "$r" ]; do
		t0=$(date +%s%N)
		# shellcheck disable=SC2086
		"$root/sysindex" compare $shape "$tmp"/run* >/dev/null
		t1=$(date +%s%N)
		ms=$(( (t1 - t0) / 1000000 ))
		[ -z "$best" ] || [ "$ms" -lt "$best" ] && best=$ms
		[ "$ms" -gt "$worst" ] && worst=$ms
		k=$((k + 1))
	done
	printf '  %-14s %6s %6s\n' "${shape:-text}" "$best" "$worst"
done
