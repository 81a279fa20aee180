#!/bin/sh
# shellcheck disable=SC2086 # $args and $common are lists of words
# between-runs.sh: do the verdicts that compare two runs hold their stated
# error rate, and does a score's interval hold the next run's score?  (Issue
# 38; bench/between-runs.md.)  Everything on the product's path: ./Run and
# ./Run compare as a user types them, nothing else running on the machine.
#
#   single   2 x N single runs of one setting, alternating labels A and B
#            (A/A): each consecutive pair compared with ./Run compare.  A
#            report with a faster/slower verdict is a false one (the stated
#            rate is 0: single runs are never judged); the score's 95 %
#            interval of run k against run k+1's score: the coverage a
#            single run's interval has of the next run (goal >= 90 %).
#   repeat   2 x N runs with --repeat R (A/A), compared pairwise: false
#            verdicts per report (stated: alpha = 5 % per report, Holm), and
#            the prediction interval of run k against run k+1's score.
#            (Skipped, and said so, on a ./Run without --repeat.)
#   group    the single part's runs pooled: disjoint pools of K runs labelled
#            A and K labelled B (runs taken in time order, A and B
#            alternating), ./Run compare --group-by label per pool pair:
#            false verdicts per report against the stated 5 %, and how often
#            compare asked for more runs.
#   pairedfs paired A/A on two loop-mounted ext4 images made alike (new
#            images for each of N runs: the instance term's mechanism); on
#            each pair of images one run with the default term and one with
#            --instance-sd 0 (what the term buys); false verdicts per report
#            (root, mkfs.ext4).
#   pairedtmpfs the same on two tmpfs (no blocks to land apart: the term
#            should be near 0), default term and --instance-sd 0.
#   effect   one known effect per kind: --pin against no --pin, 1 copy
#            (-c 1), single runs (no verdict, by rule), group pools of K
#            each, and --repeat R runs when it exists.
#   cost     --repeat R for R in -r's list: wall time and the half-width of
#            the score's prediction interval (what +-1 % and +-2 % cost),
#            beside a default run's wall time and interval.
#
#   bench/between-runs.sh [-n N] [-k K] [-r R[,R...]] [-b MIN] [-o DIR] [PART...] [-- RUN-ARGS]
#   bench/between-runs.sh -R DIR      the summary of the results kept in DIR, nothing run
#
# -n: runs per side (default 20: at least 20 A/A comparisons per kind);
# -k: runs per pool for the group part (default 5); -r: --repeat counts for
# the repeat and cost parts (default 3; cost uses every value); -b: paired
# parts' --time-budget in minutes (default 10, labelled in the summary);
# -o DIR keeps every result and DIR/summary.md.  RUN-ARGS after -- go to
# every single, repeat and group run (default: index, the default command).
# Default wall time: with the default command (about an hour per run on 2
# CPUs) the single part alone is 40 hours; pass shorter product options
# (e.g. -- --time-budget 10) and say so in bench/between-runs.md.
# Needs python3; the paired parts need root and mkfs.ext4.
set -eu
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
n=20 k=5 reps=3 budget=10 keep='' resum=''
while getopts n:k:r:b:o:R: o; do
	case $o in
	n) n=$OPTARG ;;
	k) k=$OPTARG ;;
	r) reps=$OPTARG ;;
	b) budget=$OPTARG ;;
	o) keep=$OPTARG ;;
	R) resum=$OPTARG ;;
	*) echo "usage: $0 [-n N] [-k K] [-r R,...] [-b MIN] [-o DIR] [PART...] [-- RUN-ARGS]" >&2
	   exit 2 ;;
	esac
done
shift $((OPTIND - 1))
parts=''
while [ $# -gt 0 ] && [ "$1" != -- ]; do
	case $1 in
	single|repeat|group|pairedfs|pairedtmpfs|effect|cost) parts="$parts $1" ;;
	*) echo "$0: unknown part '$1'" >&2; exit 2 ;;
	esac
	shift
done
[ "${1:-}" = -- ] && shift
args=${*:-index}
[ -n "$parts" ] || parts='single repeat group pairedfs pairedtmpfs effect cost'

