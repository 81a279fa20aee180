# The programs' protocol is written once (src/core/protocol.h): no source of
# src/ spells a line's word as a literal ("COUNT|...", strcmp(f, "SKIP")) nor
# compares an exit status with a bare number; the harness prints the lines
# (src/progs/lib/harness.c), the driver reads them (src/run/proto.c).
# src/reader/ is left out: it reads UnixBench's log, another format.
. tests/e2e/lib.sh
words='COUNT|TIME|METRIC|NOTE|ERROR|SKIP|START'
find src -name '*.[ch]' -type f ! -path src/core/protocol.h ! -path 'src/reader/*' | LC_ALL=C sort |
	xargs grep -nE "\"($words)(\\||\")" |
	grep -vE '^[^:]*:[0-9]+:[[:space:]]*(/?\*|//)' >"$T/words"
if [ -s "$T/words" ]; then cat "$T/words"; die "a protocol word written outside core/protocol.h"; fi
find src -name '*.[ch]' -type f ! -path 'src/progs/*' | LC_ALL=C sort |
	xargs grep -nE 'WEXITSTATUS\([^)]*\) *[!=]= *[1-9]' >"$T/codes"
if [ -s "$T/codes" ]; then cat "$T/codes"; die "a program's exit code as a bare number"; fi
# The check sees what it looks for: a copy with one of each is refused.
grep -q 'PROTOCOL_SKIP' src/run/proto.c || die "proto.c reads no PROTOCOL_SKIP"
printf 'x(void) { fprintf(stderr, "TIME|%%.1f\\n", t); }\n' | grep -qE "\"($words)(\\||\")" ||
	die "the word pattern misses a hand-printed line"
echo 'if (WEXITSTATUS(status) == 3)' | grep -qE 'WEXITSTATUS\([^)]*\) *[!=]= *[1-9]' ||
	die "the exit-code pattern misses a bare 3"
echo "PASS"
