# File tests on a tmpfs mounted for the test: the header names the mount and
# its options; a tmpfs too small for a test fails that test cleanly, the
# other tests go on, and nothing is left on the tmpfs; a read-only test dir is
# refused before anything runs.
. tests/e2e/lib.sh
[ "$(id -u)" = 0 ] || skip "not root: cannot mount a tmpfs (run make check as root to cover this)"
M=$T/mnt
mkdir -p "$M"
mount -t tmpfs -o size=64m,noatime,mode=1777 sysindex-e2e "$M" 2>/dev/null ||
	skip "mounting a tmpfs is not permitted here"
umount_all() { umount "$M" 2>/dev/null; cleanup; }
trap umount_all EXIT

run_si --quick -c 1 --testdir "$M" fstime fsbuffer-r fsdisk-w
[ $rc -eq 0 ] || die "exit $rc on tmpfs"
r=$(report)
grep -q "^   Test dir: $M\$" "$r" || die "Test dir line"
grep -q "^             mount: $M (tmpfs) from sysindex-e2e\$" "$r" || die "mount line"
grep -q "^             options: .*noatime" "$r" || die "options lack noatime"
grep -q "^             device: .*(virtual)" "$r" || die "device line"
grep -q "^File Copy 1024 bufsize 2000 maxblocks  *[0-9]" "$r" || die "fstime result"
[ -z "$(ls -A "$M")" ] || die "files left on the tmpfs: $(ls -A "$M")"

# Too small: 2 MiB holds fsbuffer's two 500 KB files but not fsdisk's 8000 KB.
umount "$M"
mount -t tmpfs -o size=2m tmpfs "$M" || die "remount"
rm -rf "$RES"/*
run_si --quick -c 1 --testdir "$M" fsdisk fsbuffer
[ $rc -eq 1 ] || die "exit $rc on a full tmpfs, want 1"
r=$(report)
grep -q "^File Copy 4096 bufsize 8000 maxblocks  *FAILED .*$M.*No space left on device" "$r" ||
	die "ENOSPC not reported with the directory"
grep -q "^File Copy 256 bufsize 500 maxblocks  *[0-9]" "$r" || die "fsbuffer did not go on"
[ -z "$(ls -A "$M")" ] || die "files left on the full tmpfs: $(ls -A "$M")"

# Read-only: refused before the run.
mount -o remount,ro "$M" || die "remount ro"
rm -rf "$RES"/*
run_si --quick -c 1 --testdir "$M" fstime
[ $rc -eq 2 ] || die "read-only test dir: exit $rc, want 2"
grep -q "not writable" "$T/err" || die "read-only message"
[ -z "$(ls "$RES")" ] || die "results written for a refused run"
