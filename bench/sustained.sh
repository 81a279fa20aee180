#!/bin/sh
# sustained.sh: ./Run --sustained side by side with fio's steadystate on the
# same file and workload (issue 52's benchmark), alternating which goes
# first from round to round.  Not run in the session that wrote it (the
# machine was shared): a later session measures, alone on the machine, and
# writes bench/sustained.md from its output.
#
#   bench/sustained.sh [-r ROUNDS] [-R RAMP] [-M MAX] [-s SIZE] [-T "TEST ..."] [DIR]
#     DIR   the test directory (default: the repository's testdir/)
#     -r 3  rounds;  -R 60: the ramp (s);  -M 600: the limit (s);  -s 1G: file size
#     -T    randread-4k-qd1 seqwrite-dsync randrw-4k-qd64 (the default: these three)
#
# Per test and round: sysindex's burst, sustained rate and steady time (the
# record's metrics burst, sustained, steady_at_s), and fio's: the job with
# steadystate=iops:20% (bw:20% for MB/s), ss_dur=5, ss_ramp=RAMP,
# runtime=MAX, a per-second bandwidth/IOPS log; fio's burst is the mean of
# its first five seconds, its sustained rate the mean over its steady window
# (the last five seconds when it stopped on the criterion), its steady time
# its runtime when attained.  Prints both and the ratio sysindex / fio of
# the burst and the sustained rate (goal: within +-10 %).
#
# Needs python3 and fio.  Everything it writes goes into a private folder in
# DIR and a temporary folder, removed on exit.
set -eu
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
rounds=3 ramp=60 max=600 size=1G
tests="randread-4k-qd1 seqwrite-dsync randrw-4k-qd64"
while getopts r:R:M:s:T: o; do
	case $o in
	r) rounds=$OPTARG ;;
	R) ramp=$OPTARG ;;
	M) max=$OPTARG ;;
	s) size=$OPTARG ;;
	T) tests=$OPTARG ;;
	*) echo "usage: bench/sustained.sh [-r N] [-R S] [-M S] [-s SIZE] [-T TESTS] [DIR]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
dir=${1:-$root/testdir}
command -v fio >/dev/null 2>&1 || { echo "sustained.sh: needs fio (apt-get install fio)" >&2; exit 2; }
command -v python3 >/dev/null 2>&1 || { echo "sustained.sh: needs python3" >&2; exit 2; }
work=$(mktemp -d "$dir/sustained-bench.XXXXXX")
tmp=$(mktemp -d)
trap 'rm -rf "$work" "$tmp"' EXIT
trap 'exit 1' INT TERM

# The fio job of each test: rw, bs, iodepth, engine, direct, the criterion.
fio_job() {
	case $1 in
	randread-4k-qd1) echo "--rw=randread --bs=4k --iodepth=1 --ioengine=psync --direct=1 --steadystate=iops:20%" ;;
	seqwrite-dsync) echo "--rw=write --bs=1M --iodepth=1 --ioengine=psync --sync=dsync --steadystate=bw:20%" ;;
	randrw-4k-qd64) echo "--rw=randrw --bs=4k --iodepth=64 --ioengine=libaio --direct=1 --steadystate=iops:20%" ;;
	*) echo "sustained.sh: no fio job for $1" >&2; exit 2 ;;
	esac
}

run_sysindex() {   # test round
	mkdir "$tmp/r$2-$1"
	"$root/Run" --sustained --ramp "$ramp" --sustained-max "$max" --disk-size "$size" \
		--testdir "$work" --results "$tmp/r$2-$1" --progress none -q "$1" >/dev/null
	f=$(ls "$tmp/r$2-$1"/*.json)
	python3 - "$f" "$1" "$2" <<'PY' >>"$tmp/sysindex.txt"
import json, sys
d = json.load(open(sys.argv[1]))
t = d["runs"][0]["tests"][0]
m = {x["name"]: x["value"] for x in t["metrics"]}
print(sys.argv[2], sys.argv[3], m["burst"], m["sustained"], m["steady_at_s"], int(m["steady"]))
PY
}

run_fio() {   # test round
	# shellcheck disable=SC2046 # the job's options are a list of words
	fio --name=ss --filename="$work/fio.dat" --size="$size" --time_based --runtime="$max" \
		--ss_dur=5 --ss_ramp="$ramp" --log_avg_msec=1000 --write_bw_log="$tmp/log" \
		--write_iops_log="$tmp/log" $(fio_job "$1") --output-format=json \
		--output="$tmp/fio.json" >/dev/null
	python3 - "$tmp" "$1" "$2" <<'PY' >>"$tmp/fio.txt"
import glob, json, sys
tmp, test, rnd = sys.argv[1:4]
d = json.load(open(tmp + "/fio.json"))
j = d["jobs"][0]
kind = "bw" if test.startswith("seq") else "iops"
logs = sorted(glob.glob(tmp + "/log_" + kind + ".*.log"))
xs = []
for line in open(logs[0]):
    f = [x.strip() for x in line.split(",")]
    xs.append(float(f[1]))
scale = 1024 / 1e6 if kind == "bw" else 1   # fio's bw log is KiB/s
xs = [x * scale for x in xs]
burst = sum(xs[:5]) / len(xs[:5])
ss = j.get("steadystate", {})
attained = int(ss.get("attained", 0))
sustained = sum(xs[-5:]) / len(xs[-5:])
print(test, rnd, burst, sustained, j["job_runtime"] / 1000 if attained else float("nan"), attained)
PY
	rm -f "$work/fio.dat" "$tmp"/log_*.log
}

r=1
while [ "$r" -le "$rounds" ]; do
	for t in $tests; do
		if [ $((r % 2)) -eq 1 ]; then run_sysindex "$t" "$r"; run_fio "$t" "$r"
		else run_fio "$t" "$r"; run_sysindex "$t" "$r"; fi
	done
	r=$((r + 1))
done
python3 - "$tmp/sysindex.txt" "$tmp/fio.txt" <<'PY'
import sys, statistics as st
def rows(p):
    out = {}
    for line in open(p):
        t, r, b, s, at, ok = line.split()
        out.setdefault(t, []).append((float(b), float(s), float(at), int(ok)))
    return out
si, fi = rows(sys.argv[1]), rows(sys.argv[2])
print("%-18s %12s %12s %8s | %12s %12s %8s | %7s %7s" % ("test", "si burst", "si sust", "si at",
      "fio burst", "fio sust", "fio at", "b ratio", "s ratio"))
for t in si:
    for (a, b) in zip(si[t], fi.get(t, [])):
        print("%-18s %12.1f %12.1f %8.1f | %12.1f %12.1f %8.1f | %7.3f %7.3f" % (t, a[0], a[1], a[2],
              b[0], b[1], b[2], a[0] / b[0], a[1] / b[1]))
    rb = [a[0] / b[0] for a, b in zip(si[t], fi.get(t, []))]
    rs = [a[1] / b[1] for a, b in zip(si[t], fi.get(t, []))]
    if rb:
        print("%-18s median ratio burst %.3f, sustained %.3f (goal within 0.9..1.1)" %
              (t, st.median(rb), st.median(rs)))
PY
