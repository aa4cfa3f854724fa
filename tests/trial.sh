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
trap '[ -n "${TRIAL_KEEP:-}" ] || rm -rf "$tmp"' EXIT INT TERM
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
	# shellcheck disable=SC2086 # $f: one file or several
	v shards -n "$n" $f >"$dir/list" || { fail "shards -n $n $f"; return; }
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

# ---- 2. an input of comments alone holds no game ---------------------------
# A file (or archive member) holding only comments, NAGs, blank and `%`
# lines is no game, as pgn-extract counts none; the copies then hold the
# real games only, and read back they give the same games. One run, -j 2
# with tiny chunks and merged shard runs agree.
printf '{ just a comment }\n' >"$tmp/c1.pgn"
printf '%% escape\n\n$1 {a} !?\n; rest of line\n\n' >"$tmp/c2.pgn"
printf '[Event "g1"]\n[Result "*"]\n\n1. e4 *\n' >"$tmp/g1.pgn"
printf '{ before }\n[Event "g2"]\n[Result "1-0"]\n\n1. d4 1-0' >"$tmp/g2.pgn"
ins="$tmp/c1.pgn $tmp/g1.pgn $tmp/c2.pgn $tmp/g2.pgn $tmp/c1.pgn"
if command -v python3 >/dev/null 2>&1; then
	python3 - "$tmp" <<'END_ZIP'
import sys, zipfile
t = sys.argv[1]
with zipfile.ZipFile(t + "/c.zip", "w") as z:
    for n in ("c1", "g1", "c2", "g2"):
        z.write("%s/%s.pgn" % (t, n), n + ".pgn")
END_ZIP
	ins="$ins $tmp/c.zip"
fi
# shellcheck disable=SC2086 # $ins: the files
v validate --valid-out "$tmp/cv1" --invalid-out "$tmp/ci1" $ins >"$tmp/cr1" 2>"$tmp/ce1"
want=2
case $ins in *c.zip) want=4 ;; esac
if ! grep -q "^validate: $want games, $want valid" "$tmp/cr1"; then
	fail "comments alone: not $want games: $(tail -n 1 "$tmp/cr1")"
elif [ "$(grep -c 'empty-input' "$tmp/ce1")" != 3 ]; then
	fail "comments alone: the three comment-only files are not each empty-input"
elif [ -s "$tmp/ci1" ]; then
	fail "comments alone: an invalid game copied"
elif ! v validate "$tmp/cv1" 2>&1 | grep -q "^validate: $want games, $want valid"; then
	fail "comments alone: the copy read back does not give $want games"
else
	ok "comments alone: no game, and the copy read back gives the same $want games"
fi
# shellcheck disable=SC2086
VCHESS_CHUNK_SIZE=16 v validate -j 2 --valid-out "$tmp/cv2" --invalid-out "$tmp/ci2" $ins \
	>"$tmp/cr2" 2>"$tmp/ce2"
cmp -s "$tmp/cr1" "$tmp/cr2" && cmp -s "$tmp/ce1" "$tmp/ce2" && cmp -s "$tmp/cv1" "$tmp/cv2" ||
	fail "comments alone: -j 2 differs from -j 1"
rm -rf "$tmp/p"
mkdir -p "$tmp/p"
# shellcheck disable=SC2086
v shards -n 6 $ins >"$tmp/p/list" 2>/dev/null
while IFS="$TAB" read -r file k count range; do
	v validate --shard "$k/$count" --shard-range "$range" -o "$tmp/p/part.$k" "$file" 2>/dev/null
done <"$tmp/p/list"
v report merge "$tmp"/p/part.* >"$tmp/crm" 2>/dev/null
cmp -s "$tmp/cr1" "$tmp/crm" || fail "comments alone: the merge of shard runs differs from one run"

# ---- 5. numbers too large, and "1 game" -----------------------------------
# Every numeric option of every command, given 20 digits (past 2^64) or one
# past its limit, says "too large" (exit 2), never "not a number"; a word
# still says "not". --duplicates-max 1 says "1 game", not "1 games".
B=99999999999999999999
g=$tmp/g1.pgn
while IFS='|' read -r what args; do
	# shellcheck disable=SC2086 # $args: the command line, split on purpose
	v $args >"$tmp/o" 2>"$tmp/e"
	st=$?
	if [ $st != 2 ] || ! grep -q "is too large (" "$tmp/e" || grep -q "not a number" "$tmp/e"; then
		fail "numbers: $what: exit $st, $(head -n 1 "$tmp/e")"
	else
		passed=$((passed + 1))
	fi
