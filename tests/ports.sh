#!/bin/sh
# ports.sh: the other compilers, CPUs and libcs sysindex promises to build on
# (make check-ports, part of make check).  Each port builds in a copy of the
# tree under a temporary folder, so the checkout's own build/ is untouched:
#
#   clang     make CC=clang: driver and programs without one warning
#   pedantic  the driver with -std=c11 -pedantic, gcc and clang, no warning
#   aarch64   a cross build (aarch64-linux-gnu-gcc, dynamic: glibc's static
#             getaddrinfo warns) run under qemu-aarch64 through binfmt_misc,
#             with QEMU_LD_PREFIX naming the cross libc: ./Run --quick over
#             the CPU and process tests must complete with a result line each
#   musl      make STATIC=1 CC=musl-gcc: sysindex and pgms/ copied alone to
#             an empty folder run there with an empty environment
#
# A port whose tools are missing is skipped with the package to install; a
# port whose tools are there and fails, fails.  PORTS="clang musl" picks some.
set -u
cd "$(dirname "$0")/.." || exit 1
root=$(pwd)
ports=${PORTS:-clang pedantic aarch64 musl}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sysindex-ports.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
pass=0 fail=0 skip=0
jobs=$(nproc 2>/dev/null || echo 2)

say() { printf 'ports: %s\n' "$*"; }
ok() { pass=$((pass + 1)); say "PASS $1"; }
bad() { fail=$((fail + 1)); say "FAIL $1: $2"; [ -f "$tmp/$1.log" ] && tail -n 20 "$tmp/$1.log" | sed 's/^/    /'; }
skipped() { skip=$((skip + 1)); say "SKIP $1: $2"; }
has() { command -v "$1" >/dev/null 2>&1; }

# A fresh copy of the tracked sources (the working tree's versions).
tree() {
	d=$tmp/$1
	mkdir -p "$d" || return 1
	if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
		git -C "$root" ls-files -z --cached --others --exclude-standard |
			(cd "$root" && xargs -0 tar -cf - 2>/dev/null) | tar -xf - -C "$d"
	else
		(cd "$root" && tar -cf - --exclude=./build --exclude=./pgms --exclude=./results .) |
			tar -xf - -C "$d"
	fi
	[ -f "$d/Makefile" ]
}

# make in a copy; fails on a build error or on any compiler warning.
build() {
	name=$1; shift
	tree "$name" || { bad "$name" "could not copy the tree"; return 1; }
	if ! make -C "$tmp/$name" -j"$jobs" V=1 "$@" >"$tmp/$name.log" 2>&1; then
		bad "$name" "build failed (make $*)"; return 1
	fi
	if grep -n 'warning:' "$tmp/$name.log" >"$tmp/$name.warn"; then
		cat "$tmp/$name.warn" >>"$tmp/$name.log"
		bad "$name" "$(wc -l <"$tmp/$name.warn") compiler warning(s) (make $*)"; return 1
	fi
	return 0
}

# ./Run-like run of a built copy: quick, one copy, the named tests.
quick_run() {
	dir=$1 pgms=$2; shift 2
	mkdir -p "$dir/results" "$dir/testdir"
	env -i PATH=/usr/bin:/bin HOME="$dir" SYSINDEX_PGMDIR="$pgms" ${QEMU_LD_PREFIX:+QEMU_LD_PREFIX=$QEMU_LD_PREFIX} \
		SYSINDEX_RESULTS="$dir/results" SYSINDEX_TESTDIR_DEFAULT="$dir/testdir" \
		"$dir/sysindex" --quick -c 1 -b --no-charts "$@"
}

# One result line ("... (2.0 s, 1 samples)") for each of the N tests run.
results_for() {
	n=$(grep -c 'samples)$' "$1")
	[ "$n" -eq "$2" ] || { echo "$n result lines for $2 tests"; return 1; }
}

CPU_TESTS="dhry2reg whetstone-double execl pipe context1 spawn syscall"

port_clang() {
	has clang || { skipped clang "clang not installed (apt-get install clang)"; return; }
	build clang CC=clang && ok clang
}

