# ./Run --repeat 2 runs its passes one after the other (issue 48): every
# sample of the first pass, over all three tests, starts before any of the
# second (the record's at_seconds and repeat_pass say so; passes taken in
# turns test by test would mix them).  A pass this short (about 10 s) is
# warned about: under 90 s its spread understates the runs'.  The
# prediction interval names what it predicts: the same command again.
. tests/e2e/lib.sh
F=$ROOT/build/fakepgms
[ -x "$F/fake-ok" ] || die "fakes not built (make check builds them)"
command -v python3 >/dev/null 2>&1 || skip "needs python3 to read the record"
for p in dhry2reg syscall pipe; do
	wrap_prog $p <<SH
exec "$F/fake-ok" 1 1000000
SH
done

run_driver --repeat 2 -i 3 -c 1 --duration 1 --settle 0 --testdir "$T" dhry2reg syscall pipe
[ $rc -eq 0 ] || die "--repeat 2: exit $rc"
r=$(report)
check_json "$r.json"
grep -q "sysindex: --repeat: each pass is planned at [0-9]* s, under the 90 s" "$T/err" ||
	die "no warning about passes under 90 s"
grep -q "^Next run's score (the same command: 2 passes again), 95% prediction interval: " "$r" ||
	die "the prediction interval does not say what it predicts"
[ "$(grep -c "^#### --repeat: pass [12] of 2$" "$r.log")" -eq 2 ] || die "the log's passes"
python3 - "$r.json" <<'PY' || die "the passes overlap in time"
import json, sys
d = json.load(open(sys.argv[1]))
at = {1: [], 2: []}
for t in d["runs"][0]["tests"]:
    for s in t["samples"]:
        assert s["at_seconds"] is not None and s["at_seconds"] >= 0, s
        at[s["repeat_pass"]].append(s["at_seconds"])
assert len(at[1]) == 9 and len(at[2]) == 9, at
# Each pass whole before the next: the first's last sample starts before the second's first.
assert max(at[1]) < min(at[2]), at
PY

# Quiet: no warning on stderr (the log still says it).
run_driver -q --repeat 2 -i 3 -c 1 --duration 1 --settle 0 --testdir "$T" dhry2reg syscall
[ $rc -eq 0 ] || die "-q --repeat 2: exit $rc"
grep -q "planned at" "$T/err" && die "-q printed the warning"
grep -q "^# a pass under 90 s shares the host's state" "$(report).log" || die "the log's note"
exit 0
