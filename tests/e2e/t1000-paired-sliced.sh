# Paired mode's sliced samples: the nine file tests (copy, read, write)
# run ONE fstime per round for both directories (two tmpfs mounts as root,
# two folders otherwise), each directory's result taken from that process;
# the report's Paired comparison block, the JSON's labels, rounds and
# places, and the log's one command per round show it.  With -c 2 every
# copy measures both.  fstime's own multi-directory errors: one line each.
# e2e: slow (30 s or more: tests/e2e/run.sh starts it first)
. tests/e2e/lib.sh
A=$T/a B=$T/b
mkdir -p "$A" "$B"
MOUNTED=
if [ "$(id -u)" = 0 ] &&
   mount -t tmpfs -o size=128m "sysindex-e2e-sl-a-$$" "$A" 2>/dev/null; then
	if mount -t tmpfs -o size=128m "sysindex-e2e-sl-b-$$" "$B" 2>/dev/null; then
		MOUNTED=1
	else
		umount "$A"
	fi
fi
umount_all() { [ -z "$MOUNTED" ] || umount "$A" "$B" 2>/dev/null; cleanup; }
trap umount_all EXIT

# fstime's usage with several -d: exit 2, one line; a missing dir: one ERROR.
F=$ROOT/pgms/fstime
fst() {
	"$F" "$@" >"$T/fout" 2>"$T/ferr"
	frc=$?
	[ "$(wc -l <"$T/ferr")" -eq 1 ] || { cat "$T/ferr"; die "fstime $*: not one line"; }
}
fst -c -t 1 -s 0 -d "$A" -d "$B" -q 0;    [ $frc -eq 2 ] || die "-q 0: exit $frc"
fst -c -t 1 -s 0 -d "$A" -d "$B" -q 1001; [ $frc -eq 2 ] || die "-q 1001: exit $frc"
fst -c -t 1 -s 0 -d "$A" -d "$B" -q x;    [ $frc -eq 2 ] || die "-q x: exit $frc"
fst -c -t 1 -s 0 -d "$A" -d "$B" -p 0;    [ $frc -eq 2 ] || die "-p 0: exit $frc"
fst -c -t 1 -s 0 -d "$A" -d "$B" -z 1025; [ $frc -eq 2 ] || die "-z 1025: exit $frc"
fst -c -t 1 -s 0 -d "$A" -d "$B" -z -1;   [ $frc -eq 2 ] || die "-z -1: exit $frc"
fst -c -t 1 -s 0 -d "$A" -d "";           [ $frc -eq 2 ] || die "an empty -d: exit $frc"
grep -q "^usage: fstime .*several -d: one sliced sample for each" "$T/ferr" || die "usage text"
fst -c -t 1 -s 0 -p 50 -d "$A" -d "$T/missing"
[ $frc -eq 1 ] || die "a missing dir: exit $frc, want 1"
grep -q "^ERROR|$T/missing: create dummy0: No such file" "$T/ferr" || die "missing dir message"
[ -z "$(ls -A "$A")" ] || die "fstime left files in $A"
# A good sliced sample by hand: one COUNT and TIME per directory.
"$F" -c -t 1 -s 0 -p 50 -b 1024 -m 500 -d "$A" -d "$B" >"$T/fout" 2>"$T/ferr" || die "fstime -d A -d B"
cat "$T/fout" "$T/ferr"
for i in 0 1; do
	grep -Eq "^COUNT\|[1-9][0-9]*\|0\|KBps\|$i\$" "$T/ferr" || die "no COUNT for dir $i"
	grep -Eq "^TIME\|1\.[0-9]+\|$i\$" "$T/ferr" || die "no TIME of at least 1 s for dir $i"
done
grep -q "^Copy 1: [0-9]* slices of 20 ms" "$T/fout" || die "slice chatter"
# The sliced priming lays out dummy1 (512000 bytes: -m 500 KB), so no
# directory's copy starts on an empty target (fstime.c, write_buffer).
for i in 0 1; do
	grep -q "^Copy $i: dummy1 holds 512000 bytes before the copy" "$T/fout" ||
		die "dummy1 of dir $i not laid out before the copy"
