# The memory and net groups over loopback: one short run of all eleven tests,
# each with a positive figure, its unit, its category, the cache sizes, the
# latency curve in every report format and the path of the net tests; compare
# reads the report back.  Bad sizes and peers: one line before anything runs,
# or (a size that does not fit, a peer that refuses) the test fails with the
# reason and the run goes on.  Nothing is left behind.
. tests/e2e/lib.sh
command -v python3 >/dev/null 2>&1 || skip "python3 is needed to check the JSON"
run_si --quick --duration 1 -c 1 --mem-size 16M memory net
[ $rc -eq 0 ] || die "exit $rc"
r=$(report)
expect_files "$r"
check_json "$r.json"
python3 - "$r.json" <<'PY' || die "JSON check failed"
import json, os, sys
have_sysfs = os.path.isdir("/sys/devices/system/cpu/cpu0/cache/index0")
want = {
    "mem-copy": ("MB/s", "memory"), "mem-scale": ("MB/s", "memory"),
    "mem-add": ("MB/s", "memory"), "mem-triad": ("MB/s", "memory"),
    "mem-latency": ("ns", "memory"),
    "tcp-stream": ("Gbit/s", "network"), "tcp-stream-4": ("Gbit/s", "network"),
    "unix-stream": ("Gbit/s", "network"), "tcp-rr": ("tps", "network"),
    "tcp-crr": ("tps", "network"), "udp-rr": ("tps", "network"),
}
tests = {t["name"]: t for t in json.load(open(sys.argv[1]))["runs"][0]["tests"]}
bad = []
for name, (unit, cat) in want.items():
    t = tests.get(name)
    if t is None:
        bad.append(name + ": missing"); continue
    if t["status"] != "ok" or not t["score"] > 0 or t["unit"] != unit or t["category"] != cat:
        bad.append(f"{name}: {t['status']} {t['score']} {t['unit']} {t['category']}")
    m = {x["name"]: x for x in t["metrics"]}
    if cat == "memory" and have_sysfs and not any(k in m for k in ("l1d", "l2", "l3")):
        bad.append(name + ": no cache sizes although sysfs has them")
    if name.startswith("mem-") and name != "mem-latency" and m.get("array_mib", {}).get("value") != 16:
        bad.append(name + ": array_mib is not the --mem-size")
    if name.startswith("tcp") or name == "udp-rr":
        if not t["note"].startswith("loopback 127.0.0.1 via lo"):
            bad.append(f"{name}: note {t['note']!r}")
lat = {x["name"]: x["value"] for x in tests["mem-latency"]["metrics"] if x["name"].startswith("lat_")}
if sorted(lat) != sorted(["lat_16K", "lat_32K", "lat_64K", "lat_128K", "lat_256K", "lat_512K",
                          "lat_1M", "lat_2M", "lat_4M", "lat_8M", "lat_16M"]):
    bad.append(f"mem-latency curve {sorted(lat)}")
if abs(tests["mem-latency"]["score"] - lat.get("lat_16M", -1)) > 0.05 * lat.get("lat_16M", 1):
    bad.append("mem-latency score is not the largest size's latency")
print("\n".join(bad))
sys.exit(1 if bad else 0)
PY
grep -q '^Memory Benchmarks\|^Network Benchmarks' "$r" && die "an index table for a group without baselines"
grep -q 'working set -> ns per load' "$r" || die "text report: no latency curve"
# Named from sysfs; a VM without /sys/.../cache (as some are) gets "?".
if [ -d /sys/devices/system/cpu/cpu0/cache/index0 ]; then
	grep -q '^ *16 KiB  *[0-9.]* ns L1d' "$r" || die "text report: 16 KiB is not named L1d"
else
	grep -q '^ *16 KiB  *[0-9.]* ns ?' "$r" || die "text report: 16 KiB named without sysfs caches"
fi
grep -q '| Working set | ns/load | Fits in |' "$r.md" || die "Markdown: no curve table"
grep -q '<th>Working set</th>' "$r.html" || die "HTML: no curve table"
grep -q '3 x 16 MiB' "$r" || die "no array size in the note"
if command -v gnuplot >/dev/null 2>&1; then
	[ -s "$r-latency.svg" ] || die "gnuplot is here but no latency chart"
fi
"$ROOT/Run" compare "$r" "$r" >"$T/cmp" 2>&1 || die "compare: $(cat "$T/cmp")"
grep -q '^Memory Latency .* ns ' "$T/cmp" || die "compare lacks mem-latency: $(cat "$T/cmp")"
grep -q '^TCP Stream (1 x 128 KiB writes) .* Gbit/s ' "$T/cmp" || die "compare lacks tcp-stream"
[ -z "$(ls "$T/testdir")" ] || die "scratch or socket files left: $(ls -R "$T/testdir")"
no_strays

# Bad values: one line, exit 2, nothing run.
for bad in "--mem-size 0" "--mem-size 10x" "--mem-size 512K" "--mem-size 100T" \
	   "--peer host:0 --peer-token x" "--peer [::1 --peer-token x" "--peer 127.0.0.1" \
	   "--peer-token x"; do
	rm -rf "$RES"/*
	# shellcheck disable=SC2086
	run_si --quick $bad memory net
	[ $rc -eq 2 ] || die "$bad: exit $rc, want 2"
	[ "$(wc -l <"$T/err")" -eq 1 ] || die "$bad: not one line"
	[ -z "$(ls "$RES")" ] || die "$bad: results written"
done

# A size that does not fit, a peer that refuses: failed with the reason, run goes on.
rm -rf "$RES"/*
run_si --quick --duration 1 -c 1 --mem-size 8T --peer 127.0.0.1:1 --peer-token x \
	mem-copy tcp-rr unix-stream pipe
[ $rc -eq 1 ] || die "exit $rc, want 1"
r=$(report)
grep -q '^Memory Copy .*FAILED.*do not fit in the .* MiB of memory available' "$r" || die "no fit message"
grep -q '^TCP Request/Response .*FAILED.*cannot connect to 127.0.0.1 port 1: Connection refused' "$r" ||
	die "no refusal message"
grep -q '^Unix Socket Stream .*SKIPPED.*local only' "$r" || die "unix-stream with --peer"
grep -q '^Pipe Throughput  *[0-9]' "$r" || die "the run did not go on"
no_strays
