# Many copies on a 2-CPU machine: -c 64 completes and reports 64 copies, every
# multi-copy sample says how far apart its copies began (the start gate), and
# when the user may not have that many processes (ulimit -u, as nobody) the
# test fails with the reason instead of the run crashing or hanging.
. tests/e2e/lib.sh
run_si --quick -c 64 -b dhry2reg spawn
[ $rc -eq 0 ] || die "exit $rc with -c 64"
r=$(report)
expect_files "$r"
grep -q 'running 64 parallel copies of tests' "$r" || die "the report does not say 64 copies"
grep -q '^Dhrystone 2 using register variables  *[0-9]' "$r" || die "no Dhrystone result"
grep -q '^Process Creation  *[0-9]' "$r" || die "no Process Creation result"
n=$(grep -c '^# start spread: [0-9.]* ms between the first and last of 64 copies' "$r.log")
[ "$n" -ge 2 ] || die "$n start-spread lines in the log for 2 tests"
if command -v python3 >/dev/null 2>&1; then
	python3 - "$r.json" <<'PY' || die "start_spread_seconds missing or odd in the JSON"
import json, sys
d = json.load(open(sys.argv[1]))
run = [x for x in d['runs'] if x['copies'] == 64][0]
for t in run['tests']:
    for s in t['samples']:
        v = s['start_spread_seconds']
        assert v is not None and 0 <= v < 5, (t['name'], v)
        assert len(s['copies']) == 64
PY
fi
no_strays

# As nobody, with room for only 20 processes: copies cannot all start.
[ "$(id -u)" = 0 ] || { note "not root: the process-limit half is skipped"; exit 0; }
id nobody >/dev/null 2>&1 || { note "no user nobody: the process-limit half is skipped"; exit 0; }
for c in setpriv prlimit; do
	command -v $c >/dev/null 2>&1 || { note "no $c: the process-limit half is skipped"; exit 0; }
done
# nobody's own copy of the driver and programs, in folders it can reach.
inst=$T/inst
mkdir -p "$inst" "$T/res2" "$T/td2" && cp "$ROOT/sysindex" "$inst/" && cp -R "$ROOT/pgms" "$inst/pgms" ||
	die "cannot copy the programs"
chmod 711 "$T" && chmod -R a+rX "$inst" && chown nobody "$T/res2" "$T/td2" || die "chmod/chown"
note "as nobody, prlimit --nproc=20: sysindex --quick -c 64 spawn"
HOME=/nonexistent SYSINDEX_PGMDIR=$inst/pgms setpriv --reuid=nobody --regid="$(id -gn nobody)" \
	--clear-groups prlimit --nproc=20:20 "$inst/sysindex" \
	--results "$T/res2" --testdir "$T/td2" --quick -c 64 -b spawn >"$T/out2" 2>"$T/err2"
rc=$?
cat "$T/out2" "$T/err2"
[ $rc -ne 0 ] && [ $rc -ne 1 ] && [ $rc -ne 3 ] && die "exit $rc: not a run with a failed test"
r2=$(ls "$T/res2" | grep -v '\.' | head -n 1)
[ -n "$r2" ] || die "no report written under the process limit"
grep -Eq '^Process Creation  *FAILED .*(EAGAIN|Resource temporarily unavailable)' "$T/res2/$r2" ||
	die "Process Creation is not reported failed with EAGAIN's reason"
no_strays
