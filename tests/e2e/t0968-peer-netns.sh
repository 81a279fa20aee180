# ./Run --peer between two network namespaces joined by a veth pair that this
# test creates and removes (root only): `sysindex serve --bind` in one, the
# net tests in the other, every result naming the peer and the veth path with
# its MTU.  The addresses (10.200.N.1/30 and .2/30) exist only inside these
# two namespaces; nothing else on the machine is touched.
. tests/e2e/lib.sh
[ "$(id -u)" -eq 0 ] || skip "not root: cannot create network namespaces"
command -v ip >/dev/null 2>&1 || skip "ip (iproute2) is not installed"
n=$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')
A=sia$n B=sib$n NET=10.200.$((n % 256))
spid=
teardown() {
	[ -n "$spid" ] && kill "$spid" 2>/dev/null && wait "$spid" 2>/dev/null
	ip netns del "$A" 2>/dev/null
	ip netns del "$B" 2>/dev/null   # the veth pair goes with its namespaces
	cleanup
}
trap teardown EXIT
ip netns add "$A" 2>"$T/ns.err" || skip "cannot create a network namespace: $(cat "$T/ns.err")"
ip netns add "$B" || die "second namespace"
ip link add "$A" netns "$A" type veth peer name "$B" netns "$B" 2>"$T/ns.err" ||
	skip "cannot create a veth pair: $(cat "$T/ns.err")"
ip -n "$A" addr add "$NET.1/30" dev "$A" && ip -n "$B" addr add "$NET.2/30" dev "$B" &&
	ip -n "$A" link set "$A" up && ip -n "$B" link set "$B" up &&
	ip -n "$A" link set lo up && ip -n "$B" link set lo up || die "cannot configure the veth pair"

ip netns exec "$B" "$ROOT/sysindex" serve --bind "$NET.2" --port 0 --token nstok \
	>"$T/serve.out" 2>"$T/serve.err" &
spid=$!
i=0
until grep -q 'listening on' "$T/serve.out" 2>/dev/null; do
	i=$((i + 1)); [ $i -lt 100 ] || die "serve did not start: $(cat "$T/serve.err")"
	sleep 0.1
done
grep -q "listening on $NET.2 port .* (reachable from other hosts" "$T/serve.out" ||
	die "serve does not say it is reachable: $(cat "$T/serve.out")"
port=$(sed -n 's/^sysindex serve: listening on .* port \([0-9]*\) .*/\1/p' "$T/serve.out")
note "./Run --peer $NET.2:$port in $A"
ip netns exec "$A" "$ROOT/Run" --results "$RES" --testdir "$T/testdir" --quick --duration 1 -c 1 \
	--peer "$NET.2:$port" --peer-token nstok tcp-stream tcp-stream-4 tcp-rr tcp-crr udp-rr \
	>"$T/out" 2>"$T/err"
rc=$?
cat "$T/out" "$T/err"
[ $rc -eq 0 ] || die "exit $rc"
r=$(report)
check_json "$r.json"
mtu=$(ip netns exec "$A" cat "/sys/class/net/$A/mtu")
[ "$(grep -c "\[peer $NET.2:$port via $A, MTU $mtu\]" "$r")" -eq 5 ] ||
	die "not every result names the peer and the path via $A, MTU $mtu"
kill "$spid"; wait "$spid"; rc=$?
spid=
[ $rc -eq 0 ] || die "serve exit $rc after SIGTERM"
no_strays
