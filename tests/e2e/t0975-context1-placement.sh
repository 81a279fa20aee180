# context1 samples where its two processes run during the loop: under
# `taskset -c 0` (and --pin on that one CPU) every sample is on one CPU
# (fraction 1.0, shared-cpu); with --pin on two CPUs none is (fraction 0,
# separate-cpus).  The text report shows it in its own Placement block
# after the statistics, never inside UnixBench's result block.
# Functional checks, not figures.
# e2e: alone (its checks need the machine to itself; tests/e2e/run.sh)
. tests/e2e/lib.sh
command -v taskset >/dev/null 2>&1 || skip "taskset not installed"

# frac REPORT: context1's shared_cpu_fraction from the JSON (or the text line).
frac() {
	if command -v python3 >/dev/null 2>&1; then
		python3 - "$1.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for run in d["runs"]:
    for t in run["tests"]:
        if t["name"] == "context1":
            m = {x["name"]: x["value"] for x in t["metrics"]}
            assert m["placement_samples"] >= 1, m
            print(m["shared_cpu_fraction"])
PY
	else
		awk '/^Placement \(read during/ { p = 1; next }
		     p && /^Pipe-based Context Switching / { sub(/%/, "", $5); print $5 / 100; exit }' "$1"
	fi
}

# placement_block REPORT N: N Placement blocks, each after its Statistics
# block, with a row for context1; no placement text in UnixBench's block
# (from "Benchmark Run:" to the index table) and no line over 80 columns.
placement_block() {
	[ "$(grep -c '^Placement (read during each sample) *readings one CPU 1/2/mixed  placement$' "$1")" -eq "$2" ] ||
		die "want $2 Placement block(s) in the report"
	awk '/^Benchmark Run:/ { ub = 1; stats = 0 }
	     /^System Benchmarks (Partial )?Index/ { ub = 0 }
	     ub && /placement/ { print "placement text in the result block: " $0; bad = 1 }
	     /^Statistics / { stats = 1 }
	     /^Placement / { if (!stats) { print "Placement before Statistics"; bad = 1 }; pl = 1 }
	     pl && length($0) > 80 { print "over 80 columns: " $0; bad = 1 }
	     pl && /^Pipe-based Context Switching  *[0-9]+  *[0-9.]+%  *[0-9]+\/[0-9]+\/[0-9]+  *(changed|stable)$/ { rows++ }
	     /^$/ { pl = 0 }
	     END { if (rows != '"$2"') { print "context1 placement rows: " rows; bad = 1 }; exit bad }' "$1" >"$T/pl" ||
		die "placement block: $(cat "$T/pl")"
}

check() { # WANT FLAG ARGS...: one context1 run, its fraction and flag
	want=$1 flag=$2
	shift 2
	rm -rf "${RES:?}"/*
	run_si --quick -c 1 "$@" context1
	[ $rc -eq 0 ] || die "context1 $* exit $rc"
	r=$(report)
	placement_block "$r" 1
	f=$(frac "$r")
	note "fraction $f (want $want), flag $flag"
	awk -v f="$f" -v w="$want" 'BEGIN { exit !(f != "" && f - w < 0.001 && w - f < 0.001) }' ||
		die "shared_cpu_fraction '$f', want $want"
	grep -q "^Pipe-based Context Switching .*$flag" "$r" || die "not flagged $flag"
}

# The program itself, pinned to one CPU for both ends.
"$ROOT/pgms/context1" -p 0,0 1 2>"$T/p.err" || die "context1 -p 0,0 failed"
grep -q '^METRIC|shared_cpu_fraction|1|fraction' "$T/p.err" || die "-p 0,0: $(cat "$T/p.err")"

note "taskset -c 0 around the whole run"
run_taskset() { taskset -c 0 "$ROOT/Run" --results "$RES" --testdir "$T/testdir" "$@" >"$T/out" 2>"$T/err"; rc=$?; cat "$T/out"; }
rm -rf "${RES:?}"/*
run_taskset --quick -c 1 context1
[ $rc -eq 0 ] || die "taskset run exit $rc"
r=$(report)
f=$(frac "$r")
note "taskset -c 0: fraction $f"
[ "$f" = 1 ] || [ "$f" = 1.0 ] || die "under taskset -c 0 the fraction is '$f', want 1.0"
grep -q '^Pipe-based Context Switching .*shared-cpu' "$r" || die "taskset run not flagged shared-cpu"
rm -rf "${RES:?}"/*
run_taskset --quick -c 1 --pin context1
[ $rc -eq 0 ] || die "taskset --pin run exit $rc"
f=$(frac "$(report)")
[ "$f" = 1 ] || [ "$f" = 1.0 ] || die "--pin on one CPU: fraction '$f', want 1.0"

note "unpinned: any placement, mixed included, is a result"
rm -rf "${RES:?}"/*
run_si --quick -c 1 -c 2 context1
[ $rc -eq 0 ] || die "unpinned context1 exit $rc"
r=$(report)
placement_block "$r" 2
grep -q '^  copy 2  *[0-9][0-9]*  *[0-9.]*%  *[0-9]*/[0-9]*/[0-9]*  *\(changed\|stable\)$' "$r" ||
	die "unpinned: no placement row for copy 2"
grep -q 'FAILED' "$r" && die "unpinned context1 failed"

if [ "$(getconf _NPROCESSORS_ONLN)" -ge 2 ] &&
   taskset -c 0,1 true 2>/dev/null; then
	note "--pin on two CPUs"
	check 0 separate-cpus --pin
fi
echo ok
