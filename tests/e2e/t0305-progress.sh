# --progress: off a terminal, one plain line per test start and result on
# stderr (as UnixBench prints its progress), a paired run's naming the
# directory; the live line is cleared before a message; none shows none; a
# bad value is one line and exit 2.
. tests/e2e/lib.sh
run_si --quick -c 1 syscall pipe
[ $rc -eq 0 ] || die "quick run: exit $rc"
grep -q '^1 x System Call Overhead: started, .*ETA [0-9]*m[0-9]*s$' "$T/err" \
	|| die "no start line for syscall"
grep -q '^1 x Pipe Throughput: [0-9.]* lps, ETA [0-9]*m[0-9]*s$' "$T/err" \
	|| die "no result line for pipe"
[ "$(grep -c '^1 x ' "$T/err")" -eq 4 ] || die "want 4 progress lines (2 tests x start, result)"
grep -q "$(printf '\r')" "$T/err" && die "a carriage return in plain progress"
grep -q '^1 x ' "$T/out" && die "progress on stdout"
# A missing cgroup cpu controller is a normal machine: said in the header, no warning.
r=$(report)
if grep -q '^   Interference not measured: .*cgroup throttling: not available' "$r"; then
	grep -q 'cgroup throttling' "$T/err" && die "a missing cpu controller warned on stderr"
fi
rm -rf "$RES"/*
# The live line is cleared before a message, which starts a line of its own.
run_si --quick -c 1 --duration 1 --progress line -v syscall
[ $rc -eq 0 ] || die "--progress line -v: exit $rc"
grep -q '  copy 1: COUNT' "$T/err" || die "no -v copy line"
grep -q 'ETA [0-9hms]*  copy 1' "$T/err" && die "a message glued onto the live line"
rm -rf "$RES"/*
# Paired: each result line names its directory.
mkdir -p "$T/a" "$T/b"
run_si --quick -c 1 --duration 1 --testdir "a=$T/a" --testdir "b=$T/b" fsbuffer
[ $rc -eq 0 ] || die "paired: exit $rc"
for d in a b; do
	grep -q "^1 x File Copy 256 bufsize 500 maxblocks \[$d\]: [0-9.]* KBps, ETA" "$T/err" ||
		die "no paired result line for directory $d"
done
rm -rf "$RES"/*
run_si --quick -c 1 --progress none syscall
[ $rc -eq 0 ] || die "--progress none: exit $rc"
grep -q '^1 x ' "$T/err" && die "--progress none printed progress"
rm -rf "$RES"/*
run_si --progress sometimes syscall
[ $rc -eq 2 ] || die "bad --progress: exit $rc, want 2"
[ "$(wc -l <"$T/err")" -eq 1 ] || die "bad --progress: want one line"
[ -z "$(ls "$RES")" ] || die "bad --progress wrote results"
echo "ok"
