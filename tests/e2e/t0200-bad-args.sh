# Bad input: one line on stderr, exit 2, nothing run, nothing written.
. tests/e2e/lib.sh
check_bad() {
	run_si "$@"
	[ $rc -eq 2 ] || die "'$*': exit $rc, want 2"
	[ "$(wc -l <"$T/err")" -eq 1 ] || die "'$*': want exactly one line on stderr"
	[ ! -s "$T/out" ] || die "'$*': printed on stdout"
	[ -z "$(ls "$RES")" ] || die "'$*': wrote into results"
	[ -z "$(ls "$T/testdir")" ] || die "'$*': wrote into the test dir"
}
check_bad -c 0 pipe
check_bad -c 100000 pipe
check_bad -i -1 pipe
check_bad -i abc pipe
check_bad --duration 1e99 pipe
check_bad --bogus
check_bad -z
check_bad nosuchtest
check_bad pipee
grep -q 'did you mean pipe' "$T/err" || die "no suggestion for pipee"
check_bad ''
check_bad -c
check_bad --testdir "$T/does-not-exist" pipe
grep -q 'does not exist' "$T/err" || die "missing testdir message"
: > "$T/afile"
check_bad --testdir "$T/afile" pipe
grep -q 'not a directory' "$T/err" || die "testdir file message"
if [ "$(id -u)" != 0 ]; then
	mkdir "$T/ro" && chmod 555 "$T/ro"
	check_bad --testdir "$T/ro" pipe
fi
# A missing results folder is refused before anything runs.
"$ROOT/Run" --results "$T/nores" --testdir "$T/testdir" pipe >"$T/out" 2>"$T/err"
[ $? -eq 2 ] || die "missing results dir not refused"
grep -q 'results directory' "$T/err" || die "results dir message"
