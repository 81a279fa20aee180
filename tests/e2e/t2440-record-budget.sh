# Issue 51: a record of empty objects (2 bytes of text for each 2.3 KiB
# copy the model holds) is refused in one line once the model would pass
# 16 times the file's size, not after 64 times (a 40 MiB one took 2.6 GiB
# and 10 s).  The record is made here (8 MiB: one real record's first test
# given 700 samples of 4096 empty copies) and read under a 400 MB address
# space: 64 times 8 MiB would not fit, so the old reader ran out of memory.
. tests/e2e/lib.sh
R=$ROOT/tests/data/records
mkdir -p "$T/d"
awk 'BEGIN { c = "{}"; for (i = 1; i < 4096; i++) c = c ",{}"
	     p = "{\"ok\": true, \"copies\": [" c "]}" }
     !done && /"samples": \[/ {
	sub(/"samples": \[.*/, "")
	printf "%s\"samples\": [%s", $0, p
	for (i = 1; i < 700; i++) printf ",%s", p
	print "]}]}]}"
	done = 1; exit }
     { print }' "$R/quick.json" >"$T/d/big.json"
size=$(wc -c <"$T/d/big.json")
[ "$size" -gt 8000000 ] || die "the generated record is only $size bytes"
rc=0
(ulimit -v 400000 && exec "$ROOT/Run" compare "$T/d/big.json" "$R/quick.json") \
	>"$T/out" 2>"$T/err" || rc=$?
cat "$T/err"
[ "$rc" -eq 2 ] || die "compare: exit $rc, not 2"
[ "$(wc -l <"$T/err")" -eq 1 ] || die "not one line"
grep -q 'big.json: runs\[0\]\.tests\[0\]\.samples\[[0-9]*\]\.copies\[[0-9]*\]: more data than a record of this size can hold' "$T/err" ||
	die "not refused for its size"
exit 0
