#!/bin/sh
# vs-unixbench.sh: sysindex against UnixBench, test by test, on one machine.
#
# Alternating rounds of both suites with the same -i and copies.  In a round
# (-m test, the default) each test runs in one suite and then at once in the
# other (each suite's own ./Run with that one test), the order flipping from
# test to test and round to round, so the two figures of a pair are a
# minute apart, not a whole suite (-m suite: a whole suite, then the other,
# odd rounds UnixBench first; its pairs are about 400 s apart, and on a host
# that drifts by 10-20 % between plateaus of seconds to minutes that
# spacing, not the programs, set the ratios).  The index score of a round is
# then the geometric mean of the tests' index values (each suite's own
# "Index Values" figure), which is the formula both suites use.  Then, for
# context switching, the same again with both suites under `taskset -c 0`, so that the two are
# compared under the same placement (both processes on one CPU) as well as
# unpinned.  Prints, per test, both suites' median over the rounds and the
# median, smallest and largest of the per-round ratios sysindex / UnixBench,
# their geometric mean with its 95 % t interval (whether the rounds can
# tell a 3 % difference at all), and every round's ratio, so that sets of
# rounds can be pooled; and the same for the index score.  Process Creation gets the same pinned
# comparison: where the kernel puts each forked child (the parent's CPU or
# the idle one) moves it by more than the difference being looked for.
#
#   bench/vs-unixbench.sh [-r ROUNDS] [-i N] [-c COPIES] [-T "TEST ..."] [-P]
#                         [-m test|suite] [-o grouped|spread] (-u UB_TREE | -b UB_SOURCE)
#     -u DIR   a built UnixBench tree (the folder with Run and pgms/); used in
#              place, with MAKE=true so its Run builds nothing
#     -b DIR   a UnixBench source tree (the UnixBench/ folder of a checkout):
#              copied into a temporary folder and built there with its own
#              Makefile, removed at exit
#     -r 3     rounds;  -i 1: iterations for both (-i of both Runs);
#     -c 1     copies for both (one value);  -P: skip the taskset -c 0 part
#              (context1 and spawn again, both suites on CPU 0)
#     -T       tests (default: the 12 index tests), names common to both
#     -m test  pairs test by test (default); suite: whole suites in turn
#     -o grouped  sysindex's --order (default grouped, UnixBench's); spread
#              spreads each test's samples over a suite's run, which only a
#              whole suite (-m suite) shows: its fidelity is what -o measures
#
# This script never downloads anything and nothing of UnixBench enters the
# repository: fetch and keep UnixBench yourself, outside it.  Results of both
# suites go into a temporary folder (UnixBench's through UB_RESULTDIR,
# UB_TMPDIR and UB_OUTPUT_FILE_NAME), removed at exit; KEEP=1 keeps it and
# prints where.  Needs python3 for the arithmetic.  Run it on a quiet
# machine: the load before and after is printed with the figures.
set -u
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
rounds=3 iters=1 copies=1 tests='' ubtree='' ubsrc='' place=1 mode=test siorder=grouped
index12="dhry2reg whetstone-double execl fstime fsbuffer fsdisk pipe context1 spawn syscall shell1 shell8"
usage() {
	echo "usage: $0 [-r ROUNDS] [-i N] [-c COPIES] [-T \"TEST ...\"] [-P] [-m test|suite] [-o grouped|spread] (-u UB_TREE | -b UB_SOURCE)" >&2
	exit 2
}
die() { echo "vs-unixbench: $*" >&2; exit 1; }
while getopts r:i:c:T:u:b:Pm:o: o; do
	case $o in
	r) rounds=$OPTARG ;;
	i) iters=$OPTARG ;;
	c) copies=$OPTARG ;;
	T) tests=$OPTARG ;;
	u) ubtree=$OPTARG ;;
	b) ubsrc=$OPTARG ;;
	P) place=0 ;;
	m) mode=$OPTARG ;;
	o) siorder=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 0 ] || usage
