#!/bin/sh
# run.sh: run every end-to-end test tests/e2e/t*.sh from the repository root.
# A test passes with exit 0, is skipped with exit 77 (it says why), fails
# otherwise.  Ends with the "N passed, N failed" line CI reads.
#   sh tests/e2e/run.sh [t0300-quick-core.sh ...]
cd "$(dirname "$0")/../.." || exit 1
pass=0 fail=0 skip=0 failed=
if [ $# -gt 0 ]; then tests=$*; else tests=$(ls tests/e2e/t[0-9]*.sh | sort); fi
for t in $tests; do
	case $t in */*) ;; *) t=tests/e2e/$t ;; esac
	name=$(basename "$t" .sh)
	log=build/e2e/$name.log
	mkdir -p build/e2e
	start=$(date +%s)
	sh "$t" >"$log" 2>&1
	rc=$?
	secs=$(( $(date +%s) - start ))
	if [ $rc -eq 0 ]; then
		pass=$((pass + 1)); echo "PASS $name (${secs}s)"
	elif [ $rc -eq 77 ]; then
		skip=$((skip + 1)); echo "SKIP $name: $(tail -n 1 "$log")"
	else
		fail=$((fail + 1)); failed="$failed $name"
		echo "FAIL $name (exit $rc, ${secs}s); last lines of $log:"
		tail -n 15 "$log" | sed 's/^/    /'
	fi
done
echo "e2e: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
