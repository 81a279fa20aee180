# A busy loop pinned to the CPU a copy is pinned to (both under taskset -c
# on one CPU, the copy through --pin) takes about half of the copy's time:
# the sample is preempted hundreds of times a second and tasks wait for the
# CPU most of the time, so it is flagged "contended" in the JSON, the CSV
# and the header's interference line.  The loop ends with the test (and in
# 60 s at the latest).
# e2e: alone (a second busy process elsewhere would not change the flag, but
# the test's own loop would slow every other test)
. tests/e2e/lib.sh
command -v taskset >/dev/null 2>&1 || skip "no taskset here"
cpu=$(taskset -pc $$ 2>/dev/null | sed 's/.*: *//; s/[-,].*//')
case $cpu in '' | *[!0-9]*) skip "cannot read this shell's CPUs" ;; esac
timeout 60 taskset -c "$cpu" sh -c 'while :; do :; done' &
busy=$!
trap 'kill $busy 2>/dev/null; cleanup' EXIT
note "busy loop $busy on CPU $cpu"
run_si_pinned() {
	note "taskset -c $cpu ./Run $*"
	rm -rf "$RES"/*
	taskset -c "$cpu" "$ROOT/Run" --results "$RES" --testdir "$T/testdir" "$@" >"$T/out" 2>"$T/err"
	rc=$?
	cat "$T/out"; echo "--- stderr:"; cat "$T/err"
}
run_si_pinned --pin -c 1 -i 1 --duration 2 --settle 0 syscall
kill $busy 2>/dev/null
[ $rc -eq 0 ] || die "exit $rc"
r=$(report)
grep -q '^   Interference: .*disturbed samples: 1 of 1 (steal [0-9]*, contended 1,' "$r" ||
	die "no contended sample in the header of $r"
grep -A12 '"interference": {' "$r.json" | grep -q '"contended"' ||
	die "no contended flag in $r.json"
grep -q '"involuntary_switches": [1-9]' "$r.json" || die "no involuntary switches in $r.json"
sed -n '2p' "$r.csv" | grep -q ',contended,0,' || die "no contended sample in $r.csv"
grep -q '^# interference: .*flagged contended' "$r.log" || die "no interference line in $r.log"
# compare warns when its inputs differ in interference (the same report
# with its samples undisturbed), and not when they are alike.
sed 's/disturbed samples: 1 of 1 (steal \([0-9]*\), contended 1,/disturbed samples: 0 of 1 (steal \1, contended 0,/; s/copies waited for a CPU: [0-9.]* %/copies waited for a CPU: 0.5 %/' \
	"$r" >"$T/quiet.txt"
grep -q 'disturbed samples: 0 of 1' "$T/quiet.txt" || die "could not make the quiet copy"
cp "$r" "$T/busy.txt"
"$ROOT/Run" compare "$T/quiet.txt" "$T/busy.txt" >"$T/cmp" 2>"$T/cmperr"
cat "$T/cmp" "$T/cmperr"
grep -q 'interference differs: busy.txt: 1 of 1 samples disturbed.*; quiet.txt: 0 of 1 samples disturbed' "$T/cmp" "$T/cmperr" ||
	die "compare did not warn about the interference"
"$ROOT/Run" compare "$T/busy.txt" "$r" >"$T/cmp" 2>&1
! grep -q 'interference differs' "$T/cmp" || die "compare warned about alike inputs"

# --exclude-disturbed: a busy loop for the first 2.5 s of four 2-s samples
# flags the first (and maybe the second); they are left out of everything,
# the others kept, and every format says how many.  One sample, all flagged:
# kept, and said so.
timeout 2.5 taskset -c "$cpu" sh -c 'while :; do :; done' &
busy=$!
run_si_pinned --pin -c 1 -i 4 --duration 2 --settle 0 --exclude-disturbed syscall
[ $rc -eq 0 ] || die "--exclude-disturbed: exit $rc"
r=$(report)
# On a machine busy with other work more samples are flagged: any 1 to 3
# left out, the statistics over the 4 - N kept.
left=$(sed -n 's/^   Interference: .*left out of the statistics (--exclude-disturbed): \([123]\);.*/\1/p' "$r")
[ -n "$left" ] || die "no count of 1 to 3 samples left out: $(grep Interference: "$r")"
# The result without the flagged samples and with them, both shown.
grep -q "^   Interference: .*; System Call Overhead: [0-9.]* without the $left flagged, [0-9.]* with them" "$r" ||
	die "not the result with and without the flagged samples: $(grep Interference: "$r")"
grep -q '"score_with_disturbed": ' "$r.json" || die "JSON: no score_with_disturbed"
grep -q "^System Call Overhead  *$((4 - left))  .*disturbed-excluded" "$r" ||
	die "statistics not over the $((4 - left)) kept samples: $(grep '^System Call' "$r")"
grep -q "\"excluded_disturbed\": $left" "$r.json" || die "JSON: no excluded_disturbed $left"
grep -q '"excluded": true' "$r.json" || die "JSON: no excluded sample"
[ "$(grep -c ',contended,1,' "$r.csv")" -ge 1 ] || die "CSV: no excluded row"
"$ROOT/Run" compare "$r" "$r" >"$T/cmp" 2>&1 || die "compare of its own report: $(cat "$T/cmp")"
grep -q "ignored" "$T/cmp" && die "compare took the CSV for a stranger: $(cat "$T/cmp")"
timeout 30 taskset -c "$cpu" sh -c 'while :; do :; done' &
busy=$!
run_si_pinned --pin -c 1 -i 1 --duration 2 --settle 0 --exclude-disturbed syscall
kill $busy 2>/dev/null
r=$(report)
grep -q 'kept, every sample of their test flagged: 1' "$r" || die "all flagged: not said kept"
grep -q '^System Call Overhead .*all-disturbed-kept' "$r" || die "all flagged: no flag"

# Paired (two test dirs, fstime's sliced rounds): the round's interference
# is shared among its directories' samples, and the summary says Disturbed
# as a normal run's does, over both directories' samples.
mkdir -p "$T/pa" "$T/pb"
timeout 60 taskset -c "$cpu" sh -c 'while :; do :; done' &
busy=$!
run_si_pinned --pin -c 1 -i 1 --duration 2 --settle 0 --testdir "a=$T/pa" --testdir "b=$T/pb" fstime
kill $busy 2>/dev/null
[ $rc -eq 0 ] || die "paired: exit $rc"
r=$(report)
grep -q '^   Interference: .*disturbed samples: [1-9][0-9]* of [1-9]' "$r" ||
	die "paired: no disturbed sample in the header: $(grep Interference: "$r")"
grep -q '^  Disturbed, 1 copy: [1-9][0-9]* of [1-9][0-9]* tests\{0,1\} kept samples .*, in any test dir: their changes may be off' "$r" ||
	die "paired: no Disturbed line in the summary"
echo "PASS"
