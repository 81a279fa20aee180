#!/bin/sh
# bench/verdicts.sh: the simulations behind issue 37's verdict fixes, on the
# product's own functions (bench/verdict-sim.c linked with build/libsysindex.a),
# and the re-judging of kept paired results under the verdict rule, nothing run.
#
#   bench/verdicts.sh [-n REPS] sim       coverage of the intervals --precision
#                                         stops on, and the report-wide
#                                         false-claim rate (about 2 minutes of
#                                         CPU at the default 20000 replicates)
#   bench/verdicts.sh -R DIR...           re-judge every paired result JSON
#                                         under DIR (bench/paired.sh -o and
#                                         bench/interference.sh keep them):
#                                         the rule before issue 37 (two Holm
#                                         procedures) against one step-down
#
# Pure computation: runs at nice 19 and needs no quiet machine.  Prints
# Markdown (bench/verdicts.md quotes it).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
reps=20000
while getopts n:R opt; do
	case $opt in
	n) reps=$OPTARG ;;
	R) rejudge=1 ;;
	*) echo "usage: bench/verdicts.sh [-n REPS] sim | -R DIR..." >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))

make -C "$root" -s all >/dev/null
sim=$root/build/bench/verdict-sim
mkdir -p "$root/build/bench"
cc -O2 -std=gnu11 -Wall -Wextra -I"$root/src" -I"$root/build" "$root/bench/verdict-sim.c" \
	"$root/build/libsysindex.a" -lm -pthread -o "$sim"

if [ "${rejudge:-}" ]; then
	[ $# -ge 1 ] || { echo "bench/verdicts.sh: -R needs a directory of kept results" >&2; exit 2; }
	# One row per comparison: file, ln ratio, its se (instance term included),
	# df = paired rounds - 1 (an order-adjusted row's fit has fewer: this
	# errs toward more df), lower-is-better from the unit.  Control rows
	# (--control's A/A checks) count in the family as the report counts them.
	python3 - "$@" <<'PY' | nice -n 19 "$sim" judge
import glob, json, os, sys
for top in sys.argv[1:]:
    for f in sorted(glob.glob(os.path.join(top, "**", "*.json"), recursive=True)):
        try:
            d = json.load(open(f))
        except (OSError, ValueError):
            continue
        p = d.get("paired") if isinstance(d, dict) else None
        if not p:
            continue
        name = os.path.relpath(f, top).replace(" ", "_")
        for c in p.get("comparisons", []):
            est, se, n = c.get("mean_log_ratio"), c.get("se_log_ratio"), c.get("paired_rounds")
            if est is None or se is None or not n or n < 2:
                continue
            lower = 1 if str(c.get("unit", "")).lower() in ("s", "ms", "us", "ns") else 0
            print(name, est, se, n - 1, lower)
PY
	exit 0
fi

[ "${1:-sim}" = sim ] || { echo "bench/verdicts.sh: unknown part '$1'" >&2; exit 2; }
echo "## Simulations ($reps replicates each; bench/verdicts.sh sim, at $(git -C "$root" rev-parse --short HEAD))"
echo
nice -n 19 "$sim" coverage "$reps"
nice -n 19 "$sim" family "$reps"
