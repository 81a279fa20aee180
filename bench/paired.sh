#!/bin/sh
# shellcheck disable=SC2086 # $FS, $DISK and $common are lists of words
# paired.sh: does paired mode keep its promise?  As root, on file systems it
# makes and removes itself (loop-mounted ext4 images with relatime, noatime
# and -o sync, and a tmpfs):
#
#   aa      A/A: two folders on one ext4, paired, for each budget in -m: every
#           file test's ratio CI must contain 0; the CI half-widths reached
#   effect  a known effect: ext4 -o sync against ext4 (file tests), and tmpfs
#           against loop-ext4 (disk group): significant, in the right direction
#   manual  the manual method in the same wall time as one paired A/A run of
#           -e minutes: a run in folder A, then one in folder B, each half the
#           time, compared with ./Run compare (Welch), beside the paired run
#   atime   noatime against relatime on ext4 (file tests): what it finds
#   product the README's command typed as shown, on the product's path (no
#           tuning flag): `./Run --testdir A --testdir B fs` (paired mode's
#           default 15-minute budget) and the same with --time-budget 10,
#           -n times each, alternating, A/A on two ext4 images made alike;
#           then -o sync and noatime against ext4 relatime with the same
#           default command.  Per run: wall time against the budget, the
#           verdicts (faster/slower on A/A are false), the half-widths.
#           product-aa: the A/A runs alone; product-b10: only the
#           --time-budget 10 A/A runs; product-default: only the A/A runs
#           of the default command; product-sync, product-noatime: that
#           one run alone.  b10-scatter: the --time-budget 10 A/A runs;
#           samples-c1: one A/A run with --interleave samples (as before
#           slicing), 1 copy, --time-budget 10 (both copy counts need 16);
#           disk-scatter: the disk group paired, --time-budget 5, sliced
#           and with --interleave samples.  disk-swap: the disk group
#           paired, --time-budget 5, on images A then B and again on B then
#           A: a difference that follows the image is the images', one that
#           follows the order is the method's.  fs-swap: the same for File
#           Copy 256 (fsbuffer, the test whose A/A runs leaned one way),
#           --time-budget 3, -n times each way, alternating.  The summary's
#           scatter table
#           sets each test's rounds side by side, before and after.
#
#   bench/paired.sh [-d SECONDS] [-s SETTLE] [-m MIN,MIN] [-e MIN] [-p PREC] [-n RUNS] [-o DIR] [PART...]
#   bench/paired.sh -S            smoke test: every part, tiny, about a minute
#   bench/paired.sh -R DIR        the summary of the results kept in DIR (-o), nothing run
#
# -d: seconds per sample (default 1: short samples, many rounds, as the
# manual A B A B advice; the file-copy tests take one sliced sample per
# round, every directory in one fstime process, so what limits their
# interval is the number of rounds, each with new files, not the sample's
# length); -s: settle seconds before each sample, or before each round of a
# sliced test (default 1); -m: the A/A budgets in minutes (default 5,10); -e: the budget of each
# other run (default 2: effect runs two, manual a paired one and two of half
# of it each); -p PREC adds --precision PREC (1%: each test stops at +-1 %
# and leaves the rest of the budget to the tests after it); -o DIR keeps
# every result file and the summary (DIR/summary.md), else they go with the
# temporary folder; -n: the product part's A/A runs per command (default
# 5).  PART: aa effect manual atime product (default all but product: it
# takes (15 + 10) x RUNS + 30 minutes).  Default wall time: 15 + 4 + 4 + 2 = 25 minutes plus a
# minute of set-up.  Needs root, mkfs.ext4, python3.
set -eu
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
secs=1 settle=1 aa_budgets=5,10 budget=2 keep='' smoke='' prec='' nruns=5 resum=''
while getopts d:s:m:e:p:n:o:R:S o; do
	case $o in
	n) nruns=$OPTARG ;;
	d) secs=$OPTARG ;;
	s) settle=$OPTARG ;;
	m) aa_budgets=$OPTARG ;;
	e) budget=$OPTARG ;;
	p) prec=$OPTARG ;;
	o) keep=$OPTARG ;;
	R) resum=$OPTARG ;;
	S) smoke=1 ;;
	*) sed -n '3,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
