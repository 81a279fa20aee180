#!/usr/bin/env bash
# interference.sh: do compare's verdicts, the score's interval and the
# interference flags hold up on this machine?  (issue 27's figures)
#
#   bench/interference.sh [-n PAIRS] [-k DISTURBED-RUNS] [-o DIR] [PART...] [-- RUN-ARGS]
#   bench/interference.sh -s DIR          print the summary of DIR again
#
# Parts (default: all three, in this order):
#   aa        2 x PAIRS runs of one configuration, back to back (A/A), each
#             pair compared with `./Run compare --format csv`: rows whose own
#             (unadjusted) p < 0.05 against the rows compare calls faster or
#             slower after Holm's correction.  The same runs give the score
#             interval's coverage on a quiet machine: does run i's 95 %
#             interval hold run i+1's score?
#   disturbed DISTURBED-RUNS runs with a competing busy loop on CPU 0 that
#             comes and goes (on and off for 3-15 s at random): the same
#             coverage, and how many samples the run flagged.
#   cost      what reading the counters costs: bench/ref/intf_cost.c times
#             the driver's own reading (build/libsysindex.a) against an
#             empty call, alternating, and gives it as a share of a sample.
#
# RUN-ARGS default to "--quick -i 5 -c 1": 5 samples of the long tests and 2
# of the others, so that every row of the 1-copy family can be judged, about
# 2 minutes a run.  Nothing else should run on the machine meanwhile.
set -eu
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
pairs=10 kdist=6 keep= again=
while getopts n:k:o:s: o; do
	case $o in
	n) pairs=$OPTARG ;;
	k) kdist=$OPTARG ;;
	o) keep=$OPTARG ;;
	s) keep=$OPTARG again=1 ;;
	*) echo "usage: $0 [-n PAIRS] [-k DISTURBED-RUNS] [-o DIR] [aa|disturbed|cost ...] [-- RUN-ARGS]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
for v in "$pairs" "$kdist"; do
	case $v in '' | *[!0-9]* | 0) echo "$0: -n and -k want a positive number" >&2; exit 2 ;; esac
done
parts=
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
	case $1 in aa | disturbed | cost) parts="$parts $1" ;;
	-*) break ;;   # getopts took the "--" already
	*) echo "$0: unknown part '$1' (aa, disturbed, cost)" >&2; exit 2 ;; esac
	shift
done
[ "${1:-}" = "--" ] && shift
[ -n "$parts" ] || parts="aa disturbed cost"
[ $# -gt 0 ] || set -- --quick -i 5 -c 1

if [ -n "$again" ]; then
	[ -d "$keep" ] || { echo "$0: $keep: not a folder made by -o" >&2; exit 2; }
	out=$keep
else
	if [ -n "$keep" ]; then mkdir -p "$keep"; out=$(CDPATH='' cd -- "$keep" && pwd)
	else out=$(mktemp -d "${TMPDIR:-/tmp}/sysindex-intf.XXXXXX"); fi
	busy=
	cleanup() {
		[ -z "$busy" ] || kill "$busy" 2>/dev/null || :
		rm -rf "$out/testdir"
		[ -n "$keep" ] || rm -rf "$out"
	}
	trap cleanup EXIT
	trap 'exit 130' INT TERM
	make -s -C "$root" all build/libsysindex.a >/dev/null
	mkdir -p "$out/testdir"
	echo "$*" >"$out/args"
fi

# run_into DIR RUN-ARGS: one ./Run into DIR, its wall time in DIR/wall.
run_into() {
	local d=$1 t0
	shift
	mkdir -p "$d"
	t0=$(date +%s)
	"$root/Run" -q --no-charts --results "$d" --testdir "$out/testdir" "$@" >/dev/null 2>"$d/stderr" ||
		echo "$d: ./Run exited $?" >&2
	echo $(( $(date +%s) - t0 )) >"$d/wall"
}

# The competing load: a busy shell loop on CPU 0, on and off at random.
disturber() {
	while :; do
		timeout $((3 + RANDOM % 13)) taskset -c 0 sh -c 'while :; do :; done' || :
		sleep $((3 + RANDOM % 13))
	done
}

if [ -z "$again" ]; then
	for p in $parts; do
		case $p in
		aa)
			i=1
			while [ $i -le $((2 * pairs)) ]; do
				run_into "$out/aa/r$i" "$@"
				echo "aa run $i of $((2 * pairs)): $(cat "$out/aa/r$i/wall") s" >&2
				i=$((i + 1))
			done ;;
		disturbed)
			disturber & busy=$!
			i=1
			while [ $i -le "$kdist" ]; do
				run_into "$out/disturbed/r$i" "$@"
				echo "disturbed run $i of $kdist: $(cat "$out/disturbed/r$i/wall") s" >&2
				i=$((i + 1))
			done
			kill "$busy" 2>/dev/null || :
			wait "$busy" 2>/dev/null || :
			pkill -f "while :; do :; done" 2>/dev/null || :
			busy= ;;
		cost)
			mkdir -p "$out/cost"
			"${CC:-cc}" -O2 -I"$root/src" -I"$root/build" -o "$out/cost/intf_cost" \
				"$root/bench/ref/intf_cost.c" "$root/build/libsysindex.a" -lm
			"$out/cost/intf_cost" 2 10 >"$out/cost/result.txt" ;;
		esac
	done
