#!/bin/sh
# Game starts whose `[Event` line begins with blanks the PGN reader passes
# over (a BOM in the middle of files joined by cat, spaces, tabs, no-break
# spaces; LF, CR LF and CR files), a second tag on the line so that columns
# count: shard runs cut at every byte around those lines (and shards that
# hold no game start ending or starting at one) and -j with
# blocks of every size from 1 to 24 bytes give one run's report
# (validate, JSONL: offsets, lines, columns), byte for byte; shard cuts at
# every byte around each such line. The oracle is
# the run over the whole file (-j 1).
#
# usage: tests/boundary.sh VCHESS       (make check-shards)
set -u
VCHESS=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vchess-boundary.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
failed=0
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

f=$tmp/leads.pgn
printf '[Event "a"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n' >"$f"
cat >"$tmp/b.pgn" <<'PGN'
[Event "b"] [Event "b2"] [Result "0-1"]

1. d4 d5 0-1
PGN
printf '\357\273\277' | cat - "$tmp/b.pgn" >>"$f" # file b with its BOM, joined by cat
printf '\n  [Event "c"] [Event "c2"]\n[Result "*"]\n\n1. c4 *\n' >>"$f"
printf '\n\t[Event "d"]\n[Result "*"]\n\n1. Nf3 *\n' >>"$f"
printf '\302\240\302\240[Event "e"][Event "e2"]\r\n[Result "*"]\r\n\r\n1. Nf3 *\r\n' >>"$f"
printf '\r\n \357\273\277 [Event "f"] [Event "f2"]\r[Result "*"]\r\r1. Nc3 *\r' >>"$f"
printf '\357\273\277[Event "g"] [Event "g2"]\n[Result "*"]\n\n1. e4 {\n\n \357\273\277[Event "in a comment"]\n} *\n' >>"$f"
size=$(wc -c <"$f")

"$VCHESS" validate -j 1 --format jsonl "$f" >"$tmp/one" 2>/dev/null
orc=$?
[ "$(grep -c '"column":' "$tmp/one")" -ge 5 ] || fail "the oracle has no findings with columns: $(head -c 300 "$tmp/one")"

# cuts at every byte around each `[Event` line's start (from 3 bytes
# before the line to 3 after its `[`): one list a distance from the line
# starts, each list all of the lines' cuts at that distance (a shard
# each). Cuts inside the comment that holds an `[Event` line may be
# refused (exit 2, naming the comment case), never merged otherwise.
python3 - "$f" "$tmp" <<'PY'
import re, sys
data = open(sys.argv[1], 'rb').read()
size = len(data)
lines = [m.start() for m in re.finditer(rb'(?:^|(?<=[\r\n]))[^\r\n]*?\[Event', data)]
for d in range(-3, 12):
    cuts = sorted({ls + d for ls in lines if 0 < ls + d < size})
    with open('%s/list.%d' % (sys.argv[2], d + 3), 'w') as out:
        prev = 0
        for k, c in enumerate(cuts + [size]):
            out.write('%d\t%d\t%d-%d\n' % (k, len(cuts) + 1, prev, c))
            prev = c
# a shard that holds no game start, ending or starting at a game start
# line (three shards: the middle one m bytes long): the line at its end
# is still checked by one shard (seen: a BOM-led line at the end of such
# a shard was no shard's)
n = 0
for ls in lines:
    for m in (1, 2, 3, 5, 9):
        for a, b in ((ls - m, ls), (ls, ls + m)):
            if 0 < a < b < size:
                with open('%s/list.e%d' % (sys.argv[2], n), 'w') as out:
                    out.write('0\t3\t0-%d\n1\t3\t%d-%d\n2\t3\t%d-%d\n' % (a, a, b, b, size))
                n += 1
PY
lo=$(grep -boa '{' "$f" | head -1 | cut -d: -f1)
hi=$(grep -boa '}' "$f" | head -1 | cut -d: -f1)
for lst in "$tmp"/list.*; do
	rm -f "$tmp"/part.*
	while IFS="$(printf '\t')" read -r k n range; do
		"$VCHESS" validate --shard "$k/$n" --shard-range "$range" -o "$tmp/part.$k" "$f" 2>>"$tmp/err" ||
			fail "$lst: shard $k ($range) failed"
	done <"$lst"
	"$VCHESS" report merge --format jsonl "$tmp"/part.* >"$tmp/merged" 2>"$tmp/merge.err"
	mrc=$?
	cuts=$(cut -f3 "$lst" | tr '\n' ' ')
	if [ "$mrc" -eq 2 ]; then
		at=$(sed -n 's/.*near byte \([0-9]*\).*/\1/p' "$tmp/merge.err")
		[ -n "$at" ] && [ "$at" -gt "$lo" ] && [ "$at" -lt "$hi" ] &&
			grep -q "inside a comment or a game" "$tmp/merge.err" ||
			fail "cuts $cuts: refused: $(head -c 400 "$tmp/merge.err")"
	elif [ "$mrc" -ne "$orc" ] || ! cmp -s "$tmp/merged" "$tmp/one"; then
		fail "cuts $cuts: the merge (exit $mrc) is not one run's (exit $orc)"
	fi
