# compare --fail-on fails closed (issue 50, item 5): it exits 2, not 0,
# when an input is interrupted (a record's run.interrupted, a text report's
# "Interrupted by signal" line, a UnixBench report without results read
# from its .log), when a compared row measured nothing on one side (FAILED
# or NOT RUN: a run that measured nothing passed the gate), or when no row
# was measured on both sides; the table is still printed.  Without
# --fail-on the same inputs compare as before (exit 0).  A FIFO, a
# directory or a device given to compare is refused in one line (a FIFO
# hung it).
. tests/e2e/lib.sh
R=$ROOT/tests/data/reports
J=$ROOT/tests/data/records/quick.json
gate() {
	"$ROOT/Run" compare "$@" >"$T/out" 2>"$T/err"
	rc=$?
}
closed() {   # closed WHAT REASON ARGS...: exit 2, the table, the reason named
	what=$1 why=$2
	shift 2
	gate --fail-on slower "$@"
	[ $rc -eq 2 ] || { cat "$T/err"; die "$what: exit $rc, want 2"; }
	grep -q -- "$why" "$T/err" || { cat "$T/err"; die "$what: the reason is not named"; }
	grep -q "^sysindex compare: --fail-on: the gate fails closed" "$T/err" ||
		{ cat "$T/err"; die "$what: no closing line"; }
	[ -s "$T/out" ] || die "$what: no table before the gate"
	gate "$@"
	[ $rc -eq 0 ] || { cat "$T/err"; die "$what without --fail-on: exit $rc, want 0"; }
}
# An A/A of two sound inputs stays open.
sed 's/1399000.0/1399100.0/' "$R/a" >"$T/a2"
gate --fail-on slower "$R/a" "$T/a2"
[ $rc -eq 0 ] || { cat "$T/err"; die "two sound single runs: exit $rc, want 0"; }
# A record whose run was interrupted.
sed 's/"interrupted": false,/"interrupted": true,/' "$J" \
	>"$T/int.json"
grep -q '"interrupted": true' "$T/int.json" || die "the fixture did not change"
cp "$J" "$T/ok.json"
closed "an interrupted record" "int.json: an interrupted run" "$T/ok.json" "$T/int.json"
# A text report that says it was interrupted.
sed '1a\
\
   *** Interrupted by signal 15: partial results ***' "$T/a2" >"$T/a-int"
closed "an interrupted report" "a-int: an interrupted run" "$R/a" "$T/a-int"
closed "an interrupted baseline" "a-int: an interrupted run" "$T/a-int" "$R/a"
# A UnixBench report without results, read from its log.
closed "a UnixBench run cut short" "ub513-aborted: an interrupted run" \
	"$R/ublog/ub513-a" "$R/ublog/ub513-aborted"
# Every test NOT RUN or FAILED: the run measured nothing.
awk '/^(Dhrystone|Double|Execl|Pipe|System Call) / && / lps | MWIPS / && !/BASELINE/ && \
	$0 !~ /[0-9]+\.[0-9] +[0-9]+\.[0-9] +[0-9]+\.[0-9]$/ {
	t = substr($0, 1, 43); sub(/ +$/, "", t)
	printf "%-43s NOT RUN %s   (interrupted)\n", t, ($0 ~ /MWIPS/ ? "MWIPS" : "lps"); next }
	/^System Benchmarks|^[A-Z].* [0-9.]+ +[0-9.]+ +[0-9.]+$|^ +=+$/ { next }
	{ print }' "$T/a2" | sed '/^Statistics/,/^$/d' >"$T/none"
grep -q "NOT RUN" "$T/none" || die "the NOT RUN fixture has no NOT RUN row"
closed "a run that measured nothing" "measured nothing on one side" "$R/a" "$T/none"
# One compared row FAILED in the other input.
closed "a FAILED row" "System Call Overhead, b: measured nothing on one side" "$R/a" "$R/b"
# An input that cannot be read: exit 2 before anything is printed.
gate --fail-on slower "$R/a" "$T/missing"
[ $rc -eq 2 ] && [ ! -s "$T/out" ] || die "a missing input: exit $rc, want 2 and no output"
printf 'copies,bad\n1,2\n' >"$T/bad.csv"
gate --fail-on slower "$R/a" "$T/bad.csv"
[ $rc -eq 2 ] && [ ! -s "$T/out" ] || { cat "$T/err"; die "an unreadable CSV: exit $rc, want 2"; }
# Non-regular files: one line, exit 2, no hang.
mkfifo "$T/fifo" || die "mkfifo"
timeout 10 "$ROOT/Run" compare "$R/a" "$T/fifo" >"$T/out" 2>"$T/err"
rc=$?
[ $rc -eq 2 ] || die "a FIFO: exit $rc, want 2 (124: it hung)"
[ "$(wc -l <"$T/err")" -eq 1 ] && grep -q "fifo: not a regular file (a FIFO)" "$T/err" ||
	{ cat "$T/err"; die "a FIFO: not one line"; }
[ -s "$T/out" ] && die "a FIFO: something on stdout"
for f in "$T" /dev/null; do
	timeout 10 "$ROOT/Run" compare "$R/a" "$f" >"$T/out" 2>"$T/err"
	rc=$?
	[ $rc -eq 2 ] && [ "$(wc -l <"$T/err")" -eq 1 ] && grep -q "not a regular file" "$T/err" ||
		{ cat "$T/err"; die "$f: exit $rc, or not one line"; }
done
echo "PASS"
