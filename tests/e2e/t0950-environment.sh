# Odd environments: PATH unset (the binary run by its absolute path), a
# locale that does not exist, HOME unset, and a test directory whose path
# holds spaces, quotes and a newline.  Each quick pipe+fstime run completes
# with a valid report; without HOME and without --results/--testdir the
# driver refuses in one line instead of guessing.
. tests/e2e/lib.sh
SI=$ROOT/sysindex
# run_env NAME TESTDIR ENV...: sysindex --quick pipe fstime under env ENV.
run_env() {
	name=$1 dir=$2
	shift 2
	rm -rf "$RES"/*
	note "$name"
	env "$@" "$SI" --results "$RES" --testdir "$dir" --quick --duration 1 -c 1 pipe fstime \
		>"$T/out" 2>"$T/err"
	rc=$?
	cat "$T/out" "$T/err"
	[ $rc -eq 0 ] || die "$name: exit $rc"
	r=$(report)
	expect_files "$r"
	check_json "$r.json"
	grep -q '^Pipe Throughput  *[0-9]' "$r" || die "$name: no pipe result"
	grep -q '^File Copy 1024 bufsize 2000 maxblocks  *[0-9]' "$r" || die "$name: no fstime result"
	[ -z "$(ls -A "$dir")" ] || die "$name: scratch left in $dir"
}
run_env "PATH unset" "$T/testdir" -u PATH SYSINDEX_PGMDIR="$ROOT/pgms"
run_env "bogus locale" "$T/testdir" LANG=xx_XX.bogus LC_ALL=xx_XX.bogus SYSINDEX_PGMDIR="$ROOT/pgms"
run_env "HOME unset" "$T/testdir" -u HOME -u XDG_CACHE_HOME -u XDG_DATA_HOME SYSINDEX_PGMDIR="$ROOT/pgms"

odd="$T/a dir with 'single' \"double\" quotes
and a newline"
mkdir -p "$odd"
run_env "odd test dir path" "$odd" SYSINDEX_PGMDIR="$ROOT/pgms"
# The path is shown, escaped, on the Test dir line (one line) and kept whole in the JSON.
grep -q "^   Test dir: .*a dir with 'single' \"double\" quotes\\\\012and a newline\$" "$r" ||
	die "the Test dir line does not show the path on one line, newline escaped"
if command -v python3 >/dev/null 2>&1; then
	python3 -c 'import json, sys
doc = json.load(open(sys.argv[1]))
want = sys.argv[2]
found = []
def walk(v):
    if isinstance(v, dict): [walk(x) for x in v.values()]
    elif isinstance(v, list): [walk(x) for x in v]
    elif isinstance(v, str) and v.endswith(want): found.append(v)
walk(doc)
sys.exit(0 if found else 1)' "$r.json" "$odd" || die "the JSON lacks the whole test dir path"
fi

# No HOME, no XDG folders, no --results/--testdir: one clear line, exit 2.
env -u HOME -u XDG_CACHE_HOME -u XDG_DATA_HOME -u SYSINDEX_RESULTS -u SYSINDEX_TESTDIR_DEFAULT \
	-u UB_TMPDIR SYSINDEX_PGMDIR="$ROOT/pgms" "$SI" --quick -c 1 pipe >"$T/out" 2>"$T/err"
rc=$?
cat "$T/err"
[ $rc -eq 2 ] || die "no HOME and no folders: exit $rc, want 2"
[ "$(wc -l <"$T/err")" -eq 1 ] || die "no HOME: want exactly one line on stderr"
grep -q -- '--testdir\|--results' "$T/err" || die "no HOME: the message does not say what to pass"
no_strays