done

# a BOM-led game line at the end of a shard holding no game start, where
# a read of the shard run ends right at the range's end (its reads: 8 KiB,
# then 64 KiB at a time; seen: the game was no shard's)
big=$tmp/big.pgn
{
	printf '[Event "a"]\n[Result "1-0"]\n\n1. e4 {'
	head -c 200000 /dev/zero | tr '\0' x
	printf '} e5 1-0\n\357\273\277[Event "b"]\n[Result "0-1"]\n\n1. d4 d5 0-1\n'
} >"$big"
X=$(grep -boa '\[Event "b"' "$big" | cut -d: -f1)
X=$((X - 3)) # the line's start, its BOM
S=$(wc -c <"$big")
"$VCHESS" validate -j 1 --format jsonl "$big" >"$tmp/bigone" 2>/dev/null
for m in 8191 8192 8193 73728; do
	rm -f "$tmp"/part.*
	A=$((X - m))
	"$VCHESS" validate --shard 0/3 --shard-range "0-$A" -o "$tmp/part.0" "$big" &&
		"$VCHESS" validate --shard 1/3 --shard-range "$A-$X" -o "$tmp/part.1" "$big" &&
		"$VCHESS" validate --shard 2/3 --shard-range "$X-$S" -o "$tmp/part.2" "$big" ||
		fail "big.pgn: a shard run failed (middle shard of $m bytes)"
	"$VCHESS" report merge --format jsonl "$tmp"/part.* >"$tmp/merged" 2>"$tmp/merge.err" &&
		cmp -s "$tmp/merged" "$tmp/bigone" ||
		fail "big.pgn, a middle shard of $m bytes ending at the BOM line: $(head -c 300 "$tmp/merge.err")"
done

# the other refusal: a game that starts on a line the rule does not take
# (its tags right after the moves of a game without a result); the
# message names that kind and the game's offset
printf '[Event "x"]\n\n1. e4 e5\n[Event "y"]\n\n1. d4 *\n' >"$tmp/nores.pgn"
at=$(grep -boa '\[Event "y"' "$tmp/nores.pgn" | cut -d: -f1)
n=$(wc -c <"$tmp/nores.pgn")
rm -f "$tmp"/part.*
"$VCHESS" validate --shard 0/2 --shard-range "0-$((at - 3))" -o "$tmp/part.0" "$tmp/nores.pgn" &&
	"$VCHESS" validate --shard 1/2 --shard-range "$((at - 3))-$n" -o "$tmp/part.1" "$tmp/nores.pgn" ||
	fail "nores.pgn: a shard run failed"
"$VCHESS" report merge "$tmp"/part.* >/dev/null 2>"$tmp/merge.err"
mrc=$?
[ "$mrc" -eq 2 ] && grep -q "near byte $at .*a game starts there on a line that does not look like" \
	"$tmp/merge.err" || fail "nores.pgn: exit $mrc, $(cat "$tmp/merge.err")"

# -j with tiny blocks (the pread workers and the reading thread)
for chunk in $(seq 1 24); do
	j=$((2 + chunk % 2))
	if [ $((chunk % 4)) -lt 2 ]; then
		VCHESS_CHUNK_SIZE=$chunk "$VCHESS" validate -j "$j" --format jsonl "$f" >"$tmp/par" 2>/dev/null
		cmp -s "$tmp/par" "$tmp/one" || fail "-j $j, blocks of $chunk bytes: not one run's report"
	else
		VCHESS_NO_PREAD=1 VCHESS_CHUNK_SIZE=$chunk "$VCHESS" validate -j "$j" --format jsonl "$f" \
			>"$tmp/par" 2>/dev/null
		cmp -s "$tmp/par" "$tmp/one" || fail "-j $j (reading thread), chunks of $chunk bytes: not one run's report"
	fi
done

[ "$failed" -eq 0 ] && echo "boundary: every cut near a game start line and every block size agree with one run"
[ "$failed" -eq 0 ]
