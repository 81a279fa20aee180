# Issue 24, defects 1, 4 and 6: outside strings (labels, file names, a
# report's host, the machine's own hostname) run nothing through gnuplot,
# become no HTML in compare's Markdown, and cannot steer result file names.
. tests/e2e/lib.sh
command -v python3 >/dev/null 2>&1 || skip "python3 is not installed (it sets the hostname)"
M=$T/pwned
run_si --quick -c 1 syscall
[ $rc -eq 0 ] || die "exit $rc"
a=$(report)

# A baseline whose file name and label hold commands (HOME=$T: "cd" goes
# there, where $M is looked for), its test title HTML.
b="$T/r\`cd;touch pwned\`;\$(cd;touch pwned).txt"
sed 's/^System Call Overhead /<img src=x onerror=alert(1)> /' "$a" >"$b"
# The chart of change draws only changes: its inputs share the test (c is a
# with a file name that holds commands).
c="$T/s\`cd;touch pwned\`;\$(cd;touch pwned).txt"
cp "$a" "$c"
if command -v gnuplot >/dev/null 2>&1; then
	HOME=$T "$ROOT/Run" compare --plot "$T/c.svg" --label "x\`cd;touch pwned\`'\"\\;" "$a" "$c" \
		>"$T/cmp" 2>&1 || { cat "$T/cmp"; die "compare --plot failed"; }
	[ -s "$T/c.svg" ] || die "no chart"
	HOME=$T "$ROOT/Run" compare --plot "$T/d.svg" "$c" "$a" >"$T/cmp" 2>&1 || die "compare --plot (file names)"
	# Inputs with no test in common: nothing to draw, said in one line, exit 1.
	HOME=$T "$ROOT/Run" compare --plot "$T/e.svg" "$b" "$a" >"$T/cmp" 2>"$T/cmperr" &&
		die "compare --plot drew a chart of no change"
	grep -q 'nothing to plot' "$T/cmperr" || die "compare --plot without a change: $(cat "$T/cmperr")"
	[ -e "$M" ] && die "a label or a file name ran a command through gnuplot"
else
	note "gnuplot is not installed: the chart half is skipped"
fi

# compare's Markdown escapes HTML everywhere, the footer included.
"$ROOT/Run" compare --format md --label '<i>A|B</i>' --label '<b>x</b>' "$a" "$b" >"$T/md" ||
	die "compare --format md"
cat "$T/md"
grep -q '\(^\|[^\\]\)[<>]' "$T/md" && die "raw HTML in compare's Markdown"
grep -q '\\<img src=x onerror=alert(1)\\>' "$T/md" || die "the title is not kept, escaped"

# compare's HTML page escapes every outside string: labels (quotes, &), the
# test title, the file names; its only tags are its own.
"$ROOT/Run" compare --format html --label '<i>A|B</i>&"q"' --label "<b>x</b>'" "$a" "$b" >"$T/html" ||
	die "compare --format html"
grep -q '<img\|<i>\|<b>x' "$T/html" && die "raw HTML from an input in compare's page"
grep -q '&lt;img src=x onerror=alert(1)&gt;' "$T/html" || die "html: the title is not kept, escaped"
grep -q '&lt;i&gt;A|B&lt;/i&gt;&amp;&quot;q&quot;' "$T/html" || die "html: the label is not escaped"
grep -q '<section id="summary">' "$T/html" || die "html: no summary"

# Defect 10: a CSV from another run beside a report is named and ignored.
mkdir -p "$T/two"
for n in 1 2; do
	"$ROOT/Run" --results "$T/two" --testdir "$T/testdir" -q -c 1 -i 3 --duration 1 --settle 0 pipe \
		>/dev/null 2>&1 || die "run $n"
done
set -- $(ls "$T/two" | sed -n 's/\.log$//p')
[ $# -eq 2 ] || die "two runs expected: $*"
"$ROOT/Run" compare "$T/two/$1" "$T/two/$2" >"$T/cmp" 2>&1 || die "compare of two runs"
grep -q 'not from the run' "$T/cmp" && die "a run's own CSV called a stranger: $(cat "$T/cmp")"
# The run's record would be read instead of the text: without it (an older
# run), the report and the CSV beside it are.
rm "$T/two/$1.json"
cp "$T/two/$2.csv" "$T/two/$1.csv"
"$ROOT/Run" compare "$T/two/$1" "$T/two/$2" >"$T/cmp" 2>&1 || die "compare with a stranger CSV"
cat "$T/cmp"
grep -q "warning: $T/two/$1.csv is not from the run of $T/two/$1 (its samples give" "$T/cmp" ||
	die "a CSV from another run was used silently"
grep -A1 "A = $T/two/$1" "$T/cmp" | grep -q "statistics block; the baseline" ||
	die "the stranger's samples were still used"

# The machine's own hostname: commands, a way out of --results, a newline.
[ "$(id -u)" = 0 ] && command -v unshare >/dev/null 2>&1 || skip "not root: cannot set a hostname (run make check as root to cover this)"
mkdir -p "$T/hres/sub"
HOME=$T unshare -u python3 - "$ROOT" "$T/hres/sub" >"$T/host.log" 2>&1 <<'PY' || { cat "$T/host.log"; die "the run with a hostile hostname failed"; }
import socket, subprocess, sys
root, res = sys.argv[1:3]
socket.sethostname(b"../ev`cd;touch pwned`$(cd;touch pwned)\nil")
sys.exit(subprocess.call([root + "/Run", "--results", res, "--testdir", res + "/..", "--quick",
                          "-c", "1", "syscall"]))
PY
[ -e "$M" ] && die "the hostname ran a command"
[ -z "$(ls "$T/hres" | grep -v '^sub$')" ] || die "result files left --results: $(ls "$T/hres")"
r=$(ls "$T/hres/sub" | sed -n 's/\.log$//p')
[ -n "$r" ] || die "no report in --results"
case $r in *[!A-Za-z0-9._-]* | .*) die "unsafe report name: $r" ;; esac
grep -qF '   System: ../ev`cd;touch pwned`$(cd;touch pwned)?il: ' "$T/hres/sub/$r" || die "the host line is not one line"
"$ROOT/Run" compare "$T/hres/sub/$r" "$T/hres/sub/$r" >"$T/cmp" 2>&1 || { cat "$T/cmp"; die "compare rejects the run's own files"; }
[ "$(grep -c "record, every sample" "$T/cmp")" -eq 2 ] || { cat "$T/cmp"; die "compare did not read the run's own record"; }
exit 0
