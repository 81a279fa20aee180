# ./Run --help, --version and --list answer and exit 0 without running anything.
. tests/e2e/lib.sh
run_si --help
[ $rc -eq 0 ] || die "--help exit $rc"
grep -q -- '--quick' "$T/out" || die "--help lacks --quick"
grep -q 'index' "$T/out" || die "--help lacks the groups"
run_si --version
[ $rc -eq 0 ] && grep -q '^sysindex ' "$T/out" || die "--version"
run_si --list
[ $rc -eq 0 ] || die "--list exit $rc"
for t in dhry2reg whetstone-double execl fstime fsbuffer fsdisk pipe context1 spawn syscall shell1 shell8; do
	grep -q "^$t " "$T/out" || die "--list lacks $t"
done
[ -z "$(ls "$RES")" ] || die "--help/--list wrote results"