case $rounds$iters$copies in *[!0-9]*|'') usage ;; esac
[ "$rounds" -ge 1 ] && [ "$iters" -ge 1 ] && [ "$copies" -ge 1 ] || usage
case $mode in test|suite) ;; *) usage ;; esac
case $siorder in grouped|spread) ;; *) usage ;; esac
if [ -n "$ubtree" ] && [ -n "$ubsrc" ] || [ -z "$ubtree$ubsrc" ]; then
	echo "vs-unixbench: give exactly one of -u UB_TREE and -b UB_SOURCE" >&2
	usage
fi
tests=${tests:-$index12}
command -v python3 >/dev/null 2>&1 || die "python3 is needed"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vs-unixbench.XXXXXX") || die "mktemp"
cleanup() {
	if [ -n "${KEEP:-}" ]; then echo "vs-unixbench: kept $tmp" >&2; else rm -rf "$tmp"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

if [ -n "$ubsrc" ]; then
	[ -f "$ubsrc/Run" ] && [ -f "$ubsrc/Makefile" ] ||
		die "$ubsrc is not a UnixBench source tree (no Run and Makefile)"
	echo "vs-unixbench: building UnixBench from $ubsrc in $tmp/ub" >&2
	cp -R "$ubsrc" "$tmp/ub" || die "cannot copy $ubsrc"
	(cd "$tmp/ub" && make >"$tmp/ub-build.log" 2>&1) ||
		die "UnixBench's make failed; see its log (KEEP=1 keeps $tmp/ub-build.log)"
	ubtree=$tmp/ub
fi
given=$ubtree
ubtree=$(CDPATH='' cd -- "$given" 2>/dev/null && pwd) || die "no such folder: $given"
[ -x "$ubtree/Run" ] && [ -x "$ubtree/pgms/dhry2reg" ] ||
	die "$ubtree is not a built UnixBench tree (no Run or pgms/dhry2reg; build it, or use -b)"
case "$ubtree/" in "$root"/*) die "the UnixBench tree must be outside the repository" ;; esac

# Build sysindex once; later calls use MAKE=true so a rebuild in the tree
# cannot change the programs half way.
"$root/Run" --version >/dev/null || die "./Run cannot build sysindex"
for t in $tests; do
	MAKE=true "$root/Run" --list | grep -q "^$t " || die "sysindex has no test $t"
	case " $index12 shell16 dhry2 arithoh short int long float double hanoi C dc grep fstime-w fstime-r fsbuffer-w fsbuffer-r fsdisk-w fsdisk-r " in
	*" $t "*) ;;
	*) die "$t is not a UnixBench test" ;;
	esac
done

# One suite, one run: ub|si ROUND TAG [taskset-prefix...] -- TESTS...
# Leaves the text report in $tmp/<suite>-<tag>-<round>.txt.
run_suite() {
	suite=$1 round=$2 tag=$3
	shift 3
	pre=
	while [ "$1" != -- ]; do pre="$pre $1"; shift; done
	shift
	out=$tmp/$suite-$tag-$round
	start=$(date +%s)
	if [ "$suite" = ub ]; then
		mkdir -p "$out.d/tmp"
		# $pre is a command prefix (taskset -c 0), split on purpose.
		# shellcheck disable=SC2086
		(cd "$ubtree" && MAKE=true UB_RESULTDIR="$out.d" UB_TMPDIR="$out.d/tmp" \
			UB_OUTPUT_FILE_NAME=report $pre ./Run -i "$iters" -c "$copies" "$@") \
			>"$out.log" 2>&1 || echo "  UnixBench exited $? (round $round, $tag); see $out.log" >&2
		cp "$out.d/report" "$out.txt" 2>/dev/null || : >"$out.txt"
	else
		mkdir -p "$out.d"
		# shellcheck disable=SC2086
		MAKE=true $pre "$root/Run" -q --no-charts --results "$out.d" --order "$siorder" \
			-i "$iters" -c "$copies" "$@" \
			>"$out.log" 2>&1 || echo "  sysindex exited $? (round $round, $tag); see $out.log" >&2
		: >"$out.txt"
		for f in "$out.d"/*; do
			# The text report is the one result file without an extension.
			case ${f##*/} in *.*) ;; *) [ -f "$f" ] && cp "$f" "$out.txt" && break ;; esac
		done
	fi
	echo "  round $round $tag $suite: $(( $(date +%s) - start )) s" >&2
}

