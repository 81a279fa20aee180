# Under a cgroup v2 child with cpu.max "100000 100000" (one CPU), a run
# without -c picks one copy, not the online CPU count, and its header says
# why ("Copies chosen: 1 copy: cpu.max quota 1.0 CPU of N online"); the
# JSON's cpu_limits says the same (issue 40, item 10).  Needs root, more
# than one online CPU and a writable cgroup v2 hierarchy with the cpu
# controller; otherwise skipped with why (the reader itself is unit-tested
# on fixture trees: tests/data/cpulimits).
# e2e: alone (the quota slows the run; another test's load would not change the count)
. tests/e2e/lib.sh
online=$(getconf _NPROCESSORS_ONLN 2>/dev/null) || skip "getconf cannot count the online CPUs"
[ "$online" -gt 1 ] || skip "one online CPU: a quota of one cannot lower the copy count"
cg_child "100000 100000"
run_si -i 1 --duration 1 --settle 0 syscall
cg_leave
[ $rc -eq 0 ] || die "exit $rc"
r=$(report)
grep -q "^   Copies chosen: 1 copy: cpu.max quota 1.0 CPU of $online online\$" "$r" ||
	die "the header does not say why one copy"
grep -q "^   CPU limits: $online online; .*cpu.max quota 1.0 CPU; usable 1\$" "$r" ||
	die "no CPU limits line"
grep -q "running 1 parallel copy" "$r" || die "no 1-copy run"
grep -q "running $online parallel copies" "$r" && die "ran $online copies under a quota of one CPU"
grep -q '"limited_by": "cpu.max quota"' "$r.json" || die "cpu_limits.limited_by in $r.json"
grep -q '"usable": 1,' "$r.json" || die "cpu_limits.usable in $r.json"
echo "PASS"
