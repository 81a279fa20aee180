# Issue 41, defect 1: strangers on `sysindex serve`'s data port.  Idle
# connections that never send the cookie (a few opened before the client's
# streams, more than the server has slots, and a squatter opening one every
# 0.3 s from DONE on) neither take a stream's place nor delay the RESULT:
# it comes within 2 s of DONE with every byte the client sent, on the
# one-stream path and on the poll loop of several streams.  Every loop is
# bounded in count (at most 40 connections per round) and time (12 s); only
# 127.0.0.1 is used.  60 strangers with a wrong token log 20 lines and a count.
# e2e: slow (30 s or more: tests/e2e/run.sh starts it first)
. tests/e2e/lib.sh
command -v python3 >/dev/null 2>&1 || skip "python3 is needed for the strangers"
SI=$ROOT/sysindex
pids=
trap 'for p in $pids; do kill "$p" 2>/dev/null; done; cleanup' EXIT

cat >"$T/squat.py" <<'PY'
import socket, sys, threading, time
port, streams, before = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
s = socket.create_connection(("127.0.0.1", port), timeout=30)
f = s.makefile("rwb", buffering=0)
f.write(b"SYSINDEX1 tok\n")
assert f.readline().startswith(b"OK"), "no OK"
f.write(b"TEST stream 3 %d\n" % streams)
ok, dport, cookie = f.readline().split()
dport = int(dport)
idle = []
def stranger():
    try: idle.append(socket.create_connection(("127.0.0.1", dport), timeout=2))
    except OSError: pass
for _ in range(before):          # silent strangers first, more than the slots
    stranger()
ds = []
for _ in range(streams):
    d = socket.create_connection(("127.0.0.1", dport), timeout=10)
    d.sendall(cookie); ds.append(d)
end, sent = time.time() + 1, 0
while time.time() < end:
    for d in ds:
        d.sendall(b"s" * 65536); sent += 65536
for d in ds: d.close()
stop = threading.Event()
def squatter():                  # one idle connection every 0.3 s, 40 at most
    for _ in range(40):
        if stop.wait(0.3): return
        stranger()
t = threading.Thread(target=squatter); t.start()
time.sleep(0.7)                  # two of them are in before DONE
t0 = time.time()
f.write(b"DONE\n")
line = f.readline().decode().strip()
took = time.time() - t0
stop.set(); t.join()
print(line, sent, "%.1f" % took, len(idle))
PY

start_serve --token tok --max-seconds 5
for streams in 1 4; do
	out=$(timeout 30 python3 "$T/squat.py" "$port" "$streams" 40) || die "squat $streams: $out"
	echo "$streams stream(s): $out"
	set -- $out
	[ "$1" = RESULT ] || die "$streams stream(s): no result with strangers on the data port: $out"
	[ "$2" -eq "$5" ] || die "$streams stream(s): the streams lost bytes to strangers: $out"
	awk -v t="$6" 'BEGIN { exit !(t < 2) }' ||
		die "$streams stream(s): strangers delayed the result by $6 s: $out"
done
kill -0 "$spid" || die "the server died"

# 60 strangers with a wrong token: the log grows by at most 20 lines per 10 s,
# then one line with the count of the others.
timeout 30 python3 - "$port" <<'PY' || die "wrong-token strangers"
import socket, sys
for _ in range(60):
    s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=5)
    s.sendall(b"SYSINDEX1 wrong\n"); s.recv(99); s.close()
PY
kill -TERM "$spid"; wait "$spid" || die "serve: exit $? after SIGTERM"
n=$(grep -c 'dropped a connection from 127.0.0.1:[0-9]*: wrong token' "$T/serve.err")
[ "$n" -eq 20 ] || die "$n lines for 60 strangers, want 20: the log grows with a flood"
grep -q '^sysindex serve: 40 more connections dropped or refused in 10 s' "$T/serve.err" ||
	die "no count of the strangers not logged: $(tail -n 3 "$T/serve.err")"
no_strays
exit 0
