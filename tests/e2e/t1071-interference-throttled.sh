# Under a cgroup v2 child with cpu.max "10000 100000" (10 % of one CPU), a
# CPU-bound copy is throttled in most 100 ms periods: its sample is flagged
# "throttled" and the header gives the share.  Needs root and a writable
# cgroup v2 hierarchy with the cpu controller; otherwise skipped with why.
# e2e: alone (a second CPU-bound test would not change the flag, but the
# 10 % cap makes the result meaningless under load anyway)
. tests/e2e/lib.sh
cg_child "10000 100000"
run_si -c 1 -i 1 --duration 2 --settle 0 syscall
cg_leave
[ $rc -eq 0 ] || die "exit $rc"
r=$(report)
grep -q '^   Interference: .*cgroup throttled: [0-9.]* % of the time; disturbed samples: 1 of 1 (steal [0-9]*, contended [0-9]*, throttled 1)' "$r" ||
	die "no throttled sample in the header of $r"
grep -A14 '"interference": {' "$r.json" | grep -q '"throttled"' || die "no throttled flag in $r.json"
grep -q '"nr_throttled": [1-9]' "$r.json" || die "no throttled periods in $r.json"
echo "PASS"