parts=${*:-aa effect manual atime}
# summarise: the Markdown summary of every result under $OUT (also alone: -R).
summarise() {
python3 - "$OUT" "$root/Run" <<'PY' | tee "$OUT/summary.md"
import glob, json, math, os, re, subprocess, sys
out, run = sys.argv[1], sys.argv[2]

def result(name):
    files = glob.glob(os.path.join(out, name, "*.json"))
    if not files:
        return None, None
    wall = int(open(os.path.join(out, name, "wall")).read())
    return json.load(open(files[0])), wall

def fmt(v, pct=True):
    return "-" if v is None else ("%+.2f%%" % v if pct else "%.2f" % v)

# The plain form (Student's t over the rounds' log-ratios, no order term)
# from the JSON's samples, beside the report's figures: what the order
# adjustment changed on the same rounds.
T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365,
        8: 2.306, 9: 2.262, 10: 2.228, 12: 2.179, 15: 2.131, 20: 2.086,
        30: 2.042, 40: 2.021, 60: 2.000, 120: 1.980}

def t975(df):
    return T975[max(k for k in T975 if k <= df)] if df < 1000 else 1.96

def plain_detect(d, c):
    rates = {}
    for run in d["runs"]:
        if run.get("copies") != c["copies"]:
            continue
        for t in run["tests"]:
            if t["name"] == c["test"]:
                for s in t["samples"]:
                    if s["ok"] and s["rate"]:
                        rates.setdefault(s["round"], {})[run["label"]] = s["rate"]
    logs = [math.log(r[c["label"]] / r[c["baseline"]]) for r in rates.values()
            if c["label"] in r and c["baseline"] in r]
    if len(logs) < 2:
        return "-"
    m = sum(logs) / len(logs)
    sd = math.sqrt(sum((x - m) ** 2 for x in logs) / (len(logs) - 1))
    return "+-%.2f%%" % (100 * math.expm1(t975(len(logs) - 1) * sd / math.sqrt(len(logs))))

def order(c):
    if not c.get("order_adjusted"):
        return "plain"
    pl = c["place_change_percent"]
    return "adjusted (2nd place %+.2f%%)" % pl[1] if len(pl) == 2 else "adjusted"

def paired_table(name, title, want=None):
    d, wall = result(name)
    if d is None:
        return
    print("### %s (%s, %d s)\n" % (title, name, wall))
    print("| test | dir | change | 95% CI | detect | plain detect | order | rounds | verdict | check |")
    print("|:--|:--|--:|--:|--:|--:|:--|--:|:--|:--|")
    for c in d["paired"]["comparisons"]:
        ci = c["ci95"]
        lo, hi = ci["lo_change_percent"], ci["hi_change_percent"]
        ok = ""
        if want == "aa" and lo is not None:
            ok = "contains 0" if lo <= 0 <= hi else "**excludes 0**"
        elif want in ("faster", "slower"):
            ok = "as expected" if c["verdict"] == want else "**not %s**" % want
        print("| %s | %s | %s | %s..%s | +-%s | %s | %s | %d | %s | %s |" % (
            c["test"], c["label"], fmt(c["change_percent"]), fmt(lo), fmt(hi),
            "-" if c["detectable_change_percent"] is None else "%.2f%%" % c["detectable_change_percent"],
            plain_detect(d, c), order(c), c["rounds"], c["verdict_text"], ok))
    print()

