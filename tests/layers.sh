#!/bin/sh
# tests/layers.sh: no #include runs from a lower folder of src/ to a higher
# one.  The floors and the arrows allowed against them are read from
# docs/architecture.md (its "layers" and "exceptions" blocks), so the page
# and the check cannot disagree.  Run from the project root; prints every
# upward arrow and exits 1 if there is one, 2 if the page cannot be read.
#
# A file's folder is its path under src/ ("top" for src/*.c and src/*.h);
# an include's folder is its path's folder, or the including file's own for
# a bare name.  build/'s generated header (buildinfo.h) is on the ground.
# The test programs (src/progs/) may include shared/ and the headers of
# the "programs" block only: they are built and run apart from the driver.
set -u
doc=docs/architecture.md
[ -r "$doc" ] || { echo "layers: cannot read $doc" >&2; exit 2; }

# "floor: folder folder ..." lines of the ```layers block, lowest first.
block() {
	awk -v want="$1" '
		$0 == "```" want { on = 1; next }
		on && $0 == "```" { exit }
		on { print }' "$doc"
}
layers=$(block layers)
[ -n "$layers" ] || { echo "layers: no \`\`\`layers block in $doc" >&2; exit 2; }
exceptions=$(block exceptions)
programs=$(block programs)

find src -name '*.[ch]' -type f | LC_ALL=C sort | awk -v layers="$layers" -v exc="$exceptions" -v pgm="$programs" '
	BEGIN {
		n = split(layers, line, "\n")
		for (i = 1; i <= n; i++) {
			k = split(line[i], w, /[: ]+/)
			for (j = 2; j <= k; j++) if (w[j] != "") rank[w[j]] = i
		}
		m = split(exc, e, "\n")
		for (i = 1; i <= m; i++) { split(e[i], w, /[ ]+/); if (w[1] != "") ok[w[1] " " w[2]] = 1 }
		p = split(pgm, q, "\n")
		for (i = 1; i <= p; i++) if (q[i] != "") pgm_ok[q[i]] = 1
		bad = 0
	}
	function folder(path,    d) {
		d = path; sub(/\/[^\/]*$/, "", d)
		if (d == path) return "top"
		return d
	}
	{
		file = $0; rel = file; sub(/^src\//, "", rel)
		from = folder(rel)
		# src/progs/* is one floor with its lib; its dhry/arith/execl too.
		if (from ~ /^progs(\/|$)/) from = "progs"
		if (from != "progs" && !(from in rank)) { printf "layers: %s: folder %s is on no floor of %s\n", file, from, "docs/architecture.md"; bad = 1; next }
		while ((getline l < file) > 0) {
			if (l !~ /^#[ \t]*include[ \t]*"/) continue
			inc = l; sub(/^#[ \t]*include[ \t]*"/, "", inc); sub(/".*/, "", inc)
			if (inc == "buildinfo.h") continue
			to = (inc ~ /\//) ? folder(inc) : from
			if (to ~ /^progs(\/|$)/) to = "progs"
			if (to == from) continue
			if (from == "progs") {
				# The programs stand alone: shared/ and the listed facts only.
				if (to == "shared" || (inc in pgm_ok)) continue
				printf "layers: %s (a test program) includes %s: not shared/ nor a header of the programs block\n", file, inc
				bad = 1; continue
			}
			if (!(to in rank)) { printf "layers: %s: includes %s from a folder on no floor\n", file, inc; bad = 1; continue }
			if (rank[to] < rank[from]) continue
			if ((file " " inc) in ok) continue
			printf "layers: %s (%s, floor %d) includes %s (%s, floor %d)\n", file, from, rank[from], inc, to, rank[to]
			bad = 1
		}
		close(file)
	}
	END { exit bad }'
