# Issue 51: compare believes no figure of a record it can compute.  Two
# real records edited by hand, their samples unchanged: a stored verdict
# "slower" on 3 rounds and -8.73 % (which printed "slower" and tripped
# --fail-on), and a test's score times 1.5 (which printed an interval that
# excluded its own change).  Each: exit 2 and one line naming the member.
# The unedited records still compare (exit 0).
. tests/e2e/lib.sh
R=$ROOT/tests/data/records
mkdir -p "$T/d"
"$ROOT/Run" compare "$R/quick.json" "$R/quick.json" >/dev/null 2>"$T/err" ||
	{ cat "$T/err"; die "the unedited quick record does not compare"; }
"$ROOT/Run" compare --fail-on slower "$R/paired.json" >/dev/null 2>"$T/err" ||
	{ cat "$T/err"; die "the unedited paired record does not compare"; }
# refused FILE WANT ARGS...: compare ARGS exits 2 with one line holding WANT.
refused() {
	file=$1 want=$2
	shift 2
	rc=0
	"$ROOT/Run" compare "$@" >"$T/out" 2>"$T/err" || rc=$?
	cat "$T/err"
	[ "$rc" -eq 2 ] || die "$file: exit $rc, not 2"
	[ "$(wc -l <"$T/err")" -eq 1 ] || die "$file: not one line"
	grep -qF "$want" "$T/err" || die "$file: the line does not name $want"
	[ ! -s "$T/out" ] || die "$file: a report was printed"
}
awk '/"verdict": "inconclusive",/ && !done { sub(/inconclusive/, "slower"); v = 1 }
     v && /"few": true/ { sub(/true/, "false"); v = 0; done = 1 }
     { print }' "$R/paired.json" >"$T/d/verdict.json"
grep -q '"verdict": "slower"' "$T/d/verdict.json" || die "no verdict edited"
refused verdict.json 'verdict.json: paired.comparisons[0].verdict: "slower", where its estimate gives "inconclusive"' \
	--fail-on slower "$T/d/verdict.json"
sed 's/"score": 220967\.2810162406/"score": 331450.9215243609/' "$R/quick.json" >"$T/d/score.json"
grep -q '331450' "$T/d/score.json" || die "no score edited"
refused score.json 'score.json: runs[0].tests[0].score: 331450.9215, where its samples give 220967.281' \
	"$R/quick.json" "$T/d/score.json"
exit 0