done
grep -q "^Write 1 done: " "$T/fout" || die "no sliced priming write chatter"
# The placement spacer (fstime.c): a random 1..64 MiB by default, so that
# rounds do not keep their pages; -z sets it, -z 0 takes none.
grep -Eq "^Placement spacer: ([1-9]|[1-5][0-9]|6[0-4]) MiB\$" "$T/fout" || die "default spacer line"
"$F" -c -t 1 -s 0 -p 50 -b 1024 -m 500 -z 0 -d "$A" -d "$B" >"$T/fout" 2>"$T/ferr" || die "fstime -z 0"
grep -q "^Placement spacer: 0 MiB\$" "$T/fout" || die "-z 0 line"
"$F" -c -t 1 -s 0 -p 50 -b 1024 -m 500 -z 3 -d "$A" -d "$B" >"$T/fout" 2>"$T/ferr" || die "fstime -z 3"
grep -q "^Placement spacer: 3 MiB\$" "$T/fout" || die "-z 3 line"
[ "$(grep -c '^COUNT|' "$T/ferr")" -eq 2 ] || die "-z 3: not two COUNT lines"
# Random: ten default rounds do not all take the same size.
for i in 1 2 3 4 5 6 7 8 9 10; do
	"$F" -c -t 1 -s 0 -p 10 -b 1024 -m 100 -d "$A" -d "$B" 2>/dev/null | sed -n 's/^Placement spacer: //p'
done | sort -u >"$T/sizes"
[ "$(wc -l <"$T/sizes")" -gt 1 ] || die "ten rounds took one spacer size: $(cat "$T/sizes")"
# The read and the write slice too (their single-directory phases: the
# read after a priming write, the write alone), a COUNT and TIME per dir.
for m in -r -w; do
	"$F" $m -t 1 -s 0 -p 50 -b 1024 -m 500 -z 0 -d "$A" -d "$B" >"$T/fout" 2>"$T/ferr" ||
		die "fstime $m -d A -d B"
	for i in 0 1; do
		grep -Eq "^COUNT\|[1-9][0-9]*\|0\|KBps\|$i\$" "$T/ferr" || die "$m: no COUNT for dir $i"
		grep -Eq "^TIME\|1\.[0-9]+\|$i\$" "$T/ferr" || die "$m: no TIME for dir $i"
	done
done
grep -q "^Write 1: [0-9]* slices of 20 ms" "$T/fout" || die "-w: slice chatter"
grep -q "^Copy" "$T/fout" && die "-w: a copy phase"
[ -z "$(ls -A "$A")$(ls -A "$B")" ] || die "fstime -r/-w left files"

rm -rf "$RES"/*
run_si --quick -c 1 --duration 1 --testdir "a=$A" --testdir "b=$B" fstime fsbuffer fsdisk
[ $rc -eq 0 ] || die "paired run: exit $rc"
r=$(report)
expect_files "$r"
check_json "$r.json"
grep -q "^Paired comparison: 1 copy, baseline a, 2 test dirs" "$r" || die "paired block"
# The block opens with b's partial score ratio over the three index tests:
# 3 rounds are below the minimum, so it has no verdict either.
sed -n '/^Paired comparison: 1 copy/{n;p;}' "$r" |
	grep -Eq "^Partial score ratio b / a: [+-][0-9.]+%, 95% CI [+-][0-9.]+%\.\.[+-][0-9.]+% \(3 index tests, 3 rounds\): inconclusive: 3 rounds\$" ||
	die "partial score ratio line: $(grep '^Partial score' "$r")"
grep -q '"partial_score_ratios": \[' "$r.json" || die "JSON partial score ratios"
for t in "File Copy 1024 bufsize 2000 maxblocks" "File Copy 256 bufsize 500 maxblocks" \
	 "File Copy 4096 bufsize 8000 maxblocks"; do
	row=$(grep "^$t  *b  " "$r") || die "no comparison row for $t"
	echo "$row" | grep -Eq " [+-][0-9.]+% +[+-][0-9.]+%\.\.[+-][0-9.]+% +\+-[0-9.]+% +3  inconclusive: 3 rounds$" ||
		die "comparison row shape: $row"
done
log=$r.log
# One process per round: 3 tests x 3 rounds, each naming both scratch dirs.
[ "$(grep -c '^#### Round [123], test dirs [ab] [ab]: one process, sliced$' "$log")" -eq 9 ] ||
	die "want 9 sliced rounds in the log"
[ "$(grep -c '^==> .*/fstime -c -t 1 -d .*/sysindex-[^ ]* -d .*/sysindex-[^ ]* .*-p 250 -q 20$' "$log")" -eq 9 ] ||
	die "want 9 sliced commands with two -d"
