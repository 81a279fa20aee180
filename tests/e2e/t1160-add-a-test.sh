# Adding a test is one program and one row (docs/adding-a-test.md), and a
# new unit one row of the units table.  A copy of the tree (its build kept,
# so that make rebuilds only what changed) gets nothing but
# tests/fixture/frob.c as src/progs/frob.c and a row of the test table:
# the driver refuses the table while frob's unit is in no row of the units
# table, and with that row added runs the test to every report.
. tests/e2e/lib.sh
[ -x "$ROOT/sysindex" ] && [ -d "$ROOT/build/drv" ] || die "not built (make first)"
W=$T/tree
mkdir -p "$W/build" || die "mkdir"
cp -a "$ROOT/Makefile" "$ROOT/src" "$ROOT/pgms" "$W/" || die "copy the tree"
for f in drv progs libsysindex.a libharness.a buildinfo.h uapi; do
	[ ! -e "$ROOT/build/$f" ] || cp -a "$ROOT/build/$f" "$W/build/" || die "copy build/$f"
done
cp "$ROOT/tests/fixture/frob.c" "$W/src/progs/frob.c" || die "copy the program"

# The row, first in the table (any place will do).
ROW='	{ .name = "frob", .title = "Frob Throughput (fixture)", .prog = "frob", .args = { "-t", "@SECS@", NULL }, .seconds = 1, .samples = SAMPLES_SHORT, .unit = "frobs/s", .groups = G_MISC },'
sed "/^const struct test_def test_table\[\] = {\$/a\\
$ROW" "$ROOT/src/core/testtab.c" >"$W/src/core/testtab.c" || die "add the row"
grep -q '"frob"' "$W/src/core/testtab.c" || die "the row is not in the copy's table"

build() {
	note "make in the copy"
	make -C "$W" -s sysindex pgms/frob >"$T/make.log" 2>&1 || { cat "$T/make.log"; die "make: $1"; }
	cat "$T/make.log"
	grep -q 'warning' "$T/make.log" && die "warnings: $1"
	[ -x "$W/pgms/frob" ] || die "make built no pgms/frob"
}
frob() {
	rm -rf "$RES"/*
	SYSINDEX_PGMDIR=$W/pgms "$W/sysindex" --results "$RES" --testdir "$T/testdir" \
		--quick -c 1 frob >"$T/out" 2>"$T/err"
	rc=$?
	cat "$T/out" "$T/err"
}

build "the row alone"
frob
[ $rc -eq 70 ] || die "exit $rc without frob's unit, want 70 (the table refused)"
grep -q 'test frob: unit "frobs/s" is not in the units table' "$T/err" ||
	die "the refusal does not name the row and its unit"

sed '/^const struct unit_def unit_table\[\] = {$/a\
	RATE("frobs/s", "frobs/s", 1, OPS),' "$ROOT/src/core/units.c" >"$W/src/core/units.c" ||
	die "add the unit"
build "the row and its unit"
frob
[ $rc -eq 0 ] || die "exit $rc with the row and its unit"
r=$(report)
expect_files "$r"
check_json "$r.json"
grep -q '^Frob Throughput (fixture)  *[0-9][0-9.]* frobs/s' "$r" || die "no frob line in the report"
grep -q '"name": "frob"' "$r.json" || die "no frob in the JSON"
grep -q 'frob' "$r.csv" || die "no frob in the CSV"
