#!/bin/sh
# memory-network.sh: sysindex's memory and net groups side by side with the
# tools people trust, alternating (A B, then B A, ...) on this machine.
#
#   bench/memory-network.sh [-r ROUNDS] [-d SECONDS] [--smoke] [PART ...]
#
#   -r ROUNDS   rounds per comparison (default 5)
#   -d SECONDS  seconds per measurement (default 10, iperf3's -t 10)
#   --smoke     -r 1 -d 1: checks that every step runs; the figures mean nothing
#   PART        mem lat tcp rr peer (default: all of them)
#
#   mem   mem-copy/scale/add/triad vs `stress-ng --stream 1` (its read+write
#         rate over the four kernels) and `sysbench memory
#         --memory-block-size=1M` (write and read, MiB/s of a 1 MiB block)
#   lat   mem-latency's curve vs the cache sizes sysfs reports
#   tcp   tcp-stream vs `iperf3 -c 127.0.0.1 -t SECONDS` (receiver),
#         tcp-stream-4 vs the same with -P 4
#   rr    tcp-rr vs bench/ref/tcp_rr.c (a bare 1-byte ping-pong, built here),
#         as the scheduler places the two ends and with both ends on one CPU
#         (taskset: the per-round-trip work alone, without the placement)
#   peer  (root) --peer across a veth pair between two network namespaces
#         made for the run vs iperf3 across the same pair
#
# Run it alone on an idle machine; it prints one line per measurement and a
# Markdown summary (median per side, ratio) for bench/memory-network.md.
# Needs python3 and a built tree (make); iperf3, stress-ng, sysbench and ip
# where their parts run (a missing one skips its part, with the reason).
set -u
root=$(CDPATH='' cd -- "$(dirname -- "$0")/.." && pwd)
rounds=5 secs=10
while [ $# -gt 0 ]; do
	case $1 in
	-r) rounds=$2; shift 2 ;;
	-d) secs=$2; shift 2 ;;
	--smoke) rounds=1 secs=1; shift ;;
	-h|--help) sed -n '2,27p' "$0"; exit 0 ;;
	-*) echo "usage: $0 [-r ROUNDS] [-d SECONDS] [--smoke] [mem lat tcp rr peer]" >&2; exit 2 ;;
	*) break ;;
	esac
