# compare: a control byte (a terminal escape, a newline) in a --label
# reaches none of compare's outputs: labels are kept to one clean line
# (issue 24, the class of defect 6).
. tests/e2e/lib.sh
R=$ROOT/tests/data/reports
esc=$(printf '\033')
for f in text md csv json; do
	"$ROOT/Run" compare --long --format $f --label "l${esc}]0;pwn${esc}[2J
x" "$R/csvrun" "$R/a" >"$T/cmp" 2>"$T/err" || { cat "$T/err"; die "compare --label, $f: exit $?"; }
	grep -q "$esc" "$T/cmp" "$T/err" && die "a label's control byte reached compare's $f output"
	grep -q '^x' "$T/cmp" "$T/err" && die "a label's newline split a line of compare's $f output"
done
exit 0
