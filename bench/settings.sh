#!/bin/sh
# shellcheck disable=SC2086 # $parts and $tests are lists of words
# settings.sh: does --setting keep its promise (issue 39)?  As root, on a
# loop-mounted ext4 image it makes and removes itself, every run the README's
# command typed as shown but for --time-budget (labelled in the summary):
#
#   aa       A/A by settings: relatime against relatime, both by remount, on
#            one file system (file tests): no faster/slower may come out;
#            the half-widths, with the instance term at 0 (one instance)
#   atime    noatime against relatime by remount on the same file system
#            (the README's example): the seed question, does noatime make a
#            difference on this disk?
#   images   the same question the old way: two images made alike, one
#            mounted noatime, one relatime, paired by directories (the
#            0.3 % instance term applies): what one run then calls
#            faster or slower that the one-image run does not
#   noop     A/A without switching: two settings whose command is `true`, so
#            the rounds alternate as in aa but nothing is remounted: the
#            scatter of rounds without switching, beside aa's with it
#   sync     -o sync against the default (async) by remount (file tests)
#   sched    the loop device's I/O scheduler, none against mq-deadline, on the
#            disk group (settings written to /sys/block/loopN/queue/scheduler;
#            --restore puts back the scheduler as found)
#   thp      STREAM copy and triad under transparent huge pages never against
#            always (/sys/kernel/mm/transparent_hugepage/enabled), where the
#            file can be written; --restore puts back the mode as found
#
#   bench/settings.sh [-b MIN] [-t TESTS] [-o DIR] [PART...]
#   bench/settings.sh -R DIR      the summary of results kept in DIR, nothing run
#
# -b: each run's --time-budget in minutes (default 5; 0: none given, the
# product's default of 15, as the README types it); -t: the file tests of aa, atime and images (default the File Read
# rows the issue saw move under noatime, and File Copy 1024: fstime-r
# fsdisk-r fstime; "fs" for the whole group, which needs a budget of 7 or
# more); -o DIR keeps every result file and the summary (DIR/summary.md).
# PART: aa noop atime images sync sched thp (default: all).  Needs root, mkfs.ext4, losetup,
# python3.  Nothing else may run beside it (bench/README.md).
set -eu
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
budget=5 keep='' resum='' tests='fstime-r fsdisk-r fstime'
while getopts b:t:o:R: o; do
	case $o in
	b) budget=$OPTARG ;;
	t) tests=$OPTARG ;;
	o) keep=$OPTARG ;;
	R) resum=$OPTARG ;;
	*) echo "usage: bench/settings.sh [-b MIN] [-t TESTS] [-o DIR] [PART...] | -R DIR" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
parts=${*:-aa noop atime images sync sched thp}

# summary DIR: one table row per comparison row of every kept run.
summary() {
	python3 - "$1" <<'PY'
import glob, json, os, sys
d = sys.argv[1]
out = []
out.append("| run | wall s | test | copies | change % | 95 % CI % | rounds | verdict |")
out.append("|---|---|---|---|---|---|---|---|")
notes = []
for f in sorted(glob.glob(os.path.join(d, "*", "*.json"))):
    part = os.path.basename(os.path.dirname(f))
    with open(f) as fh:
        j = json.load(fh)
    run = j.get("run", {})
    wall = (run.get("end_unix") or 0) - (run.get("start_unix") or 0)
    p = j.get("paired") or {}
    for c in p.get("comparisons", []):
        if c.get("control") and part != "thp":
            continue
        ci = c.get("ci95") or {}
        lo, hi = ci.get("lo_change_percent"), ci.get("hi_change_percent")
        fmt = lambda v: "-" if v is None else "%+.2f" % v
        out.append("| %s | %s | %s | %s | %s | %s..%s | %s | %s |" % (
            part, wall, c.get("test"), c.get("copies"),
            fmt(c.get("change_percent")), fmt(lo), fmt(hi), c.get("rounds"),
            c.get("verdict_text") or c.get("verdict")))
    for w in (j.get("settings") or {}).get("warnings", []):
        notes.append("- %s: %s" % (part, w))
    for st in (j.get("settings") or {}).get("list", []):
        if st.get("applied"):
            notes.append("- %s: setting %s: switch %.1f ms a time over %d, longest %.1f ms" % (
                part, st.get("name"), 1e3 * (st.get("switch_seconds") or 0) / st["applied"],
                st["applied"], 1e3 * (st.get("switch_max_seconds") or 0)))
    src = p.get("instance_sd_source")
    if src:
        notes.append("- %s: instance term %s %% (%s)" % (part, p.get("instance_sd_percent"), src))
print("\n".join(out))
if notes:
    print("\n" + "\n".join(notes))
PY
}

