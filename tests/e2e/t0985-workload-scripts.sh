# The looper and shell workload behave as UnixBench's: the last loop's tail
# is inside the sample's time but not in its count; every run shares one
# stdin (-i); multi.sh honours MULTI_SH_WORK_FACTOR and, with -5, counts its
# copies with expr(1) as 5.1.3 did; a failing tst.sh fails the sample.
. tests/e2e/lib.sh
P=$ROOT/pgms
[ -x "$P/looper" ] || die "pgms/looper not built"

# 1 s of 'sleep 0.4': loops end at 0.4, 0.8, 1.2 s (later on a loaded host);
# the one running at the alarm finishes, uncounted, before looper exits, so
# the time covers one loop more than the count (no upper bound: a loaded
# host may stretch any loop).
"$P/looper" 1 sleep 0.4 2>"$T/tail" || die "looper failed: $(cat "$T/tail")"
awk -F'|' '
	$1 == "COUNT" { n = $2 } $1 == "METRIC" && $2 == "own_seconds" { s = $3 }
	END {
		if (n == "" || s == "") { print "no COUNT/own_seconds"; exit 1 }
		if (s < 0.4 * (n + 1) - 0.02) { printf "%s loops in %s s: the last loop was cut\n", n, s; exit 1 }
	}' "$T/tail" || die "looper tail: $(cat "$T/tail")"

# -i: one open file for every run; only the first cat sees the line.
echo "only-once" >"$T/in"
"$P/looper" -i "$T/in" 1 cat >"$T/cat.out" 2>"$T/cat.err" || die "looper -i: $(cat "$T/cat.err")"
[ "$(grep -c only-once "$T/cat.out")" -eq 1 ] || die "looper -i: the input was read $(grep -c only-once "$T/cat.out") times"
"$P/looper" -i "$T/missing" 1 cat 2>"$T/miss.err" && die "looper -i on a missing file succeeded"
grep -q '^ERROR|cannot open' "$T/miss.err" || die "looper -i missing file: $(cat "$T/miss.err")"

# multi.sh -5: one expr per copy (a logging expr first on PATH).
mkdir -p "$T/bin" "$T/work"
cat >"$T/bin/expr" <<EOS
#!/bin/sh
echo "\$*" >>"$T/expr.log"
exec /usr/bin/env -i PATH=/usr/bin:/bin expr "\$@"
EOS
chmod +x "$T/bin/expr"
(cd "$T/work" && PATH="$T/bin:$PATH" "$P/multi.sh" -5 3) || die "multi.sh -5 3 failed"
[ "$(wc -l <"$T/expr.log")" -eq 3 ] || die "multi.sh -5 3 ran expr $(wc -l <"$T/expr.log") times, want 3"
rm -f "$T/expr.log"
(cd "$T/work" && PATH="$T/bin:$PATH" "$P/multi.sh" 3) || die "multi.sh 3 failed"
[ ! -e "$T/expr.log" ] || die "multi.sh (6.0) ran expr"
[ -z "$(ls "$T/work")" ] || die "multi.sh left files: $(ls "$T/work")"

# MULTI_SH_WORK_FACTOR=3: sort gets three copies of the input; the joined
# file is removed afterwards.  A logging sort shows the input size.
cat >"$T/bin/sort" <<EOS
#!/bin/sh
[ \$# -eq 0 ] && { cat >"$T/sorted.in"; exec /usr/bin/sort <"$T/sorted.in"; }
exec /usr/bin/sort "\$@"
EOS
chmod +x "$T/bin/sort"
(cd "$T/work" && PATH="$T/bin:$PATH" MULTI_SH_WORK_FACTOR=3 "$P/multi.sh" 1) || die "work factor 3 failed"
[ "$(wc -c <"$T/sorted.in")" -eq $((3 * $(wc -c <"$P/sort.src"))) ] || die "work factor 3: sort read $(wc -c <"$T/sorted.in") bytes"
[ -z "$(ls "$T/work")" ] || die "work factor left files: $(ls "$T/work")"
(cd "$T/work" && MULTI_SH_WORK_FACTOR=x "$P/multi.sh" 1 2>/dev/null) && die "a bad work factor was accepted"

# A failing step fails the copy and the sample.
mkdir -p "$T/bad"
cp "$P/multi.sh" "$P/tst.sh" "$T/bad/"
(cd "$T/work" && "$T/bad/multi.sh" 2 2>/dev/null) && die "multi.sh succeeded without sort.src"
exit 0
