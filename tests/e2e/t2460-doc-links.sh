# The pages a newcomer walks lead somewhere: every relative link of
# README.md, docs/*.md and bench/*.md names a file that exists and, with an
# anchor, a heading of that page (tests/doclinks.sh); docs/methodology.md
# stays the method (issue 51: under 800 lines, the rest on its own pages).
# The checker itself names a missing file, a missing heading and skips code;
# a tree without pages is exit 2.
. tests/e2e/lib.sh
sh tests/doclinks.sh >"$T/out" 2>&1 || { cat "$T/out"; die "a link of this tree leads nowhere"; }
n=$(wc -l <docs/methodology.md)
[ "$n" -lt 800 ] || die "docs/methodology.md has $n lines: move what is not the method to its own page"

mkdir -p "$T/tree/docs" "$T/tree/bench"
cat >"$T/tree/README.md" <<'EOF'
# Top

See [the method](docs/m.md#2-the-tests), [its code](docs/m.md#the-code-srcxc),
[the second one](docs/m.md#twice-1), [here](#top), [a folder](bench/)
and [the web](https://example.org/nowhere.md).
A code span is no link: `[x](nowhere.md)`.

```
[fenced](nowhere-either.md)
```
EOF
cat >"$T/tree/docs/m.md" <<'EOF'
# The method

## 2. The tests

## The code: `src/x.c`

## Twice

## Twice
EOF
printf '# Bench\n\n[back](../README.md#top)\n' >"$T/tree/bench/b.md"
sh tests/doclinks.sh "$T/tree" >"$T/out" 2>&1 || { cat "$T/out"; die "good links refused"; }

cat >>"$T/tree/docs/m.md" <<'EOF'

[gone](gone.md) and [no such heading](../README.md#bottom) and [none](#twice-2).
EOF
sh tests/doclinks.sh "$T/tree" >"$T/out" 2>&1; rc=$?
cat "$T/out"
[ $rc -eq 1 ] || die "broken links: exit $rc, not 1"
grep -q 'docs/m.md:11: gone.md: no such file' "$T/out" || die "the missing file is not named"
grep -q 'docs/m.md:11: ../README.md#bottom: .*no heading #bottom' "$T/out" || die "the missing heading is not named"
grep -q 'docs/m.md:11: #twice-2: .*no heading #twice-2' "$T/out" || die "the third Twice is not named"
[ "$(wc -l <"$T/out")" -eq 3 ] || die "not one line per broken link"

mkdir -p "$T/empty"
sh tests/doclinks.sh "$T/empty" >"$T/out" 2>&1; rc=$?
[ $rc -eq 2 ] || die "no pages: exit $rc, not 2"
echo "PASS"
