# e2e: slow
# ./Run --order spread (issue 48): every test's samples spread over the run
# instead of back to back.  Three stand-ins of 1 s, 7 samples each: taken in
# the record's start times, no test runs twice in a row, each has its 7
# samples.  The stand-ins' counts grow with the wall clock alike (a host
# factor common to all, drifting), so the run measures the host's speed:
# the record keeps it and the summary says it in one line.  Without --order the samples stay grouped.
# --precision still stops each test on its own; paired mode's tests that do
# not use the directory are spread too; Ctrl-C ends a spread run with every
# test's result marked.
. tests/e2e/lib.sh
F=$ROOT/build/fakepgms
[ -x "$F/fake-ok" ] || die "fakes not built (make check builds them)"
command -v python3 >/dev/null 2>&1 || skip "needs python3 to read the record"
date +%s >"$T/t0"
for p in dhry2reg syscall pipe; do
	wrap_prog $p <<SH
s=\$(( \$(date +%s) - \$(cat "$T/t0") ))
exec "$F/fake-ok" 1 \$((1000000 + s * 30000))
SH
done

# order_of FILE: each sample's test, in the order they started.
order_of() {
	python3 - "$1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s = sorted((x["at_seconds"], t["name"]) for t in d["runs"][0]["tests"] for x in t["samples"])
print(" ".join(n for _, n in s))
PY
}

run_driver --order spread -i 7 -c 1 --duration 1 --settle 0 --testdir "$T" dhry2reg syscall pipe
[ $rc -eq 0 ] || die "--order spread: exit $rc"
r=$(report)
expect_files "$r"
check_json "$r.json"
o=$(order_of "$r.json")
echo "order: $o"
set -- $o
[ $# -eq 21 ] || die "want 21 samples, got $#"
prev=
for n in "$@"; do
	[ "$n" != "$prev" ] || die "$n ran twice in a row: $o"
	prev=$n
done
for p in dhry2reg syscall pipe; do
	[ "$(echo "$o" | tr ' ' '\n' | grep -c "^$p$")" -eq 7 ] || die "$p: not 7 samples"
done
grep -q "^Order: spread, 21 samples of 3 tests; samples of one test at least [0-9]* s apart" \
	"$r.log" || die "the log's order line"
grep -q "samples spread over the run (--order spread)" "$r" || die "the mode line"
grep -q "^Dhrystone 2 using register variables  *7  " "$r" || die "dhry2reg's 7 samples"
# The host's speed: in the summary (one line) and the record, read back by compare.
grep -q "Host speed, 1 copy: varied +-[0-9.]*% with .*independent windows; +-1% on the score" \
	"$r" || die "no host speed line"
python3 - "$r.json" <<'PY' || die "the record's host_speed"
import json, sys
h = json.load(open(sys.argv[1]))["runs"][0]["host_speed"]
assert h is not None and h["samples"] == 21 and h["tests"] == 3, h
assert 0 < h["share"] <= 1 and h["sd_log"] > 0 and h["correlation_seconds"] >= 1, h
PY
"$ROOT/Run" compare "$r.json" "$r.json" >/dev/null 2>"$T/cmperr" || { cat "$T/cmperr"; die "compare reads it"; }

# The default stays grouped: each test's samples back to back.
run_driver -i 4 -c 1 --duration 1 --settle 0 --testdir "$T" dhry2reg syscall
[ $rc -eq 0 ] || die "grouped: exit $rc"
[ "$(order_of "$(report).json")" = "dhry2reg dhry2reg dhry2reg dhry2reg syscall syscall syscall syscall" ] ||
	die "the default order is not grouped: $(order_of "$(report).json")"
grep -q "^Order: spread" "$(report).log" && die "grouped run logged a spread order"

# --precision: a test whose rates agree stops at its minimum (5), the
# others sample on; each still has its samples, none run twice in a row
# while two or more remain.
wrap_prog syscall <<SH
exec "$F/fake-ok" 1 1000000
SH
run_driver --order spread --precision 5% -c 1 --duration 1 --settle 0 --testdir "$T" syscall pipe
[ $rc -eq 0 ] || die "--order spread --precision: exit $rc"
o=$(order_of "$(report).json")
echo "precision order: $o"
[ "$(echo "$o" | tr ' ' '\n' | grep -c '^syscall$')" -eq 5 ] || die "syscall did not stop at 5: $o"
case $o in "syscall pipe syscall pipe syscall pipe syscall pipe syscall pipe"*) ;;
	*) die "the tests did not take turns: $o" ;; esac

# --time-budget 1 with 40 s of it gone (SYSINDEX_RUN_STARTED, as ./Run's
# build would take them): planned once, the tests take turns, every test
# has a sample and the run ends within the budget.
start=$(( $(date +%s) - 40 ))
SYSINDEX_RUN_STARTED=$start
export SYSINDEX_RUN_STARTED
run_driver --order spread --time-budget 1 -c 1 --testdir "$T" dhry2reg syscall pipe
end=$(date +%s)
unset SYSINDEX_RUN_STARTED
[ $rc -eq 0 ] || die "--order spread --time-budget 1: exit $rc"
[ $((end - start)) -le 60 ] || die "--order spread --time-budget 1 took $((end - start)) s"
o=$(order_of "$(report).json")
echo "budget order: $o"
for p in dhry2reg syscall pipe; do
	echo "$o" | tr ' ' '\n' | grep -q "^$p$" || die "--time-budget: $p has no sample: $o"
done
prev=
for n in $o; do
	[ "$n" != "$prev" ] || die "--time-budget: $n ran twice in a row: $o"
	prev=$n
done
[ "$(grep -c "^Plan for " "$(report).log")" -le 1 ] || die "--time-budget: planned more than once"

# Paired mode: the tests that do not use the directory are spread among themselves.
mkdir -p "$T/a" "$T/b"
run_driver --order spread -i 3 -c 1 --duration 1 --settle 0 --testdir "$T/a" --testdir "$T/b" \
	dhry2reg syscall
[ $rc -eq 0 ] || die "paired --order spread: exit $rc"
[ "$(order_of "$(report).json")" = "dhry2reg syscall dhry2reg syscall dhry2reg syscall" ] ||
	die "paired mode's other tests not spread: $(order_of "$(report).json")"

# Ctrl-C in the middle: exit 130, a report, every test marked.
rm -rf "$RES"/*
SYSINDEX_PGMDIR=$P "$ROOT/sysindex" --results "$RES" --order spread -i 10 -c 1 --duration 1 \
	--settle 0 --testdir "$T" dhry2reg syscall pipe >"$T/out" 2>"$T/err" &
run=$!
sleep 4
kill -INT "$run"
wait "$run"
rc=$?
[ $rc -eq 130 ] || die "interrupted spread run: exit $rc"
r=$(report)
[ -n "$r" ] && [ -s "$r.json" ] || die "no report after Ctrl-C"
python3 - "$r.json" <<'PY' || die "the interrupted tests"
import json, sys
d = json.load(open(sys.argv[1]))
ts = d["runs"][0]["tests"]
assert len(ts) == 3, ts
assert all(t["status"] != "ok" for t in ts), [t["status"] for t in ts]
PY
exit 0
