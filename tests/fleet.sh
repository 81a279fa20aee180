#!/bin/sh
# fleet.sh: contrib/ansible/fleet.yml for real, against three local "hosts"
# (ansible_connection=local, each with its own work folder), then the pdsh
# one-liner of docs/fleet.md through pdsh's exec module (make check-fleet).
#   hostA, hostB  copy, build, run a short quick run, fetch, compare
#   hostC         its command fails (an unknown test): recorded, not fatal
# The command is a group variable, so that hostC's own overrides it (an
# -e extra variable would override both).  Skips (says so, exit 0) without ansible-playbook; the pdsh part without pdsh.
set -u
cd "$(dirname "$0")/.." || exit 1
root=$(pwd)
command -v ansible-playbook >/dev/null 2>&1 ||
	{ echo "fleet: SKIPPED: ansible-playbook not installed (apt-get install ansible)"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysindex-fleet.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
fail() { echo "fleet: FAIL: $*"; [ -f "$tmp/pb.log" ] && tail -n 40 "$tmp/pb.log"; exit 1; }
py=$(command -v python3) || fail "python3 is needed by ansible"
cmd='./Run -q --quick -c 1 --no-charts dhry2reg pipe'

cat >"$tmp/hosts.ini" <<EOT
[bench]
hostA sysindex_dir=$tmp/work/hostA
hostB sysindex_dir=$tmp/work/hostB
hostC sysindex_dir=$tmp/work/hostC sysindex_cmd="./Run -q --quick no-such-test"
[bench:vars]
sysindex_cmd="$cmd"
ansible_connection=local
ansible_python_interpreter=$py
EOT

(cd "$tmp" && ANSIBLE_NOCOLOR=1 ANSIBLE_RETRY_FILES_ENABLED=0 \
	ansible-playbook -i hosts.ini "$root/contrib/ansible/fleet.yml" \
	-e sysindex_timeout=600 -e fleet_serial=1 \
	>"$tmp/pb.log" 2>&1) || fail "ansible-playbook exited $?"

for h in hostA hostB; do
	[ "$(cat "$tmp/fleet/$h/exit-status" 2>/dev/null)" = 0 ] || fail "$h: exit status $(cat "$tmp/fleet/$h/exit-status" 2>/dev/null)"
	set -- "$tmp/fleet/$h"/*.json
	[ -f "$1" ] || fail "$h: no .json fetched"
	[ -f "${1%.json}" ] && [ -f "${1%.json}.csv" ] && [ -f "${1%.json}.log" ] ||
		fail "$h: the text report, .csv or .log is missing beside $1"
	grep -q 'Dhrystone 2 using register variables' "${1%.json}" || fail "$h: no Dhrystone line in its report"
done
[ "$(cat "$tmp/fleet/hostC/exit-status" 2>/dev/null)" = 2 ] || fail "hostC: its failing command was not recorded (exit 2)"
grep -q 'unknown test' "$tmp/fleet/hostC/stderr.txt" 2>/dev/null ||
	grep -qi 'no-such-test' "$tmp/fleet/hostC/stderr.txt" 2>/dev/null || fail "hostC: its error message was not fetched"
head -n 1 "$tmp/fleet/compare.md" | grep -q 'hostA.*hostB' || fail "compare.md has no hostA and hostB columns"
grep -q '^| Pipe Throughput' "$tmp/fleet/compare.md" || fail "compare.md has no Pipe Throughput row"
grep -q 'Pipe Throughput' "$tmp/fleet/compare.txt" || fail "compare.txt has no Pipe Throughput row"
[ ! -e "$tmp/fleet/hostC/.json" ] || fail "hostC left a report"
echo "fleet: ansible: 3 hosts, 2 runs fetched and compared, 1 failure recorded"

# The pdsh line of docs/fleet.md, with the exec module standing in for ssh.
if command -v pdsh >/dev/null 2>&1; then
	pdsh -S -R exec -w hostA,hostB sh -c "cd $tmp/work/%h && rm -rf fleet-results && mkdir fleet-results && $cmd --results fleet-results" \
		>"$tmp/pdsh.log" 2>&1 || fail "pdsh: $(tail -n 5 "$tmp/pdsh.log")"
	for h in hostA hostB; do
		set -- "$tmp/work/$h/fleet-results"/*.json
		[ -f "$1" ] || fail "pdsh: $h wrote no report"
	done
	grep -q '^hostA: .*Pipe Throughput' "$tmp/pdsh.log" || fail "pdsh: no hostA-prefixed report lines"
	echo "fleet: pdsh: 2 hosts ran"
else
	echo "fleet: pdsh part skipped: pdsh not installed (apt-get install pdsh)"
fi
echo "fleet: 1 passed, 0 failed"
