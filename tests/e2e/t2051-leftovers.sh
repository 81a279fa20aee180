# Leftovers of a killed run (issue 50): a hung test program dies with the
# driver when the driver is SIGKILLed (PR_SET_PDEATHSIG), and the next run
# removes the scratch folder the killed run left (its owner file names a
# process that is gone), but not a folder of a run still alive, nor one
# that is not sysindex's.
. tests/e2e/lib.sh
fake_prog syscall fake-hang
D=$T/testdir

# A run stuck in a hung program, SIGKILLed: the program goes with it.
SYSINDEX_PGMDIR=$P "$ROOT/sysindex" --results "$RES" --testdir "$D" --progress none \
	--settle 0 -c 1 -i 1 --duration 1 --grace 300 syscall >"$T/out" 2>"$T/err" &
pid=$!
n=0
until hung=$(pgrep -P $pid 2>/dev/null) && [ -n "$hung" ]; do
	n=$((n + 1)); [ $n -lt 100 ] || die "the hung program never started"
	sleep 0.1
done
scratch=$(ls -d "$D"/sysindex-* 2>/dev/null)
[ -n "$scratch" ] || die "no scratch folder while the run runs"
grep -q "^sysindex-owner $pid [0-9]*$" "$scratch/.sysindex-owner" ||
	die "the scratch folder does not name its run: $(cat "$scratch/.sysindex-owner")"
kill -KILL $pid
wait $pid 2>/dev/null
n=0
while kill -0 "$hung" 2>/dev/null; do
	n=$((n + 1)); [ $n -lt 50 ] || die "the hung test program $hung outlived the driver"
	sleep 0.1
done
[ -d "$scratch" ] || die "the killed run's scratch folder is gone already (nothing to test)"

# Beside it: a live run's folder (this shell's) and folders not sysindex's.
live=$D/sysindex-live01
mkdir -p "$live" "$D/sysindex-noown1" "$D/mine"
echo "sysindex-owner $$ $(cut -d' ' -f22 /proc/$$/stat)" >"$live/.sysindex-owner"
cp "$scratch/.sysindex-owner" "$D/mine/"
rm -f "$P/syscall"
ln -s "$ROOT/pgms/syscall" "$P/syscall"
SYSINDEX_PGMDIR=$P "$ROOT/sysindex" --results "$RES" --testdir "$D" --progress none \
	--settle 0 -c 1 -i 1 --duration 1 syscall >"$T/out" 2>"$T/err"
rc=$?
cat "$T/err"
[ $rc -eq 0 ] || die "the next run: exit $rc"
[ ! -e "$scratch" ] || die "the killed run's scratch folder is still there"
grep -q "^sysindex: removed '*$scratch'*, the scratch folder of a run that is gone$" "$T/err" ||
	die "the removal is not said"
[ -d "$live" ] || die "a live run's folder was removed"
[ -d "$D/sysindex-noown1" ] && [ -d "$D/mine" ] || die "a folder not a dead run's was removed"
no_strays