def manual():
    p, pw = result("manual-paired")
    a = glob.glob(os.path.join(out, "manual-a", "*.json"))
    b = glob.glob(os.path.join(out, "manual-b", "*.json"))
    if p is None or not a or not b:
        return
    wa = int(open(os.path.join(out, "manual-a", "wall")).read())
    wb = int(open(os.path.join(out, "manual-b", "wall")).read())
    cmp = json.loads(subprocess.run([run, "compare", "--format", "json", a[0], b[0]],
                                    capture_output=True, text=True).stdout)
    sep = {}
    for row in cmp["rows"]:
        if row["kind"] != "test":
            continue
        c = row["comparisons"][0]
        sep[row["title"]] = c
    print("### Against the manual method (A/A; paired %d s, separate runs %d + %d s)\n" % (pw, wa, wb))
    print("| test | paired change | paired 95% CI | paired CI width | separate change | separate 95% CI | separate CI width |")
    print("|:--|--:|--:|--:|--:|--:|--:|")
    for c in p["paired"]["comparisons"]:
        ci = c["ci95"]
        s = sep.get(c["title"], {})
        lo, hi = ci["lo_change_percent"], ci["hi_change_percent"]
        slo, shi = s.get("ci_low_pct"), s.get("ci_high_pct")
        print("| %s | %s | %s..%s | %s | %s | %s..%s | %s |" % (
            c["test"], fmt(c["change_percent"]), fmt(lo), fmt(hi),
            "-" if lo is None else "%.2f pp" % (hi - lo),
            fmt(s.get("change_pct")), fmt(slo), fmt(shi),
            "-" if slo is None else "%.2f pp" % (shi - slo)))
    print("\nThe paired run's ratio and the separate runs' ratio should both be 1 (A/A): "
          "how far each change lands from 0, against its CI, is the comparison.\n")

for name in sorted(glob.glob(os.path.join(out, "aa-*")), key=lambda n: float(n.rsplit("-", 1)[1])):
    n = os.path.basename(name)
    paired_table(n, "A/A, two folders on one ext4, %s-minute budget" % n[3:], "aa")
paired_table("effect-sync", "Known effect: ext4 -o sync against ext4", "slower")
paired_table("effect-disk", "Known effect: tmpfs against loop-ext4, disk group", "faster")
manual()
paired_table("atime", "noatime against relatime, ext4")

# The product's path: every run's wall time against its budget, its
# verdicts, and per test the half-widths over the A/A runs.
def budget_of(d):
    m = d.get("run", {}).get("mode", "")
    return float(m.split("time budget ")[1].split(" ")[0]) if "time budget " in m else None

prod = sorted(glob.glob(os.path.join(out, "product-*")))
if prod:
    print("### The product's path: the README's command typed as shown\n")
    print("| run | wall | budget | within +5 % | faster | slower | equivalent | inconclusive |")
    print("|:--|--:|--:|:--|--:|--:|--:|--:|")
    widths, false_runs, aa_runs = {}, 0, 0
    for path in prod:
        n = os.path.basename(path)
        d, wall = result(n)
        if d is None:
            print("| %s | - | - | no result | | | | |" % n)
            continue
        b = budget_of(d)
        v = [c["verdict"] for c in d["paired"]["comparisons"]]
        cnt = {k: sum(1 for x in v if x == k) for k in ("faster", "slower", "equivalent")}
        inc = len(v) - sum(cnt.values())
        if "default" in n or "budget10" in n:
            aa_runs += 1
            false_runs += (cnt["faster"] + cnt["slower"]) > 0
            for c in d["paired"]["comparisons"]:
                if c["detectable_change_percent"] is not None:
                    widths.setdefault((n.split("-")[1], c["test"], c["copies"]), []).append(
                        c["detectable_change_percent"])
        print("| %s | %d s | %s | %s | %d | %d | %d | %d |" % (
            n, wall, "-" if b is None else "%g min" % b,
            "-" if b is None else ("yes" if wall <= b * 60 * 1.05 else "**no**"),
            cnt["faster"], cnt["slower"], cnt["equivalent"], inc))
    print("\nA/A runs with any faster/slower verdict (false): %d of %d.\n" % (false_runs, aa_runs))
    print("| command | test | copies | half-widths over the A/A runs |")
    print("|:--|:--|--:|:--|")
    for (cmd, test, copies), ws in sorted(widths.items()):
        print("| %s | %s | %d | %s |" % (cmd, test, copies, " ".join("+-%.2f%%" % w for w in ws)))
    print()

