#!/bin/sh
# check-all.sh (make check): every part of the test suite in turn (unit,
# e2e, the sanitizer run, the fuzz corpora replays, valgrind), each part's
# output shown as it comes and kept in build/check/<part>.log, then one
# total line over all of them:
#   check: 640 passed, 0 failed, 3 skipped (unit 596, e2e 41, check-sanitize ok, ...)
# A part that prints counts adds them (Check's "Checks: N, Failures: F,
# Errors: E", the e2e runner's "e2e: P passed, F failed, S skipped"); any
# other part counts as one test, passed, failed by its exit status, or
# skipped when it says "SKIPPED".  Every part runs even after one failed;
# the exit status is 1 when any did.  CHECK_PARTS="unit fuzz-replay" runs
# only those (to try this script without the whole suite).
cd "$(dirname "$0")/.." || exit 1
MAKE=${MAKE:-make}
dir=build/check
mkdir -p "$dir" || exit 1
passed=0 failed=0 skipped=0 parts=
for part in ${CHECK_PARTS:-unit e2e check-sanitize fuzz-replay fuzz-replay-hard check-valgrind}; do
	log=$dir/$part.log
	# sh's pipe loses make's status: the part's status goes to a file.
	{ VALGRIND_OPTIONAL=1 $MAKE --no-print-directory "$part"; echo $? >"$dir/$part.rc"; } 2>&1 |
		tee "$log"
	rc=$(cat "$dir/$part.rc" 2>/dev/null || echo 1)
	counts=$(awk '
		/^[0-9]+%: Checks: [0-9]+, Failures: [0-9]+, Errors: [0-9]+/ {
			gsub(/,/, ""); p += $3 - $5 - $7; f += $5 + $7; n = 1 }
		/^e2e: [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped/ {
			p += $2; f += $4; s += $6; n = 1 }
		END { if (n) print p + 0, f + 0, s + 0 }' "$log")
	if [ -n "$counts" ]; then
		# shellcheck disable=SC2086 # the three counts, split on purpose
		set -- $counts
		# A part that failed without a failed count (a build error) fails once.
		[ "$rc" -ne 0 ] && [ "$2" -eq 0 ] && set -- "$1" 1 "$3"
		passed=$((passed + $1)) failed=$((failed + $2)) skipped=$((skipped + $3))
		what="$part $1"
		[ "$2" -gt 0 ] && what="$what, $2 failed"
	elif [ "$rc" -ne 0 ]; then
		failed=$((failed + 1)) what="$part FAILED"
	elif grep -q 'SKIPPED' "$log"; then
		skipped=$((skipped + 1)) what="$part skipped"
	else
		passed=$((passed + 1)) what="$part ok"
	fi
	parts="$parts${parts:+, }$what"
done
echo "check: $passed passed, $failed failed, $skipped skipped ($parts)"
[ "$failed" -eq 0 ]
