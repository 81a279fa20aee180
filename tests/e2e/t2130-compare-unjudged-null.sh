# A compare row the verdict rule did not test carries no test statistics
# (issue 48, item 5): "inconclusive: single runs" and "no spread between
# runs" rows had judged: true and a p-value (0.508), which a script
# filtering on p < 0.05 reads as tested.  Now judged is false and p_value,
# df, the Holm p-values and the simultaneous interval are null in JSON and
# empty in CSV; a tested row (five runs a side, pooled) keeps them all.
. tests/e2e/lib.sh
command -v python3 >/dev/null 2>&1 || skip "python3 is needed to read the JSON and CSV"
R=$ROOT/tests/data/reports
runs() {   # runs NAME FILE FACTOR...: Pipe Throughput scaled by each factor
	name=$1 file=$2
	shift 2
	k=0
	for f in "$@"; do
		k=$((k + 1))
		v=$(awk -v f="$f" 'BEGIN { printf "%.1f", 1399000.0 * f }')
		sed -e "s/1399000.0/$v/g" -e '/ FAILED /d' "$file" >"$T/$name$k" || die "runs: $name$k"
		ARGS="$ARGS --label $name $T/$name$k"
	done
}
cat >"$T/check.py" <<'PY'
import csv, json, sys
fmt, path, want = sys.argv[1], sys.argv[2], sys.argv[3]
stats = ["p_value", "df", "p_value_holm", "tost_p_value_holm",
         "ci_simultaneous_low_pct", "ci_simultaneous_high_pct"]
untested = tested = 0
if fmt == "json":
    doc = json.load(open(path))
    rows = [c for r in doc["rows"] for c in r["comparisons"]]
    for c in rows:
        v = c["verdict"] or ""
        if v.startswith("inconclusive: single runs") or "no spread" in v:
            untested += 1
            assert c["judged"] is False, c
            for k in stats:
                assert c[k] is None, (k, c)
        elif c["judged"]:
            tested += 1
            for k in stats:
                assert isinstance(c[k], (int, float)), (k, c)
else:
    cols = ["p_value", "df", "p_holm", "p_tost_holm",
            "ci_simultaneous_low_pct", "ci_simultaneous_high_pct"]
    for r in csv.DictReader(open(path)):
        v = r["verdict"]
        if v.startswith("inconclusive: single runs") or "no spread" in v:
            untested += 1
            for k in cols:
                assert r[k] == "", (k, r)
        elif r["p_value"] != "":
            tested += 1
want_untested, want_tested = want.split(",")
if want_untested != "x":
    assert (untested > 0) == (want_untested == "1"), ("untested rows", untested)
if want_tested != "x":
    assert (tested > 0) == (want_tested == "1"), ("tested rows", tested)
print(untested, "untested,", tested, "tested")
PY
check() {   # check WANT ARGS...: WANT "untested,tested": 1 some, 0 none, x either
	want=$1
	shift
	for f in json csv; do
		"$ROOT/Run" compare --long --format $f "$@" >"$T/out.$f" 2>"$T/err" ||
			{ cat "$T/err"; die "compare --format $f: exit $?"; }
		python3 "$T/check.py" $f "$T/out.$f" "$want" || die "$f: $* (want $want)"
	done
}
# Two single runs: every row unmeasured.
check 1,0 "$R/a" "$R/b"
# Five identical runs a side: no spread, not tested (the scores may be).
ARGS=""
runs a "$R/a" 1 1 1 1 1
runs b "$R/b" 1 1 1 1 1
# shellcheck disable=SC2086 # the list splits on purpose
check 1,x --group-by label $ARGS
# Five runs a side, Pipe Throughput spread: its tested row keeps its statistics.
ARGS=""
runs a "$R/a" 0.996 1.002 0.999 1.004 0.998
runs b "$R/b" 0.954 0.948 0.951 0.946 0.952
# shellcheck disable=SC2086
check x,1 --group-by label $ARGS
echo "PASS"
