# Settings sysindex sets itself (issue 49, item 1, whole samples so far):
# --setting NAME=mount:FLAGS sets the test dir's mount's per-mount flags by
# mount_setattr(2) as a whole, no shell.  As root on a tmpfs (and a loop
# ext4 where one can be made) found at noatime,nodiratime: the rounds of
# "rel" run at relatime without nodiratime, those of "noa" at noatime (the
# state recorded after each switch, "In force:"), relatime exactly (a
# shell's `mount -o remount,relatime` merges and keeps noatime), and the
# end leaves the mount as found (issue 50: the state file's check).  Odd values refused in one line, exit 2, nothing run;
# as a user, refused in one line.
. tests/e2e/lib.sh
[ "$(id -u)" = 0 ] || skip "not root: settings mode needs root (and a tmpfs to remount)"
M=$T/mnt E=$T/ext4 IMG=$T/ext4.img
mkdir -p "$M" "$E"
mount -t tmpfs -o size=64m,noatime,nodiratime sysindex-e2e-native "$M" 2>/dev/null ||
	skip "cannot mount a tmpfs here"
LOOP=
if command -v mkfs.ext4 >/dev/null && truncate -s 128M "$IMG" &&
   mkfs.ext4 -q -F "$IMG" >/dev/null 2>&1 &&
   mount -o loop,noatime,nodiratime "$IMG" "$E" 2>/dev/null; then
	LOOP=1
fi
umount_all() { umount "$M" 2>/dev/null; [ -z "$LOOP" ] || umount "$E" 2>/dev/null; cleanup; }
trap umount_all EXIT
si() {
	rm -rf "$RES"/*
	note "sysindex $*"
	"$ROOT/sysindex" --results "$RES" --progress none --settle 0 -c 1 "$@" >"$T/out" 2>"$T/err"
	rc=$?
	cat "$T/out" "$T/err"
}
opts() { findmnt -no OPTIONS "$1"; }

# Odd values: one line, exit 2, nothing run, no results.
for v in "mount:ro" "mount:lazytime" "mount:noatime,relatime" "sysfs:/etc/passwd=x" \
	 "sysfs:/sys/../etc/passwd=x" "sysfs:/sys/kernel/mm/transparent_hugepage/enabled=a b"; do
	si --testdir "$M" --setting "a=mount:relatime" --setting "b=$v" fsbuffer-w
	[ $rc -eq 2 ] || die "$v: exit $rc, want 2"
	[ "$(wc -l <"$T/err")" -eq 1 ] || die "$v: not one line"
	grep -q "^sysindex: --setting b: " "$T/err" || die "$v: message: $(cat "$T/err")"
	grep -Eq "(writable|NAME=COMMAND setting\)|earlier flag did|/proc/sys/ \(an absolute path, no \. or \.\. or //\)|one word)\$" "$T/err" ||
		die "$v: the message is cut: $(cat "$T/err")"
	[ -z "$(ls "$RES")" ] || die "$v: results written"
done
[ "$(opts "$M")" = "rw,noatime,nodiratime,size=65536k,inode64" ] ||
	echo "note: tmpfs options $(opts "$M")"
opts "$M" | grep -q "noatime" || die "a refused run changed the mount: $(opts "$M")"

# As a user: refused in one line before anything runs.
if command -v setpriv >/dev/null; then
	setpriv --reuid=65534 --regid=65534 --clear-groups "$ROOT/sysindex" --results "$T/u" \
		--testdir "$M" --setting "a=mount:relatime" --setting "b=mount:noatime" fsbuffer-w \
		>"$T/out" 2>"$T/err"
	[ $? -eq 2 ] || die "as a user: not exit 2"
	[ "$(wc -l <"$T/err")" -eq 1 ] && grep -q "needs root" "$T/err" || die "as a user: $(cat "$T/err")"
fi

# Each round's setting in force, then the baseline restored exactly.
check_dir() {
	d=$1
	si -i 3 --duration 1 --testdir "$d" --setting "rel=mount:relatime" \
		--setting "noa=mount:noatime" fsbuffer-w
	[ $rc -eq 0 ] || die "$d: exit $rc"
	r=$(report)
	grep -q "^==> setting noa: mount:noatime$" "$r.log" || die "$d: no native switch logged"
	grep -q "^    set by sysindex$" "$r.log" || die "$d: not set by sysindex"
	# The record after each switch: "In force: mount rw,noatime,..." for noa.
	awk '/^#### Round [0-9]+, setting /{s=$NF} /^In force: mount /{print s, $4}' "$r.log" >"$T/inforce"
	cat "$T/inforce"
	[ "$(grep -c . "$T/inforce")" -ge 6 ] || die "$d: fewer than 6 switches recorded"
	grep '^noa ' "$T/inforce" | grep -v ',noatime' && die "$d: noa ran without noatime"
	grep '^rel ' "$T/inforce" | grep -E 'noatime|nodiratime|strictatime' && die "$d: rel not relatime alone"
	grep '^rel ' "$T/inforce" | grep -qv 'relatime' && die "$d: rel without relatime"
	# After the run: the mount as found (noatime,nodiratime), which the
	# baseline's own flags do not give, so sysindex puts it back itself.
	o=$(opts "$d")
	echo "$o" | grep -q "noatime" && echo "$o" | grep -q "nodiratime" ||
		die "$d: not left as found (noatime,nodiratime): $o"
	grep -q "put back mount rw,noatime,nodiratime" "$T/err" || die "$d: the put-back not said"
	return 0
}
check_dir "$M"
if [ -n "$LOOP" ]; then check_dir "$E"; else echo "no loop ext4 here: the tmpfs only"; fi

# --precision in settings mode stops by Stein's two-stage rule (item 3):
# at least the first stage's 5 rounds, the report says which rows, the
# record's estimate holds stage_one 5.
si --precision 50% --duration 1 --testdir "$M" --setting "rel=mount:relatime" \
	--setting "noa=mount:noatime" fsbuffer-w
[ $rc -eq 0 ] || die "--precision: exit $rc"
r=$(report)
grep -q "^--precision stopped 1 row by Stein's two-stage rule: the first 5 rounds fixed$" "$r" ||
	die "no Stein note in the report"
grep -q '"stage_one": 5' "$r.json" || die "no stage_one in the record"
[ "$(grep -c '^#### Round [0-9]*, setting noa$' "$r.log")" -ge 5 ] || die "fewer than 5 rounds"
