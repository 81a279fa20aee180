#!/bin/sh
# doclinks.sh: every relative link of the pages a reader walks (README.md,
# docs/*.md, bench/*.md) leads somewhere: [text](path) names a file or
# folder that exists, and [text](path#anchor) or [text](#anchor) a heading
# of that page, slugged as GitHub does (lower case; every character but
# letters, digits, spaces, '-' and '_' dropped; spaces to '-'; a repeated
# heading gets -1, -2, ...).  Links in fenced code blocks and code spans are
# not links; http(s) and mailto links are not checked.  Non-ASCII bytes are
# dropped from a slug (the headings' dashes and signs); a heading with a
# non-ASCII letter would need more.
#   sh tests/doclinks.sh [ROOT]     exit 0: all lead somewhere; 1: one line
#                                   per broken link; 2: ROOT has no pages
root=${1:-.}
cd "$root" || exit 2
pages=$(ls README.md docs/*.md bench/*.md 2>/dev/null)
[ -n "$pages" ] || { echo "doclinks: no README.md, docs/*.md or bench/*.md in $root" >&2; exit 2; }

# links PAGE: "PAGE<TAB>LINE<TAB>TARGET" for each relative link outside code.
links() {
	LC_ALL=C awk -v page="$1" '
	/^[ \t]*(```|~~~)/ { fence = !fence; next }
	fence { next }
	{
		line = $0
		gsub(/`[^`]*`/, "", line)      # code spans
		while (match(line, /\]\([^) \t]+\)/)) {
			t = substr(line, RSTART + 2, RLENGTH - 3)
			line = substr(line, RSTART + RLENGTH)
			if (t ~ /^(https?|mailto|ftp):/) continue
			printf "%s\t%d\t%s\n", page, NR, t
		}
	}' "$1"
}

# anchors PAGE: the slug of each heading, one a line.
anchors() {
	LC_ALL=C awk '
	/^[ \t]*(```|~~~)/ { fence = !fence; next }
	fence || !/^#+[ \t]/ { next }
	{
		h = $0
		sub(/^#+[ \t]+/, "", h)
		sub(/[ \t]+#*[ \t]*$/, "", h)
		h = tolower(h)
		s = ""
		for (i = 1; i <= length(h); i++) {
			c = substr(h, i, 1)
			if (c ~ /[a-z0-9_-]/) s = s c
			else if (c == " ") s = s "-"
		}
		n = seen[s]++
		print (n ? s "-" n : s)
	}' "$1"
}

bad=0
for p in $pages; do
	dir=$(dirname "$p")
	links "$p" >"${TMPDIR:-/tmp}/doclinks.$$"
	while IFS='	' read -r page ln target; do
		path=${target%%#*}
		anchor=
		case $target in *'#'*) anchor=${target#*#} ;; esac
		if [ -z "$path" ]; then file=$page; else file=$dir/$path; fi
		if [ ! -e "$file" ]; then
			echo "doclinks: $page:$ln: $target: no such file ($file)"
			bad=1
			continue
		fi
		[ -n "$anchor" ] || continue
		case $file in
		*.md) ;;
		*) continue ;;      # an anchor into a non-page: not checked
		esac
		if ! anchors "$file" | grep -qxF -- "$anchor"; then
			echo "doclinks: $page:$ln: $target: $file has no heading #$anchor"
			bad=1
		fi
	done <"${TMPDIR:-/tmp}/doclinks.$$"
done
rm -f "${TMPDIR:-/tmp}/doclinks.$$"
exit $bad