echo "vs-unixbench: UnixBench $ubtree, sysindex $root"
echo "  -i $iters -c $copies, $rounds rounds, pairs by $mode, sysindex --order $siorder; tests: $tests"
echo "  $(MAKE=true "$root/Run" --version | head -n 1)"
echo "  load before: $(uptime)"
t0=$(date +%s)
# pairs ROUND TAG [taskset-prefix...] -- TESTS...: in -m test, each test
# in both suites at once (the order flipping with the test and the round),
# each suite's reports of the round then joined into <suite>-TAG-ROUND.txt,
# where every title occurs once; in -m suite, each suite on all the tests.
pairs() {
	p_round=$1 p_tag=$2
	shift 2
	p_pre=
	while [ "$1" != -- ]; do p_pre="$p_pre $1"; shift; done
	shift
	if [ "$mode" = suite ]; then
		if [ $((p_round % 2)) -eq 1 ]; then order="ub si"; else order="si ub"; fi
		for s in $order; do
			# $p_pre and the tests are lists of words, split on purpose.
			# shellcheck disable=SC2086
			run_suite "$s" "$p_round" "$p_tag" $p_pre -- "$@"
		done
		return
	fi
	j=$p_round
	for t in "$@"; do
		if [ $((j % 2)) -eq 1 ]; then order="ub si"; else order="si ub"; fi
		for s in $order; do
			# shellcheck disable=SC2086
			run_suite "$s" "$p_round" "$p_tag-$t" $p_pre -- "$t"
		done
		j=$((j + 1))
	done
	for s in ub si; do
		: >"$tmp/$s-$p_tag-$p_round.txt"
		for t in "$@"; do cat "$tmp/$s-$p_tag-$t-$p_round.txt" >>"$tmp/$s-$p_tag-$p_round.txt"; done
	done
}

r=1
while [ "$r" -le "$rounds" ]; do
	# $tests is a list of names, split on purpose.
	# shellcheck disable=SC2086
	pairs "$r" all -- $tests
	pinned=
	for t in context1 spawn; do
		case " $tests " in *" $t "*) pinned="$pinned $t" ;; esac
	done
	if [ -n "$pinned" ] && [ "$place" = 1 ] && command -v taskset >/dev/null 2>&1; then
		# shellcheck disable=SC2086
		pairs "$r" cpu0 taskset -c 0 -- $pinned
	fi
	r=$((r + 1))
done
echo "  load after:  $(uptime)"
echo "  wall time: $(( $(date +%s) - t0 )) s"

python3 - "$tmp" "$rounds" "$mode" <<'PY'
import math, os, re, statistics as st, sys
d, rounds, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
# "<title>   <value> <unit>   (<secs> s, <n> samples)" is the same line in
# both reports; the first section (the first copy count) is used.
line = re.compile(r"^(\S.*?)\s+([0-9]+(?:\.[0-9]+)?) (\S+)\s+\(([0-9.]+) s, (\d+) samples?\)")
score = re.compile(r"^System Benchmarks Index Score.*?\s([0-9]+(?:\.[0-9]+)?)\s*$")
# "<title>   <baseline> <result> <index>" in the "Index Values" block.
index_line = re.compile(r"^(\S.*?)\s+([0-9]+\.[0-9]+)\s+([0-9]+\.[0-9]+)\s+([0-9]+\.[0-9]+)\s*$")
def parse(path):
    res, idx, values = {}, None, {}
    try:
        text = open(path, errors="replace").read().splitlines()
    except OSError:
        return res, idx, values
    for l in text:
        m = line.match(l)
        if m and m.group(1) not in res:
            res[m.group(1)] = (float(m.group(2)), m.group(3))
        m = score.match(l)
        if m and idx is None:
            idx = float(m.group(1))
        m = index_line.match(l)
        if m and m.group(1) not in values:
            values[m.group(1)] = float(m.group(4))
    if mode == "test":
        # One report per test: the round's score is the geometric mean of
        # the tests' index values (0 for a test that failed: no score).
        idx = (math.exp(sum(math.log(v) for v in values.values()) / len(values))
               if values and all(v > 0 for v in values.values()) else None)
    return res, idx, values
