# ./Run --repeat N (issue 38): N passes of the tests in one command, each a
# fresh set of processes; the score's interval over the passes holds the
# spread between them.  A stand-in Dhrystone runs 1.5 times faster in the
# second pass than in the first (a counter file tells its calls apart): the
# interval over the passes and the next run's prediction interval must both
# hold both passes' scores, in every writer.  Bad --repeat: usage errors.
# With --time-budget the passes share the budget and end within it.
. tests/e2e/lib.sh
F=$ROOT/build/fakepgms
[ -x "$F/fake-ok" ] || die "fakes not built (make check builds them)"
# Calls 1-3 are the first pass's samples (the passes run one after the other).
wrap_prog dhry2reg <<SH
n=\$(cat "$T/calls" 2>/dev/null || echo 0)
n=\$((n + 1))
echo \$n >"$T/calls"
if [ \$n -le 3 ]; then c=\$((1000000 + 1000 * n)); else c=\$((1500000 + 1000 * n)); fi
exec "$F/fake-ok" "\$1" "\$c"
SH

run_driver --repeat 2 -i 3 -c 1 --duration 1 --settle 0 --testdir "$T" dhry2reg
[ $rc -eq 0 ] || die "--repeat 2: exit $rc"
[ "$(cat "$T/calls")" -eq 6 ] || die "want 3 samples in each of 2 passes, got $(cat "$T/calls") calls"
r=$(report)
expect_files "$r"
check_json "$r.json"
grep -q "^Between passes (--repeat 2): index score " "$r" || die "no between-pass line"
grep -q "^Next run's score (the same command: 2 passes again), 95% prediction interval: " "$r" || die "no prediction interval"
grep -q "Between passes (--repeat 2)" "$r.md" || die "Markdown"
grep -q "Between passes (--repeat 2)" "$r.html" || die "HTML"
# All 6 samples in the test's statistics.
grep -q "^Dhrystone 2 using register variables  *6  " "$r" || die "the passes' samples merged"
if command -v python3 >/dev/null 2>&1; then
	python3 - "$r.json" <<'PY' || die "the interval does not hold the passes' spread"
import json, sys
d = json.load(open(sys.argv[1]))
b = d["scores"][0]["between_passes"]
assert b["passes"] == 2 and len(b["pass_scores"]) == 2, b
s1, s2 = b["pass_scores"]
assert 1.25 < s2 / s1 < 1.9, b             # the stand-in's two speeds (1.5, timing jitter aside)
for lo, hi in ((b["lo"], b["hi"]), (b["prediction_lo"], b["prediction_hi"])):
    assert lo <= min(s1, s2) and max(s1, s2) <= hi, b
assert b["prediction_hi"] - b["prediction_lo"] > b["hi"] - b["lo"], b
# The within-run interval alone would not hold them: it is far narrower.
ci = d["scores"][0]["system_index_score_ci"]
assert ci["hi"] - ci["lo"] < b["hi"] - b["lo"], (ci, b)
PY
fi

# compare of two --repeat runs: nothing is judged, as between single runs:
# the passes of one run scatter less than runs do (bench/between-runs.md);
# the score's change is shown with its interval over the passes, and stderr
# says why and what answers the question (runs pooled with --group-by).
cp "$r" "$T/rep1"
cp "$r.json" "$T/rec1.json"
echo 0 >"$T/calls"
run_driver --repeat 2 -i 3 -c 1 --duration 1 --settle 0 --testdir "$T" dhry2reg
[ $rc -eq 0 ] || die "second --repeat 2: exit $rc"
cp "$(report)" "$T/rep2"
cp "$(report).json" "$T/rec2.json"
for pair in "rec1.json rec2.json" "rep1 rep2"; do
	set -- $pair
	"$ROOT/Run" compare --long "$T/$1" "$T/$2" >"$T/cmp" 2>"$T/cmperr" ||
		{ cat "$T/cmperr"; die "compare $pair"; }
	cat "$T/cmp" "$T/cmperr"
	grep -q "^System Benchmarks Index Score .*\[.*\]  inconclusive: single runs$" "$T/cmp" ||
		die "$pair: the score judged from one run a side: $(cat "$T/cmp")"
	grep -q "^Dhrystone 2 using register variables .*inconclusive: single runs$" "$T/cmp" ||
		die "$pair: a test row judged from one run a side"
	grep -q "Between --repeat runs no row is tested either" "$T/cmp" || die "$pair: why"
	grep -q "pool them with --group-by label or host" "$T/cmperr" || die "$pair: the way out"
done

# Bad --repeat: one line, exit 2, nothing run.
for bad in "--repeat 0" "--repeat 51" "--repeat x"; do
	run_driver $bad -c 1 --testdir "$T" dhry2reg
	[ $rc -eq 2 ] || die "$bad: exit $rc, want 2"
done

# --repeat 2 --time-budget 1: each pass gets half the budget, the passes
# alike (the second runs the first's plan), and the run ends within the
# budget.  40 s of it are gone already (SYSINDEX_RUN_STARTED, as ./Run's
# build would take them), so about 16 s are left to plan: a stand-in that
# sleeps its sample's length.
wrap_prog dhry2reg <<SH
exec "$F/fake-ok" "\$1" 1000000
SH
start=$(( $(date +%s) - 40 ))
SYSINDEX_RUN_STARTED=$start
export SYSINDEX_RUN_STARTED
run_driver --repeat 2 --time-budget 1 -c 1 --testdir "$T" dhry2reg
end=$(date +%s)
unset SYSINDEX_RUN_STARTED
[ $rc -eq 0 ] || die "--repeat with --time-budget: exit $rc"
[ $((end - start)) -le 60 ] || die "--repeat 2 --time-budget 1 took $((end - start)) s"
r=$(report)
grep -q "^Between passes (--repeat 2): index score .* 95% interval over the passes " "$r" ||
	die "--time-budget: no interval over the passes"
[ "$(grep -c "^#### --repeat: pass [12] of 2" "$r.log")" -eq 2 ] || die "--time-budget: two passes"
[ "$(grep "^Plan for dhry2reg: " "$r.log" | sed 's/, [0-9]* s of the budget left//' | sort -u |
	wc -l)" -eq 1 ] || die "--time-budget: the passes planned alike: $(grep "^Plan for" "$r.log")"
if command -v python3 >/dev/null 2>&1; then
	python3 - "$r.json" <<'PY' || die "--time-budget: the passes' samples"
import json, sys
d = json.load(open(sys.argv[1]))
s = d["runs"][0]["tests"][0]["samples"]
per = [sum(1 for x in s if x.get("repeat_pass") == p) for p in (1, 2)]
# Each pass has samples (a loaded host may stop the last pass early: never past the budget).
assert per[0] >= 1 and per[1] >= 1 and len(s) == sum(per), per
PY
fi
# A budget too small for one sample per pass: refused before anything runs, saying why.
run_driver --repeat 40 --time-budget 1 -c 1 --testdir "$T" dhry2reg
[ $rc -eq 2 ] && grep -q "1 sample of each test at their shortest samples in each --repeat pass" \
	"$T/err" || die "--repeat 40 --time-budget 1: exit $rc"
mkdir -p "$T/a" "$T/b"
run_driver --repeat 2 --testdir "$T/a" --testdir "$T/b" fsbuffer-w
[ $rc -eq 2 ] && grep -q -- "--repeat needs a run without paired mode" "$T/err" || die "--repeat in paired mode"
exit 0