done
[ $# -gt 0 ] || set -- mem lat tcp rr peer
command -v python3 >/dev/null 2>&1 || { echo "python3 is needed" >&2; exit 2; }
[ -x "$root/sysindex" ] && [ -x "$root/pgms/mem-stream" ] || { echo "build first: make" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysindex-memnet.XXXXXX") || exit 1
rows=$tmp/rows            # "part|what|side|value|unit" per measurement
pids= nsa= nsb=
finish() {
	for p in $pids; do kill "$p" 2>/dev/null; done
	[ -n "$nsa" ] && ip netns del "$nsa" 2>/dev/null
	[ -n "$nsb" ] && ip netns del "$nsb" 2>/dev/null
	rm -rf "$tmp"
}
trap finish EXIT
trap 'exit 1' INT TERM
: >"$rows"
started=$(date +%s)

row() {
	echo "$1|$2|$3|$4|$5" >>"$rows"
	v=$(printf '%.2f' "$4" 2>/dev/null) || v=$4
	printf '  %-6s %-34s %-10s %14s %s\n' "$1" "$2" "$3" "$v" "$5"
}
has() { command -v "$1" >/dev/null 2>&1 || { echo "  $2: skipped ($1 not installed)"; return 1; }; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# si PREFIX ARGS... TESTS: one sample of each test; prints "name score unit".
si() {
	pre=$1; shift
	rm -rf "$tmp/res" "$tmp/td"; mkdir -p "$tmp/res" "$tmp/td"
	$pre "$root/Run" -q --no-charts -c 1 -i 1 --settle 0 --duration "$secs" \
		--results "$tmp/res" --testdir "$tmp/td" "$@" >/dev/null 2>"$tmp/si.err"
	python3 - "$tmp"/res/*.json <<'PY'
import json, sys
for t in json.load(open(sys.argv[1]))["runs"][0]["tests"]:
    print(t["name"], t["score"] if t["status"] == "ok" else "failed", t["unit"])
PY
}

part_mem() {
	has stress-ng "mem vs stress-ng" || return 0
	has sysbench "mem vs sysbench" || return 0
	for r in $(seq "$rounds"); do
		for side in $( [ $((r % 2)) -eq 1 ] && echo "si sng sb" || echo "sb sng si"); do
			case $side in
			si)
				si "" mem-copy mem-scale mem-add mem-triad >"$tmp/m"
				while read -r n v u; do row mem "$n" sysindex "$v" "$u"; done <"$tmp/m"
				# The four kernels' bytes over their summed times, as one
				# round of stress-ng's loop moves them: 16+16+24+24 bytes.
				python3 - "$tmp/m" >"$tmp/c" <<'PY'
import sys
bw = {n: float(v) for n, v, u in (l.split() for l in open(sys.argv[1])) if v != "failed"}
b = {"mem-copy": 16, "mem-scale": 16, "mem-add": 24, "mem-triad": 24}
print(80 / sum(b[k] / bw[k] for k in b) if len(bw) == 4 else "failed")
PY
				row mem "4 kernels combined" sysindex "$(cat "$tmp/c")" MB/s
				si "" --mem-size 1M mem-copy >"$tmp/m"
				read -r n v u <"$tmp/m"
				row mem "mem-copy 1 MiB arrays (cache)" sysindex "$v" "$u" ;;
			sng)
				stress-ng --stream 1 -t "$secs" -v --metrics-brief >"$tmp/sng" 2>&1
				python3 - "$tmp/sng" >"$tmp/c" <<'PY'
import re, sys
m = re.search(r"memory rate: ([0-9.]+) MB read/sec, ([0-9.]+) MB write/sec", open(sys.argv[1]).read())
print(float(m.group(1)) + float(m.group(2)) if m else "n/a")
PY
				row mem "4 kernels combined" stress-ng "$(cat "$tmp/c")" "MB/s (read+write)" ;;
			sb)
				for op in write read; do
					sysbench memory --memory-block-size=1M --memory-total-size=100000G \
						--memory-oper=$op --time="$secs" run >"$tmp/sb" 2>&1
					v=$(sed -n 's/.*MiB transferred (\([0-9.]*\) MiB\/sec).*/\1/p' "$tmp/sb")
					row mem "1 MiB block $op" sysbench "${v:-n/a}" MiB/s
				done ;;
			esac
		done
	done
}

part_lat() {
	for r in $(seq "$rounds"); do
		rm -rf "$tmp/res" "$tmp/td"; mkdir -p "$tmp/res" "$tmp/td"
		"$root/Run" -q --no-charts -c 1 -i 1 --settle 0 --duration "$secs" --results "$tmp/res" \
			--testdir "$tmp/td" mem-latency >/dev/null 2>&1
		python3 - "$tmp"/res/*.json <<'PY' >"$tmp/lat"
import json, re, sys
t = json.load(open(sys.argv[1]))["runs"][0]["tests"][0]
m = {x["name"]: x["value"] for x in t["metrics"]}
def size(n):
    v, u = re.match(r"lat_(\d+)([KM])", n).groups()
    return int(v) << (10 if u == "K" else 20)
pts = sorted((size(n), v) for n, v in m.items() if n.startswith("lat_"))
caches = [(k, m[k] * 1024) for k in ("l1d", "l2", "l3", "l4") if k in m]
for (s, ns), prev in zip(pts, [None] + pts[:-1]):
    fits = next((k.upper() for k, c in caches if s <= c), "DRAM")
    jump = "  <- step" if prev and ns > 1.5 * prev[1] else ""
    print(f"{s >> 10} KiB|{ns:.2f}|{fits}{jump}")
PY
		while IFS='|' read -r s v f; do row lat "$s ($f)" sysindex "$v" ns; done <"$tmp/lat"
	done
	for d in /sys/devices/system/cpu/cpu0/cache/index*; do
		[ -r "$d/size" ] && echo "  sysfs: L$(cat "$d/level") $(cat "$d/type") $(cat "$d/size")"
	done
}

# iperf3_run CLIENT_PREFIX HOST PORT ARGS: iperf3's receiver Gbit/s.
iperf3_run() {
	$1 iperf3 -c "$2" -p "$3" -t "$secs" -J $4 >"$tmp/ip.json" 2>&1
	python3 -c 'import json,sys
try: print(json.load(open(sys.argv[1]))["end"]["sum_received"]["bits_per_second"] / 1e9)
except Exception: print("failed")' "$tmp/ip.json"
}

part_tcp() {
	has iperf3 "tcp vs iperf3" || return 0
	port=$(free_port)
	iperf3 -s -p "$port" >/dev/null 2>&1 &
	pids="$pids $!"
	sleep 0.5
	for r in $(seq "$rounds"); do
		for side in $( [ $((r % 2)) -eq 1 ] && echo "si ip" || echo "ip si"); do
			if [ "$side" = si ]; then
				si "" tcp-stream tcp-stream-4 >"$tmp/t"
				while read -r n v u; do row tcp "$n" sysindex "$v" "$u"; done <"$tmp/t"
			else
				row tcp "tcp-stream" "iperf3" "$(iperf3_run "" 127.0.0.1 "$port" "")" Gbit/s
				row tcp "tcp-stream-4" "iperf3" "$(iperf3_run "" 127.0.0.1 "$port" "-P 4")" Gbit/s
			fi
		done
	done
}

# A round trip costs several times more with its two ends on two CPUs than
# on one, so the free-running figures also measure where the scheduler put
# them; the pinned pair (both ends on the first allowed CPU) compares the
# per-round-trip work alone.
part_rr() {
	has cc "rr vs the reference loop" || return 0
	cc -O2 -o "$tmp/tcp_rr" "$root/bench/ref/tcp_rr.c" || { echo "  rr: the reference loop did not build"; return 0; }
	one=
	if command -v taskset >/dev/null 2>&1; then
		one=$(taskset -pc $$ | sed 's/.*: *//; s/[,-].*//')
		echo "  rr: pinned rows run both ends on CPU $one"
	else
		echo "  rr: pinned rows skipped (taskset not installed)"
	fi
	for r in $(seq "$rounds"); do
		for side in $( [ $((r % 2)) -eq 1 ] && echo "si ref" || echo "ref si"); do
			for pin in "" ${one:+"taskset -c $one"}; do
				what=tcp-rr${pin:+" (one CPU)"}
				if [ "$side" = si ]; then
					si "$pin" tcp-rr >"$tmp/t"
					read -r n v u <"$tmp/t"
					row rr "$what" sysindex "$v" "$u"
				else
					row rr "$what" "ref loop" "$($pin "$tmp/tcp_rr" "$secs")" tps
				fi
			done
		done
	done
}

part_peer() {
	[ "$(id -u)" -eq 0 ] || { echo "  peer: skipped (not root: no network namespaces)"; return 0; }
	has ip "peer" || return 0
	has iperf3 "peer vs iperf3" || return 0
	n=$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')
	nsa=sba$n nsb=sbb$n net=10.201.$((n % 256))
	ip netns add "$nsa" && ip netns add "$nsb" &&
		ip link add "$nsa" netns "$nsa" type veth peer name "$nsb" netns "$nsb" &&
		ip -n "$nsa" addr add "$net.1/30" dev "$nsa" && ip -n "$nsb" addr add "$net.2/30" dev "$nsb" &&
		ip -n "$nsa" link set "$nsa" up && ip -n "$nsb" link set "$nsb" up &&
		ip -n "$nsa" link set lo up && ip -n "$nsb" link set lo up ||
		{ echo "  peer: skipped (cannot build the veth pair)"; return 0; }
	ip netns exec "$nsb" "$root/sysindex" serve --bind "$net.2" --port 0 --token bench \
		>"$tmp/serve.out" 2>/dev/null &
	pids="$pids $!"
	iport=$(free_port)
	ip netns exec "$nsb" iperf3 -s -B "$net.2" -p "$iport" >/dev/null 2>&1 &
	pids="$pids $!"
	sleep 1
	sport=$(sed -n 's/^sysindex serve: listening on .* port \([0-9]*\) .*/\1/p' "$tmp/serve.out")
	mtu=$(ip netns exec "$nsa" cat "/sys/class/net/$nsa/mtu")
	echo "  peer: $nsa -> $nsb ($net.2), veth MTU $mtu"
	for r in $(seq "$rounds"); do
		for side in $( [ $((r % 2)) -eq 1 ] && echo "si ip" || echo "ip si"); do
			if [ "$side" = si ]; then
				si "ip netns exec $nsa" --peer "$net.2:$sport" --peer-token bench tcp-stream tcp-rr >"$tmp/t"
				while read -r n v u; do row peer "$n (veth)" sysindex "$v" "$u"; done <"$tmp/t"
			else
				row peer "tcp-stream (veth)" iperf3 \
					"$(iperf3_run "ip netns exec $nsa" "$net.2" "$iport" "")" Gbit/s
			fi
		done
	done
}

echo "sysindex memory/network comparison: $rounds round(s) of $secs s; $(uname -n), $(nproc) CPUs"
for p in "$@"; do
	case $p in
	mem|lat|tcp|rr|peer) echo "== $p"; "part_$p" ;;
	*) echo "unknown part $p (mem lat tcp rr peer)" >&2; exit 2 ;;
	esac
done

echo
echo "| Part | Measurement | Tool | Median | Unit | Runs |"
echo "|------|-------------|------|-------:|------|-----:|"
python3 - "$rows" <<'PY'
import statistics, sys
groups = {}
for line in open(sys.argv[1]):
    part, what, side, value, unit = line.rstrip("\n").split("|")
    groups.setdefault((part, what, side, unit), []).append(value)
for (part, what, side, unit), vals in groups.items():
    nums = [float(v) for v in vals if v not in ("failed", "n/a", "")]
    med = "%.1f" % statistics.median(nums) if nums else "n/a"
    print(f"| {part} | {what} | {side} | {med} | {unit} | {len(nums)}/{len(vals)} |")
PY
echo
echo "wall time: $(( $(date +%s) - started )) s"
