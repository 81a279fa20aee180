# The whole index with --quick on a loop-mounted ext4 with noatime: a complete
# (not partial) report, internally consistent, whose Test dir block names that
# mount and its options.  Without root or loop devices it runs on the default
# test directory and checks the rest.
# e2e: slow (30 s or more: tests/e2e/run.sh starts it first)
. tests/e2e/lib.sh
M=$T/testdir
loop=
if [ "$(id -u)" = 0 ] && command -v mkfs.ext4 >/dev/null 2>&1 && command -v losetup >/dev/null 2>&1; then
	truncate -s 96M "$T/fs.img" && mkfs.ext4 -q -F "$T/fs.img" >/dev/null 2>&1 &&
		mkdir -p "$T/mnt" && mount -o loop,noatime "$T/fs.img" "$T/mnt" 2>/dev/null && loop=1
fi
if [ -n "$loop" ]; then
	M=$T/mnt
	chmod 1777 "$M"
	trap 'umount "$M" 2>/dev/null; cleanup' EXIT
else
	note "no loop-mounted ext4 here (not root, or loop devices not permitted): default test dir"
fi
run_si --quick -c 1 --testdir "$M"
[ $rc -eq 0 ] || die "exit $rc"
r=$(report)
expect_files "$r"
check_json "$r.json"
grep -q '^System Benchmarks Index Values ' "$r" || die "index not complete"
grep -q 'Partial' "$r" && die "report says Partial"
[ "$(sed -n '/^System Benchmarks Index Values/,/========/p' "$r" | grep -c '^[A-Z]')" -eq 13 ] ||
	die "the index table does not hold 12 tests"
check_consistency "$r"
if [ -n "$loop" ]; then
	grep -q "^             mount: $M (ext4) from /dev/loop" "$r" || die "mount line names the loop ext4"
	grep -q "^             options: rw,noatime" "$r" || die "options lack noatime"
	grep -q "^             device: loop[0-9]* (loop, backing file $T/fs.img)" "$r" || die "device line"
	[ -z "$(ls -A "$M" | grep -v lost+found)" ] || die "files left on the mount"
fi
no_strays
