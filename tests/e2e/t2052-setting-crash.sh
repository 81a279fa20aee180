# A run SIGKILLed in a non-baseline setting (noatime by a remount of a
# loop-mounted ext4) leaves its state file (issue 50); the next run, a
# plain one, puts the mount back as found (relatime, read back from
# /proc/self/mountinfo) before it measures anything, says so, and removes
# the file.  A state its run cannot put back is said with the command that
# undoes it; a file whose run still lives is left alone.
. tests/e2e/lib.sh
M=$T/mnt
loop_ext4 "$M" relatime
fake_prog dhry2reg fake-setting
export SYSINDEX_FAKE_SETTING_FILE=$T/rate SYSINDEX_STATE_DIR=$T/state
REL="mount -o remount,atime,relatime $M"
NOA="mount -o remount,noatime $M"
has() { case ,$(mount_opts "$M"), in *,$1,*) return 0 ;; esac; return 1; }
has relatime || die "the image is not mounted relatime: $(mount_opts "$M")"

SYSINDEX_PGMDIR=$P "$ROOT/sysindex" --results "$RES" --testdir "$M" --progress none \
	--settle 0 -c 1 -i 50 --setting "rel=$REL && echo 1000 > $T/rate" \
	--setting "noa=$NOA && echo 1200 > $T/rate && touch $T/in-noa" dhry2reg >"$T/out" 2>"$T/err" &
pid=$!
wait_file "$T/in-noa" 300 "noa's command never ran"
kill -KILL $pid
wait $pid 2>/dev/null
has noatime || die "not left in noatime (nothing to test): $(mount_opts "$M")"
[ -f "$T/state/settings-$pid" ] || die "no state file for the killed run"
grep -q "^mount rw,relatime$" "$T/state/settings-$pid" || die "the state file lacks the mount as found"

# The next run, a plain one elsewhere: the mount goes back first.
rm -rf "$RES"/*
SYSINDEX_PGMDIR=$P "$ROOT/sysindex" --results "$RES" --testdir "$T/testdir" --progress plain \
	--settle 0 -c 1 -i 1 dhry2reg >"$T/out" 2>"$T/err"
rc=$?
cat "$T/err"
has relatime || die "not put back: $(mount_opts "$M")"
[ $rc -eq 0 ] || die "the next run: exit $rc"
first=$(grep -v '^sysindex: interference:' "$T/err" | head -n 1)
[ "$first" = "sysindex: test dir $M: put back as found before a run (pid $pid) that did not finish: mount rw,relatime" ] ||
	die "not said first: $first"
[ ! -e "$T/state/settings-$pid" ] || die "the state file is still there"

# One it cannot put back: a found mount option no remount gives; said each
# time, with the command that undoes it, and the file kept.
super=$(awk -v m="$M" '$5 == m { print $NF }' /proc/self/mountinfo | tail -n 1)
printf 'sysindex-owner %s 1\ntestdir %s\nmount_point %s\ndisk \nmount %s\nsuper %s\nscheduler \nthp \ngovernor \nepp \nrestore %s\n' \
	"$pid" "$M" "$M" "rw,relatime,bogus" "$super" "$REL" >"$T/state/settings-9"
rm -rf "$RES"/*
SYSINDEX_PGMDIR=$P "$ROOT/sysindex" --results "$RES" --testdir "$T/testdir" --progress none \
	--settle 0 -c 1 -i 1 dhry2reg >"$T/out" 2>"$T/err"
cat "$T/err"
grep -q "^sysindex: test dir $M is left changed by a run (pid $pid) that did not finish: mount rw,relatime (found rw,relatime,bogus); undo it with: $REL$" "$T/err" ||
	die "the state left changed is not said"
[ -e "$T/state/settings-9" ] || die "the state file of a state left changed was removed"

# A live run's file (this shell's) is not touched.
sed "1s/.*/sysindex-owner $$ $(cut -d' ' -f22 /proc/$$/stat)/" "$T/state/settings-9" >"$T/state/settings-$$"
rm -f "$T/state/settings-9"
rm -rf "$RES"/*
SYSINDEX_PGMDIR=$P "$ROOT/sysindex" --results "$RES" --testdir "$T/testdir" --progress none \
	--settle 0 -c 1 -i 1 dhry2reg >"$T/out" 2>"$T/err"
grep -q "left changed" "$T/err" && die "a live run's state was judged"
[ -e "$T/state/settings-$$" ] || die "a live run's state file was removed"
no_strays "$M"
