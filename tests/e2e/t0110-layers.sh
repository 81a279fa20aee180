# The floors of docs/architecture.md hold: tests/layers.sh passes on this
# tree, names an include that runs upward (with a folder or without one, as
# the compiler resolves it), a test program reaching into the driver and an
# include found nowhere, and exits 1; it exits 2 when the page has no layers
# block or the Makefile is missing.
. tests/e2e/lib.sh
sh tests/layers.sh >"$T/out" 2>&1 || { cat "$T/out"; die "this tree breaks its own floors"; }

# A copy of the page, the Makefile (its -I folders) and a few folders, with
# arrows each way.
mkdir -p "$T/tree/docs" "$T/tree/src/stats" "$T/tree/src/run" "$T/tree/src/progs" \
	"$T/tree/src/core" "$T/tree/src/cli"
cp docs/architecture.md Makefile "$T/tree/"
mv "$T/tree/architecture.md" "$T/tree/docs/"
printf '#include "stats/stats.h"\n' >"$T/tree/src/run/down.c"
for h in stats/stats.h run/plan.h core/result.h core/protocol.h cmds.h cli/cli.h; do
	printf 'int x;\n' >"$T/tree/src/$h"
done
cd "$T/tree" || die "cd"
sh "$ROOT/tests/layers.sh" >"$T/out" 2>&1 || { cat "$T/out"; die "a downward include refused"; }
# A bare name the includer's folder holds is that folder's, even when -Isrc
# holds one too (as the compiler finds it).
printf 'int y;\n' >src/cli/cmds.h
printf '#include "cmds.h"\n' >src/cli/own.c
sh "$ROOT/tests/layers.sh" >"$T/out" 2>&1 || { cat "$T/out"; die "an include of the own folder refused"; }
rm src/cli/cmds.h src/cli/own.c
printf '#include "run/plan.h"\n' >src/stats/up.c
printf '#include "core/result.h"\n#include "core/protocol.h"\n' >src/progs/p.c
# Upward without a folder: cmds.h is not in cli/, the compiler takes src/'s.
printf '#include "cli.h"\n#include "cmds.h"\n' >src/cli/bare.c
printf '#include "nowhere.h"\n' >src/run/lost.c
sh "$ROOT/tests/layers.sh" >"$T/out" 2>&1; rc=$?
cat "$T/out"
[ $rc -eq 1 ] || die "upward includes: exit $rc, not 1"
grep -q 'src/stats/up.c (stats, floor 2) includes run/plan.h (run, floor 7)' "$T/out" || die "the upward include is not named"
grep -q 'src/cli/bare.c (cli, floor 6) includes cmds.h (top, floor 9)' "$T/out" || die "the bare upward include is not named"
grep -q 'src/progs/p.c (a test program) includes core/result.h' "$T/out" || die "the program's include is not named"
grep -q 'src/run/lost.c: includes nowhere.h, found in none' "$T/out" || die "an include found nowhere is not named"
grep -q 'protocol.h' "$T/out" && die "core/protocol.h is the programs' to include"
[ "$(wc -l <"$T/out")" -eq 4 ] || die "not one line per arrow"

# Without the Makefile the -I folders are unknown: one line, exit 2.
mv Makefile Makefile.off
sh "$ROOT/tests/layers.sh" >"$T/out" 2>&1; rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <"$T/out")" -eq 1 ] || { cat "$T/out"; die "no Makefile: exit $rc"; }
mv Makefile.off Makefile

# The page without its block: one line, exit 2.
sed '/^```layers$/,/^```$/d' "$ROOT/docs/architecture.md" >docs/architecture.md
sh "$ROOT/tests/layers.sh" >"$T/out" 2>&1; rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <"$T/out")" -eq 1 ] || { cat "$T/out"; die "no block: exit $rc"; }
echo "PASS"