fi

# The summary: compare each A/A pair, and read each run's score interval.
for d in "$out"/aa "$out"/disturbed; do
	[ -d "$d" ] || continue
	for r in "$d"/r*; do
		rep=$(ls "$r" | grep -v '\.' | grep -v '^wall$\|^stderr$\|^report$' | head -n 1)
		[ -n "$rep" ] && echo "$r/$rep" >"$r/report"
	done
done
if [ -d "$out/aa" ]; then
	i=1
	while [ -f "$out/aa/r$((i + 1))/report" ]; do
		"$root/sysindex" compare --format csv "$(cat "$out/aa/r$i/report")" \
			"$(cat "$out/aa/r$((i + 1))/report")" >"$out/aa/pair$i.csv" 2>/dev/null || :
		i=$((i + 2))
	done
fi
# The same runs as two settings that are one (odd against even runs), each
# run labelled by its parity, through `compare --group-by label`: each
# label's runs pooled with their drift (the two-level model), as a user
# alternating two settings would compare them.  All 20 runs, and each half.
grp() {
	local i args=
	for i in $(seq "$1" "$2"); do
		args="$args --label $([ $((i % 2)) -eq 1 ] && echo odd || echo even) $(cat "$out/aa/r$i/report")"
	done
	"$root/sysindex" compare --group-by label --format csv $args >"$out/aa/group-$1-$2.csv" 2>/dev/null || :
}
if [ -f "$out/aa/r20/report" ]; then
	grp 1 20 && grp 1 10 && grp 11 20
fi
python3 - "$out" <<'PY' | tee "$out/summary.txt"
import csv, glob, json, os, re, sys
out = sys.argv[1]
print("./Run %s" % open(os.path.join(out, "args")).read().strip())
def runs(part):
    rs = sorted(glob.glob(os.path.join(out, part, "r*")), key=lambda p: int(p.rsplit("r", 1)[1]))
    return [r for r in rs if os.path.exists(os.path.join(r, "report"))]
score_re = re.compile(r"System Benchmarks Index Score, (\d+) cop(?:y|ies): ([0-9.]+) \(95% CI ([0-9.]+) to ([0-9.]+)\)")
def scores(r):
    text = open(open(os.path.join(r, "report")).read().strip()).read()
    return {int(m.group(1)): tuple(float(m.group(k)) for k in (2, 3, 4)) for m in score_re.finditer(text)}
