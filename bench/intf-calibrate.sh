#!/usr/bin/env bash
# intf-calibrate.sh: how much does a sample lose at each share of CPU wait
# the driver counts, and which threshold tells a slowed sample from a quiet
# one?  (Issue 37: "its thresholds come from a measured slowdown";
# src/sysinfo/interference.h's INTF_DELAY_SHARE.)
#
#   bench/intf-calibrate.sh [-n ROUNDS] [-o DIR] [-- RUN-ARGS]
#   bench/intf-calibrate.sh -s DIR        the summary of DIR again, nothing run
#
# Each round is two ./Run's of RUN-ARGS, one quiet and one beside a
# competing load, alternating (quiet first, then loaded) so the host's drift
# falls on both.  The load: one busy loop pinned to each CPU, each switched
# on and off at random (1-6 s on, 1-6 s off) independently, so the samples
# of a loaded run see every share of contention from none to most of their
# time.  From the runs' records (every sample's rate and its counters):
#
#   - per test, the quiet samples' median rate is the reference; a sample's
#     slowdown is 1 - rate / reference;
#   - the samples binned by their CPU-wait share (cpu_wait_seconds / (copies
#     x wall_seconds)): mean and median slowdown per bin;
#   - per candidate threshold: of the loaded samples slowed by more than the
#     quiet samples' own spread (their 95th percentile of slowdown), the
#     share it flags; and of the quiet samples, the share it flags.
#
# RUN-ARGS default to "-c 1 -i 8 --duration 2 dhry2reg syscall pipe spawn
# execl" (product options: 8 samples of 2 s of five CPU-bound index tests at
# 1 copy, about 100 s a run).  Nothing else may run on the machine (the
# load is the script's own).  Needs python3, taskset, timeout.
set -eu
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
rounds=4 keep='' again=''
while getopts n:o:s: o; do
	case $o in
	n) rounds=$OPTARG ;;
	o) keep=$OPTARG ;;
	s) again=$OPTARG ;;
	*) echo "usage: $0 [-n ROUNDS] [-o DIR] [-- RUN-ARGS] | -s DIR" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ "${1:-}" = -- ] && shift
[ $# -gt 0 ] || set -- -c 1 -i 8 --duration 2 dhry2reg syscall pipe spawn execl

summary() {
	python3 - "$1" <<'PY'
import glob, json, os, statistics, sys
d = sys.argv[1]
def samples(kind):
    out = []
    for f in sorted(glob.glob(os.path.join(d, kind + "-*", "*.json"))):
        j = json.load(open(f))
        for run in j.get("runs", []):
            for t in run.get("tests", []):
                for s in t.get("samples", []):
                    i = s.get("interference") or {}
                    if not s.get("ok") or i.get("cpu_wait_seconds") is None:
                        continue
                    share = i["cpu_wait_seconds"] / (i["copies"] * i["wall_seconds"])
                    out.append((t["name"], s["rate"], share, bool(i.get("flags"))))
    return out
quiet, loaded = samples("quiet"), samples("loaded")
if not quiet or not loaded:
    sys.exit("no samples with counters under " + d)
ref = {}
for name in {q[0] for q in quiet}:
    ref[name] = statistics.median([q[1] for q in quiet if q[0] == name])
def slow(x):
    return 1 - x[1] / ref[x[0]]
qs = sorted(slow(x) for x in quiet if x[0] in ref)
p95 = qs[int(0.95 * (len(qs) - 1))]
ls = [(slow(x), x[2], x[3]) for x in loaded if x[0] in ref]
print("Samples: %d quiet, %d loaded (%d tests); the quiet samples' slowdown against "
      "their test's median: 95th percentile %+.2f %%, largest %+.2f %%."
      % (len(quiet), len(ls), len(ref), 100 * p95, 100 * qs[-1]))
print()
print("| CPU-wait share | samples | mean slowdown | median slowdown | flagged now |")
print("|---|---|---|---|---|")
bins = [0, 0.01, 0.03, 0.05, 0.10, 0.20, 0.40, 1.01]
for lo, hi in zip(bins, bins[1:]):
    b = [x for x in ls if lo <= x[1] < hi]
    if not b:
        continue
    sl = [x[0] for x in b]
    print("| %g-%g %% | %d | %+.1f %% | %+.1f %% | %d |" % (100 * lo, 100 * min(hi, 1), len(b),
          100 * statistics.mean(sl), 100 * statistics.median(sl), sum(x[2] for x in b)))
print()
print("Slowed: a loaded sample whose slowdown exceeds the quiet samples' 95th "
      "percentile (%+.2f %%)." % (100 * p95))
print()
print("| threshold | slowed samples flagged | unslowed loaded samples flagged | quiet samples flagged |")
print("|---|---|---|---|")
qshare = [x[2] for x in quiet if x[0] in ref]
slowed = [x for x in ls if x[0] > p95]
unslowed = [x for x in ls if x[0] <= p95]
for th in (0.01, 0.02, 0.03, 0.05, 0.07, 0.10, 0.15, 0.20):
    def share(xs):
        return "%d of %d" % (sum(1 for x in xs if x[1] >= th), len(xs))
    print("| %g %% | %s | %s | %d of %d |" % (100 * th, share(slowed), share(unslowed),
          sum(1 for s in qshare if s >= th), len(qshare)))
PY
}

if [ -n "$again" ]; then
	summary "$again"
	exit 0
fi
for c in python3 taskset timeout; do
	command -v $c >/dev/null || { echo "$0: needs $c" >&2; exit 2; }
done
if [ -n "$keep" ]; then mkdir -p "$keep"; out=$(CDPATH='' cd -- "$keep" && pwd)
else out=$(mktemp -d "${TMPDIR:-/tmp}/sysindex-calib.XXXXXX"); fi
pids=''
cleanup() {
	for p in $pids; do kill "$p" 2>/dev/null || :; done
	pkill -f "sysindex-calib-busy" 2>/dev/null || :
	[ -n "$keep" ] || rm -rf "$out"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
echo "$*" >"$out/args"

# busy CPU: a loop pinned to CPU, on and off at random, until killed.
busy() {
	while :; do
		timeout $((1 + RANDOM % 6)) taskset -c "$1" \
			sh -c ': sysindex-calib-busy; while :; do :; done' || :
		sleep $((1 + RANDOM % 6))
	done
}

run() {
	mkdir -p "$out/$1"
	"$root/Run" -q --no-charts --results "$out/$1" "${@:2}" >/dev/null 2>"$out/$1/stderr" ||
		echo "$1: ./Run exited $?" >&2
}

ncpu=$(getconf _NPROCESSORS_ONLN)
i=1
while [ "$i" -le "$rounds" ]; do
	run "quiet-$i" "$@"
	pids=''
	c=0
	while [ "$c" -lt "$ncpu" ]; do
		busy "$c" &
		pids="$pids $!"
		c=$((c + 1))
	done
	run "loaded-$i" "$@"
	for p in $pids; do kill "$p" 2>/dev/null || :; done
	for p in $pids; do wait "$p" 2>/dev/null || :; done
	pkill -f "sysindex-calib-busy" 2>/dev/null || :
	pids=''
	echo "round $i of $rounds done ($(date -u +%H:%M:%S))" >&2
	i=$((i + 1))
done
summary "$out" | tee "$out/summary.md"
