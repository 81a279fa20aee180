# As an unprivileged user (nobody) with a writable test dir and results dir
# of its own, a run completes, writes its files as that user and leaves no
# scratch behind.  Needs root to switch users (skipped otherwise).
#
# The checkout may sit anywhere, often in a folder only root can enter (a
# clone under /root, or under a mktemp -d folder): nobody gets its own copy
# of the driver and the programs in a folder whose whole path it can search.
. tests/e2e/lib.sh
[ "$(id -u)" = 0 ] || skip "not root: cannot switch to an unprivileged user"
id nobody >/dev/null 2>&1 || skip "no user 'nobody' here"
group=$(id -gn nobody)
if command -v setpriv >/dev/null 2>&1; then
	as_nobody() { setpriv --reuid=nobody --regid="$group" --clear-groups "$@"; }
else
	as_nobody() { su -s /bin/sh nobody -c '"$0" "$@"' "$@"; }
fi
[ -x "$ROOT/sysindex" ] && [ -x "$ROOT/pgms/pipe" ] || die "not built: run make first"

# The first temporary folder nobody can reach (and execute from), not $T:
# TMPDIR may itself be private.
U=
for base in "${TMPDIR:-/tmp}" /tmp /var/tmp /dev/shm; do
	[ -d "$base" ] && as_nobody test -x "$base" 2>/dev/null || continue
	U=$(mktemp -d "$base/sysindex-nobody.XXXXXX") || continue
	break
done
[ -n "$U" ] || skip "no temporary folder that nobody can enter"
trap 'rm -rf "$U"; cleanup' EXIT
chmod 755 "$U"
mkdir "$U/pgms" "$U/results" "$U/testdir"
cp "$ROOT/sysindex" "$U/" && cp -R "$ROOT/pgms/." "$U/pgms/" || die "cannot copy the build to $U"
chmod -R a+rX "$U/sysindex" "$U/pgms"
chown nobody "$U/results" "$U/testdir"
chmod 700 "$U/results" "$U/testdir"

# The probe: nobody can run the driver, read the program folder and execute
# a program from it (a noexec mount fails here, not in the middle of a run).
as_nobody "$U/sysindex" --version >/dev/null 2>&1 ||
	skip "nobody cannot execute $U/sysindex (noexec mount?)"
as_nobody ls "$U/pgms" >/dev/null 2>&1 || die "nobody cannot list $U/pgms"
as_nobody test -x "$U/pgms/fstime" || skip "nobody cannot execute $U/pgms/fstime (noexec mount?)"

# The binary, not ./Run: nobody may not write build/ (./Run runs make).
note "as nobody: sysindex --quick -c 1 pipe fstime"
HOME=/nonexistent SYSINDEX_PGMDIR=$U/pgms as_nobody "$U/sysindex" \
	--results "$U/results" --testdir "$U/testdir" --quick -c 1 pipe fstime >"$T/out" 2>"$T/err"
rc=$?
cat "$T/out" "$T/err"
[ $rc -eq 0 ] || die "exit $rc as nobody"
RES=$U/results
r=$(report)
expect_files "$r"
check_json "$r.json"
grep -q '^Pipe Throughput  *[0-9]' "$r" || die "no pipe result"
grep -q '^File Copy 1024 bufsize 2000 maxblocks  *[0-9]' "$r" || die "no fstime result"
for f in "$RES"/*; do
	[ "$(stat -c %U "$f")" = nobody ] || die "$f is not owned by nobody"
done
[ -z "$(ls -A "$U/testdir")" ] || die "scratch left in the test dir"

# A program nobody cannot reach is named as such, with the folder that blocks
# it ($T: mktemp made it 0700), not called "not built"; a missing one is.
mkdir "$T/pgms" "$U/empty" "$U/res2" && cp "$ROOT/pgms/pipe" "$T/pgms/" || die "copy"
chmod 700 "$T"
chown nobody "$U/res2"
for case in "$T/pgms|is not executable by this user (uid [0-9]*): folder $T is not searchable" \
	    "$U/empty|program $U/empty/pipe is not built (run make)"; do
	dir=${case%%|*} want=${case#*|}
	note "as nobody, programs from $dir"
	rm -rf "$U/res2"/*
	HOME=/nonexistent SYSINDEX_PGMDIR=$dir as_nobody "$U/sysindex" -q \
		--results "$U/res2" --testdir "$U/testdir" --quick -c 1 pipe >"$T/out" 2>"$T/err"
	rc=$?
	cat "$T/out" "$T/err"
	[ $rc -ne 0 ] || die "a test that could not start did not fail the run"
	RES=$U/res2
	r=$(report)
	for f in "$r" "$r.log" "$r.json"; do
		grep -q "$want" "$f" || die "$f does not say: $want"
	done
done
no_strays "$U"
