# Issue 24, defect 7 and the messages of item 11: under resource limits the
# driver says what failed in one line and leaves nothing behind; stdout on
# /dev/full names ENOSPC; long paths and labels keep their reason; a tool
# missing only from PATH is said so; a failing shell workload names its cause.
. tests/e2e/lib.sh
SI=$ROOT/sysindex
left() { ls -A "$RES" "$T/testdir" | grep -v ":$" | grep .; }

# ulimit -v: memory runs out before the first test.  One line, exit 1,
# neither a .log nor a scratch folder left.
if (ulimit -v 4000 && "$SI" --help >/dev/null 2>&1); then
	( ulimit -v 4000; exec "$SI" --results "$RES" --testdir "$T/testdir" --quick -c 1 syscall ) \
		>"$T/out" 2>"$T/err"
	rc=$?
	cat "$T/err"
	[ $rc -ne 0 ] || die "ulimit -v: exit 0"
	[ "$(wc -l <"$T/err")" -eq 1 ] || die "ulimit -v: not one line"
	[ -z "$(left)" ] || die "ulimit -v left: $(left)"
else
	note "the driver does not start under ulimit -v 4000 here: that case is skipped"
fi

# ulimit -f 4: no SIGXFSZ death, one line naming what was not written, no .tmp.
( ulimit -f 4; exec "$SI" --results "$RES" --testdir "$T/testdir" --quick -c 1 syscall ) \
	>"$T/out" 2>"$T/err"