if [ -n "$resum" ]; then
	summary "$resum"
	exit 0
fi
[ "$(id -u)" = 0 ] || { echo "settings.sh: needs root (mount, losetup)" >&2; exit 2; }
for c in mkfs.ext4 losetup python3; do
	command -v $c >/dev/null || { echo "settings.sh: needs $c" >&2; exit 2; }
done
work=$(mktemp -d /tmp/sysindex-settings.XXXXXX)
res=${keep:-$work/res}
mkdir -p "$res"
mounts=''
cleanup() {
	for m in $mounts; do umount "$m" 2>/dev/null || :; done
	rm -rf "$work"
}
trap cleanup EXIT INT TERM

# image NAME OPTS: a 1 GiB ext4 image mounted at $work/NAME with OPTS.
image() {
	truncate -s 1G "$work/$1.img"
	mkfs.ext4 -q -F "$work/$1.img"
	mkdir -p "$work/$1"
	mount -o "loop,$2" "$work/$1.img" "$work/$1"
	mounts="$work/$1 $mounts"
	mkdir -p "$work/$1/t"
}

# run PART ARGS...: the README's command with --time-budget, results in $res/PART.
run() {
	part=$1
	shift
	mkdir -p "$res/$part"
	[ "$budget" = 0 ] || set -- --time-budget "$budget" "$@"
	echo "== $part: ./Run $* (started $(date -u +%H:%M:%S))"
	"$root/Run" --results "$res/$part" "$@" >"$res/$part/stdout" 2>&1 ||
		echo "   exit $? (see $res/$part/stdout)"
	tail -n 12 "$res/$part/stdout" | sed 's/^/   /'
}

image one "atime,relatime"
M=$work/one/t
for part in $parts; do
	case $part in
	aa) run aa --testdir "$M" \
		--setting "relatime-a=mount -o remount,atime,relatime $work/one" \
		--setting "relatime-b=mount -o remount,atime,relatime $work/one" $tests ;;
	noop) run noop --testdir "$M" --setting "same-a=true" --setting "same-b=true" $tests ;;
	sync) run sync --testdir "$M" \
		--setting "default=mount -o remount,async $work/one" \
		--setting "sync=mount -o remount,sync $work/one" $tests ;;
	sched)
		dev=$(losetup -j "$work/one.img" | sed -n '1s/^\/dev\/\([^:]*\):.*/\1/p')
		q=/sys/block/$dev/queue/scheduler
		if [ -n "$dev" ] && [ -w "$q" ] && grep -q mq-deadline "$q"; then
			was=$(sed -n 's/.*\[\([^]]*\)\].*/\1/p' "$q")
			run sched --testdir "$M" --setting "none=echo none > $q" \
				--setting "mq-deadline=echo mq-deadline > $q" \
				--restore "echo $was > $q" disk
		else
			echo "== sched: no writable scheduler with mq-deadline for $work/one.img: skipped"
		fi ;;
	atime) run atime --testdir "$M" \
		--setting "relatime=mount -o remount,atime,relatime $work/one" \
		--setting "noatime=mount -o remount,noatime $work/one" $tests ;;
	images)
		[ -d "$work/na" ] || image na noatime
		[ -d "$work/ra" ] || image ra "atime,relatime"
		run images --testdir "relatime=$work/ra/t" --testdir "noatime=$work/na/t" $tests ;;
	thp)
		f=/sys/kernel/mm/transparent_hugepage/enabled
		if [ -w "$f" ]; then
			was=$(sed -n 's/.*\[\([^]]*\)\].*/\1/p' "$f")
			run thp --setting "never=echo never > $f" --setting "always=echo always > $f" \
				--restore "echo $was > $f" mem-copy mem-triad
		else
			echo "== thp: $f cannot be written here: skipped"
		fi ;;
	*) echo "settings.sh: no part $part" >&2; exit 2 ;;
	esac
done
summary "$res" | tee "$res/summary.md"
