# The compiled Dhrystone loop does the reference's work: objdump of
# dhry_loop shows calls to exactly Func_2, Proc_7, Proc_8, Proc_1, Func_1
# and Proc_6 (the never-taken branch), no Proc_2/Proc_4/Proc_5 call (inlined
# or dead, as in UnixBench's dhry2reg) and no division (the final
# Int_2_Loc / Int_3_Loc is dead there too).  docs: bench/reference-comparison.md.
. tests/e2e/lib.sh
command -v objdump >/dev/null 2>&1 || skip "objdump not installed"
for p in dhry2reg dhry2; do
	bin=$ROOT/pgms/$p
	[ -x "$bin" ] || die "$bin not built"
	objdump -d --no-show-raw-insn "$bin" |
		awk '/^[0-9a-f]+ <dhry_loop(\.[a-z0-9.]+)?>:$/ { on = 1; next } on && /^$/ { exit } on' \
		>"$T/$p.s"
	[ -s "$T/$p.s" ] || die "$p: no dhry_loop in the disassembly (inlined or renamed?)"
	calls=$(sed -n 's/.*call[a-z]* *[0-9a-f]* <\([A-Za-z_0-9]*\).*/\1/p' "$T/$p.s" | sort -u | tr '\n' ' ')
	note "$p: dhry_loop calls: $calls"
	[ "$calls" = "Func_1 Func_2 Proc_1 Proc_6 Proc_7 Proc_8 " ] ||
		die "$p: dhry_loop calls '$calls', want 'Func_1 Func_2 Proc_1 Proc_6 Proc_7 Proc_8 '"
	if grep -Eq '[[:space:]]i?div[a-z]*[[:space:]]' "$T/$p.s"; then
		grep -E '[[:space:]]i?div' "$T/$p.s"
		die "$p: dhry_loop still divides (the reference's loop does not)"
	fi
	grep -q 'harness_stop' "$T/$p.s" || die "$p: dhry_loop does not test the stop flag"
done
echo "ok"
