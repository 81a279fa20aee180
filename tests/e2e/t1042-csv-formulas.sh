# Issue 41, defect 2: no text cell of compare's CSV (matrix, --long, --group-by
# host) starts with a character a spreadsheet runs as a formula (= + - @, tab,
# CR): labels from file names and --label, hostnames as column headers are
# written as text ('-prefixed and quoted, OWASP), while numbers stay numbers.
. tests/e2e/lib.sh
command -v python3 >/dev/null 2>&1 || skip "python3 is not installed (it reads the CSV)"
R=$ROOT/tests/data/reports

# check FILE WANT: every cell read by Python's csv module; one that starts
# with a formula character must be a number; WANT must be one of the cells.
check() {
	python3 - "$1" "$2" <<'PY' || { cat "$1"; die "$1: a formula in a text cell"; }
import csv, sys
bad, cells = [], []
with open(sys.argv[1], newline="") as f:
    for row in csv.reader(f):
        for cell in row:
            cells.append(cell)
            if cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
                try:
                    float(cell)
                except ValueError:
                    bad.append(cell)
if bad:
    print("formula cells:", bad)
    sys.exit(1)
if sys.argv[2] not in cells:
    print("missing cell:", repr(sys.argv[2]))
    sys.exit(1)
PY
}

# A label from a file name (DDE), one from --label; two inputs and three.
dde="=cmd|' -C calc'!A0"
cp "$R/a" "$T/$dde"
cp "$R/b" "$T/-2+3"
"$ROOT/Run" compare --format csv "$T/$dde" "$R/b" >"$T/two.csv" || die "compare, two inputs"
check "$T/two.csv" "'$dde"
"$ROOT/Run" compare --format csv --label '=HYPERLINK("http://x")' --label '@SUM(A1)' \
	--label "$(printf '\t=1')" "$R/a" "$R/b" "$T/-2+3" >"$T/three.csv" || die "compare, three inputs"
check "$T/three.csv" "'=HYPERLINK(\"http://x\")"
"$ROOT/Run" compare --format csv --long "$T/$dde" "$R/b" "$T/-2+3" >"$T/long.csv" || die "compare --long"
check "$T/long.csv" "'-2+3"
# A negative change is still a number: the matrix of changes has one.
python3 - "$T/three.csv" <<'PY' || die "no negative number left bare in the CSV"
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
sys.exit(0 if any(c.startswith("-") and float(c) < 0 for r in rows for c in r
                  if c[:1] == "-" and c[1:2].isdigit()) else 1)
PY

# Hostnames as column headers under --group-by host.
mkdir -p "$T/hosts"
for f in "$R"/hosts/*.txt; do
	sed 's/^   System: alpha:/   System: =1+2:/; s/^   System: web:/   System: +web:/' "$f" \
		>"$T/hosts/${f##*/}"
done
"$ROOT/Run" compare --format csv --group-by host "$T"/hosts/*.txt >"$T/hosts.csv" 2>"$T/err" ||
	{ cat "$T/err"; die "compare --group-by host"; }
grep -q "=1+2\|+web" "$T/hosts.csv" || { cat "$T/hosts.csv"; die "the hostnames are not in the CSV"; }
check "$T/hosts.csv" "'=1+2"
exit 0
