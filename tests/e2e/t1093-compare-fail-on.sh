# compare --fail-on slower[=P], the gate for CI (issue 40): exit 1 when a
# row is judged slower by the verdict rule, 0 on an A/A and when P is above
# the change, 2 with one line for a bad value.  Single runs are never judged
# (issue 38), so each side is five runs pooled by --group-by label: reports
# a and b with Pipe Throughput scattered +-0.4 % from run to run, b's about
# 5 % slower.  Also: compare warns when two reports' host state differs (CPU
# frequency governor), and the same between two JSON records (their
# host_state and cpu_limits).
. tests/e2e/lib.sh
R=$ROOT/tests/data/reports
gate() {
	"$ROOT/Run" compare "$@" >"$T/out" 2>"$T/err"
	rc=$?
}
# runs NAME FILE FIGURE FACTOR...: one copy of FILE per factor, its Pipe
# Throughput FIGURE scaled by it; LABELS gets "--label NAME" for each.  b's
# FAILED row goes (a row measured on one side only fails the gate closed:
# t2100).
runs() {
	name=$1 file=$2 fig=$3
	shift 3
	k=0
	for f in "$@"; do
		k=$((k + 1))
		v=$(awk -v f="$f" -v x="$fig" 'BEGIN { printf "%.1f", x * f }')
		sed -e "s/$fig/$v/g" -e '/ FAILED /d' "$file" >"$T/$name$k" || die "runs: $name$k"
		LABELS="$LABELS --label $name"
		FILES="$FILES $T/$name$k"
	done
}
LABELS="" FILES=""
runs a "$R/a" 1399000.0 0.996 1.002 0.999 1.004 0.998
runs b "$R/b" 1329000.0 1.004 0.998 1.001 0.996 1.002
AB="--group-by label $LABELS $FILES"
LABELS="" FILES=""
runs a "$R/a" 1399000.0 0.996 1.002 0.999 1.004 0.998
runs c "$R/a" 1399000.0 1.002 0.996 1.004 0.998 0.999
AA="--group-by label $LABELS $FILES"
# shellcheck disable=SC2086 # the lists split on purpose
{
gate --fail-on slower $AB
[ $rc -eq 1 ] || { cat "$T/err"; die "a known slower row: exit $rc, want 1"; }
grep -q "^sysindex compare: --fail-on: Pipe Throughput (1 copy), b: slower, -4.97 %" "$T/err" ||
	{ cat "$T/err"; die "the slower row is not named"; }
grep -q "^Pipe Throughput" "$T/out" || die "the table was not printed before the gate"
gate --fail-on slower=2% $AB
[ $rc -eq 1 ] || die "slower by 5 % against a 2 % margin: exit $rc, want 1"
gate --fail-on slower=6% $AB
[ $rc -eq 0 ] || die "slower by 4.97 %, margin 6 %: exit $rc, want 0"
gate --fail-on slower $AA
[ $rc -eq 0 ] || { cat "$T/err"; die "A/A: exit $rc, want 0"; }
grep -q "fail-on" "$T/err" && die "A/A: the gate spoke"
gate $AB
[ $rc -eq 0 ] || die "without --fail-on: exit $rc, want 0"
# Five identical runs a side (no spread between runs): b's -5 % is no
# verdict, and the row says why; the gate stays open (issue 37).
LABELS="" FILES=""
runs a "$R/a" 1399000.0 1 1 1 1 1
runs b "$R/b" 1329000.0 1 1 1 1 1
gate --fail-on slower --long --group-by label $LABELS $FILES
[ $rc -eq 0 ] || { cat "$T/err"; die "no spread: exit $rc, want 0"; }
grep -q "^Pipe Throughput  *1  b .*-5.00% .*inconclusive: no spread between runs$" "$T/out" ||
	{ cat "$T/out"; die "no spread: a verdict, or no reason"; }
grep -Eq "^(Dhrystone|Double|Execl|Pipe) .* (faster|slower|equivalent.*)$" "$T/out" &&
	{ cat "$T/out"; die "no spread: a verdict"; }
# Single runs: nothing judged, so the gate never closes on them (b, whose
# System Call Overhead FAILED, fails closed: t2100).
gate --fail-on slower "$R/a" "$T/c1"
[ $rc -eq 0 ] || { cat "$T/err"; die "single runs: exit $rc, want 0"; }
}
for bad in faster slower= slower=x slower=0 slower=100% "slower=2%x"; do
	gate --fail-on "$bad" "$R/a" "$R/b"
	[ $rc -eq 2 ] || die "--fail-on '$bad': exit $rc, want 2"
	[ "$(wc -l <"$T/err")" -eq 1 ] || { cat "$T/err"; die "--fail-on '$bad': not one line"; }
	[ -s "$T/out" ] && die "--fail-on '$bad': something on stdout"
done
gate "$R/state-a" "$R/state-b"
grep -q "^sysindex compare: warning: host state differs: CPU frequency governor: state-b: powersave; state-a: performance" "$T/err" ||
	{ cat "$T/err"; die "no warning on the governor"; }
grep -q "Transparent huge pages" "$T/err" && die "a warning on an equal row"
# Two records of one run whose host state and CPU limits differ.
J=$ROOT/tests/data/records/quick.json
state() {
	sed '2a\
  "host_state": {"governor": "'"$1"'", "smt": "on", "boost": null},\
  "cpu_limits": {"summary": "x", "online": 4, "affinity": null, "cpuset": null, "cpuset_cpus": null, "quota_cpus": '"$2"', "usable": 2, "limited_by": "cpu.max quota", "default_copies": true, "copies_why": "x"},' "$J" >"$T/$3.json"
}
state performance 2 rec-a
state powersave 1.5 rec-b
gate "$T/rec-a.json" "$T/rec-b.json"
[ $rc -eq 0 ] || { cat "$T/err"; die "two records: exit $rc"; }
grep -q "^sysindex compare: warning: host state differs: CPU frequency governor: rec-b: powersave; rec-a: performance" "$T/err" ||
	{ cat "$T/err"; die "records: no warning on the governor"; }
grep -q "^sysindex compare: warning: host state differs: CPU limits: " "$T/err" ||
	{ cat "$T/err"; die "records: no warning on the CPU limits"; }
grep -q "host state differs: SMT" "$T/err" && die "records: a warning on an equal row"
echo "PASS"