def flagged(r):
    js = glob.glob(os.path.join(r, "*.json"))
    n = f = 0
    for run in json.load(open(js[0]))["runs"] if js else []:
        for t in run["tests"]:
            for s in t.get("samples") or []:
                n += 1
                intf = s.get("interference") or {}
                f += bool(intf.get("flags"))
    return f, n
if os.path.isdir(os.path.join(out, "aa")):
    print("\n## A/A: false verdicts per pair (%s)" % "compare --format csv, every row of the family")
    print("%-6s %5s %18s %18s %10s" % ("pair", "rows", "p<0.05 unadjusted", "faster/slower", "equivalent"))
    tot = [0, 0, 0, 0, 0]
    anyraw = anyadj = 0
    for f in sorted(glob.glob(os.path.join(out, "aa", "pair*.csv")), key=lambda p: int(re.findall(r"\d+", os.path.basename(p))[0])):
        # The family: the rows compare judges (a Holm-adjusted p); the rest
        # have too few samples for a verdict (inconclusive: 2+2 samples).
        rows = [r for r in csv.DictReader(open(f)) if r["input"] == "2" and r["p_holm"] not in ("", "nan")]
        raw = sum(float(r["p_value"]) < 0.05 for r in rows)
        adj = sum(r["verdict"] in ("faster", "slower") for r in rows)
        eq = sum(r["verdict"] == "equivalent" for r in rows)
        print("%-6s %5d %18d %18d %10d" % (os.path.basename(f)[4:-4], len(rows), raw, adj, eq))
        tot = [tot[0] + 1, tot[1] + len(rows), tot[2] + raw, tot[3] + adj, tot[4] + eq]
        anyraw += raw > 0
        anyadj += adj > 0
    print("%-6s %5d %18d %18d %10d  (%d pairs)" % ("total", tot[1], tot[2], tot[3], tot[4], tot[0]))
    print("pairs with any: %d of %d unadjusted, %d of %d after Holm" % (anyraw, tot[0], anyadj, tot[0]))
groups = sorted(glob.glob(os.path.join(out, "aa", "group-*.csv")))
if groups:
    print("\n## A/A as two groups of runs (odd against even), compare --group-by label (runs pooled with their drift)")
    print("%-12s %5s %14s %10s %12s" % ("runs", "rows", "faster/slower", "equivalent", "inconclusive"))
    for f in groups:
        rows = [r for r in csv.DictReader(open(f)) if r["input"] == "2"]
        fs = sum(r["verdict"] in ("faster", "slower") for r in rows)
        eq = sum(r["verdict"] == "equivalent" for r in rows)
        print("%-12s %5d %14d %10d %12d" % (os.path.basename(f)[6:-4], len(rows), fs, eq, len(rows) - fs - eq))
for part in ("aa", "disturbed"):
    rs = runs(part)
    if len(rs) < 2:
        continue
    print("\n## Score interval coverage, %s: does run i's 95%% CI hold run i+1's score?" % part)
    held = tries = 0
    for a, b in zip(rs, rs[1:]):
        sa, sb = scores(a), scores(b)
        for c in sorted(sa):
            if c not in sb:
                continue
            s, lo, hi = sa[c]
            ok = lo <= sb[c][0] <= hi
            held += ok
            tries += 1
            fa, na = flagged(a)
            print("  %s -> %s, %d cop%s: %.1f (%.1f..%.1f, +-%.1f%%) vs %.1f: %s; flagged %d of %d samples" % (
                os.path.basename(a), os.path.basename(b), c, "y" if c == 1 else "ies", s, lo, hi,
                50 * (hi - lo) / s, sb[c][0], "held" if ok else "MISSED", fa, na))
    print("  held %d of %d" % (held, tries))
    walls = [int(open(os.path.join(r, "wall")).read()) for r in rs]
    print("  wall per run: %s s" % ", ".join(map(str, walls)))
cost = os.path.join(out, "cost", "result.txt")
if os.path.exists(cost):
    print("\n## Cost of the readings\n" + open(cost).read().rstrip())
PY
