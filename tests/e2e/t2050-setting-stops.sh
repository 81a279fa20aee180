# Settings mode on a loop-mounted ext4 (issue 50): a setting command that
# fails in round 2 keeps what rounds 1 measured, written as a stopped run
# (report, record, CSV, log) with the command's own error; a baseline that
# fails at once says "1 x", not "0 x", in the progress; a command printing
# more than a pipe holds (seq 1 100000) works; a SIGTERM during a setting's
# command stops it at once (not after its 120 s), and the baseline is
# restored after each.
. tests/e2e/lib.sh
M=$T/mnt
loop_ext4 "$M" relatime
fake_prog dhry2reg fake-setting
RATE=$T/rate
export SYSINDEX_FAKE_SETTING_FILE=$RATE
REL="mount -o remount,atime,relatime $M"
NOA="mount -o remount,noatime $M"
si() {
	rm -rf "$RES"/*
	note "sysindex $*"
	SYSINDEX_PGMDIR=$P "$ROOT/sysindex" --results "$RES" --testdir "$M" --settle 0 -c 1 \
		"$@" >"$T/out" 2>"$T/err"
	rc=$?
	cat "$T/out" "$T/err"
}
restored() {
	case ,$(mount_opts "$M"), in *,relatime,*) ;; *) die "$1: not restored: $(mount_opts "$M")" ;; esac
}

# noa's second run (round 2 comes first for it: 1rel 1noa 2noa 2rel) fails.
CNT=$T/count
si --progress none -i 6 --setting "rel=$REL && echo 1000 > $RATE" \
	--setting "noa=n=\$(cat $CNT 2>/dev/null || echo 0); echo \$((n + 1)) > $CNT; [ \$n -lt 1 ] || { echo 'mount: bad usage' >&2; exit 32; }; $NOA && echo 1200 > $RATE" \
	dhry2reg
[ $rc -eq 1 ] || die "failing in round 2: exit $rc, want 1"
grep -q "^sysindex: setting noa: its command exited with status 32 (mount: bad usage); the run stops: what was measured is written as a stopped run$" "$T/err" ||
	die "the command's error is not shown"
r=$(report)
[ -n "$r" ] || die "failing in round 2: no report"
expect_files "$r"
check_json "$r.json"
grep -q '^   \*\*\* Stopped: setting noa: its command exited with status 32 (mount: bad usage): partial results \*\*\*$' "$r" ||
	die "report not marked stopped"
grep -q '^    | mount: bad usage$' "$r.log" || die "the command's output is not in the log"
grep -q '^\*\*Stopped: setting noa' "$r.md" || die "Markdown not marked stopped"
grep -q 'class="warn">Stopped: setting noa' "$r.html" || die "HTML not marked stopped"
python3 - "$r.json" <<'PY' || die "record not marked stopped"
import json, sys
run = json.load(open(sys.argv[1]))["run"]
assert run["interrupted"] is True and run["signal"] is None, run
assert run["stopped"].startswith("setting noa: its command exited with status 32"), run
PY
# Round 1 of each setting is in the CSV: one sample each.
[ "$(grep -c ',rel,1,stopped$' "$r.csv")" -eq 1 ] && [ "$(grep -c ',noa,1,stopped$' "$r.csv")" -eq 1 ] ||
	die "round 1's samples not in the CSV: $(cat "$r.csv")"
grep -q ',[0-9]*,stopped$' "$r.csv" && ! grep -q ',2,stopped$' "$r.csv" || die "a round 2 sample in the CSV"
# The rows show round 1's figures, marked partial, not NOT RUN (issue 50).
grep -q '^Dhrystone 2 using register variables *[0-9.]* lps *(interrupted: 1 of [0-9]* rounds)$' "$r" &&
	! grep -q 'NOT RUN' "$r" || die "the stopped test's rows: $(grep Dhrystone "$r")"
grep -A1 'Dhrystone.*noa.* 1  not compared: interrupted$' "$r" | grep -q '(interrupted: 1 of [0-9]* rounds)$' ||
	die "the paired row: $(grep -A1 "Dhrystone.*noa" "$r")"
"$ROOT/sysindex" compare "$r.json" >"$T/cmp" 2>&1 || die "compare of the stopped run: $(cat "$T/cmp")"
restored "failing in round 2"

# noa's command gives another state the second time: the comparison ends
# there with the reason, round 1 kept.
rm -f "$T/second"
si --progress none -i 6 --setting "rel=$REL && echo 1000 > $RATE" \
	--setting "noa=$NOA && echo 1200 > $RATE && if [ -e $T/second ]; then mount -o remount,nodiratime $M; fi && touch $T/second" \
	dhry2reg
[ $rc -eq 1 ] || die "state moved: exit $rc, want 1"
grep -q "^sysindex: setting noa: its command no longer gives the state of its first sample (mount rw,noatime.*; now mount rw,noatime,nodiratime.*): something else changes it too; the run stops" "$T/err" ||
	die "state moved: no reason given"
r=$(report)
grep -q '^   \*\*\* Stopped: setting noa: its command no longer gives' "$r" || die "state moved: report not marked"
[ "$(grep -c ',noa,1,stopped$' "$r.csv")" -eq 1 ] || die "state moved: round 1 not kept"
mount -o remount,diratime "$M"
restored "state moved"

# The baseline's command fails at once: the progress says 1 x, not 0 x.
si --progress plain -i 2 --setting "rel=echo nope; exit 3" --setting "noa=$NOA && echo 1200 > $RATE" dhry2reg
[ $rc -eq 1 ] || die "baseline failing: exit $rc"
grep -q "^0 x " "$T/err" && die "the progress line says 0 x copies"
grep -q "^1 x Dhrystone 2 using register variables \[rel\]" "$T/err" || die "no progress line for rel"

# More than 64 KiB of output from a setting's command.
si --progress none -i 2 --setting "rel=seq 1 100000 && $REL && echo 1000 > $RATE" \
	--setting "noa=$NOA && echo 1200 > $RATE" dhry2reg
[ $rc -eq 0 ] || die "seq 1 100000: exit $rc"
grep -q "more bytes not logged" "$(report).log" || die "seq's output not counted in the log"
restored "seq"

# SIGTERM while noa's command hangs: stopped at once, restored, interrupted.
rm -rf "$RES"/* "$T/in-noa"
SYSINDEX_PGMDIR=$P "$ROOT/sysindex" --results "$RES" --testdir "$M" --settle 0 -c 1 \
	--progress none -i 6 --setting "rel=$REL && echo 1000 > $RATE" \
	--setting "noa=$NOA && touch $T/in-noa && sleep 100" dhry2reg >"$T/out" 2>"$T/err" &
pid=$!
wait_file "$T/in-noa" 300 "noa's command never ran"
t0=$(date +%s)
kill -TERM $pid
wait $pid
rc=$?
took=$(( $(date +%s) - t0 ))
cat "$T/err"
[ $rc -eq 143 ] || die "SIGTERM: exit $rc, want 143"
[ $took -le 10 ] || die "SIGTERM: the run took $took s to stop"
grep -q 'Interrupted by signal 15' "$(report)" || die "SIGTERM: report not marked interrupted"
restored "SIGTERM"
no_strays "$M"
