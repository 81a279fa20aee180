# Test programs that crash, hang, print garbage or nothing, exit non-zero or
# leave orphans are killed, reported as failed with the reason, and the run
# goes on to a (partial) report.  No process is left behind.
. tests/e2e/lib.sh
F=$ROOT/build/fakepgms
[ -x "$F/fake-hang" ] || die "fakes not built (make check builds them)"
P=$T/pgms
mkdir -p "$P"
for f in "$ROOT"/pgms/*; do ln -s "$f" "$P/"; done
# Replace some programs with misbehaving fakes.
for pair in pipe:fake-crash syscall:fake-hang spawn:fake-garbage execl:fake-silent \
	    context1:fake-exit hanoi:fake-orphan dhry2reg:fake-flood arithoh:fake-skip \
	    short:fake-error; do
	rm -f "$P/${pair%%:*}"
	ln -s "$F/${pair#*:}" "$P/${pair%%:*}"
done
export SYSINDEX_PGMDIR=$P
note "fakes in $P"
"$ROOT/sysindex" --results "$RES" --testdir "$T/testdir" --quick --grace 1 -c 1 \
	pipe syscall spawn execl context1 hanoi dhry2reg arithoh short int >"$T/out" 2>"$T/err"
rc=$?
cat "$T/out" "$T/err"
[ $rc -eq 1 ] || die "exit $rc, want 1 (tests failed)"
r=$(report)
expect_files "$r"
check_json "$r.json"
want() { grep -q "^$1 .*$2" "$r" || die "report lacks '$1 ... $2'"; }
want "Pipe Throughput" "FAILED.*signal 11"
want "System Call Overhead" "FAILED.*did not finish"
want "Process Creation" "FAILED.*unexpected output: hello world"
want "Execl Throughput" "FAILED.*printed no result"
want "Pipe-based Context Switching" "FAILED.*status 7"
want "Dhrystone 2 using register variables" "FAILED.*more than"
want "Arithoh" "SKIPPED.*not supported here"
want "Arithmetic Test (short)" "FAILED.*disk on fire"
# hanoi (fake-orphan) itself succeeds; its orphan must be gone.
grep -q "^Recursion Test -- Tower of Hanoi  *1000.0\|^Recursion Test -- Tower of Hanoi  *[0-9]" "$r" || die "hanoi result"
grep -q "^Arithmetic Test (int)  *[0-9]" "$r" || die "the run did not go on to int"
no_strays
