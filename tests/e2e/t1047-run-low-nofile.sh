# Issue 41, defect 5: ./Run under a low open-file limit says so in one line
# and exits 2 before it builds or runs anything (it printed "/bin/sh: 0: 3:
# Invalid argument", failed silently at 12, or began a build that ar broke
# off half-way, at 13); at 32 it runs.  Below 12 dash itself cannot read a
# script, which no line of Run can change (docs/sysindex.1).
. tests/e2e/lib.sh
"$ROOT/Run" --version >"$T/want" 2>"$T/err" || { cat "$T/err"; die "./Run --version"; }
before=$(ls -l --time-style=+%s.%N "$ROOT/sysindex" "$ROOT/build/buildinfo.h")
for n in 13 20 31; do
	(ulimit -n $n && exec "$ROOT/Run" --version) >"$T/out" 2>"$T/err"
	rc=$?
	[ $rc -eq 2 ] || die "ulimit -n $n: exit $rc, want 2: $(cat "$T/out" "$T/err")"
	[ "$(wc -l <"$T/err")" -eq 1 ] || die "ulimit -n $n: not one line: $(cat "$T/err")"
	grep -q "^Run: the open-file limit is $n (ulimit -n); the build and the run need at least 32" \
		"$T/err" || die "ulimit -n $n: $(cat "$T/err")"
	[ -s "$T/out" ] && die "ulimit -n $n: printed $(cat "$T/out")"
done
(ulimit -n 32 && exec "$ROOT/Run" --version) >"$T/out" 2>"$T/err" ||
	die "ulimit -n 32: $(cat "$T/err")"
cmp -s "$T/out" "$T/want" || die "ulimit -n 32: $(cat "$T/out")"
after=$(ls -l --time-style=+%s.%N "$ROOT/sysindex" "$ROOT/build/buildinfo.h")
[ "$before" = "$after" ] || die "the tree was rebuilt"
exit 0
