# Paired mode's sliced disk samples: a disk program given several -d runs
# its loop in slices alternating across the directories, with a COUNT and
# TIME per directory (by hand: a bad -d or -f is a usage error, a missing
# directory an ERROR naming it, nothing left behind); the driver runs ONE
# process per round for both directories on the file it laid out in each,
# and both get their samples, rounds and a comparison row.
# e2e: slow (30 s or more: tests/e2e/run.sh starts it first)
. tests/e2e/lib.sh
rc=0   # set by run_si
A=$T/a B=$T/b
mkdir -p "$A" "$B"

# By hand: usage errors, one line, exit 2.
P=$ROOT/pgms/randread-4k-qd1
dsk() {
	"$P" "$@" >"$T/dout" 2>"$T/derr"
	drc=$?
}
dsk -t 1 -d "$A" -d "$B" -f "$A/f" -s 4M;  [ $drc -eq 2 ] || die "-f with a / and -d: exit $drc"
[ "$(wc -l <"$T/derr")" -eq 1 ] || die "usage: not one line"
grep -q "^usage: randread-4k-qd1 .* -d <dir> -d <dir> \.\.\. -f <name>" "$T/derr" || die "usage text: $(cat "$T/derr")"
dsk -t 1 -d "$A" -d "$A" -f f -s 4M;       [ $drc -eq 2 ] || die "the same -d twice: exit $drc"
dsk -t 1 -d "$A" -d "" -f f -s 4M;         [ $drc -eq 2 ] || die "an empty -d: exit $drc"
dsk -t 1 -d "$A" -d "$B" -f f -S 0 -s 4M;  [ $drc -eq 2 ] || die "-S 0: exit $drc"
dsk -t 1 -f "$A/f" -S 100 -s 4M;           [ $drc -eq 2 ] || die "-S without -d: exit $drc"
"$ROOT/pgms/disk-layout" -d "$A" -f f -s 4M 2>"$T/derr"
[ $? -eq 2 ] || die "disk-layout accepted -d"
dsk -t 1 -d "$A" -d "$T/missing" -f f -s 4M
[ $drc -eq 1 ] || die "a missing dir: exit $drc, want 1"
grep -q "^ERROR|$T/missing/f: " "$T/derr" || die "missing dir message: $(cat "$T/derr")"
[ -z "$(ls -A "$A")" ] || die "files left in $A after a failure"

# A good sliced sample by hand for a reader, a writer and randrw: 4 slices
# of 250 ms a directory at -t 1, one COUNT and TIME per directory, no
# METRIC (the driver would give it to both), nothing left behind.
for p in randread-4k-qd1 seqwrite-dsync randrw-4k-qd64; do
	"$ROOT/pgms/$p" -t 1 -d "$A" -d "$B" -f f -s 4M >"$T/dout" 2>"$T/derr" ||
		die "$p -d A -d B: $(cat "$T/derr")"
	for i in 0 1; do
		grep -Eq "^COUNT\|[0-9]+\.[0-9]{3}\|0\|(IOPS|MB/s)\|$i\$" "$T/derr" || die "$p: no COUNT for dir $i"
		grep -Eq "^TIME\|1\.[0-9]+\|$i\$" "$T/derr" || die "$p: no TIME of at least 1 s for dir $i"
		grep -Eq "^$p $i: .*/f: 4 slices of 250 ms, the longest" "$T/dout" || die "$p: slice chatter $i"
	done
	! grep -q "^METRIC|" "$T/derr" || die "$p: METRIC lines in a sliced sample"
	[ -z "$(ls -A "$A")$(ls -A "$B")" ] || die "$p left files"
done
# Each directory's NOTE is its own (NOTE|text|i): a tmpfs directory is
# labelled, the disk one beside it is not.
S=/dev/shm/sysindex-e2e-dsk-$$
if [ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] && mkdir "$S" 2>/dev/null; then
	"$ROOT/pgms/randread-4k-qd1" -t 1 -d "$A" -d "$S" -f f -s 4M >"$T/dout" 2>"$T/derr"
	drc=$?
	rm -rf "$S"
	[ $drc -eq 0 ] || die "randread on $A and tmpfs: $(cat "$T/derr")"
	grep -Eq '^NOTE\|(buffered, )?tmpfs\|1$' "$T/derr" || die "no tmpfs NOTE for dir 1: $(cat "$T/derr")"
	! grep -q '^NOTE|.*|0$' "$T/derr" || [ "$(stat -f -c %T "$A")" = tmpfs ] ||
		die "a NOTE for the disk dir 0"
	! grep -Eq '^NOTE\|[^|]*$' "$T/derr" || die "a plain NOTE in a sliced sample"
fi
"$ROOT/pgms/fsync-4k" -t 1 -S 100 -d "$A" -d "$B" -f f -s 4M >"$T/dout" 2>"$T/derr" || die "fsync-4k -S 100"
grep -Eq "^fsync-4k 1: .* 10 slices of 100 ms" "$T/dout" || die "-S 100: $(cat "$T/dout")"

# The driver: one process per round for both directories.
rm -rf "$RES"/*
run_si --quick -c 1 --disk-size 32M --testdir "a=$A" --testdir "b=$B" randread-4k-qd1
[ $rc -eq 0 ] || die "paired run: exit $rc"
r=$(report)
expect_files "$r"
check_json "$r.json"
grep -q "^Paired comparison: 1 copy, baseline a, 2 test dirs" "$r" || die "paired block"
grep -Eq "^Random Read 4 KiB QD1  *b  .* 3  inconclusive: 3 rounds$" "$r" || die "no comparison row"
log=$r.log
[ "$(grep -c '^#### Round [123], test dirs [ab] [ab]: one process, sliced$' "$log")" -eq 3 ] ||
	die "want 3 sliced rounds in the log"
[ "$(grep -c '^==> .*/randread-4k-qd1 -t 2 -d .*/sysindex-[^ ]* -d .*/sysindex-[^ ]* -f disktest.dat -s 33554432$' "$log")" -eq 3 ] ||
	die "want 3 sliced commands with two -d"
grep -q '^#### Round 2, test dirs b a: one process' "$log" || die "round 2 is not B A"
! grep -q '^#### Round [0-9]*, test dir [0-9]' "$log" || die "a per-directory sample ran"
# Each directory's file was laid out once, before the rounds, not by them.
[ "$(grep -c '^==> laying out the disk test file' "$log")" -eq 2 ] || die "want one layout per dir"
! grep -q '^randread-4k-qd1: wrote ' "$log" || die "a sliced round laid out its own file"
if command -v python3 >/dev/null 2>&1; then
	python3 - "$r.json" <<'PY' || die "JSON pairing"
import json, sys
d = json.load(open(sys.argv[1]))
assert [x["label"] for x in d["runs"]] == ["a", "b"]
for run in d["runs"]:
    t = [t for t in run["tests"] if t["name"] == "randread-4k-qd1"][0]
    s = t["samples"]
    assert sorted(x["round"] for x in s) == [1, 2, 3], s
    assert all(x["label"] == run["label"] and x["rate"] > 0 for x in s), s
    for x in s:
        first = (x["round"] % 2 == 1) == (run["label"] == "a")
        assert x["place"] == (1 if first else 2), (run["label"], x)
    assert t["command"].count(" -d ") == 2, t["command"]
c = d["paired"]["comparisons"]
assert len(c) == 1 and c[0]["paired_rounds"] == 3, c
PY
fi
[ -z "$(ls -A "$A")" ] && [ -z "$(ls -A "$B")" ] || die "files left in the test dirs"
no_strays
echo "ok"