[ "$(grep -c '^# copy 0: status 0' "$log")" -eq 9 ] || die "want one process per round"
! grep -q '^#### Round [0-9]*, test dir [0-9]' "$log" || die "a per-directory sample ran"
grep -q '^#### Round 2, test dirs b a: one process' "$log" || die "round 2 is not B A"
if command -v python3 >/dev/null 2>&1; then
	python3 - "$r.json" <<'PY' || die "JSON pairing"
import json, sys
d = json.load(open(sys.argv[1]))
assert [x["label"] for x in d["runs"]] == ["a", "b"]
names = set()
for run in d["runs"]:
    for t in run["tests"]:
        names.add(t["name"])
        s = t["samples"]
        assert sorted(x["round"] for x in s) == [1, 2, 3], (t["name"], s)
        assert all(x["label"] == run["label"] and x["rate"] > 0 for x in s), s
        # Its place in the round's one command: a first in odd rounds.
        for x in s:
            first = (x["round"] % 2 == 1) == (run["label"] == "a")
            assert x["place"] == (1 if first else 2), (run["label"], x)
        assert " -d " in t["command"] and t["command"].count(" -d ") == 2, t["command"]
assert names == {"fstime", "fsbuffer", "fsdisk"}, names
c = d["paired"]["comparisons"]
assert len(c) == 3 and all(x["paired_rounds"] == 3 for x in c), c
PY
fi
[ -z "$(ls -A "$A")" ] && [ -z "$(ls -A "$B")" ] || die "files left in the test dirs"

