# Tokens off the command line (issue 50, Low): `serve --token T` and
# `--peer-token T` show the token to anyone running ps.  serve takes
# --token-file F or $SYSINDEX_SERVE_TOKEN, the run --peer-token-file F (or
# $SYSINDEX_PEER_TOKEN); neither puts the token in its argv, and a client
# with the file reaches the server.  An unreadable, empty or two-line token
# file, or a token given twice over, is one line and exit 2.
. tests/e2e/lib.sh
SI=$ROOT/sysindex
pids=
trap 'for p in $pids; do kill "$p" 2>/dev/null; done; cleanup' EXIT
tok=e2e-token-file-0123456789abcdef
printf '%s\n' "$tok" >"$T/tok"
: >"$T/empty"
printf 'a\nb\n' >"$T/two"
head -c 100 /dev/zero | tr '\0' x >"$T/long"
one_line() {   # one_line WHAT WANT CMD...: exit 2, one line on stderr holding WANT
	what=$1 want=$2
	shift 2
	"$@" >"$T/o" 2>"$T/e" </dev/null
	rc=$?
	[ $rc -eq 2 ] || { cat "$T/e"; die "$what: exit $rc, want 2"; }
	[ "$(wc -l <"$T/e")" -eq 1 ] && grep -q -- "$want" "$T/e" ||
		{ cat "$T/e"; die "$what: not one line naming '$want'"; }
}
one_line "serve, empty file" "--token-file: '.*empty': empty" "$SI" serve --port 0 --token-file "$T/empty"
one_line "serve, no file" "No such file" "$SI" serve --port 0 --token-file "$T/none"
one_line "serve, a directory" "Is a directory" "$SI" serve --port 0 --token-file "$T"
one_line "serve, two lines" "more than one line" "$SI" serve --port 0 --token-file "$T/two"
one_line "serve, too long" "too long" "$SI" serve --port 0 --token-file "$T/long"
one_line "serve, both" "not both" "$SI" serve --port 0 --token x --token-file "$T/tok"
one_line "serve, token twice" "given twice" "$SI" serve --port 0 --token x --token y
SYSINDEX_SERVE_TOKEN="a b" one_line "serve, a space in the environment's" \
	"SYSINDEX_SERVE_TOKEN: at most" "$SI" serve --port 0
P="--quick --duration 1 -c 1 --peer 127.0.0.1:9"
# shellcheck disable=SC2086 # $P splits on purpose
{
one_line "run, empty file" "--peer-token-file: '.*empty': empty" "$SI" $P --peer-token-file "$T/empty" tcp-rr
one_line "run, no file" "No such file" "$SI" $P --peer-token-file "$T/none" tcp-rr
one_line "run, both" "not both" "$SI" $P --peer-token x --peer-token-file "$T/tok" tcp-rr
}
one_line "run, no --peer" "needs --peer" "$SI" --peer-token-file "$T/tok" tcp-rr

# The server from the environment: the token it prints is the one given.
SYSINDEX_SERVE_TOKEN=$tok-env start_serve
grep -q "token $tok-env\$" "$T/serve.out" || { cat "$T/serve.out"; die "the environment's token is not used"; }
kill "$spid"; wait "$spid" 2>/dev/null
# The server from a file; the client from a file: neither argv holds it.
start_serve --token-file "$T/tok"
grep -q "token $tok\$" "$T/serve.out" || { cat "$T/serve.out"; die "the file's token is not used"; }
tr '\0' ' ' <"/proc/$spid/cmdline" | grep -q "$tok" && die "serve's argv shows the token"
run_si --quick --duration 1 -c 1 --peer "127.0.0.1:$port" --peer-token-file "$T/tok" tcp-rr
[ $rc -eq 0 ] || die "a client with --peer-token-file: exit $rc"
grep -q "^TCP Request/Response (1 byte)  *[0-9.]* tps" "$(report)" ||
	{ cat "$(report)"; die "no TCP Request/Response result"; }
grep -rq "$tok" "$RES" && die "the token is in a file the run wrote"
echo "PASS"
