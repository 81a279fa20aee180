#!/bin/sh
# spawn-placement.sh: where the kernel put Process Creation's children, in
# each suite's own sample.
#
# Runs `Run -i 1 -c 1 TESTS` of UnixBench and of sysindex in alternating
# rounds (odd rounds UnixBench first), each under a private ftrace instance
# (sched_wakeup_new of the children, every sched_switch and
# sched_process_fork), and prints for the spawn loop of each run: loops/s
# from the trace (forks over the loop's traced time), the share of children
# started on the parent's own CPU (a loop on one CPU is up to 1.7x faster
# than one that wakes the other CPU twice per loop), what ran on the other
# CPU at those forks (idle, the loop's own previous child, the suite's own
# runner processes, anything else), and how often the suite's runner (the
# processes the suite started, other than the loop) ran during the loop.
# These counts say why two rates differ where the rates alone cannot.
#
#   bench/spawn-placement.sh [-r ROUNDS] [-T "TESTS"] -u UB_TREE
#     -u DIR   a built UnixBench tree (Run and pgms/), used in place, MAKE=true
#     -r 3     rounds;  -T spawn: the tests both suites run (give
#              "context1 spawn" to have spawn follow context1, as in the index)
#
# Needs root and tracefs (the trace holds up to 64 MiB per CPU, removed at
# exit).  Nothing of UnixBench enters the repository.  Run it on a quiet
# machine: anything else running decides where children land.
set -u
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
rounds=3 tests=spawn ubtree=
usage() { echo "usage: $0 [-r ROUNDS] [-T \"TESTS\"] -u UB_TREE" >&2; exit 2; }
die() { echo "spawn-placement: $*" >&2; exit 1; }
while getopts r:T:u: o; do
	case $o in
	r) rounds=$OPTARG ;;
	T) tests=$OPTARG ;;
	u) ubtree=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 0 ] && [ -n "$ubtree" ] || usage
