#!/bin/sh
# vchess shards (vchess-shards(1)): the ranges it prints cover each file
# exactly once, in order; zstd ranges fall on frame boundaries (each range
# decompresses on its own with the zstd tool, an independent reader, and
# the pieces put together are the input); files that cannot be cut are one
# shard with a note; bad options and damaged input give exit 2 and 3.
#
# usage: tests/shards.sh VCHESS        (make check-shards)
# Needs zstd and pzstd (Debian package zstd), gzip, tar, python3.
set -u
VCHESS=$1
root=$(cd "$(dirname "$0")/.." && pwd)
for t in zstd pzstd; do
	command -v $t >/dev/null || sh "$root/tests/deps.sh" zstd || exit 2
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vchess-shards.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
failed=0
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
TAB=$(printf '\t')

# games: the bundled real games (data/), several times over
games=$(ls "$root"/data/games/standard/*.pgn "$root"/data/games/chess960/*.pgn)
for i in 1 2 3 4 5 6; do cat $games; done >"$tmp/g.pgn"
size=$(wc -c <"$tmp/g.pgn")

# check FILE ORIGINAL DECODE N...: `shards -n N FILE` prints ranges that are
# contiguous from 0 to the file's size, numbered 0..count-1 with one count,
# and DECODE (cat or "zstd -dq") of each range, put together, is ORIGINAL
check() {
	f=$1 orig=$2 dec=$3
	shift 3
	for n in "$@"; do
		"$VCHESS" shards -n "$n" "$f" >"$tmp/out" 2>"$tmp/err" || { fail "$f -n $n: exit $?"; continue; }
		fsize=$(wc -c <"$f")
		awk -F"$TAB" -v size="$fsize" -v file="$f" '
			{ split($4, r, "-"); if ($1 != file || $2 != NR - 1 || r[1] != prev) bad = 1
			  if (r[2] <= r[1] && size > 0) bad = 1
			  prev = r[2]; count = $3 }
			END { if (bad || prev != size || count != NR) exit 1 }' prev=0 "$tmp/out" ||
			fail "$f -n $n: ranges do not tile the file: $(cat "$tmp/out")"
		: >"$tmp/joined"
		while IFS="$TAB" read -r file k cnt range; do
			a=${range%-*} b=${range#*-}
			tail -c +$((a + 1)) "$f" | head -c $((b - a)) | $dec >>"$tmp/joined" ||
				fail "$f -n $n: shard $k ($range) does not decode on its own"
		done <"$tmp/out"
		cmp -s "$tmp/joined" "$orig" || fail "$f -n $n: the shards put together differ from the input"
	done
}

# plain: any count, byte ranges
check "$tmp/g.pgn" "$tmp/g.pgn" cat 1 2 3 7 64
n=$("$VCHESS" shards -n 5 "$tmp/g.pgn" | wc -l)
[ "$n" -eq 5 ] || fail "plain -n 5 gave $n shards"

# multi-frame zstd without size headers: frames compressed one by one
split -b 100000 "$tmp/g.pgn" "$tmp/piece."
for p in "$tmp"/piece.*; do zstd -q -c "$p"; done >"$tmp/m.zst"
frames=$(ls "$tmp"/piece.* | wc -l)
check "$tmp/m.zst" "$tmp/g.pgn" "zstd -dq" 1 2 3 "$frames" 1000
n=$("$VCHESS" shards -n 1000 "$tmp/m.zst" | wc -l)
[ "$n" -eq "$frames" ] || fail "m.zst: -n 1000 gave $n shards, the file has $frames frames"
# pzstd (the lichess dumps): a skippable frame with each frame's size
for i in 1 2 3 4 5 6 7 8; do cat "$tmp/g.pgn"; done >"$tmp/big.pgn"
pzstd -q -f -1 -p 2 "$tmp/big.pgn" -o "$tmp/p.zst" || fail "pzstd failed"
pframes=$("$VCHESS" shards -n 1000 "$tmp/p.zst" | wc -l)
[ "$pframes" -ge 2 ] || fail "p.zst: pzstd wrote $pframes frame(s): too few to test"
check "$tmp/p.zst" "$tmp/big.pgn" "zstd -dq" 1 2 "$pframes"
"$VCHESS" shards --format jsonl -n 2 "$tmp/p.zst" | python3 -c '
import json, sys
rows = [json.loads(l) for l in sys.stdin]
assert [r["shard"] for r in rows] == [0, 1] and all(r["count"] == 2 for r in rows), rows
assert all(r["unit"] == "frames" and r["range"] == "%d-%d" % (r["start"], r["end"]) for r in rows), rows
' || fail "p.zst: jsonl records"

# a shard run's --shard-range (validate): every range `shards` prints is
# taken, and so is the whole file; a range one byte off at either end, or
# ending inside a frame or between a pzstd size header and its frame, is a
# usage error (exit 2). The run reads only its own frames' headers (it used
# to hop over the whole file's, in every shard run), so the end is checked
# by hopping from the start to it.
for f in p.zst m.zst; do
	"$VCHESS" shards -n 3 "$tmp/$f" >"$tmp/r3" || fail "$f: shards -n 3"
	fsize=$(wc -c <"$tmp/$f")
	while IFS="$TAB" read -r _ k n range; do
		"$VCHESS" validate --shard "$k/$n" --shard-range "$range" -o "$tmp/part" "$tmp/$f" 2>"$tmp/err" ||
			fail "$f: shard $k/$n $range: exit $?: $(cat "$tmp/err")"
		a=${range%-*} b=${range#*-}
		for bad in "$a-$((b - 1))" "$((a + 1))-$b" "$a-$((b + 1))" "$a-$((b + 12))"; do
			[ "${bad#*-}" -le "$fsize" ] || continue
			"$VCHESS" validate --shard "$k/$n" --shard-range "$bad" -o "$tmp/part" "$tmp/$f" 2>"$tmp/err"
			rc=$?
			[ "$rc" -eq 2 ] && grep -q "not a range" "$tmp/err" ||
				fail "$f: --shard-range $bad (off $range): exit $rc: $(cat "$tmp/err")"
		done
	done <"$tmp/r3"
	"$VCHESS" validate --shard 0/1 --shard-range "0-$fsize" -o "$tmp/part" "$tmp/$f" ||
		fail "$f: the whole file as one range: exit $?"
done

# one shard, with a note: gzip, one zstd frame, an archive, stdin
gzip -c "$tmp/g.pgn" >"$tmp/g.pgn.gz"
zstd -q -c "$tmp/g.pgn" >"$tmp/one.zst"
(cd "$tmp" && tar cf g.tar g.pgn)
for f in g.pgn.gz one.zst g.tar; do
	"$VCHESS" shards -n 4 "$tmp/$f" >"$tmp/out" 2>"$tmp/err" || fail "$f: exit $?"
	fsize=$(wc -c <"$tmp/$f")
	[ "$(cat "$tmp/out")" = "$tmp/$f${TAB}0${TAB}1${TAB}0-$fsize" ] || fail "$f: not one whole shard: $(cat "$tmp/out")"
	grep -q "one shard" "$tmp/err" || fail "$f: no note that it is one shard"
done
"$VCHESS" shards --format json -n 4 "$tmp/g.pgn.gz" 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["count"] == 1 and d["shards"][0]["unit"] == "file" and d["shards"][0]["reason"] == "gzip", d
' || fail "gzip: json record"

# several files: one numbering, one count; --size
"$VCHESS" shards -n 4 "$tmp/g.pgn" "$tmp/g.pgn.gz" "$tmp/m.zst" 2>/dev/null >"$tmp/out"
awk -F"$TAB" '$2 != NR - 1 || $3 != total { bad = 1 } END { exit bad }' total="$(wc -l <"$tmp/out")" "$tmp/out" ||
	fail "several files: shard numbers or count wrong: $(cat "$tmp/out")"
n=$("$VCHESS" shards --size 100000 "$tmp/g.pgn" | wc -l)
[ "$n" -eq $(((size + 99999) / 100000)) ] || fail "--size 100000 gave $n shards for $size bytes"
n=$("$VCHESS" shards --size 1K "$tmp/g.pgn" | wc -l)
[ "$n" -eq $(((size + 1023) / 1024)) ] || fail "--size 1K gave $n shards for $size bytes"
: >"$tmp/empty.pgn"
[ "$("$VCHESS" shards -n 3 "$tmp/empty.pgn")" = "$tmp/empty.pgn${TAB}0${TAB}1${TAB}0-0" ] || fail "empty file"

# errors: usage 2, unreadable or damaged input 3
expect() {
	want=$1
	shift
	"$VCHESS" shards "$@" >/dev/null 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq "$want" ] || fail "shards $*: exit $rc, expected $want"
	[ "$rc" -eq 0 ] || [ -s "$tmp/err" ] || fail "shards $*: exit $rc without a message"
}
expect 2 -n 0 "$tmp/g.pgn"
expect 2 -n 2 --size 10 "$tmp/g.pgn"
expect 2 --size 0 "$tmp/g.pgn"
expect 2 --size 10X "$tmp/g.pgn"
head -c 1000001 /dev/zero | tr '\000' a >"$tmp/a.pgn"
expect 2 --size 1 "$tmp/a.pgn"
expect 2
cp "$tmp/g.pgn" "$tmp/a${TAB}b.pgn"
expect 2 "$tmp/a${TAB}b.pgn"
expect 0 --format json "$tmp/a${TAB}b.pgn"
ESC=$(printf '\033')
cp "$tmp/g.pgn" "$tmp/a${ESC}[2Jb.pgn"
expect 2 "$tmp/a${ESC}[2Jb.pgn"
expect 3 "$tmp/missing.pgn"
head -c $(($(wc -c <"$tmp/m.zst") - 7)) "$tmp/m.zst" >"$tmp/cut.zst"
expect 3 "$tmp/cut.zst"
printf 'garbage!' | cat "$tmp/m.zst" - >"$tmp/junk.zst"
expect 3 "$tmp/junk.zst"

if [ "$failed" -ne 0 ]; then
	echo "shards: $failed failure(s)"
	exit 1
fi
echo "shards: all passed"
