# As an unprivileged user (nobody) with a writable test dir and results dir
# of its own, a run completes, writes its files as that user and leaves no
# scratch behind.  Needs root to switch users (skipped otherwise).
. tests/e2e/lib.sh
[ "$(id -u)" = 0 ] || skip "not root: cannot switch to an unprivileged user"
id nobody >/dev/null 2>&1 || skip "no user 'nobody' here"
group=$(id -gn nobody)
if command -v setpriv >/dev/null 2>&1; then
	as_nobody() { setpriv --reuid=nobody --regid="$group" --clear-groups "$@"; }
else
	as_nobody() { su -s /bin/sh nobody -c '"$0" "$@"' "$@"; }
fi
as_nobody "$ROOT/sysindex" --version >/dev/null 2>&1 ||
	skip "nobody cannot run $ROOT/sysindex (the checkout is not readable by others)"
# $T is private to root: let nobody through to its own two folders only.
chmod 711 "$T"
chown nobody "$RES" "$T/testdir"
chmod 700 "$RES" "$T/testdir"
# The binary, not ./Run: nobody may not write build/ (./Run runs make).
note "as nobody: sysindex --quick -c 1 pipe fstime"
HOME=/nonexistent SYSINDEX_PGMDIR=$ROOT/pgms as_nobody "$ROOT/sysindex" \
	--results "$RES" --testdir "$T/testdir" --quick -c 1 pipe fstime >"$T/out" 2>"$T/err"
rc=$?
cat "$T/out" "$T/err"
[ $rc -eq 0 ] || die "exit $rc as nobody"
r=$(report)
expect_files "$r"
check_json "$r.json"
grep -q '^Pipe Throughput  *[0-9]' "$r" || die "no pipe result"
grep -q '^File Copy 1024 bufsize 2000 maxblocks  *[0-9]' "$r" || die "no fstime result"
for f in "$RES"/*; do
	[ "$(stat -c %U "$f")" = nobody ] || die "$f is not owned by nobody"
done
[ -z "$(ls -A "$T/testdir")" ] || die "scratch left in the test dir"
no_strays