case $rounds in *[!0-9]*|'') usage ;; esac
[ "$rounds" -ge 1 ] || usage
case " $tests " in *" spawn "*) ;; *) die "-T must include spawn" ;; esac
[ "$(id -u)" = 0 ] || die "needs root (ftrace)"
tracefs=/sys/kernel/tracing
[ -d "$tracefs/instances" ] || tracefs=/sys/kernel/debug/tracing
[ -d "$tracefs/instances" ] || die "no tracefs (mount -t tracefs nodev /sys/kernel/tracing)"
ubtree=$(CDPATH='' cd -- "$ubtree" 2>/dev/null && pwd) || die "no such folder"
[ -x "$ubtree/Run" ] && [ -x "$ubtree/pgms/spawn" ] || die "$ubtree is not a built UnixBench tree"
case "$ubtree/" in "$root"/*) die "the UnixBench tree must be outside the repository" ;; esac
"$root/Run" --version >/dev/null || die "./Run cannot build sysindex"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/spawn-placement.XXXXXX") || die "mktemp"
inst=$tracefs/instances/${tmp##*/}
cleanup() {
	if [ -d "$inst" ]; then
		echo 0 >"$inst/tracing_on"
		for e in sched_wakeup_new sched_switch sched_process_fork; do
			echo 0 >"$inst/events/sched/$e/enable"
		done
		rmdir "$inst"
	fi
	if [ -n "${KEEP:-}" ]; then echo "spawn-placement: kept $tmp" >&2; else rm -rf "$tmp"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP
mkdir "$inst" || die "cannot create a trace instance"
echo 65536 >"$inst/buffer_size_kb" || die "cannot size the trace buffer"
echo 'comm == "spawn"' >"$inst/events/sched/sched_wakeup_new/filter"

# traced OUT CMD...: CMD (its pid recorded in OUT.root) with tracing on.
traced() {
	out=$1
	shift
	echo 0 >"$inst/tracing_on"
	echo >"$inst/trace"
	for e in sched_wakeup_new sched_switch sched_process_fork; do
		echo 1 >"$inst/events/sched/$e/enable"
	done
	echo 1 >"$inst/tracing_on"
	sh -c 'echo $$ >"$0"; exec "$@"' "$out.root" "$@" >"$out.log" 2>&1 ||
		echo "  $* exited $?; see $out.log (KEEP=1)" >&2
	echo 0 >"$inst/tracing_on"
	cat "$inst/trace" >"$out"
}

run_suite() { # ub|si ROUND
	out=$tmp/$1-$2
	if [ "$1" = ub ]; then
		mkdir -p "$out.d/tmp"
		# $tests is a list of names, split on purpose.
		# shellcheck disable=SC2086
		(cd "$ubtree" && traced "$out" env MAKE=true UB_RESULTDIR="$out.d" \
			UB_TMPDIR="$out.d/tmp" UB_OUTPUT_FILE_NAME=report ./Run -i 1 -c 1 $tests)
	else
		mkdir -p "$out.d"
		# shellcheck disable=SC2086
		traced "$out" env MAKE=true "$root/Run" -q --no-charts --results "$out.d" -i 1 -c 1 $tests
	fi
	printf '%s %s ' "$1" "$2"
	awk -v rootf="$out.root" -f "$tmp/placement.awk" "$out" "$out"
}

# Two passes over one trace: the first finds the busiest spawn parent's loop;
# the second, in time order, follows the suite's processes (forks from its
# root pid down; pid numbers are reused within a sample, so each fork resets
# what its child's pid stands for), what each CPU runs, and classifies every
# fork of that loop.
cat >"$tmp/placement.awk" <<'AWK'
function field(name,   v) {
	if (!match($0, " " name "=[^ ]+")) return ""
	v = substr($0, RSTART + length(name) + 2, RLENGTH - length(name) - 2)
	return v
}
# "<task>-<pid> [<cpu>] <flags> <seconds>: <event>: ..." (a task name may hold spaces)
function cpu_of() { match($0, / \[[0-9]+\] /); return substr($0, RSTART + 2, RLENGTH - 4) + 0 }
function ts_of(   t) { match($0, / \[[0-9]+\] [^ ]+ +[0-9.]+:/); t = substr($0, RSTART, RLENGTH); sub(/.* /, "", t); return t + 0 }
NR == FNR {
	if ($0 ~ /sched_wakeup_new:/) {
		p = $1; sub(/.*-/, "", p); t = ts_of()
		if (!(p in first)) first[p] = t
		last[p] = t; forks[p]++
	}
	next
}
FNR == 1 {
	for (p in forks) if (!(best in forks) || forks[p] > forks[best]) best = p
	getline rootpid < rootf; suite[rootpid] = 1
	ncpu = 0
}
/sched_process_fork:/ {
	pp = field("pid"); cp = field("child_pid")
	if (cp == rootpid && !rootborn) { rootborn = 1; next }   # the suite itself
	delete suite[cp]; delete loop[cp]
	if (pp == best) loop[cp] = 1
	else if (pp in suite) suite[cp] = 1
	next
}
/sched_switch:/ {
	c = cpu_of(); if (c + 1 > ncpu) ncpu = c + 1
	np = field("next_pid"); cur[c] = np; t = ts_of()
	name[c] = field("next_comm"); sub(/[0-9:\/]+$/, "", name[c])
	if (t >= first[best] && t <= last[best] && (np in suite) && np != best)
		runner++
	next
}
/sched_wakeup_new:/ {
	p = $1; sub(/.*-/, "", p); if (p != best) next
	c = cpu_of(); tgt = field("target_cpu") + 0; n++
	if (tgt != c) { remote++; next }
	local++; what = ""
	for (o = 0; o < ncpu || o < 2; o++) {
		if (o == c) continue
		q = (o in cur) ? cur[o] : "0"
		k = q == "0" ? "idle" : (q in loop) || q == best ? "loop" : (q in suite) ? "runner" : "other"
		if (what == "" || k == "idle") { what = k; who = name[o] }
	}
	cls[what]++
	if (what == "other") others[who]++
}
END {
	if (n == 0) { print "no spawn loop in the trace"; exit }
	secs = last[best] - first[best]
	rate = secs > 0 ? n / secs : 0
	wakes = secs > 0 ? runner / secs : 0
	printf "loops/s %.0f (%d forks in %.2f s); on parent's CPU %.3f; local forks, other CPU ran: idle %d loop %d runner %d other %d; runner ran %d times (%.2f/s)\n", \
		rate, n, secs, local / n, cls["idle"], cls["loop"], cls["runner"], cls["other"], runner, wakes
	# The three names "other" was most often, to tell the machine's own
	# threads from someone else's work.
	for (i = 1; i <= 3; i++) {
		top = ""
		for (w in others) if (top == "" || others[w] > others[top]) top = w
		if (top == "") break
		printf "%s %s %d", i == 1 ? "    other:" : ",", top, others[top]
		delete others[top]
	}
	if (i > 1) printf "\n"
}
AWK

echo "spawn-placement: UnixBench $ubtree, sysindex $root; tests: $tests; $rounds rounds"
echo "  load before: $(uptime)"
r=1
while [ "$r" -le "$rounds" ]; do
	if [ $((r % 2)) -eq 1 ]; then order="ub si"; else order="si ub"; fi
	for s in $order; do
		run_suite "$s" "$r" | tee -a "$tmp/lines"
	done
	r=$((r + 1))
done
echo "  load after:  $(uptime)"
# Per round sysindex / UnixBench of the traced loops/s and of the share on
# the parent's CPU, then their medians.
awk '
function med(a, n,   i, j, t) {
	for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
$3 == "loops/s" { rate[$1, $2] = $4; share[$1, $2] = $13 + 0; rounds[$2] = 1 }
END {
	for (r in rounds) if ((("ub", r) in rate) && (("si", r) in rate) && rate["ub", r] > 0) {
		n++; q[n] = rate["si", r] / rate["ub", r]; su[n] = share["ub", r]; ss[n] = share["si", r]
	}
	if (n == 0) { print "no complete round"; exit 1 }
	printf "median over %d rounds: loops/s sysindex/UnixBench %.3f; on parent'"'"'s CPU: UnixBench %.3f, sysindex %.3f\n",
		n, med(q, n), med(su, n), med(ss, n)
}' "$tmp/lines"