# Per test, how much its rounds scatter: the standard deviation of the
# rounds' log-ratios (what the paired interval is made of) and of the
# baseline's own rates (what drift does to one directory), in percent, with
# the rounds run; the median over the runs of each command.  "samples" runs
# (--interleave samples: whole samples, not slices) are the before.
def rounds_of(d, test, copies):
    rates = {}
    for run in d["runs"]:
        if run.get("copies") != copies:
            continue
        for t in run["tests"]:
            if t["name"] == test:
                for s in t["samples"]:
                    if s["ok"] and s["rate"]:
                        rates.setdefault(s["round"], {})[run["label"]] = s["rate"]
    return rates

def sd(xs):
    if len(xs) < 2:
        return None
    m = sum(xs) / len(xs)
    return math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))

def median(xs):
    xs = sorted(x for x in xs if x is not None)
    if not xs:
        return None
    n = len(xs)
    return xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2

# The rounds of comparison c that have both sides' rates.
def paired_rounds(d, c):
    r = rounds_of(d, c["test"], c["copies"])
    return [v for v in r.values() if c["label"] in v and c["baseline"] in v]

# (command, comparison, its paired rounds) for every paired run under out
# whose name matches pattern, the known effects (sync, noatime) left out:
# the A/A runs and their "before" instruments.
def aa_comparisons(pattern):
    for path in sorted(glob.glob(os.path.join(out, pattern))):
        n = os.path.basename(path)
        if not os.path.isdir(path) or "sync" in n or "noatime" in n or "effect" in n:
            continue
        d, _ = result(n)
        if d is None or "paired" not in d:
            continue
        for c in d["paired"]["comparisons"]:
            yield n.rsplit("-", 1)[0], c, paired_rounds(d, c)

def scatter_rows():
    rows = {}
    for cmd, c, both in aa_comparisons("*"):
        logs = [math.log(v[c["label"]] / v[c["baseline"]]) for v in both]
        base = [math.log(v[c["baseline"]]) for v in both]
        rs, bs = sd(logs), sd(base)
        e = rows.setdefault((c["test"], c["copies"], cmd), ([], [], []))
        e[0].append(None if rs is None else 100 * math.expm1(rs))
        e[1].append(None if bs is None else 100 * math.expm1(bs))
        e[2].append(len(both))
    return rows

rows = scatter_rows()
if rows:
    print("### Per-round scatter per test (median over each command's runs)\n")
    print("| test | copies | command | runs | rounds | SD of the rounds' ratio | SD of the baseline's rounds |")
    print("|:--|--:|:--|--:|:--|--:|--:|")
    for (test, copies, cmd), (rs, bs, nr) in sorted(rows.items()):
        m1, m2 = median(rs), median(bs)
        print("| %s | %d | %s | %d | %s | %s | %s |" % (
            test, copies, cmd, len(nr), " ".join(str(x) for x in nr),
            "-" if m1 is None else "%.2f%%" % m1, "-" if m2 is None else "%.2f%%" % m2))
    print()

# Calibration over runs: for the A/A commands run several times, per test,
# each run's mean log-ratio, how far those run means scatter (SD), against
# the standard error each run gave itself (RMS of sd/sqrt(n)).  A ratio near
# 1 says the interval is calibrated; well above 1 says the runs differ by
# more than their rounds show (a per-run offset the interval cannot see),
# and the family-wise rate cannot then hold.  "neg" counts the runs whose
# mean is below 0 (B slower): all of one sign is a systematic difference
# between the two directories, not noise.  The product adds an instance
# term of INSTANCE % in quadrature to every paired standard error
# (src/stats/paired.h); the ratio is shown against the rounds' own SEs and
# against the SEs with the term, and per command the pooled SD of the run
# means beyond the rounds' SEs (what the term stands for) and the mean
# square of every run mean's z against 0 (mean / SE; a t on n - 1 df has
# (n - 1) / (n - 3), about 1.2).  The term, in %, is read from the source.
with open(os.path.join(os.path.dirname(run), "src", "stats", "paired.h")) as f:
    INSTANCE = 100 * float(re.search(r"#define PAIRED_INSTANCE_SD ([0-9.]+)", f.read()).group(1))
