#!/bin/sh
# shellcheck disable=SC2086 # $args, $ptests and $extra are lists of words
# between-runs.sh: do the verdicts that compare two runs hold their stated
# error rate, and does a score's interval hold the next run's score?  (Issue
# 38; bench/between-runs.md.)  Everything on the product's path: ./Run and
# ./Run compare as a user types them, nothing else running on the machine.
#
# The kinds run in interleaved rounds (a run of each kind per round, the
# paired kinds in -p of the rounds, spread evenly), so the host's drift over
# the hours lands on every kind alike, and a deadline (-d) leaves each kind
# with its share of runs:
#
#   single   n+1 single runs of one setting (A/A); each run compared with the
#            next (n reports, consecutive pairs: each run is in two). A report
#            with a faster/slower verdict is a false one (the stated rate is
#            0: single runs are never judged). Also the coverage of the next
#            run's score by a run's 95 % score interval (goal >= 90 %).
#   repeat   the same with --repeat R: false verdicts per report (stated:
#            alpha = 5 % per report, Holm-Shaffer), and the coverage of the
#            next run's score by the interval over the passes and by the
#            prediction interval.
#   group    -g pool pairs drawn from the single runs: 2K of them at random
#            (seeded), K labelled A and K labelled B, compared with
#            ./Run compare --group-by label (runs are reused across draws: the
#            draws are not independent); false verdicts per report against 5 %.
#            Also the next run: K consecutive single runs labelled A (and K
#            others as B), compare's 95 % prediction for A's next run against
#            the score of the single run that followed them (windows overlap).
#   pairedfs paired A/A on two loop-mounted ext4 images made alike, new images
#            for every run (the instance term's mechanism): false verdicts per
#            report against 5 %, and the rows whose interval leaves out 0 with
#            the term and from the rounds alone (the report prints both).
#   pairedtmpfs the same on two tmpfs.
#   effect   after the rounds: one known effect per kind, --pin against none:
#            two single runs, pools of K + K, two --repeat R runs.
#
#   bench/between-runs.sh [-n N] [-p P] [-g G] [-k K] [-r R] [-s MIN] [-B MIN]
#                         [-b MIN] [-t ARGS] [-d MIN] [-o DIR] [-i FIRST] [-C]
#                         [PART...]
#                         [-- RUN-ARGS]
#   bench/between-runs.sh -R DIR      the summary of the results kept in DIR
#
# -n: comparisons per kind (n+1 runs; default 20); -p: paired runs per paired
# kind (default n); -g: group pool pairs (default n); -k: runs per pool
# (default 5); -r: the repeat part's passes (default 5). Time budgets (the
# product's --time-budget, minutes): -s a single run's (default 1), -B a
# repeat run's (default 2), -b a paired run's (default 2); -t the paired
# runs' tests and options (default -c 1 and the index's file tests). -d:
# start no round after MIN minutes. -o DIR keeps every result and
# DIR/summary.md; -i FIRST numbers the rounds from FIRST (default 1), to add
# rounds to a kept DIR: only the new runs are compared, the summary is over all.
# -C: run nothing; redo the given parts' comparisons of the kept DIR (-o) with
# this build, then the summary. RUN-ARGS after -- go to every single and repeat run
# (default: -c 1 and six index tests, one of each kind: dhry2reg syscall
# pipe context1 spawn fstime).
# Needs python3; the paired parts need root and mkfs.ext4.
set -eu
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
n=20 p='' g='' k=5 reps=5 sbudget=1 rbudget=2 budget=2 deadline='' keep='' resum='' first=1 conly=0
ptests='-c 1 fstime fsbuffer fsdisk'
usage="usage: $0 [-n N] [-p P] [-g G] [-k K] [-r R] [-s MIN] [-B MIN] [-b MIN] [-t ARGS] [-d MIN] [-o DIR] [-i FIRST] [-C] [PART...] [-- RUN-ARGS]"
while getopts n:p:g:k:r:s:B:b:t:d:o:R:i:C o; do
	case $o in
	n) n=$OPTARG ;;
	p) p=$OPTARG ;;
	g) g=$OPTARG ;;
	k) k=$OPTARG ;;
	r) reps=$OPTARG ;;
	s) sbudget=$OPTARG ;;
	B) rbudget=$OPTARG ;;
	b) budget=$OPTARG ;;
	t) ptests=$OPTARG ;;
	d) deadline=$OPTARG ;;
	o) keep=$OPTARG ;;
	R) resum=$OPTARG ;;
	i) first=$OPTARG ;;
	C) conly=1 ;;
	*) echo "$usage" >&2; exit 2 ;;
	esac
