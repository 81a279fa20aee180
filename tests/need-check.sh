#!/bin/sh
# need-check.sh: make sure the Check unit-test library is there for `make check`.
# As root with apt-get it installs it (saying so in one line); otherwise it
# stops with one line naming the package.
PKG_CONFIG=${PKG_CONFIG:-pkg-config}
have_check() { "$PKG_CONFIG" --exists check 2>/dev/null; }
have_check && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "make check: installing the Check library and pkg-config (apt-get install check pkg-config)"
	if { apt-get install -y -qq check pkg-config >/dev/null 2>&1 ||
	     { apt-get update -qq >/dev/null 2>&1 &&
	       apt-get install -y -qq check pkg-config >/dev/null 2>&1; }; } && have_check; then
		exit 0
	fi
fi
echo "make check: needs the Check unit-test library: install the 'check' and 'pkg-config' packages (Debian/Ubuntu: apt-get install check pkg-config)" >&2
exit 1
