# Disk tests run one copy (as fio's numjobs=1): they belong to the 1-copy
# block only, in a plain run and under --repeat alike, with no "use -c 1"
# SKIPPED line in the N-copy block (issue 53 item 2); with -c 2 alone they
# are listed as skipped, with why.
. tests/e2e/lib.sh
rc=0   # set by run_si
block2() { sed -n '/running 2 parallel copies/,/^Statistics/p' "$1"; }
for extra in "" "--repeat 2"; do
	rm -rf "$RES"/*
	# shellcheck disable=SC2086  # $extra is two words or none
	run_si --quick --duration 1 $extra -c 1 -c 2 syscall fsync-4k
	[ $rc -eq 0 ] || die "run $extra: exit $rc"
	r=$(ls "$RES"/*.json | head -n 1)
	r=${r%.json}
	grep -q "^Write 4 KiB + fdatasync" "$r" || die "$extra: no disk test at 1 copy"
	block2 "$r" >"$T/b2"
	grep -q "^System Call Overhead" "$T/b2" || die "$extra: no 2-copy block: $(cat "$r")"
	! grep -q "Write 4 KiB\|use -c 1" "$T/b2" || die "$extra: a disk test at 2 copies: $(cat "$T/b2")"
done
rm -rf "$RES"/*
run_si --quick --duration 1 -c 2 syscall fsync-4k
[ $rc -eq 0 ] || die "-c 2: exit $rc"
r=$(ls "$RES"/*.json | head -n 1)
grep -q "^Write 4 KiB + fdatasync, QD1 *SKIPPED.*use -c 1" "${r%.json}" ||
	die "-c 2 alone: the disk test is not listed as skipped: $(cat "${r%.json}")"
exit 0
