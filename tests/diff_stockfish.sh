#!/bin/sh
# vchess perft --divide --uci-style against Stockfish's `go perft` (make
# check-uci, part of make check and check-diff): for a few positions, the
# output of both, the engine's banner line left out, is the same set of
# lines (Stockfish prints moves in its generation order, vchess sorted by
# move text: both are sorted before the diff), and the last three lines
# (blank, "Nodes searched: N", blank) are the same bytes.
# Positions: the start position and positions 2 to 5 of the Chess
# Programming Wiki's "Perft Results" page, and a Chess960 position of
# data/perft/chess960-xfen.epd.
# usage: sh tests/diff_stockfish.sh [VCHESS]
# Environment: STOCKFISH (engine path), UCI_DEPTH (default 3).
set -eu

VCHESS=${1:-./vchess}
DEPTH=${UCI_DEPTH:-3}
ENGINE=${STOCKFISH:-}

# Stockfish: the Debian package installs /usr/games/stockfish.
if [ -z "$ENGINE" ]; then
	ENGINE=$(command -v stockfish 2>/dev/null || true)
	[ -n "$ENGINE" ] || ENGINE=/usr/games/stockfish
fi
if [ ! -x "$ENGINE" ]; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "diff_stockfish: installing the stockfish package" >&2
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q stockfish >/dev/null ||
			{ apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q stockfish >/dev/null; }
	fi
	if [ ! -x "$ENGINE" ]; then
		echo "diff_stockfish: Stockfish not found (apt-get install stockfish, or set STOCKFISH)" >&2
		exit 2
	fi
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
fail=0
# VARIANT|FEN
while IFS='|' read -r variant fen; do
	n=$((n + 1))
	"$VCHESS" perft --quiet --variant "$variant" --divide --uci-style \
		--depth "$DEPTH" "$fen" >"$tmp/v"
	{
		[ "$variant" = chess960 ] && echo "setoption name UCI_Chess960 value true"
		echo "position fen $fen"
		echo "go perft $DEPTH"
		echo "quit"
	} | "$ENGINE" | tail -n +2 >"$tmp/s"
	sort "$tmp/v" >"$tmp/v.sorted"
	sort "$tmp/s" >"$tmp/s.sorted"
	tail -n 3 "$tmp/v" >"$tmp/v.tail"
	tail -n 3 "$tmp/s" >"$tmp/s.tail"
	if ! cmp -s "$tmp/v.sorted" "$tmp/s.sorted" ||
	   ! cmp -s "$tmp/v.tail" "$tmp/s.tail"; then
		echo "diff_stockfish: differs from Stockfish on $variant $fen:" >&2
		diff "$tmp/v.sorted" "$tmp/s.sorted" >&2 || true
		diff "$tmp/v.tail" "$tmp/s.tail" >&2 || true
		fail=1
	fi
done <<'EOF'
standard|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
standard|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1
standard|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1
standard|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1
standard|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8
chess960|bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9
EOF
[ "$fail" -eq 0 ] || exit 1
echo "diff_stockfish: $n positions at depth $DEPTH agree with Stockfish's go perft"