done <<EOF_NUM
validate -j|validate -j $B $g
validate -j 257|validate -j 257 $g
validate --max-errors|validate --max-errors $B $g
validate --max-errors 2^63|validate --max-errors 9223372036854775808 $g
validate --max-ratio|validate --max-ratio $B $g
validate --duplicates-max|validate --duplicates-max $B $g
validate --duplicates-max 2^32|validate --duplicates-max 4294967296 $g
validate --shard|validate --shard 0/$B --shard-range 0-1 -o $tmp/o $g
adjudicate --budget|adjudicate --budget $B $g
adjudicate --max-errors|adjudicate --max-errors $B $g
replay -j|replay -j $B $g
winnable --budget|winnable --budget $B $g
perft --depth|perft --depth $B
perft --max-depth|perft --suite $g --max-depth $B
perft --max-nodes|perft --suite $g --max-nodes $B
perft --max-positions|perft --suite $g --max-positions $B
perft --hash|perft --hash $B
perft --expect|perft --expect $B
shards -n|shards -n $B $g
shards --size|shards --size $B $g
EOF_NUM
v validate --max-errors x "$g" 2>"$tmp/e"
grep -q "'x' is not a number" "$tmp/e" || fail "numbers: --max-errors x: $(head -n 1 "$tmp/e")"
printf '1. e4 *\n\n1. d4 *\n\n1. c4 *\n' >"$tmp/three.pgn"
v validate --duplicates-max 1 "$tmp/three.pgn" >"$tmp/o" 2>"$tmp/e"
if grep -q "1 games" "$tmp/o" "$tmp/e" || ! grep -q "after 1 game:" "$tmp/e" ||
   ! grep -q "first 1 game only" "$tmp/o"; then
	fail "numbers: --duplicates-max 1: not '1 game': $(cat "$tmp/e" "$tmp/o")"
else
	ok "numbers: every option says too large; --duplicates-max 1 says 1 game"
fi

# ---- 3, 8. report merge: adjudicate's options on validate's parts; a closed
# standard input ------------------------------------------------------------
shards validate "$tmp/forfeit.pgn" 2 "$tmp/p"
for o in --standings "--tiebreak buchholz" "--system swiss" --crosstable; do
	# shellcheck disable=SC2086 # $o: an option and its value
	v report merge $o "$tmp"/p/part.* >"$tmp/o" 2>"$tmp/e"
	st=$?
	if [ $st != 2 ] || ! grep -q -e "${o%% *} applies to parts of 'vchess adjudicate' only" "$tmp/e"; then
		fail "merge $o of validate parts: exit $st, $(head -n 1 "$tmp/e")"
	else
		passed=$((passed + 1))
	fi
done
shards adjudicate "$tmp/forfeit.pgn" 2 "$tmp/pa"
v report merge --standings "$tmp"/pa/part.* >/dev/null 2>&1 ||
	fail "merge --standings of adjudicate parts: exit $?"
"$VCHESS" report merge - <&- >"$tmp/o" 2>"$tmp/e"
st=$?
if [ $st != 3 ] || ! grep -q "standard input is closed" "$tmp/e"; then
	fail "merge - <&-: exit $st, $(head -n 1 "$tmp/e")"
else
	ok "report merge: adjudicate's options refused on validate's parts; - <&- is closed"
fi

# ---- 4. adjudicate --max-errors in a shard run: the reason as given --------
v adjudicate --max-errors 1 --shard 0/1 -o "$tmp/o" "$g" 2>"$tmp/e"
st1=$?
v adjudicate --standings --max-errors 1 --shard 0/1 -o "$tmp/o" "$g" 2>"$tmp/e2"
st2=$?
if [ $st1 != 2 ] || [ $st2 != 2 ] || grep -q standings "$tmp/e" ||
   ! grep -q "tally of verdicts as" "$tmp/e" || ! grep -q "and the standings" "$tmp/e2"; then
	fail "adjudicate --max-errors --shard: $(head -n 1 "$tmp/e") / $(head -n 1 "$tmp/e2")"
else
	ok "adjudicate --max-errors --shard: the standings named only when asked for"
fi

# ---- 6. the HTML crosstable's marks as the man page says; --standings over
# several events warns once ---------------------------------------------------
rr() { # rr EVENT2: a round robin of three, its second game's Event EVENT2
	printf '[Event "Spring Open"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n'
	printf '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n'
	printf '[Event "%s"]\n[White "B"]\n[Black "C"]\n[Result "1/2-1/2"]\n\n1. e4 e5 1/2-1/2\n\n' "$1"
	printf '[Event "?"]\n[White "C"]\n[Black "A"]\n[Result "0-1"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n'
}
rr "Spring Open" >"$tmp/one.pgn"
rr "Autumn Cup" >"$tmp/two.pgn"
man=$(cd "$(dirname "$0")/.." && pwd)/man/vchess-adjudicate.1
v adjudicate --standings --crosstable --format html -o "$tmp/x.html" "$tmp/one.pgn" 2>"$tmp/e"
half=$(printf '\302\275') square=$(printf '\342\226\240')
if ! grep -q "$half" "$tmp/x.html" || ! grep -q "$square" "$tmp/x.html" ||
   ! grep -q 'U+00BD' "$man" || ! grep -q 'U+25A0' "$man"; then
	fail "html crosstable: the page's draw and diagonal marks are not the man page's"
