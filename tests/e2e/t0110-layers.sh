# The floors of docs/architecture.md hold: tests/layers.sh passes on this
# tree, names an include that runs upward (and a test program reaching into
# the driver) and exits 1, and exits 2 when the page has no layers block.
. tests/e2e/lib.sh
sh tests/layers.sh >"$T/out" 2>&1 || { cat "$T/out"; die "this tree breaks its own floors"; }

# A copy of the page and of two folders, with one arrow each way.
mkdir -p "$T/tree/docs" "$T/tree/src/stats" "$T/tree/src/run" "$T/tree/src/progs"
cp docs/architecture.md "$T/tree/docs/"
printf '#include "stats/stats.h"\n' >"$T/tree/src/run/down.c"
printf 'int x;\n' >"$T/tree/src/stats/stats.h"
cd "$T/tree" || die "cd"
sh "$ROOT/tests/layers.sh" >"$T/out" 2>&1 || { cat "$T/out"; die "a downward include refused"; }
printf '#include "run/plan.h"\n' >src/stats/up.c
printf '#include "core/result.h"\n#include "core/protocol.h"\n' >src/progs/p.c
sh "$ROOT/tests/layers.sh" >"$T/out" 2>&1; rc=$?
cat "$T/out"
[ $rc -eq 1 ] || die "upward includes: exit $rc, not 1"
grep -q 'src/stats/up.c (stats, floor 2) includes run/plan.h (run, floor 7)' "$T/out" || die "the upward include is not named"
grep -q 'src/progs/p.c (a test program) includes core/result.h' "$T/out" || die "the program's include is not named"
grep -q 'protocol.h' "$T/out" && die "core/protocol.h is the programs' to include"
[ "$(wc -l <"$T/out")" -eq 2 ] || die "not one line per arrow"

# The page without its block: one line, exit 2.
sed '/^```layers$/,/^```$/d' "$ROOT/docs/architecture.md" >docs/architecture.md
sh "$ROOT/tests/layers.sh" >"$T/out" 2>&1; rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <"$T/out")" -eq 1 ] || { cat "$T/out"; die "no block: exit $rc"; }
echo "PASS"
