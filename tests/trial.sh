#!/bin/sh
# Faults a fresh user's trial found (session of 2026-12-02, fourth), each
# checked for its whole kind on small inputs made here: one run, -j 2 with
# tiny chunks and shard runs merged by `vchess report merge` must agree.
# Run by tests/hostile.sh (make check-hostile); seconds, not minutes.
# Also alone: sh tests/trial.sh ./vchess
#
# usage: tests/trial.sh VCHESS
set -u
case $1 in /*) VCHESS=$1 ;; *) VCHESS=$(pwd)/$1 ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vchess-trial.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
LC_ALL=C
export LC_ALL
TAB=$(printf '\t')
failed=0 passed=0
ok() { echo "trial: $*"; passed=$((passed + 1)); }
fail() { echo "trial: FAIL: $*"; failed=$((failed + 1)); }
v() { "$VCHESS" "$@" </dev/null; }

# shards CMD FILE N DIR OPTS...: `vchess CMD` over the N shards of FILE, one
# after the other, parts in DIR/part.K (OPTS with {} for K)
shards() {
	cmd=$1 f=$2 n=$3 dir=$4
	shift 4
	rm -rf "$dir"
	mkdir -p "$dir"
	v shards -n "$n" "$f" >"$dir/list" || { fail "shards -n $n $f"; return; }
	while IFS="$TAB" read -r file k count range; do
		# shellcheck disable=SC2046 # the options, with K put in
		v "$cmd" --shard "$k/$count" --shard-range "$range" -o "$dir/part.$k" \
			$(echo "$@" | sed "s/{}/$k/g") "$file" 2>>"$dir/err" || true
	done <"$dir/list"
}

# ---- 1. games without moves take no part in --duplicates ------------------
# Forfeits between different players ("1-0" with no movetext, one with a
# comment only, one of a set-up position) are neither duplicates nor
# originals; the one real pair (the same moves written two ways) is found,
# in one run, -j 2 with tiny chunks and a merge of shard runs.
cat >"$tmp/forfeit.pgn" <<'EOF'
[Event "T"]
[White "A"]
[Black "B"]
[Result "1-0"]

1-0

[Event "T"]
[White "C"]
[Black "D"]
[Result "0-1"]

0-1

[Event "T"]
[White "A"]
[Black "C"]
[Result "*"]

1. e4 e5 2. Nf3 *

[Event "T"]
[White "E"]
[Black "F"]
[Result "1-0"]

{forfeit} 1-0

[Event "T"]
[White "B"]
[Black "D"]
[Result "*"]

1. e4 e5 2. Ng1f3 *

[Event "T"]
[White "G"]
[Black "H"]
[Result "1/2-1/2"]

1/2-1/2

[Event "T"]
[White "I"]
[Black "J"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]
[Result "1/2-1/2"]

1/2-1/2

[Event "T"]
[White "K"]
[Black "L"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]
[Result "1/2-1/2"]

1/2-1/2
EOF
dupcheck() { # dupcheck WHAT REPORT DUPSCOPY
	n=$(grep -c 'duplicate of game' "$2")
	if [ "$n" != 1 ] || ! grep -q 'game 5: duplicate of game 3 of' "$2"; then
		fail "forfeits $1: $n duplicate-of warnings, expected game 5 of game 3 only"
	elif [ "$(grep -c '^\[Event' "$3")" != 1 ] || ! grep -q 'Ng1f3' "$3"; then
		fail "forfeits $1: --duplicates-out holds other games than game 5"
	else
		ok "forfeits $1: only the real duplicate found"
	fi
}
v validate --duplicates-out "$tmp/d1" --valid-out "$tmp/v1" "$tmp/forfeit.pgn" >"$tmp/r1" 2>&1
dupcheck "-j 1" "$tmp/r1" "$tmp/d1"
[ "$(grep -c '^\[Event' "$tmp/v1")" = 7 ] || fail "forfeits: the clean copy does not hold the 7 other games"
v validate --format json --duplicates "$tmp/forfeit.pgn" >"$tmp/rj" 2>&1
[ "$(grep -c '"hash": null' "$tmp/rj")" = 6 ] || fail "forfeits: JSON: not 6 games with \"hash\": null"
VCHESS_CHUNK_SIZE=64 v validate -j 2 --duplicates-out "$tmp/d2" --valid-out "$tmp/v2" \
	"$tmp/forfeit.pgn" >"$tmp/r2" 2>&1
dupcheck "-j 2" "$tmp/r2" "$tmp/d2"
cmp -s "$tmp/r1" "$tmp/r2" && cmp -s "$tmp/v1" "$tmp/v2" || fail "forfeits: -j 2 differs from -j 1"
shards validate "$tmp/forfeit.pgn" 4 "$tmp/p" --duplicates
v report merge "$tmp"/p/part.* >"$tmp/rm" 2>&1
cmp -s "$tmp/r1" "$tmp/rm" || fail "forfeits: the merge of 4 shards differs from one run"
dupcheck "4 shards merged" "$tmp/rm" "$tmp/d1"

echo "trial: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
