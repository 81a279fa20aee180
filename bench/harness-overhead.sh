#!/bin/sh
# harness-overhead.sh: does the driver change what it measures?
#
# Runs tests through ./Run and compares, for every copy of every sample, the
# rate from the driver's wall clock (count / elapsed, what the score uses)
# with the rate from the program's own clock (count / own_seconds, the time
# between arming its alarm and reporting).  The difference is process
# start-up, exit and the driver's bookkeeping.  Needs python3.
#
#   bench/harness-overhead.sh [-d SECONDS] [-i SAMPLES] [TEST...]
set -eu
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
secs=10 iters=3
while getopts d:i: o; do
	case $o in
	d) secs=$OPTARG ;;
	i) iters=$OPTARG ;;
	*) echo "usage: $0 [-d SECONDS] [-i SAMPLES] [TEST...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- dhry2reg syscall pipe context1 spawn execl hanoi shell1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysindex-overhead.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/results" "$tmp/testdir"
"$root/Run" -q --no-charts -c 1 -i "$iters" --duration "$secs" --settle 0 \
	--results "$tmp/results" --testdir "$tmp/testdir" "$@" >/dev/null
python3 - "$tmp"/results/*.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print("%-36s %5s %12s %12s %9s %9s" % ("test", "n", "wall rate", "own rate", "wall/own", "extra ms"))
worst = 0.0
for run in d["runs"]:
    for t in run["tests"]:
        pairs = []
        for s in t["samples"]:
            for c in s["copies"]:
                own = next((m["value"] for m in c.get("metrics", []) if m["name"] == "own_seconds"), None)
                if own and c.get("elapsed") and c.get("count"):
                    pairs.append((c["count"], c["elapsed"], own))
        if not pairs:
            print("%-36s %5s  (no own_seconds: the program times itself)" % (t["title"][:36], "-"))
            continue
        tb = 60.0 if t["unit"] == "lpm" else 1.0
        wall = sum(cn / (el / tb) for cn, el, _ in pairs) / len(pairs)
        own = sum(cn / (ow / tb) for cn, _, ow in pairs) / len(pairs)
        extra = sum(el - ow for _, el, ow in pairs) / len(pairs) * 1000
        ratio = wall / own
        worst = max(worst, abs(1 - ratio))
        print("%-36s %5d %12.1f %12.1f %9.4f %9.1f" % (t["title"][:36], len(pairs), wall, own, ratio, extra))
print("largest difference: %.2f%%" % (100 * worst))
PY
