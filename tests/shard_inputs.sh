#!/bin/sh
# Inputs that need a library the machine lacks, in shard runs and in one
# run. libarchive is made unavailable as a user meets it: a broken
# libarchive.so.13 first on LD_LIBRARY_PATH (formats/archive_dl.c loads
# it with dlopen on first use).
#  - A shard run over a file it cannot read (xz, tar: libarchive) writes
#    its part with the input's error; `report merge` gives what one run
#    gives (exit 3, the same report, text and JSONL), with plain files
#    around it cut into several shards.
#  - zstd files, one frame or several, are read through libzstd: one run
#    without libarchive reports their games as one run with it does.
#
# usage: tests/shard_inputs.sh VCHESS       (make check-shards)
# Needs xz, zstd (pzstd when there), tar.
set -u
VCHESS=$1
case $VCHESS in /*) ;; *) VCHESS=$(pwd)/$VCHESS ;; esac
root=$(cd "$(dirname "$0")/.." && pwd)
for t in xz zstd tar; do
	command -v $t >/dev/null || { echo "shard_inputs: needs $t"; exit 2; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vchess-shardin.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
failed=0
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
TAB=$(printf '\t')

mkdir "$tmp/nolib"
echo "not a library" >"$tmp/nolib/libarchive.so.13"
nolib() { LD_LIBRARY_PATH="$tmp/nolib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$@"; }

cd "$tmp" || exit 2
cat "$root"/data/games/standard/*.pgn >a.pgn
cp a.pgn b.pgn
xz -k b.pgn
tar cf c.tar a.pgn
# the oracle check: without libarchive one run names the library
nolib "$VCHESS" validate b.pgn.xz >/dev/null 2>err
[ $? -eq 3 ] && grep -q "libarchive" err || fail "the broken libarchive is not what one run meets: $(cat err)"

for fmt in text jsonl; do
	nolib "$VCHESS" validate --format "$fmt" a.pgn b.pgn.xz c.tar a.pgn >one 2>one.err
	orc=$?
	[ "$orc" -eq 3 ] || fail "$fmt: one run without libarchive: exit $orc, not 3"
	nolib "$VCHESS" shards -n 6 a.pgn b.pgn.xz c.tar a.pgn >list 2>/dev/null ||
		fail "shards without libarchive: exit $?"
	[ "$(wc -l <list)" -ge 5 ] || fail "shards: $(cat list)"
	rm -f part.*
	while IFS="$TAB" read -r file k n range; do
		nolib "$VCHESS" validate --shard "$k/$n" --shard-range "$range" -o "part.$k" "$file" \
			2>/dev/null
		[ -s "part.$k" ] || fail "$fmt: shard $k ($file $range) wrote no part"
	done <list
	"$VCHESS" report merge --format "$fmt" part.* >merged 2>merged.err
	mrc=$?
	[ "$mrc" -eq "$orc" ] && cmp -s merged one ||
		fail "$fmt: the merge (exit $mrc) is not one run's (exit $orc): $(head -c 400 merged.err)"
	cmp -s merged.err one.err || fail "$fmt: the merge's messages differ from one run's"
done

# zstd: one frame, frames compressed apart, pzstd's (skippable size
# headers); without libarchive as with it (same report, exit 0)
zstd -q -c a.pgn >one.zst
split -b 20000 a.pgn piece.
for p in piece.*; do zstd -q -c "$p"; done >frames.zst
command -v pzstd >/dev/null && pzstd -q -p 2 -c a.pgn >p.zst 2>/dev/null || cp frames.zst p.zst
"$VCHESS" validate --format jsonl a.pgn >plain.out 2>/dev/null
for z in one.zst frames.zst p.zst; do
	"$VCHESS" validate --format jsonl "$z" >lib.out 2>lib.err
	lrc=$?
	nolib "$VCHESS" validate --format jsonl "$z" >nolib.out 2>nolib.err
	nrc=$?
	[ "$lrc" -eq "$nrc" ] && cmp -s lib.out nolib.out && cmp -s lib.err nolib.err ||
		fail "$z without libarchive (exit $nrc) is not read as with it (exit $lrc): $(head -c 300 nolib.err)"
	sed "s/\"source\":\"$z\"/\"source\":\"a.pgn\"/" nolib.out | cmp -s - plain.out ||
		fail "$z: its games are not those of the plain file"
done

[ "$failed" -eq 0 ] && echo "shard_inputs: shard runs and zstd without libarchive agree with one run"
[ "$failed" -eq 0 ]
