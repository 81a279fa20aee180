# The default copy count is the CPUs the process may use, not the online
# ones (issue 40, item 10): under taskset -c 0 a run without -c makes no
# N-copy pass, and its header says why ("Copies chosen: 1 copy: affinity
# allows 1 CPU of N online"); with -c 2 it runs what it was told and says
# nothing of the kind.  Needs taskset and more than one online CPU.
. tests/e2e/lib.sh
command -v taskset >/dev/null || skip "no taskset"
online=$(getconf _NPROCESSORS_ONLN 2>/dev/null) || skip "getconf cannot count the online CPUs"
[ "$online" -gt 1 ] || skip "one online CPU: affinity cannot lower the copy count"
note "taskset -c 0 ./Run -i 1 --duration 1 --settle 0 syscall"
taskset -c 0 "$ROOT/Run" --results "$RES" --testdir "$T/testdir" --progress none \
	-i 1 --duration 1 --settle 0 syscall >"$T/out" 2>"$T/err" || { cat "$T/err"; die "exit $?"; }
r=$(report)
grep -q "^   Copies chosen: 1 copy: affinity allows 1 CPU of $online online\$" "$r" ||
	{ grep "^   CPU limits" "$r"; die "the header does not say why one copy"; }
grep -q "^   CPU limits: $online online; affinity 1; .*; usable 1\$" "$r" || die "no CPU limits line"
grep -q "running $online parallel copies" "$r" && die "ran $online copies with an affinity of one CPU"
grep -q '"limited_by": "affinity"' "$r.json" || die "cpu_limits.limited_by in $r.json"
grep -q '"copies_why": "1 copy: affinity allows 1 CPU' "$r.json" || die "cpu_limits.copies_why in $r.json"
rm -rf "$RES"/*
taskset -c 0 "$ROOT/Run" --results "$RES" --testdir "$T/testdir" --progress none \
	-c 2 -i 1 --duration 1 --settle 0 syscall >"$T/out" 2>"$T/err" || { cat "$T/err"; die "-c 2: exit $?"; }
r=$(report)
grep -q "running 2 parallel copies" "$r" || die "-c 2 did not run 2 copies"
grep -q "^   Copies chosen:" "$r" && die "-c 2: a Copies chosen line"
echo "PASS"
