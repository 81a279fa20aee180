# Issue 28: the Markdown a user pastes renders as whole tables.  Each table
# of a run's .md, a paired run's .md and compare's --format md (with a
# label and a test title holding '|') is parsed by cmark-gfm, GitHub's
# CommonMark with tables; every row must have its header's cell count
# (tests/browser/md_tables.py).  First the checker must catch rows broken
# by an unescaped '|', short rows, and a header that makes no table.
. tests/e2e/lib.sh
command -v python3 >/dev/null 2>&1 || skip "python3 is not installed"
command -v cmark-gfm >/dev/null 2>&1 ||
	skip "cmark-gfm is not installed (apt-get install cmark-gfm): no CommonMark parser for the table check"
MD="python3 $ROOT/tests/browser/md_tables.py"

# The checker fails what breaks, and passes escaped pipes and code.
cat >"$T/bad.md" <<'EOF'
| Test | Result |
|:-----|-----:|
| a|b | 1 |
| only |
| `x|y` | 2 |

| Test | x|y |
|:-----|-----:|
| c | 3 |
EOF
cat >"$T/good.md" <<'EOF'
| Test | Result |
|:-----|-----:|
| a\|b | 1 |
| `x\|y` | ±2 % |
| empty |  |

```
| not | a | table |
```
EOF
$MD "$T/bad.md" >"$T/chk" 2>&1
rc=$?
cat "$T/chk"
[ $rc -eq 1 ] || die "broken tables: exit $rc, want 1"
grep -q "bad.md:3: more cells than the header's 2" "$T/chk" || die "the row with an unescaped | passed"
grep -q "bad.md:4: 1 cells, the header has 2" "$T/chk" || die "the short row passed"
grep -q "bad.md:5: more cells than the header's 2" "$T/chk" || die "the | inside code passed"
grep -q "bad.md:7: a table line outside every table" "$T/chk" || die "the header that makes no table passed"
$MD "$T/good.md" || die "a good table failed"

run_si --quick -c 1 --duration 1 syscall pipe
[ $rc -eq 0 ] || die "run: exit $rc"
a=$(report)
$MD "$a.md" || die "the run's Markdown"

mkdir -p "$T/a" "$T/b"
run_si --quick -c 1 --duration 1 --testdir "a=$T/a" --testdir "b=$T/b" fsbuffer
[ $rc -eq 0 ] || die "paired run: exit $rc"
p=$(ls "$RES" | grep -v '\.' | grep -vx "$(basename "$a")" | sed "s|^|$RES/|")
[ -s "$p.md" ] || die "no paired .md"
grep -q '^## Paired comparison' "$p.md" || die "the paired .md has no comparison"
$MD "$p.md" || die "the paired run's Markdown"

# compare's Markdown: outside strings with '|' in a label and a test title.
sed 's/^System Call Overhead /System|Call `x|y` Overhead /' "$a" >"$T/hostile"
"$ROOT/Run" compare --format md --label 'A|B' --label 'c|`d|e`' "$a" "$T/hostile" >"$T/cmp.md" ||
	die "compare --format md"
cat "$T/cmp.md"
grep -q 'System' "$T/cmp.md" || die "compare wrote no rows"
$MD "$T/cmp.md" || die "compare's Markdown"
"$ROOT/Run" compare --format md "$p" >"$T/cmp-paired.md" || die "compare --format md of the paired run"
$MD "$T/cmp-paired.md" || die "compare's Markdown of the paired run"
echo "ok"