# -c 2: both copies run the sliced program; each directory sums its copies.
rm -rf "$RES"/*
run_si --quick -c 2 --duration 1 --testdir "a=$A" --testdir "b=$B" fsbuffer
[ $rc -eq 0 ] || die "paired -c 2: exit $rc"
r=$(report)
grep -q "^Paired comparison: 2 copies, baseline a" "$r" || die "2-copy paired block"
[ "$(grep -c '^# copy 1: status 0' "$r.log")" -eq 3 ] || die "want 2 copies in each of 3 rounds"
[ "$(grep -c '^COUNT|[0-9]*|0|KBps|1$' "$r.log")" -eq 6 ] || die "want dir 1's COUNT from each copy"
[ -z "$(ls -A "$A")" ] && [ -z "$(ls -A "$B")" ] || die "files left after -c 2"
# --interleave samples: whole samples in turn, a process per directory, and
# the Mode line says so.
rm -rf "$RES"/*
run_si --quick -c 1 --duration 1 --interleave samples --testdir "a=$A" --testdir "b=$B" fsbuffer
[ $rc -eq 0 ] || die "--interleave samples: exit $rc"
r=$(report)
grep -q '^   Mode: .*paired: 2 test dirs, whole samples (not sliced)' "$r" || die "Mode line"
[ "$(grep -c '^#### Round .*one process, sliced' "$r.log")" -eq 0 ] || die "sliced despite --interleave samples"
[ "$(grep -c '^# copy 0: status 0' "$r.log")" -eq 6 ] || die "want a process per directory in each of 3 rounds"
[ -z "$(ls -A "$A")" ] && [ -z "$(ls -A "$B")" ] || die "files left after --interleave samples"
# A round whose one process fails (a full disk in B) fails the test in both
# directories, with the message; the run goes on to the next test (the
# sliced write, which the stand-in lets through).
wrap_prog fstime <<SH
case "\$*" in "-c "*" -d "*" -d "*) echo "ERROR|$B/x: write: No space left on device" >&2; exit 1 ;; esac
SH
run_driver --quick -c 1 --duration 1 --testdir "a=$A" --testdir "b=$B" fsbuffer fsbuffer-w
[ $rc -eq 1 ] || die "a failed round: exit $rc, want 1 (a test failed)"
r=$(report)
[ "$(grep -c '^File Copy 256 bufsize 500 maxblocks  *FAILED .*No space left on device' "$r")" -eq 2 ] ||
	die "want fsbuffer failed in both directories, with the reason"
[ "$(grep -c '^File Write 256 bufsize 500 maxblocks  *[0-9.]* KBps  (' "$r")" -eq 2 ] || die "the next test did not run"
# One sliced round of the copy (it failed), then the write's three.
[ "$(grep -c '^#### Round .*one process, sliced' "$r.log")" -eq 4 ] || die "want 1 failed sliced round, then 3"
[ "$(grep -c '^#### Round [123], test dir [12] ' "$r.log")" -eq 0 ] || die "a per-directory sample of a sliced test"
[ -z "$(ls -A "$A")" ] && [ -z "$(ls -A "$B")" ] || die "files left after a failed round"
no_strays

# The shell tests slice too: one looper per round runs multi.sh in the
# directories in turn (A B B A ...), a COUNT and TIME per directory; a bad
# -d is a usage error, a missing one an ERROR naming it.
L=$ROOT/pgms/looper
(cd "$T" && "$L" -d "$A" -d "$B" 1 /bin/sh -c 'pwd >>"$0/where"' "$T") >"$T/lout" 2>"$T/lerr" ||
	die "looper -d A -d B: $(cat "$T/lerr")"
for i in 0 1; do
	grep -Eq "^COUNT\|[1-9][0-9]*\|60\|lpm\|$i\$" "$T/lerr" || die "looper: no COUNT for dir $i"
	grep -Eq "^TIME\|[0-9.]+\|$i\$" "$T/lerr" || die "looper: no TIME for dir $i"
done
[ "$(sed -n 1p "$T/where")" = "$A" ] && [ "$(sed -n 2p "$T/where")" = "$B" ] &&
	[ "$(sed -n 3p "$T/where")" = "$B" ] && [ "$(sed -n 4p "$T/where")" = "$A" ] ||
	die "looper: not A B B A: $(head -4 "$T/where" | tr '\n' ' ')"
"$L" -d "$A" -d "" 1 /bin/true 2>"$T/lerr"; [ $? -eq 2 ] || die "looper -d '': not a usage error"
"$L" -d "$T/missing" -d "$B" 1 /bin/true 2>"$T/lerr"
grep -q "^ERROR|$T/missing: cannot enter the directory" "$T/lerr" || die "looper missing dir: $(cat "$T/lerr")"
rm -rf "$RES"/*
run_si --quick -c 1 --duration 1 --testdir "a=$A" --testdir "b=$B" shell1
[ $rc -eq 0 ] || die "paired shell1: exit $rc"
r=$(report)
[ "$(grep -c '^#### Round .*one process, sliced' "$r.log")" -eq 3 ] || die "shell1 not sliced"
grep -q "^Shell Scripts (1 concurrent)  *b  " "$r" || die "no shell1 comparison row"
[ -z "$(ls -A "$A")" ] && [ -z "$(ls -A "$B")" ] || die "files left after the shell test"
echo "ok"
