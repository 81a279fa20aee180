# Issue 50, settings mode: a run comparing two settings, SIGKILLed mid-way
# and --resume'd, ends with both settings' samples at the uninterrupted
# count, and the samples journaled before the kill are kept as they were.
. tests/e2e/lib.sh
[ "$(id -u)" = 0 ] || skip "not root: settings mode needs root"
command -v python3 >/dev/null 2>&1 || skip "python3 needed"
samples() { sn=$(grep -c '^{"copies":' "$1" 2>/dev/null); echo "${sn:-0}"; }
"$ROOT/Run" --results "$RES" --testdir "$T/testdir" -q --no-charts --setting a=true \
	--setting b=true -c 1 -i 3 --duration 1 --settle 0 syscall >/dev/null 2>"$T/err" &
pid=$!
n=0
until [ "$(samples "$RES"/*.journal)" -ge 3 ]; do
	n=$((n + 1)); [ $n -lt 400 ] || die "no samples: $(cat "$T/err")"; sleep 0.05
done
sleep 0.3
kill -KILL $pid; wait $pid 2>/dev/null
jf=$(ls "$RES"/*.journal)
[ -e "$RES/$(basename "$jf" .journal).json" ] && die "the run finished before the kill"
if [ -z "$(tail -c 1 "$jf")" ]; then cp "$jf" "$T/snap"; else sed '$d' "$jf" >"$T/snap"; fi
"$ROOT/Run" --resume "$jf" >/dev/null 2>"$T/err" || die "resume: $(cat "$T/err")"
head -c "$(wc -c <"$T/snap")" "$jf" | cmp -s - "$T/snap" || die "samples journaled before the kill lost"
[ "$(samples "$jf")" -eq 6 ] || die "$(samples "$jf") samples journaled, want 6"
python3 - "${jf%.journal}.json" <<'PY' || die "the record's settings or sample counts"
import json, sys
rec = json.load(open(sys.argv[1]))
assert not rec["run"]["interrupted"]
got = sorted((run["label"], t["name"], t["status"], len(t["samples"]))
             for run in rec["runs"] for t in run["tests"])
assert got == [("a", "syscall", "ok", 3), ("b", "syscall", "ok", 3)], got
PY
no_strays
echo ok
