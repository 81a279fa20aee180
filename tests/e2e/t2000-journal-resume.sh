# e2e: slow
# Issue 50: a run SIGKILLed at 20 points (a normal run and a --repeat run),
# each time --resume'd, ends with the tests and sample counts of an
# uninterrupted run, and every sample finished before a kill is kept (the
# journal at each kill is a prefix of the final one: only the sample in
# flight is lost).  Also: a SIGTERM keeps the finished samples' real rates;
# --resume refuses another build, other options, a complete run; compare
# reads a killed run's .log as a partial run, marked so.
. tests/e2e/lib.sh
command -v python3 >/dev/null 2>&1 || skip "python3 needed"
J="$T/snap"
mkdir -p "$J"


# chain NAME TEST=COUNT,... ARGS...: start the run, then until it completes: wait
# for one more sample in the journal, SIGKILL it a random moment later,
# keep the journal's whole lines, --resume.  Sets $kills.
chain() {
	name=$1; want=$2; shift 2
	rm -rf "$RES"/*
	"$ROOT/Run" --results "$RES" --testdir "$T/testdir" -q --no-charts "$@" >/dev/null 2>"$T/err" &
	pid=$!
	kills=0
	while :; do
		await_sample $pid 300 "$name" || break
		sleep "0.$(awk 'BEGIN { srand(); printf "%d", rand() * 9 }')"
		kill -KILL $pid 2>/dev/null || break
		wait $pid 2>/dev/null
		kills=$((kills + 1))
		# Whole lines only: the torn one is the sample in flight.
		if [ -z "$(tail -c 1 "$jf")" ]; then
			cp "$jf" "$J/$name.$kills"
		else
			sed '$d' "$jf" >"$J/$name.$kills"
		fi
		[ $kills -lt 40 ] || die "$name: $kills kills and not done"
		"$ROOT/Run" --resume "$jf" >/dev/null 2>"$T/err" &
		pid=$!
	done
	wait $pid
	rc=$?
	[ $rc -eq 0 ] || { cat "$T/err"; die "$name: the last resume exited $rc"; }
	r=$(report)
	expect_files "$r"
	grep -q '^{"end":"complete"}$' "$r.journal" || die "$name: journal not marked complete"
	# Every sample finished before a kill is in the final journal, in place.
	for s in "$J/$name".*; do
		[ -e "$s" ] || continue
		head -c "$(wc -c <"$s")" "$r.journal" | cmp -s - "$s" ||
			die "$name: samples journaled before kill ${s##*.} lost or changed"
	done
	[ "$(journal_samples "$r.journal")" -eq "$EXPECT_TOTAL" ] ||
		die "$name: $(journal_samples "$r.journal") samples journaled, want $EXPECT_TOTAL (none twice)"
	python3 - "$r.json" "$want" <<'PY' || die "$name: the record's tests or sample counts"
import json, sys
rec = json.load(open(sys.argv[1]))
want = dict(kv.split("=") for kv in sys.argv[2].split(","))
assert not rec["run"]["interrupted"], "marked interrupted"
got = {t["name"]: len(t["samples"]) for t in rec["runs"][0]["tests"]}
for t in rec["runs"][0]["tests"]:
    assert t["status"] == "ok", (t["name"], t["status"])
    assert all(s["rate"] > 0 for s in t["samples"]), t["name"]
assert got == {k: int(v) for k, v in want.items()}, got
PY
}

# A normal run: 2 tests x 6 samples of 1 s.
EXPECT_TOTAL=12
set -- -c 1 -i 6 --duration 1 --settle 0 syscall pipe
chain normal "syscall=6,pipe=6" "$@"
k1=$kills
# --repeat 2: 2 tests x 2 passes x 3 samples.
EXPECT_TOTAL=12
chain repeat "syscall=6,pipe=6" -c 1 -i 3 --duration 1 --settle 0 --repeat 2 syscall pipe
k2=$kills
[ $((k1 + k2)) -ge 20 ] || die "only $((k1 + k2)) kill points ($k1 + $k2), want 20"
r=$(report)

# A complete run is not resumed; nor under other options or another build.
"$ROOT/Run" --resume "$r" >/dev/null 2>"$T/err" && die "resumed a complete run"
grep -q 'complete, nothing to resume' "$T/err" || die "complete: $(cat "$T/err")"
sed '$d' "$r.journal" >"$RES/other.journal"
"$ROOT/Run" --resume "$RES/other.log" -c 2 syscall >/dev/null 2>"$T/err" && die "other options taken"
grep -q 'options differ' "$T/err" || die "options: $(cat "$T/err")"
sed -i '1s/"build":"[^"]*"/"build":"0.0.0-0000000000000000"/' "$RES/other.journal"
"$ROOT/Run" --resume "$RES/other.journal" >/dev/null 2>"$T/err"
[ $? -eq 2 ] || die "another build: not exit 2"
[ "$(wc -l <"$T/err")" -eq 1 ] && grep -q 'build differs' "$T/err" || die "build: $(cat "$T/err")"
printf '{"copies":1,"dir":0,"test":"nosuch","wall":1,"sample":{}}\n' >>"$RES/other.journal"
"$ROOT/Run" --resume "$RES/other.journal" >/dev/null 2>"$T/err" && die "garbled journal taken"
grep -q 'line 14: test: no test "nosuch"' "$T/err" || die "garbled: $(cat "$T/err")"

# stop_after_two SIG: a run of 4 syscall samples, sent SIG once two are journaled.
stop_after_two() {
	rm -rf "$RES"/*
	"$ROOT/Run" --results "$RES" --testdir "$T/testdir" -q --no-charts -c 1 -i 4 \
		--duration 1 --settle 0 syscall >/dev/null 2>&1 &
	pid=$!
	n=0
	until [ "$(journal_samples "$RES"/*.journal)" -ge 2 ]; do
		n=$((n + 1)); [ $n -lt 300 ] || die "$1: no samples"; sleep 0.05
	done
	kill -"$1" $pid; wait $pid 2>/dev/null
}

# compare reads a killed run's .log through its journal, marked partial.
stop_after_two KILL
log=$(ls "$RES"/*.log)
"$ROOT/Run" compare "$log" "$log" >"$T/cmp" 2>"$T/err" || die "compare of a killed run's log: $(cat "$T/err")"
grep -q '(partial)' "$T/cmp" && grep -q 'INTERRUPTED' "$T/cmp" || die "compare: not marked partial"

# SIGTERM: the samples finished keep their real rates (issue 50).
stop_after_two TERM
r=$(report)
python3 - "$r.json" <<'PY' || die "SIGTERM: finished samples lost their rates"
import json, sys
t = json.load(open(sys.argv[1]))["runs"][0]["tests"][0]
ok = [s for s in t["samples"] if s["ok"]]
assert len(ok) >= 2 and all(s["rate"] > 0 for s in ok), t["samples"]
PY
# ... and --resume completes it.
"$ROOT/Run" --resume "$r" >/dev/null 2>"$T/err" || die "resume after TERM: $(cat "$T/err")"
python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))["runs"][0]["tests"][0]; assert t["status"]=="ok" and len(t["samples"])==4, t["status"]' "$r.json" ||
	die "resume after TERM: not complete"
no_strays
echo ok
