# --redact: no hostname, test-dir path, results path, $HOME path, clone or
# programs path (the clone is not under $HOME) or host id in any file written
# (contents and names), and compare still reads the run.
# Under a private UTS namespace (when allowed) the hostname is one no other
# text can hold by chance.
. tests/e2e/lib.sh
mkdir -p "$T/home/bench dir" "$T/home/res"
HOME=$T/home
export HOME
host=$(hostname)
pre=
if unshare -u true 2>/dev/null; then
	host=si-redact-probe-$$
	pre="unshare -u sh -c 'hostname $host && exec \"\$0\" \"\$@\"'"
fi
# The host id, from a run that is not redacted.
"$ROOT/Run" --quick -c 1 --progress none --results "$RES" --testdir "$T/testdir" syscall \
	>/dev/null 2>&1 || die "plain run failed"
hid=$(sed -n '/"host_identity"/,/}/s/.*"id": "\([0-9a-f]*\)".*/\1/p' "$RES"/*.json)
rm -rf "$RES"/*
# The run goes through a clone under /tmp ($T/clone: links to this built
# tree), not under $HOME: its path and the programs' must not show either.
CL=$T/clone
mkdir -p "$CL"
for f in Run Makefile src sysindex pgms build; do ln -s "$ROOT/$f" "$CL/$f"; done
run() { eval "$pre" '"$CL/Run"' '"$@"'; }
run --quick -c 1 --redact --results "$T/home/res" --testdir "$T/home/bench dir" \
	syscall fsbuffer >"$T/out" 2>"$T/err" || { cat "$T/err"; die "redacted run failed"; }
cat "$T/err"
n=$(ls "$T/home/res" | wc -l)
[ "$n" -ge 6 ] || die "only $n result files"
ls "$T/home/res" | grep -q "^host-1-" || die "result names do not start with host-1"
ls "$T/home/res" | grep -F -q "$host" && die "hostname in a result file name"
for f in "$T/home/res"/* "$T/out"; do
	# A PNG is compressed bytes: a short hostname ("vm") turns up in one by
	# chance (the chart's text is checked in its SVG twin).
	skip_host=
	case $f in *.png) [ ${#host} -ge 8 ] || skip_host=1 ;; esac
	[ -z "$skip_host" ] && grep -a -w -F -q "$host" "$f" && die "hostname in $f"
	grep -a -F -q "$T" "$f" && die "a path under the test's folder (home, test dir, results) in $f"
	# The clone is not under $HOME here: its path (programs, build) is redacted too.
	grep -a -F -q "$ROOT" "$f" && die "the clone's path $ROOT in $f: $(grep -a -F "$ROOT" "$f" | head -n 3)"
	[ -n "$hid" ] && grep -a -F -q "$hid" "$f" && die "host id in $f"
done
grep -q '<testdir-1>' "$T/home/res"/*.log || die "no <testdir-1> placeholder in the log"
grep -q '<programs>/syscall' "$T/home/res"/*.log || die "no <programs> placeholder in the log"
grep -q '"hostname": "host-1"' "$T/home/res"/*.json || die "no host-1 in the JSON"
# The kernel command line (hosts, addresses, disks) goes whole.
if [ -r /proc/cmdline ]; then
	grep -q '^   Kernel command line: <redacted>$' "$T/home/res/$(ls "$T/home/res" | grep -v '\.' | head -n 1)" ||
		die "the kernel command line is not redacted in the text report"
	grep -q '"kernel_cmdline": "<redacted>"' "$T/home/res"/*.json || die "kernel_cmdline in the JSON"
fi
base=$(ls "$T/home/res" | grep -v '\.' | head -n 1)
"$ROOT/Run" compare "$T/home/res/$base" "$T/home/res/$base.json" >"$T/cmp" 2>&1 \
	|| { cat "$T/cmp"; die "compare cannot read the redacted run"; }
grep -q 'System Call Overhead' "$T/cmp" || die "compare shows no test"
echo "ok ($n files, host id ${hid:-none})"
