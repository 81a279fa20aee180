#!/bin/sh
# ci.sh NAME=SEEDDIR[,SEEDDIR...] ...: build build/fuzz/fuzz-NAME (clang,
# libFuzzer, ASan+UBSan) and run each for FUZZ_CI_TIME seconds, two at a
# time, new inputs into build/fuzz/corpus-NAME.  A crash fails the whole run:
# the crashing input is kept as build/fuzz/NAME-crash-* and printed in base64
# so that a CI log holds it (copy it into tests/fuzz/corpus/NAME/ as a
# regression case once fixed).  Without clang's libFuzzer: one line, and a
# failure under CI=true, a skip (exit 0) elsewhere.
cd "$(dirname "$0")/../.." || exit 1
time=${FUZZ_CI_TIME:-45}
cc=${FUZZ_CC:-clang}
mkdir -p build/fuzz
if ! printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n){(void)d;(void)n;return 0;}\n' |
	"$cc" -fsanitize=fuzzer -x c -o build/fuzz/.probe - >/dev/null 2>&1; then
	echo "fuzz-ci: $cc cannot build libFuzzer targets (Debian: apt-get install clang)"
	[ "${CI:-}" = true ] && exit 1
	exit 0
fi

# run NAME SEEDS: one target; its verdict in build/fuzz/ci-NAME.rc.
run() {
	name=$1
	seeds=$(echo "$2" | tr ',' ' ')
	log=build/fuzz/ci-$name.log
	dict=
	case $name in textparse | report | csv | ublog) dict=-dict=tests/fuzz/textparse.dict ;; esac
	[ -f "tests/fuzz/$name.dict" ] && dict=-dict=tests/fuzz/$name.dict
	case $name in textparse | report | csv | ublog) max=100000 ;; serve) max=8192 ;;
	record) max=400000 ;; *) max=4096 ;; esac
	mkdir -p "build/fuzz/corpus-$name"
	./build/fuzz/fuzz-$name -max_total_time="$time" -max_len=$max -rss_limit_mb=2048 -timeout=20 \
		$dict -artifact_prefix="build/fuzz/$name-" "build/fuzz/corpus-$name" $seeds >"$log" 2>&1
	echo $? >"build/fuzz/ci-$name.rc"
}

for arg in "$@"; do
	name=${arg%%=*}
	make -s "build/fuzz/fuzz-$name" || { echo "fuzz-ci: cannot build fuzz-$name"; exit 1; }
done
rm -f build/fuzz/*-crash-* build/fuzz/*-leak-* build/fuzz/*-timeout-* build/fuzz/*-oom-*
set -- "$@"
while [ $# -gt 0 ]; do
	run "${1%%=*}" "${1#*=}" &
	if [ $# -gt 1 ]; then
		run "${2%%=*}" "${2#*=}" &
		shift
	fi
	shift
	wait
done

fail=0
for rc in build/fuzz/ci-*.rc; do
	name=${rc#build/fuzz/ci-}; name=${name%.rc}
	log=build/fuzz/ci-$name.log
	stats="$(grep -E '^Done [0-9]+ runs' "$log" | tail -n 1 | sed 's/^Done \([0-9]*\) runs.*/\1 inputs/'), $(grep -E '^#[0-9]+.*DONE' "$log" | tail -n 1 | sed 's/.* cov: \([0-9]*\) .*/\1 edges/')"
	if [ "$(cat "$rc")" = 0 ]; then
		echo "fuzz-ci $name: ${time} s, nothing found ($stats)"
	else
		fail=1
		echo "fuzz-ci $name: FAILED (exit $(cat "$rc")); last lines of $log:"
		tail -n 25 "$log" | sed 's/^/    /'
		for f in build/fuzz/$name-*; do
			[ -f "$f" ] || continue
			echo "    crasher $f, base64:"
			base64 "$f" | head -c 20000 | sed 's/^/    /'
		done
	fi
done
rm -f build/fuzz/ci-*.rc
exit $fail