done
dashes=0    # getopts took a "--" that ended the options: RUN-ARGS follow, no parts
[ "$OPTIND" -gt 1 ] && eval "[ \"\${$((OPTIND - 1))}\" = -- ]" && dashes=1
shift $((OPTIND - 1))
p=${p:-$n} g=${g:-$n}
parts=''
while [ $dashes = 0 ] && [ $# -gt 0 ] && [ "$1" != -- ]; do
	case $1 in
	single|repeat|group|pairedfs|pairedtmpfs|effect) parts="$parts $1" ;;
	*) echo "$0: unknown part '$1'" >&2; echo "$usage" >&2; exit 2 ;;
	esac
	shift
done
[ $dashes = 0 ] && [ "${1:-}" = -- ] && shift
args=${*:--c 1 dhry2reg syscall pipe context1 spawn fstime}
[ -n "$parts" ] || parts=' single repeat group pairedfs pairedtmpfs'
has() { case "$parts " in *" $1 "*) return 0 ;; esac; return 1; }

summary() {
	python3 - "$1" <<'EOF'
import csv, json, math, os, re, statistics, sys
out = sys.argv[1]

def record(d):
    js = [f for f in os.listdir(d) if f.endswith(".json")] if os.path.isdir(d) else []
    return os.path.join(d, js[0]) if js else None

def score(path):
    """copies -> (score, ci lo, ci hi, prediction lo, prediction hi) of a record."""
    with open(path) as f:
        d = json.load(f)
    res = {}
    for s in d.get("scores", []):
        ci = s.get("system_index_score_ci") or {}
        bp = s.get("between_passes") or {}
        if bp.get("score"):     # --repeat: the pooled score, its intervals over the passes
            res[s["copies"]] = (bp["score"], bp.get("lo"), bp.get("hi"),
                                bp.get("prediction_lo"), bp.get("prediction_hi"))
        else:
            res[s["copies"]] = (s.get("system_index_score"), ci.get("lo"), ci.get("hi"),
                                None, None)
    return res

def runs(part):
    d = os.path.join(out, part)
    if not os.path.isdir(d):
        return []
    names = sorted((x for x in os.listdir(d) if re.fullmatch(r"r\d+", x)), key=lambda x: int(x[1:]))
    return [r for r in (record(os.path.join(d, x)) for x in names) if r]

def reports(part):
    d = os.path.join(out, part, "cmp")
    if not os.path.isdir(d):
        return []
    return [os.path.join(d, f) for f in sorted(os.listdir(d)) if f.endswith(".csv")]

def verdicts(path):
    """The verdict cells of compare's CSV (every shape: matrix and paired)."""
    got = []
    with open(path) as f:
        for row in csv.DictReader(f):
            v = row.get("verdict") or row.get("verdict_text") or ""
            if v:
                got.append(v)
    return got

def upper95(bad, tot):
    """Clopper-Pearson's one-sided 95 % upper bound of a rate bad/tot."""
    if bad >= tot:
        return 1.0
    lo, hi = bad / tot, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2
        cdf = sum(math.comb(tot, j) * mid ** j * (1 - mid) ** (tot - j) for j in range(bad + 1))
        lo, hi = (mid, hi) if cdf > 0.05 else (lo, mid)
    return hi

def moved_by_term(part):
    """Paired reports: rows whose interval leaves out 0 with the term, and from the rounds alone."""
    with_term = alone = rows = 0
    for f in reports(part):
        with open(f) as fh:
            for row in csv.DictReader(fh):
                try:
                    lo, hi = float(row["lo_change_percent"]), float(row["hi_change_percent"])
                except (KeyError, ValueError):
                    continue
                rows += 1
                with_term += not (lo <= 0 <= hi)
                m = re.search(r"rounds alone: ([-+][\d.]+)%\.\.([-+][\d.]+)%", row.get("reason", ""))
                if m:
                    alone += not (float(m.group(1)) <= 0 <= float(m.group(2)))
    return rows, with_term, alone

lines = ["# between-runs.sh summary", ""]
lines += ["| kind | reports | rows judged | with a false faster/slower | 95 % upper bound | equivalent rows | stated rate |",
          "|---|---:|---:|---:|---:|---:|---|"]
for part, stated in (("single", "0 (never judged)"),
                     ("repeat", "0 (never judged since e28176d; 5 % per report before)"),
                     ("group", "5 % per report"), ("pairedfs", "5 % per report"),
                     ("pairedtmpfs", "5 % per report")):
    files = reports(part)
    if not files:
        continue
    bad = judged = eq = 0
    for f in files:
        vs = verdicts(f)
        judged += sum(1 for v in vs if re.match(r"(faster|slower|equivalent)", v))
        eq += sum(1 for v in vs if v.startswith("equivalent"))
        bad += any(re.match(r"(faster|slower)", v) for v in vs)
    tot = len(files)
    lines.append(f"| {part} | {tot} | {judged} | {bad} ({100 * bad / tot:.0f} %) | "
                 f"{100 * upper95(bad, tot):.0f} % | {eq} | {stated} |")
for part in ("pairedfs", "pairedtmpfs"):
    rows, wt, al = moved_by_term(part)
    if rows:
        lines.append("")
        lines.append(f"{part}: of {rows} rows, {wt} have a 95 % interval (unadjusted) that "
                     f"leaves out 0 with the instance term, {al} from the rounds alone.")
lines += ["", "| runs | interval | next run's score inside | of pairs | median half-width % | median wall s |",
          "|---|---|---:|---:|---:|---:|"]
for part, which in (("single", "ci"), ("repeat", "ci"), ("repeat", "pred")):
    rs = runs(part)
    hit = tot = 0
    halves = []
    for a, b in zip(rs, rs[1:]):
        sa, sb = score(a), score(b)
        for c in sa:
            if c not in sb or sa[c][0] is None or sb[c][0] is None:
                continue
            lo, hi = (sa[c][1], sa[c][2]) if which == "ci" else (sa[c][3], sa[c][4])
            if lo is None or hi is None:
                continue
            tot += 1
            hit += lo <= sb[c][0] <= hi
            halves.append(100 * (hi - lo) / 2 / sa[c][0])
    walls = []
    for r in rs:
        w = os.path.join(os.path.dirname(r), "wall")
        if os.path.exists(w):
            walls.append(int(open(w).read().strip()))
    if tot:
        lines.append(f"| {part} | {'95 % CI' if which == 'ci' else 'prediction'} | {hit} "
                     f"({100 * hit / tot:.0f} %) | {tot} | {statistics.median(halves):.2f} | "
                     f"{statistics.median(walls) if walls else float('nan'):.0f} |")
nxt = os.path.join(out, "next", "cmp")
if os.path.isdir(nxt):
    hit = tot = 0
    halves = []
    for f in sorted(os.listdir(nxt)):
        if not f.endswith(".csv"):
            continue
        held = os.path.join(nxt, f[:-4] + ".held")
        if not os.path.exists(held):
            continue
        truth = score(open(held).read().strip())
        with open(os.path.join(nxt, f)) as fh:
            for row in csv.DictReader(fh):
                if row["kind"] != "score" or row["label"] != "A" or not row.get("next_run_low"):
                    continue
                c = int(row["copies"])
                if c not in truth or truth[c][0] is None:
                    continue
                lo, hi, v = float(row["next_run_low"]), float(row["next_run_high"]), float(row["value"])
                tot += 1
                hit += lo <= truth[c][0] <= hi
                halves.append(100 * (hi - lo) / 2 / v)
    if tot:
        lines += ["", f"Next run from a pool of single runs (--group-by label, compare's 95 % "
                  f"prediction; overlapping windows): the run that followed inside in {hit} of "
                  f"{tot} ({100 * hit / tot:.0f} %), median half-width "
                  f"{statistics.median(halves):.2f} %."]
eff = os.path.join(out, "effect")
if os.path.isdir(eff):
    lines += ["", "Known effect (--pin against none), verdicts per report:"]
    for f in sorted(os.listdir(eff)):
        if f.endswith(".csv"):
            vs = verdicts(os.path.join(eff, f))
            lines.append(f"- {f[:-4]}: " + ", ".join(vs))
text = "\n".join(lines) + "\n"
open(os.path.join(out, "summary.md"), "w").write(text)
print(text)
EOF
}