def run_means():
    rows = {}
    for cmd, c, both in aa_comparisons("product-*"):
        logs = [math.log(v[c["label"]] / v[c["baseline"]]) for v in both]
        s = sd(logs)
        if s is None:
            continue
        rows.setdefault((cmd, c["test"], c["copies"]), []).append(
            (100 * sum(logs) / len(logs), 100 * s / math.sqrt(len(logs))))
    return rows

cal = {k: v for k, v in run_means().items() if len(v) >= 3}
if cal:
    print("### Calibration over runs: the run means against their own standard errors\n")
    print("| command | test | copies | run means (SE), % | mean over runs | SD of the run means | RMS of the SEs | ratio | ratio with the term | runs below 0 |")
    print("|:--|:--|--:|:--|--:|--:|--:|--:|--:|--:|")
    pool = {}
    for (cmd, test, copies), v in sorted(cal.items()):
        ms = [m for m, _ in v]
        mm = sum(ms) / len(ms)
        sdm = sd(ms)
        rms = math.sqrt(sum(se * se for _, se in v) / len(v))
        e = pool.setdefault(cmd, ([], [], []))
        e[0].append(sdm * sdm - rms * rms)
        e[1].extend(m * m / (se * se) for m, se in v if se > 0)
        e[2].extend(m * m / (se * se + INSTANCE * INSTANCE) for m, se in v)
        print("| %s | %s | %d | %s | %+.2f%% | %.2f%% | %.2f%% | %.1f | %.1f | %d of %d |" % (
            cmd, test, copies, " ".join("%+.2f (%.2f)" % x for x in v), mm, sdm, rms,
            sdm / rms if rms > 0 else float("nan"),
            sdm / math.sqrt(rms * rms + INSTANCE * INSTANCE),
            sum(1 for m in ms if m < 0), len(ms)))
    print()
    for cmd, (ex, z0, z1) in sorted(pool.items()):
        exm = sum(ex) / len(ex)
        print("- %s: the run means scatter %s the rounds' own SEs (pooled over %d rows); "
              "mean z^2 against 0: %.2f with the rounds' SEs, %.2f with the %.1f %% term." % (
                  cmd, "%.2f %% (SD) beyond" % math.sqrt(exm) if exm > 0 else "no more than",
                  len(ex), sum(z0) / len(z0), sum(z1) / len(z1), INSTANCE))
    print()

# Image or order: the same two directories paired both ways round
# (fsswap-ab/-ba, disk-ab/-ba).  Each run's change is put as "pb against
# pa" (a run with pb first has its sign turned).  The same sign both ways
# round: the two directories differ; opposite signs: the order (which is
# the baseline, which is given first) makes the difference.
swap = {}
for path in sorted(glob.glob(os.path.join(out, "*-ab-*")) + glob.glob(os.path.join(out, "*-ba-*"))):
    n = os.path.basename(path)
    d, _ = result(n)
    if d is None or "paired" not in d:
        continue
    way = "ab" if "-ab-" in n else "ba"
    for c in d["paired"]["comparisons"]:
        if c.get("mean_log_ratio") is None:
            continue
        m = 100 * c["mean_log_ratio"] * (1 if way == "ab" else -1)
        swap.setdefault((n.split("-")[0], c["test"], c["copies"]), {"ab": [], "ba": []})[way].append(
            "%+.2f%% (%s)" % (m, c["verdict"]))
if swap:
    print("### Image or order: pb against pa, each way round\n")
    print("| part | test | copies | pa first (baseline pa) | pb first (baseline pb), turned |")
    print("|:--|:--|--:|:--|:--|")
    for (part, test, copies), w in sorted(swap.items()):
        print("| %s | %s | %d | %s | %s |" % (part, test, copies, " ".join(w["ab"]) or "-",
                                              " ".join(w["ba"]) or "-"))
    print("\n(change in % as 100 x the mean log-ratio; the verdict is the run's own, of its own baseline)\n")
PY
}

if [ -n "$resum" ]; then
	OUT=$resum
	summarise
	exit 0
fi
[ "$(id -u)" = 0 ] || { echo "$0: needs root (it mounts its own file systems)" >&2; exit 2; }
for t in mkfs.ext4 python3 mount umount; do
	command -v "$t" >/dev/null 2>&1 || { echo "$0: needs $t" >&2; exit 2; }
