# Issue 50, settings mode under SIGKILL: a run of two settings whose
# commands take 0.3 s is killed after each new sample, every other time
# while a setting's command runs, and --resume'd each time.  It ends with
# both settings' tests at the uninterrupted sample counts, every sample
# journaled before a kill kept in place (only the one in flight is lost).
# On the way, compare reads the killed run's journal as a partial paired
# run (its rows from the rounds kept, marked INTERRUPTED) and --fail-on
# exits 2 for it.  Then a plain run stopped by SIGTERM: the test it cut
# short shows its samples' figure, "interrupted: N of 4 samples", not NOT
# RUN; its CSV rows say run_status interrupted, and compare of the CSV
# alone is a partial run the gate refuses (exit 2).
. tests/e2e/lib.sh
[ "$(id -u)" = 0 ] || skip "not root: settings mode needs root"
command -v python3 >/dev/null 2>&1 || skip "python3 needed"
command -v ps >/dev/null 2>&1 || skip "ps needed"
J="$T/snap"
mkdir -p "$J"
# in_setting PID: a setting's command (sleep 0.31 or 0.32) is running under PID.
in_setting() { ps -o args= --ppid "$1" 2>/dev/null | grep -q 'sleep 0\.3[12]'; }

"$ROOT/Run" --results "$RES" --testdir "$T/testdir" -q --no-charts \
	--setting 'a=sleep 0.31; true' --setting 'b=sleep 0.32; true' \
	-c 1 -i 3 --duration 1 --settle 0 syscall pipe >/dev/null 2>"$T/err" &
pid=$!
kills=0 during=0 compared=
while :; do
	await_sample $pid 600 "settings run" || break
	if [ $((kills % 2)) -eq 0 ]; then
		# Into the next setting's command (it runs before each sample).
		n=0
		until in_setting $pid || ! kill -0 $pid 2>/dev/null; do
			n=$((n + 1)); [ $n -lt 300 ] || die "no setting command seen"; sleep 0.01
		done
		in_setting $pid && during=$((during + 1))
	else
		sleep "0.$(awk 'BEGIN { srand(); printf "%d", rand() * 9 }')"
	fi
	kill -KILL $pid 2>/dev/null || break
	wait $pid 2>/dev/null
	kills=$((kills + 1))
	if [ -z "$(tail -c 1 "$jf")" ]; then cp "$jf" "$J/$kills"; else sed '$d' "$jf" >"$J/$kills"; fi
	# Once a test has rounds of both settings: compare reads the journal as a partial run.
	if [ -z "$compared" ] && [ "$(grep -c '"dir":1,' "$jf")" -ge 2 ]; then
		"$ROOT/sysindex" compare "$jf" >"$T/cmp" 2>"$T/cmperr" ||
			die "compare of the journal: $(cat "$T/cmperr")"
		grep -q 'a paired run (2 test dirs: a, b)' "$T/cmp" && grep -q '^INTERRUPTED: a partial run' "$T/cmp" ||
			die "compare: not a partial paired run: $(cat "$T/cmp")"
		grep -q '^System Call Overhead  *b ' "$T/cmp" || die "compare: no syscall row: $(cat "$T/cmp")"
		"$ROOT/sysindex" compare --fail-on slower "$jf" >/dev/null 2>"$T/cmperr"
		[ $? -eq 2 ] || die "--fail-on on a killed run's journal: not exit 2"
		grep -q 'an interrupted run' "$T/cmperr" || die "gate: $(cat "$T/cmperr")"
		compared=1
	fi
	[ $kills -lt 30 ] || die "$kills kills and not done"
	"$ROOT/Run" --resume "$jf" >/dev/null 2>"$T/err" &
	pid=$!
done
wait $pid
rc=$?
[ $rc -eq 0 ] || { cat "$T/err"; die "the last resume exited $rc"; }
[ $kills -ge 6 ] || die "only $kills kills"
[ $during -ge 2 ] || die "only $during kills during a setting's command"
[ -n "$compared" ] || die "compare of the journal never ran"
note "$kills kills, $during of them during a setting's command"
r=$(report)
expect_files "$r"
grep -q '^{"end":"complete"}$' "$r.journal" || die "journal not marked complete"
for s in "$J"/*; do
	head -c "$(wc -c <"$s")" "$r.journal" | cmp -s - "$s" ||
		die "samples journaled before kill ${s##*/} lost or changed"
done
[ "$(journal_samples "$r.journal")" -eq 12 ] || die "$(journal_samples "$r.journal") samples journaled, want 12"
python3 - "$r.json" <<'PY' || die "the record's settings or sample counts"
import json, sys
rec = json.load(open(sys.argv[1]))
assert not rec["run"]["interrupted"]
got = sorted((run["label"], t["name"], t["status"], len(t["samples"]))
             for run in rec["runs"] for t in run["tests"])
want = sorted((l, n, "ok", 3) for l in "ab" for n in ("syscall", "pipe"))
assert got == want, got
PY
grep -q ',complete$' "$r.csv" && ! grep -q ',interrupted$' "$r.csv" || die "CSV of the complete run"

# A plain run stopped by SIGTERM after two of its four samples.
rm -rf "$RES"/*
"$ROOT/Run" --results "$RES" --testdir "$T/testdir" -q --no-charts -c 1 -i 4 --duration 1 \
	--settle 0 syscall >/dev/null 2>&1 &
pid=$!
n=0
until [ "$(journal_samples "$RES"/*.journal)" -ge 2 ]; do
	n=$((n + 1)); [ $n -lt 300 ] || die "TERM: no samples"; sleep 0.05
done
kill -TERM $pid; wait $pid 2>/dev/null
r=$(report)
grep -q '^System Call Overhead  *[0-9][0-9.]* lps  *(interrupted: [23] of 4 samples)$' "$r" ||
	die "the test cut short: $(grep 'System Call' "$r")"
grep -q 'NOT RUN' "$r" && die "NOT RUN for a test with samples"
grep -q '^| System Call Overhead | [0-9][0-9.]* | lps (interrupted: [23] of 4 samples) |' "$r.md" ||
	die "Markdown row: $(grep 'System Call' "$r.md")"
[ "$(tail -n +2 "$r.csv" | grep -vc ',interrupted$')" -eq 0 ] || die "CSV rows not marked interrupted"
mkdir "$T/alone"
cp "$r.csv" "$T/alone/x.csv"
cp "$r" "$T/alone/y"
"$ROOT/sysindex" compare "$T/alone/x.csv" "$T/alone/x.csv" >/dev/null 2>"$T/err" || die "compare of the CSV: $(cat "$T/err")"
grep -q 'interrupted, a partial run' "$T/err" || die "compare: the CSV not partial: $(cat "$T/err")"
"$ROOT/sysindex" compare --fail-on slower "$T/alone/x.csv" "$T/alone/x.csv" >/dev/null 2>&1
[ $? -eq 2 ] || die "--fail-on on an interrupted run's CSV: not exit 2"
"$ROOT/sysindex" compare "$T/alone/y" "$T/alone/y" >"$T/cmp" 2>/dev/null || die "compare of the text report"
grep -q '^System Call Overhead  *1  *lps  *NOT RUN  *NOT RUN' "$T/cmp" ||
	die "compare of the text report: the cut test not read as NOT RUN: $(cat "$T/cmp")"
no_strays
echo ok
