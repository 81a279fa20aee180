# Under a cgroup v2 child with cpu.max "10000 100000" (10 % of one CPU), a
# CPU-bound copy is throttled in most 100 ms periods: its sample is flagged
# "throttled" and the header gives the share.  Needs root and a writable
# cgroup v2 hierarchy with the cpu controller; otherwise skipped with why.
# e2e: alone (a second CPU-bound test would not change the flag, but the
# 10 % cap makes the result meaningless under load anyway)
. tests/e2e/lib.sh
CG=/sys/fs/cgroup
[ "$(id -u)" = 0 ] || skip "not root: cannot create a cgroup"
grep -q "^cgroup2 $CG " /proc/mounts || skip "no cgroup v2 hierarchy at $CG (v1 or hybrid)"
grep -qw cpu "$CG/cgroup.controllers" 2>/dev/null || skip "the cpu controller is not available in $CG"
orig=$(sed -n 's/^0:://p' /proc/self/cgroup)
parent=$CG${orig%/}
grep -qw cpu "$parent/cgroup.subtree_control" 2>/dev/null ||
	echo +cpu >"$parent/cgroup.subtree_control" 2>/dev/null ||
	skip "cannot enable the cpu controller under $parent (processes in an inner cgroup?)"
child=$parent/sysindex-e2e-$$
mkdir "$child" 2>/dev/null || skip "cannot create $child"
back() {
	echo $$ >"$parent/cgroup.procs" 2>/dev/null
	rmdir "$child" 2>/dev/null
	cleanup
}
trap back EXIT
echo "10000 100000" >"$child/cpu.max" || skip "cannot write $child/cpu.max"
echo $$ >"$child/cgroup.procs" || skip "cannot move this shell into $child"
note "in $child, cpu.max $(cat "$child/cpu.max")"
run_si -c 1 -i 1 --duration 2 --settle 0 syscall
echo $$ >"$parent/cgroup.procs"
[ $rc -eq 0 ] || die "exit $rc"
r=$(report)
grep -q '^   Interference: .*cgroup throttled: [0-9.]* % of the time; disturbed samples: 1 of 1 (steal [0-9]*, contended [0-9]*, throttled 1)' "$r" ||
	die "no throttled sample in the header of $r"
grep -A14 '"interference": {' "$r.json" | grep -q '"throttled"' || die "no throttled flag in $r.json"
grep -q '"nr_throttled": [1-9]' "$r.json" || die "no throttled periods in $r.json"
echo "PASS"
