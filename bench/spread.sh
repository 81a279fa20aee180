#!/bin/sh
# spread.sh: ./Run spread on this machine (issue 52's benchmark): N short
# runs spaced over time, the pool's summary, then one more run after them:
# did it fall inside the pool's 95 % prediction for the next run?  Not run
# in the session that wrote it (the machine was shared): a later session
# runs it alone on the machine and writes bench/spread.md from its output.
#
#   bench/spread.sh [-n 12] [-e 10m] [-b 2] [-- RUN-ARGS]
#     -n  runs in the spread (default 12); -e: the spacing (default 10m);
#     -b  each run's --time-budget in minutes (default 2)
#     RUN-ARGS  more run options (default none: the index)
#
# Everything goes into a temporary results folder, printed at the end and
# kept (the runs are the benchmark's evidence).
set -eu
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
n=12 every=10m budget=2
while getopts n:e:b: o; do
	case $o in
	n) n=$OPTARG ;;
	e) every=$OPTARG ;;
	b) budget=$OPTARG ;;
	*) echo "usage: bench/spread.sh [-n N] [-e D] [-b MIN] [-- RUN-ARGS]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ "${1:-}" = "--" ] && shift
res=$(mktemp -d "${TMPDIR:-/tmp}/sysindex-spread-bench.XXXXXX")
"$root/Run" spread --every "$every" --count "$n" --results "$res" --time-budget "$budget" "$@"
for folder in "$res"/spread-*; do break; done
cat "$folder/summary.txt"
# The next run, one spacing after the last: inside the prediction?
secs=$(python3 -c "import sys; s=sys.argv[1]; k={'s':1,'m':60,'h':3600,'d':86400}; print(int(s[:-1])*k[s[-1]] if s[-1] in k else int(s))" "$every")
sleep "$secs"
mkdir -p "$res/next"
"$root/Run" --results "$res/next" --time-budget "$budget" --progress none -q "$@" >/dev/null
python3 - "$folder/summary.txt" "$res/next" <<'PY'
import glob, json, re, sys
summary = open(sys.argv[1]).read()
m = re.search(r"the next run between ([0-9.]+) and ([0-9.]+)", summary)
rec = json.load(open(glob.glob(sys.argv[2] + "/*.json")[0]))
score = [c for c in rec["runs"][0]["categories"] if c["id"] == "system"][0]["score"]
lo, hi = float(m.group(1)), float(m.group(2))
print("next run: %.1f; predicted %.1f to %.1f: %s" % (score, lo, hi,
      "inside" if lo <= score <= hi else "OUTSIDE"))
PY
echo "results kept in $res"