rc=$?
cat "$T/err"
[ $rc -eq 1 ] || die "ulimit -f: exit $rc (153 is SIGXFSZ)"
[ "$(grep -c 'could not write' "$T/err")" -eq 1 ] || die "ulimit -f: not one line"
grep -q 'File too large' "$T/err" || die "ulimit -f: no reason"
ls "$RES" | grep -q '\.tmp\.' && die "ulimit -f left a temporary file: $(ls "$RES")"
[ -z "$(ls -A "$T/testdir")" ] || die "ulimit -f left a scratch folder"
rm -rf "$RES"/*

# The grep test's data file past ulimit -f: the reason is EFBIG.
( ulimit -f 64; exec "$SI" --results "$RES" --testdir "$T/testdir" --quick -c 1 --no-charts grep ) \
	>"$T/out" 2>"$T/err"
grep -q 'FAILED.*large.txt: File too large' "$T/out" || die "grep data: no EFBIG reason"
rm -rf "$RES"/*

# ulimit -f 8 with charts: gnuplot does not check its writes, so it must
# die of SIGXFSZ (named) rather than leave a cut chart.
if command -v gnuplot >/dev/null 2>&1; then
	( ulimit -f 8; exec "$SI" --results "$RES" --testdir "$T/testdir" --quick -c 1 pipe ) \
		>"$T/out" 2>"$T/err"
	for f in "$RES"/*.svg; do
		[ -e "$f" ] || continue
		tail -c 200 "$f" | grep -q '</svg>' || die "ulimit -f 8: a cut chart $f"
	done
	ls -A "$RES" | grep -q '^\.' && die "ulimit -f 8: a hidden temporary left: $(ls -A "$RES")"
	rm -rf "$RES"/*
fi

# compare with a long file name: the reason after it survives.
P=$T/$(printf '%0250d' 0)/$(printf '%0250d' 0)/$(printf '%0250d' 0)
"$SI" compare "$P.csv" "$P" >"$T/out" 2>"$T/err"
[ $? -eq 2 ] || die "compare, long path: not exit 2"
grep -q '\.csv: No such file or directory' "$T/err" || die "compare, long path: $(cat "$T/err")"

# ./Run with the compiler missing from PATH (a copy of the tree, so a build
# is needed): it names the compiler and the way round it, in one line.
mkdir -p "$T/tree" "$T/rbin"
cp -R "$ROOT/Run" "$ROOT/Makefile" "$ROOT/src" "$T/tree/" || die "copying the tree"
for p in make sh dirname mkdir cat printf head tr cmp mv rm sed uname; do
	q=$(command -v $p) && ln -s "$q" "$T/rbin/$p"
done
(PATH=$T/rbin; export PATH; unset CC; exec "$T/tree/Run" --quick pipe) >"$T/out" 2>"$T/err"
[ $? -eq 1 ] || die "no compiler: not exit 1"
[ "$(wc -l <"$T/err")" -eq 1 ] || die "no compiler: not one line: $(cat "$T/err")"
grep -q "the C compiler 'cc' is not on PATH ($T/rbin); install one or set CC=" "$T/err" ||
	die "no compiler: $(cat "$T/err")"

# stdout on /dev/full: the real reason, a non-zero exit.
if [ -w /dev/full ]; then
	"$SI" --help >/dev/full 2>"$T/err" && die "--help to /dev/full: exit 0"
	grep -q 'No space left on device' "$T/err" || die "--help to /dev/full: $(cat "$T/err")"
	"$SI" --results "$RES" --testdir "$T/testdir" --quick -c 1 syscall >/dev/full 2>"$T/err" &&
		die "a run to /dev/full: exit 0"
	grep -q 'error writing to standard output: No space left on device' "$T/err" ||
		die "a run to /dev/full: $(cat "$T/err")"
	rm -rf "$RES"/*
fi

# A test dir too long for the files below it, and one longer than PATH_MAX:
# the length is the reason, not "No such file or directory".
d=$T/testdir
while [ ${#d} -lt 1000 ]; do d=$d/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa; done
mkdir -p "$d" || die "mkdir"
"$SI" --results "$RES" --testdir "$d" --quick -c 1 syscall >"$T/out" 2>"$T/err"
[ $? -eq 2 ] || die "a long test dir: not exit 2"
grep -q 'the path is [0-9]* characters; at most [0-9]* leave room' "$T/err" || die "long test dir: $(cat "$T/err")"
long=$(printf '%05000d' 0)
"$SI" --results "$RES" --testdir "/$long" --quick -c 1 syscall >"$T/out" 2>"$T/err"
[ $? -eq 2 ] || die "a test dir over PATH_MAX: not exit 2"
grep -q 'the path is 5001 characters, longer than' "$T/err" || die "over PATH_MAX: $(cat "$T/err")"
rm -rf "$T/testdir/aaaa"*

# A label of 600 characters: the reason survives.
"$SI" --testdir "$(printf '%0600d' 0)=$T/testdir" --testdir "b=$T/testdir" fs >"$T/out" 2>"$T/err"
[ $? -eq 2 ] || die "long label: not exit 2"
grep -q 'label longer than [0-9]* characters' "$T/err" || die "long label: $(cat "$T/err")"

# gcc installed but not in PATH: said so, not "not installed".
if [ -x /usr/bin/gcc ]; then
	mkdir -p "$T/bin"
	for tool in sh uname uptime who; do p=$(command -v $tool) && ln -sf "$p" "$T/bin/$tool"; done
	PATH=$T/bin "$SI" --results "$RES" --testdir "$T/testdir" --quick -c 1 C >"$T/out" 2>&1
	grep -q 'gcc is installed as /usr/bin/gcc, but that folder is not in PATH' "$T/out" ||
		die "gcc outside PATH: $(grep -i gcc "$T/out")"
	rm -rf "$RES"/*
fi

# A shell workload that fails: its own message is the cause shown.
if [ "$(id -u)" = 0 ] && mkdir -p "$T/tiny" && mount -t tmpfs -o size=12k tmpfs "$T/tiny" 2>/dev/null; then
	"$SI" --results "$RES" --testdir "$T/tiny" --quick -c 1 shell8 >"$T/out" 2>&1
	umount "$T/tiny"
	# Eight scripts write to one stderr at once, so another copy's words
	# may follow the message on the same line: match up to the cause only.
	grep -q '^Shell Scripts (8 concurrent) .*FAILED.*multi.sh failed.*(it printed: sort: .*No space left on device' \
		"$T/out" || die "shell failure without its cause: $(grep Shell "$T/out")"
else
	note "not root: the full tmpfs for the shell failure is skipped"
fi
exit 0