elif [ -s "$tmp/e" ]; then
	fail "standings of one event: a warning: $(cat "$tmp/e")"
else
	ok "html crosstable: the marks the man page names (U+00BD, U+25A0); one event, no warning"
fi
v adjudicate --standings "$tmp/two.pgn" >/dev/null 2>"$tmp/e1"
st1=$?
v adjudicate --standings -j 2 "$tmp/two.pgn" "$tmp/one.pgn" >/dev/null 2>"$tmp/e2"
v adjudicate "$tmp/two.pgn" >/dev/null 2>"$tmp/e3"
st3=$?
if [ "$(grep -c . "$tmp/e1")" != 1 ] ||
   ! grep -q "warning: standings mix 2 events: 'Spring Open', 'Autumn Cup'" "$tmp/e1"; then
	fail "standings of two events: $(cat "$tmp/e1")"
elif [ "$st1" != "$st3" ] || [ -s "$tmp/e3" ]; then
	fail "standings of two events: exit $st1 (without --standings $st3), or a warning without --standings"
elif ! cmp -s "$tmp/e1" "$tmp/e2"; then
	fail "standings of two events: -j 2 warns otherwise: $(cat "$tmp/e2")"
else
	ok "standings of two events: warned once, naming them, exit status unchanged"
fi
cat "$tmp/one.pgn" "$tmp/one.pgn" "$tmp/two.pgn" >"$tmp/three.pgn"
shards adjudicate "$tmp/three.pgn" 3 "$tmp/pa"
v report merge --standings "$tmp"/pa/part.* >/dev/null 2>"$tmp/em"
if [ -s "$tmp/pa/err" ] || ! grep -q "report merge: warning: standings mix 2 events" "$tmp/em"; then
	fail "standings of two events in shards: shards '$(cat "$tmp/pa/err")', merge '$(cat "$tmp/em")'"
fi

# ---- 7. report merge of a file given twice (`validate f.pgn f.pgn`) ----------
# The plan cuts each occurrence apart; the merge tells them apart (a shard
# from byte 0 after the file's last) and equals one run, duplicates and all.
cat "$tmp/forfeit.pgn" "$tmp/g1.pgn" >"$tmp/twice.pgn"
f2=$tmp/twice.pgn
v validate --duplicates "$f2" "$f2" >"$tmp/r1" 2>/dev/null
for n in 2 3 5; do
	shards validate "$f2 $f2" "$n" "$tmp/p" --duplicates
	v report merge "$tmp"/p/part.* >"$tmp/rm" 2>"$tmp/e"
	cmp -s "$tmp/r1" "$tmp/rm" || fail "file twice, $n shards: the merge (exit $?) differs: $(head -n 1 "$tmp/e")"
done
rm -rf "$tmp/p"
mkdir -p "$tmp/p"
for k in 0 1 2 3; do
	v validate --duplicates --shard "$k/4" -o "$tmp/p/part.$k" "$f2" "$f2" 2>/dev/null
done
v report merge "$tmp"/p/part.* >"$tmp/rm" 2>"$tmp/e"
cmp -s "$tmp/r1" "$tmp/rm" || fail "file twice, --shard K/4 of both: the merge differs: $(head -n 1 "$tmp/e")"
rm -f "$tmp/p/part.1"
v report merge "$tmp"/p/part.* >"$tmp/rm" 2>"$tmp/e"
st=$?
if [ $st != 2 ] || ! grep -q "missing" "$tmp/e"; then
	fail "file twice, a shard left out: exit $st, $(head -n 1 "$tmp/e")"
else
	ok "file twice: merged shards equal one run; a missing shard still refused"
fi

# ---- 9. the text standings' column names are distinct (tb-wins, not wins) -
v adjudicate --standings --crosstable --tiebreak wins,buchholz "$tmp/one.pgn" >"$tmp/o" 2>/dev/null
dups=$(grep -E '^rank  player' "$tmp/o" | while read -r line; do
	echo "$line" | tr -s ' ' '\n' | sort | uniq -d; done)
if [ -n "$dups" ] || [ "$(grep -c -E '^rank  player.* tb-wins tb-buchholz$' "$tmp/o")" != 2 ]; then
	fail "standings text: column names given twice ($dups) or no tb-wins"
else
	ok "standings text: table and crosstable columns named once each (tb-wins)"
fi