done
make -s -C "$root" all >/dev/null

W=$(mktemp -d "${TMPDIR:-/var/tmp}/sysindex-paired.XXXXXX")
OUT=${keep:-$W/out}
mkdir -p "$OUT"
OUT=$(CDPATH='' cd -- "$OUT" && pwd)
MOUNTS=
cleanup() {
	for m in $MOUNTS; do umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || :; done
	rm -rf "$W"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ext4 NAME OPTIONS: a loop-mounted ext4 image of 1 GiB at $W/NAME.
ext4() {
	truncate -s 1G "$W/$1.img"
	mkfs.ext4 -q -F "$W/$1.img"
	mkdir -p "$W/$1"
	mount -o "loop,$2" "$W/$1.img" "$W/$1"
	MOUNTS="$W/$1 $MOUNTS"
}
tmpfs() {
	mkdir -p "$W/$1"
	mount -t tmpfs -o size=600m "$1" "$W/$1"
	MOUNTS="$W/$1 $MOUNTS"
}

FS="fstime fsbuffer fsdisk"
DISK="seqwrite-fdatasync fsync-4k randread-4k-qd1"
# Many rounds, then --time-budget shrinks them to fit: the budget plans rounds.
common="-q --no-charts -c 1 --quick --duration $secs --settle $settle -i 299${prec:+ --precision $prec}"
if [ -n "$smoke" ]; then
	common="-q --no-charts -c 1 --quick --duration 1 --settle 0 -i 8"
	FS=fsbuffer DISK=fsync-4k   # fsbuffer: a sliced test
fi

# typed NAME ARGS...: ./Run ARGS exactly as a user types it (results go to
# $OUT/NAME through SYSINDEX_RESULTS, which ./Run reads; no option added),
# its wall time in NAME/wall.
typed() {
	name=$1
	shift
	mkdir -p "$OUT/$name"
	echo "== $name: ./Run $*" >&2
	start=$(date +%s)
	SYSINDEX_RESULTS=$OUT/$name "$root/Run" "$@" >"$OUT/$name/stdout" 2>"$OUT/$name/stderr" ||
		echo "$name: ./Run exited $?" >&2
	echo $(( $(date +%s) - start )) >"$OUT/$name/wall"
	echo "   $(cat "$OUT/$name/wall") s" >&2
}

# run NAME BUDGET-MIN ARGS...: one ./Run into $OUT/NAME, its wall time in NAME/wall.
run() {
	name=$1 min=$2
	shift 2
	mkdir -p "$OUT/$name"
	if [ -n "$smoke" ]; then b=; else b="--time-budget $min"; fi
	echo "== $name: ./Run $common $b --disk-size 64M $*" >&2
	start=$(date +%s)
	"$root/Run" $common $b --disk-size 64M --results "$OUT/$name" "$@" >/dev/null ||
		echo "$name: ./Run exited $?" >&2
	echo $(( $(date +%s) - start )) >"$OUT/$name/wall"
	echo "   $(cat "$OUT/$name/wall") s" >&2
}

ext4 rel relatime
for p in $parts; do
	case $p in
	aa)
		mkdir -p "$W/rel/a" "$W/rel/b"
		for m in $(echo "$aa_budgets" | tr , ' '); do
			run "aa-$m" "$m" --testdir "a=$W/rel/a" --testdir "b=$W/rel/b" $FS
		done ;;
	effect)
		ext4 sync "relatime,sync"
		tmpfs ram
		run effect-sync "$budget" --testdir "ext4=$W/rel" --testdir "sync=$W/sync" $FS
		run effect-disk "$budget" --testdir "ext4=$W/rel" --testdir "tmpfs=$W/ram" $DISK ;;
	manual)
		mkdir -p "$W/rel/ma" "$W/rel/mb"
		half=$(python3 -c "print(max(1, $budget / 2))")
		run manual-paired "$budget" --testdir "a=$W/rel/ma" --testdir "b=$W/rel/mb" $FS
		run manual-a "$half" --testdir "$W/rel/ma" $FS
		run manual-b "$half" --testdir "$W/rel/mb" $FS ;;
	atime)
		ext4 noatime noatime
		run atime "$budget" --testdir "relatime=$W/rel" --testdir "noatime=$W/noatime" $FS ;;
	product|product-aa|product-b10|product-default|product-sync|product-noatime)
		# Two images made alike: an A/A of two file systems, as a user's
		# two mounts, not two folders of one.
		mountpoint -q "$W/pa" 2>/dev/null || ext4 pa relatime
		mountpoint -q "$W/pb" 2>/dev/null || ext4 pb relatime
		i=1
		case $p in product-sync | product-noatime) i=$((nruns + 1)) ;; esac
		while [ "$i" -le "$nruns" ]; do
			[ "$p" = product-b10 ] ||
				typed "product-default-$i" --testdir "$W/pa" --testdir "$W/pb" fs
			[ "$p" = product-default ] ||
				typed "product-budget10-$i" --time-budget 10 --testdir "$W/pa" --testdir "$W/pb" fs
			i=$((i + 1))
		done
		case $p in product-aa | product-b10 | product-default) continue ;; esac
		if [ "$p" != product-noatime ]; then
			mountpoint -q "$W/sync" 2>/dev/null || ext4 sync "relatime,sync"
			typed product-sync --testdir "$W/pa" --testdir "$W/sync" fs
		fi
		[ "$p" = product ] || [ "$p" = product-noatime ] || continue
		mountpoint -q "$W/noatime" 2>/dev/null || ext4 noatime noatime
		typed product-noatime --testdir "$W/pa" --testdir "$W/noatime" fs ;;
	b10-scatter | disk-scatter | disk-swap | fs-swap)
		# What slicing gains, per test: the same command with
		# --interleave samples (whole samples in turn, as before
		# slicing; an instrument, not the product's path) in the same
		# window as the product's runs.
		mountpoint -q "$W/pa" 2>/dev/null || ext4 pa relatime
		mountpoint -q "$W/pb" 2>/dev/null || ext4 pb relatime
		if [ "$p" = disk-scatter ]; then
			typed disk-slices-1 --time-budget 5 --testdir "$W/pa" --testdir "$W/pb" disk
			typed disk-samples-1 --interleave samples --time-budget 5 --testdir "$W/pa" --testdir "$W/pb" disk
			continue
		fi
		if [ "$p" = fs-swap ]; then
			i=1
			while [ "$i" -le "$nruns" ]; do
				typed "fsswap-ab-$i" --time-budget 3 --testdir "$W/pa" --testdir "$W/pb" fsbuffer
				typed "fsswap-ba-$i" --time-budget 3 --testdir "$W/pb" --testdir "$W/pa" fsbuffer
				i=$((i + 1))
			done
			continue
		fi
		if [ "$p" = disk-swap ]; then
			typed disk-ab-1 --time-budget 5 --testdir "$W/pa" --testdir "$W/pb" disk
			typed disk-ba-1 --time-budget 5 --testdir "$W/pb" --testdir "$W/pa" disk
			continue
		fi
		i=1
		while [ "$i" -le "$nruns" ]; do
			typed "product-budget10-$i" --time-budget 10 --testdir "$W/pa" --testdir "$W/pb" fs
			i=$((i + 1))
		done ;;
	samples-c1)
		# The before: whole samples cannot fit both copy counts in 10
		# minutes (the driver asks for 16: a sample costs its process,
		# priming and settle where a slice does not), so 1 copy alone.
		mountpoint -q "$W/pa" 2>/dev/null || ext4 pa relatime
		mountpoint -q "$W/pb" 2>/dev/null || ext4 pb relatime
		typed samples-c1-1 --interleave samples -c 1 --time-budget 10 \
			--testdir "$W/pa" --testdir "$W/pb" fs ;;
	*) echo "$0: unknown part '$p' (aa effect manual atime product product-aa product-b10 product-default product-sync product-noatime b10-scatter samples-c1 disk-scatter disk-swap fs-swap)" >&2; exit 2 ;;
	esac
done

summarise
echo "bench/paired.sh: summary in $OUT/summary.md${keep:+ (results kept in $OUT)}" >&2
