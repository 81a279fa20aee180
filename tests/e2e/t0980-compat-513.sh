# --compat 5.1.3: the System Call and File Copy tests run UnixBench 5.1.3's
# work (dup of the shared stdin, libc getpid; two file names every copy
# shares), the header says which workload ran, and the default says 6.0.
. tests/e2e/lib.sh
run_si --quick --compat 5.1.3 -c 2 syscall fsbuffer
[ $rc -eq 0 ] || die "exit $rc"
r=$(report)
[ -n "$r" ] || die "no text report in $RES"
grep -q '^   Workload: UnixBench 5\.1\.3 (--compat 5\.1\.3)$' "$r" || die "workload line"
for t in "System Call Overhead" "File Copy 256 bufsize 500 maxblocks"; do
	grep -q "^$t  *[0-9][0-9.]* [a-zA-Z]* *([0-9.]* s, 1 samples)$" "$r" || die "result line for $t"
done
grep -q '==> .*/pgms/syscall 2 mix-5\.1\.3$' "$r.log" || die "log lacks 5.1.3's syscall command"
grep -q '==> .*/pgms/fstime -c -n shared ' "$r.log" || die "log lacks 5.1.3's fstime command"
if command -v python3 >/dev/null 2>&1; then
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
assert d["run"]["workload"] == "5.1.3", d["run"]["workload"]' "$r.json" || die "workload in the JSON"
fi
no_strays
[ -z "$(ls "$T/testdir")" ] || die "scratch left in the test dir"

rm -f "$RES"/*
run_si --quick -c 1 syscall
[ $rc -eq 0 ] || die "exit $rc (default workload)"
r=$(report)
grep -q '^   Workload: UnixBench 6\.0$' "$r" || die "default workload line"
grep -q '==> .*/pgms/syscall 2$' "$r.log" || die "log lacks 6.0's syscall command"

run_si --quick --compat 4.0 syscall
[ $rc -eq 2 ] || die "--compat 4.0: exit $rc, want 2"
grep -q -- '--compat' "$T/err" || die "--compat 4.0: no message"
