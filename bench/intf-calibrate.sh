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
#   - a loaded sample's slowdown is 1 - rate / reference, the reference the
#     median of the same run's samples of that test that waited under 1 %
#     (the load comes and goes within the run; the host drifts between
#     runs by more than the effect);
#   - the samples binned by their CPU-wait share (cpu_wait_seconds / (copies
#     x wall_seconds)): mean and median slowdown per bin, and the least
#     squares line of slowdown on share;
#   - the quiet runs' shares per test (what a threshold must stay above);
#   - per candidate threshold: the loaded samples it flags, how many of
#     those lost under half the threshold, and the quiet samples it flags.
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
import glob, json, os, statistics as S, sys
d = sys.argv[1]
def samples(kind):
    """(run, test, share, rate, flagged) of every ok sample with counters."""
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
                    out.append((f, t["name"], share, s["rate"], bool(i.get("flags"))))
    return out
quiet, loaded = samples("quiet"), samples("loaded")
if not quiet or not loaded:
    sys.exit("no samples with counters under " + d)
# A loaded sample's slowdown against the same run's samples of its test
# that waited under 1 % (the load comes and goes within a run, so they are
# the reference nearest in time: the host drifts between runs).  Tests that
# fork (spawn, execl) are left out: the counters see the copy, not its
# children, so their share understates what they waited.
FORKS = ("spawn", "execl")
rows = []
for f, name in sorted({(x[0], x[1]) for x in loaded}):
    xs = [x for x in loaded if x[0] == f and x[1] == name]
    ref = [x[3] for x in xs if x[2] < 0.01]
    if name in FORKS or len(ref) < 2:
        continue
    m = S.median(ref)
    rows += [(x[2], 1 - x[3] / m) for x in xs]
print("Loaded samples: %d of %d tests (forking tests left out), each against "
      "its own run's samples that waited under 1 %%." % (len(rows), len({x[1] for x in loaded})))
print()
print("| CPU-wait share | samples | mean share | mean slowdown | median slowdown |")
print("|---|--:|--:|--:|--:|")
bins = [0, 0.01, 0.03, 0.05, 0.10, 0.20, 0.40, 1.01]
for lo, hi in zip(bins, bins[1:]):
    b = [x for x in rows if lo <= x[0] < hi]
    if b:
        print("| %g-%g %% | %d | %.1f %% | %+.1f %% | %+.1f %% |" % (
            100 * lo, 100 * min(hi, 1), len(b), 100 * S.mean(x[0] for x in b),
            100 * S.mean(x[1] for x in b), 100 * S.median(x[1] for x in b)))
w = [x for x in rows if x[0] >= 0.01]
if len(w) >= 3:
    n = len(w)
    sx, sy = sum(x[0] for x in w), sum(x[1] for x in w)
    sxx, sxy = sum(x[0] ** 2 for x in w), sum(x[0] * x[1] for x in w)
    b1 = (n * sxy - sx * sy) / (n * sxx - sx * sx)
    print()
    print("Slowdown against share, samples that waited 1 %% or more (n = %d): least "
          "squares slope %.2f, intercept %+.2f %%; the reference samples' own "
          "spread: SD %.1f %%." % (n, b1, 100 * (sy - b1 * sx) / n,
                                   100 * S.pstdev([x[1] for x in rows if x[0] < 0.01])))
print()
print("| test (quiet runs) | samples | median share | 95th pct | largest |")
print("|---|--:|--:|--:|--:|")
for name in sorted({x[1] for x in quiet}):
    v = sorted(x[2] for x in quiet if x[1] == name)
    print("| %s | %d | %.2f %% | %.2f %% | %.2f %% |" % (
        name, len(v), 100 * v[len(v) // 2], 100 * v[int(0.95 * (len(v) - 1))], 100 * v[-1]))
print()
print("| threshold | loaded samples flagged | of them slowed under half the threshold | quiet samples flagged |")
print("|---|--:|--:|--:|")
for th in (0.02, 0.03, 0.05, 0.07, 0.10, 0.15):
    fl = [x for x in rows if x[0] >= th]
    print("| %g %% | %d of %d | %d | %d of %d |" % (
        100 * th, len(fl), len(rows), sum(1 for x in fl if x[1] < th / 2),
        sum(1 for x in quiet if x[2] >= th), len(quiet)))
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
