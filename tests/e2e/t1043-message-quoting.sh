# Issue 41, defect 5: a message that quotes outside input (an argument, a
# path, a compare file name) shows it escaped and cut: no control byte (an
# ESC sequence, a newline, a C1 CSI) reaches the terminal, a 100 KB value
# becomes a short line; --grace 0 (every test killed at its duration) is
# refused in one line; --quick --precision says both in its Mode line.
. tests/e2e/lib.sh
esc=$(printf '\033')
bad="a${esc}]0;pwn${esc}[2J$(printf '\302\233')1mb
x"
big=$(head -c 100000 /dev/zero | tr '\0' y)

# one CMD...: exit 2 (1 for compare's missing file), one short line, no control byte.
one() {
	"$@" >"$T/out" 2>"$T/err"
	rc=$?
	[ $rc -eq 1 ] || [ $rc -eq 2 ] || { cat "$T/err"; die "$*: exit $rc"; }
	[ "$(wc -l <"$T/err")" -eq 1 ] || { cat -A "$T/err" | cut -c1-300; die "not one line: $(echo "$*" | cut -c1-60)"; }
	[ "$(wc -c <"$T/err")" -lt 600 ] || die "a $(wc -c <"$T/err")-byte message: $(echo "$*" | cut -c1-60)"
	LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177\302]')" "$T/err" &&
		{ cat -A "$T/err"; die "a control byte in the message of: $(echo "$*" | cut -c1-60)"; }
	grep -q 'x1b' "$T/err" || [ "$kind" = big ] || { cat "$T/err"; die "the ESC is not shown escaped"; }
	return 0
}
for v in "$bad" "$big"; do
	kind=esc
	[ "$v" = "$big" ] && kind=big
	one "$ROOT/Run" "--grace=$v" syscall
	one "$ROOT/Run" "--bogus$v"
	one "$ROOT/Run" "test$v"
	one "$ROOT/Run" --progress "$v" syscall
	one "$ROOT/Run" --testdir "/nonexistent/$v" syscall
	one "$ROOT/Run" --results "/nonexistent/$v" syscall
	# (A --peer that is a name is looked up by the test program: only the
	# long one, which the driver refuses, is tried here.)
	[ $kind = big ] && one "$ROOT/Run" --results "$RES" --peer "$v" --peer-token tok12345678 tcp-rr
	one "$ROOT/Run" compare --format "$v" a b
	one "$ROOT/Run" compare --plot "$v" a b
	one "$ROOT/Run" compare --baseline "$v" "$ROOT/tests/data/reports/a" "$ROOT/tests/data/reports/b"
	one "$ROOT/Run" serve "$v"
	one "$ROOT/Run" serve --bind "$v"
done
kind=esc
one "$ROOT/Run" compare "$T/$bad" "$T/other"

# --grace 0: refused before anything runs.
"$ROOT/Run" --results "$RES" --testdir "$T/testdir" --grace 0 syscall >"$T/out" 2>"$T/err"
rc=$?
cat "$T/err"
[ $rc -eq 2 ] || die "--grace 0: exit $rc"
[ "$(wc -l <"$T/err")" -eq 1 ] && grep -q -- '--grace' "$T/err" || die "--grace 0: not one line naming it"
[ -z "$(ls -A "$RES")" ] || die "--grace 0 left files"

# --quick --precision: both are honoured (quick's short samples and no
# settle, --precision's count) and the Mode line says both (it said only
# "precision", so the report looked like a full run's).
run_si --quick --precision 40% -c 1 --no-charts syscall
[ $rc -eq 0 ] || die "--quick --precision: exit $rc"
grep -q 'Mode: quick, precision 40% (short samples, no settle): not comparable' "$(report)" ||
	{ grep Mode "$(report)"; die "--quick --precision: the Mode line drops quick"; }
exit 0