port_pedantic() {
	for c in gcc clang; do
		has $c || { skipped "pedantic-$c" "$c not installed"; continue; }
		build "pedantic-$c" CC=$c CFLAGS='-O2 -std=c11 -pedantic' sysindex && ok "pedantic-$c"
	done
}

# binfmt_misc runs aarch64 ELF files through qemu-aarch64; register it when
# it is not (root only; Debian's qemu-user-binfmt ships the rule).  The
# dynamic loader and libc come from the cross toolchain's folder.
aarch64_exec() {
	export QEMU_LD_PREFIX=${QEMU_LD_PREFIX:-/usr/aarch64-linux-gnu}
	printf 'int main(void){return 0;}\n' >"$tmp/probe.c"
	aarch64-linux-gnu-gcc -o "$tmp/probe" "$tmp/probe.c" 2>/dev/null || return 1
	"$tmp/probe" 2>/dev/null && return 0
	[ "$(id -u)" = 0 ] || return 1
	[ -f /proc/sys/fs/binfmt_misc/register ] ||
		mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc 2>/dev/null || return 1
	conf=/usr/lib/binfmt.d/qemu-aarch64.conf
	[ -f "$conf" ] || return 1
	if [ -x /lib/systemd/systemd-binfmt ]; then
		/lib/systemd/systemd-binfmt "$conf" 2>/dev/null
	else
		cat "$conf" >/proc/sys/fs/binfmt_misc/register 2>/dev/null
	fi
	"$tmp/probe" 2>/dev/null
}

port_aarch64() {
	has aarch64-linux-gnu-gcc || { skipped aarch64 "no cross compiler (apt-get install gcc-aarch64-linux-gnu)"; return; }
	build aarch64 CC=aarch64-linux-gnu-gcc || return
	d=$tmp/aarch64
	if ! has qemu-aarch64 || ! aarch64_exec; then
		skipped aarch64-run "built; cannot execute aarch64 programs here (apt-get install qemu-user qemu-user-binfmt; needs binfmt_misc)"
		ok aarch64-build; return
	fi
	# shellcheck disable=SC2086
	if ! quick_run "$d" "$d/pgms" $CPU_TESTS >"$d/run.out" 2>"$tmp/aarch64.log"; then
		bad aarch64 "./Run --quick under qemu-aarch64 failed"; return
	fi
	# shellcheck disable=SC2086
	why=$(results_for "$d/run.out" "$(echo $CPU_TESTS | wc -w)") || { echo "$why" >>"$tmp/aarch64.log"; bad aarch64 "$why"; return; }
	ok aarch64
}

port_musl() {
	has musl-gcc || { skipped musl "musl-gcc not installed (apt-get install musl-tools)"; return; }
	build musl CC=musl-gcc STATIC=1 || return
	d=$tmp/musl
	for f in "$d/sysindex" "$d"/pgms/*; do
		[ -f "$f" ] && [ -x "$f" ] || continue
		case $(head -c 4 "$f" | od -An -c | tr -d ' ') in
		*ELF*) if has ldd && ldd "$f" >/dev/null 2>&1; then bad musl "$f is dynamically linked"; return; fi ;;
		esac
	done
	# A "minimal server": sysindex and pgms/ alone in an empty folder.
	m=$tmp/minimal
	mkdir -p "$m" && cp "$d/sysindex" "$m/" && cp -R "$d/pgms" "$m/pgms" || { bad musl "copy failed"; return; }
	if ! quick_run "$m" "$m/pgms" dhry2reg pipe spawn >"$m/run.out" 2>"$tmp/musl.log"; then
		bad musl "the copied static build failed to run"; return
	fi
	why=$(results_for "$m/run.out" 3) || { echo "$why" >>"$tmp/musl.log"; bad musl "$why"; return; }
	ok musl
}

for p in $ports; do
	case $p in
	clang|pedantic|aarch64|musl) "port_$p" ;;
	*) bad "$p" "unknown port (clang pedantic aarch64 musl)" ;;
	esac
done
say "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
