# A checkout in a folder only root may enter (as `cd ~ && git clone ...`
# under /root, mode 700): `make check`'s setup there works, ./Run runs, and
# the unprivileged test passes instead of failing on where the clone sits.
# The tree is copied (sources as they are now, not only what is committed)
# into $T, which mktemp made 0700.  Kept short: a build, two --quick tests and
# t0910 from the copy, not a whole `make check`.
# e2e: slow (30 s or more: tests/e2e/run.sh starts it first)
. tests/e2e/lib.sh
[ "$(id -u)" = 0 ] || skip "not root: a folder closed to others closes nothing to its owner"
id nobody >/dev/null 2>&1 || skip "no user 'nobody' here"
chmod 700 "$T"
C=$T/clone
mkdir "$C" && cp -R Makefile Run src docs tests "$C"/ || die "cannot copy the tree"
[ "$(stat -c %a "$T")" = 700 ] || die "$T is not private"
note "make all in $C"
make -s -j2 -C "$C" all >"$T/make.log" 2>&1 || { cat "$T/make.log"; die "make all failed in a private folder"; }
note "./Run --quick -c 1 pipe syscall from the private copy"
(cd "$C" && ./Run --results "$RES" --testdir "$T/testdir" --quick -c 1 pipe syscall) >"$T/out" 2>"$T/err"
rc=$?
cat "$T/out" "$T/err"
[ $rc -eq 0 ] || die "./Run exit $rc from a private folder"
grep -q '^Pipe Throughput  *[0-9]' "$T/out" || die "no pipe result"
grep -q '^System Call Overhead  *[0-9]' "$T/out" || die "no syscall result"
note "t0910-unprivileged from the private copy"
(cd "$C" && sh tests/e2e/run.sh t0910-unprivileged.sh) >"$T/e2e.out" 2>&1
rc=$?
cat "$T/e2e.out"
[ -f "$C/build/e2e/t0910-unprivileged.log" ] && cat "$C/build/e2e/t0910-unprivileged.log"
[ $rc -eq 0 ] || die "t0910 failed from a private folder"
grep -q '^PASS t0910-unprivileged' "$T/e2e.out" || die "t0910 did not pass (skipped?) from a private folder"
no_strays
