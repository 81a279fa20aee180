# A paired run of disk tests on a disk against a tmpfs (issue 53): the
# tmpfs ignores the fdatasync and O_DIRECT the tests ask for, so the rows
# get no faster/slower, say in words what differed, and compare reading
# the record or the text back keeps that (items 1, 14).  The run, as the
# README's "fs disk" example, uses the default copy counts (1 and the CPU
# count): the disk tests run at one copy only, with no "use -c 1" and no
# "not compared: SKIPPED" rows at N copies (item 2).  The text table's
# columns never run together, whatever the figures.
# e2e: slow (30 s or more: tests/e2e/run.sh starts it first)
. tests/e2e/lib.sh
rc=0   # set by run_si
S=/dev/shm/sysindex-e2e-unlike-$$
[ "$(stat -f -c %T /dev/shm 2>/dev/null)" = tmpfs ] || skip "no tmpfs at /dev/shm"
D=$T/disk
mkdir -p "$D"
[ "$(stat -f -c %T "$D" 2>/dev/null)" != tmpfs ] || skip "$T is on tmpfs: no disk side"
mkdir "$S" || skip "cannot make $S"
trap 'rm -rf "$S"; cleanup' EXIT

run_si --quick --duration 1 --testdir "ext=$D" --testdir "tmp=$S" fsbuffer fsync-4k randread-4k-qd1
[ $rc -eq 0 ] || die "the run: exit $rc"
! grep -q "use -c 1\|numjobs" "$T/out" "$T/err" || die "the one-copy skip message"
base=$(ls "$RES"/*.json | head -n 1)
base=${base%.json}
txt=$base
! grep -q "not compared: SKIPPED" "$txt" || die "SKIPPED rows at N copies"
# At N copies (where the host has 2 CPUs or more) File Copy runs, no disk test is listed.
if grep -q "running [2-9][0-9]* parallel copies" "$txt"; then
	sed -n '/running [2-9][0-9]* parallel copies/,/^Statistics/p' "$txt" >"$T/ncopies"
	grep -q "^File Copy 256" "$T/ncopies" || die "no File Copy at N copies"
	! grep -q "^Random Read\|^Write 4 KiB" "$T/ncopies" || die "a disk test listed at N copies"
fi

# Item 1: no verdict, the reason in words, in every format and in compare.
why="tmp is tmpfs, which keeps the file in memory and ignores O.*DIRECT and fdatasync"
for f in "$txt" "$base.md" "$base.html" "$base.json"; do
	grep -q "not compared: different work" "$f" || die "$f: no 'different work' verdict"
	grep -q "$why" "$f" || die "$f: no reason in words"
done
grep -q "faster\|slower" "$base.json" && grep -q '"verdict": "faster"\|"verdict": "slower"' "$base.json" &&
	die "a faster/slower verdict in the record"
grep -Eq "Tests compared: 0 faster, 0 slower, 0 equivalent, [0-9]+ inconclusive, 2 not compared" "$txt" ||
	die "the summary's tally: $(grep 'Tests compared' "$txt")"
cp "$txt" "$T/plain.txt"
for input in "$base.json" "$T/plain.txt"; do
	for fmt in text md html csv json; do
		"$ROOT/sysindex" compare --format $fmt "$input" >"$T/cmp" 2>"$T/cerr" ||
			die "compare --format $fmt $input: $(cat "$T/cerr")"
		grep -q "not compared: different work" "$T/cmp" || die "compare $fmt of $input: no verdict cell"
		grep -q "$why" "$T/cmp" || die "compare $fmt of $input: no reason"
		! grep -Eq '"verdict(_text)?": "(faster|slower)"|  (faster|slower)$' "$T/cmp" ||
			die "compare $fmt of $input judged the row"
	done
done

# Item 14: every cell of the paired table is two spaces from the next.
sed -n '/^Paired comparison/,/^change: /p' "$txt" >"$T/table"
grep -q "^Test  *dir  *ext  *result  *change  *95% CI  *detect  *rounds  *verdict$" "$T/table" ||
	die "the head: $(head -n 2 "$T/table")"
! grep -Eq '[0-9]%[+-]|[0-9]% [+-]' "$T/table" || die "columns run together: $(cat "$T/table")"
exit 0