summary() {
	python3 - "$1" <<'EOF'
import json, os, re, subprocess, sys
out = sys.argv[1]

def score(path):
    """(copies -> (score, lo, hi)) of a run's JSON."""
    with open(path) as f:
        d = json.load(f)
    res = {}
    for s in d.get("scores", []):
        ci = s.get("system_index_score_ci") or {}
        bp = s.get("between_passes") or {}
        if bp.get("score"):     # --repeat: the pooled score, its interval over the passes
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
    got = []
    for x in names:
        js = [f for f in os.listdir(os.path.join(d, x)) if f.endswith(".json")]
        if js:
            got.append(os.path.join(d, x, js[0]))
    return got

def cmp_reports(part):
    d = os.path.join(out, part, "cmp")
    if not os.path.isdir(d):
        return []
    return [os.path.join(d, f) for f in sorted(os.listdir(d)) if f.endswith(".txt")]

def false_rate(files):
    bad = 0
    for f in files:
        text = open(f).read()
        if re.search(r"(?m) (faster|slower)$", text) or re.search(r"\d[*]( |$)", text):
            bad += 1
    return bad, len(files)

def coverage(files, which):
    hit = tot = 0
    for a, b in zip(files, files[1:]):
        sa, sb = score(a), score(b)
        for c in sa:
            if c not in sb or sa[c][0] is None or sb[c][0] is None:
                continue
            lo, hi = (sa[c][1], sa[c][2]) if which == "ci" else (sa[c][3], sa[c][4])
            if lo is None or hi is None:
                continue
            tot += 1
            hit += lo <= sb[c][0] <= hi
    return hit, tot

lines = ["# between-runs.sh summary", ""]
lines.append("| kind | reports | with a false faster/slower | stated rate |")
lines.append("|---|---:|---:|---|")
for part, stated in (("single", "0 (never judged)"), ("repeat", "5 % per report"),
                     ("group", "5 % per report"), ("pairedfs", "5 % per report"),
                     ("pairedfs0", "5 % per report (--instance-sd 0)"),
                     ("pairedtmpfs", "5 % per report"),
                     ("pairedtmpfs0", "5 % per report (--instance-sd 0)")):
    files = cmp_reports(part)
    if files:
        bad, tot = false_rate(files)
        lines.append(f"| {part} | {tot} | {bad} ({100 * bad / tot:.0f} %) | {stated} |")
lines += ["", "| runs | interval | next run's score inside | of pairs |", "|---|---|---:|---:|"]
for part, which in (("single", "ci"), ("repeat", "ci"), ("repeat", "pred")):
    hit, tot = coverage(runs(part), which)
    if tot:
        lines.append(f"| {part} | {'95 % CI' if which == 'ci' else 'prediction'} | {hit} "
                     f"({100 * hit / tot:.0f} %) | {tot} |")
cost = os.path.join(out, "cost")
if os.path.isdir(cost):
    lines += ["", "| run | wall s | score | prediction half-width % |", "|---|---:|---:|---:|"]
    for x in sorted(os.listdir(cost)):
        js = [f for f in os.listdir(os.path.join(cost, x)) if f.endswith(".json")]
        if not js:
            continue
        wall = open(os.path.join(cost, x, "wall")).read().strip()
        for c, (s, lo, hi, plo, phi) in score(os.path.join(cost, x, js[0])).items():
            half = 100 * (phi / s - 1) if phi and s else float("nan")
            lines.append(f"| {x} ({c} cop.) | {wall} | {s} | {half:.2f} |")
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
imgs=''
cleanup() {
	for m in $imgs; do umount "$m" 2>/dev/null || :; done
	rm -rf "$out/testdir" "$out/img"
	[ -n "$keep" ] || rm -rf "$out"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
make -s -C "$root" all >/dev/null
has_repeat() { "$root/Run" --help 2>/dev/null | grep -q -- '--repeat'; }

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
report_of() { ls "$1"/*[0-9] 2>/dev/null | head -1; }

# compare_into FILE ARGS: ./Run compare's text output kept.
compare_into() {
	f=$1
	shift
	mkdir -p "$(dirname "$f")"
	"$root/Run" compare "$@" >"$f" 2>&1 || echo "$f: compare exited $?" >&2
}

# A/A single runs, then each consecutive pair compared.
single() {
	i=1
	while [ $i -le $((2 * n)) ]; do
		run_into "$out/single/r$i" --testdir "$out/testdir" $args
		echo "single run $i of $((2 * n)): $(cat "$out/single/r$i/wall") s" >&2
		i=$((i + 1))
	done
	i=1
	while [ $i -lt $((2 * n)) ]; do
		compare_into "$out/single/cmp/$i.txt" "$(report_of "$out/single/r$i")" \
			"$(report_of "$out/single/r$((i + 1))")"
		i=$((i + 2))
	done
}

repeat_part() {
	if ! has_repeat; then
		echo "repeat: ./Run has no --repeat yet: skipped" >&2
		return 0
	fi
	r=${reps%%,*}
	i=1
	while [ $i -le $((2 * n)) ]; do
		run_into "$out/repeat/r$i" --repeat "$r" --testdir "$out/testdir" $args
		i=$((i + 1))
	done
	i=1
	while [ $i -lt $((2 * n)) ]; do
		compare_into "$out/repeat/cmp/$i.txt" "$(report_of "$out/repeat/r$i")" \
			"$(report_of "$out/repeat/r$((i + 1))")"
		i=$((i + 2))
	done
}

# Disjoint pools of k runs per side from the single part's runs.
group() {
	[ -d "$out/single/r1" ] || single
	i=1 p=1
	while [ $((i + 2 * k - 1)) -le $((2 * n)) ]; do
		set --
		j=0
		while [ $j -lt $((2 * k)) ]; do
			lab=A
			[ $((j % 2)) -eq 1 ] && lab=B
			set -- "$@" --label $lab "$(report_of "$out/single/r$((i + j))")"
			j=$((j + 1))
		done
		compare_into "$out/group/cmp/$p.txt" --group-by label "$@"
		i=$((i + 2 * k))
		p=$((p + 1))
	done
	echo "group: $((p - 1)) pool pairs of $k + $k runs (fewer than 20: raise -n)" >&2
}

# mkimg NAME: a new ext4 image made like the others, mounted at $out/img/NAME.
mkimg() {
	mkdir -p "$out/img/$1"
	truncate -s 2G "$out/img/$1.img"
	mkfs.ext4 -q -F "$out/img/$1.img"
	mount -o loop "$out/img/$1.img" "$out/img/$1"
	imgs="$imgs $out/img/$1"
}
rmimg() {
	umount "$out/img/$1"
	rm -f "$out/img/$1.img"
	imgs=$(echo "$imgs" | sed "s| $out/img/$1||")
}

paired() {
	kind=$1
	i=1
	while [ $i -le "$n" ]; do
		if [ "$kind" = fs ]; then
			mkimg a; mkimg b
			a=$out/img/a b=$out/img/b
		else
			mkdir -p "$out/img/ta" "$out/img/tb"
			mount -t tmpfs -o size=3G tmpfs "$out/img/ta"
			mount -t tmpfs -o size=3G tmpfs "$out/img/tb"
			imgs="$imgs $out/img/ta $out/img/tb"
			a=$out/img/ta b=$out/img/tb
		fi
		for sd in default 0; do
			extra=''
			[ $sd = 0 ] && extra='--instance-sd 0'
			part=paired$kind
			[ $sd = 0 ] && part=paired${kind}0
			run_into "$out/$part/r$i" --time-budget "$budget" $extra \
				--testdir "A=$a" --testdir "B=$b" fs
			compare_into "$out/$part/cmp/$i.txt" "$(report_of "$out/$part/r$i")"
		done
		if [ "$kind" = fs ]; then rmimg a; rmimg b; else
			umount "$out/img/ta" "$out/img/tb"
			imgs=''
		fi
		i=$((i + 1))
	done
}

effect() {
	# --pin against not, single runs (no verdict by rule), then pools.
	i=1
	while [ $i -le $((2 * k)) ]; do
		run_into "$out/effect/pin$i" --pin --testdir "$out/testdir" $args
		run_into "$out/effect/nopin$i" --testdir "$out/testdir" $args
		i=$((i + 1))
	done
	compare_into "$out/effect/single.txt" "$(report_of "$out/effect/nopin1")" \
		"$(report_of "$out/effect/pin1")"
	set --
	i=1
	while [ $i -le $((2 * k)) ]; do
		set -- "$@" --label nopin "$(report_of "$out/effect/nopin$i")" \
			--label pin "$(report_of "$out/effect/pin$i")"
		i=$((i + 1))
	done
	compare_into "$out/effect/group.txt" --group-by label "$@"
	if has_repeat; then
		r=${reps%%,*}
		run_into "$out/effect/rpin" --repeat "$r" --pin --testdir "$out/testdir" $args
		run_into "$out/effect/rnopin" --repeat "$r" --testdir "$out/testdir" $args
		compare_into "$out/effect/repeat.txt" "$(report_of "$out/effect/rnopin")" \
			"$(report_of "$out/effect/rpin")"
	fi
}

cost() {
	run_into "$out/cost/default" --testdir "$out/testdir" $args
	if ! has_repeat; then
		echo "cost: ./Run has no --repeat yet: only the default run" >&2
		return 0
	fi
	for r in $(echo "$reps" | tr , ' '); do
		run_into "$out/cost/repeat$r" --repeat "$r" --testdir "$out/testdir" $args
	done
}

for p in $parts; do
	case $p in
	single) single ;;
	repeat) repeat_part ;;
	group) group ;;
	pairedfs) paired fs ;;
	pairedtmpfs) paired tmpfs ;;
	effect) effect ;;
	cost) cost ;;
	esac
done
summary "$out"
