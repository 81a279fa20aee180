# The answer on one line (issue 49, item 5): a run that asks one question,
# one directory against a baseline, opens its summary with what changed,
# what stayed within the margin and what deciding the rest would take, in
# the text, Markdown and HTML; a run of three directories has none.
. tests/e2e/lib.sh
A=$T/a B=$T/b C=$T/c
mkdir -p "$A" "$B" "$C"
P=$ROOT/pgms
run_driver --quick -c 1 --duration 1 --testdir "a=$A" --testdir "b=$B" fsbuffer-w
[ $rc -eq 0 ] || die "a paired run: exit $rc"
r=$(report)
# After --quick's caveat, before the tally.
line=$(sed -n '/^Summary$/,$p' "$r" | sed -n 3p)
sed -n '/^Summary$/,$p' "$r" | sed -n 4p | grep -q "^  Tests compared: " || die "the tally is not next"
echo "$line" | grep -Eq "^  Answer, b against a: (no test faster or slower|File Write 256 bufsize 500 maxblocks [+-][0-9.]+% (faster|slower)|.*equivalent within \+-2%)" ||
	die "the summary does not open with the answer: $line"
# Three rounds: no verdict, so the row is undecided, with what it would take.
echo "$line" | grep -Eq "1 undecided \(File Write 256 bufsize 500 maxblocks [+-][0-9.]+%\.\.[+-][0-9.]+%\); deciding it would take about [0-9]+ rounds at the measured scatter|1 with no scatter measured yet" ||
	die "the undecided row: $line"
grep -q "^- Answer, b against a: " "$r.md" || grep -q "Answer, b against a: " "$r.md" || die "no answer in the Markdown"
grep -q "Answer, b against a: " "$r.html" || die "no answer in the HTML"
run_driver --quick -c 1 --duration 1 --testdir "a=$A" --testdir "b=$B" --testdir "c=$C" fsbuffer-w
[ $rc -eq 0 ] || die "three directories: exit $rc"
! grep -q "Answer, " "$(report)" || die "an answer line for three directories"