# Student's t, 97.5 % quantile, for the interval of the mean log-ratio.
T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365,
        8: 2.306, 9: 2.262, 10: 2.228, 12: 2.179, 15: 2.131, 20: 2.086, 30: 2.042}
def geo_ci(ratios):
    """Geometric mean of the ratios and its 95 % t interval, as a string."""
    logs = [math.log(x) for x in ratios]
    m = sum(logs) / len(logs)
    if len(logs) < 2:
        return f"{math.exp(m):.3f}"
    sd = math.sqrt(sum((x - m) ** 2 for x in logs) / (len(logs) - 1))
    df = len(logs) - 1
    t = T975[max(k for k in T975 if k <= df)] if df <= 30 else 1.96
    h = t * sd / math.sqrt(len(logs))
    return f"{math.exp(m):.3f} ({math.exp(m - h):.3f}-{math.exp(m + h):.3f})"
rows, order = {}, []
for tag, label in (("all", ""), ("cpu0", " [taskset -c 0]")):
    for r in range(1, rounds + 1):
        ub, ubi, ubv = parse(f"{d}/ub-{tag}-{r}.txt")
        si, sii, siv = parse(f"{d}/si-{tag}-{r}.txt")
        if mode == "test" and set(ubv) != set(siv):
            ubi = sii = None   # not the same tests indexed: no score pair
        for title, (v, unit) in ub.items():
            if tag == "cpu0" and not title.startswith(("Pipe-based Context", "Process Creation")):
                continue
            key = title + label
            if key not in rows:
                rows[key] = []
                order.append(key)
            if title in si:
                rows[key].append((v, si[title][0], unit))
        if tag == "all" and ubi and sii:
            rows.setdefault("System Benchmarks Index Score", [])
            if "System Benchmarks Index Score" not in order:
                order.append("System Benchmarks Index Score")
            rows["System Benchmarks Index Score"].append((ubi, sii, ""))
print()
print(f"{'test':<54} {'unit':<5} {'UnixBench':>12} {'sysindex':>12} {'ratio':>6}  min-max     n  "
      f"{'geomean (95% CI)':<21}  per round")
for key in order:
    v = [x for x in rows[key] if x[0] > 0]
    if not v:
        print(f"{key:<54} {'':<5} {'no pair':>12}")
        continue
    ratios = [s / u for u, s, _ in v]
    print(f"{key:<54} {v[0][2]:<5} {st.median(u for u, _, _ in v):12.1f} "
          f"{st.median(s for _, s, _ in v):12.1f} {st.median(ratios):6.3f}  "
          f"{min(ratios):.3f}-{max(ratios):.3f} {len(v):2d}  {geo_ci(ratios):<21}  "
          + " ".join(f"{x:.3f}" for x in ratios))
print("\nratio = sysindex / UnixBench per round: median, min-max over the rounds, n rounds")
print("with both figures; geomean: their geometric mean with its 95 % Student's t")
print("interval (the spread of the rounds, not only their number, sets its width);")
print("'per round' lists each round's ratio in round order, so that")
print("sets of rounds from several runs of this script can be pooled.")
if mode == "test":
    print("Pairs test by test, which suite first alternating; the score")
    print("of a round is the geometric mean of its tests' index values.  The [taskset -c 0]")
else:
    print("Rounds alternate which suite runs first.  The [taskset -c 0]")
print("rows run context1 and spawn alone in both suites with every process on CPU 0;")
print("the others are unpinned.  Figures are only worth what the machine's quiet was worth.")
PY
