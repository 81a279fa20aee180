# Paired mode: two --testdir values (two tmpfs mounts as root, two folders
# otherwise) in --quick mode: bad input refused before anything runs; the
# report has one block per directory with its mount and a Paired comparison
# block; every result file carries the pairing (JSON samples with label and
# round, CSV label and round columns); compare shows the run's comparison;
# a test that cannot run in one directory is skipped there only; Ctrl-C
# cleans every directory.
# e2e: slow (30 s or more: tests/e2e/run.sh starts it first)
. tests/e2e/lib.sh
A=$T/a B=$T/b
mkdir -p "$A" "$B"
MOUNTED=
if [ "$(id -u)" = 0 ] &&
   mount -t tmpfs -o size=128m,relatime sysindex-e2e-a "$A" 2>/dev/null; then
	if mount -t tmpfs -o size=128m,noatime sysindex-e2e-b "$B" 2>/dev/null; then
		MOUNTED=1
	else
		umount "$A"
	fi
fi
umount_all() { [ -z "$MOUNTED" ] || umount "$A" "$B" 2>/dev/null; cleanup; }
trap umount_all EXIT

# bad ARG... -- MESSAGE: exit 2, one line naming the problem, nothing written.
bad() {
	msg=$1; shift
	rm -rf "$RES"/*
	run_si --quick -c 1 "$@" fsbuffer-w
	[ $rc -eq 2 ] || die "$*: exit $rc, want 2"
	[ "$(wc -l <"$T/err")" -eq 1 ] || die "$*: not one line on stderr"
	grep -q -- "$msg" "$T/err" || die "$*: message lacks '$msg'"
	[ -z "$(ls "$RES")" ] || die "$*: results written for a refused run"
	[ -z "$(ls -A "$A" "$B" | grep -v '^/\|^$')" ] || die "$*: files left in the test dirs"
}
bad "are the same directory" --testdir "$A" --testdir "$A/."
bad "does not exist" --testdir "$A" --testdir "$T/missing"
bad "empty label" --testdir "=$A" --testdir "$B"
bad "label 'x' given twice" --testdir "x=$A" --testdir "x=$B"
bad "only letters, digits" --testdir "a b=$A" --testdir "$B"
bad "needs two or more --testdir" --testdir "$A" --control
bad "--margin needs paired mode" --testdir "$A" --margin 2%
bad "from 0.01% to 49.99%" --testdir "$A" --testdir "$B" --margin 50
bad "from 0.01% to 49.99%" --testdir "$A" --testdir "$B" --margin 0
bad "finer than paired mode can see" --testdir "$A" --testdir "$B" --precision 0.5%
bad "--instance-sd needs paired mode" --testdir "$A" --instance-sd 0.5%
bad "from 0% to 10%" --testdir "$A" --testdir "$B" --instance-sd 11%

if [ -n "$MOUNTED" ]; then
	mount -o remount,ro "$B" || die "remount ro"
	bad "not writable" --testdir "$A" --testdir "$B"
	mount -o remount,rw "$B" || die "remount rw"
fi

# The paired run: a file test interleaved, Dhrystone as --control's A/A check.
rm -rf "$RES"/*
run_si --quick -c 1 --duration 1 --control --testdir "rel=$A" --testdir "$B" fsbuffer-w dhry2reg
[ $rc -eq 0 ] || die "paired run: exit $rc"
r=$(report)
expect_files "$r"
check_json "$r.json"
grep -q "^   Test dirs: rel (baseline), b; each block below shows its own" "$r" || die "header"
[ "$(grep -c '^Benchmark Run:' "$r")" -eq 2 ] || die "want one block per directory"
grep -q "^Test directory rel (the baseline)" "$r" || die "baseline block"
grep -q "^Test directory b\$" "$r" || die "second block"
grep -q "^Test dir: $A\$" "$r" && grep -q "^Test dir: $B\$" "$r" || die "mount block per directory"
if [ -n "$MOUNTED" ]; then
	grep -q "^          options: .*noatime" "$r" || die "b's mount options"
	grep -q "^          mount: $A (tmpfs) from sysindex-e2e-a" "$r" || die "a's mount"
fi
grep -q "^Paired comparison: 1 copy, baseline rel, 2 test dirs" "$r" || die "paired block"
row=$(grep "^File Write 256 bufsize 500 maxblocks  *b  " "$r") || die "comparison row"
echo "$row" | grep -Eq " [+-][0-9.]+% +[+-][0-9.]+%\.\.[+-][0-9.]+% +\+-[0-9.]+% +3  inconclusive: 3 rounds$" ||
	die "comparison row shape: $row"
# The instance term: assumed (measured elsewhere), the rounds-alone interval beside each
# directory row, none on the control row.
grep -A1 "^File Write 256 bufsize 500 maxblocks  *b  " "$r" | grep -Eq "^ +\(rounds alone: [+-][0-9.]+%\.\.[+-][0-9.]+%\)$" ||
	die "rounds-alone interval under the row"
grep -q "^Every interval adds 0.3 % (SD)" "$r" || die "instance note"
grep -q "^Control rows (tests that do not use the directory) add no term." "$r" || die "control note"
grep -q "^Control (A/A" "$r" || die "control table"
grep -q "^Dhrystone 2 using register variables  *b  .*  3  " "$r" || die "control row"
grep -q "^Noise floor: +-" "$r" || die "noise floor"
grep -q "^--quick: 3 rounds of short samples: a first look, too few rounds for a verdict" "$r" || die "quick note"
grep -q "^## Paired comparison: 1 copy, baseline rel" "$r.md" || die "md block"
grep -q "Paired comparison: 1 copy, baseline rel" "$r.html" || die "html block"
head -n 1 "$r.csv" | grep -q ",label,round,run_status\$" || die "csv header"
# 2 tests x 2 dirs x 3 rounds, each labelled.
[ "$(grep -c ',rel,[123],complete$' "$r.csv")" -eq 6 ] || die "csv rows of rel"
[ "$(grep -c ',b,[123],complete$' "$r.csv")" -eq 6 ] || die "csv rows of b"
if command -v python3 >/dev/null 2>&1; then
	python3 - "$r.json" <<'PY' || die "JSON pairing"
import json, sys
d = json.load(open(sys.argv[1]))
p = d["paired"]
assert p["baseline"] == "rel" and p["control"] is True, p
assert [x["label"] for x in p["dirs"]] == ["rel", "b"], p["dirs"]
assert len(d["runs"]) == 2 and [x["label"] for x in d["runs"]] == ["rel", "b"]
for run in d["runs"]:
    for t in run["tests"]:
        rounds = sorted(s["round"] for s in t["samples"])
        assert rounds == [1, 2, 3], (t["name"], rounds)
        assert all(s["label"] == run["label"] for s in t["samples"])
# Each round measures both dirs, one first and one second, A B / B A.
places = {}
for run in d["runs"]:
    for t in run["tests"]:
        for s in t["samples"]:
            places.setdefault((t["name"], s["round"]), {})[run["label"]] = s["place"]
for (name, rnd), pl in places.items():
    assert sorted(pl.values()) == [1, 2], (name, rnd, pl)
    assert pl["rel"] == (1 if rnd % 2 else 2), (name, rnd, pl)
c = p["comparisons"]
assert len(c) == 2 and {x["test"] for x in c} == {"fsbuffer-w", "dhry2reg"}, c
for x in c:
    assert x["label"] == "b" and x["paired_rounds"] == 3, x
    assert x["verdict"] == "inconclusive", x
    assert x["verdict_text"] == "inconclusive: 3 rounds", x
    assert x["ci95"]["lo"] <= x["ratio"] <= x["ci95"]["hi"], x
    assert x["detectable_change_percent"] > 0, x
    # 3 rounds: too few for the order-adjusted fit
    assert x["order_adjusted"] is False and x["place_change_percent"] is None, x
assert [x["control"] for x in c if x["test"] == "dhry2reg"] == [True]
assert p["instance_sd_percent"] == 0.3 and p["instance_sd_source"].startswith("measured"), p
for x in c:
    assert x["instance_sd_log"] == (0 if x["control"] else 0.003), x
assert p["noise_floor"][0]["control_rows"] == 1
PY
fi
[ -z "$(ls -A "$A")" ] && [ -z "$(ls -A "$B")" ] || die "files left in the test dirs"
if command -v gnuplot >/dev/null 2>&1; then
	[ -s "$r-paired.svg" ] || die "no paired chart"
fi

# compare: the run's own comparison; with another file, one input per directory.
"$ROOT/Run" compare "$r" >"$T/cmp" 2>&1 || { cat "$T/cmp"; die "compare of a paired run"; }
cat "$T/cmp"
grep -q "a paired run (2 test dirs: rel, b)" "$T/cmp" || die "compare header"
grep -q "^File Write 256 bufsize 500 maxblocks  *b  " "$T/cmp" || die "compare row"
# One table (report/paired_table.c): each line of compare's paired table is
# one of the run's own block, cell for cell.
sed -n '/^Paired comparison/,/^change:/p' "$T/cmp" | grep -v -e '^Paired comparison' -e '^change:' -e '^$' >"$T/cmprows"
[ "$(wc -l <"$T/cmprows")" -ge 3 ] || die "compare printed no paired rows"
grep -vxFf "$r" "$T/cmprows" && die "compare's paired rows differ from the run's"
"$ROOT/Run" compare "$r" "$r" >"$T/cmp2" 2>&1 || { cat "$T/cmp2"; die "compare of two paired runs"; }
grep -q "$(basename "$r"):b" "$T/cmp2" || die "inputs per directory"
# A report's strings are hostile: a baseline label edited to hold markup
# and a '|' stays one escaped cell in the comparison's Markdown.
sed 's/\brel\b/r|<i>*l/g' "$r" >"$T/hostile"
"$ROOT/Run" compare --format md "$T/hostile" >"$T/cmpmd" 2>&1 || { cat "$T/cmpmd"; die "compare --format md of a paired run"; }
grep -qF '| r\|\<i\>\*l |' "$T/cmpmd" || { cat "$T/cmpmd"; die "the label is not one escaped cell"; }
grep -q '\(^\|[^\\]\)[<>]' "$T/cmpmd" && die "raw HTML in the paired comparison's Markdown"

# A per-test limitation (as O_DIRECT where a file system has none): a
# program that says SKIP in one directory skips the test there only; the
# other directory's samples still count and the comparison says why.
# (--compat 5.1.3: a process per directory, as the unsliced tests run.)
wrap_prog fstime <<SH
case "\$*" in *"$B"*) echo "SKIP|no such feature on this file system" >&2; exit 3 ;; esac
SH
run_driver --quick -c 1 --duration 1 --compat 5.1.3 --testdir "good=$A" --testdir "bad=$B" fsbuffer-w
[ $rc -eq 0 ] || die "a skip in one directory: exit $rc, want 0"
r=$(report)
[ "$(grep -c '^File Write 256 bufsize 500 maxblocks  *SKIPPED .*no such feature' "$r")" -eq 1 ] ||
	die "want the test skipped in one directory, with the reason"
grep -q "^File Write 256 bufsize 500 maxblocks  *[0-9]" "$r" || die "the good side did not run"
grep -q "not compared: SKIPPED bad" "$r" || die "skip not in the comparison"
grep -q "(no such feature on this file system)" "$r" || die "reason not under the row"
[ -z "$(ls -A "$A")" ] && [ -z "$(ls -A "$B")" ] || die "files left after a skip"

# Ctrl-C mid-run: both directories cleaned, the report marked interrupted.
rm -rf "$RES"/*
"$ROOT/Run" --results "$RES" -q -c 1 --settle 0 --duration 3 -i 3 --testdir "$A" --testdir "$B" fsbuffer-w >"$T/out" 2>"$T/err" &
pid=$!
wait_log '^#### Round 2' "$RES" 600 "paired run never reached round 2"
kill -INT $pid
wait $pid
rc=$?
[ $rc -eq 130 ] || die "SIGINT: exit $rc, want 130"
r=$(report)
grep -q 'Interrupted by signal' "$r" || die "not marked interrupted"
check_json "$r.json"
[ -z "$(ls -A "$A")" ] && [ -z "$(ls -A "$B")" ] || die "SIGINT: scratch left: $(ls -A "$A" "$B")"
no_strays
echo "ok"
