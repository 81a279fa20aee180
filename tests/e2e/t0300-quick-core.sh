# The core acceptance run: the CPU and process tests with 1 and 2 copies.
# e2e: slow (30 s or more: tests/e2e/run.sh starts it first)
. tests/e2e/lib.sh
run_si --quick -c 1 -c 2 dhry2reg whetstone-double syscall pipe context1 spawn execl
[ $rc -eq 0 ] || die "exit $rc"
r=$(report)
[ -n "$r" ] || die "no text report in $RES"
expect_files "$r"
check_json "$r.json"
grep -q '^   BYTE UNIX Benchmarks' "$r" || die "title"
grep -q '^Benchmark Run: ' "$r" || die "Benchmark Run line"
grep -q 'running 1 parallel copy of tests$' "$r" || die "1-copy block"
grep -q 'running 2 parallel copies of tests$' "$r" || die "2-copy block"
[ "$(grep -c '^System Benchmarks Partial Index  ' "$r")" -eq 2 ] || die "two partial index tables"
[ "$(grep -c '^System Benchmarks Index Score (Partial Only) ' "$r")" -eq 2 ] || die "two scores"
for t in "Dhrystone 2 using register variables" "Double-Precision Whetstone" \
	 "System Call Overhead" "Pipe Throughput" "Pipe-based Context Switching" \
	 "Process Creation" "Execl Throughput"; do
	[ "$(grep -c "^$t  *[0-9][0-9.]* [a-zA-Z]* *([0-9.]* s, 1 samples)$" "$r")" -eq 2 ] ||
		die "result line for $t"
done
check_consistency "$r"
# One sample per test: no spread to show, and the flag says why.
[ "$(grep -c '^Pipe Throughput  *1  *[0-9][0-9.]*  *-  *-  *-  single-sample' "$r")" -eq 2 ] ||
	die "one-sample statistics row"
if command -v python3 >/dev/null 2>&1; then
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
for run in d["runs"]:
    for t in run["tests"]:
        st = t["stats"]
        assert st["n"] == 1 and st["sd"] is None and st["ci95"]["half"] is None, t["name"]
    why = run["system_index_score_ci"]["unavailable"]
    assert why == "unavailable: 7 of 7 tests have one sample (no spread)", why
' "$r.json" || die "one-sample statistics in the JSON"
fi
# The score's interval says why it is missing, in the text, Markdown and HTML.
ci='Index score 95% CI (delta method): unavailable: 7 of 7 tests have one sample (no spread)'
[ "$(grep -c "^$ci\$" "$r")" -eq 2 ] || die "score interval line in the text report"
[ "$(grep -c "^$ci\$" "$r.md")" -eq 2 ] || die "score interval in the Markdown"
[ "$(grep -c "^<p class=\"score-ci\">$ci</p>\$" "$r.html")" -eq 2 ] ||
	die "score interval in the HTML"
# compare reads a sysindex run from its record (x.json, whichever file is
# named), at full precision: the run's own figures, to the bit, and the same
# rounded ones the report printed.
"$ROOT/Run" compare --long "$r" "$r.csv" >"$T/rec" 2>&1 || die "compare from the record: $(cat "$T/rec")"
grep -q "^[^ ]*: $r.json: .*the run's record, every sample" "$T/rec" || die "not read from the record: $(cat "$T/rec")"
grep '^[A-Z].*  *[0-9][0-9.]* [a-zA-Z]* *([0-9.]* s, 1 samples)$' "$r" |
	sed 's/  *\([0-9][0-9.]*\) \([a-zA-Z]*\) *(.*/|\1 \2/' | sort -u >"$T/printed"
[ "$(wc -l <"$T/printed")" -ge 7 ] || die "printed results: $(cat "$T/printed")"
while IFS='|' read -r title fig; do
	grep -q "^$title  *[12]  *[^ ]*  *${fig% *}  *${fig#* } " "$T/rec" ||
		die "compare from the record lacks $title $fig"
done <"$T/printed"
if command -v python3 >/dev/null 2>&1; then
	"$ROOT/Run" compare --format json "$r" "$r" >"$T/rec.json" || die "compare --format json"
	python3 -c 'import json, sys
run = json.load(open(sys.argv[1]))
cmp = json.load(open(sys.argv[2]))
score = {(r["copies"], t["title"]): t["score"] for r in run["runs"] for t in r["tests"]}
rows = [x for x in cmp["rows"] if x["kind"] == "test"]
assert len(rows) == len(score) == 14, (len(rows), len(score))
for x in rows:
    for v in x["values"]:
        assert v["value"] == score[(x["copies"], x["title"])], (x["title"], v["value"])
idx = {r["copies"]: r["system_index_score"] for r in run["runs"]}
for x in cmp["rows"]:
    if x["kind"] == "score":
        assert x["values"][0]["value"] == idx[x["copies"]], x
' "$r.json" "$T/rec.json" || die "compare from the record: not the run's own figures"
fi
# A record against a text report (the same run's, copied without its record
# and CSV): rows meet by test name, one row per test and copy count.
cp "$r" "$T/textonly"
"$ROOT/Run" compare --long "$r" "$T/textonly" >"$T/mixed" 2>&1 || die "record against text: $(cat "$T/mixed")"
[ "$(grep -c '^Pipe Throughput  *[12]  ' "$T/mixed")" -eq 4 ] || die "rows not matched by name: $(cat "$T/mixed")"
grep -q '^Pipe Throughput  *1  *textonly  .*[-+]0\.00%' "$T/mixed" || die "record against its text: $(cat "$T/mixed")"
# A record this sysindex cannot read: one line naming the field, exit 2.
sed 's/"schema_version": [0-9]*/"schema_version": 99/' "$r.json" >"$T/new.json"
"$ROOT/Run" compare "$r" "$T/new.json" >"$T/out2" 2>"$T/err2"
[ $? -eq 2 ] && [ ! -s "$T/out2" ] && [ "$(wc -l <"$T/err2")" -eq 1 ] &&
	grep -q 'new.json: schema_version: 99 is newer than this sysindex reads (1 to 2)' "$T/err2" ||
	die "a newer record: $(cat "$T/err2")"
# Without its record (an older run, a pasted report), the text report still
# compares: the one-sample rows (the CSV moved away too, so from the
# statistics block), and it says it cannot judge them.
mv "$r.csv" "$T/saved.csv"
mv "$r.json" "$T/saved.json"
"$ROOT/Run" compare --long "$r" "$r" >"$T/cmp" 2>&1 || die "compare of a quick report: $(cat "$T/cmp")"
mv "$T/saved.csv" "$r.csv"
mv "$T/saved.json" "$r.json"
grep -q "^[^ ]*: $r: .*statistics block" "$T/cmp" || die "not read from the text: $(cat "$T/cmp")"
grep -q 'significance cannot be judged (1 sample)' "$T/cmp" || die "compare verdict: $(cat "$T/cmp")"
# The report on stdout is the saved report.
sed -n '/^   BYTE UNIX/,$p' "$T/out" | cmp -s - "$r" || die "stdout differs from the saved report"
# The log holds every command and pass.
grep -q '==> .*/pgms/pipe 2' "$r.log" || die "log lacks the pipe command"
grep -q '#### Pass 1' "$r.log" || die "log lacks passes"
# CSV: one row per sample: 7 tests x (1 + 1) copy counts.
[ "$(tail -n +2 "$r.csv" | wc -l)" -eq 14 ] || die "CSV rows"
no_strays
[ -z "$(ls "$T/testdir")" ] || die "scratch left in the test dir"
