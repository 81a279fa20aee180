# Issue 24, defects 2, 3, 5, 8, 9 and the protocol's messages: `sysindex
# serve` and the net clients against hostile peers on loopback.  Strangers
# trickling empty lines cannot hold the slots; a flood of empty lines
# crashes neither side; a silent data connection cannot take the stream; an
# impossible RESULT is refused; an rr client that never reads cannot hold the
# server past its cap; numbers do not wrap; IPv6 peers print as [::1]:port.
# Every loop is bounded in count and time; only 127.0.0.1 and ::1 are used.
# e2e: slow (30 s or more: tests/e2e/run.sh starts it first)
. tests/e2e/lib.sh
command -v python3 >/dev/null 2>&1 || skip "python3 is needed for the hostile peers"
SI=$ROOT/sysindex
pids=
trap 'for p in $pids; do kill "$p" 2>/dev/null; done; cleanup' EXIT

cat >"$T/peer.py" <<'PY'
import socket, sys, time
mode, port = sys.argv[1], int(sys.argv[2])
TOK = b"tok"
def ctl():
    s = socket.create_connection(("127.0.0.1", port), timeout=30)
    f = s.makefile("rwb", buffering=0)
    f.write(b"SYSINDEX1 " + TOK + b"\n")
    assert f.readline().startswith(b"OK"), "no OK"
    return s, f
if mode == "trickle":          # 4 strangers, an empty line every 2.5 s, for 10 s
    ss = [socket.create_connection(("127.0.0.1", port)) for _ in range(4)]
    end = time.time() + 10
    while time.time() < end:
        for s in ss:
            try: s.sendall(b"\n")
            except OSError: pass
        time.sleep(2.5)
elif mode == "flood":          # 3 MB of empty lines, then the server must still answer
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    try: s.sendall(b"\n" * (3 << 20))
    except OSError: pass
    print(s.recv(200).decode().strip())
elif mode == "long":           # a 300-byte greeting
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.sendall(b"SYSINDEX1 " + b"x" * 290 + b"\n")
    print(s.recv(200).decode().strip())
elif mode == "wrap":           # seconds that would wrap to 1
    s, f = ctl()
    f.write(b"TEST stream 4294967297 1\n")
    print(f.readline().decode().strip())
elif mode == "silent":         # a silent connection first, then the real stream
    s, f = ctl()
    f.write(b"TEST stream 2 1\n")
    ok, dport, cookie = f.readline().split()
    quiet = socket.create_connection(("127.0.0.1", int(dport)))
    time.sleep(0.3)
    d = socket.create_connection(("127.0.0.1", int(dport)))
    d.sendall(cookie)
    end, sent = time.time() + 2, 0
    while time.time() < end:
        d.sendall(b"s" * 65536); sent += 65536
    d.close()
    t0 = time.time()
    f.write(b"DONE\n")
    print(f.readline().decode().strip(), sent, "%.1f" % (time.time() - t0))
elif mode == "noread":         # rr requests, never reading an answer
    s, f = ctl()
    t0 = time.time()
    f.write(b"TEST rr 2 1\n")
    ok, dport, cookie = f.readline().split()
    d = socket.create_connection(("127.0.0.1", int(dport)))
    d.sendall(cookie)
    d.settimeout(0.2)
    end = time.time() + 4
    while time.time() < end:
        try: d.send(b"r" * 4096)
        except OSError: time.sleep(0.05)
    f.write(b"DONE\n")
    print(f.readline().decode().strip(), "%.0f" % (time.time() - t0))
elif mode in ("fakeflood", "fakeresult", "fakeport"):   # a fake server for the clients
    ls = socket.socket(); ls.bind(("127.0.0.1", port)); ls.listen(4)
    print(ls.getsockname()[1], flush=True)
    c, _ = ls.accept(); c.settimeout(30); f = c.makefile("rwb", buffering=0)
    f.readline()
    if mode == "fakeflood":
        try: f.write(b"\n" * (3 << 20))
        except OSError: pass
        time.sleep(2); sys.exit(0)
    f.write(b"OK sysindex1\n"); f.readline()
    if mode == "fakeport":     # a data port that would wrap to the real one
        ds = socket.socket(); ds.bind(("127.0.0.1", 0)); ds.listen(4)
        f.write(b"OK %d 0123456789abcdef\n" % (ds.getsockname()[1] + (1 << 32)))
        time.sleep(3); sys.exit(0)
    ds = socket.socket(); ds.bind(("127.0.0.1", 0)); ds.listen(4)
    f.write(b"OK %d 0123456789abcdef\n" % ds.getsockname()[1])
    d, _ = ds.accept(); d.settimeout(30)
    while True:
        b = d.recv(1 << 17)
        if not b: break
    f.readline()
    f.write(b"RESULT 150000000000000000 0 0.000000001\n")
    time.sleep(2)
