# --progress: off a terminal, one plain line per test start and result on
# stderr (as UnixBench prints its progress); none shows none; a bad value is
# one line and exit 2.
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
