# Issue 41, defect 5: ./Run on a built tree runs in a minimal environment
# (env -i: no PATH exported, so make could not run "mkdir") and under
# ulimit -v (the compiler probes failed, build/buildinfo.h changed and the
# tree was rebuilt, with an internal compiler error), and rebuilds nothing:
# neither then nor on the next ordinary run.
. tests/e2e/lib.sh
# As make check runs it (MAKE exported): env -i then drops MAKE, which must
# not count as a change of the build (it rebuilt the tree under the others).
MAKE=${MAKE:-make}
export MAKE
"$ROOT/Run" --version >"$T/out" 2>"$T/err" || { cat "$T/err"; die "./Run --version"; }
want=$(cat "$T/out")
before=$(ls -l --time-style=+%s.%N "$ROOT/sysindex" "$ROOT/build/buildinfo.h" "$ROOT/pgms/syscall")

env -i "$ROOT/Run" --version >"$T/out" 2>"$T/err"
rc=$?
[ $rc -eq 0 ] || { cat "$T/err"; die "env -i ./Run --version: exit $rc"; }
[ "$(cat "$T/out")" = "$want" ] || die "env -i: $(cat "$T/out" "$T/err")"
if (ulimit -v 30000 && "$ROOT/sysindex" --version >/dev/null 2>&1); then
	(ulimit -v 30000; exec "$ROOT/Run" --version) >"$T/out" 2>"$T/err" ||
		{ cat "$T/err"; die "ulimit -v 30000; ./Run --version: exit $?"; }
	[ "$(cat "$T/out")" = "$want" ] || die "ulimit -v: $(cat "$T/out" "$T/err")"
else
	note "sysindex itself does not start under ulimit -v 30000 here: that case is skipped"
fi
"$ROOT/Run" --version >"$T/out" 2>"$T/err" || die "./Run --version after env -i"
after=$(ls -l --time-style=+%s.%N "$ROOT/sysindex" "$ROOT/build/buildinfo.h" "$ROOT/pgms/syscall")
[ "$before" = "$after" ] || die "the tree was rebuilt:
$before
$after"
exit 0