PY

# start_serve ARGS...: a server in the background; sets $spid and $port.
peer() { timeout 40 python3 "$T/peer.py" "$@"; }

start_serve --token tok --max-sessions 1 --max-seconds 5
grep -q 'warning: a 3-character token is easy to guess' "$T/serve.err" || die "no weak-token warning"

# Defect 2: four strangers trickling empty lines do not lock a client out.
peer trickle "$port" & pids="$pids $!"
sleep 1
run_si --quick --duration 1 -c 1 --peer "127.0.0.1:$port" --peer-token tok tcp-rr
[ $rc -eq 0 ] || die "a client was locked out by strangers (exit $rc)"
grep -q 'busy' "$(report)" && die "busy while strangers held connections"
sleep 6
[ "$(grep -c 'dropped a connection from 127.0.0.1:[0-9]*: no greeting in time' "$T/serve.err")" -ge 4 ] ||
	die "the tricklers were not dropped at the deadline: $(cat "$T/serve.err")"

# Defect 3: 3 MB of empty lines: told, dropped, the server still serves.
out=$(peer flood "$port") || die "flood peer: $out"
echo "$out" | grep -q '^ERR greeting too long' || die "flood: $out"
kill -0 "$spid" || die "the server died of the flood"
out=$(peer long "$port")
echo "$out" | grep -q '^ERR greeting too long' || die "300-byte greeting: $out"
grep -q 'no greeting in time.*\(300\|long\)' "$T/serve.err" && die "a long greeting logged as a timeout"

# TEST numbers do not wrap.
out=$(peer wrap "$port")
[ "$out" = "ERR seconds must be 1 to 5" ] || die "4294967297 s: $out"

# Defect 5: a silent data connection does not take the stream.
out=$(peer silent "$port") || die "silent: $out"
echo "$out"
set -- $out
[ "$1" = RESULT ] && [ "$2" -eq "$5" ] || die "the real stream lost bytes to a stranger: $out"

# Defect 9: an rr client that never reads cannot hold the server past its cap.
out=$(peer noread "$port") || die "noread: $out"
echo "$out"
set -- $out
[ "$1" = RESULT ] && [ "$5" -le 14 ] || die "the server was held: $out"
kill -0 "$spid" || die "the server died"
kill -TERM "$spid"; wait "$spid"

# Defects 3 and 8 on the client side: a fake server's flood and its lies.
for mode in fakeflood fakeresult fakeport; do
	rm -f "$T/fake.port"
	python3 "$T/peer.py" "$mode" 0 >"$T/fake.port" 2>"$T/fake.err" & fpid=$!
	pids="$pids $fpid"
	n=0; until [ -s "$T/fake.port" ]; do n=$((n+1)); [ $n -lt 50 ] || die "fake peer"; sleep 0.1; done
	rm -rf "$RES"/*
	test=tcp-rr; [ $mode = fakeresult ] && test=tcp-stream
	run_si --quick --duration 1 -c 1 --peer "127.0.0.1:$(cat "$T/fake.port")" --peer-token x $test pipe
	r=$(report)
	grep -q '^TCP .*FAILED' "$r" || die "$mode: the test did not fail"
	grep -qi 'signal\|segmentation\|crash' "$r" && die "$mode: the client crashed"
	[ $mode = fakeresult ] && { grep -q 'impossible result' "$r" || die "an impossible result was believed"; }
	[ $mode = fakeport ] && { grep -q 'bad data port' "$r" || die "a wrapping data port was used"; }
	grep -q '^Pipe Throughput  *[0-9]' "$r" || die "$mode: the run stopped"
	kill "$fpid" 2>/dev/null
done

# IPv6 peers print in brackets.
if python3 -c 'import socket; s=socket.socket(socket.AF_INET6); s.bind(("::1",0))' 2>/dev/null; then
	start_serve --token tokentokentokentoken --bind ::1
	python3 -c "import socket,sys; s=socket.create_connection(('::1',$port)); s.sendall(b'SYSINDEX1 no\n'); s.recv(99)"
	sleep 0.3
	grep -q 'dropped a connection from \[::1\]:[0-9]*: wrong token' "$T/serve.err" ||
		die "IPv6 peer: $(cat "$T/serve.err")"
	kill -TERM "$spid"; wait "$spid"
else
	note "no IPv6 loopback: the bracket check is skipped"
fi
no_strays
exit 0
