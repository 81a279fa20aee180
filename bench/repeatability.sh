#!/bin/sh
# repeatability.sh: how much do sysindex's figures move between runs?
#
# Runs the same ./Run command N times and prints, per test and copy count
# and for each System Benchmarks Index Score, the mean and the spread across
# runs (coefficient of variation), plus the wall time of each run.  Needs
# python3.  Everything after -- goes to ./Run (default: the index).
#
#   bench/repeatability.sh [-n RUNS] [-o KEEP-DIR] [-- RUN-ARGS...]
#   bench/repeatability.sh -n 3 -- --quick
#   bench/repeatability.sh -n 3 -- --precision 2%
#
# -o KEEP-DIR keeps each run's result files (KEEP-DIR/rN/) and the summary
# (KEEP-DIR/summary.txt) instead of deleting them.
set -eu
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
runs=3
keep=
while getopts n:o: o; do
	case $o in
	n) runs=$OPTARG ;;
	o) keep=$OPTARG ;;
	*) echo "usage: $0 [-n RUNS] [-o KEEP-DIR] [-- RUN-ARGS...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ "${1:-}" = "--" ] && shift
case $runs in '' | *[!0-9]* | 0) echo "$0: -n wants a positive number of runs" >&2; exit 2 ;; esac
if [ -n "$keep" ]; then
	mkdir -p "$keep"
	tmp=$(CDPATH='' cd -- "$keep" && pwd)
	trap 'rm -rf "$tmp/testdir"' EXIT
else
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysindex-repeat.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
fi
mkdir -p "$tmp/testdir"
i=1
while [ "$i" -le "$runs" ]; do
	mkdir "$tmp/r$i"
	start=$(date +%s)
	"$root/Run" -q --no-charts --results "$tmp/r$i" --testdir "$tmp/testdir" "$@" >/dev/null ||
		echo "run $i: ./Run exited $?" >&2
	echo $(( $(date +%s) - start )) >"$tmp/r$i/wall"
	echo "run $i of $runs: $(cat "$tmp/r$i/wall") s" >&2
	i=$((i + 1))
done
python3 - "$tmp" "$runs" "$*" <<'PY' | if [ -n "$keep" ]; then tee "$tmp/summary.txt"; else cat; fi
import glob, json, math, os, sys
tmp, n, args = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rows, walls = {}, []
for i in range(1, n + 1):
    walls.append(int(open(os.path.join(tmp, "r%d" % i, "wall")).read()))
    for f in glob.glob(os.path.join(tmp, "r%d" % i, "*.json")):
        d = json.load(open(f))
        for run in d["runs"]:
            c = run["copies"]
            if run.get("system_index_score"):
                rows.setdefault((c, "~ System Benchmarks Index Score"), []).append(run["system_index_score"])
            for t in run["tests"]:
                if t["status"] == "ok" and t["score"]:
                    rows.setdefault((c, t["title"]), []).append(t["score"])
def cv(v):
    if len(v) < 2:
        return float("nan")
    m = sum(v) / len(v)
    return math.sqrt(sum((x - m) ** 2 for x in v) / (len(v) - 1)) / m
print("./Run %s, %d runs; wall time per run: %s s (mean %.0f s)" % (args or "(index)", n, ", ".join(map(str, walls)), sum(walls) / len(walls)))
print("%6s  %-42s %4s %14s %8s" % ("copies", "test", "runs", "mean", "CV"))
for (c, title) in sorted(rows):
    v = rows[(c, title)]
    print("%6d  %-42s %4d %14.1f %7.2f%%" % (c, title.lstrip("~ "), len(v), sum(v) / len(v), 100 * cv(v)))
PY
