#!/bin/sh
# record-precision.sh: which figures of `compare` move now that it reads a
# sysindex run from its record (x.json, full precision) rather than from its
# text report (%.1f) and CSV, and by how much.  Nothing is run: for the
# result files given, `compare --format csv` is taken twice, once with the
# records and once from copies of the same runs without them (what older
# runs and older sysindex gave), and each numeric column's largest change
# is printed, absolute and relative to the figure.
#
#   bench/record-precision.sh RUN [RUN...]     (each RUN: results/host-date-nn,
#                                              its .json beside it)
#
# One RUN: a paired run's own comparison (else the run against itself);
# several: each against the first.  Needs awk.  POSIX sh.
set -u
[ $# -ge 1 ] || { echo "usage: record-precision.sh RUN [RUN...]" >&2; exit 2; }
here=$(cd "$(dirname "$0")/.." && pwd)
si=$here/sysindex
tmp=$(mktemp -d "${TMPDIR:-/tmp}/record-precision.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
i=0
text=
[ $# -eq 1 ] && ! grep -q '"paired"' "$1.json" && set -- "$1" "$1"
for run in "$@"; do
	[ -f "$run" ] && [ -f "$run.json" ] || { echo "$run: no report and record beside it" >&2; exit 2; }
	i=$((i + 1))
	mkdir -p "$tmp/t$i"
	cp "$run" "$tmp/t$i/run"
	[ -f "$run.csv" ] && cp "$run.csv" "$tmp/t$i/run.csv"
	text="$text $tmp/t$i/run"
done
"$si" compare --format csv "$@" >"$tmp/rec.csv" 2>/dev/null ||
	{ echo "compare of the records failed" >&2; exit 1; }
# shellcheck disable=SC2086
"$si" compare --format csv $text >"$tmp/text.csv" 2>/dev/null ||
	{ echo "compare of the text reports failed" >&2; exit 1; }
awk -F, '
# The CSV of compare: a header row, then one row per (row, input).  Quoted
# fields (titles with commas) are joined back before the columns are read.
function split_csv(line, out,    n, i, f, q, k) {
	n = split(line, f, ","); k = 0; q = ""
	for (i = 1; i <= n; i++) {
		if (q != "") { q = q "," f[i]; if (f[i] ~ /"$/) { out[++k] = q; q = "" } ; continue }
		if (f[i] ~ /^"/ && f[i] !~ /"$/) { q = f[i]; continue }
		out[++k] = f[i]
	}
	return k
}
function num(s) { return s ~ /^-?[0-9.]+(e[-+]?[0-9]+)?$/ }
FNR == 1 { n = split_csv($0, head); next }
FILENAME == ARGV[1] { split_csv($0, a); key = FNR; for (c = 1; c <= n; c++) t[key, c] = a[c]; rows = FNR; next }
{
	split_csv($0, b)
	for (c = 1; c <= n; c++) {
		x = t[FNR, c]; y = b[c]
		if (!num(x) || !num(y) || x == y) continue
		d = y - x; if (d < 0) d = -d
		r = x != 0 ? d / (x < 0 ? -x : x) : 0
		if (d > dmax[c]) dmax[c] = d
		if (r > rmax[c]) { rmax[c] = r; where[c] = b[3] " (" b[1] " cop.)" }
		moved[c]++
	}
}
END {
	printf "%-16s %6s %14s %12s  %s\n", "column", "cells", "largest abs", "largest rel", "where"
	for (c = 1; c <= n; c++)
		if (moved[c])
			printf "%-16s %6d %14.6g %11.4f%%  %s\n", head[c], moved[c], dmax[c], 100 * rmax[c], where[c]
}' "$tmp/text.csv" "$tmp/rec.csv"
