# During a sample the driver sleeps until the test program writes to stderr
# or exits, as UnixBench's runner (blocked in read) does: a stand-in for
# spawn counts the driver's voluntary context switches (its parent's) over a
# 3.5 s sleep.  Each wake-up adds one; the driver that polled every second
# and read /proc/<pid>/stat added three.  The run still ends at the exit,
# and the copy's CPU (read from its zombie) is in the JSON.
# e2e: alone (its checks need the machine to itself; tests/e2e/run.sh)
. tests/e2e/lib.sh
P=$T/pgms
mkdir -p "$P"
for f in "$ROOT"/pgms/*; do ln -s "$f" "$P/"; done
rm -f "$P/spawn"
cat >"$P/spawn" <<SH
#!/bin/sh
cs() { sed -n 's/^voluntary_ctxt_switches:[[:space:]]*//p' /proc/\$PPID/status; }
a=\$(cs); sleep 3.5; b=\$(cs)
echo "\$a \$b" >"$T/cs"
echo "COUNT|100|1|lps" >&2
SH
chmod +x "$P/spawn"
note "stand-in spawn in $P"
start=$(date +%s)
SYSINDEX_PGMDIR=$P "$ROOT/sysindex" --results "$RES" --testdir "$T/testdir" \
	-i 1 -c 1 --duration 3 --settle 0 spawn >"$T/out" 2>"$T/err"
rc=$?
cat "$T/out" "$T/err"
[ $rc -eq 0 ] || die "exit $rc"
[ -s "$T/cs" ] || die "the stand-in did not run"
read -r a b <"$T/cs" || die "no counts"
note "driver's voluntary context switches: $a then $b"
[ $((b - a)) -le 1 ] || die "the driver woke $((b - a)) times in 3.5 s"
[ $(( $(date +%s) - start )) -lt 30 ] || die "the run did not end at the exit"
r=$(report)
grep -q '"cpu": *[0-9]' "$r.json" || die "no copy CPU in $r.json"
echo "PASS"
