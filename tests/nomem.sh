#!/bin/sh
# Running out of memory while reading is an error, never a lost game.
#
# usage: tests/nomem.sh VCHESS
#
# An LD_PRELOAD shim (tests/tools/fail_malloc.c) makes the Nth malloc of
# one size fail, for N = 1, 2, ...: the sizes of the allocations a member
# needs before it is read (the PGN reader's buffer under -j 1, the EPD
# reader's line buffers, a member's name under -j 2). Whatever allocation
# fails, the run must either not notice (its output is the normal one) or
# end with exit status 3 and "vchess: out of memory" on standard error
# (vchess(1) EXIT STATUS), having written the report of every game before
# the fault and then its summary marked incomplete: its standard output
# before the summary is a prefix of the normal one, and it ends with
# "validate: incomplete: stopped by an error". A run that exits 0 or 1
# with games missing is the fault this catches.
# Needs cc and /usr/bin/python3 (for a zip); skipped without them.
set -u

[ $# = 1 ] || { echo "usage: tests/nomem.sh VCHESS" >&2; exit 2; }
VCHESS=$1 # run from where the path holds: nothing here changes directory
root=$(dirname "$0")/..
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
if ! cc -shared -fPIC -O1 -o "$tmp/fail_malloc.so" "$root/tests/tools/fail_malloc.c" -ldl ||
	! [ -x /usr/bin/python3 ]; then
	echo "nomem: skipped (no cc or /usr/bin/python3)"
	exit 0
fi
data=$root/tests/data/validate
long=$(printf '%0200d' 0)
/usr/bin/python3 - "$tmp/two.zip" "$data/results.pgn" "$data/B01.pgn" "$long.pgn" <<'PY' || exit 2
import sys, zipfile
with zipfile.ZipFile(sys.argv[1], 'w') as z:
    z.write(sys.argv[2], 'a.pgn')
    z.write(sys.argv[3], sys.argv[4])
PY
fail=0
runs=0
hits=0

# check SIZE JOBS FILE...: fail the Nth malloc of SIZE bytes, N = 1..6
check() {
	size=$1 jobs=$2
	shift 2
	"$VCHESS" validate -j "$jobs" "$@" >"$tmp/want" 2>"$tmp/want.err"
	want_rc=$?
	hits0=$hits
	n=1
	while [ $n -le 6 ]; do
		runs=$((runs + 1))
		VCHESS_FAIL_MALLOC=$size:$n LD_PRELOAD=$tmp/fail_malloc.so \
			"$VCHESS" validate -j "$jobs" "$@" >"$tmp/got" 2>"$tmp/got.err"
		rc=$?
		what="malloc $size #$n, -j $jobs, $*"
		if [ $rc = "$want_rc" ] && cmp -s "$tmp/got" "$tmp/want" &&
			cmp -s "$tmp/got.err" "$tmp/want.err"; then
			: # that allocation was not needed, or not in the way
		elif [ $rc = 3 ] && [ "$(cat "$tmp/got.err")" = "vchess: out of memory" ] &&
			[ "$(tail -n 1 "$tmp/got")" = "validate: incomplete: stopped by an error" ] &&
			sed '/^validate: [0-9][0-9]* games/,$d' "$tmp/got" >"$tmp/got.body" &&
			head -c "$(wc -c <"$tmp/got.body")" "$tmp/want" | cmp -s - "$tmp/got.body"; then
			hits=$((hits + 1))
		else
			echo "nomem: $what: exit $rc (normal run: $want_rc), standard error:" >&2
			sed 's/^/  /' "$tmp/got.err" >&2
			fail=1
		fi
		n=$((n + 1))
	done
	if [ $hits = "$hits0" ]; then
		echo "nomem: no malloc of $size failed (-j $jobs, $*): the size is stale" >&2
		fail=1
	fi
}

# -j 1: the PGN reader's buffer (VC_PGN_DEFAULT_BUFFER); the input layer's
# raw buffers have that size too
check 65536 1 "$data/results.pgn" "$data/B01.pgn"
# -j 1: the EPD reader's line buffers (2 * (VC_EPD_MAX_LINE + 2))
check 131076 1 "$data/results.pgn" "$data/positions.epd"
# -j 2: the second member's name (its 204 bytes and NUL behind a 4-byte
# reference count)
check 209 2 "$tmp/two.zip"

[ $fail = 0 ] && echo "nomem: $runs runs, $hits out of memory, each an error after the games before it"
exit $fail
