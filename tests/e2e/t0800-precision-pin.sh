# --precision samples until the CI is small enough or a cap is hit (never
# fewer than 3, never more than twice UnixBench's count); --pin pins copies
# and puts context1's two processes on two different CPUs; --time-budget
# plans within the budget.
# e2e: alone (its checks need the machine to itself; tests/e2e/run.sh)
. tests/e2e/lib.sh
run_si -c 1 --precision 50% --duration 1 --settle 0 pipe spawn
[ $rc -eq 0 ] || die "--precision exit $rc"
r=$(report)
grep -q '^   Mode: precision 50%' "$r" || die "mode line"
n=$(awk '/^Pipe Throughput  / && NF >= 7 && $3 ~ /^[0-9]+$/ { print $3 }' "$r")
[ -n "$n" ] && [ "$n" -ge 3 ] && [ "$n" -le 20 ] || die "pipe took '$n' samples, want 3..20"
n=$(awk '/^Process Creation  / && NF >= 7 && $3 ~ /^[0-9]+$/ { print $3 }' "$r")
[ -n "$n" ] && [ "$n" -ge 3 ] && [ "$n" -le 6 ] || die "spawn took '$n' samples, want 3..6"
check_json "$r.json"

rm -rf "$RES"/*
ncpu=$(getconf _NPROCESSORS_ONLN)
run_si --quick --pin -c 2 context1 pipe
[ $rc -eq 0 ] || die "--pin exit $rc"
r=$(report)
grep -q 'copies pinned to CPUs' "$r" || die "mode does not say pinned"
grep -q 'unpinned' "$r" && die "pinned run still flagged unpinned"
if [ "$ncpu" -ge 2 ]; then
	grep -q '^Pipe-based Context Switching .*separate-cpus' "$r" ||
		die "context1 ends not on separate CPUs"
fi
if command -v python3 >/dev/null 2>&1; then
	python3 - "$r.json" "$ncpu" <<'PY' || die "JSON CPUs do not match the pinning"
import json, sys
d = json.load(open(sys.argv[1])); n = int(sys.argv[2])
assert d["run"]["pinned"] is True
for run in d["runs"]:
    for t in run["tests"]:
        if t["name"] != "pipe":
            continue
        for s in t["samples"]:
            cpus = [c["cpu"] for c in s["copies"]]
            # copy i on the i-th allowed CPU (when it was sampled at all)
            for i, c in enumerate(cpus):
                assert c is None or c == i % n, cpus
PY
fi

rm -rf "$RES"/*
run_si --time-budget 1 --duration 1 -c 1 pipe
[ $rc -eq 0 ] || die "--time-budget exit $rc"
r=$(report)
grep -q 'time budget 1 min' "$r" || die "budget mode line"
