#!/bin/sh
# repeatability.sh: how much do sysindex's figures move between runs?
#
# Runs the same ./Run command N times and prints, per test and copy count
# and for each System Benchmarks Index Score, the mean and the spread across
# runs (coefficient of variation), plus the wall time of each run.  Needs
# python3.  Everything after -- goes to ./Run (default: the index).
#
#   bench/repeatability.sh [-n RUNS] [-o KEEP-DIR] [-- RUN-ARGS...]
#   bench/repeatability.sh -s KEEP-DIR
#   bench/repeatability.sh -n 3 -- --quick
#   bench/repeatability.sh -n 3 -- --precision 2%
#
# -o KEEP-DIR keeps each run's result files (KEEP-DIR/rN/) and the summary
# (KEEP-DIR/summary.txt) instead of deleting them; -s KEEP-DIR prints the
# summary of such a folder again without running anything.
set -eu
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
runs=3
keep=
again=
while getopts n:o:s: o; do
	case $o in
	n) runs=$OPTARG ;;
	o) keep=$OPTARG ;;
	s) keep=$OPTARG again=1 ;;
	*) echo "usage: $0 [-n RUNS] [-o KEEP-DIR] [-- RUN-ARGS...] | -s KEEP-DIR" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ "${1:-}" = "--" ] && shift
case $runs in '' | *[!0-9]* | 0) echo "$0: -n wants a positive number of runs" >&2; exit 2 ;; esac
if [ -n "$again" ]; then
	[ -f "$keep/args" ] || { echo "$0: $keep: not a folder made by -o" >&2; exit 2; }
	tmp=$keep
	runs=$(find "$tmp" -maxdepth 2 -name wall | wc -l)
	set -- $(cat "$tmp/args")
elif [ -n "$keep" ]; then
	mkdir -p "$keep"
	tmp=$(CDPATH='' cd -- "$keep" && pwd)
	trap 'rm -rf "$tmp/testdir"' EXIT
	echo "$*" >"$tmp/args"
else
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysindex-repeat.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
fi
i=1
[ -n "$again" ] || mkdir -p "$tmp/testdir"
while [ -z "$again" ] && [ "$i" -le "$runs" ]; do
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
rows, walls, within = {}, [], {}
def score_ci(run):
    # The score is 10 x the geometric mean of the k system indexes, so its
    # relative standard error is sqrt(sum of the tests' squared relative
    # standard errors) / k, each cv / sqrt(n) over that test's samples.  This
    # sees only the noise inside one run, not drift between runs.
    se2, k = 0.0, 0
    for t in run["tests"]:
        if t.get("category") != "system" or t["index"] is None:
            continue
        st = t["stats"]
        if st["n"] < 2 or st["cv"] is None:
            return None
        se2 += st["cv"] ** 2 / st["n"]
        k += 1
    return 1.96 * math.sqrt(se2) / k if k else None
for i in range(1, n + 1):
    walls.append(int(open(os.path.join(tmp, "r%d" % i, "wall")).read()))
    for f in glob.glob(os.path.join(tmp, "r%d" % i, "*.json")):
        d = json.load(open(f))
        for run in d["runs"]:
            c = run["copies"]
            if run.get("system_index_score"):
                within.setdefault(c, []).append(score_ci(run))
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
    spread = "-" if len(v) < 2 else "%.2f%%" % (100 * cv(v))
    print("%6d  %-42s %4d %14.1f %8s" % (c, title.lstrip("~ "), len(v), sum(v) / len(v), spread))
for c in sorted(within):
    cells = ["-" if x is None else "+-%.2f%%" % (100 * x) for x in within[c]]
    print("copies %d: score CI95 estimated from each run's own samples: %s" % (c, ", ".join(cells)))
PY
