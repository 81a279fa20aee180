# A sliced round's deadline counts every side, and its failure names the
# side that caused it (issue 49, item 4).  One fstime process slices both
# directories; a stand-in that hangs with two -d is killed at the round's
# deadline (each side's own, --grace 3 --duration 1 --quick: 0.1 s + 2 x
# (1 + 3 + 0.05) s, 8.2 s; it was one sample's deadline with the round's
# work as its duration, 3 + 3 s) and the
# comparison says "not compared: FAILED the round", not the baseline.  A
# stand-in that prints the baseline's results but not b's, and fails, is
# b's failure: "not compared: FAILED b", the baseline's reason "the round:
# b failed (...)".
. tests/e2e/lib.sh
A=$T/a B=$T/b
mkdir -p "$A" "$B"

wrap_prog fstime <<SH
case "\$*" in "-w "*" -d "*" -d "*) sleep 60 ;; esac
SH
run_driver --quick -c 1 --duration 1 --grace 3 --testdir "a=$A" --testdir "b=$B" fstime-w
[ $rc -eq 1 ] || die "a killed round: exit $rc, want 1 (a test failed)"
r=$(report)
grep -q "^File Write 1024 bufsize 2000 maxblocks  *b  .*not compared: FAILED the round" "$r" ||
	die "the comparison does not name the round: $(grep '^File Write 1024' "$r")"
grep -q "not compared: FAILED a" "$r" && die "the killed round charged to the baseline"
# The deadline is the round's (8.2 s, a little more under load), not 6 s.
grep -Eq "^File Write 1024 bufsize 2000 maxblocks  *FAILED .*the round: did not finish in ([89]|1[0-9]) s; killed" "$r" ||
	die "the round's reason or deadline: $(grep '^File Write 1024' "$r")"

# b printed nothing and the process failed: b caused it.
wrap_prog fstime <<SH
case "\$*" in "-w "*" -d "*" -d "*)
	"$ROOT/pgms/fstime" "\$@" 2>"$T/ferr"; grep -v '|1\$' "$T/ferr" >&2
	echo "ERROR|b's file system went away" >&2; exit 1 ;;
esac
SH
run_driver --quick -c 1 --duration 1 --testdir "a=$A" --testdir "b=$B" fstime-w
[ $rc -eq 1 ] || die "a failed side: exit $rc, want 1"
r=$(report)
grep -q "^File Write 1024 bufsize 2000 maxblocks  *b  .*not compared: FAILED b" "$r" ||
	die "the comparison does not name b: $(grep '^File Write 1024' "$r")"
grep -q "the round: b failed (exited with status 1" "$r" || die "the baseline's reason does not name b"
[ -z "$(ls -A "$A")" ] && [ -z "$(ls -A "$B")" ] || die "files left after a failed round"
