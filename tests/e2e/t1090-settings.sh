# Settings mode (--setting, issue 39), as root on a tmpfs: a stand-in
# (fake-setting) whose speed the setting's command chooses, with a real
# remount of the test dir between settings.  Two settings give the known
# verdict, in the balanced order, with each one's mount options on the
# record; an A/A gives no faster/slower and the "identical" warning; a
# failing setting command stops the run with one line, restores and writes
# what was measured as a stopped run; SIGINT restores (the baseline's command ran after the signal);
# without root (as nobody) exit 2 before anything runs; bad values refused.
. tests/e2e/lib.sh
[ "$(id -u)" = 0 ] || skip "not root: settings mode needs root (and a tmpfs to remount)"
F=$ROOT/build/fakepgms
[ -x "$F/fake-setting" ] || die "fakes not built (make check builds them)"
M=$T/mnt
mkdir -p "$M"
mount -t tmpfs -o size=32m,relatime sysindex-e2e-set "$M" 2>/dev/null ||
	skip "cannot mount a tmpfs here"
umount_all() { umount "$M" 2>/dev/null; cleanup; }
trap umount_all EXIT
P=$T/pgms
mkdir -p "$P"
for f in "$ROOT"/pgms/*; do ln -s "$f" "$P/"; done
rm -f "$P/dhry2reg"
ln -s "$F/fake-setting" "$P/dhry2reg"
RATE=$T/rate
export SYSINDEX_FAKE_SETTING_FILE=$RATE
REL="mount -o remount,atime,relatime $M"   # util-linux keeps noatime on a plain remount,relatime
NOA="mount -o remount,noatime $M"
si() {
	rm -rf "$RES"/*
	note "sysindex $*"
	SYSINDEX_PGMDIR=$P "$ROOT/sysindex" --results "$RES" --testdir "$M" --progress none \
		--settle 0 -c 1 "$@" >"$T/out" 2>"$T/err"
	rc=$?
	cat "$T/out" "$T/err"
}
opts() { findmnt -no OPTIONS "$M"; }

# Refused before anything runs (exit 2, one line).
bad() {
	msg=$1; shift
	si "$@" dhry2reg
	[ $rc -eq 2 ] || die "$*: exit $rc, want 2"
	[ "$(wc -l <"$T/err")" -eq 1 ] || die "$*: not one line on stderr"
	grep -q -- "$msg" "$T/err" || die "$*: message lacks '$msg'"
	[ -z "$(ls "$RES")" ] || die "$*: results written"
}
bad "needs two or more settings" --setting "a=touch $T/ran"
bad "one comparison at a time" --setting "a=touch $T/ran" --setting "b=true" --testdir "$T/testdir"
bad "a name may hold only" --setting "a/b=touch $T/ran" --setting "b=true"
bad "control character" --setting "a=touch $T/ran
rm -rf /" --setting "b=true"
[ ! -e "$T/ran" ] || die "a refused run ran a setting command"

# Two settings: the known verdict, ABBA order, what was in force, restored.
# Found in a third state (strictatime) that no sample runs under: the
# header labels it as found, the summary claims no options for the dir.
mount -o remount,strictatime "$M" || die "remount strictatime"
si -i 6 --setting "rel=$REL && echo 1000 > $RATE" --setting "noa=$NOA && echo 1200 > $RATE" dhry2reg
[ $rc -eq 0 ] || die "two settings: exit $rc"
r=$(report)
expect_files "$r"
check_json "$r.json"
grep -q "^   Settings: rel (baseline), noa; in one test dir" "$r" || die "header"
grep -q "^Paired comparison: 1 copy, baseline rel, 2 settings of one test dir" "$r" || die "comparison head"
grep -q "^Dhrystone 2 using register variables  *noa  .*+\(19\|20\)\.[0-9][0-9]% .*  6  faster$" "$r" || die "verdict faster"
grep -q "^  Setting rel (baseline): \`$REL && echo 1000 > $RATE\`; in force: mount rw,relatime" "$r" ||
	die "rel's state in the summary"
grep -q "^  Setting noa: .*; in force: mount rw,noatime" "$r" || die "noa's state in the summary"
grep -q "Warning" "$r" && die "a warning for two settings that differ"
grep -q "^  Test dir: $M on $M (tmpfs, sysindex-e2e-set, mount options per setting below)$" "$r" ||
	die "summary's Test dir line claims a state: $(grep '^  Test dir' "$r")"
grep -q "^             options: rw (as found before the first setting ran; each setting's own: its Setting line); superblock: " "$r" ||
	die "header's options not labelled as found: $(grep '^  *options:' "$r")"
grep -q "options: rw (as found before the first setting ran" "$r.md" || die "Markdown: options not as found"
grep -q "rw (as found before the first setting ran" "$r.html" || die "HTML: options not as found"
grep -q '^| rel (baseline) | `mount -o remount,atime,relatime .*` | mount rw,relatime' "$r.md" ||
	die "Markdown settings table"
grep -q "Setting rel (baseline)" "$r.html" || die "HTML summary"
python3 - "$r.json" <<'PY' || die "JSON settings object"
import json, sys
s = json.load(open(sys.argv[1]))["settings"]
assert s["baseline"] == "rel" and s["warnings"] == [], s
a, b = s["list"]
assert a["applied"] == 6 and b["applied"] == 6, s
assert "relatime" in a["in_force"]["mount_options"], a
assert "noatime" in b["in_force"]["mount_options"], b
assert not a["changed"] and not b["changed"], s
# the switching cost: each command's wall time, summed, and the longest
for x in (a, b):
    assert 0 < x["switch_max_seconds"] <= x["switch_seconds"] < 60, x
PY
grep -q "^  Setting noa: .*; switch [0-9.]* ms a time (longest [0-9.]* ms)" "$r" ||
	die "noa's switching cost in the summary"
[ "$(grep -c '^    took [0-9.]* s$' "$r.log")" -ge 12 ] || die "switch times not logged"
order=$(sed -n 's/^#### Round \([0-9]*\), setting \(.*\)$/\1\2/p' "$r.log" | head -n 8 | tr '\n' ' ')
[ "$order" = "1rel 1noa 2noa 2rel 3rel 3noa 4noa 4rel " ] || die "order: $order"
grep -q "^#### Restoring the baseline (rel)" "$r.log" || die "restore not logged"
# rel's command leaves relatime; sysindex puts back the strictatime found (issue 50).
grep -q "^sysindex: the restore command did not bring back the state as found; sysindex put back mount rw$" "$T/err" ||
	die "strictatime not put back natively"
opts | grep -q "atime" && die "not put back as found (strictatime): $(opts)"
mount -o remount,relatime "$M" || die "remount relatime"
"$ROOT/sysindex" compare "$r" >"$T/cmp" 2>&1 || die "compare of a settings run: $(cat "$T/cmp")"
grep -q "^Dhrystone 2 using register variables  *noa  .*+\(19\|20\)\.[0-9][0-9]% .*  6  faster$" "$T/cmp" ||
	die "compare's row: $(cat "$T/cmp")"

# A/A: the same setting twice: no faster/slower, and the run says so.
si -i 6 --setting "a=$REL && echo 1000 > $RATE" --setting "b=$REL && echo 1000 > $RATE" dhry2reg
[ $rc -eq 0 ] || die "A/A: exit $rc"
r=$(report)
row=$(grep "^Dhrystone 2 using register variables  *b  " "$r") || die "A/A row"
echo "$row" | grep -Eq "faster|slower" && die "A/A verdict: $row"
grep -q "^  Warning: settings a and b left the recorded state identical (mount rw,relatime" "$r" ||
	die "A/A warning"

# Every figure alike (a steady stand-in): +20 % with no spread between rounds
# is no verdict, and the row says why (issue 37: no verdict on a zero spread).
SYSINDEX_FAKE_SETTING_STEADY=1 si -i 6 --setting "rel=$REL && echo 1000 > $RATE" \
	--setting "noa=$NOA && echo 1200 > $RATE" dhry2reg
[ $rc -eq 0 ] || die "steady: exit $rc"
r=$(report)
grep -q "^Dhrystone 2 using register variables  *noa  .*+20.00%  *+20.00%..+20.00%  *-  *6  inconclusive: no spread between rounds$" "$r" ||
	die "steady: a verdict on no spread"
"$ROOT/sysindex" compare "$r" >"$T/cmp" 2>&1 || die "compare of the steady run: $(cat "$T/cmp")"
grep -q "^Dhrystone 2 using register variables  *noa  .*+20.00% .*inconclusive: no spread between rounds$" "$T/cmp" ||
	die "compare's steady row: $(cat "$T/cmp")"

# A failing setting command: one line with its own error, the baseline
# restored, what was measured written as a stopped run (issue 50).
si -i 6 --setting "rel=$REL && echo 1000 > $RATE" \
	--setting "noa=$NOA && echo 1200 > $RATE && echo 'no such option' && exit 7" dhry2reg
[ $rc -eq 1 ] || die "failing setting: exit $rc, want 1"
# (a machine without some interference counter says so in a line of its own)
[ "$(grep -v '^sysindex: interference:' "$T/err" | grep -vc '^sysindex: results in ')" -eq 1 ] ||
	die "failing setting: not one line on stderr"
grep -q "^sysindex: setting noa: its command exited with status 7 (no such option); the run stops" "$T/err" ||
	die "failing setting's line"
r=$(report)
grep -q '^   \*\*\* Stopped: setting noa: its command exited with status 7 (no such option): partial results \*\*\*$' "$r" ||
	die "failing setting: report not marked stopped"
grep -q '^    | no such option$' "$r.log" || die "failing setting: the command's output is not in the log"
check_json "$r.json"
[ -z "$(ls -A "$M")" ] || die "failing setting: scratch left"
opts | grep -q relatime || die "failing setting: not restored: $(opts)"
[ "$(cat "$RATE")" = 1000 ] || die "failing setting: baseline's command did not run last"

# SIGINT mid-run: the baseline's command runs after the signal.
rm -rf "$RES"/* "$T/killed" "$T/marker"
SYSINDEX_PGMDIR=$P "$ROOT/sysindex" --results "$RES" --testdir "$M" --progress none --settle 0 \
	-c 1 -i 1000 --setting "rel=$REL && echo 1000 > $RATE && if [ -e $T/killed ]; then touch $T/marker; fi" \
	--setting "noa=$NOA && echo 1200 > $RATE" dhry2reg >"$T/out" 2>"$T/err" &
pid=$!
wait_log '^#### Round 3, setting' "$RES" 600 "SIGINT: round 3 never came"
touch "$T/killed"
kill -INT $pid
wait $pid
rc=$?
cat "$T/err"
[ $rc -eq 130 ] || die "SIGINT: exit $rc, want 130"
[ -e "$T/marker" ] || die "SIGINT: the baseline's command did not run after the signal"
opts | grep -q relatime || die "SIGINT: not restored: $(opts)"
grep -q 'Interrupted by signal' "$(report)" || die "SIGINT: report not marked interrupted"
no_strays

# Without root: exit 2 before anything runs.
if command -v setpriv >/dev/null 2>&1 && id nobody >/dev/null 2>&1; then
	U=$(mktemp -d /tmp/sysindex-e2e-set.XXXXXX)
	chmod 777 "$U"
	if setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups test -x "$ROOT/sysindex"; then
		setpriv --reuid=nobody --regid="$(id -g nobody)" --clear-groups "$ROOT/sysindex" \
			--results "$U/res" --testdir "$U" --setting "a=touch $U/ran" --setting "b=true" \
			dhry2reg >"$T/out" 2>"$T/err"
		rc=$?
		cat "$T/err"
		[ $rc -eq 2 ] || die "nobody: exit $rc, want 2"
		[ "$(wc -l <"$T/err")" -eq 1 ] || die "nobody: not one line"
		grep -q "^sysindex: --setting needs root" "$T/err" || die "nobody: message"
		[ ! -e "$U/ran" ] && [ ! -e "$U/res" ] || die "nobody: something ran or was written"
	else
		note "nobody cannot execute $ROOT/sysindex: unprivileged part not run"
	fi
	rm -rf "$U"
else
	note "no setpriv or no user nobody: unprivileged part not run"
fi

# --redact: the commands name the test dir; every file shows a placeholder.
si -i 1 --redact --setting "rel=$REL && echo 1000 > $RATE" --setting "noa=$NOA && echo 1200 > $RATE" dhry2reg
[ $rc -eq 0 ] || die "redact: exit $rc"
r=$(report)
grep -q "Setting noa: \`mount -o remount,noatime <testdir-1> && echo 1200 > " "$r" || die "redact: command"
for f in "$r" "$r.log" "$r.json" "$r.md" "$r.html"; do
	grep -q "$M" "$f" && die "redact: $f names the test dir"
done
opts | grep -q relatime || die "redact: not restored"