if [ -n "$resum" ]; then
	summary "$resum"
	exit 0
fi

out=${keep:-$(mktemp -d /tmp/between-runs.XXXXXX)}
mkdir -p "$out/testdir"
mounts=''
cleanup() {
	for m in $mounts; do umount "$m" 2>/dev/null || :; done
	rm -rf "$out/testdir" "$out/img"
	[ -n "$keep" ] || rm -rf "$out"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
make -s -C "$root" all >/dev/null
start=$(date +%s)

# run_into DIR RUN-ARGS: one ./Run into DIR, its wall time in DIR/wall.
run_into() {
	d=$1
	shift
	mkdir -p "$d"
	t0=$(date +%s)
	"$root/Run" -q --no-charts --results "$d" "$@" >/dev/null 2>"$d/stderr" ||
		echo "$d: ./Run exited $?" >&2
	echo $(( $(date +%s) - t0 )) >"$d/wall"
}
record_of() { ls "$1"/*.json 2>/dev/null | head -1; }

# compare_into BASE ARGS: ./Run compare's text and CSV kept as BASE.txt, BASE.csv.
compare_into() {
	f=$1
	shift
	mkdir -p "$(dirname "$f")"
	"$root/Run" compare "$@" >"$f.txt" 2>&1 || echo "$f: compare exited $?" >&2
	"$root/Run" compare --format csv "$@" >"$f.csv" 2>/dev/null || :
}

# mkdirs KIND: two test dirs made alike, mounted under $out/img; prints them.
mkdirs() {
	for s in a b; do
		mkdir -p "$out/img/$s"
		if [ "$1" = fs ]; then
			truncate -s 2G "$out/img/$s.img"
			mkfs.ext4 -q -F "$out/img/$s.img"
			mount -o loop "$out/img/$s.img" "$out/img/$s"
		else
			mount -t tmpfs -o size=2G tmpfs "$out/img/$s"
		fi
		mounts="$mounts $out/img/$s"
	done
}
rmdirs() {
	for s in a b; do umount "$out/img/$s"; done
	rm -f "$out/img/a.img" "$out/img/b.img"
	mounts=''
}

paired() {
	mkdirs "$1"
	run_into "$out/paired$1/r$2" --time-budget "$budget" \
		--testdir "A=$out/img/a" --testdir "B=$out/img/b" $ptests
	rmdirs
}

# in_share I: whether round I (1..n+1) is one of the p rounds a paired kind runs in.
in_share() { [ $(( $1 * p / (n + 1) )) -gt $(( ($1 - 1) * p / (n + 1) )) ]; }

# The rounds, numbered from -i's FIRST (none with -C).
i=$first
[ $conly = 0 ] || [ -n "$keep" ] || { echo "$0: -C needs -o DIR" >&2; exit 2; }
[ $conly = 0 ] || i=$((first + n + 1))
while [ $i -lt $((first + n + 1)) ]; do
	if [ -n "$deadline" ] && [ $(( $(date +%s) - start )) -ge $((deadline * 60)) ]; then
		echo "deadline: $deadline min reached, $((i - first)) rounds run" >&2
		break
	fi
	if has single || has group; then
		run_into "$out/single/r$i" --time-budget "$sbudget" --testdir "$out/testdir" $args
	fi
	has repeat && run_into "$out/repeat/r$i" --repeat "$reps" --time-budget "$rbudget" \
		--testdir "$out/testdir" $args
	if in_share $((i - first + 1)); then
		has pairedfs && paired fs $i
		has pairedtmpfs && paired tmpfs $i
	fi
	echo "round $((i - first + 1)) of $((n + 1)) done at $(( ($(date +%s) - start) / 60 )) min" >&2
	i=$((i + 1))
done

# The comparisons (compare's time is not measured: nothing else to keep alone).
for part in single repeat; do
	[ -d "$out/$part" ] || continue
	has $part || continue
	i=$((first > 1 ? first - 1 : 1))
	while [ -f "$(record_of "$out/$part/r$((i + 1))")" ]; do
		compare_into "$out/$part/cmp/$i" "$(record_of "$out/$part/r$i")" \
			"$(record_of "$out/$part/r$((i + 1))")"
		i=$((i + 1))
	done
done
if has group && [ -d "$out/single" ]; then
	have=$(ls -d "$out"/single/r* | wc -l)
	if [ "$have" -ge $((2 * k)) ]; then
		python3 -c "
import random
rng = random.Random(38)
for _ in range($g):
    pick = rng.sample(range(1, $have + 1), 2 * $k)
    print(' '.join(map(str, pick)))" | {
			q=1
			while read -r pick; do
				set --
				j=0
				for r in $pick; do
					lab=A
					[ $j -ge "$k" ] && lab=B
					set -- "$@" --label $lab "$(record_of "$out/single/r$r")"
					j=$((j + 1))
				done
				compare_into "$out/group/cmp/$q" --group-by label "$@"
				q=$((q + 1))
			done
		}
	fi
	# The next run: runs w..w+K-1 as A, the K after the held-out run w+K as
	# B (the K before w near the end), A's prediction against run w+K.
	w=1
	while [ $((w + k)) -le "$have" ]; do
		set --
		j=0
		while [ $j -lt "$k" ]; do
			set -- "$@" --label A "$(record_of "$out/single/r$((w + j))")"
			j=$((j + 1))
		done
		b0=$((w + k + 1))
		[ $((b0 + k - 1)) -le "$have" ] || b0=$((w - k))
		if [ "$b0" -ge 1 ]; then
			j=0
			while [ $j -lt "$k" ]; do
				set -- "$@" --label B "$(record_of "$out/single/r$((b0 + j))")"
				j=$((j + 1))
			done
			compare_into "$out/next/cmp/$w" --group-by label "$@"
			printf '%s\n' "$(record_of "$out/single/r$((w + k))")" >"$out/next/cmp/$w.held"
		fi
		w=$((w + 1))
	done
fi
for kind in fs tmpfs; do
	[ -d "$out/paired$kind" ] || continue
	for d in "$out/paired$kind"/r*; do
		[ "${d##*/r}" -ge "$first" ] || continue
		compare_into "$out/paired$kind/cmp/${d##*/r}" "$(record_of "$d")"
	done
done

if has effect; then
	i=1
	while [ $i -le "$k" ]; do
		run_into "$out/effect/pin$i" --pin --time-budget "$sbudget" --testdir "$out/testdir" $args
		run_into "$out/effect/nopin$i" --time-budget "$sbudget" --testdir "$out/testdir" $args
		i=$((i + 1))
	done
	run_into "$out/effect/rpin" --pin --repeat "$reps" --time-budget "$rbudget" \
		--testdir "$out/testdir" $args
	run_into "$out/effect/rnopin" --repeat "$reps" --time-budget "$rbudget" \
		--testdir "$out/testdir" $args
	compare_into "$out/effect/single" "$(record_of "$out/effect/nopin1")" \
		"$(record_of "$out/effect/pin1")"
	set --
	i=1
	while [ $i -le "$k" ]; do
		set -- "$@" --label nopin "$(record_of "$out/effect/nopin$i")" \
			--label pin "$(record_of "$out/effect/pin$i")"
		i=$((i + 1))
	done
	compare_into "$out/effect/group" --group-by label "$@"
	compare_into "$out/effect/repeat" "$(record_of "$out/effect/rnopin")" \
		"$(record_of "$out/effect/rpin")"
fi
summary "$out"
