# `sysindex serve` and ./Run --peer on one machine (loopback): the net tests
# run against it and name the peer; a wrong token, a busy server, a port in
# use, a test past the caps, a peer that closes mid-test and one that stalls
# each give one line and a failed test while the run goes on; Ctrl-C ends the
# server and its sessions (exit 0, the port free again) and a run mid-test
# (nothing left behind).
# e2e: slow (30 s or more: tests/e2e/run.sh starts it first)
. tests/e2e/lib.sh
command -v python3 >/dev/null 2>&1 || skip "python3 is needed for the fake peers"
SI=$ROOT/sysindex
pids=
trap 'for p in $pids; do kill "$p" 2>/dev/null; done; cleanup' EXIT


start_serve --token tok --max-sessions 1
grep -q 'listening on 127.0.0.1 port .* (loopback only' "$T/serve.out" || die "does not say loopback"
grep -q '^sysindex serve: token tok$' "$T/serve.out" || die "token not printed"
run_si --quick --duration 1 -c 1 --peer "127.0.0.1:$port" --peer-token tok net
[ $rc -eq 0 ] || die "exit $rc"
r=$(report)
check_json "$r.json"
for t in "TCP Stream (1 x 128 KiB writes)" "TCP Stream (4 x 128 KiB writes)" \
	 "TCP Request/Response (1 byte)" "TCP Connect/Request/Response/Close" \
	 "UDP Request/Response (1 byte)"; do
	grep -q "^$t  *[0-9.]* .*\[peer 127.0.0.1:$port via lo, MTU [0-9]*\]" "$r" ||
		die "$t: no result naming the peer"
done
grep -q '^Unix Socket Stream .*SKIPPED' "$r" || die "unix-stream not skipped"
grep -q 'stream 1 s x 4: [1-9][0-9]* bytes' "$T/serve.err" || die "server log: $(cat "$T/serve.err")"
grep -q "$port --peer-token tok" "$r.log" && die "the token is in the log"

# A wrong token.
rm -rf "$RES"/*
run_si --quick --duration 1 -c 1 --peer "127.0.0.1:$port" --peer-token nope tcp-rr pipe
[ $rc -eq 1 ] || die "wrong token: exit $rc"
grep -q '^TCP Request/Response .*FAILED.*refused the session: wrong token' "$(report)" ||
	die "wrong token: no reason"
grep -q '^Pipe Throughput  *[0-9]' "$(report)" || die "wrong token: the run stopped"

# Busy: one session held open by a client that greets and waits.
python3 - "$port" >"$T/hold.out" 2>&1 <<'PY' &
import socket, sys, time
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
s.sendall(b"SYSINDEX1 tok\n")
print(s.recv(100).decode().strip(), flush=True)
time.sleep(6)
PY
hold=$!
pids="$pids $hold"
n=0; until grep -q OK "$T/hold.out"; do n=$((n+1)); [ $n -lt 50 ] || die "holder: $(cat "$T/hold.out")"; sleep 0.1; done
rm -rf "$RES"/*
run_si --quick --duration 1 -c 1 --peer "127.0.0.1:$port" --peer-token tok tcp-rr
grep -q '^TCP Request/Response .*FAILED.*refused the session: busy' "$(report)" || die "busy: no reason"

# A port in use: one line, exit 1.
"$SI" serve --port "$port" >"$T/dup.out" 2>"$T/dup.err"
[ $? -eq 1 ] || die "port in use: wrong exit"
grep -q "cannot listen on 127.0.0.1 port $port: Address already in use" "$T/dup.err" ||
	die "port in use: $(cat "$T/dup.err")"

# Ctrl-C: the held session is ended too, exit 0, the port is free again.
kids=$(ps -o pid= --ppid "$spid")
[ -n "$kids" ] || die "no session process for the held client"
kill -INT "$spid"
wait "$spid" || die "serve: exit $? after SIGINT"
grep -q 'sysindex serve: stopped' "$T/serve.err" || die "serve did not say it stopped"
for k in $kids; do kill -0 "$k" 2>/dev/null && die "session $k outlived the server"; done
kill "$hold" 2>/dev/null
start_serve --token tok --port "$port"
kill -TERM "$spid"; wait "$spid" || die "serve: exit $? after SIGTERM"

# The caps: a test longer than --max-seconds is refused, one past --max-bytes is cut.
start_serve --token tok --max-seconds 5 --max-bytes 1M
rm -rf "$RES"/*
run_si --quick --duration 6 -c 1 --peer "127.0.0.1:$port" --peer-token tok tcp-rr
grep -q '^TCP Request/Response .*FAILED.*refused the test: seconds must be 1 to 5' "$(report)" ||
	die "--max-seconds: no reason"
rm -rf "$RES"/*
run_si --quick --duration 2 -c 1 --peer "127.0.0.1:$port" --peer-token tok tcp-stream
grep -q '^TCP Stream (1 x .*FAILED.*byte cap of 1 MiB reached' "$(report)" || die "--max-bytes: no reason"
kill -TERM "$spid"; wait "$spid" || die "serve: exit $? after SIGTERM"

# Fake peers: greet, accept the test, then close the data connection early
# (close) or never read it and never answer (stall).
fake() {
	rm -f "$T/fake.port"
	python3 - "$1" >"$T/fake.port" 2>"$T/fake.err" <<'PY' &
import socket, sys, time
mode = sys.argv[1]
ls = socket.socket(); ls.bind(("127.0.0.1", 0)); ls.listen(4)
print(ls.getsockname()[1], flush=True)
c, _ = ls.accept(); f = c.makefile("rwb", buffering=0)
f.readline(); f.write(b"OK sysindex1\n")
f.readline()
ds = socket.socket(); ds.bind(("127.0.0.1", 0)); ds.listen(4)
f.write(b"OK %d 0123456789abcdef\n" % ds.getsockname()[1])
d, _ = ds.accept()
if mode == "close":
    d.recv(65536); time.sleep(0.3); d.close()
time.sleep(20)
PY
	fpid=$!
	pids="$pids $fpid"
	n=0; until [ -s "$T/fake.port" ]; do n=$((n+1)); [ $n -lt 50 ] || die "fake peer"; sleep 0.1; done
	fport=$(cat "$T/fake.port")
}
fake close
rm -rf "$RES"/*
run_si --quick --duration 3 -c 1 --peer "127.0.0.1:$fport" --peer-token x tcp-stream pipe
grep -q '^TCP Stream (1 x .*FAILED.*closed the connection mid-test' "$(report)" || die "close: no reason"
grep -q '^Pipe Throughput  *[0-9]' "$(report)" || die "close: the run stopped"
kill "$fpid" 2>/dev/null
fake stall
rm -rf "$RES"/*
run_si --quick --duration 1 -c 1 --peer "127.0.0.1:$fport" --peer-token x tcp-stream
grep -q '^TCP Stream (1 x .*FAILED.*stalled' "$(report)" || die "stall: no reason"
kill "$fpid" 2>/dev/null
no_strays

# Ctrl-C mid-test on a loopback run: no program, server or socket file left.
rm -rf "$RES"/*
"$ROOT/Run" --results "$RES" --testdir "$T/testdir" -q --duration 5 -i 1 -c 1 unix-stream tcp-rr \
	>"$T/out" 2>"$T/err" &
run=$!
sleep 2.5
kill -INT "$run"
wait "$run"
[ $? -eq 130 ] || die "interrupted run: exit not 130"
[ -z "$(ls "$T/testdir")" ] || die "left in the test dir: $(ls -R "$T/testdir")"
no_strays
