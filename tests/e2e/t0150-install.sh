# make install PREFIX=... DESTDIR=...: the installed sysindex runs from any
# folder, finds its programs, and keeps its scratch and results in per-user
# folders.  Built from a copy of the sources so the tree's build is untouched.
# e2e: slow (30 s or more: tests/e2e/run.sh starts it first)
. tests/e2e/lib.sh
S=$T/src
mkdir -p "$S"
cp -R Makefile src docs "$S"/
make -s -C "$S" install PREFIX=/opt/sysindex-e2e DESTDIR="$T/stage" >"$T/make.log" 2>&1 ||
	{ cat "$T/make.log"; die "make install with DESTDIR failed"; }
for f in bin/sysindex libexec/sysindex/pipe libexec/sysindex/multi.sh libexec/sysindex/sort.src \
	 share/man/man1/sysindex.1; do
	[ -e "$T/stage/opt/sysindex-e2e/$f" ] || die "DESTDIR install lacks $f"
done
make -s -C "$S" install PREFIX="$T/inst" >"$T/make.log" 2>&1 ||
	{ cat "$T/make.log"; die "make install failed"; }
mkdir -p "$T/home" "$T/elsewhere"
cd "$T/elsewhere" || die "cd"
HOME=$T/home XDG_CACHE_HOME= XDG_DATA_HOME= "$T/inst/bin/sysindex" -q --quick -c 1 pipe shell1 \
	>"$T/out" 2>"$T/err"
rc=$?
cat "$T/out" "$T/err"
[ $rc -eq 0 ] || die "installed sysindex exit $rc"
grep -q '^Pipe Throughput  *[0-9]' "$T/out" || die "no pipe result"
grep -q '^Shell Scripts (1 concurrent)  *[0-9]' "$T/out" || die "no shell result"
grep -q "Test dir: $T/home/.cache/sysindex/testdir" "$T/out" || die "default test dir"
ls "$T/home/.local/share/sysindex/results/" | grep -q '\.json$' || die "default results dir"
[ -z "$(ls -A "$T/elsewhere")" ] || die "wrote into the working directory"
