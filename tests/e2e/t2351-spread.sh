# ./Run spread (issue 52): N complete runs spaced over time, each with its
# own files in one folder, labelled with the folder's name so that compare
# --group-by label pools each spread with no hand labelling; after the last
# run the pool's summary and no state left.  A stand-in Dhrystone runs at a
# set speed.  Also: --status and --cancel of a spread waiting for its next
# run (the process ends, its state goes); bad input gets one line, exit 2.
. tests/e2e/lib.sh
wrap_prog dhry2reg <<SH
awk -v s="\$(cat "$T/speed")" -v seed="\$\$" 'BEGIN { srand(seed); printf "COUNT|%d|1|lps\nTIME|1.0\n", s * 1000000 * (1 + rand() / 100) }' >&2
exit 0
SH
spread() {
	SYSINDEX_PGMDIR=$P "$ROOT/sysindex" spread "$@" >"$T/out" 2>"$T/err"
	rc=$?
	cat "$T/out" "$T/err"
}
run_opts="-i 3 -c 1 --duration 1 --settle 0 dhry2reg"

echo 1 >"$T/speed"
# shellcheck disable=SC2086 # $run_opts is a list of words
spread --every 6s --count 3 --results "$RES" $run_opts
[ $rc -eq 0 ] || die "spread: exit $rc"
A=$(ls -d "$RES"/spread-*) && [ "$(echo "$A" | wc -l)" -eq 1 ] || die "not one spread folder"
[ "$(ls "$A"/*.json | wc -l)" -eq 3 ] || die "not three runs: $(ls "$A")"
label=${A##*/}
for j in "$A"/*.json; do
	check_json "$j"
	grep -q "\"label\": *\"$label\"" "$j" || die "$j: not labelled $label"
done
[ ! -e "$A/spread.state" ] || die "a state file left after the last run"
grep -q "^Pool of 3 runs: System Benchmarks Index Score [0-9.]* (95 % interval [0-9.]* to [0-9.]*); the next run between [0-9.]* and [0-9.]*" \
	"$T/out" || die "no pool summary"
[ "$(grep -c "^  *[123]  20[0-9-]* [0-9:]*  *[0-9.]*  [0-9.]* to [0-9.]*$" "$T/out")" -eq 3 ] ||
	die "not three runs with their intervals"
grep -q "^Hour of day" "$T/out" || die "no hour-of-day line"
cmp -s "$A/summary.txt" "$T/out" || grep -q "^Pool of 3 runs" "$A/summary.txt" || die "no summary.txt"
spread --status --results "$RES"
grep -q "^no spread in" "$T/out" || die "--status: a spread still listed"

# A second spread on a faster machine: compare pools each by its label.
echo 1.5 >"$T/speed"
sleep 1   # another second: another folder name
# shellcheck disable=SC2086 # $run_opts is a list of words
spread --every 6s --count 2 --results "$RES" $run_opts
[ $rc -eq 0 ] || die "second spread: exit $rc"
for d in "$RES"/spread-*; do [ "$d" = "$A" ] || B=$d; done
"$ROOT/Run" compare --group-by label "$A"/*.json "$B"/*.json >"$T/cmp" 2>"$T/err" ||
	{ cat "$T/err"; die "compare --group-by label: exit $?"; }
cat "$T/cmp"
grep -q "^  A = ${A##*/}: 3 runs" "$T/cmp" || die "compare: no column of A's 3 runs"
grep -q "^  B = ${B##*/}: 2 runs" "$T/cmp" || die "compare: no column of B's 2 runs"
grep -q "^  ${A##*/}, System Benchmarks Index Score: [0-9.]* from 3 runs" "$T/cmp" || die "compare: A not pooled from 3 runs"
grep -q "^  ${B##*/}, System Benchmarks Index Score: [0-9.]* from 2 runs" "$T/cmp" || die "compare: B not pooled from 2 runs"

# --status and --cancel of a spread waiting for its second run.
# shellcheck disable=SC2086 # $run_opts is a list of words
rm -rf "${RES:?}"/*
SYSINDEX_PGMDIR=$P "$ROOT/sysindex" spread --every 120s --count 2 --results "$RES" $run_opts \
	>"$T/bg.out" 2>&1 &
bg=$!
n=0
until grep -q "run 1 of 2 done" "$T/bg.out"; do
	n=$((n + 1)); [ $n -lt 300 ] || { kill $bg; die "the first run did not end"; }
	sleep 0.1
done
spread --status --results "$RES"
grep -q ": 1 of 2 runs done, one every 120 s; running (pid $bg)" "$T/out" || { kill $bg; die "--status"; }
spread --cancel --results "$RES"
grep -q ": cancelled after 1 of 2 runs" "$T/out" || { kill $bg; die "--cancel"; }
n=0
while kill -0 $bg 2>/dev/null; do
	n=$((n + 1)); [ $n -lt 50 ] || { kill $bg; die "the spread still runs after --cancel"; }
	sleep 0.1
done
[ -z "$(ls "$RES"/spread-*/spread.state 2>/dev/null)" ] || die "state left after --cancel"
spread --status --results "$RES"
grep -q "^no spread in" "$T/out" || die "--status after --cancel"

# Bad input: one line, exit 2, nothing made.
rm -rf "${RES:?}"/*
: >"$T/file"
for bad in "--every 6s --count 0" "--every 0 --count 2" "--every 1s --count 2" "--count 2" \
	"--every 6x --count 2" "--every 6s --count 2 --results $T/file" \
	"--every 6s --count 2 --results $T/none"; do
	# shellcheck disable=SC2086 # $bad is a list of words
	case $bad in
	*--results*) spread $bad $run_opts ;;
	*) spread $bad --results "$RES" $run_opts ;;
	esac
	[ $rc -eq 2 ] || die "$bad: exit $rc, not 2"
	[ "$(wc -l <"$T/err")" -eq 1 ] || die "$bad: not one line"
done
[ -z "$(ls "$RES")" ] || die "bad input left files: $(ls "$RES")"
no_strays
exit 0
