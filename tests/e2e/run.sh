#!/bin/sh
# run.sh: run every end-to-end test tests/e2e/t*.sh from the repository root.
# A test passes with exit 0, is skipped with exit 77 (it says why), fails
# otherwise.  Ends with the "N passed, N failed" line CI reads.
#   sh tests/e2e/run.sh [t0300-quick-core.sh ...]
#
# Most tests spend their time in samples of fixed length, so they run in
# E2E_JOBS lanes at once (default: one more than the CPU count, at most 3:
# a sample's length does not stretch when it shares a CPU; E2E_JOBS=1 runs
# them one by one).  Every test keeps its own $T (lib.sh), so lanes share
# nothing.  A test whose checks depend on having the machine to itself
# (where the kernel places processes, how often the driver wakes) says so
# with a line "# e2e: alone"; those run afterwards, one at a time.  The
# lanes share one queue: each takes the next test no lane has taken yet
# (mkdir is the lock), the ones that say "# e2e: slow" (30 s or more) first,
# so that no lane is left with the long tail.
cd "$(dirname "$0")/../.." || exit 1
if [ $# -gt 0 ]; then tests=$*; else tests=$(ls tests/e2e/t[0-9]*.sh | sort); fi
jobs=${E2E_JOBS:-$(( $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1) + 1 ))}
case $jobs in '' | *[!0-9]*) jobs=1 ;; esac
[ "$jobs" -ge 1 ] || jobs=1
[ -n "${E2E_JOBS:-}" ] || [ "$jobs" -le 3 ] || jobs=3
mkdir -p build/e2e || exit 1

# one_test T RESULTS: run test T, print its line, append "rc name" to RESULTS.
one_test() {
	case $1 in */*) t=$1 ;; *) t=tests/e2e/$1 ;; esac
	name=$(basename "$t" .sh)
	log=build/e2e/$name.log
	start=$(date +%s)
	sh "$t" >"$log" 2>&1
	rc=$?
	secs=$(( $(date +%s) - start ))
	if [ $rc -eq 0 ]; then
		line="PASS $name (${secs}s)"
	elif [ $rc -eq 77 ]; then
		line="SKIP $name: $(tail -n 1 "$log")"
	else
		line="FAIL $name (exit $rc, ${secs}s); last lines of $log:
$(tail -n 15 "$log" | sed 's/^/    /')"
	fi
	echo "$line"
	echo "$rc $name" >>"$2"
}

# lane K: the shared tests in queue order, each that no other lane took.
lane() {
	for t in $shared; do
		mkdir "build/e2e/.claim/$(basename "$t" .sh)" 2>/dev/null || continue
		one_test "$t" "build/e2e/.lane$1"
	done
}

slow= rest= alone=
for t in $tests; do
	case $t in */*) f=$t ;; *) f=tests/e2e/$t ;; esac
	if grep -q '^# e2e: alone' "$f" 2>/dev/null; then alone="$alone $t"
	elif grep -q '^# e2e: slow' "$f" 2>/dev/null; then slow="$slow $t"
	else rest="$rest $t"; fi
done
shared="$slow $rest"
rm -rf build/e2e/.claim && mkdir build/e2e/.claim || exit 1
k=0
while [ $k -lt "$jobs" ]; do : >"build/e2e/.lane$k"; k=$((k + 1)); done
: >build/e2e/.alone
trap 'kill 0' INT TERM
k=0
while [ $k -lt "$jobs" ]; do lane $k & k=$((k + 1)); done
wait
for t in $alone; do one_test "$t" build/e2e/.alone; done

pass=0 fail=0 skip=0
while read -r rc name; do
	[ -n "$rc" ] || continue
	case $rc in
	0) pass=$((pass + 1)) ;;
	77) skip=$((skip + 1)) ;;
	*) fail=$((fail + 1)) ;;
	esac
done <<EOF
$(cat build/e2e/.lane* build/e2e/.alone)
EOF
echo "e2e: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
