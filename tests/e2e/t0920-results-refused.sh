# A results folder that is missing, unwritable or full is refused before
# anything runs: one line on stderr naming it, exit 2, nothing measured,
# nothing written.  The unwritable and full cases use a tmpfs as root (a
# read-only one, a full one); without root, unwritable is a chmod 555 folder
# and full is skipped.
. tests/e2e/lib.sh
# refused DIR WORDS: a quick run with --results DIR is refused, naming DIR.
refused() {
	dir=$1 words=$2
	"$ROOT/Run" --results "$dir" --testdir "$T/testdir" --quick -c 1 pipe >"$T/out" 2>"$T/err"
	rc=$?
	cat "$T/err"
	[ $rc -eq 2 ] || die "$dir: exit $rc, want 2"
	[ "$(wc -l <"$T/err")" -eq 1 ] || die "$dir: want exactly one line on stderr"
	grep -q "results directory $dir.*$words" "$T/err" || die "$dir: message lacks '$words'"
	[ ! -s "$T/out" ] || die "$dir: printed a report"
	[ -z "$(ls -A "$T/testdir")" ] || die "$dir: wrote into the test dir"
}
refused "$T/missing" "does not exist"
[ ! -e "$T/missing" ] || die "the missing results folder was created"
: >"$T/file"
refused "$T/file" "not a directory"

if [ "$(id -u)" != 0 ]; then
	mkdir "$T/ro" && chmod 555 "$T/ro"
	refused "$T/ro" "not writable"
	echo "not root: the full-folder case needs a tmpfs (covered when run as root)"
	exit 0
fi
M=$T/mnt
mkdir -p "$M"
mount -t tmpfs -o size=1m,mode=1777 sysindex-e2e "$M" 2>/dev/null ||
	skip "mounting a tmpfs is not permitted here"
trap 'umount "$M" 2>/dev/null; cleanup' EXIT
mount -o remount,ro "$M" || die "remount ro"
refused "$M" "not writable"
mount -o remount,rw "$M" || die "remount rw"
dd if=/dev/zero of="$M/fill" bs=4096 2>/dev/null
[ "$(df -P "$M" | awk 'NR == 2 { print $4 }')" -eq 0 ] || die "could not fill the tmpfs"
refused "$M" "full"
[ "$(ls -A "$M")" = fill ] || die "something was written into the full results folder"