# ---- 10. an illegal en-passant capture as a variation's first move -------
# The same reason as on the main line (the capture would expose the king:
# pinned), at depth 1 and nested, where the position before the variation's
# start is known; a capture with no double step just before stays
# unreachable.
ep() { # ep MOVETEXT: a game from a position where 1. e4 dxe3 exposes Black's king
	printf '[Event "x"]\n[SetUp "1"]\n[FEN "8/8/8/8/R2p3k/8/4P3/4K3 w - - 0 1"]\n'
	printf '[Result "*"]\n\n%s *\n' "$1"
}
n=0
for mt in "1. e4 dxe3" "1. e4 Kg5 (1... dxe3)" "1. e4 Kg5 (1... Kg4 (1... dxe3))" \
          "1. e4 Kg5 (1... Kg4 (1... Kh3 (1... Kg3 (1... dxe3))))"; do
	ep "$mt" >"$tmp/ep.pgn"
	v validate "$tmp/ep.pgn" >"$tmp/o" 2>&1
	grep -q "illegal move.*: the piece is pinned \[illegal-move\]" "$tmp/o" || {
		fail "en passant: '$mt': $(head -n 1 "$tmp/o")"
		n=$((n + 1))
	}
done
ep "1. e4 Kg5 (1... Kg4 2. Kf1 Kh4 (2... dxe3))" >"$tmp/ep.pgn"
v validate "$tmp/ep.pgn" >"$tmp/o" 2>&1
grep -q "no such piece can reach the square" "$tmp/o" || {
	fail "en passant with no double step before: $(head -n 1 "$tmp/o")"
	n=$((n + 1))
}
[ $n = 0 ] && ok "en passant: a variation's first move gives the main line's reason"

# ---- 11. compressed text that begins with zero blocks --------------------
# 512 or more NUL bytes at the start of a compressed stream look like an
# empty tar archive to libarchive; the games after them must be read as from
# the plain file of the same bytes (every compressor), the zip-bomb guard
# must still see the bytes, and a pipe is refused plainly (exit 3).
{ head -c 1024 /dev/zero; printf '[Event "A"]\n[Result "*"]\n\n1. e4 e5 *\n\n'
  printf '[Event "B"]\n[Result "*"]\n\n1. e4 Ke7 2. Qxf7 *\n'; } >"$tmp/z0.pgn"
v validate --format jsonl "$tmp/z0.pgn" | sed 's/z0\.pgn/F/g' >"$tmp/z0.want"
n=0
for c in xz zstd bzip2 gzip; do
	command -v $c >/dev/null 2>&1 || { fail "zero blocks: $c not installed"; n=$((n + 1)); continue; }
	$c -c "$tmp/z0.pgn" >"$tmp/z0.$c"
	v validate --format jsonl "$tmp/z0.$c" | sed "s/z0\.$c/F/g" >"$tmp/z0.got"
	cmp -s "$tmp/z0.want" "$tmp/z0.got" || { fail "zero blocks: $c differs from the plain file"; n=$((n + 1)); }
done
grep -q '"games":2,' "$tmp/z0.want" || { fail "zero blocks: the plain file does not hold 2 games"; n=$((n + 1)); }
head -c 20000000 /dev/zero | xz -c >"$tmp/zb.xz"
v validate "$tmp/zb.xz" >/dev/null 2>"$tmp/zb.err"
s=$?
{ [ $s = 3 ] && grep -q limit-exceeded "$tmp/zb.err"; } || { fail "zero blocks: 20 MB of NULs as .xz: status $s, not limit-exceeded"; n=$((n + 1)); }
xz -c "$tmp/z0.pgn" | "$VCHESS" validate - >/dev/null 2>"$tmp/zp.err"
s=$?
{ [ $s = 3 ] && grep -q "unsupported: .*NUL bytes" "$tmp/zp.err"; } || { fail "zero blocks from a pipe: status $s: $(head -c 200 "$tmp/zp.err")"; n=$((n + 1)); }
[ $n = 0 ] && ok "compressed text after zero blocks: read as the plain file, guarded, a pipe refused"

# ---- 12. report merge names itself in adjudicate's option errors ---------
f=$(ls data/games/chess960/*.pgn 2>/dev/null | head -n 1)
v adjudicate --shard 0/1 -o "$tmp/ap.jsonl" "$f" 2>/dev/null
n=0
for o in "--system round-robin" "--tiebreak zz" "--standings-from x" "--format xml"; do
	# shellcheck disable=SC2086
	v report merge --standings $o "$tmp/ap.jsonl" >/dev/null 2>"$tmp/me.err"
	s=$?
	{ [ $s = 2 ] && head -n 1 "$tmp/me.err" | grep -q "^vchess report merge: " &&
	  ! grep -q adjudicate "$tmp/me.err"; } ||
		{ fail "report merge $o: status $s: $(head -c 200 "$tmp/me.err")"; n=$((n + 1)); }
done
[ $n = 0 ] && ok "report merge: adjudicate's option errors name report merge"

echo "trial: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
